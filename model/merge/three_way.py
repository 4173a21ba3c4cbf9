"""A three-way merge of JSON data: each value taken from the side that changed it.

Objects (dicts) are merged key by key, lists of objects with ``id`` id by id (the order of ours,
with the objects only theirs added placed after the object before them in theirs), anything else
(numbers, text, lists of points) as one value. A value both sides changed differently is a
conflict: ours is kept and the conflict recorded with the three values, the path and the ids of
the objects around it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

MISSING: Final = object()
"""A key or object absent from one version (removed, or never there)."""

ID_KEYED_DICTS: frozenset[str] = frozenset({"setup.areas"})
"""Dicts whose keys are ids (an area's starting state), named in a conflict's ids."""


@dataclass
class Conflict:
    """A value both sides changed differently: where, which objects, what each side has."""

    path: str
    message: str
    ids: list[str]
    base: Any
    ours: Any
    theirs: Any


@dataclass
class ThreeWay:
    """One merge: call ``merge`` on the top-level values; ``conflicts`` collects what it kept from ours."""

    conflicts: list[Conflict] = field(default_factory=list)

    def merge(self, base: Any, ours: Any, theirs: Any, path: str = "", ids: tuple[str, ...] = ()) -> Any:
        """Return the merged value (``MISSING``: absent in the result)."""
        if _same(ours, theirs):
            return ours
        if _same(ours, base):
            return theirs
        if _same(theirs, base):
            return ours
        if isinstance(ours, dict) and isinstance(theirs, dict) and isinstance(base, dict | type(MISSING)):
            return self._merge_dicts(base if isinstance(base, dict) else {}, ours, theirs, path, ids)
        if _id_list(ours) and _id_list(theirs) and (base is MISSING or _id_list(base)):
            return self._merge_lists(base if isinstance(base, list) else [], ours, theirs, path, ids)
        self.conflicts.append(
            Conflict(
                path or "(whole file)",
                _why(base, ours, theirs),
                list(ids),
                _plain(base),
                _plain(ours),
                _plain(theirs),
            )
        )
        return ours

    def _merge_dicts(
        self,
        base: dict[str, Any],
        ours: dict[str, Any],
        theirs: dict[str, Any],
        path: str,
        ids: tuple[str, ...],
    ) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        for key in _order(list(base), list(ours), list(theirs)):
            key_ids = (*ids, key) if path in ID_KEYED_DICTS else ids
            value = self.merge(
                base.get(key, MISSING),
                ours.get(key, MISSING),
                theirs.get(key, MISSING),
                _join(path, key),
                key_ids,
            )
            if value is not MISSING:
                merged[key] = value
        return merged

    def _merge_lists(
        self,
        base: list[dict[str, Any]],
        ours: list[dict[str, Any]],
        theirs: list[dict[str, Any]],
        path: str,
        ids: tuple[str, ...],
    ) -> list[dict[str, Any]]:
        by_id = [{item["id"]: item for item in items} for items in (base, ours, theirs)]
        merged: list[dict[str, Any]] = []
        order = _order([i["id"] for i in base], [i["id"] for i in ours], [i["id"] for i in theirs])
        for object_id in order:
            value = self.merge(
                by_id[0].get(object_id, MISSING),
                by_id[1].get(object_id, MISSING),
                by_id[2].get(object_id, MISSING),
                f"{path}[id={object_id}]",
                (*ids, object_id),
            )
            if value is not MISSING:
                merged.append(value)
        return merged


def _order(base: list[str], ours: list[str], theirs: list[str]) -> list[str]:
    """Ours' keys in ours' order, each key only theirs added placed after the key before it in
    theirs, past the keys ours added there (as if theirs' edit were made after ours)."""
    result = list(ours)
    known = set(ours) | set(base)
    ours_added = set(ours) - set(base)
    previous: str | None = None
    for key in theirs:
        if key not in known:
            if previous is None or previous not in result:
                position = 0 if previous is None else len(result)
            else:
                position = result.index(previous) + 1
            while position < len(result) and result[position] in ours_added:
                position += 1
            result.insert(position, key)
            known.add(key)
        previous = key
    return result


def _same(a: Any, b: Any) -> bool:
    return a is b or (a is not MISSING and b is not MISSING and a == b)


def _id_list(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(i, dict) and isinstance(i.get("id"), str) for i in value
    )


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _plain(value: Any) -> Any:
    return None if value is MISSING else value


def _why(base: Any, ours: Any, theirs: Any) -> str:
    if base is MISSING:
        return "both versions added it, differently"
    if ours is MISSING:
        return "ours removed it, theirs changed it (kept removed)"
    if theirs is MISSING:
        return "theirs removed it, ours changed it (kept ours)"
    return "both versions changed it, differently (kept ours)"
