"""The map's colouring of a comparison (File > Compare with…): areas added, removed, changed.

Added areas are filled green and changed ones orange, outlined thickly, over their current
shapes; a removed area has no current shape, so its old one is drawn where it was, outlined in
dashed red and hatched.
The items draw on the view only (``overlay.OverlayPathItem``): exports never show them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsScene

from editor.mapview.items import geometry_path
from editor.mapview.overlay import OverlayPathItem

COMPARE_Z = 45
"""Above the units, below anchors and the grid (``scene.LAYERS``)."""

COLOURS: dict[str, QColor] = {
    "added": QColor(0, 200, 60),
    "changed": QColor(255, 120, 0),
    "removed": QColor(230, 0, 40),
}
"""The colour of each status (the Changes panel's legend says the same)."""


class CompareLayer:
    """The items colouring one comparison on a scene; ``show`` replaces them, ``clear`` removes them."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.items: dict[str, OverlayPathItem] = {}

    def show(self, status: dict[str, str], shapes: dict[str, Any]) -> None:
        """Colour each area of ``status`` (``added``, ``changed``, ``removed``) using ``shapes``
        (area id -> shapely geometry: the current shape, or the old one for removed areas)."""
        self.clear()
        for area_id, kind in status.items():
            shape = shapes.get(area_id)
            if shape is None or kind not in COLOURS:
                continue
            item = OverlayPathItem(geometry_path(shape))
            colour = COLOURS[kind]
            fill = QColor(colour)
            fill.setAlpha(150 if kind != "removed" else 200)
            brush = QBrush(
                fill, Qt.BrushStyle.BDiagPattern if kind == "removed" else Qt.BrushStyle.SolidPattern
            )
            # Thick outlines: the fill alone is lost over a map mode's own colours (owners in amber...).
            pen = QPen(colour, 3.0)
            pen.setCosmetic(True)
            if kind == "removed":
                pen.setStyle(Qt.PenStyle.DashLine)
            item.setPen(pen)
            item.setBrush(brush)
            item.setZValue(COMPARE_Z)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the map's tools
            item.setData(0, kind)
            self.scene.addItem(item)
            self.items[area_id] = item

    def status_of(self, area_id: str) -> str | None:
        """How an area is coloured (None: not at all)."""
        item = self.items.get(area_id)
        return None if item is None else str(item.data(0))

    def rect_of(self, ids: tuple[str, ...] | list[str]) -> QRectF:
        """The scene rectangle of the coloured areas among ``ids`` (for removed areas: where they were)."""
        rect = QRectF()
        for area_id in ids:
            item = self.items.get(area_id)
            if item is not None:
                rect = rect.united(item.sceneBoundingRect())
        return rect

    def clear(self) -> None:
        """Remove every item of the comparison from the scene."""
        for item in self.items.values():
            if item.scene() is not None:
                self.scene.removeItem(item)
        self.items.clear()
