"""The vertex tool: drag a vertex (a shared node moves for every boundary), insert and delete vertices.

* A click away from the vertices selects the area under it (Ctrl+click adds or removes one).
* The vertices of the selected areas' borders are shown as handles without hovering (nodes filled,
  inner vertices hollow; ``VertexHandles`` draws only the selected areas' vertices, with a level
  of detail, so it stays smooth on big maps); the vertex under the pointer gets its own handle.
* Drag a vertex: every mouse move is a ``move_vertex`` edit; the moves of one drag merge into one
  undo step. The vertex snaps to other vertices within ``SNAP_PIXELS`` screen pixels, else to the
  nearest point of another border (the snap indicator shows a square or a diamond), else the grid;
  Alt held places it freely. Released on another border's segment, it joins the linework there
  (``ops.move_vertex_onto``: that border is cut and gets a node where the vertex lands), still in
  the drag's one undo step, since a vertex merely put down on a segment would touch that border
  without being part of it. A join the model refuses (crossings, a face thinner than the grid)
  undoes the drag: the vertex returns and the status bar says why.
* Double-click on a boundary: insert a vertex there.
* Ctrl+click (or right-click) on a vertex: delete it (end points are nodes and cannot be deleted).
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor import commands
from editor.mapview.overlay import on_screen, take_off
from editor.mapview.screen_markers import VertexHandles
from editor.mapview.snap_indicator import SnapIndicator
from editor.mapview.tools import (
    FREE_HINT,
    Snap,
    Tool,
    nearest_segment,
    nearest_vertex,
    placing_freely,
    snap_point,
)
from model import ops

_drags = itertools.count(1)


class VertexHandle(QGraphicsItem):
    """A small square over the vertex under the cursor (a fixed size on screen)."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setZValue(1001)
        self.node = False

    def boundingRect(self) -> QRectF:
        """A few pixels around the vertex."""
        return QRectF(-6, -6, 12, 12)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw the handle: filled for a node (shared end point), hollow for an inner vertex."""
        if not on_screen(painter):
            return
        painter.setPen(QPen(QColor("#d7191c"), 1.5))
        painter.setBrush(QColor("#d7191c") if self.node else QColor("#ffffff"))
        painter.drawRect(QRectF(-4, -4, 8, 8))


class VertexTool(Tool):
    """Edit the linework's vertices."""

    name = "Vertices"
    id = "vertex"
    hint = (
        f"Drag a vertex (snaps to vertices, joins a border it is dropped on; {FREE_HINT}); "
        "double-click a border to add one; Ctrl+click a vertex to delete it; "
        "click an area to show its vertices"
    )

    def __init__(self, view: object, context: object) -> None:
        super().__init__(view, context)  # type: ignore[arg-type]
        self.handle = VertexHandle()
        self.handles = VertexHandles()
        self.indicator = SnapIndicator()
        self._drag: tuple[str, int, int] | None = None
        self._join: Snap | None = None  # the other border under the dragged vertex, if any

    def activate(self) -> None:
        """Show the handle layer and the selected areas' vertices."""
        if self.handle.scene() is None:
            self.view.map_scene.addItem(self.handle)
        self.handle.hide()
        if self.handles.scene() is None:
            self.view.map_scene.addItem(self.handles)
            self.context.selection.changed.connect(self._refresh_handles)
            self.document.changed.connect(self._refresh_handles)
            self.view.scale_changed.connect(self.handles.set_scale)
        self._refresh_handles()

    def deactivate(self) -> None:
        """Drop the handles."""
        self._drag = None
        self._join = None
        self.indicator.detach()
        take_off(self.handle)
        if take_off(self.handles):
            self.context.selection.changed.disconnect(self._refresh_handles)
            self.document.changed.disconnect(self._refresh_handles)
            self.view.scale_changed.disconnect(self.handles.set_scale)

    def _refresh_handles(self, *_args: object) -> None:
        """Show the vertices of the selected areas (after a selection change or an edit)."""
        self.handles.set_scale(self.view.scale_factor)
        selected = self.context.selection.ids
        self.handles.show_areas(self.document.scenario, self.document.topology, selected)

    def _show_handle(self, found: Snap | None) -> None:
        if found is None:
            self.handle.hide()
            return
        points = self.view.map_scene.boundary_points(found.boundary_id)
        self.handle.node = found.index in (0, len(points) - 1)
        self.handle.setPos(QPointF(*found.point))
        self.handle.show()

    def press(self, point: QPointF, event: QMouseEvent) -> bool:
        """Start a drag on a vertex, or delete it with Ctrl+click or a right-click.

        A click away from every vertex selects the area under it (Ctrl+click adds or removes),
        so that its vertices show without leaving the tool.
        """
        found = nearest_vertex(self.view.map_scene, point, self.tolerance())
        if found is None:
            if event.button() != Qt.MouseButton.LeftButton:
                return False
            area_id = self.view.map_scene.area_at(point)
            selection = self.context.selection
            if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                if area_id is not None:
                    selection.toggle(area_id)
            else:
                selection.set([area_id] if area_id is not None else [])
            return True
        delete = event.button() == Qt.MouseButton.RightButton or (
            event.button() == Qt.MouseButton.LeftButton
            and event.modifiers() & Qt.KeyboardModifier.ControlModifier
        )
        if delete:
            self.run(lambda s: ops.delete_vertex(s, found.boundary_id, found.index), "Delete vertex")
            self._show_handle(None)
            return True
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self._drag = (found.boundary_id, found.index, next(_drags))
        return True

    def move(self, point: QPointF, event: QMouseEvent) -> bool:
        """Drag the vertex (snapped), or show the handle of the vertex under the cursor."""
        if self._drag is None:
            if self.handle.scene() is None:
                self.activate()
            self._show_handle(nearest_vertex(self.view.map_scene, point, self.tolerance()))
            return False
        boundary_id, index, serial = self._drag
        grid = self.document.scenario.map.grid
        target = snap_point(
            self.view.map_scene,
            point,
            self.tolerance(),
            grid,
            exclude=(boundary_id, index),
            free=placing_freely(event),
        )
        self.indicator.show_snap(self.view.map_scene, target)
        self._join = target if target.kind == "segment" else None
        points = self.view.map_scene.boundary_points(boundary_id)
        if index < len(points) and points[index] == target.point:
            return True
        ok = self.run(
            lambda s: ops.move_vertex(s, boundary_id, index, target.point),
            "Move vertex",
            merge_key=("move_vertex", boundary_id, index, serial),
        )
        if ok:  # a refused position (a zero-length segment) is skipped; the drag goes on
            self.handle.setPos(QPointF(*target.point))
        return True

    def release(self, point: QPointF, event: QMouseEvent) -> bool:
        """End the drag; dropped on another border's segment, join the linework there."""
        if self._drag is None:
            return False
        boundary_id, index, serial = self._drag
        join, self._drag, self._join = self._join, None, None
        self.indicator.clear()
        if join is None:
            return True
        key = ("move_vertex", boundary_id, index, serial)
        # The snap point already lies on the segment: a grid step finds it again, and no node a
        # little farther off (which the indicator did not show) can take its place.
        grid = self.document.scenario.map.grid
        topology = self.document.topology
        joined = self.run(
            lambda s: ops.move_vertex_onto(
                s, boundary_id, index, join.point, snap_distance=grid, topology=topology
            ),
            "Move vertex",
            merge_key=key,
        )
        if not joined:  # the reason is on the status bar; the vertex goes back where the drag began
            stack = self.document.undo_stack
            top = stack.command(stack.index() - 1)
            if isinstance(top, commands.OpCommand) and top.merge_key == key:
                stack.undo()
        self._show_handle(None)
        return True

    def double_click(self, point: QPointF, event: QMouseEvent) -> bool:
        """Insert a vertex on the boundary under the cursor."""
        found = nearest_segment(self.view.map_scene, point, self.tolerance())
        if found is None:
            return False
        self.run(lambda s: ops.insert_vertex(s, found.boundary_id, found.index, found.point), "Insert vertex")
        return True
