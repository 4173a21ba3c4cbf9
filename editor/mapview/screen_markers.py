"""Many small markers of a fixed size on screen, drawn by one item: vertex handles and loose ends.

One ``QGraphicsItem`` per vertex would cost thousands of items on a detailed coastline; one item
painting every marker in device pixels costs one. Markers are drawn with a level of detail: at
most one marker per few-pixel cell of the screen (nodes first, so they are never hidden by the
inner vertices next to them), and none outside the painted region.

* ``VertexHandles``: the vertices of the boundaries around the selected areas (the Vertices
  tool shows them without hovering).
* ``LooseEnds``: the ends of boundaries that meet no other boundary (a border drawn into empty
  space): the validator's ``BOUNDARY_DANGLING``, marked where it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.mapview.overlay import on_screen
from model.scenario import Scenario
from model.topology import Topology

XY = tuple[float, float]


class ScreenMarkers(QGraphicsItem):
    """Markers at map points, each ``size`` pixels wide whatever the zoom (see the module).

    ``nodes`` are drawn filled and before ``vertices`` (hollow). Call ``set_scale`` when the zoom
    changes: the item's bounding rectangle includes the markers' half-size in map units.
    """

    size = 8.0
    """Marker width in screen pixels."""
    cell = 6.0
    """Level of detail: at most one marker per cell of this many screen pixels."""
    colour = QColor("#d7191c")

    def __init__(self) -> None:
        super().__init__()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(999)
        self.nodes: list[XY] = []
        self.vertices: list[XY] = []
        self._extent = QRectF()
        self._scale = 1.0
        self._array = np.zeros((0, 2))

    def set_points(self, nodes: Iterable[XY], vertices: Iterable[XY]) -> None:
        """Replace the markers."""
        self.prepareGeometryChange()
        self.nodes = list(dict.fromkeys(nodes))
        node_set = set(self.nodes)
        self.vertices = [p for p in dict.fromkeys(vertices) if p not in node_set]
        every = [*self.nodes, *self.vertices]
        self._array = np.array(every, dtype=float).reshape(-1, 2)
        if every:
            xs = [p[0] for p in every]
            ys = [p[1] for p in every]
            self._extent = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        else:
            self._extent = QRectF()
        self.update()

    def set_scale(self, pixels_per_unit: float) -> None:
        """Take the view's zoom (pixels per map unit), which sets the markers' size in map units."""
        if pixels_per_unit > 0 and pixels_per_unit != self._scale:
            self.prepareGeometryChange()
            self._scale = pixels_per_unit

    def boundingRect(self) -> QRectF:
        """The markers' extent grown by half a marker (in map units at the current zoom)."""
        if not self.nodes and not self.vertices:
            return QRectF()
        grow = self.size / self._scale
        return self._extent.adjusted(-grow, -grow, grow, grow)

    def drawn_points(self, clip: QRectF | None = None) -> list[XY]:
        """The markers ``paint`` draws (nodes first) at the zoom given to ``set_scale``.

        The level of detail of ``paint``, with the map's origin at the screen's origin; ``clip``
        is in those screen pixels (None: nothing is clipped).
        """
        every = [*self.nodes, *self.vertices]
        chosen, _x, _y = self._visible((self._scale, 0.0, 0.0, self._scale, 0.0, 0.0), clip)
        return [every[i] for i in chosen]

    def _visible(
        self, matrix: tuple[float, float, float, float, float, float], clip: QRectF | None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Indices of the markers drawn (at most one per screen cell, nodes first) and their pixels.

        ``matrix`` is ``(m11, m12, m21, m22, dx, dy)`` of the map-to-screen transform. Vectorised:
        a selection of thousands of areas repaints in a few milliseconds.
        """
        points = self._array
        if not len(points):
            empty = np.zeros(0)
            return empty.astype(int), empty, empty
        m11, m12, m21, m22, dx, dy = matrix
        x = points[:, 0] * m11 + points[:, 1] * m21 + dx
        y = points[:, 0] * m12 + points[:, 1] * m22 + dy
        keep = np.ones(len(points), dtype=bool)
        if clip is not None:
            keep = (x >= clip.left()) & (x <= clip.right()) & (y >= clip.top()) & (y <= clip.bottom())
        index = np.nonzero(keep)[0]
        cells = np.stack([np.floor(x[index] / self.cell), np.floor(y[index] / self.cell)], axis=1)
        # ``return_index`` gives each cell's first marker: nodes come first, so they win their cell.
        _cells, first = np.unique(cells, axis=0, return_index=True)
        chosen = index[np.sort(first)]
        return chosen, x[chosen], y[chosen]

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw the markers in device pixels (the level of detail of ``drawn_points``; on screen only)."""
        if not on_screen(painter):
            return
        t = painter.worldTransform()
        half = self.size / 2
        clip = QRectF(painter.viewport()).adjusted(-half, -half, half, half)
        chosen, xs, ys = self._visible((t.m11(), t.m12(), t.m21(), t.m22(), t.dx(), t.dy()), clip)
        nodes = len(self.nodes)
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(QPen(self.colour, 1.5))
        for is_node in (True, False):
            painter.setBrush(self.colour if is_node else QColor("#ffffff"))
            for i, x, y in zip(chosen, xs, ys, strict=True):
                if (i < nodes) == is_node:
                    self.draw_marker(painter, QPointF(x, y), half)
        painter.restore()

    def draw_marker(self, painter: QPainter, at: QPointF, half: float) -> None:
        """Draw one marker centred on a device point (a square; subclasses change the shape)."""
        painter.drawRect(QRectF(at.x() - half, at.y() - half, 2 * half, 2 * half))


class VertexHandles(ScreenMarkers):
    """The vertices of every boundary around the selected areas (nodes filled, inner vertices hollow)."""

    def show_areas(self, scenario: Scenario, topology: Topology | None, area_ids: Iterable[str]) -> None:
        """Mark the vertices of the boundaries on the rings of these areas' faces."""
        if topology is None:
            self.set_points([], [])
            return
        index = scenario.boundary_index()
        boundary_ids: dict[str, None] = {}
        for area_id in area_ids:
            for face_id in topology.area_faces(area_id):
                boundary_ids.update(dict.fromkeys(topology.face_boundaries(face_id)))
        nodes: list[XY] = []
        vertices: list[XY] = []
        for boundary_id in boundary_ids:
            boundary = index.get(boundary_id)
            if boundary is None:
                continue
            points = list(boundary.points)
            nodes += [points[0], points[-1]]
            vertices += points[1:-1]
        self.set_points(nodes, vertices)


class LooseEnds(ScreenMarkers):
    """The boundary ends that meet no other boundary: a ring around each (see the module)."""

    size = 14.0
    cell = 2.0
    colour = QColor("#d7191c")

    def show_scenario(self, scenario: Scenario) -> None:
        """Mark every loose end of the scenario's linework."""
        self.set_points(loose_ends(scenario), [])

    def draw_marker(self, painter: QPainter, at: QPointF, half: float) -> None:
        """A red ring with a cross: the border stops here without meeting another one."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(QColor(255, 255, 255, 160))
        painter.drawEllipse(at, half - 1, half - 1)
        arm = half / 2
        painter.drawLine(QPointF(at.x() - arm, at.y() - arm), QPointF(at.x() + arm, at.y() + arm))
        painter.drawLine(QPointF(at.x() - arm, at.y() + arm), QPointF(at.x() + arm, at.y() - arm))


def loose_ends(scenario: Scenario) -> list[XY]:
    """The boundary end points that no other boundary end shares (a ring's two ends share one).

    The same rule as the validator's ``BOUNDARY_DANGLING``: the linework is noded, so a border
    that meets another one ends on a node shared with it.
    """
    ends = Counter(p for b in scenario.map.boundaries for p in (b.points[0], b.points[-1]))
    return [p for p, count in ends.items() if count == 1]
