"""What changed between two snapshots of a scenario, small enough to send to another process.

The live validator keeps a copy of the scenario in its helper process (``editor.validation_process``)
and, before each run, sends it only what the edits since the last run changed: on a 30,000-area
map a whole scenario is tens of megabytes, a vertex drag's change a few hundred bytes.

Edit operations never change a model object in place, they replace it in its container
(``model.ops.core``; ``editor.validation.snapshot`` relies on the same rule), so the objects of
two snapshots are compared by identity, which C does for a whole list at once. A ``Flat`` holds
every field of the scenario and of its sub-models (``map``, ``setup``...), with lists and dicts
copied, so that a later edit of a container does not change what was sent. Small sub-models
(the map's bounds, projection and adjacency policy) are compared by value: they are cheap to copy.

No Qt here: the helper process imports this module.
"""

from __future__ import annotations

import itertools
import operator
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from model.scenario import Scenario

FieldPath = tuple[str, ...]
"""A field of the scenario (``("next_serial",)``) or of one of its sub-models (``("map", "areas")``)."""

Flat = dict[FieldPath, Any]
"""Every field of a scenario by path; lists and dicts copied, small sub-models deep-copied."""


class DeltaError(ValueError):
    """A delta that does not fit the scenario it is applied to (a field it does not have)."""


@dataclass(frozen=True)
class Change:
    """One field's change. ``kind``:

    * ``"value"``: ``value`` is the field's new value;
    * ``"items"``: a list of the same length, or a dict with the same keys in the same order;
      ``value`` maps the positions (keys) whose objects were replaced to their new objects;
    * ``"order"``: a list or dict whose items came or went; ``value`` is ``(order, new)``: for a
      list the old position of each item (-1 for a new one, taken from ``new`` in turn), for a
      dict its keys in order, with ``new`` the objects of the keys that are new or replaced.
    """

    path: FieldPath
    kind: str
    value: Any


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, BaseModel):
        return value.model_copy(deep=True)
    return value


def flatten(scenario: Scenario) -> Flat:
    """Every field of ``scenario`` and of its sub-models, by path (containers copied)."""
    flat: Flat = {}
    for name in type(scenario).model_fields:
        value = getattr(scenario, name)
        if isinstance(value, BaseModel):
            for sub in type(value).model_fields:
                flat[(name, sub)] = _copy(getattr(value, sub))
        else:
            flat[(name,)] = _copy(value)
    return flat


def delta(old: Flat, new: Flat) -> list[Change]:
    """The changes that make ``old`` into ``new`` (two ``flatten`` results of the same scenario type)."""
    if old.keys() != new.keys():
        raise DeltaError(f"the scenarios have other fields: {sorted(old.keys() ^ new.keys())}")
    changes: list[Change] = []
    for path, value in new.items():
        before = old[path]
        if isinstance(value, list) and isinstance(before, list):
            change = _list_change(path, before, value)
        elif isinstance(value, dict) and isinstance(before, dict):
            change = _dict_change(path, before, value)
        elif isinstance(value, BaseModel):
            change = None if value == before else Change(path, "value", value)
        else:
            change = None if value is before else Change(path, "value", value)
        if change is not None:
            changes.append(change)
    return changes


def _list_change(path: FieldPath, old: list[Any], new: list[Any]) -> Change | None:
    if len(old) == len(new):
        # ``map`` and ``compress`` compare the whole list in C (a few ms for 90,000 boundaries).
        replaced = list(itertools.compress(range(len(new)), map(operator.is_not, new, old)))
        return Change(path, "items", {i: new[i] for i in replaced}) if replaced else None
    position = {id(item): i for i, item in enumerate(old)}
    order = [position.get(id(item), -1) for item in new]
    return Change(path, "order", (order, [item for item, i in zip(new, order, strict=True) if i < 0]))


def _dict_change(path: FieldPath, old: dict[Any, Any], new: dict[Any, Any]) -> Change | None:
    if list(old) == list(new):
        replaced = list(itertools.compress(new, map(operator.is_not, new.values(), old.values())))
        return Change(path, "items", {key: new[key] for key in replaced}) if replaced else None
    fresh = {key: value for key, value in new.items() if old.get(key, _MISSING) is not value}
    return Change(path, "order", (list(new), fresh))


_MISSING = object()


def apply(scenario: Scenario, changes: list[Change]) -> None:
    """Make ``scenario`` (the receiver's own copy, nobody else's) what the changes describe, in place.

    Values are set without validation: they were valid models in the sender's scenario.
    """
    for change in changes:
        owner: BaseModel = scenario
        for name in change.path[:-1]:
            owner = getattr(owner, name)
        name = change.path[-1]
        if name not in type(owner).model_fields:
            raise DeltaError(f"{type(owner).__name__} has no field {name!r} (path {'.'.join(change.path)})")
        fields = owner.__dict__
        if change.kind == "value":
            fields[name] = _copy(change.value)
        elif change.kind == "items":
            container = fields[name]
            for key, value in change.value.items():
                container[key] = value
        elif change.kind == "order":
            order, fresh = change.value
            current = fields[name]
            if isinstance(current, list):
                taken = iter(fresh)
                fields[name] = [current[i] if i >= 0 else next(taken) for i in order]
            else:
                fields[name] = {key: fresh[key] if key in fresh else current[key] for key in order}
        else:
            raise DeltaError(f"unknown change kind {change.kind!r} for {'.'.join(change.path)}")
