"""What every edit operation shares: typed errors, the record of a change, and new ids.

An operation checks all its preconditions first and raises an ``OpError`` before changing
anything. Then it saves the lists, dicts and fields it is about to change (shallow copies: the
model objects inside are never mutated afterwards, only replaced), changes the scenario, and
returns a ``Change`` that keeps only what differs (the replaced stretch of each list, the changed
keys of each dict), so that a long undo history of a large map stays small. ``Change.revert``
puts the saved values back and returns the change that redoes the edit, so an undo stack needs
nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import compress
from operator import attrgetter, is_not
from typing import Any

from pydantic import BaseModel, ValidationError

from model.io import quantize_point
from model.ops import lookup
from model.scenario import Point, Scenario

_ID = attrgetter("id")


class OpError(ValueError):
    """An edit that cannot be made; the scenario is unchanged. The message names the ids and why."""


class UnknownIdError(OpError):
    """An id that names nothing of the expected kind in the scenario."""


class InvalidGeometryError(OpError):
    """Coordinates that would break the linework (zero length, self-crossing, overlapping a border)."""


class PreconditionError(OpError):
    """The scenario is not in a state where this edit makes sense (e.g. merging an area with itself)."""


class InvalidValueError(PreconditionError):
    """A value the ruleset's schema refuses; the message carries the schema's reason."""


@dataclass(frozen=True)
class Touched:
    """The ids an edit changed, created or removed, by kind (views and ``Topology.update`` use it)."""

    boundaries: frozenset[str] = frozenset()
    areas: frozenset[str] = frozenset()
    connections: frozenset[str] = frozenset()
    empires: frozenset[str] = frozenset()
    magnates: frozenset[str] = frozenset()
    units: frozenset[str] = frozenset()

    def __or__(self, other: Touched) -> Touched:
        return Touched(
            self.boundaries | other.boundaries,
            self.areas | other.areas,
            self.connections | other.connections,
            self.empires | other.empires,
            self.magnates | other.magnates,
            self.units | other.units,
        )


Path = tuple[str, ...]
"""Where a saved value lives, as attribute names from the scenario: ``("map", "boundaries")``."""


def _resolve(scenario: Scenario, path: Path) -> tuple[Any, str]:
    parent: Any = scenario
    for name in path[:-1]:
        parent = getattr(parent, name)
    return parent, path[-1]


def _snapshot(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value


def _read(scenario: Scenario, path: Path) -> Any:
    parent, name = _resolve(scenario, path)
    return _snapshot(getattr(parent, name))


_MISSING = object()


@dataclass(frozen=True)
class _ListPatch:
    """The stretch of a list an edit replaced: ``items`` were at ``[start : len - tail]``.

    Edits replace items rather than mutate them, so the unchanged prefix and suffix are found by
    identity; an undo step then holds a few items instead of a copy of a 15,000-item list.
    """

    start: int
    tail: int
    items: tuple[Any, ...]

    @classmethod
    def between(cls, before: list[Any], after: list[Any]) -> _ListPatch:
        """The patch that turns ``after`` back into ``before``."""
        limit = min(len(before), len(after))
        start = 0
        while start < limit and before[start] is after[start]:
            start += 1
        tail = 0
        while tail < limit - start and before[len(before) - 1 - tail] is after[len(after) - 1 - tail]:
            tail += 1
        return cls(start, tail, tuple(before[start : len(before) - tail]))

    def apply(self, target: list[Any]) -> _ListPatch:
        """Put the saved items back in place; return the patch that undoes this."""
        end = len(target) - self.tail
        replaced = tuple(target[self.start : end])
        target[self.start : end] = self.items
        return _ListPatch(self.start, self.tail, replaced)


@dataclass(frozen=True)
class _DictPatch:
    """The keys of a dict an edit changed, with their former values (``_MISSING``: absent)."""

    items: dict[Any, Any]

    @classmethod
    def between(cls, before: dict[Any, Any], after: dict[Any, Any]) -> _DictPatch:
        """The patch that turns ``after`` back into ``before``."""
        changed = {
            key: before.get(key, _MISSING)
            for key in before.keys() | after.keys()
            if before.get(key, _MISSING) is not after.get(key, _MISSING)
        }
        return cls(changed)

    def apply(self, target: dict[Any, Any]) -> _DictPatch:
        """Put the saved values back; return the patch that undoes this."""
        undo = {key: target.get(key, _MISSING) for key in self.items}
        for key, value in self.items.items():
            if value is _MISSING:
                target.pop(key, None)
            else:
                target[key] = value
        return _DictPatch(undo)


@dataclass(frozen=True)
class _ListReplace:
    """Items an edit replaced in place (same length before and after), by position."""

    items: dict[int, Any]

    @classmethod
    def between(cls, before: list[Any], after: list[Any]) -> _ListReplace:
        """The patch that turns ``after`` (as long as ``before``) back into ``before``."""
        if len(before) != len(after):
            raise ValueError("a replace patch needs lists of one length")
        # The positions that differ, found in C (compress over is_not): a 60,000-boundary list
        # is compared on every step of a drag.
        changed = compress(range(len(before)), map(is_not, before, after))
        return cls({i: before[i] for i in changed})

    def apply(self, target: list[Any]) -> _ListReplace:
        """Put the saved items back; return the patch that undoes this."""
        undo = {i: target[i] for i in self.items}
        for i, item in self.items.items():
            target[i] = item
        return _ListReplace(undo)


def _compress(before: Any, after: Any) -> Any:
    """What to keep of a saved value: a patch for lists and dicts, the value itself otherwise."""
    if isinstance(before, list) and isinstance(after, list):
        if len(before) == len(after):
            return _ListReplace.between(before, after)
        return _ListPatch.between(before, after)
    if isinstance(before, dict) and isinstance(after, dict):
        return _DictPatch.between(before, after)
    return before


def _restore(scenario: Scenario, path: Path, saved: Any) -> Any:
    """Put a saved value back at ``path``; return what restores the current one."""
    parent, name = _resolve(scenario, path)
    current = getattr(parent, name)
    # Lists and dicts are patched in place: their items are already validated models, and other
    # code may hold the container.
    if isinstance(saved, _ListPatch | _ListReplace | _DictPatch):
        undo = saved.apply(current)
        _tell_lookup(scenario, path, undo)
        return undo
    setattr(parent, name, saved)
    return current


def _tell_lookup(scenario: Scenario, path: Path, patch: Any) -> None:
    """Keep the operations' indexes (``model.ops.lookup``) current after a list at ``path`` changed
    (``patch``: what turns it back, so its items are the ones just replaced)."""
    if isinstance(patch, _ListReplace):
        lookup.replaced(scenario, path, patch.items)
    elif isinstance(patch, _ListPatch):
        lookup.forget(scenario, [path])


@dataclass
class Change:
    """One undoable edit: what it was, what it touched, and the state needed to undo it.

    ``created`` lists the ids the edit made, the main one first (the new area of ``split_area``,
    the unit of ``place_unit``...); ``removed`` the ids it deleted.
    """

    description: str
    touched: Touched
    created: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    _saved: dict[Path, Any] = field(default_factory=dict, repr=False)

    @property
    def new_id(self) -> str:
        """The main id the edit created (raise ``LookupError`` when it created none)."""
        if not self.created:
            raise LookupError(f"{self.description!r} created nothing")
        return self.created[0]

    def revert(self, scenario: Scenario) -> Change:
        """Undo this change on ``scenario``; return the change that redoes it."""
        redo = {path: _restore(scenario, path, saved) for path, saved in self._saved.items()}
        return Change(self.description, self.touched, self.removed, self.created, redo)


class Recorder:
    """Saves what an operation is about to change, then builds its ``Change``."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self._saved: dict[Path, Any] = {}
        self._replaced: dict[Path, dict[int, Any]] = {}
        self._ids: set[str] | None = None

    def save(self, *paths: Path) -> None:
        """Keep the current value at each path (the first save of a path wins)."""
        for path in paths:
            if path not in self._saved:
                value = _read(self.scenario, path)
                for at, old in self._replaced.pop(path, {}).items():
                    value[at] = old  # as it was before ``replace`` put new items in
                self._saved[path] = value

    def replace(self, path: Path, at: int, item: Any) -> None:
        """Put ``item`` at position ``at`` of the list at ``path``, keeping the old item for undo.

        Unlike ``save``, nothing is copied or compared but the items replaced: a drag replaces a
        few of a big map's 90,000 boundaries on every step.
        """
        items = getattr(*_resolve(self.scenario, path))
        if path not in self._saved:
            self._replaced.setdefault(path, {}).setdefault(at, items[at])
        items[at] = item

    def new_id(self, prefix: str) -> str:
        """Return an id never used in the scenario, advancing ``next_serial`` (saved for undo)."""
        self.save(("next_serial",))
        if self._ids is None:
            self._ids = all_ids(self.scenario)
        candidate = _next_free(self.scenario, prefix, self._ids)
        self._ids.add(candidate)
        return candidate

    def change(
        self,
        description: str,
        touched: Touched,
        created: Iterable[str] = (),
        removed: Iterable[str] = (),
    ) -> Change:
        """Return the ``Change`` of the edit made since the saves."""
        saved = {
            path: _compress(value, getattr(*_resolve(self.scenario, path)))
            for path, value in self._saved.items()
        }
        saved.update((path, _ListReplace(dict(items))) for path, items in self._replaced.items())
        for path, patch in saved.items():
            _tell_lookup(self.scenario, path, patch)
        return Change(description, touched, tuple(created), tuple(removed), saved)


def all_ids(scenario: Scenario) -> set[str]:
    """Return every id used anywhere in the scenario."""
    ids: set[str] = set()
    groups: list[Iterable[Any]] = [
        scenario.map.boundaries,
        scenario.map.areas,
        scenario.map.connections,
        scenario.map.underlays,
        scenario.setup.empires,
        scenario.setup.magnates,
        scenario.setup.units,
        scenario.catalogs.languages,
        scenario.catalogs.language_families,
        scenario.catalogs.religions,
        scenario.catalogs.religion_groups,
    ]
    for group in groups:
        ids.update(item.id for item in group)
    return ids


def _next_free(scenario: Scenario, prefix: str, used: set[str]) -> str:
    while True:
        candidate = f"{prefix}{scenario.next_serial}"
        scenario.next_serial += 1
        if candidate not in used:
            return candidate


def new_id(scenario: Scenario, prefix: str) -> str:
    """Return an unused id ``prefix`` + serial and advance ``next_serial``.

    This changes the scenario without a ``Change``: operations call ``Recorder.new_id`` instead,
    which makes the step undoable; call this only on a scenario being built.
    """
    return _next_free(scenario, prefix, all_ids(scenario))


def index_of(items: list[Any], item_id: str, what: str) -> int:
    """Return the position of the item with this id, or raise ``UnknownIdError`` naming it."""
    try:
        return list(map(_ID, items)).index(item_id)  # in C: a drag looks one up on every step
    except ValueError:
        raise UnknownIdError(f"no {what} with id {item_id!r}") from None


def unique(ids: Iterable[str], what: str) -> list[str]:
    """Return the ids without repeats, in order; refuse an empty selection."""
    result = list(dict.fromkeys(ids))
    if not result:
        raise PreconditionError(f"no {what} given")
    return result


def revalidate(model: BaseModel, changes: dict[str, Any]) -> Any:
    """Return a new validated copy of ``model`` with ``changes`` (never mutates ``model``)."""
    data = model.model_dump()
    data.update(changes)
    try:
        return type(model).model_validate(data)
    except ValidationError as error:
        raise InvalidValueError(
            f"{type(model).__name__} {getattr(model, 'id', '')}: {reasons(error)}"
        ) from error


def reasons(error: ValidationError) -> str:
    """The reasons of a pydantic error in one line: ``field: message; ...``."""
    parts = []
    for item in error.errors():
        where = ".".join(str(x) for x in item["loc"]) or "value"
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts)


def snap(point: Point | Iterable[float], grid: float) -> Point:
    """Quantize a point to the map grid, refusing non-finite or malformed input."""
    values = list(point)
    if len(values) != 2:
        raise InvalidGeometryError(f"a point needs two coordinates, got {values!r}")
    x, y = float(values[0]), float(values[1])
    if x != x or y != y or abs(x) == float("inf") or abs(y) == float("inf"):
        raise InvalidGeometryError(f"the point ({x}, {y}) is not finite")
    return quantize_point((x, y), grid)


def repeated_points(points: list[Point]) -> Iterator[tuple[int, Point]]:
    """Yield ``(index, point)`` for every point equal to the one before it."""
    for i in range(1, len(points)):
        if points[i] == points[i - 1]:
            yield i, points[i]
