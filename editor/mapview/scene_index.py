"""Indexes by id of the map's boundaries and areas, kept up to date from each edit's change.

Rebuilding ``Scenario.boundary_index()`` and ``area_index()`` after every edit walks the whole map
(about 10 ms of each vertex-drag step at 20,000 areas). Edits replace a model object in its list
slot rather than mutating it (``model.ops.core``), and a ``DocumentChange`` names every id an edit
added, removed or replaced, so the index only needs those slots read again. Each entry remembers
its list position; when a changed id is no longer at its remembered position (an object was added
or removed, so later ones moved) the index is built afresh, which is rare next to drags.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Generic, Protocol, TypeVar


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=_HasId)


class IdIndex(Generic[T]):
    """``{id: object}`` of a list of model objects, refreshed per change (same content as a fresh
    ``{o.id: o for o in items}``, including which object wins when an id is repeated: the last)."""

    def __init__(self) -> None:
        self.index: dict[str, T] = {}
        self._position: dict[str, int] = {}
        self.full_builds = 0
        """How many times the index was built from the whole list (for tests and the benchmark)."""

    def build(self, items: Sequence[T]) -> dict[str, T]:
        """Index every object of the list."""
        self.full_builds += 1
        self.index = {item.id: item for item in items}
        self._position = {item.id: i for i, item in enumerate(items)}
        return self.index

    def refresh(self, items: Sequence[T], changed: Iterable[str]) -> dict[str, T]:
        """Bring the index up to date with ``items`` after an edit that touched the ``changed`` ids."""
        index, position = self.index, self._position
        # Repeated ids make the list longer than the index: keep the fresh build's rules simple.
        if len(items) != len(position):
            return self.build(items)
        count = len(items)
        for item_id in changed:
            at = position.get(item_id)
            if at is None or at >= count or items[at].id != item_id:
                return self.build(items)  # added, removed or moved: positions are stale
            index[item_id] = items[at]
        return index
