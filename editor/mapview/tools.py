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
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from editor import commands
from editor.document import ScenarioDocument
from editor.selection import Selection

if TYPE_CHECKING:
    from editor.mapview.view import MapView

SNAP_PIXELS = 8.0
"""Snapping tolerance, in screen pixels, to nodes, vertices and boundaries."""


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


class Preview(QGraphicsPathItem):
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
