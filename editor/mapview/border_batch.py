"""The borders of one spatial cell drawn as one path per pen, instead of one item per border.

A map of 30,000 areas has about 90,000 borders of a few vertices each. Qt's graphics view spends
several microseconds on every item it paints (state save and restore, transform, style option)
against well under one to stroke a short cosmetic line, so zoomed in to a few thousand borders the
per-item cost was most of a frame. Each border is a ``BoundaryLine`` (its path, pen and
selection, as the rest of the editor reads them; not a graphics item), drawn as part of its cell's
batch: one plain path item per cell and pen holding every such border's line. A selected border
shows its own item, in the selected pen, above the batch.

A border's edit marks its batch stale; ``flush`` rebuilds the stale batches only (the scene calls
it at the end of each change), so an edit repaints the cells it touched, not the map.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from editor.mapview.fast_paths import polylines_path

if TYPE_CHECKING:  # the items import this module: no cycle at run time
    from editor.mapview.items import BoundaryLine

PenKey = tuple[int, float, int, bool, int, int]
"""What makes two pens draw alike: colour (ARGB), width, style, cosmetic, join and cap."""


def pen_key(pen: QPen) -> PenKey:
    """The key under which borders drawn with this pen share a batch."""
    return (
        pen.color().rgba(),
        pen.widthF(),
        pen.style().value,
        pen.isCosmetic(),
        pen.joinStyle().value,
        pen.capStyle().value,
    )


class BorderBatches:
    """Every cell's batches of borders, by the cell item they hang from and the pen they use."""

    def __init__(self) -> None:
        self._members: dict[tuple[int, PenKey], dict[str, BoundaryLine]] = {}
        self._items: dict[tuple[int, PenKey], QGraphicsPathItem] = {}
        self._cells: dict[int, QGraphicsItem] = {}
        self._key_of: dict[str, tuple[int, PenKey]] = {}
        self._stale: set[tuple[int, PenKey]] = set()
        self.rebuilt = 0
        """How many batch paths were built (for tests: an edit rebuilds only its cells' batches)."""

    def clear(self) -> None:
        """Forget every batch (the scene drops the cells, and the batches with them)."""
        self._members.clear()
        self._items.clear()
        self._cells.clear()
        self._key_of.clear()
        self._stale.clear()

    def put(self, item: BoundaryLine) -> None:
        """File a border under its current cell and pen (after its path, pen or cell changed)."""
        cell = item.parentItem()
        if cell is None:
            return
        key = (id(cell), item.batch_key())
        old = self._key_of.get(item.boundary_id)
        if old is not None and old != key:
            self._members.get(old, {}).pop(item.boundary_id, None)
            self._stale.add(old)
        self._cells[key[0]] = cell
        self._members.setdefault(key, {})[item.boundary_id] = item
        self._key_of[item.boundary_id] = key
        self._stale.add(key)

    def drop(self, boundary_id: str) -> None:
        """A border left the map: take it out of its batch."""
        key = self._key_of.pop(boundary_id, None)
        if key is not None:
            self._members.get(key, {}).pop(boundary_id, None)
            self._stale.add(key)

    def items(self) -> list[QGraphicsPathItem]:
        """Every batch item (after ``flush``)."""
        return list(self._items.values())

    def batch_of(self, boundary_id: str) -> QGraphicsPathItem | None:
        """The batch item a border is drawn in (None before ``flush`` or when it has none)."""
        key = self._key_of.get(boundary_id)
        return self._items.get(key) if key is not None else None

    def load(self, lines: Sequence[BoundaryLine], paths: Sequence[QPainterPath]) -> None:
        """File new lines (placed in their cells, none filed yet) with the path of each cell's
        batch already made (``paths``: one per cell, in the order the lines first name the cells;
        ``fast_paths`` makes them from the map's points in one pass when it opens)."""
        made: list[tuple[int, PenKey]] = []
        for line in lines:
            cell = line.parentItem()
            if cell is None:
                continue
            key = (id(cell), line.batch_key())
            members = self._members.get(key)
            if members is None:
                members = self._members[key] = {}
                self._cells[key[0]] = cell
                made.append(key)
            members[line.boundary_id] = line
            self._key_of[line.boundary_id] = key
        if len(made) != len(paths):
            raise ValueError(f"{len(paths)} batch paths for {len(made)} batches")
        for key, path in zip(made, paths, strict=True):
            self._make(key, path)

    def _make(self, key: tuple[int, PenKey], path: QPainterPath) -> None:
        """Give a batch its path, making its item on first use."""
        batch = self._items.get(key)
        if batch is None:
            batch = QGraphicsPathItem(self._cells[key[0]])
            batch.setPen(next(iter(self._members[key].values())).batch_pen())
            batch.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self._items[key] = batch
        batch.setPath(path)
        self.rebuilt += 1

    def flush(self, smoothed: bool = False) -> None:
        """Rebuild the path of every stale batch from its members' lines (from their points in
        one pass, or from their own paths when they are ``smoothed``: the board style)."""
        for key in self._stale:
            members = self._members.get(key, {})
            batch = self._items.get(key)
            if not members:
                if batch is not None and batch.scene() is not None:
                    batch.scene().removeItem(batch)
                self._items.pop(key, None)
                self._members.pop(key, None)
                continue
            if smoothed:
                path = QPainterPath()
                for member in members.values():
                    path.addPath(member.path())
            else:
                path = polylines_path([member.points() for member in members.values()])
            self._make(key, path)
        self._stale.clear()
