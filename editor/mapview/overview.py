"""The overview picture: at low zoom the map's fills and borders are one cached image.

Painting 5,000 area fills and 15,000 borders costs several times a 16 ms frame, and at full view
most of that detail is smaller than a pixel. So while the view is zoomed out no further than the
picture's resolution, the detailed layers are made transparent (opacity 0: Qt skips them, but
they stay visible for the layer menu) and one image is drawn instead. Qt's item index leaves out
fully transparent items, so clicks find areas through the topology (``MapScene.area_at``). Any document
change, new map mode or layer toggle makes the picture stale: the detailed items show at once and
a new picture is rendered once the author pauses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

if TYPE_CHECKING:  # the view builds its overview: no import cycle at run time
    from editor.mapview.scene import MapScene
    from editor.mapview.view import MapView

DETAIL_LAYERS = ("land", "sea", "borders", "adjacency")
"""The layers the picture replaces (the others stay live: labels, units, connections...)."""
MAX_PIXELS = 4096
OVERSAMPLE = 1.5
"""The picture is rendered this much finer than the fitted view, so a small zoom stays sharp."""


class OverviewItem(QGraphicsItem):
    """Draws the cached picture over the map's extent."""

    def __init__(self) -> None:
        super().__init__()
        self.image: QImage | None = None
        self.rect = QRectF()
        self.setZValue(15)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        """The map's extent."""
        return self.rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw the picture, smoothly scaled to the view."""
        if self.image is not None:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            painter.drawImage(self.rect, self.image)


class Overview(QObject):
    """Switches a view between the detailed items and the picture, by zoom and staleness."""

    def __init__(self, scene: MapScene, view: MapView, delay_ms: int = 400) -> None:
        super().__init__(view)
        self.scene = scene
        self.view = view
        self.item = OverviewItem()
        self.item.hide()
        scene.addItem(self.item)
        self.image_scale = 0.0
        self.stale = True
        self.active = False
        self.enabled = True
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.refresh)
        scene.document.changed.connect(self.invalidate)
        scene.appearance_changed.connect(self.invalidate)
        view.scale_changed.connect(self._on_zoom)

    def invalidate(self, *_args: object) -> None:
        """The picture no longer matches the map: show the items now, re-render later."""
        self.stale = True
        self._set_active(False)
        self.timer.start()

    def _on_zoom(self, scale: float) -> None:
        if self.stale:
            self.timer.start()
            return
        self._set_active(self.enabled and scale <= self.image_scale * 1.0001)

    def _set_active(self, active: bool) -> None:
        if active == self.active:
            return
        self.active = active
        for layer_id in DETAIL_LAYERS:
            self.scene.layers[layer_id].setOpacity(0.0 if active else 1.0)
        self.item.setVisible(active)

    def refresh(self) -> None:
        """Render a new picture of the detailed layers (at OVERSAMPLE times the fitted zoom)."""
        rect = self.scene.map_rect()
        if rect.isEmpty() or not self.enabled:
            return
        viewport = self.view.viewport().size()
        fit = min(viewport.width() / rect.width(), viewport.height() / rect.height())
        scale = min(fit * OVERSAMPLE, MAX_PIXELS / rect.width(), MAX_PIXELS / rect.height())
        width, height = max(1, round(rect.width() * scale)), max(1, round(rect.height() * scale))
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor(0, 0, 0, 0))
        self._set_active(False)
        others = {
            layer_id: layer.opacity()
            for layer_id, layer in self.scene.layers.items()
            if layer_id not in DETAIL_LAYERS
        }
        for layer_id in others:
            self.scene.layers[layer_id].setOpacity(0.0)
        brush = self.scene.backgroundBrush()
        self.scene.setBackgroundBrush(Qt.BrushStyle.NoBrush)
        painter = QPainter(image)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            self.scene.render(painter, QRectF(0, 0, width, height), rect)
        finally:
            painter.end()
            self.scene.setBackgroundBrush(brush)
            for layer_id, opacity in others.items():
                self.scene.layers[layer_id].setOpacity(opacity)
        self.item.prepareGeometryChange()
        self.item.image = image
        self.item.rect = rect
        self.image_scale = scale
        self.stale = False
        self._on_zoom(self.view.scale_factor)
