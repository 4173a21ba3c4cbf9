"""Map tools: what a click or a drag on the map does (select, edit vertices, draw, split, merge...).

The view hands every mouse event that is not a pan to its current tool. A tool turns gestures
into edits through ``editor.commands.execute`` (one ``model.ops`` call per step) and reports a
refused edit (an ``OpError`` and its reason) through ``ToolContext.report``, never by raising.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAction, QColor, QKeyEvent, QMouseEvent, QPainterPath, QPen

from editor import commands
from editor.document import ScenarioDocument
from editor.mapview.overlay import OverlayPathItem
from editor.selection import Selection

if TYPE_CHECKING:
    from editor.mapview.view import MapView

SNAP_PIXELS = 8.0
"""Snapping tolerance, in screen pixels, to nodes, vertices and boundaries."""

FREE_MODIFIER = Qt.KeyboardModifier.AltModifier
"""Held while placing a point, it places the point freely (on the grid only, no snapping)."""

FREE_HINT = "hold Alt to place freely"
"""How the tools' hints name ``FREE_MODIFIER``."""


def placing_freely(event: QMouseEvent | None) -> bool:
    """Whether the user holds the modifier that turns snapping off for this mouse event."""
    return event is not None and bool(event.modifiers() & FREE_MODIFIER)


@dataclass
class ToolContext:
    """What tools need: the document, the shared selection, and where to report refused edits."""

    document: ScenarioDocument
    selection: Selection
    report: Callable[[str], None]


class Tool:
    """Base tool: ignores everything. Handlers return True when they used the event."""

    name = "Tool"
    id = "tool"
    hint = ""

    def __init__(self, view: MapView, context: ToolContext) -> None:
        self.view = view
        self.context = context

    @property
    def document(self) -> ScenarioDocument:
        """The document the tool edits."""
        return self.context.document

    def activate(self) -> None:
        """Called when the tool becomes current."""

    def deactivate(self) -> None:
        """Called when another tool becomes current: drop any preview."""

    def press(self, point: QPointF, event: QMouseEvent) -> bool:
        """A mouse button went down at a map point."""
        return False

    def move(self, point: QPointF, event: QMouseEvent) -> bool:
        """The mouse moved to a map point."""
        return False

    def release(self, point: QPointF, event: QMouseEvent) -> bool:
        """A mouse button went up at a map point."""
        return False

    def double_click(self, point: QPointF, event: QMouseEvent) -> bool:
        """A double-click at a map point."""
        return False

    def key_press(self, event: QKeyEvent) -> bool:
        """A key press while the map has the focus."""
        return False

    def wants_key(self, event: QKeyEvent) -> bool:
        """Whether the tool takes this key now, before a window shortcut on the same key."""
        return False

    def options(self) -> list[QAction]:
        """Checkable settings of the tool, offered in the Tools menu and on the toolbar."""
        return []

    def tolerance(self) -> float:
        """The snapping tolerance in map units at the current zoom."""
        return self.view.pixels_to_map(SNAP_PIXELS)

    def run(self, ops: Any, text: str = "", merge_key: Any = None) -> bool:
        """Run an edit; report the reason and return False when the model refuses it."""
        try:
            commands.execute(self.document, ops, text, merge_key)
        except (ValueError, KeyError, LookupError) as error:  # OpError subclasses ValueError
            self.context.report(str(error))
            return False
        return True


class SelectTool(Tool):
    """Click selects an area, unit or connection; Ctrl+click adds or removes; a click on water clears."""

    name = "Select"
    id = "select"
    hint = "Click to select; Ctrl+click to add to the selection"

    def press(self, point: QPointF, event: QMouseEvent) -> bool:
        """Select what is under the cursor."""
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        found = self.view.map_scene.object_at(point, self.tolerance())
        toggle = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if found is None:
            if not toggle:
                self.context.selection.clear()
            return True
        if toggle:
            self.context.selection.toggle(found[1])
        else:
            self.context.selection.set([found[1]])
        return True


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Euclidean distance between two points."""
    return math.hypot(a[0] - b[0], a[1] - b[1])


class Preview(OverlayPathItem):
    """A temporary line drawn by a tool (a boundary being drawn, a connection being dragged)."""

    def __init__(self, colour: str = "#d7191c") -> None:
        super().__init__()
        pen = QPen(QColor(colour), 2, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self.setPen(pen)
        self.setZValue(1000)

    def set_points(self, points: list[QPointF]) -> None:
        """Draw the polyline through the points."""
        path = QPainterPath()
        if points:
            path.moveTo(points[0])
            for point in points[1:]:
                path.lineTo(point)
        self.setPath(path)


@dataclass(frozen=True)
class Snap:
    """Where a point snapped to.

    ``kind`` is ``"vertex"`` (``boundary_id`` and ``index`` name it), ``"segment"`` (the nearest
    point on a boundary; ``index`` is the segment's end vertex), ``"first"`` (the first point of
    the stroke being drawn: ending there closes it), ``"grid"`` (nothing within the tolerance),
    ``"free"`` (the user turned snapping off with ``FREE_MODIFIER``) or ``"clear"`` (an anchor
    kept the tolerance away from the border it was dropped on: ``AnchorTool.anchor_target``).
    """

    point: tuple[float, float]
    kind: str
    boundary_id: str = ""
    index: int = -1


def _closest_on_segment(
    p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    if length == 0:
        return a
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return (a[0] + t * dx, a[1] + t * dy)


def nearest_vertex(
    scene: Any, point: QPointF, tolerance: float, exclude: tuple[str, int] | None = None
) -> Snap | None:
    """The vertex (or node) closest to ``point`` within ``tolerance``.

    ``exclude`` is a vertex being dragged: it, and every vertex at the same place (the other ends of
    a shared node), are skipped so that the drag does not snap back onto itself.
    """
    p = (point.x(), point.y())
    best: tuple[float, Snap] | None = None
    skip: tuple[float, float] | None = None
    if exclude is not None:
        points = scene.boundary_points(exclude[0])
        skip = points[exclude[1]] if 0 <= exclude[1] < len(points) else None
    for boundary_id in scene.boundaries_near(point, tolerance):
        vertices = scene.boundary_points(boundary_id)
        # The dragged vertex and its neighbours along every boundary through it: snapping onto a
        # neighbour would make a zero-length segment.
        near_skip = {j for i, v in enumerate(vertices) if v == skip for j in (i - 1, i, i + 1)}
        for index, vertex in enumerate(vertices):
            if index in near_skip:
                continue
            d = distance(p, vertex)
            if d <= tolerance and (best is None or d < best[0]):
                best = (d, Snap((vertex[0], vertex[1]), "vertex", boundary_id, index))
    return best[1] if best else None


def nearest_segment(
    scene: Any, point: QPointF, tolerance: float, exclude: tuple[str, int] | None = None
) -> Snap | None:
    """The closest point on a boundary within ``tolerance``; ``index`` is the segment's end vertex.

    ``exclude`` is a vertex being dragged: every boundary through it is skipped (its segments
    next to the vertex move with it and always lie within the tolerance).
    """
    p = (point.x(), point.y())
    best: tuple[float, Snap] | None = None
    skip: tuple[float, float] | None = None
    if exclude is not None:
        dragged = scene.boundary_points(exclude[0])
        skip = dragged[exclude[1]] if 0 <= exclude[1] < len(dragged) else None
    for boundary_id in scene.boundaries_near(point, tolerance):
        points = scene.boundary_points(boundary_id)
        if exclude is not None and (boundary_id == exclude[0] or skip in points):
            continue
        for index in range(1, len(points)):
            q = _closest_on_segment(p, points[index - 1], points[index])
            d = distance(p, q)
            if d <= tolerance and (best is None or d < best[0]):
                best = (d, Snap(q, "segment", boundary_id, index))
    return best[1] if best else None


def on_grid(point: QPointF, grid: float) -> tuple[float, float]:
    """The grid point nearest to ``point`` (what the model stores)."""
    return (round(point.x() / grid) * grid, round(point.y() / grid) * grid)


def snap_point(
    scene: Any,
    point: QPointF,
    tolerance: float,
    grid: float,
    exclude: tuple[str, int] | None = None,
    first: tuple[float, float] | None = None,
    free: bool = False,
) -> Snap:
    """Snap to the stroke's first point, else a vertex, else onto a boundary, else to the grid.

    ``first`` is the first point of a stroke being drawn: a point within the tolerance of it
    snaps there and closes the stroke (it wins over the linework, which usually lies as close).
    A dragged vertex (``exclude``) snaps to other vertices and onto other boundaries, never onto a
    boundary through itself: those pass within the tolerance all the time, and snapping onto them
    would pin it in place. ``free`` (the user holds ``FREE_MODIFIER``) skips snapping: the point
    only goes to the grid.
    """
    if free:
        return Snap(on_grid(point, grid), "free")
    if first is not None and distance((point.x(), point.y()), first) <= tolerance:
        return Snap(first, "first")
    found = nearest_vertex(scene, point, tolerance, exclude)
    if found is None:
        found = nearest_segment(scene, point, tolerance, exclude)
    if found is not None:
        return found
    return Snap(on_grid(point, grid), "grid")
