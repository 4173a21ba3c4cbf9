"""The Vertices tool joins a dragged vertex to a border it is dropped on, driven by real mouse events.

At two zoom levels: a loose end dragged to 6 screen pixels from another border's segment shows the
segment diamond and, released, becomes a node of that border (cut in two there: three boundary ends
meet), in one undo step that reverts to byte-identical JSON; 12 px away, or with Alt held, it is only
moved and the border is left whole.
"""

from __future__ import annotations

import math

import pytest
from editor_helpers import dump
from PySide6.QtCore import QEvent, QPointF, Qt
from shapely.geometry import LineString, Point
from test_drawing_tools import ZOOMS, Alt, Left, NoModifier, lone_segment, mouse, pixel, set_zoom, window

from editor import commands
from editor.mainwindow import MainWindow
from model import ops

__all__ = ["window"]  # the fixture, shared with the drawing tools' tests

XY = tuple[float, float]


def along(window: MainWindow, segment: tuple[XY, XY, XY], across: float, ahead: float) -> QPointF:
    """The viewport point ``across`` px square to the segment from its middle and ``ahead`` px along it."""
    a, b, middle = (pixel(window, p) for p in segment)
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    return QPointF(middle.x() - uy * across + ux * ahead, middle.y() + ux * across + uy * ahead)


def to_map(window: MainWindow, at: QPointF) -> XY:
    point = window.view.mapToScene(at.toPoint())
    return (point.x(), point.y())


def loose_border(window: MainWindow, segment: tuple[XY, XY, XY]) -> tuple[str, XY]:
    """A border touching nothing, 16 px beside the segment's middle (no other line within 21 px)."""
    start = to_map(window, along(window, segment, 16, 0))
    end = to_map(window, along(window, segment, 16, 8))
    command = commands.execute(
        window.document, lambda s: ops.add_boundary(s, [start, end], snap_distance=0), "Add border"
    )
    new = command.changes[0].created[0]
    return new, window.document.scenario.boundary_index()[new].points[0]


def drag(window: MainWindow, start: XY, to: QPointF, modifiers: Qt.KeyboardModifier = NoModifier) -> None:
    """Press on the vertex, move there in steps with the button held, release."""
    at = pixel(window, start)
    mouse(window, QEvent.Type.MouseMove, at, modifiers=modifiers)
    mouse(window, QEvent.Type.MouseButtonPress, at, Left, modifiers)
    for k in range(1, 6):
        step = at + (to - at) * (k / 5)
        mouse(window, QEvent.Type.MouseMove, step, Left, modifiers)
    mouse(window, QEvent.Type.MouseButtonRelease, to, Left, modifiers)


def ends_at(window: MainWindow, point: XY) -> int:
    return sum(
        (b.points[0] == point) + (b.points[-1] == point) for b in window.document.scenario.map.boundaries
    )


def border_of(window: MainWindow, segment: tuple[XY, XY, XY]) -> str:
    return next(
        b.id
        for b in window.document.scenario.map.boundaries
        if any(b.points[k : k + 2] == [segment[0], segment[1]] for k in range(len(b.points) - 1))
    )


@pytest.mark.parametrize("zoom", ZOOMS)
def test_a_vertex_dropped_6_px_from_a_segment_joins_that_border(window: MainWindow, zoom: float) -> None:
    segment = lone_segment(window)
    set_zoom(window, zoom, segment[2])
    target = border_of(window, segment)
    new, start = loose_border(window, segment)
    window.set_tool("vertex")
    tool = window.tool
    before = dump(window.document.scenario)
    depth = window.document.undo_stack.index()
    drop = along(window, segment, 6, 0)
    at = pixel(window, start)
    mouse(window, QEvent.Type.MouseButtonPress, at, Left)
    mouse(window, QEvent.Type.MouseMove, drop, Left)
    assert tool.indicator.isVisible() and tool.indicator.kind == "segment"
    mouse(window, QEvent.Type.MouseButtonRelease, drop, Left)

    node = window.document.scenario.boundary_index()[new].points[0]
    grid = window.document.scenario.map.grid
    assert LineString(segment[:2]).distance(Point(node)) <= grid
    assert ends_at(window, node) == 3  # the loose end, and the border cut in two there
    cut = window.document.scenario.boundary_index()[target]
    assert node in (cut.points[0], cut.points[-1])
    assert window.document.undo_stack.index() == depth + 1  # the drag and the join: one step
    window.document.undo_stack.undo()
    assert dump(window.document.scenario) == before


@pytest.mark.parametrize(("pixels", "modifiers"), [(12, NoModifier), (6, Alt)])
@pytest.mark.parametrize("zoom", ZOOMS)
def test_12_px_away_or_with_alt_the_vertex_only_moves(
    window: MainWindow, zoom: float, pixels: float, modifiers: Qt.KeyboardModifier
) -> None:
    segment = lone_segment(window)
    set_zoom(window, zoom, segment[2])
    target = border_of(window, segment)
    points = list(window.document.scenario.boundary_index()[target].points)
    new, start = loose_border(window, segment)
    window.set_tool("vertex")
    drag(window, start, along(window, segment, pixels, 0), modifiers)
    moved = window.document.scenario.boundary_index()[new].points[0]
    assert moved != start
    grid = window.document.scenario.map.grid
    assert LineString(segment[:2]).distance(Point(moved)) == pytest.approx(
        window.view.pixels_to_map(pixels), abs=2 * grid
    )
    assert ends_at(window, moved) == 1  # still a loose end
    assert window.document.scenario.boundary_index()[target].points == points  # not cut


def test_a_join_the_model_refuses_says_why_and_the_vertex_returns(window: MainWindow) -> None:
    segment = lone_segment(window)
    set_zoom(window, ZOOMS[0], segment[2])
    grid = window.document.scenario.map.grid
    # A border from the segment's first vertex to a grid point less than a step beside the segment
    # near its middle: its loose end dropped on the segment would make it run along the segment.
    line = LineString(segment[:2])
    foot = to_map(window, along(window, segment, 0, -3))
    around = [
        (round(foot[0] / grid) * grid + dx * grid, round(foot[1] / grid) * grid + dy * grid)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
    ]
    end = next(p for p in around if 0 < line.distance(Point(p)) < grid)
    command = commands.execute(
        window.document, lambda s: ops.add_boundary(s, [segment[0], end], snap_distance=0), "Add border"
    )
    new = command.changes[0].created[0]
    assert window.document.scenario.boundary_index()[new].points == [segment[0], end]
    before = dump(window.document.scenario)
    window.set_tool("vertex")
    drag(window, end, along(window, segment, 2, 2))
    assert "run along" in window.status.currentMessage()
    assert dump(window.document.scenario) == before  # the vertex went back where the drag began
