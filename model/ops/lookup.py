"""Indexes the edit operations keep between edits: an item's position by id, boundaries by end node.

A drag moves one vertex per mouse move, and each move must find the boundary it edits and, for
a node, every boundary ending there. Scanning a 30,000-area map's 90,000 boundaries for them took
most of a drag step; these indexes answer in constant time.

Each index belongs to one list of one scenario, named by its path (``("map", "boundaries")``),
and is built when first asked. Edits keep it current without scanning the list:
``Recorder.change`` and ``Change.revert`` (``model.ops.core``) report the positions whose items
they replaced (``replaced``), or that items came or went (``forget``: rebuilt on next use).
Every answer is also checked against the list before it is given (the item at a recorded position
still has that id, still ends at that node), and an index is rebuilt when its list was replaced or
changed length, so a list changed outside the operations (an importer filling a new scenario) is
not answered from a stale index. Ids are assumed unique, as the validator requires
(``DUPLICATE_ID``). The indexes go with their scenario (they are kept beside it, not in it: a
scenario's copies and its saved file never see them).

Building the boundary indexes of a 30,000-area map takes a good part of a second, which the first
drag step would pay. ``prepare`` builds them from a snapshot of the list, on any thread (the
editor's runs after opening a map), and ``install``, on the thread that edits, takes them only if
the list still holds exactly the snapshot's items.
"""

from __future__ import annotations

import operator
import weakref
from collections.abc import Iterable
from typing import Any

from model.scenario import Point as XY
from model.scenario import Scenario

__all__ = ["BOUNDARIES", "PreparedIndex", "ending_at", "forget", "install", "position", "prepare", "replaced"]

Path = tuple[str, ...]
BOUNDARIES: Path = ("map", "boundaries")


class _ListIndex:
    """The indexes of one list: positions by id, and (boundaries only) positions by end node."""

    def __init__(self, items: list[Any]) -> None:
        self.items = items
        self.length = len(items)
        self.by_id: dict[str, int] | None = None
        self.by_node: dict[XY, set[int]] | None = None

    def current(self, items: list[Any]) -> bool:
        """Whether this index is of ``items`` as they are (same list, same length)."""
        return self.items is items and self.length == len(items)

    def ids(self) -> dict[str, int]:
        if self.by_id is None:
            by_id: dict[str, int] = {}
            for at, item in enumerate(self.items):
                by_id.setdefault(item.id, at)  # the first of a repeated id, as a scan finds
            self.by_id = by_id
        return self.by_id

    def nodes(self) -> dict[XY, set[int]]:
        if self.by_node is None:
            by_node: dict[XY, set[int]] = {}
            for at, boundary in enumerate(self.items):
                points = boundary.points
                by_node.setdefault(points[0], set()).add(at)
                by_node.setdefault(points[-1], set()).add(at)
            self.by_node = by_node
        return self.by_node

    def replace(self, before: dict[int, Any]) -> None:
        """Take the items now at the keys of ``before`` into the indexes (its values: the old items)."""
        for at, old in before.items():
            new = self.items[at]
            if self.by_id is not None:
                if self.by_id.get(old.id) == at:
                    del self.by_id[old.id]
                self.by_id.setdefault(new.id, at)
            if self.by_node is not None:
                for node in (old.points[0], old.points[-1]):
                    holders = self.by_node.get(node)
                    if holders is not None:
                        holders.discard(at)
                        if not holders:
                            del self.by_node[node]
                for node in (new.points[0], new.points[-1]):
                    self.by_node.setdefault(node, set()).add(at)


_BY_SCENARIO: dict[int, dict[Path, _ListIndex]] = {}
"""``id(scenario)`` -> its indexes by path; an entry goes when its scenario is freed."""


def _items(scenario: Scenario, path: Path) -> list[Any]:
    node: Any = scenario
    for name in path:
        node = getattr(node, name)
    return node  # type: ignore[no-any-return]


def _indexes(scenario: Scenario) -> dict[Path, _ListIndex]:
    key = id(scenario)
    found = _BY_SCENARIO.get(key)
    if found is None:
        found = _BY_SCENARIO[key] = {}
        weakref.finalize(scenario, _BY_SCENARIO.pop, key, None)
    return found


def _index(scenario: Scenario, path: Path) -> tuple[list[Any], _ListIndex]:
    """The list at ``path`` and its index, made (again) when it has none or it is not current."""
    items = _items(scenario, path)
    indexes = _indexes(scenario)
    found = indexes.get(path)
    if found is None or not found.current(items):
        found = indexes[path] = _ListIndex(items)
    return items, found


def position(scenario: Scenario, path: Path, item_id: str) -> int | None:
    """The position of the item with this id in the list at ``path`` (None when there is none)."""
    items, index = _index(scenario, path)
    at = index.ids().get(item_id)
    if at is not None and items[at].id == item_id:
        return at
    # Not there, or the item there changed outside the operations: look again from scratch.
    index.by_id = None
    return index.ids().get(item_id)


def ending_at(scenario: Scenario, node: XY) -> list[int]:
    """Positions of the boundaries that start or end at ``node``, in order."""
    boundaries, index = _index(scenario, BOUNDARIES)
    found = sorted(index.nodes().get(node, ()))
    for at in found:
        points = boundaries[at].points
        if points[0] != node and points[-1] != node:  # changed outside the operations
            index.by_node = None
            return sorted(index.nodes().get(node, ()))
    return found


def replaced(scenario: Scenario, path: Path, before: dict[int, Any]) -> None:
    """Note that the items at the keys of ``before`` were replaced (its values: the old items)."""
    found = _BY_SCENARIO.get(id(scenario), {}).get(path)
    if found is not None and found.current(_items(scenario, path)):
        found.replace(before)


def forget(scenario: Scenario, paths: Iterable[Path]) -> None:
    """Drop the indexes of lists whose items came, went or moved: rebuilt on next use."""
    indexes = _BY_SCENARIO.get(id(scenario))
    if indexes is not None:
        for path in paths:
            indexes.pop(path, None)


class PreparedIndex:
    """Indexes of one list built from a snapshot of it (``prepare``), to be ``install``-ed."""

    def __init__(self, path: Path, snapshot: list[Any]) -> None:
        self.path = path
        self.snapshot = snapshot
        self.index = _ListIndex(snapshot)

    def build(self) -> PreparedIndex:
        """Make the indexes (plain Python loops: on another thread they hold the GIL only in the
        interpreter's short switch intervals). Returns itself."""
        self.index.ids()
        if self.path == BOUNDARIES:
            self.index.nodes()
        return self


def prepare(scenario: Scenario, path: Path = BOUNDARIES) -> PreparedIndex:
    """A snapshot of the list at ``path`` whose ``build`` may run on another thread.

    Only the snapshot is taken here (a copy of the list of references, quick); edits made
    meanwhile replace items in the scenario's list, never in the snapshot.
    """
    return PreparedIndex(path, list(_items(scenario, path)))


def install(scenario: Scenario, prepared: PreparedIndex) -> bool:
    """Take built indexes for the scenario's list, if it still holds exactly the snapshot's items
    and has no index of its own yet (one built by an edit meanwhile is as good and more recent).
    Returns whether they were taken."""
    items = _items(scenario, prepared.path)
    snapshot = prepared.snapshot
    if len(items) != len(snapshot) or not all(map(operator.is_, items, snapshot)):
        return False  # edited meanwhile: the first edit builds its own
    indexes = _indexes(scenario)
    found = indexes.get(prepared.path)
    if found is not None and found.current(items) and found.by_id is not None:
        return False
    index = prepared.index
    index.items = items  # the scenario's own list, which later edits report on
    indexes[prepared.path] = index
    return True
