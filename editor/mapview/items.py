"""The graphics items of the map: areas, boundaries, labels, connections, units, anchors, layers.

Items are built once per object and updated in place when the document says the object changed.
Pens are cosmetic (a constant width in pixels at any zoom). Labels and thin borders use the level
of detail of the painter's transform, so that a 5,000-area map at full view paints only fills.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.mapview import board_style
from editor.mapview.border_batch import BorderBatches, PenKey, pen_key
from editor.mapview.declutter import Declutter, place
from editor.mapview.fills import AreaFill
from model.scenario import ConnectionKind

# Item data slots: what object an item shows.
ROLE_KIND = 0
ROLE_ID = 1


def geometry_path(geometry: Any) -> QPainterPath:
    """Turn a shapely Polygon or MultiPolygon (or a collection of them) into a painter path with holes."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    if geometry is None or geometry.is_empty:
        return path
    polygons = getattr(geometry, "geoms", None)
    parts = list(polygons) if polygons is not None else [geometry]
    for part in parts:
        if part.geom_type == "Polygon":
            _add_ring(path, part.exterior.coords)
            for ring in part.interiors:
                _add_ring(path, ring.coords)
        elif hasattr(part, "geoms"):
            path.addPath(geometry_path(part))
    return path


def _add_ring(path: QPainterPath, coords: Any) -> None:
    points = list(coords)
    if len(points) < 3:
        return
    path.moveTo(points[0][0], points[0][1])
    for x, y in points[1:]:
        path.lineTo(x, y)
    path.closeSubpath()


def polyline_path(points: list[tuple[float, float]]) -> QPainterPath:
    """Return an open painter path through the points."""
    path = QPainterPath()
    if points:
        path.moveTo(points[0][0], points[0][1])
        for x, y in points[1:]:
            path.lineTo(x, y)
    return path


def bump_placement(item: QGraphicsItem) -> None:
    """Tell the item's scene that what is placed on screen changed (names, chips: see
    ``editor.mapview.declutter``); nothing for an item in no map scene."""
    state = getattr(item.scene(), "state", None)
    if isinstance(state, ViewState):
        state.declutter.bump()


class Layer(QGraphicsObject):
    """An invisible parent item: hiding it hides every item of the layer (land, borders, labels...)."""

    def __init__(self, name: str, z: float) -> None:
        super().__init__()
        self.name = name
        self.setZValue(z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.on_shown: Callable[[], None] | None = None
        """Called when the layer is shown (the scene builds a hidden layer's items on first need)."""

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        """A layer shown, hidden, added or removed changes which names and chips take room."""
        if (
            change == QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged
            and self.on_shown is not None
            and self.isVisible()
        ):
            self.on_shown()
        if change in (
            QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged,
            QGraphicsItem.GraphicsItemChange.ItemSceneChange,
            QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged,
        ):
            bump_placement(self)
        return super().itemChange(change, value)

    def boundingRect(self) -> QRectF:
        """An empty rectangle: the layer draws nothing itself."""
        return QRectF()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw nothing (children draw themselves)."""


class ViewState:
    """What items need to know about the views (shared, read while painting)."""

    def __init__(self) -> None:
        self.selected: set[str] = set()
        self.highlight_pen = QPen(QColor("#d7191c"), 3)
        self.highlight_pen.setCosmetic(True)
        self.label_font = QFont("Sans Serif", 9)
        self.label_metrics = QFontMetricsF(self.label_font)
        self.scale = 1.0
        """Pixels per map unit of the view (or export) being painted: items ignoring transformations
        read the zoom here for their level of detail."""
        self.vector_labels = False
        """Draw labels as text paths (SVG and PDF export) instead of cached pictures."""
        self.declutter = Declutter()
        """Where names and chips go at the current zoom without overlapping."""
        self.board = False
        """Draw the map in the board style (``editor.mapview.board_style``): smoothed borders,
        tinted fills, water lines, serif names."""
        self.board_step = 0.0
        """The board's wobble piece length in map units (``board_style.wobble``), set by the scene."""
        self.border_batches = BorderBatches()
        """The borders drawn as one path per cell and pen (``editor.mapview.border_batch``)."""
        self.board_cache = board_style.SmoothCache()
        """The board's smoothed curves per border and its water lines, kept while only other
        borders change (configured by the scene with the wobble step and the map's frame)."""

    def name_font(self, sea: bool) -> QFont:
        """The face of an area's name: the board's serif (italic for a sea), else the plain one."""
        return board_style.label_font(sea) if self.board else self.label_font


class AreaItem(QGraphicsPathItem):
    """An area's shape as the rest of the editor reads it: its path (the union of its faces), brush
    and extent, in its cell of the Land or Sea layer. Made only when asked for
    (``editor.mapview.lazy_areas``); it draws nothing itself: its cell's fill item fills the area
    (``editor.mapview.fills``)."""

    def __init__(
        self,
        area_id: str,
        state: ViewState,
        fill: AreaFill | None = None,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        self.area_id = area_id
        self._state = state
        self.fill = fill if fill is not None else AreaFill(area_id, False, QPainterPath(), QRectF())
        """The area's fill record, shared with the fill item that draws it."""
        self.setData(ROLE_KIND, "area")
        self.setData(ROLE_ID, area_id)
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)

    @property
    def sea(self) -> bool:
        """A sea zone (in the Sea layer, tinted as sea on the board)."""
        return self.fill.sea

    def brush(self) -> QBrush:
        """The brush the area is filled with (its fill record's)."""
        return self.fill.brush

    def set_fill(self, colour: str) -> None:
        """Fill the area with a colour (a ``#rrggbb`` string), tinted on the board."""
        if self.fill.set_fill(colour, self._state.board):
            self.fill.repaint()


def _cosmetic_pen(colour: str, width: float) -> QPen:
    pen = QPen(QColor(colour), width)
    pen.setCosmetic(True)
    return pen


_PLAIN_BORDER = _cosmetic_pen("#4d4d4d", 1)
_PLAIN_BORDER_KEY = pen_key(_PLAIN_BORDER)
_SELECTED_BORDER = _cosmetic_pen("#d7191c", 2.5)


class BoundaryItem(QGraphicsPathItem):
    """A selected border's own line, in the selected pen over its cell's batch.

    Made only while its border is selected (``BoundaryLine.show_selected``): the unselected borders
    are drawn by their cells' batches and need no graphics item of their own.
    """

    def __init__(self, line: BoundaryLine, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.boundary_id = line.boundary_id
        self.setData(ROLE_KIND, "boundary")
        self.setData(ROLE_ID, line.boundary_id)
        self.setPen(_SELECTED_BORDER)
        self.setZValue(1)  # over the batches of its cell
        self.setPath(line.path())

    def shape(self) -> QPainterPath:
        """The stroke as seen in the view (for clicks near a boundary)."""
        return self.path()


class BoundaryLine:
    """One boundary polyline: its path, pen and cell, drawn one pixel wide at any zoom by its cell's
    batch (``editor.mapview.border_batch``).

    Not a graphics item: a map of 30,000 areas has about 90,000 borders, and an item per border
    (each keeping its own caches once Qt touched it) was a few hundred megabytes and most of the
    time to open the map. Only a selected border gets an item (``BoundaryItem``, red and thicker,
    over its batch); it is dropped again when the border is no longer selected.
    """

    __slots__ = ("_cell", "_path", "_pen", "_pen_key", "_points", "_state", "boundary_id", "item")

    def __init__(
        self, boundary_id: str, state: ViewState, points: Sequence[tuple[float, float]] = ()
    ) -> None:
        self.boundary_id = boundary_id
        self._state = state
        self._points: Sequence[tuple[float, float]] = points
        self._path: QPainterPath | None = None
        """Made from the points when first asked for (``path``): the cells' batches draw the
        unselected lines from their points, so most lines never need a path of their own."""
        self._pen = _PLAIN_BORDER
        self._pen_key = _PLAIN_BORDER_KEY
        self._cell: QGraphicsItem | None = None
        self.item: BoundaryItem | None = None
        """The selected border's own item, None while it is not selected."""

    def set_points(self, points: Sequence[tuple[float, float]]) -> None:
        """Redraw the polyline through these points (smoothed on the board: drawing only)."""
        self._points = points
        self._path = None
        if self.item is not None:
            self.item.setPath(self.path())

    def points(self) -> Sequence[tuple[float, float]]:
        """The points the line goes through (before the board's smoothing)."""
        return self._points

    def path(self) -> QPainterPath:
        """The line's path in map coordinates (smoothed on the board)."""
        if self._path is None:
            state = self._state
            if state.board:
                self._path = board_style.polyline_path(
                    list(self._points), cache=state.board_cache, boundary_id=self.boundary_id
                )
            else:
                self._path = polyline_path(list(self._points))
        return self._path

    def boundingRect(self) -> QRectF:
        """The line's extent in map coordinates."""
        return self.path().boundingRect()

    def sceneBoundingRect(self) -> QRectF:
        """The line's extent in the scene (the same as ``boundingRect``)."""
        return self.path().boundingRect()

    def parentItem(self) -> QGraphicsItem | None:
        """The cell the line is drawn in (None before it is placed)."""
        return self._cell

    def set_cell(self, cell: QGraphicsItem) -> None:
        """Draw the line in this cell (its batch, and its item while selected)."""
        self._cell = cell
        if self.item is not None and self.item.parentItem() is not cell:
            self.item.setParentItem(cell)

    def set_style(self, pen: QPen | None) -> None:
        """Draw with this pen (the board's border or coast pen); None: the plain grey line."""
        if pen is None:
            pen = _PLAIN_BORDER
        if pen == self._pen:
            return
        self._pen = pen
        self._pen_key = pen_key(pen)
        if self._cell is not None:  # placed in its cell: move to the batch of its new pen
            self._state.border_batches.put(self)

    def batch_pen(self) -> QPen:
        """The pen of the line when not selected (what its batch draws it with)."""
        return self._pen

    def batch_key(self) -> PenKey:
        """The key of ``batch_pen`` (``border_batch.pen_key``), kept with the pen."""
        return self._pen_key

    def pen(self) -> QPen:
        """The pen the line shows in: the selected pen while selected, else its batch's."""
        return self.item.pen() if self.item is not None else self._pen

    def isVisible(self) -> bool:
        """Whether the line shows its own item (only while selected)."""
        return self.item is not None and self.item.isVisible()

    def show_selected(self, selected: bool) -> None:
        """Make the selected border's own item over its batch, or drop it."""
        if selected and self.item is None:
            self.item = BoundaryItem(self, self._cell)
        elif not selected and self.item is not None:
            item, self.item = self.item, None
            scene = item.scene()
            if scene is not None:
                scene.removeItem(item)
            item.setParentItem(None)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw the selected line (nothing while not selected: its batch draws it)."""
        if self.item is not None:
            self.item.paint(painter, option, widget)


@dataclass
class Label:
    """One area's name: where it is drawn, how wide the area is, and its cached picture."""

    text: str
    x: float
    y: float
    extent: float
    width: float
    height: float
    pixmap: QPixmap | None = None
    sea: bool = False
    """A sea zone's name (blue italics on the board)."""
    ratio: float = 0.0
    """The device pixel ratio ``pixmap`` was made for (kept here: asking the picture is a Qt call
    per name per frame)."""


class LabelLayerItem(QGraphicsItem):
    """Every area's name, drawn by one item at a constant size on screen.

    One item instead of one per area: Qt cannot index items that ignore transformations, so 5,000
    label items cost a frame even when few are on screen. Here a frame finds the labels in the
    exposed rectangle with one numpy query and draws cached pictures of those wide enough.

    Level of detail: a name is drawn only when its area is at least as wide on screen as the text
    (or when the area is selected), so a zoomed-out map is not buried under names.
    """

    MARGIN_PX = 120.0

    def __init__(self, state: ViewState, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self.labels: dict[str, Label] = {}
        self._ids: list[str] = []
        self._points = np.zeros((0, 2))
        self._extents = np.zeros(0)
        self._widths = np.zeros(0)
        self._dirty = True
        self._bounds = QRectF()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def _metrics(self, sea: bool) -> QFontMetricsF:
        """The metrics of the names' font: the board style's serif per kind, else the plain one."""
        state = self._state
        return QFontMetricsF(state.name_font(sea)) if state.board else state.label_metrics

    def set_label(self, area_id: str, text: str, position: QPointF, extent: float, sea: bool = False) -> None:
        """Show ``text`` centred on ``position``; ``extent`` is the area's width in map units."""
        label = _label(self._metrics(sea), text, position, extent, sea)
        old = self.labels.get(area_id)
        if old is not None and _same_label(old, label):
            return  # an edit next to the area that left its name as it was: nothing to redraw
        self.labels[area_id] = label
        self._changed(old, label)

    def set_labels(self, entries: Iterable[tuple[str, str, QPointF, float, bool]]) -> None:
        """Show these names instead of the current ones, each as ``set_label`` takes it (area id,
        text, position, extent, sea), with one redraw of the layer (a map opened)."""
        metrics = {sea: self._metrics(sea) for sea in (False, True)}
        self.labels = {
            area_id: _label(metrics[sea], text, position, extent, sea)
            for area_id, text, position, extent, sea in entries
        }
        self._changed()
        self._index()  # at once from the new labels, not at the first frame

    def remove(self, area_id: str) -> None:
        """Forget an area's label."""
        old = self.labels.pop(area_id, None)
        if old is not None:
            self._changed(old)

    def clear(self) -> None:
        """Forget every label."""
        self.labels.clear()
        self._changed()

    def _changed(self, *where: Label | None) -> None:
        """Re-index, place the names again, and redraw around the labels that changed (``where``;
        none given: everywhere). Only their surroundings: a name changed by an edit moves no other
        name far away, and redrawing the whole map after every edit was most of a small edit's cost."""
        self._dirty = True
        self._state.declutter.bump()
        if not where:
            self.update()
            return
        pad = self.MARGIN_PX / max(self._state.scale, 1e-9)
        for label in where:
            if label is not None:
                self.update(QRectF(label.x - pad, label.y - pad, 2 * pad, 2 * pad))

    def _index(self) -> None:
        if not self._dirty:
            return
        self._ids = list(self.labels)
        labels = list(self.labels.values())
        self._points = np.array([(label.x, label.y) for label in labels], dtype=float).reshape(-1, 2)
        # Per label: its area's width in map units and its text's width in pixels, so that a frame
        # picks the readable names in its rectangle with array operations (``visible``).
        self._extents = np.fromiter((label.extent for label in labels), dtype=float, count=len(labels))
        self._widths = np.fromiter((label.width for label in labels), dtype=float, count=len(labels))
        self._dirty = False
        self._set_bounds()

    def _set_bounds(self) -> None:
        """The label points' extent, from the index."""
        if len(self._ids):
            low = self._points.min(axis=0)
            high = self._points.max(axis=0)
            bounds = QRectF(low[0], low[1], high[0] - low[0], high[1] - low[1])
        else:
            bounds = QRectF()
        if bounds != self._bounds:
            self.prepareGeometryChange()
            self._bounds = bounds

    def boundingRect(self) -> QRectF:
        """The label points' extent, widened by the largest text at the current zoom."""
        self._index()
        pad = self.MARGIN_PX / max(self._state.scale, 1e-9)
        return self._bounds.adjusted(-pad, -pad, pad, pad)

    def visible(self, rect: QRectF) -> list[str]:
        """The ids of the labels drawn in a scene rectangle at the current zoom."""
        self._index()
        if not self._ids:
            return []
        pad = self.MARGIN_PX / max(self._state.scale, 1e-9)
        xs, ys = self._points[:, 0], self._points[:, 1]
        inside = (xs >= rect.left() - pad) & (xs <= rect.right() + pad)
        inside &= (ys >= rect.top() - pad) & (ys <= rect.bottom() + pad)
        readable = inside & (self._extents * self._state.scale >= self._widths * 0.8)
        shown = [self._ids[i] for i in np.flatnonzero(readable)]
        selected = self._state.selected
        if selected:  # a selected area's name shows however narrow the area is
            shown += [self._ids[i] for i in np.flatnonzero(inside & ~readable) if self._ids[i] in selected]
        return shown

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw the visible names, each centred on its label point, in device pixels."""
        transform = painter.worldTransform()
        # Only the labels on the painted device: the exposed rectangle can be the whole item.
        inverse, invertible = transform.inverted()
        exposed = option.exposedRect  # type: ignore[attr-defined]
        on_device: QRectF | None = None
        if invertible:
            on_device = inverse.mapRect(QRectF(painter.viewport()))
            exposed = exposed.intersected(on_device) if exposed.isValid() else on_device
        shown = self.visible(exposed)
        if not shown:
            return
        ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
        painter.save()
        painter.setWorldTransform(QTransform())
        for area_id, top_left in self._placed(shown, transform, on_device):
            label = self.labels[area_id]
            if self._state.vector_labels:  # SVG and PDF export: real text, not pictures
                painter.save()
                painter.translate(top_left)
                self._paint_text(painter, label)
                painter.restore()
                continue
            if label.pixmap is None or label.ratio != ratio:
                label.pixmap, label.ratio = self._picture(label, ratio), ratio
            painter.drawPixmap(top_left, label.pixmap)
        painter.restore()

    def _placed(
        self, shown: list[str], transform: QTransform, region: QRectF | None = None
    ) -> list[tuple[str, QPointF]]:
        """Where each name goes on the device: the names the zoom level's placement kept (names and
        chips never overlap: ``editor.mapview.declutter``), each centred on its label point."""
        scene = self.scene()
        if scene is None:  # a layer on its own: its names only
            kept = place(self.labels, (), transform.m11(), self._state.selected).labels
        else:
            # Placed around what the device shows (``region``), not over the whole map.
            kept = self._state.declutter.placement(
                scene, transform.m11(), self._state.selected, region
            ).labels
        placed: list[tuple[str, QPointF]] = []
        # The map's transform as plain numbers (a view has no perspective): one Qt call per name
        # fewer in every frame.
        m11, m12, m21, m22 = transform.m11(), transform.m12(), transform.m21(), transform.m22()
        dx, dy = transform.dx(), transform.dy()
        labels = self.labels
        for area_id in shown:
            if area_id not in kept:
                continue
            label = labels[area_id]
            x = m11 * label.x + m21 * label.y + dx
            y = m12 * label.x + m22 * label.y + dy
            # Whole pixels: a picture drawn at a whole pixel is a plain copy, at a fraction it is
            # resampled (several times slower, and blurred).
            placed.append((area_id, QPointF(round(x - label.width / 2), round(y - label.height / 2))))
        return placed

    def _picture(self, label: Label, ratio: float) -> QPixmap:
        # Stroking the halo is the costliest part of drawing a name: do it once per label.
        pixmap = QPixmap(int(label.width * ratio) + 1, int(label.height * ratio) + 1)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        inner = QPainter(pixmap)
        self._paint_text(inner, label)
        inner.end()
        return pixmap

    def _paint_text(self, painter: QPainter, label: Label) -> None:
        font = self._state.name_font(label.sea)
        halo = QPainterPath()
        baseline = label.height - QFontMetricsF(font).descent() - 1
        halo.addText(3, baseline, font, label.text)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self._state.board:  # a parchment halo, and sea names in blue
            painter.strokePath(halo, QPen(QColor(248, 242, 226, 225), 3.2))
            painter.fillPath(halo, board_style.SEA_LABEL if label.sea else QColor("#2b1d0e"))
            return
        painter.strokePath(halo, QPen(QColor(255, 255, 255, 210), 3))
        painter.fillPath(halo, QColor("#1a1a1a"))


def _same_label(a: Label, b: Label) -> bool:
    """Whether two labels draw the same (the cached picture aside)."""
    return (a.text, a.x, a.y, a.extent, a.width, a.height, a.sea) == (
        b.text,
        b.x,
        b.y,
        b.extent,
        b.width,
        b.height,
        b.sea,
    )


CONNECTION_STYLES: dict[ConnectionKind, tuple[str, Qt.PenStyle]] = {
    ConnectionKind.STRAIT: ("#1f78b4", Qt.PenStyle.DashLine),
    ConnectionKind.SEA_LANE: ("#08519c", Qt.PenStyle.DotLine),
    ConnectionKind.RIVER_CROSSING: ("#6baed6", Qt.PenStyle.SolidLine),
    ConnectionKind.IMPASSABLE: ("#a50f15", Qt.PenStyle.DashDotLine),
}


class ConnectionItem(QGraphicsPathItem):
    """A typed connection drawn from one area's label point to the other's, styled by kind."""

    def __init__(self, connection_id: str, state: ViewState, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.connection_id = connection_id
        self._state = state
        self.setData(ROLE_KIND, "connection")
        self.setData(ROLE_ID, connection_id)

    def set_ends(self, start: QPointF, end: QPointF, kind: ConnectionKind) -> None:
        """Draw the connector between two points in the style of its kind."""
        colour, style = CONNECTION_STYLES.get(kind, ("#000000", Qt.PenStyle.SolidLine))
        width = 2.5
        if self._state.board:
            colour, style, width = board_style.CONNECTIONS.get(kind, (colour, style, width))
        pen = QPen(QColor(colour), width, style)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.setPen(pen)
        path = QPainterPath(start)
        path.lineTo(end)
        self.setPath(path)

    def shape(self) -> QPainterPath:
        """A band around the line so that it can be clicked."""
        stroker_pen = QPen()
        stroker_pen.setWidthF(6.0 / max(self._state.scale, 1e-6))
        from PySide6.QtGui import QPainterPathStroker

        stroker = QPainterPathStroker(stroker_pen)
        return stroker.createStroke(self.path())

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw the connector (thicker when selected)."""
        pen = QPen(self.pen())
        if self.connection_id in self._state.selected:
            pen.setWidthF(5)
        painter.setPen(pen)
        painter.drawPath(self.path())


class UnitItem(QGraphicsItem):
    """A starting unit: a counter in its owner's colour with the kind's initial and the strength."""

    SIZE = 18.0

    def __init__(self, unit_id: str, state: ViewState, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.unit_id = unit_id
        self._state = state
        self._colour = QColor("#808080")
        self._text = ""
        self._offset = QPointF()
        self.setData(ROLE_KIND, "unit")
        self.setData(ROLE_ID, unit_id)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)

    def set_unit(self, text: str, colour: str, position: QPointF, slot: int = 0) -> None:
        """Show the counter with this text and colour at a map position, ``slot`` counters to the right."""
        self.prepareGeometryChange()
        self._text = text
        self._colour = QColor(colour)
        # Counters stand below the label, side by side; the offset is in pixels because the item
        # ignores the view's scale.
        self._offset = QPointF((slot - 0.5) * (self.SIZE + 2), self.SIZE * 0.9)
        self.setPos(position)
        self.update()

    def boundingRect(self) -> QRectF:
        """The counter's square in pixels."""
        half = self.SIZE / 2 + 2
        return QRectF(self._offset.x() - half, self._offset.y() - half, 2 * half, 2 * half)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw the counter."""
        half = self.SIZE / 2
        box = QRectF(self._offset.x() - half, self._offset.y() - half, self.SIZE, self.SIZE)
        selected = self.unit_id in self._state.selected
        painter.setPen(QPen(QColor("#d7191c") if selected else QColor("#202020"), 2 if selected else 1))
        painter.setBrush(self._colour)
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(QColor("#ffffff") if self._colour.lightness() < 128 else QColor("#000000"))
        font = QFont(self._state.label_font)
        font.setBold(True)
        font.setPointSizeF(7.5)
        painter.setFont(font)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self._text)


class MarkerItem(QGraphicsItem):
    """A small cross (an area's anchor) or circle (its label point), shown while editing geometry."""

    def __init__(self, kind: str, area_id: str, index: int, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.area_id = area_id
        self.index = index
        self._kind = kind
        self.setData(ROLE_KIND, kind)
        self.setData(ROLE_ID, area_id)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)

    def boundingRect(self) -> QRectF:
        """A few pixels around the point."""
        return QRectF(-6, -6, 12, 12)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw the marker."""
        if self._kind == "anchor":
            painter.setPen(QPen(QColor("#7a0177"), 2))
            painter.drawLine(QPointF(-5, 0), QPointF(5, 0))
            painter.drawLine(QPointF(0, -5), QPointF(0, 5))
        else:
            painter.setPen(QPen(QColor("#006d2c"), 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), 4, 4)


def _label(metrics: QFontMetricsF, text: str, position: QPointF, extent: float, sea: bool) -> Label:
    """A name's placement record: its text's box in these metrics (with a small margin)."""
    return Label(
        text,
        position.x(),
        position.y(),
        extent,
        metrics.horizontalAdvance(text) + 6,
        metrics.height() + 2,
        sea=sea,
    )
