"""The Adjacency layer: every derived adjacency as a line between the two areas' label points.

Lines are styled by kind: land-land, land-sea and sea-sea pairs, each typed connection (strait,
sea lane, river crossing), and pairs an impassable connection cuts (drawn so the cut stays
visible). To stay smooth on a 5,000-area map the layer is one item that draws, per frame, the
segments in view, style by style (``AdjacencyItem``), not 15,000 items; at full view the overview
picture stands in for it; clicks are found through a shapely ``STRtree`` of the segments' boxes,
not Qt's item index. The lines are built only while the layer is shown, once the author pauses
after edits that change the graphs (``editor.graph_cache``). On a big map (``BUILD_ELSEWHERE``
areas and more) the graphs and the lines are built in a worker thread, from a snapshot of the
scenario and a copy of the topology's adjacency (a second at 30,000 areas, which the UI thread
must not wait for), and shown when ready unless another edit came in meanwhile.

A selected edge is known by its id, ``adjacency:A|B`` (``editor.edge_ids``).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
import shapely
import shiboken6
from PySide6.QtCore import QLineF, QObject, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget
from shapely import STRtree

from editor.edge_ids import PREFIX, edge_id, parse_edge_id
from editor.graph_cache import DocumentGraphs
from editor.mapview.items import Layer
from editor.mapview.modes import LegendEntry
from editor.validation import snapshot
from model.graph import BORDER, MapGraphs, pair_kind
from model.perf import gc_paused
from model.scenario import Area, Scenario

log = logging.getLogger(__name__)

BUILD_ELSEWHERE = 2000
"""From this many areas the layer's graphs and lines are built in a worker thread."""

_BUILDER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="adjacency-lines")


@dataclass(frozen=True)
class EdgeStyle:
    """How one kind of adjacency is drawn and named in the legend."""

    label: str
    colour: str
    width: float
    dash: Qt.PenStyle = Qt.PenStyle.SolidLine


STYLES: dict[str, EdgeStyle] = {
    "land-land": EdgeStyle("Adjacency: land – land", "#7a5c1e", 1.6),
    "land-sea": EdgeStyle("Adjacency: land – sea", "#1b9e9e", 1.3, Qt.PenStyle.DashLine),
    "sea-sea": EdgeStyle("Adjacency: sea – sea", "#1f5fa8", 1.6),
    "strait": EdgeStyle("Adjacency: strait", "#c2410c", 2.6),
    "sea_lane": EdgeStyle("Adjacency: sea lane", "#6a3d9a", 2.4, Qt.PenStyle.DotLine),
    "river_crossing": EdgeStyle("Adjacency: river crossing", "#2171b5", 2.6, Qt.PenStyle.DashDotLine),
    "impassable": EdgeStyle("Cut: impassable connection", "#d7191c", 2.0, Qt.PenStyle.DashLine),
}
"""Style key -> style, in legend order."""

CONNECTION_ORDER = ("strait", "sea_lane", "river_crossing")
"""Which connection kind styles an edge joined by several (the rarest on a map first)."""


def edge_style(graphs: MapGraphs, a: str, b: str) -> str:
    """The style key of an edge of ``graphs.full`` or ``graphs.cut``."""
    if graphs.cut.has_edge(a, b) and not graphs.full.has_edge(a, b):
        return "impassable"
    kinds = graphs.full.edges[a, b]["kinds"]
    if len(kinds) > 1 or BORDER not in kinds:  # a typed connection joins them
        for kind in CONNECTION_ORDER:
            if kind in kinds:
                return kind
    return pair_kind(graphs.kinds[a], graphs.kinds[b])


@dataclass(frozen=True)
class Lines:
    """The layer's lines: ``(a, b, style)`` per edge, its segment and style number, in one order."""

    edges: list[tuple[str, str, str]]
    segments: np.ndarray
    styles: np.ndarray
    index: dict[str, int]
    """Edge id (``editor.edge_ids``) -> its position."""


def overlay_lines(graphs: MapGraphs | None, areas: Mapping[str, Area]) -> Lines:
    """Every edge of the graphs as a line between the two areas' label points (no Qt: any thread)."""
    order = {key: i for i, key in enumerate(STYLES)}
    edges: list[tuple[str, str, str]] = []
    coords: list[tuple[float, float, float, float]] = []
    if graphs is not None:
        for graph in (graphs.full, graphs.cut):
            for u, v in graph.edges:
                a, b = sorted((str(u), str(v)))
                if graph is graphs.cut and graphs.full.has_edge(a, b):
                    continue
                if graph is graphs.cut and not graphs.cut.edges[a, b].get("kinds"):
                    continue  # an impassable connection between areas that never touched
                if a not in areas or b not in areas:
                    continue
                style = edge_style(graphs, a, b)
                edges.append((a, b, style))
                coords.append((*_label_point(areas[a]), *_label_point(areas[b])))
    segments = np.array(coords, dtype=float).reshape(-1, 4)
    styles = np.array([order[style] for _a, _b, style in edges], dtype=int)
    return Lines(edges, segments, styles, {edge_id(a, b): i for i, (a, b, _s) in enumerate(edges)})


class _Relay(QObject):
    """Carries lines built in the worker to the UI thread (a queued signal)."""

    ready = Signal(int, int, object, object)  # request, graphs generation, MapGraphs, Lines


def _label_point(area: Area) -> tuple[float, float]:
    x, y = area.label if area.label is not None else area.anchors[0]
    return float(x), float(y)


class AdjacencyItem(QGraphicsItem):
    """Every adjacency line, drawn by one item: per frame, only the segments in the exposed rectangle.

    One item instead of one per edge (15,000 on a 5,000-area map), and no long paths either: Qt
    would stroke a whole path even when the view shows a corner of it. A frame picks the segments
    whose box meets the exposed rectangle with one numpy test and draws them style by style, over
    a pale casing that keeps them readable on dark fills. At full view the overview picture
    (``editor.mapview.overview``) stands in for this layer as it does for the fills.
    """

    CASING = QColor("#f4f4ee")
    """Opaque: a translucent wide stroke costs several times more to draw."""
    DENSE = 3000
    """More segments than this in one frame are drawn as plain hairlines (no casing, no smoothing)."""

    def __init__(self, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.segments = np.zeros((0, 4))
        self.styles = np.zeros(0, dtype=int)
        self._boxes = np.zeros((0, 4))
        self._bounds = QRectF()
        self.pens: list[QPen] = []
        for style in STYLES.values():
            pen = QPen(QColor(style.colour), style.width, style.dash)
            pen.setCosmetic(True)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            self.pens.append(pen)
        self.hairlines = [QPen(pen.color(), 0) for pen in self.pens]
        self.casing_pen = QPen(self.CASING, 3.4)
        self.casing_pen.setCosmetic(True)
        self.casing_pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_segments(self, segments: np.ndarray, styles: np.ndarray) -> None:
        """Take the lines (``x1, y1, x2, y2`` rows) and each one's style (an index into ``STYLES``)."""
        self.segments = segments
        self.styles = styles
        low = np.minimum(segments[:, :2], segments[:, 2:])
        high = np.maximum(segments[:, :2], segments[:, 2:])
        self._boxes = np.hstack([low, high])
        bounds = QRectF()
        if len(segments):
            bounds = QRectF(QPointF(*low.min(axis=0)), QPointF(*high.max(axis=0)))
        self.prepareGeometryChange()
        self._bounds = bounds
        self.update()

    def boundingRect(self) -> QRectF:
        """The lines' extent."""
        return self._bounds

    def visible(self, rect: QRectF) -> np.ndarray:
        """Indices of the segments whose box meets a scene rectangle."""
        boxes = self._boxes
        if not len(boxes):
            return np.zeros(0, dtype=int)
        hit = (boxes[:, 0] <= rect.right()) & (boxes[:, 2] >= rect.left())
        hit &= (boxes[:, 1] <= rect.bottom()) & (boxes[:, 3] >= rect.top())
        return np.flatnonzero(hit)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw the casing, then each style's lines, of the segments on the painted device."""
        exposed = option.exposedRect  # type: ignore[attr-defined]
        inverse, invertible = painter.worldTransform().inverted()
        if invertible:
            on_device = inverse.mapRect(QRectF(painter.viewport()))
            exposed = exposed.intersected(on_device) if exposed.isValid() else on_device
        shown = self.visible(exposed)
        if not len(shown):
            return
        lines = [QLineF(*row) for row in self.segments[shown].tolist()]
        styles = self.styles[shown]
        dense = len(shown) > self.DENSE
        if dense:  # a whole large map (before the overview picture): hairlines, Qt's fast path
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        else:
            painter.setPen(self.casing_pen)
            painter.drawLines(lines)
        for index, pen in enumerate(self.pens):
            picked = np.flatnonzero(styles == index)
            if len(picked):
                painter.setPen(self.hairlines[index] if dense else pen)
                painter.drawLines([lines[i] for i in picked.tolist()])


class AdjacencyOverlay:
    """The lines of the Adjacency layer, the selected edge's highlight and the click lookup."""

    DELAY_MS = 250
    """After an edit, the lines are drawn again once the author pauses this long (a drag sends many)."""

    def __init__(self, layer: Layer, graphs: DocumentGraphs) -> None:
        self.layer = layer
        self.source = graphs
        self.item = AdjacencyItem(layer)
        # Not in the layer: the overview picture takes the layer's lines, but a selection changes
        # more often than the map, and must not make the picture stale.
        self.highlight = QGraphicsPathItem()
        pen = QPen(QColor("#ffd400"), 9)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.highlight.setPen(pen)
        self.highlight.setOpacity(0.75)
        self.highlight.setZValue(layer.zValue() + 0.5)
        self.highlight.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.highlight.setVisible(False)
        self.edges: list[tuple[str, str, str]] = []
        """``(a, b, style)`` of every edge drawn, in the order of ``segments``."""
        self.segments = np.zeros((0, 4))
        self._tree: STRtree | None = None
        self._index: dict[str, int] = {}
        self._selected: str | None = None
        self._dirty = True
        self.timer = QTimer(layer)  # dies with the layer: never fires for a scene that is gone
        self.timer.setSingleShot(True)
        self.timer.setInterval(self.DELAY_MS)
        self.timer.timeout.connect(self._rebuild_if_dirty)
        self.on_rebuilt: Callable[[], None] | None = None
        """Called after the lines were drawn again (the scene republishes its legend)."""
        self.building = False
        """Whether lines are being built in the worker (a big map)."""
        self._request = 0
        self._relay = _Relay()
        self._relay.ready.connect(self._take)
        graphs.changed.connect(self._on_graphs_changed)
        self._listening = True
        layer.visibleChanged.connect(self._on_visible_changed)

    # --- building -------------------------------------------------------------------------------

    def _alive(self) -> bool:
        """Whether the layer still exists; once its scene is gone, stop listening to the graphs.

        The document's graphs outlive a scene (a window closed, a scene rebuilt on the same
        document), and their signal would otherwise reach this overlay's deleted layer."""
        if shiboken6.isValid(self.layer):
            return True
        if self._listening:
            self._listening = False
            with contextlib.suppress(RuntimeError, TypeError):
                self.source.changed.disconnect(self._on_graphs_changed)
        return False

    def _on_graphs_changed(self) -> None:
        self._dirty = True
        self._request += 1  # lines under way in the worker are of the map before this edit
        self.building = False
        if self._alive() and self.layer.isVisible():
            self.timer.start()  # restarted by each edit of a drag: once, when the author pauses

    def _on_visible_changed(self) -> None:
        visible = self.layer.isVisible()
        if self.highlight.scene() is None and self.layer.scene() is not None:
            self.layer.scene().addItem(self.highlight)
        self.highlight.setVisible(visible)
        if visible:
            self._rebuild_if_dirty()

    def _rebuild_if_dirty(self) -> None:
        if self._dirty and self._alive() and self.layer.isVisible():
            if len(self.source.document.scenario.map.areas) >= BUILD_ELSEWHERE:
                self.rebuild_elsewhere()
            else:
                self.rebuild()

    def rebuild(self) -> None:
        """Draw every edge of the document's graphs again (now, on this thread)."""
        with gc_paused():  # many small objects at once: no collection passes over the whole heap
            self._request += 1
            self._dirty = False
            self.timer.stop()
            self._apply_lines(overlay_lines(self.source.graphs(), self.source.document.scenario.area_index()))

    def rebuild_elsewhere(self) -> None:
        """Build the graphs (if stale) and the lines in the worker; show them when they arrive."""
        self._request += 1
        self._dirty = False
        self.timer.stop()
        document = self.source.document
        graphs = self.source.fresh()
        adjacency = None
        if graphs is None:
            topology = document.topology
            if topology is None:  # no faces: no graphs (as ``DocumentGraphs.graphs`` says)
                self._apply_lines(overlay_lines(None, {}))
                return
            adjacency = topology.adjacency()  # a copy: the topology belongs to this thread
        self.building = True
        _BUILDER.submit(
            self._build_elsewhere,
            self._request,
            self.source.generation,
            snapshot(document.scenario),
            graphs,
            adjacency,
        )

    def _build_elsewhere(
        self,
        request: int,
        generation: int,
        scenario: Scenario,
        graphs: MapGraphs | None,
        adjacency: dict[frozenset[str], float] | None,
    ) -> None:
        """In the worker: the graphs (unless given) and the lines, handed to the UI thread."""
        if request != self._request:
            return  # already stale: a newer request is queued behind this one
        try:
            if graphs is None:
                assert adjacency is not None
                graphs = MapGraphs.from_adjacency(scenario, adjacency)
            lines = overlay_lines(graphs, scenario.area_index())
        except Exception:
            log.exception("cannot build the adjacency lines")
            return
        with contextlib.suppress(RuntimeError):  # the scene was closed meanwhile
            self._relay.ready.emit(request, generation, graphs, lines)

    def _take(self, request: int, generation: int, graphs: MapGraphs, lines: Lines) -> None:
        if request != self._request or not self._alive():
            return  # an edit came in meanwhile: its own build is on its way
        self.building = False
        self.source.offer(graphs, generation)
        self._apply_lines(lines)

    def _apply_lines(self, lines: Lines) -> None:
        self.building = False
        self.edges = lines.edges
        self.segments = lines.segments
        self.item.set_segments(self.segments, lines.styles)
        self._index = lines.index
        self._tree = None  # built on the first click: an edit need not pay for it
        self._show_selected()
        if self.on_rebuilt is not None:
            self.on_rebuilt()

    def ensure_built(self) -> None:
        """Build the lines now if an edit made them stale (tests, and clicks right after an edit)."""
        if self._dirty or self.building:
            self.rebuild()  # a build under way in the worker is then stale

    def counts(self) -> dict[str, int]:
        """How many edges of each style are drawn."""
        found: dict[str, int] = {}
        for _a, _b, style in self.edges:
            found[style] = found.get(style, 0) + 1
        return found

    def legend(self) -> list[LegendEntry]:
        """Legend lines for the styles drawn now."""
        used = {style for _a, _b, style in self.edges}
        return [LegendEntry(STYLES[key].colour, STYLES[key].label) for key in STYLES if key in used]

    # --- clicks and selection -------------------------------------------------------------------

    def edge_at(self, point: QPointF, tolerance: float) -> str | None:
        """The id of the edge within ``tolerance`` of a point, away from both ends; None when none.

        The ends sit on the areas' names, where a click should still select the area: only the
        middle 70% of a line answers (or all of it beyond ``tolerance`` from the ends on a short one).
        """
        if not self.layer.isVisible():
            return None
        self.ensure_built()
        if not len(self.segments):
            return None
        if self._tree is None:
            boxes = self.item._boxes
            self._tree = STRtree(shapely.box(boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]))
        x, y = point.x(), point.y()
        near = self._tree.query(shapely.box(x - tolerance, y - tolerance, x + tolerance, y + tolerance))
        best: tuple[float, int] | None = None
        for index in near:
            x1, y1, x2, y2 = self.segments[index]
            dx, dy = x2 - x1, y2 - y1
            length2 = dx * dx + dy * dy
            if length2 == 0:
                continue
            t = ((x - x1) * dx + (y - y1) * dy) / length2
            length = length2**0.5
            margin = max(0.15, min(0.5, tolerance / length))
            if t < margin or t > 1 - margin:
                continue
            distance = abs((x - x1) * dy - (y - y1) * dx) / length
            if distance <= tolerance and (best is None or distance < best[0]):
                best = (distance, int(index))
        if best is None:
            return None
        a, b, _style = self.edges[best[1]]
        return edge_id(a, b)

    def set_selected(self, ids: set[str]) -> None:
        """Highlight the selected edge (the first adjacency id of the selection)."""
        self._selected = next((i for i in sorted(ids) if i.startswith(PREFIX)), None)
        self._show_selected()

    def _show_selected(self) -> None:
        path = QPainterPath()
        index = self._index.get(self._selected) if self._selected else None
        if index is not None:
            x1, y1, x2, y2 = self.segments[index]
            path.moveTo(x1, y1)
            path.lineTo(x2, y2)
        self.highlight.setPath(path)

    def rect_of(self, item_id: str) -> QRectF:
        """The scene rectangle of an edge (empty when it is not drawn)."""
        index = self._index.get(item_id)
        if index is None:
            return QRectF()
        x1, y1, x2, y2 = self.segments[index]
        return QRectF(QPointF(min(x1, x2), min(y1, y2)), QPointF(max(x1, x2), max(y1, y2)))

    def exists(self, item_id: str) -> bool:
        """Whether an adjacency id names a pair that is adjacent or cut now (else the selection drops it)."""
        pair = parse_edge_id(item_id)
        graphs = self.source.graphs() if pair is not None else None
        if pair is None or graphs is None:
            return False
        return graphs.full.has_edge(*pair) or graphs.cut.has_edge(*pair)
