"""Spatial cells of a layer: the map's fills and borders grouped by where they lie, so that Qt paints
and hit-tests only the items near the part of the map on screen.

Why not Qt's own item index: a layer (``items.Layer``) is the parent of its items, so that hiding
or fading the layer hides them all. Qt's BSP index then answers a paint with the top-level items
only (the dozen layers), and finds them by walking every indexed item in the exposed rectangle:
with 30,000 areas and 90,000 borders that walk alone costs tens of milliseconds a frame, and the
layers' children are then all visited again, one by one, to cull them. The scene therefore keeps
no index (``QGraphicsScene.NoIndex``) and each layer's items hang from a grid of cell items
instead. A cell is a plain rectangle item with no pen or brush (it draws nothing; it is a C++ item,
so Qt calls no Python to cull it) that covers its children and says so with
``ItemContainsChildrenInShape``: Qt skips a cell outside the exposed region together with all its
children, both when painting and in ``items()``. Zoomed in, a frame visits the cells (about a
thousand) and the items of the few on screen.

An item belongs to the cell of its centre; the cell's rectangle is grown to cover it whenever it
reaches past it (``place``), so an edit never leaves an item outside its cell. Cells never shrink
while the map is open; ``clear`` drops them all when the scene is rebuilt.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem

if TYPE_CHECKING:  # the items import nothing of this module, but keep the import light
    from editor.mapview.items import BoundaryLine

ITEMS_PER_CELL = 16
"""About how many areas share a cell (three times as many borders): fewer cells cost more visits
at full view, bigger cells paint more items off screen when zoomed in."""
MAX_SIDE = 48
"""The most cells along one side of the map."""


def grid_side(areas: int) -> int:
    """How many cells along each side of the map for a map of this many areas (at least one)."""
    return max(1, min(MAX_SIDE, round(math.sqrt(max(areas, 0) / ITEMS_PER_CELL))))


class Cells:
    """The cell items of every layer, on one grid over the map's frame."""

    def __init__(self) -> None:
        self.frame = QRectF(0, 0, 1, 1)
        self.side = 1
        self._cells: dict[tuple[int, int, int], QGraphicsRectItem] = {}
        self._layer_of: dict[int, QGraphicsItem] = {}
        """``id`` of an item placed in a cell -> the layer that cell belongs to."""
        self._extents: dict[int, tuple[list[int], np.ndarray]] = {}
        """Per layer (by ``id``): its cells' ``id`` and their rectangles as rows of (left, top,
        right, bottom), for ``near``; dropped whenever a cell is made or grows."""

    def configure(self, frame: QRectF, side: int) -> None:
        """Use a grid of ``side`` x ``side`` cells over ``frame`` (after ``clear``)."""
        self.frame = QRectF(frame) if frame.isValid() and not frame.isEmpty() else QRectF(0, 0, 1, 1)
        self.side = max(1, side)

    def clear(self) -> None:
        """Drop every cell item (with whatever children it still has) from its scene."""
        for cell in self._cells.values():
            scene = cell.scene()
            if scene is not None:
                scene.removeItem(cell)
        self._cells.clear()
        self._layer_of.clear()
        self._extents.clear()

    def __len__(self) -> int:
        return len(self._cells)

    def key(self, x: float, y: float) -> tuple[int, int]:
        """The column and row of the cell holding a map point (points outside the frame go to the
        nearest cell on its edge)."""
        frame, side = self.frame, self.side
        column = int((x - frame.left()) / frame.width() * side) if frame.width() > 0 else 0
        row = int((y - frame.top()) / frame.height() * side) if frame.height() > 0 else 0
        return min(max(column, 0), side - 1), min(max(row, 0), side - 1)

    def cell(self, layer: QGraphicsItem, x: float, y: float) -> QGraphicsRectItem:
        """The cell of ``layer`` that holds the map point, made on first use."""
        column, row = self.key(x, y)
        return self._at(layer, column, row)

    def _at(self, layer: QGraphicsItem, column: int, row: int) -> QGraphicsRectItem:
        """The cell at this column and row of ``layer``, made on first use."""
        cell = self._cells.get((id(layer), column, row))
        return cell if cell is not None else self._make(layer, column, row)

    def _make(self, layer: QGraphicsItem, column: int, row: int) -> QGraphicsRectItem:
        cell = QGraphicsRectItem(layer)
        cell.setPen(QPen(Qt.PenStyle.NoPen))
        cell.setFlag(QGraphicsItem.GraphicsItemFlag.ItemContainsChildrenInShape, True)
        cell.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._cells[(id(layer), column, row)] = cell
        self._extents.clear()
        return cell

    def place(self, item: QGraphicsItem, layer: QGraphicsItem) -> None:
        """Put an item (its path set) in its cell of ``layer``, or keep it in the one it is in when
        that is of the same layer; grow the cell to cover the item."""
        rect = item.boundingRect()
        parent = item.parentItem()
        if not isinstance(parent, QGraphicsRectItem) or self._layer_of.get(id(item)) is not layer:
            centre = rect.center()
            parent = self.cell(layer, centre.x(), centre.y())
            item.setParentItem(parent)
            self._layer_of[id(item)] = layer
        # Growing a cell repaints it: rare, since a cell covers its neighbours' reach too.
        self.grow(parent, rect)

    def place_line(self, line: BoundaryLine, layer: QGraphicsItem) -> None:
        """Put a border's line (its path set; not an item) in its cell of ``layer``, or keep it in
        the one it is in; grow the cell to cover it."""
        rect = line.boundingRect()
        cell = line.parentItem()
        if cell is None:
            centre = rect.center()
            cell = self.cell(layer, centre.x(), centre.y())
            line.set_cell(cell)
        assert isinstance(cell, QGraphicsRectItem)
        self.grow(cell, rect)

    def assign(self, layer: QGraphicsItem, boxes: np.ndarray) -> list[QGraphicsRectItem]:
        """The cell of ``layer`` of each box (rows of left, top, right, bottom: the extents of
        things about to be placed in one go, without a Qt call per box), each grown to cover its
        boxes: what ``place`` does for one item, for a whole map at once."""
        if not len(boxes):
            return []
        frame, side = self.frame, self.side
        centres = (boxes[:, :2] + boxes[:, 2:]) / 2
        size = np.array([frame.width(), frame.height()])
        scaled = (centres - np.array([frame.left(), frame.top()])) / np.where(size > 0, size, 1) * side
        keys = np.clip(np.where(size > 0, scaled, 0).astype(np.int64), 0, side - 1)
        flat = keys[:, 0] * side + keys[:, 1]
        used, which = np.unique(flat, return_inverse=True)
        # Each cell's extent: the boxes sorted by cell, reduced per run (``ufunc.at`` is far slower).
        order = np.argsort(which, kind="stable")
        starts = np.searchsorted(which[order], np.arange(len(used)))
        low = np.minimum.reduceat(boxes[order, :2], starts, axis=0)
        high = np.maximum.reduceat(boxes[order, 2:], starts, axis=0)
        cells = []
        for code, (left, top), (right, bottom) in zip(
            used.tolist(), low.tolist(), high.tolist(), strict=True
        ):
            column, row = divmod(code, side)
            cell = self._at(layer, column, row)
            self.grow(cell, QRectF(left, top, right - left, bottom - top))
            cells.append(cell)
        return [cells[i] for i in which.tolist()]

    def grow(self, cell: QGraphicsRectItem, rect: QRectF) -> None:
        """Grow a cell to cover ``rect`` (the extent of something placed in it)."""
        if not cell.rect().contains(rect):
            cell.setRect(rect if cell.rect().isNull() else cell.rect().united(rect))
            self._extents.clear()

    def near(self, layer: QGraphicsItem, rect: QRectF) -> set[int] | None:
        """The ``id`` of every cell of ``layer`` whose rectangle meets ``rect`` (edges touching
        count: a flat line's rectangle has no area), found with one array test rather than a Qt
        call per cell; None when the layer has no cells."""
        if not self._extents:
            rows: dict[int, tuple[list[int], list[tuple[float, float, float, float]]]] = {}
            for (layer_id, _column, _row), cell in self._cells.items():
                ids, boxes = rows.setdefault(layer_id, ([], []))
                box = cell.rect()
                ids.append(id(cell))
                boxes.append((box.left(), box.top(), box.right(), box.bottom()))
            self._extents = {
                layer_id: (ids, np.array(boxes, dtype=float).reshape(-1, 4))
                for layer_id, (ids, boxes) in rows.items()
            }
        found = self._extents.get(id(layer))
        if found is None:
            return None
        ids, boxes = found
        meets = (boxes[:, 0] <= rect.right()) & (boxes[:, 2] >= rect.left())
        meets &= (boxes[:, 1] <= rect.bottom()) & (boxes[:, 3] >= rect.top())
        return {ids[i] for i in np.flatnonzero(meets)}

    def forget(self, item: QGraphicsItem) -> None:
        """The item leaves the scene: forget which layer it was placed in."""
        self._layer_of.pop(id(item), None)

    def layer_of(self, item: QGraphicsItem) -> QGraphicsItem | None:
        """The layer an item was placed in (None when it was not placed)."""
        return self._layer_of.get(id(item))
