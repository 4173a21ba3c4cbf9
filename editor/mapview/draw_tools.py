"""Tools that draw a line: a new boundary, or a cut that splits an area.

Click to add points, or press and drag to draw freehand (releasing ends the stroke); double-click
or Enter finishes a clicked line, Backspace drops the last point, Esc cancels. Every placed point
snaps, within ``SNAP_PIXELS`` screen pixels at any zoom, to the stroke's own first point (which
closes the shape and ends the stroke), else a vertex, else the nearest point of a border, else
the grid; the snap indicator shows which while the pointer moves. Holding Alt places freely.

Drawing a boundary that closes a face gives that face a new area (in the same undo step), so an
author can draw a map from nothing; a border that ends in empty space is kept, its loose end is
marked on the map and the status bar says so. A refused stroke is drawn in red on the map with
the reason next to it (``RefusalMark``) until the next stroke or Esc.
"""

from __future__ import annotations

import itertools
from typing import Any

import shapely
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QKeyEvent, QMouseEvent
from shapely.geometry import LineString, Point

from editor import commands
from editor.mapview.overlay import take_off
from editor.mapview.refusal_mark import RefusalMark
from editor.mapview.screen_markers import LooseEnds, loose_ends
from editor.mapview.snap_indicator import SnapIndicator
from editor.mapview.tools import FREE_HINT, Preview, Snap, Tool, placing_freely, snap_point
from model import ops
from model.geometry import anchor_for

_serials = itertools.count(1)

FREEHAND_START_PIXELS = 4.0
"""A press followed by a move this far (screen pixels) with the button held draws freehand."""
FREEHAND_STEP_PIXELS = 3.0
"""Freehand strokes keep a point every few screen pixels, then drop those within a pixel of the line."""

XY = tuple[float, float]


class PolylineTool(Tool):
    """Collects points (clicked or freehand) with a preview; subclasses say what finishing does."""

    minimum_points = 2
    closes = False
    """Whether ending on the stroke's first point closes it (a ring) and finishes it."""

    def __init__(self, view: Any, context: Any) -> None:
        super().__init__(view, context)
        self.points: list[XY] = []
        self.free_ends: list[bool] = []
        """Per point: whether it was placed freely (the snapping modifier was held)."""
        self.preview = Preview()
        self.indicator = SnapIndicator()
        self.refusal = RefusalMark()
        self.loose_ends = LooseEnds()
        self._press_at: QPoint | None = None
        self._freehand = False

    # --- life cycle -----------------------------------------------------------------------------

    def activate(self) -> None:
        """Mark the loose ends of the linework while the tool is current."""
        scene = self.view.map_scene
        if self.loose_ends.scene() is None:
            scene.addItem(self.loose_ends)
        self.document.changed.connect(self._refresh_loose_ends)
        self.view.scale_changed.connect(self.loose_ends.set_scale)
        self._refresh_loose_ends()

    def deactivate(self) -> None:
        """Cancel the line being drawn and take the tool's marks off the map."""
        self.cancel()
        self.refusal.clear()
        self.indicator.detach()
        if take_off(self.loose_ends):
            self.document.changed.disconnect(self._refresh_loose_ends)
            self.view.scale_changed.disconnect(self.loose_ends.set_scale)

    def _refresh_loose_ends(self, *_args: object) -> None:
        self.loose_ends.set_scale(self.view.scale_factor)
        self.loose_ends.show_scenario(self.document.scenario)

    def cancel(self) -> None:
        """Forget the points and hide the preview."""
        self.points = []
        self.free_ends = []
        self._press_at = None
        self._freehand = False
        take_off(self.preview)

    # --- snapping and preview -------------------------------------------------------------------

    def snap(self, point: QPointF, event: QMouseEvent | None = None) -> Snap:
        """Where a point placed at ``point`` lands (``placing_freely`` turns snapping off)."""
        grid = self.document.scenario.map.grid
        first = self.points[0] if self.closes and len(self.points) >= 3 else None
        return snap_point(
            self.view.map_scene, point, self.tolerance(), grid, first=first, free=placing_freely(event)
        )

    def _update_preview(self, cursor: XY | None = None) -> None:
        if self.preview.scene() is None:
            self.view.map_scene.addItem(self.preview)
        points = [QPointF(*p) for p in self.points]
        if cursor is not None:
            points.append(QPointF(*cursor))
        self.preview.set_points(points)

    def _add(self, snapped: Snap) -> None:
        if not self.points or self.points[-1] != snapped.point:
            self.points.append(snapped.point)
            self.free_ends.append(snapped.kind == "free")

    # --- gestures -------------------------------------------------------------------------------

    def press(self, point: QPointF, event: QMouseEvent) -> bool:
        """Add a (snapped) point; a point on the stroke's first point closes and finishes it."""
        if event.button() == Qt.MouseButton.RightButton and self.points:
            self.cancel()
            return True
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if not self.points:
            self.refusal.clear()  # a new stroke: the last refusal is no longer what the author looks at
        snapped = self.snap(point, event)
        self._add(snapped)
        if snapped.kind == "first":
            self.indicator.clear()
            self.finish()
            return True
        self._press_at = event.position().toPoint()
        self._freehand = False
        self._update_preview()
        return True

    def move(self, point: QPointF, event: QMouseEvent) -> bool:
        """Show the snap under the pointer and stretch the preview; a drag with the button held draws."""
        snapped = self.snap(point, event)
        self.indicator.show_snap(self.view.map_scene, snapped)
        if not self.points:
            return False
        held = bool(event.buttons() & Qt.MouseButton.LeftButton) and self._press_at is not None
        if held and not self._freehand:
            moved = event.position().toPoint() - self._press_at  # type: ignore[operator]
            self._freehand = moved.manhattanLength() >= FREEHAND_START_PIXELS
        if held and self._freehand:
            raw = (point.x(), point.y())
            last = self.points[-1]
            if abs(raw[0] - last[0]) + abs(raw[1] - last[1]) >= self.view.pixels_to_map(FREEHAND_STEP_PIXELS):
                self.points.append(raw)
                self.free_ends.append(False)
        self._update_preview(snapped.point)
        return True

    def release(self, point: QPointF, event: QMouseEvent) -> bool:
        """End a freehand stroke: its last point snaps like a click, then the stroke is applied."""
        if event.button() != Qt.MouseButton.LeftButton or not self._freehand:
            self._press_at = None
            return False
        self._freehand = False
        self._press_at = None
        snapped = self.snap(point, event)
        if len(self.points) > 1 and self.free_ends[-1] is False:
            self.points.pop()  # the last raw point gives way to the snapped end
            self.free_ends.pop()
        self._add(snapped)
        self._simplify()
        self.indicator.clear()
        self.finish()
        return True

    def _simplify(self) -> None:
        """Drop freehand points within a pixel of the line through their neighbours (ends kept)."""
        if len(self.points) < 3:
            return
        line = LineString(self.points)
        simple = shapely.simplify(line, self.view.pixels_to_map(1.0), preserve_topology=True)
        kept = [(float(x), float(y)) for x, y in simple.coords]
        if kept[0] == self.points[0] and kept[-1] == self.points[-1]:
            self.free_ends = [self.free_ends[0], *([False] * (len(kept) - 2)), self.free_ends[-1]]
            self.points = kept

    def double_click(self, point: QPointF, event: QMouseEvent) -> bool:
        """Finish the line (the double-click's first press already added the last point)."""
        if not self.points:
            return False
        self.finish()
        return True

    def wants_key(self, event: QKeyEvent) -> bool:
        """Esc, Enter and Backspace belong to the tool while a stroke (or a refusal) is shown."""
        if event.key() == Qt.Key.Key_Escape:
            return bool(self.points) or self.refusal.shown
        return bool(self.points) and event.key() in (
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
            Qt.Key.Key_Backspace,
        )

    def key_press(self, event: QKeyEvent) -> bool:
        """Enter finishes, Backspace drops the last point, Esc cancels (and clears a refusal)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
            return True
        if event.key() == Qt.Key.Key_Backspace and self.points:
            self.points.pop()
            self.free_ends.pop()
            self._update_preview()
            return True
        if event.key() == Qt.Key.Key_Escape and (self.points or self.refusal.shown):
            self.cancel()
            self.refusal.clear()
            return True
        return False

    def finish(self) -> bool:
        """Apply the line (when it has enough points); return whether an edit was made."""
        points, free = self.points, self.free_ends
        self.cancel()
        if len(points) < self.minimum_points:
            self.context.report(f"{self.name}: click at least {self.minimum_points} points")
            return False
        return self.apply(points, free)

    def apply(self, points: list[XY], free: list[bool]) -> bool:
        """Make the edit for a finished line (``free``: which points were placed freely)."""
        raise NotImplementedError

    def snap_distance(self, free: list[bool]) -> float:
        """How far the model may move the stroke's ends onto the linework, in map units.

        The snap tolerance, unless an end was placed freely: then only the grid step, which is
        enough to put a snapped end back on the border it was snapped to after grid rounding.
        """
        if free and (free[0] or free[-1]):
            return float(self.document.scenario.map.grid)
        return self.tolerance()

    def refuse(self, points: list[XY], message: str) -> None:
        """Show why the stroke was refused: on the map next to it, and in the status bar."""
        self.refusal.show(self.view.map_scene, points, message, self.view)
        self.context.report(f"{self.name}: {message}")


class DrawBoundaryTool(PolylineTool):
    """Draw a new boundary; faces it closes become new areas."""

    name = "Draw border"
    id = "draw"
    hint = (
        "Click points or drag freehand, double-click to finish; end on the first point to close "
        f"({FREE_HINT}); a closed face becomes an area"
    )
    closes = True

    def apply(self, points: list[XY], free: list[bool]) -> bool:
        """Add the boundary, then an area in each new face without one, as one undo step."""
        document = self.document
        topology = document.topology
        old_gaps = {_face_key(topology.face(f)) for f in topology.gaps()} if topology is not None else set()
        # The area edits carry the boundary edit's merge key, so the stack merges them into one step.
        key = ("draw", next(_serials))
        distance = self.snap_distance(free)
        try:
            command = commands.execute(
                document,
                lambda s: ops.add_boundary(s, points, snap_distance=distance, topology=document.topology),
                "Draw border",
                merge_key=key,
            )
        except (ValueError, KeyError, LookupError) as error:
            self.refuse(points, str(error))
            return False
        created = [i for change in command.changes for i in change.created]
        new_areas = self._fill_new_faces(set(created), old_gaps, key)
        if new_areas:
            self.context.selection.set(new_areas)
        self._say_what_was_made(created, new_areas)
        return True

    def _say_what_was_made(self, created: list[str], new_areas: list[str]) -> None:
        """Tell the author about new areas and, never silently, about loose ends of the new border."""
        index = self.document.scenario.boundary_index()
        ends = {p for bid in created if bid in index for p in (index[bid].points[0], index[bid].points[-1])}
        loose = [p for p in loose_ends(self.document.scenario) if p in ends]
        parts = []
        if new_areas:
            parts.append(f"{len(new_areas)} new area{'s' if len(new_areas) > 1 else ''}")
        if loose:
            where = " and ".join(f"({x:g}, {y:g})" for x, y in loose[:2])
            ends_text = "its end" if len(loose) == 1 else "both its ends"
            parts.append(
                f"the border ends in empty space ({ends_text}: {where}, ringed in red); "
                "join it to another border to enclose an area"
            )
        if parts:
            self.context.report(f"{self.name}: " + "; ".join(parts))

    def _fill_new_faces(
        self, boundary_ids: set[str], old_gaps: set[bytes], key: tuple[str, int]
    ) -> list[str]:
        topology = self.document.topology
        if topology is None:
            return []
        # model.ops.add_boundary moved any anchor the line covered into one side, so the faces
        # without an anchor that touch the new line, and were not gaps before, are the new ones.
        new_gaps = [
            f
            for f in topology.gaps()
            if boundary_ids & set(topology.face_boundaries(f)) and _face_key(topology.face(f)) not in old_gaps
        ]
        made: list[str] = []
        grid = self.document.scenario.map.grid
        for face_id in new_gaps:
            # A grid point inside the face: add_area snaps its anchor to the grid, and the snapped
            # representative point of a thin face can land in the neighbour (a shared face and a gap).
            inside = anchor_for(topology.face(face_id), grid)
            if inside is None:
                self.context.report(f"{self.name}: a new face is too thin to hold an anchor on the grid")
                continue
            try:
                command = commands.execute(
                    self.document, lambda s, p=inside: ops.add_area(s, p), "Add area", key
                )
            except (ValueError, KeyError, LookupError) as error:
                self.context.report(str(error))
                continue
            made += [i for change in command.changes for i in change.created]
        return made


def _face_key(face: Any) -> bytes:
    """A face's shape as bytes that compare equal for the same polygon (ring start and order aside)."""
    return bytes(shapely.to_wkb(shapely.normalize(face)))


class SplitTool(PolylineTool):
    """Draw a stroke across an area: it is cut along the stroke (or every area crossed, as an option)."""

    name = "Split"
    id = "split"
    hint = (
        "Click or drag a stroke across an area (ends may overshoot); double-click or Enter to split "
        f"({FREE_HINT})"
    )

    def __init__(self, view: Any, context: Any) -> None:
        super().__init__(view, context)
        self.every_area = QAction("Split every area crossed", view)
        self.every_area.setObjectName("split_every_area")
        self.every_area.setCheckable(True)
        self.every_area.setToolTip(
            "Split tool: cut every area the stroke crosses from border to border, "
            "not only the first one (one undo step)"
        )

    def options(self) -> list[QAction]:
        """The tool's option: split every area crossed."""
        return [self.every_area]

    def apply(self, points: list[XY], free: list[bool]) -> bool:
        """Split the chosen area (or every area crossed) along the stroke, in one undo step."""
        document = self.document
        topology = document.topology
        if topology is None:
            self.refuse(points, "the map's faces are not available; fix the linework first")
            return False
        tolerance = self.snap_distance(free)
        crossed = areas_crossed(topology, points, tolerance, self.view.pixels_to_map(2.0))
        edit: Any
        chosen: list[str] = crossed
        if self.every_area.isChecked():
            edit = lambda s: ops.split_crossed(s, points, topology=topology, tolerance=tolerance)  # noqa: E731
            text = "Split every area crossed"
        else:
            # The first area the stroke crosses from border to border; else the area under it,
            # which the model refuses with the reason (it names the area).
            area_id = crossed[0] if crossed else self._area_under(points)
            if area_id is None:
                self.refuse(points, "the stroke does not cross an area")
                return False
            chosen = [area_id]
            edit = lambda s: ops.split_area(s, area_id, points, topology=topology, tolerance=tolerance)  # noqa: E731
            text = f"Split {self._name(area_id)}"
        before = set(document.scenario.area_index())
        try:
            commands.execute(document, edit, text)
        except (ValueError, KeyError, LookupError) as error:
            self.refuse(points, str(error))
            return False
        index = document.scenario.area_index()
        new = [a for a in index if a not in before]
        self.context.selection.set([*(a for a in chosen if a in index), *new])
        names = [self._name(a) for a in chosen if a in index]
        made = [self._name(a) for a in new]
        parts = len(names) + len(made)
        self.context.report(f"{self.name}: {', '.join(names)} cut into {parts} areas; new: {', '.join(made)}")
        return True

    def _name(self, area_id: str) -> str:
        return self.document.scenario.area(area_id).name or area_id

    def _area_under(self, points: list[XY]) -> str | None:
        topology = self.document.topology
        # Try the midpoints of the segments, then the vertices: the line lies mostly in the area.
        candidates = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in itertools.pairwise(points)]
        for x, y in candidates + points:
            area_id = topology.area_at(x, y)
            if area_id is not None:
                return str(area_id)
        return None


def areas_crossed(topology: Any, points: list[XY], tolerance: float, step: float) -> list[str]:
    """The areas a stroke crosses from border to border, in the order the stroke meets them.

    An area counts when the stroke runs inside it for more than twice ``tolerance`` and neither
    end of the stroke lies inside it farther than ``tolerance`` from its border (ends may
    overshoot, or stop on or near the border). The stroke is walked every ``step`` map units (at
    most a few thousand probes).
    """
    line = LineString(points)
    if line.length == 0:
        return []
    count = min(5000, max(2, int(line.length / max(step, 1e-12)) + 1))
    met: dict[str, None] = {}
    for i in range(count + 1):
        probe = line.interpolate(line.length * i / count)
        area_id = topology.area_at(probe.x, probe.y)
        if area_id is not None:
            met.setdefault(str(area_id), None)
    ends = (Point(points[0]), Point(points[-1]))
    crossed = []
    for area_id in met:
        shape = topology.area_geometry(area_id)
        if shape is None:
            continue
        if any(shape.contains(end) and shape.boundary.distance(end) > tolerance for end in ends):
            continue
        # A stroke that only grazes an area (starts on its border, overshoots into it by less
        # than the tolerance) does not cross it.
        if line.intersection(shape).length <= 2 * tolerance:
            continue
        crossed.append(area_id)
    return crossed
