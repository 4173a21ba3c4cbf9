"""The Adjacency layer: every derived adjacency as a line between the two areas' label points.

Lines are styled by kind: land-land, land-sea and sea-sea pairs, each typed connection (strait,
sea lane, river crossing), and pairs an impassable connection cuts (drawn so the cut stays
visible). To stay smooth on a 5,000-area map the layer is one path item per style (Qt paints a
few long paths much faster than 15,000 small items) and clicks are found through a shapely
``STRtree`` of the segments, not Qt's item index. The lines are built only while the layer is
shown, after the edits that change the graphs (``editor.graph_cache``).

A selected edge is known by its id, ``adjacency:A|B`` (``editor.edge_ids``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import shapely
from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem
from shapely import STRtree

from editor.edge_ids import PREFIX, edge_id, parse_edge_id
from editor.graph_cache import DocumentGraphs
from editor.mapview.items import Layer
from editor.mapview.modes import LegendEntry
from model.graph import BORDER, MapGraphs, pair_kind
from model.scenario import Area


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
    kinds = {str(k) for k in graphs.full.edges[a, b]["kinds"]} - {BORDER}
    for kind in CONNECTION_ORDER:
        if kind in kinds:
            return kind
    return pair_kind(graphs.kinds[a], graphs.kinds[b])


def _label_point(area: Area) -> tuple[float, float]:
    x, y = area.label if area.label is not None else area.anchors[0]
    return float(x), float(y)


class AdjacencyOverlay:
    """The lines of the Adjacency layer, the selected edge's highlight and the click lookup."""

    Z = 22
    """Above the connections (20), below the labels (30)."""

    def __init__(self, layer: Layer, graphs: DocumentGraphs) -> None:
        self.layer = layer
        self.source = graphs
        # A pale casing under every line keeps them readable over dark fills (one more path).
        self.casing = QGraphicsPathItem(layer)
        casing_pen = QPen(QColor(255, 255, 255, 170), 3.6)
        casing_pen.setCosmetic(True)
        casing_pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.casing.setPen(casing_pen)
        self.casing.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.casing.setZValue(-2)
        self.items: dict[str, QGraphicsPathItem] = {}
        for key, style in STYLES.items():
            item = QGraphicsPathItem(layer)
            pen = QPen(QColor(style.colour), style.width, style.dash)
            pen.setCosmetic(True)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            item.setPen(pen)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.items[key] = item
        self.highlight = QGraphicsPathItem(layer)
        pen = QPen(QColor("#ffd400"), 9)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.highlight.setPen(pen)
        self.highlight.setZValue(-1)  # a glow under the selected line, over the casings
        self.highlight.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.edges: list[tuple[str, str, str]] = []
        """``(a, b, style)`` of every edge drawn, in the order of ``segments``."""
        self.segments = np.zeros((0, 4))
        self._tree: STRtree | None = None
        self._index: dict[str, int] = {}
        self._selected: str | None = None
        self._dirty = True
        self._scheduled = False
        self.on_rebuilt: Callable[[], None] | None = None
        """Called after the lines were drawn again (the scene republishes its legend)."""
        graphs.changed.connect(self._on_graphs_changed)
        layer.visibleChanged.connect(self._on_visible_changed)

    # --- building -------------------------------------------------------------------------------

    def _on_graphs_changed(self) -> None:
        self._dirty = True
        if self.layer.isVisible() and not self._scheduled:
            # Once per batch of edits, after the views took the change (a drag sends many).
            self._scheduled = True
            QTimer.singleShot(0, self._rebuild_if_dirty)

    def _on_visible_changed(self) -> None:
        if self.layer.isVisible():
            self._rebuild_if_dirty()

    def _rebuild_if_dirty(self) -> None:
        self._scheduled = False
        if self._dirty and self.layer.isVisible():
            self.rebuild()

    def rebuild(self) -> None:
        """Draw every edge of the document's graphs again (one path per style)."""
        self._dirty = False
        graphs = self.source.graphs()
        areas = self.source.document.scenario.area_index()
        paths = {key: QPainterPath() for key in STYLES}
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
                    (x1, y1), (x2, y2) = _label_point(areas[a]), _label_point(areas[b])
                    path = paths[style]
                    path.moveTo(x1, y1)
                    path.lineTo(x2, y2)
                    edges.append((a, b, style))
                    coords.append((x1, y1, x2, y2))
        casing = QPainterPath()
        for key, item in self.items.items():
            item.setPath(paths[key])
            casing.addPath(paths[key])
        self.casing.setPath(casing)
        self.edges = edges
        self.segments = np.array(coords, dtype=float).reshape(-1, 4)
        self._index = {edge_id(a, b): i for i, (a, b, _s) in enumerate(edges)}
        lines = shapely.linestrings(self.segments.reshape(-1, 2, 2)) if len(edges) else np.array([])
        self._tree = STRtree(lines) if len(edges) else None
        self._show_selected()
        if self.on_rebuilt is not None:
            self.on_rebuilt()

    def ensure_built(self) -> None:
        """Build the lines now if an edit made them stale (tests, and clicks right after an edit)."""
        if self._dirty:
            self.rebuild()

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
        if self._tree is None:
            return None
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
