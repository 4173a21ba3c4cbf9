"""Underlays on the map: basemap land and reference pictures drawn under the areas.

``UnderlayLayer`` keeps one graphics item per ``map.underlays`` entry inside the scene's
"underlay" layer (so View > Layers > Basemap underlay shows or hides them all), in file order
(the first is the lowest). Items are rebuilt only when an underlay's kind or source changes;
opacity, position, scale and visibility are applied in place. Loaded land and pictures are cached
by file, so undoing and redoing an underlay does not read its file again.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsPixmapItem

from editor.document import DocumentChange, ScenarioDocument
from editor.mapview.items import geometry_path
from model.scenario import Underlay
from model.underlay import UnderlayError, place_land, resolve_source

log = logging.getLogger(__name__)

LAND_FILL = QColor("#b9ae8e")
COAST_PEN = QColor("#6f6550")


def scenario_dir(document: ScenarioDocument) -> Path | None:
    """The folder underlay sources are relative to (None for a scenario never saved)."""
    return document.path.parent if document.path is not None else None


class BasemapItem(QGraphicsPathItem):
    """Basemap land: a faint fill with a thin coast line, one path for all of it."""

    def __init__(self, path: QPainterPath, parent: QGraphicsItem | None = None) -> None:
        super().__init__(path, parent)
        pen = QPen(COAST_PEN, 1.0)
        pen.setCosmetic(True)
        self.setPen(pen)
        self.setBrush(QBrush(LAND_FILL))
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)


class UnderlayLayer(QObject):
    """Keeps the scene's underlay items in step with ``map.underlays``.

    Signals: ``problem(str)`` when an underlay's file cannot be read (the item is left out).
    """

    problem = Signal(str)

    def __init__(self, scene: Any, document: ScenarioDocument) -> None:
        super().__init__(scene)
        self.scene = scene
        self.document = document
        self.items: dict[str, QGraphicsItem] = {}
        self._sources: dict[str, tuple[str, str]] = {}
        self._land: dict[tuple[str, str], QPainterPath] = {}
        self._pixmaps: dict[str, QPixmap] = {}
        self.errors: dict[str, str] = {}
        document.changed.connect(self._on_changed)
        self.sync()

    @property
    def layer(self) -> QGraphicsItem:
        """The scene's underlay layer (shown and hidden from View > Layers)."""
        return self.scene.layers["underlay"]  # type: ignore[no-any-return]

    def _on_changed(self, change: DocumentChange) -> None:
        # Underlay edits touch no id: they come as setup changes (or a whole new scenario).
        if change.reset or change.setup:
            self.sync()

    def sync(self) -> None:
        """Create, update and remove items so that they match the scenario's underlays."""
        underlays = self.document.scenario.map.underlays
        wanted = {u.id for u in underlays}
        for underlay_id in list(self.items):
            if underlay_id not in wanted:
                self._drop(underlay_id)
        for order, underlay in enumerate(underlays):
            key = (underlay.kind, str(resolve_source(underlay.source, scenario_dir(self.document))))
            if self._sources.get(underlay.id) != key:
                self._drop(underlay.id)
                item = self._build(underlay, Path(key[1]))
                if item is None:
                    continue
                self.items[underlay.id] = item
                self._sources[underlay.id] = key
            item = self.items[underlay.id]
            item.setPos(underlay.x, underlay.y)
            item.setScale(underlay.scale)
            item.setOpacity(underlay.opacity)
            item.setVisible(underlay.visible)
            item.setZValue(order)

    def _drop(self, underlay_id: str) -> None:
        item = self.items.pop(underlay_id, None)
        self._sources.pop(underlay_id, None)
        if item is not None and item.scene() is not None:
            item.scene().removeItem(item)

    def _build(self, underlay: Underlay, path: Path) -> QGraphicsItem | None:
        try:
            if underlay.kind == "basemap":
                return BasemapItem(self.land_path(path), self.layer)
            picture = QGraphicsPixmapItem(self._pixmap(path), self.layer)
            picture.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
            picture.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            return picture
        except UnderlayError as error:
            message = f"Underlay {underlay.id}: {error}"
            self.errors[underlay.id] = message
            self.problem.emit(message)
            return None

    def land_path(self, path: Path) -> QPainterPath:
        """The basemap's land on the map's plane as a painter path (cached per file and projection)."""
        projection = self.document.scenario.map.projection
        key = (str(path), projection.model_dump_json() if projection is not None else "")
        cached = self._land.get(key)
        if cached is None:
            cached = geometry_path(place_land(path, self.document.scenario.map).land)
            self._land[key] = cached
        return cached

    def _pixmap(self, path: Path) -> QPixmap:
        cached = self._pixmaps.get(str(path))
        if cached is None:
            cached = QPixmap(str(path))
            if cached.isNull():
                raise UnderlayError(f"{path.name}: cannot read the picture (is it a PNG, JPEG or SVG file?)")
            self._pixmaps[str(path)] = cached
        return cached
