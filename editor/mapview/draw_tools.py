"""Tools that draw a line: a new boundary, or a cut that splits an area.

Click to add points (each snaps to vertices and boundaries within a few pixels, else the grid),
double-click or Enter to finish, Backspace to drop the last point, Esc to cancel.

Drawing a boundary that closes a face gives that face a new area (in the same undo step), so an
author can draw a map from nothing: each closed ring or wall across a gap becomes an area.
"""

from __future__ import annotations

import itertools
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

from editor import commands
from editor.mapview.tools import Preview, Tool, snap_point
from model import ops

_serials = itertools.count(1)


class PolylineTool(Tool):
    """Collects clicked points with a preview; subclasses say what finishing does."""

    minimum_points = 2

    def __init__(self, view: Any, context: Any) -> None:
        super().__init__(view, context)
        self.points: list[tuple[float, float]] = []
        self.preview = Preview()

    def deactivate(self) -> None:
        """Cancel the line being drawn."""
        self.cancel()

    def cancel(self) -> None:
        """Forget the points and hide the preview."""
        self.points = []
        if self.preview.scene() is not None:
            self.preview.scene().removeItem(self.preview)

    def _snap(self, point: QPointF) -> tuple[float, float]:
        grid = self.document.scenario.map.grid
        return snap_point(self.view.map_scene, point, self.tolerance(), grid).point

    def _update_preview(self, cursor: QPointF | None = None) -> None:
        if self.preview.scene() is None:
            self.view.map_scene.addItem(self.preview)
        points = [QPointF(*p) for p in self.points]
        if cursor is not None:
            points.append(QPointF(*self._snap(cursor)))
        self.preview.set_points(points)

    def press(self, point: QPointF, event: QMouseEvent) -> bool:
        """Add a (snapped) point."""
        if event.button() == Qt.MouseButton.RightButton and self.points:
            self.cancel()
            return True
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        snapped = self._snap(point)
        if not self.points or self.points[-1] != snapped:
            self.points.append(snapped)
        self._update_preview()
        return True

    def move(self, point: QPointF, event: QMouseEvent) -> bool:
        """Stretch the preview to the cursor."""
        if self.points:
            self._update_preview(point)
        return False

    def double_click(self, point: QPointF, event: QMouseEvent) -> bool:
        """Finish the line (the double-click's first press already added the last point)."""
        self.finish()
        return True

    def key_press(self, event: QKeyEvent) -> bool:
        """Enter finishes, Backspace drops the last point, Esc cancels."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
            return True
        if event.key() == Qt.Key.Key_Backspace and self.points:
            self.points.pop()
            self._update_preview()
            return True
        if event.key() == Qt.Key.Key_Escape and self.points:
            self.cancel()
            return True
        return False

    def finish(self) -> bool:
        """Apply the line (when it has enough points); return whether an edit was made."""
        points = self.points
        self.cancel()
        if len(points) < self.minimum_points:
            self.context.report(f"{self.name}: click at least {self.minimum_points} points")
            return False
        return self.apply(points)

    def apply(self, points: list[tuple[float, float]]) -> bool:
        """Make the edit for a finished line."""
        raise NotImplementedError


class DrawBoundaryTool(PolylineTool):
    """Draw a new boundary; faces it closes become new areas."""

    name = "Draw border"
    id = "draw"
    hint = "Click points, double-click or Enter to finish; a closed face becomes a new area"

    def apply(self, points: list[tuple[float, float]]) -> bool:
        """Add the boundary, then an area in each new face without one, as one undo step."""
        document = self.document
        # The area edits carry the boundary edit's merge key, so the stack merges them into one step.
        key = ("draw", next(_serials))
        try:
            command = commands.execute(
                document,
                lambda s: ops.add_boundary(
                    s, points, snap_distance=self.tolerance(), topology=document.topology
                ),
                "Draw border",
                merge_key=key,
            )
        except (ValueError, KeyError, LookupError) as error:
            self.context.report(str(error))
            return False
        created = {i for change in command.changes for i in change.created}
        new_areas = self._fill_new_faces(created, key)
        if new_areas:
            self.context.selection.set(new_areas)
        return True

    def _fill_new_faces(self, boundary_ids: set[str], key: tuple[str, int]) -> list[str]:
        topology = self.document.topology
        if topology is None:
            return []
        # model.ops.add_boundary moved any anchor the line covered into one side, so the faces
        # without an anchor are the new ones.
        new_gaps = [f for f in topology.gaps() if boundary_ids & set(topology.face_boundaries(f))]
        made: list[str] = []
        for face_id in new_gaps:
            inside = topology.face(face_id).representative_point()
            try:
                command = commands.execute(
                    self.document, lambda s, p=(inside.x, inside.y): ops.add_area(s, p), "Add area", key
                )
            except (ValueError, KeyError, LookupError) as error:
                self.context.report(str(error))
                continue
            made += [i for change in command.changes for i in change.created]
        return made


class SplitTool(PolylineTool):
    """Draw a line across an area: the side without its anchor becomes a new area."""

    name = "Split"
    id = "split"
    hint = "Click a line across an area (ends may overshoot), double-click or Enter to split it"

    def apply(self, points: list[tuple[float, float]]) -> bool:
        """Split the area under the middle of the line."""
        topology = self.document.topology
        if topology is None:
            self.context.report("the map's faces are not available; fix the linework first")
            return False
        area_id = self._area_under(points)
        if area_id is None:
            self.context.report("Split: the line does not cross an area")
            return False
        before = set(self.document.scenario.area_index())
        # A cut through the area's anchor moves it into the side that keeps the area (in the op).
        ok = self.run(
            lambda s: ops.split_area(s, area_id, points, topology=self.document.topology), f"Split {area_id}"
        )
        if ok:
            new = [a for a in self.document.scenario.area_index() if a not in before]
            self.context.selection.set([area_id, *new])
        return ok

    def _area_under(self, points: list[tuple[float, float]]) -> str | None:
        topology = self.document.topology
        # Try the midpoints of the segments, then the vertices: the line lies mostly in the area.
        candidates = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in itertools.pairwise(points)]
        for x, y in candidates + points:
            area_id = topology.area_at(x, y)
            if area_id is not None:
                return str(area_id)
        return None
