"""Tools that act on whole areas: merge, delete, anchors and label points, connections, units.

* Merge: click the area to keep, then the one to merge into it.
* Delete: click an area; its face becomes a gap (the validator flags it).
* Anchors: drag an anchor (cross) or a label point (circle); click in a gap to make an area there.
  An anchor dropped within the snap distance of a border is kept that far inside the face under
  the pointer (an anchor on a border lies in no face, and its area would vanish); Alt places it
  freely.
* Connect: drag from one area to another to add a connection (strait by default; change its kind
  in the inspector).
* Units: click an area to place a unit of its owner; drag a unit to another area to move it.
"""

from __future__ import annotations

import itertools
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent

from editor.mapview.overlay import take_off
from editor.mapview.snap_indicator import SnapIndicator
from editor.mapview.tools import (
    FREE_HINT,
    Preview,
    Snap,
    Tool,
    nearest_segment,
    on_grid,
    placing_freely,
)
from model import ops
from model.rules import registry

_drags = itertools.count(1)


class MergeTool(Tool):
    """Click the area to keep, then the area to merge into it."""

    name = "Merge"
    id = "merge"
    hint = "Click the area to keep, then the neighbour to merge into it"

    def __init__(self, view: Any, context: Any) -> None:
        super().__init__(view, context)
        self.keep: str | None = None

    def deactivate(self) -> None:
        """Forget the first click."""
        self.keep = None

    def press(self, point: QPointF, event: QMouseEvent) -> bool:
        """First click picks the area to keep; the second merges."""
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        found = self.view.map_scene.object_at(point, self.tolerance())
        if found is None or found[0] != "area":
            self.keep = None
            self.context.report(self.hint)
            return True
        if self.keep is None or self.keep == found[1]:
            self.keep = found[1]
            self.context.selection.set([found[1]])
            self.context.report(f"Merge: now click the neighbour to merge into {self._name(found[1])}")
            return True
        keep, other = self.keep, found[1]
        self.keep = None
        topology = self.document.topology
        kept, merged = self._name(keep), self._name(other)
        if self.run(
            lambda s: ops.merge_areas(s, keep, other, topology=topology), f"Merge {merged} into {kept}"
        ):
            self.context.selection.set([keep])
            self.context.report(f"Merged {merged} into {kept}. {self.hint}")
        return True

    def _name(self, area_id: str) -> str:
        return self.document.scenario.area(area_id).name or area_id


class DeleteAreaTool(Tool):
    """Click an area to delete it (its face becomes a gap)."""

    name = "Delete area"
    id = "delete"
    hint = "Click an area to delete it; its face becomes a gap"

    def press(self, point: QPointF, event: QMouseEvent) -> bool:
        """Delete the area under the cursor."""
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        found = self.view.map_scene.object_at(point, self.tolerance())
        if found is not None and found[0] == "area":
            self.run(lambda s: ops.delete_area(s, found[1]), f"Delete {found[1]}")
        return True


class AnchorTool(Tool):
    """Move anchors and label points; click a gap to create an area there."""

    name = "Anchors"
    id = "anchor"
    hint = (
        "Drag an anchor (cross) or label point (circle); click in a gap to add an area; "
        f"anchors keep clear of borders ({FREE_HINT})"
    )

    def __init__(self, view: Any, context: Any) -> None:
        super().__init__(view, context)
        self._drag: tuple[str, str, int, int] | None = None
        self._was_visible = False
        self.indicator = SnapIndicator()

    def anchor_target(self, point: QPointF, event: QMouseEvent | None) -> Snap:
        """Where an anchor placed at ``point`` lands: kept ``tolerance`` clear of the nearest border.

        The point moves straight away from the border's nearest point, and only when it stays
        in the face under the pointer (kind ``"clear"``); else, and with Alt, it goes to the grid.
        """
        grid = self.document.scenario.map.grid
        if placing_freely(event):
            return Snap(on_grid(point, grid), "free")
        tolerance = self.tolerance()
        near = nearest_segment(self.view.map_scene, point, tolerance)
        topology = self.document.topology
        if near is None or topology is None:
            return Snap(on_grid(point, grid), "grid")
        dx, dy = point.x() - near.point[0], point.y() - near.point[1]
        length = (dx * dx + dy * dy) ** 0.5
        face = topology.face_at(point.x(), point.y())
        if length == 0 or face is None:
            return Snap(on_grid(point, grid), "grid")
        target = on_grid(
            QPointF(near.point[0] + dx / length * tolerance, near.point[1] + dy / length * tolerance), grid
        )
        if topology.face_at(*target) != face:
            return Snap(on_grid(point, grid), "grid")
        return Snap(target, "clear", near.boundary_id, near.index)

    def activate(self) -> None:
        """Show the anchors layer while the tool is current."""
        layer = self.view.map_scene.layers["anchors"]
        self._was_visible = layer.isVisible()
        layer.setVisible(True)

    def deactivate(self) -> None:
        """Restore the anchors layer's visibility."""
        self.view.map_scene.layers["anchors"].setVisible(self._was_visible)
        self._drag = None
        self.indicator.detach()

    def _marker_at(self, point: QPointF) -> tuple[str, str, int] | None:
        tolerance = self.tolerance()
        rect = QRectF(point.x() - tolerance, point.y() - tolerance, 2 * tolerance, 2 * tolerance)
        for item in self.view.map_scene.items(rect):
            kind = item.data(0)
            if kind in ("anchor", "label_point"):
                return str(kind), str(item.data(1)), int(getattr(item, "index", 0))
        return None

    def press(self, point: QPointF, event: QMouseEvent) -> bool:
        """Start dragging a marker, or add an area in a gap."""
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        marker = self._marker_at(point)
        if marker is not None:
            self._drag = (*marker, next(_drags))
            return True
        topology = self.document.topology
        in_gap = (
            topology is not None
            and topology.face_at(point.x(), point.y()) is not None
            and topology.area_at(point.x(), point.y()) is None
        )
        if not in_gap:
            return False
        p = self.anchor_target(point, event).point
        if self.run(lambda s: ops.add_area(s, p), "Add area"):
            self.context.selection.set([self.document.scenario.map.areas[-1].id])
        return True

    def move(self, point: QPointF, event: QMouseEvent) -> bool:
        """Drag the marker (each move merges into one undo step)."""
        if self._drag is None:
            return False
        kind, area_id, index, serial = self._drag
        p = (point.x(), point.y())
        if kind == "anchor":
            snapped = self.anchor_target(point, event)
            self.indicator.show_snap(self.view.map_scene, snapped)
            p = snapped.point
            op = lambda s: ops.move_anchor(s, area_id, index, p)  # noqa: E731
        else:
            op = lambda s: ops.set_label(s, area_id, p)  # noqa: E731
        if not self.run(
            op, f"Move {kind.replace('_', ' ')} of {area_id}", merge_key=(kind, area_id, index, serial)
        ):
            self._drag = None
        return True

    def release(self, point: QPointF, event: QMouseEvent) -> bool:
        """End the drag."""
        if self._drag is None:
            return False
        self._drag = None
        self.indicator.clear()
        return True


class ConnectTool(Tool):
    """Drag from one area to another to connect them."""

    name = "Connect"
    id = "connect"
    hint = "Drag from one area to another to add a connection (change its kind in the inspector)"

    def __init__(self, view: Any, context: Any) -> None:
        super().__init__(view, context)
        self.start: str | None = None
        self.preview = Preview("#1f78b4")
        self.kind = "strait"

    def deactivate(self) -> None:
        """Drop the preview."""
        self.start = None
        take_off(self.preview)

    def press(self, point: QPointF, event: QMouseEvent) -> bool:
        """Start on an area."""
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.start = self.view.map_scene.area_at(point)
        if self.start is None:
            return True
        if self.preview.scene() is None:
            self.view.map_scene.addItem(self.preview)
        start = self.view.map_scene.label_point(self.document.scenario.area(self.start))
        self.preview.set_points([start, point])
        return True

    def move(self, point: QPointF, event: QMouseEvent) -> bool:
        """Stretch the preview."""
        if self.start is None:
            return False
        start = self.view.map_scene.label_point(self.document.scenario.area(self.start))
        self.preview.set_points([start, point])
        return True

    def release(self, point: QPointF, event: QMouseEvent) -> bool:
        """Connect the start area with the area under the cursor."""
        if self.start is None:
            return False
        start, self.start = self.start, None
        take_off(self.preview)
        end, kind = self.view.map_scene.area_at(point), self.kind
        if end is None or end == start:
            self.context.report("Connect: release the mouse over another area")
            return True
        if self.run(lambda s: ops.add_connection(s, start, end, kind), f"Connect {start} and {end}"):
            self.context.selection.set([self.document.scenario.map.connections[-1].id])
        return True


class UnitTool(Tool):
    """Place a unit of the area's owner with a click; drag a unit to another area to move it."""

    name = "Units"
    id = "units"
    hint = "Click an owned area to place a unit; drag a unit to move it; Delete removes the selection"

    def __init__(self, view: Any, context: Any) -> None:
        super().__init__(view, context)
        self.moving: str | None = None
        self.kind = ""

    def press(self, point: QPointF, event: QMouseEvent) -> bool:
        """Pick up a unit, or place one."""
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        found = self.view.map_scene.object_at(point, self.tolerance())
        if found is None:
            return True
        if found[0] == "unit":
            self.moving = found[1]
            self.context.selection.set([found[1]])
            return True
        if found[0] != "area":
            return True
        area_id = found[1]
        scenario = self.document.scenario
        owner = scenario.owner_of(area_id)
        if owner is None:
            self.context.report(f"Units: {area_id} is independent; give it an owner first (inspector)")
            return True
        spec = registry.get(scenario.ruleset.id)
        kinds = [k.id for k in spec.unit_kinds] if spec else []
        kind = self.kind or (kinds[0] if kinds else "army")
        if self.run(lambda s: ops.place_unit(s, kind, owner, area_id), f"Place {kind} in {area_id}"):
            self.context.selection.set([scenario.setup.units[-1].id])
        return True

    def release(self, point: QPointF, event: QMouseEvent) -> bool:
        """Drop a unit being moved on the area under the cursor."""
        if self.moving is None:
            return False
        unit_id, self.moving = self.moving, None
        area = self.view.map_scene.area_at(point)
        current = self.view.map_scene.scenario_unit_area(unit_id)
        if area is not None and area != current:
            self.run(lambda s: ops.move_unit(s, unit_id, area), f"Move {unit_id} to {area}")
        return True
