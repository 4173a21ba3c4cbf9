"""Edit operations on the catalogs: languages and their families, religions and their groups.

Areas (and any other ruleset attribute the schema marks with ``json_schema_extra={"ref": kind}``,
leaders included) refer to languages and religions by id; languages refer to their family and
religions to their group. Removing an entry that is still referred to is refused with the list of
what refers to it, unless the caller asks for a cascade: every reference is then replaced by
another entry (or cleared) in the same step, so one undo restores everything.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from model.attributes import AttributeTarget, attribute_targets
from model.ops.core import (
    Change,
    InvalidValueError,
    Path,
    PreconditionError,
    Recorder,
    Touched,
    UnknownIdError,
    index_of,
    reasons,
    revalidate,
    unique,
)
from model.rules import registry
from model.scenario import Language, LanguageFamily, Religion, ReligionGroup, Scenario

KINDS = ("language", "language_family", "religion", "religion_group")
"""The catalog kinds, also the ``ref`` names attribute fields use for them."""

_LISTS: dict[str, str] = {
    "language": "languages",
    "language_family": "language_families",
    "religion": "religions",
    "religion_group": "religion_groups",
}
_MODELS: dict[str, type[BaseModel]] = {
    "language": Language,
    "language_family": LanguageFamily,
    "religion": Religion,
    "religion_group": ReligionGroup,
}
_PREFIXES = {"language": "lang", "language_family": "langfam", "religion": "rel", "religion_group": "relgrp"}
_PARENT = {"language": ("family", "language_family"), "religion": ("group", "religion_group")}
"""The catalog field that refers to another catalog: a language's family, a religion's group."""
_CHILD = {"language_family": ("language", "family"), "religion_group": ("religion", "group")}

CLEAR = None
"""The replacement that clears the references of a removed entry (``remove_catalog_entry``)."""


@dataclass(frozen=True)
class CatalogTouched(Touched):
    """What a catalog edit touched: always the scenario-wide vocabularies (``setup``), plus referrers."""

    setup: bool = True

    def __or__(self, other: Touched) -> CatalogTouched:
        merged = super().__or__(other)
        return CatalogTouched(
            merged.boundaries, merged.areas, merged.connections, merged.empires, merged.magnates, merged.units
        )


@dataclass(frozen=True)
class Reference:
    """One place that refers to a catalog entry: ``owner`` is area, language..., ``field`` the field."""

    owner: str
    owner_id: str
    field: str
    target: str = ""
    """The entry referred to."""

    def __str__(self) -> str:
        return f"{self.owner.replace('_', ' ')} {self.owner_id} ({self.field})"


def _check_kind(kind: str) -> None:
    if kind not in KINDS:
        raise PreconditionError(f"unknown catalog {kind!r}: use one of {', '.join(KINDS)}")


def _items(scenario: Scenario, kind: str) -> list[Any]:
    items: list[Any] = getattr(scenario.catalogs, _LISTS[kind])
    return items


def _path(kind: str) -> Path:
    return ("catalogs", _LISTS[kind])


# --- finding references in ruleset attributes -------------------------------------------------


def _unwrap(annotation: Any) -> Any:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _nested_model(annotation: Any) -> tuple[type[BaseModel] | None, bool]:
    """The model a field holds (directly or as a list of them), and whether it is a list."""
    annotation = _unwrap(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation, False
    if typing.get_origin(annotation) is list:
        args = typing.get_args(annotation)
        if args and isinstance(args[0], type) and issubclass(args[0], BaseModel):
            return args[0], True
    return None, False


def _rewrite(
    model: type[BaseModel], data: Any, kind: str, old: set[str], new: str | None, where: str
) -> tuple[Any, list[tuple[str, str]]]:
    """Return ``data`` with references of ``kind`` to ``old`` ids replaced by ``new`` (None: cleared)
    and ``(dotted field name, id found)`` for each reference (``data`` is never mutated)."""
    if not isinstance(data, dict):
        return data, []
    result = dict(data)
    found: list[tuple[str, str]] = []
    for name, info in model.model_fields.items():
        if name not in data:
            continue
        value = data[name]
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        label = f"{where}{name}"
        if extra.get("ref") == kind:
            if isinstance(value, str) and value in old:
                found.append((label, value))
                if new is None:
                    del result[name]  # an unset optional reference is not written
                else:
                    result[name] = new
            elif isinstance(value, list) and any(v in old for v in value if isinstance(v, str)):
                found += [(label, v) for v in dict.fromkeys(value) if v in old]
                kept = [new if v in old else v for v in value]
                result[name] = [v for i, v in enumerate(kept) if v is not None and v not in kept[:i]]
            continue
        inner, many = _nested_model(info.annotation)
        if inner is None:
            continue
        if many and isinstance(value, list):
            items = []
            for i, item in enumerate(value):
                rewritten, hits = _rewrite(inner, item, kind, old, new, f"{label}[{i}].")
                items.append(rewritten)
                found += hits
            result[name] = items
        else:
            result[name], hits = _rewrite(inner, value, kind, old, new, f"{label}.")
            found += hits
    return result, found


_OWNERS = {
    "area": ("area", ""),
    "area_setup": ("area", "starting "),
    "empire": ("empire", ""),
    "magnate": ("magnate", ""),
    "unit": ("unit", ""),
    "setup": ("scenario", ""),
    "options": ("options", ""),
}
"""Attributes kind (``model.attributes.KINDS``) -> how a ``Reference`` names its owner, and a prefix
for the field (an area's starting values are its setup's)."""

_TOUCHED = {
    "area": "areas",
    "area_setup": "areas",
    "empire": "empires",
    "magnate": "magnates",
    "unit": "units",
}
"""Attributes kind -> the ``Touched`` field that an edit of it reports (none for scenario-wide ones)."""


def _attribute_targets(scenario: Scenario) -> Iterator[AttributeTarget]:
    """Every attributes dict with its ruleset schema (none when the ruleset is unknown)."""
    spec = registry.get(scenario.ruleset.id)
    if spec is not None:
        yield from attribute_targets(scenario, spec)


def references(scenario: Scenario, catalog: str, entry_ids: str | Sequence[str]) -> list[Reference]:
    """Every place that refers to these catalog entries: other catalog entries and ruleset attributes."""
    kind = catalog
    _check_kind(kind)
    old = set([entry_ids] if isinstance(entry_ids, str) else entry_ids)
    found: list[Reference] = []
    if kind in _CHILD:
        child, field = _CHILD[kind]
        found += [
            Reference(child, x.id, field, getattr(x, field))
            for x in _items(scenario, child)
            if getattr(x, field) in old
        ]
    for target in _attribute_targets(scenario):
        _, hits = _rewrite(target.schema, target.attributes, kind, old, None, "")
        owner, prefix = _OWNERS[target.kind]
        found += [Reference(owner, target.owner or "setup", prefix + hit, value) for hit, value in hits]
    return found


def describe_references(found: Sequence[Reference], limit: int = 8) -> str:
    """The references in one line, the first ``limit`` by name and a count of the rest."""
    shown = ", ".join(str(r) for r in found[:limit])
    more = len(found) - limit
    return shown + (f" and {more} more" if more > 0 else "")


# --- the operations ------------------------------------------------------------------------------


def _check_parent(scenario: Scenario, kind: str, fields: dict[str, Any]) -> None:
    if kind not in _PARENT:
        return
    field, parent_kind = _PARENT[kind]
    value = fields.get(field)
    if value is not None and value not in {x.id for x in _items(scenario, parent_kind)}:
        raise UnknownIdError(f"no {parent_kind.replace('_', ' ')} with id {value!r}")


def add_catalog_entry(scenario: Scenario, catalog: str, name: str, **fields: Any) -> Change:
    """Add a language, language family, religion or religion group with a new id (``Change.new_id``).

    ``fields`` are the entry's other fields: a language's ``family``, a religion's ``group``, a
    religion group's ``kind`` (christian, moslem, pagan, other).
    """
    kind = catalog
    _check_kind(kind)
    if not name.strip():
        raise PreconditionError(f"a {kind.replace('_', ' ')} needs a name")
    if "id" in fields:
        raise PreconditionError("ids are given by the scenario; do not pass one")
    _check_parent(scenario, kind, fields)
    model = _MODELS[kind]
    try:
        entry = model.model_validate({"id": "new", "name": name, **fields})
    except ValidationError as error:
        raise InvalidValueError(f"{kind.replace('_', ' ')} {name!r}: {reasons(error)}") from error
    rec = Recorder(scenario)
    rec.save(_path(kind))
    new_id = rec.new_id(_PREFIXES[kind])
    _items(scenario, kind).append(entry.model_copy(update={"id": new_id}))
    return rec.change(f"Add {kind.replace('_', ' ')} {name}", CatalogTouched(), created=[new_id])


def set_catalog_entry(scenario: Scenario, catalog: str, entry_id: str, **fields: Any) -> Change:
    """Rename an entry or change its other fields (a language's family, a religion's group...)."""
    kind = catalog
    _check_kind(kind)
    items = _items(scenario, kind)
    at = index_of(items, entry_id, kind.replace("_", " "))
    if not fields:
        raise PreconditionError("no field given")
    unknown = fields.keys() - _MODELS[kind].model_fields.keys()
    if "id" in fields or unknown:
        refused = sorted(unknown | ({"id"} & fields.keys()))
        raise PreconditionError(f"cannot set field(s) {', '.join(refused)} of {kind.replace('_', ' ')}")
    if "name" in fields and not str(fields["name"]).strip():
        raise PreconditionError(f"a {kind.replace('_', ' ')} needs a name")
    _check_parent(scenario, kind, fields)
    new = revalidate(items[at], fields)
    rec = Recorder(scenario)
    rec.save(_path(kind))
    items[at] = new
    return rec.change(f"Edit {kind.replace('_', ' ')} {entry_id}", CatalogTouched())


def remove_catalog_entry(
    scenario: Scenario,
    catalog: str,
    entry_ids: str | Sequence[str],
    *,
    cascade: bool = False,
    replacement: str | None = CLEAR,
) -> Change:
    """Remove catalog entries.

    An entry still referred to (by areas, leaders, other entries) is refused with the list of what
    refers to it, unless ``cascade``: then every reference becomes ``replacement`` (another entry of
    the same kind) or is cleared (``replacement=None``), in the same step.
    """
    kind = catalog
    _check_kind(kind)
    items = _items(scenario, kind)
    ids = unique([entry_ids] if isinstance(entry_ids, str) else entry_ids, kind.replace("_", " "))
    for entry_id in ids:
        index_of(items, entry_id, kind.replace("_", " "))
    what = kind.replace("_", " ")
    if replacement is not None:
        if replacement in ids:
            raise PreconditionError(f"cannot replace {what} {replacement} by itself while removing it")
        index_of(items, replacement, what)
    found = references(scenario, kind, ids)
    if found and not cascade:
        raise PreconditionError(
            f"{what} {', '.join(ids)} is still used by {describe_references(found)}; "
            "replace those references first or remove with a replacement"
        )
    old = set(ids)
    rec = Recorder(scenario)
    rec.save(_path(kind))
    items[:] = [x for x in items if x.id not in old]
    touched = CatalogTouched()
    if found:
        touched = touched | _replace_references(rec, kind, old, replacement)
    label = ids[0] if len(ids) == 1 else f"{len(ids)} entries"
    return rec.change(f"Remove {what} {label}", touched, removed=ids)


def _replace_references(rec: Recorder, kind: str, old: set[str], new: str | None) -> Touched:
    scenario = rec.scenario
    touched: dict[str, set[str]] = {"areas": set(), "empires": set(), "magnates": set(), "units": set()}
    if kind in _CHILD:
        child, field = _CHILD[kind]
        children = _items(scenario, child)
        if any(getattr(x, field) in old for x in children):
            rec.save(_path(child))
            children[:] = [revalidate(x, {field: new}) if getattr(x, field) in old else x for x in children]
    for target in list(_attribute_targets(scenario)):
        rewritten, hits = _rewrite(target.schema, target.attributes, kind, old, new, "")
        if not hits:
            continue
        rec.save(target.saved)
        if target.container is None:  # a scenario-wide dict (options, setup attributes): edit it
            target.attributes.clear()
            target.attributes.update(rewritten)
            continue
        target.replace_holder(revalidate(target.holder(), {"attributes": rewritten}))
        touched[_TOUCHED[target.kind]].add(target.owner)
    return Touched(**{name: frozenset(ids) for name, ids in touched.items()})


# --- convenience wrappers ------------------------------------------------------------------------


def add_language(scenario: Scenario, name: str, family: str | None = None) -> Change:
    """Add a language (optionally in a family)."""
    return add_catalog_entry(scenario, "language", name, family=family)


def add_religion(scenario: Scenario, name: str, group: str | None = None) -> Change:
    """Add a religion (optionally in a group)."""
    return add_catalog_entry(scenario, "religion", name, group=group)
