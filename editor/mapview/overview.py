"""The overview picture: at low zoom the map's fills and borders are one cached image.

Painting 5,000 area fills and 15,000 borders costs several times a 16 ms frame, and at full view
most of that detail is smaller than a pixel. So while the view is zoomed out no further than the
picture's resolution, the detailed layers are made transparent (opacity 0: Qt skips them, but
they stay visible for the layer menu) and one image is drawn instead. Qt's item index leaves out
fully transparent items, so clicks find areas through the topology (``MapScene.area_at``).

An edit redraws only its part of the picture, at once (``MapScene.region_changed``: the extent of
the items it touched), so the picture stays in use while the author edits at full view. A new map
mode or layer toggle (``MapScene.appearance_changed``) makes the whole picture stale: the detailed
items show at once and a new picture is rendered once the author pauses.

The picture is painted by walking the detail layers' items directly (``paint_detail``), not with
``QGraphicsScene.render``: that needs the layers opaque, and fading them in and out for it marks
every item of the map dirty, which repaints the whole view after the smallest edit.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from editor.mapview.fills import FillItem
from editor.mapview.items import AreaItem, BoundaryItem

if TYPE_CHECKING:  # the view builds its overview: no import cycle at run time
    from editor.mapview.scene import MapScene
    from editor.mapview.view import MapView

DETAIL_LAYERS = ("land", "sea", "borders", "adjacency")
"""The layers the picture replaces (the others stay live: labels, units, connections...)."""
MAX_PIXELS = 4096
OVERSAMPLE = 1.5
"""The picture is rendered this much finer than the fitted view, so a small zoom stays sharp."""
CLOSE_UP = 4.0
"""The close-up picture is rendered this much finer than the fitted view (within MAX_PIXELS)."""


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
    """Switches a view between the detailed items and the pictures, by zoom and staleness.

    Two pictures, each for a band of zooms: the overview (``OVERSAMPLE`` times the fitted zoom)
    for the map as a whole, and a close-up (``CLOSE_UP`` times it, at most ``MAX_PIXELS`` a side)
    for zooming in a few steps, where a frame would otherwise paint a quarter of a big map's items.
    The close-up is rendered only once the author has zoomed into its band and paused.
    """

    def __init__(self, scene: MapScene, view: MapView, delay_ms: int = 400) -> None:
        super().__init__(view)
        self.scene = scene
        self.view = view
        self.item = OverviewItem()
        self.item.hide()
        scene.addItem(self.item)
        self.image_scale = 0.0
        """Pixels per map unit of the overview picture (0 before the first)."""
        self.overview_image: QImage | None = None
        self.close_image: QImage | None = None
        """The close-up picture (None until the view first zoomed into its band and paused)."""
        self.close_scale = 0.0
        self.stale = True
        """The overview picture no longer matches the map (the close-up is then stale too)."""
        self.close_stale = True
        self.active = False
        self.enabled = True
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.refresh)
        scene.document.changed.connect(self._on_document_changed)
        scene.region_changed.connect(self.redraw_region)
        scene.appearance_changed.connect(self.invalidate)
        view.scale_changed.connect(self._on_zoom)
        self.patches = 0
        """How many edits redrew a part of the pictures (tests: an edit does not redraw all of it)."""

    def invalidate(self, *_args: object) -> None:
        """The pictures no longer match the map: show the items now, re-render later."""
        self.stale = self.close_stale = True
        self._set_active(False)
        self.timer.start()

    def _on_document_changed(self, change: object) -> None:
        # Edits report their region through the scene; a new map is a new picture.
        if getattr(change, "reset", False):
            self.invalidate()

    def _wants_close_up(self, scale: float) -> bool:
        """Whether this zoom is past the overview's band and within the close-up's."""
        return scale > self.image_scale * 1.0001 and scale <= self._close_up_scale() * 1.0001

    def _on_zoom(self, scale: float) -> None:
        if self.stale or (self._wants_close_up(scale) and self.close_stale):
            self._set_active(False)
            self.timer.start()
            return
        if scale <= self.image_scale * 1.0001:
            self._show(self.overview_image)
        elif self._wants_close_up(scale):
            self._show(self.close_image)
        else:
            self._set_active(False)

    def _show(self, image: QImage | None) -> None:
        if image is not self.item.image:
            self.item.image = image
            self.item.update()
        self._set_active(self.enabled and image is not None)

    def _set_active(self, active: bool) -> None:
        if active == self.active:
            return
        self.active = active
        for layer_id in DETAIL_LAYERS:
            self.scene.layers[layer_id].setOpacity(0.0 if active else 1.0)
        self.item.setVisible(active)

    def _transform(self, image: QImage | None = None) -> QTransform:
        """Map units to a picture's pixels (default: the overview picture's)."""
        image = image if image is not None else self.overview_image
        rect = self.item.rect
        assert image is not None
        return QTransform.fromScale(image.width() / rect.width(), image.height() / rect.height()).translate(
            -rect.left(), -rect.top()
        )

    def _close_up_scale(self, rect: QRectF | None = None) -> float:
        """The close-up's pixels per map unit for the map's extent (default: the pictures' own,
        not worked out again from every border at each zoom step)."""
        rect = self.item.rect if rect is None else rect
        if rect.isEmpty():
            return 0.0
        viewport = self.view.viewport().size()
        fit = min(viewport.width() / rect.width(), viewport.height() / rect.height())
        return min(fit * CLOSE_UP, MAX_PIXELS / rect.width(), MAX_PIXELS / rect.height())

    def _render(self, scale: float) -> QImage:
        """A picture of the detailed layers at ``scale`` pixels per map unit."""
        rect = self.item.rect
        width, height = max(1, round(rect.width() * scale)), max(1, round(rect.height() * scale))
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor(0, 0, 0, 0))
        painter = QPainter(image)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            paint_detail(self.scene, painter, self._transform(image), rect, everything=True)
        finally:
            painter.end()
        return image

    def refresh(self) -> None:
        """Render a new overview picture of the detailed layers (at OVERSAMPLE times the fitted
        zoom), and a new close-up when the view is zoomed into its band."""
        rect = self.scene.map_rect()
        if rect.isEmpty() or not self.enabled:
            return
        self.timer.stop()  # a render already due would only repeat this one
        viewport = self.view.viewport().size()
        fit = min(viewport.width() / rect.width(), viewport.height() / rect.height())
        scale = min(fit * OVERSAMPLE, MAX_PIXELS / rect.width(), MAX_PIXELS / rect.height())
        self.item.prepareGeometryChange()
        self.item.rect = rect
        self.overview_image = self._render(scale)
        self.image_scale = scale
        self.stale = False
        if self._wants_close_up(self.view.scale_factor):
            self.close_scale = self._close_up_scale()
            self.close_image = self._render(self.close_scale)
            self.close_stale = False
        self.item.image = None  # ``_on_zoom`` picks the picture for the zoom
        self.item.update()
        self._on_zoom(self.view.scale_factor)

    def redraw_region(self, region: QRectF) -> None:
        """Paint again the part of the pictures over a scene rectangle (an edit's extent); a stale
        picture, or an edit reaching past it, waits for the next full render instead."""
        image = self.overview_image
        if self.stale or image is None or not self.enabled:
            self.invalidate()
            return
        pixel = 1.0 / max(self._transform(image).m11(), 1e-12)
        region = region.adjusted(-pixel, -pixel, pixel, pixel)  # a line's rectangle can be flat
        if not self.item.rect.contains(region):
            self.invalidate()
            return
        source = self._patch(image, region)
        if not self.close_stale and self.close_image is not None:
            source = source.united(self._patch(self.close_image, region))
        self.patches += 1
        if not source.isNull():
            self.item.update(source)

    def _patch(self, image: QImage, region: QRectF) -> QRectF:
        """Paint a picture again over a scene rectangle; return the scene rectangle painted."""
        transform = self._transform(image)
        # Whole pixels, a pixel wider all round: what antialiasing of the old and new lines touched.
        box = transform.mapRect(region)
        pixels = QRect(
            math.floor(box.left()) - 1,
            math.floor(box.top()) - 1,
            math.ceil(box.width()) + 3,
            math.ceil(box.height()) + 3,
        ).intersected(image.rect())
        if pixels.isEmpty():
            return QRectF()
        inverse, _ok = transform.inverted()
        source = inverse.mapRect(QRectF(pixels))
        painter = QPainter(image)
        try:
            painter.setClipRect(pixels)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
            painter.fillRect(pixels, Qt.GlobalColor.transparent)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            paint_detail(self.scene, painter, transform, source)
        finally:
            painter.end()
        return source


def paint_detail(
    scene: MapScene, painter: QPainter, transform: QTransform, rect: QRectF, everything: bool = False
) -> None:
    """Paint the visible items of the detail layers that reach into a scene rectangle, bottom layer
    first, with ``transform`` from map units to the painter's device (layers faded out for the
    picture are painted as if opaque: the picture stands in for them). ``everything``: the
    rectangle is the whole map (a new picture), so no item's extent needs testing."""
    layers = sorted((scene.layers[layer_id] for layer_id in DETAIL_LAYERS), key=lambda layer: layer.zValue())
    # A pixel of slack: horizontal or vertical lines have empty bounding rectangles.
    pixel = 1.0 / max(transform.m11(), 1e-12)
    area = rect.adjusted(-pixel, -pixel, pixel, pixel)
    option = QStyleOptionGraphicsItem()
    option.exposedRect = area
    painter.setWorldTransform(transform)
    for layer in layers:
        if not layer.isVisible():
            continue
        if everything and layer is scene.layers["borders"]:
            # The borders' batches, then the selected borders over them, without a visit to each
            # of the (hidden) border items in the cells.
            for batch in scene.state.border_batches.items():
                batch.paint(painter, option, None)
            for boundary_id in scene.state.selected:
                boundary = scene.boundaries.get(boundary_id)
                if boundary is not None and boundary.isVisible():
                    boundary.paint(painter, option, None)
            continue
        if everything:
            _paint_children(layer, painter, transform, None, pixel, option)
            continue
        # The layer's cells that meet the rectangle, found at once (``Cells.near``): an edit's
        # patch then costs what is near it, not a test of every cell of the map.
        _paint_children(layer, painter, transform, area, pixel, option, scene.cells.near(layer, area))


def _paint_children(
    parent: QGraphicsItem,
    painter: QPainter,
    transform: QTransform,
    area: QRectF | None,
    pixel: float,
    option: QStyleOptionGraphicsItem,
    near: set[int] | None = None,
) -> None:
    """Paint ``parent``'s visible children and theirs that reach into ``area`` (None: all);
    ``near``: the ``id`` of the cells among them that meet it (None: test each child)."""
    for child in parent.childItems():  # in stacking order
        if near is not None and isinstance(child, QGraphicsRectItem) and id(child) not in near:
            continue  # a cell away from the rectangle
        if not child.isVisible():
            continue
        if area is None and isinstance(child, (FillItem, BoundaryItem)):
            # The map's own fills and lines: at the origin, no children, something to draw (the
            # bulk of a new picture of a big map, so no Qt call is spent finding that out).
            child.paint(painter, option, None)
            continue
        if isinstance(child, AreaItem):
            continue  # an area's shape for the editor to read: its cell's fill item draws it
        flags = child.flags()
        meets = True
        if area is not None:
            meets = child.sceneBoundingRect().adjusted(-pixel, -pixel, pixel, pixel).intersects(area)
            if not meets and flags & QGraphicsItem.GraphicsItemFlag.ItemContainsChildrenInShape:
                continue  # a cell away from the rectangle, with everything in it
        if meets and not flags & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents:
            placed = child.sceneTransform()
            # The map's items sit at the scene's origin: the painter keeps the picture's transform.
            if not placed.isIdentity():
                painter.setWorldTransform(placed * transform)
            child.paint(painter, option, None)
            if not placed.isIdentity():
                painter.setWorldTransform(transform)
        if child.childItems():
            _paint_children(child, painter, transform, area, pixel, option)
