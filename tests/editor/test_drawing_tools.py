"""Drawing tools driven by real mouse events on the view's viewport, at two zoom levels.

Snapping is measured in screen pixels: a point placed 6 px from a border lands on it at every
zoom, one placed 12 px away does not; the snap indicator shows the kind and the place before the
click; Alt places freely. Also: the Vertices tool's handles without hovering, closing a shape on
its first point, loose ends, split refusals drawn on the map, and "Split every area crossed".
"""

from __future__ import annotations

import itertools
import math

import pytest
from editor_helpers import dump
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from shapely.geometry import LineString, Point

from editor.mainwindow import MainWindow
from editor.mapview.draw_tools import areas_crossed
from editor.mapview.screen_markers import loose_ends
from editor.mapview.tools import SNAP_PIXELS
from editor.render import paint_map

Left = Qt.MouseButton.LeftButton
NoButton = Qt.MouseButton.NoButton
Alt = Qt.KeyboardModifier.AltModifier
NoModifier = Qt.KeyboardModifier.NoModifier
XY = tuple[float, float]

ZOOMS = (4.0, 16.0)
"""Two zoom levels: four and sixteen times closer than the whole map (about 1.8 and 7 px a unit)."""


@pytest.fixture
def window(shown_window: MainWindow) -> MainWindow:
    """This file's tests draw: the window is shown and fitted (conftest's ``shown_window``)."""
    return shown_window


def set_zoom(window: MainWindow, zoom: float, centre: XY) -> None:
    """``zoom`` times closer than the whole map, with ``centre`` in the middle of the view."""
    view = window.view
    view.fit_map()
    view.zoom_by(zoom)
    view.centerOn(QPointF(*centre))


def pixel(window: MainWindow, point: XY) -> QPointF:
    """Where a map point is on the viewport, in (fractional) pixels."""
    return window.view.viewportTransform().map(QPointF(*point))


def mouse(
    window: MainWindow,
    kind: QEvent.Type,
    at: QPointF,
    buttons: Qt.MouseButton = NoButton,
    modifiers: Qt.KeyboardModifier = NoModifier,
) -> None:
    """Send a mouse event at a viewport pixel through Qt's event delivery (press, move, release...)."""
    viewport = window.view.viewport()
    button = NoButton if kind == QEvent.Type.MouseMove else Left
    held = NoButton if kind == QEvent.Type.MouseButtonRelease else buttons
    if kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick):
        held = held | Left
    event = QMouseEvent(kind, at, viewport.mapToGlobal(at), button, held, modifiers)
    QApplication.sendEvent(viewport, event)


def hover(window: MainWindow, at: QPointF, modifiers: Qt.KeyboardModifier = NoModifier) -> None:
    mouse(window, QEvent.Type.MouseMove, at, modifiers=modifiers)


def click(window: MainWindow, at: QPointF, modifiers: Qt.KeyboardModifier = NoModifier) -> None:
    hover(window, at, modifiers)
    mouse(window, QEvent.Type.MouseButtonPress, at, Left, modifiers)
    mouse(window, QEvent.Type.MouseButtonRelease, at, Left, modifiers)


def double_click(window: MainWindow, at: QPointF) -> None:
    """What Qt delivers for a double-click: press, release, double-click, release."""
    click(window, at)
    mouse(window, QEvent.Type.MouseButtonDblClick, at, Left)
    mouse(window, QEvent.Type.MouseButtonRelease, at, Left)


def map_units(window: MainWindow, pixels: float) -> float:
    return window.view.pixels_to_map(pixels)


def lone_segment(window: MainWindow) -> tuple[XY, XY, XY]:
    """A long border segment whose middle is far from every other line: its ends and its middle."""
    scenario = window.document.scenario
    lines = {b.id: LineString(b.points) for b in scenario.map.boundaries}
    best: tuple[float, XY, XY, XY] | None = None
    for boundary in scenario.map.boundaries:
        for a, b in itertools.pairwise(boundary.points):
            middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            here = Point(middle)
            # Other lines must be farther than 12 + 8 px, the segment's own ends than 6 px.
            clear = min(
                [line.distance(here) for bid, line in lines.items() if bid != boundary.id]
                + [3 * math.dist(v, middle) for v in boundary.points]
            )
            if best is None or clear > best[0]:
                best = (clear, a, b, middle)
    assert best is not None
    return best[1], best[2], best[3]


def offset(window: MainWindow, segment: tuple[XY, XY, XY], pixels: float) -> QPointF:
    """The viewport point ``pixels`` screen pixels away from the segment's middle, square to it."""
    a, b, middle = (pixel(window, p) for p in segment)
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy)
    return QPointF(middle.x() - dy / length * pixels, middle.y() + dx / length * pixels)


def distance_to_segment(segment: tuple[XY, XY, XY], point: XY) -> float:
    return LineString([segment[0], segment[1]]).distance(Point(point))


@pytest.mark.parametrize("zoom", ZOOMS)
def test_a_point_6_px_from_a_border_snaps_onto_it_and_12_px_does_not(window: MainWindow, zoom: float) -> None:
    segment = lone_segment(window)
    set_zoom(window, zoom, segment[2])
    window.set_tool("draw")
    tool = window.tool
    assert distance_to_segment(segment, segment[2]) == 0
    # no vertex within the tolerance of the 6 px point, no other line within it of the 12 px point
    assert math.dist(segment[0], segment[2]) > map_units(window, 6)
    others = [LineString(b.points) for b in window.document.scenario.map.boundaries]
    middle = Point(segment[2])
    assert sum(line.distance(middle) < map_units(window, 21) for line in others) == 1

    near = offset(window, segment, 6)
    hover(window, near)
    assert tool.indicator.isVisible() and tool.indicator.kind == "segment"
    shown = (tool.indicator.pos().x(), tool.indicator.pos().y())
    assert distance_to_segment(segment, shown) < 1e-6
    click(window, near)
    assert tool.points == [shown]

    far = offset(window, segment, 12)
    hover(window, far)
    assert not tool.indicator.isVisible()
    click(window, far)
    placed = tool.points[-1]
    # 12 px away, to the grid step: not pulled onto the border
    assert distance_to_segment(segment, placed) == pytest.approx(
        map_units(window, 12), abs=window.document.scenario.map.grid
    )


@pytest.mark.parametrize("zoom", ZOOMS)
def test_alt_places_a_point_freely_next_to_a_border(window: MainWindow, zoom: float) -> None:
    segment = lone_segment(window)
    set_zoom(window, zoom, segment[2])
    window.set_tool("split")
    tool = window.tool
    near = offset(window, segment, 6)
    hover(window, near, Alt)
    assert tool.indicator.isVisible() and tool.indicator.kind == "free"
    click(window, near, Alt)
    grid = window.document.scenario.map.grid
    assert distance_to_segment(segment, tool.points[0]) == pytest.approx(map_units(window, 6), abs=grid)
    assert "Alt" in tool.hint and "Alt" in window.actions_by_name["tool_split"].toolTip()


@pytest.mark.parametrize("zoom", ZOOMS)
def test_a_point_near_a_node_snaps_to_it_and_the_indicator_says_vertex(
    window: MainWindow, zoom: float
) -> None:
    boundary = next(b for b in window.document.scenario.map.boundaries if b.id == "b1")
    node = boundary.points[-1]
    set_zoom(window, zoom, node)
    window.set_tool("draw")
    tool = window.tool
    at = pixel(window, node) + QPointF(3, -4)  # 5 px away
    hover(window, at)
    assert tool.indicator.kind == "vertex"
    assert (tool.indicator.pos().x(), tool.indicator.pos().y()) == node
    click(window, at)
    assert tool.points == [node]


@pytest.mark.parametrize("zoom", ZOOMS)
def test_ending_near_the_first_point_closes_the_shape_in_one_step(window: MainWindow, zoom: float) -> None:
    centre = window.document.topology.area_geometry("marrach").representative_point()
    set_zoom(window, zoom, (centre.x, centre.y))
    before = dump(window.document.scenario)
    areas = len(window.document.scenario.map.areas)
    window.set_tool("draw")
    tool = window.tool
    middle = pixel(window, (centre.x, centre.y))
    corners = [middle + QPointF(dx, dy) for dx, dy in ((-40, -30), (40, -30), (40, 30), (-40, 30))]
    for corner in corners:
        click(window, corner)
    first = tool.points[0]
    closing = corners[0] + QPointF(4, 4)  # about 6 px from the first point
    hover(window, closing)
    assert tool.indicator.kind == "first"
    assert (tool.indicator.pos().x(), tool.indicator.pos().y()) == first
    click(window, closing)  # ending on the first point finishes the stroke
    assert tool.points == []
    scenario = window.document.scenario
    assert len(scenario.map.areas) == areas + 1
    ring = next(b for b in scenario.map.boundaries if b.points[0] == first)
    assert ring.points[-1] == first
    assert loose_ends(scenario) == []
    new_area = window.selection.ids[0]
    assert window.document.topology.area_geometry(new_area).area == pytest.approx(
        80 * 60 * map_units(window, 1) ** 2, rel=0.05
    )
    stack = window.document.undo_stack
    assert stack.count() == 1
    stack.undo()
    assert dump(window.document.scenario) == before


def test_a_border_ending_in_empty_space_is_kept_and_its_loose_end_marked(window: MainWindow) -> None:
    segment = lone_segment(window)
    set_zoom(window, 4.0, segment[2])
    before = dump(window.document.scenario)
    window.set_tool("draw")
    tool = window.tool
    start = offset(window, segment, 5)
    end = offset(window, segment, 120)
    click(window, start)
    double_click(window, end)
    scenario = window.document.scenario
    loose = loose_ends(scenario)
    end_point = window.view.mapToScene(end.toPoint())
    assert any(math.dist(p, (end_point.x(), end_point.y())) < map_units(window, 2) for p in loose)
    assert set(tool.loose_ends.nodes) == set(loose)
    assert tool.loose_ends.scene() is window.scene
    assert "empty space" in window.status.currentMessage()
    window.document.undo_stack.undo()
    assert dump(window.document.scenario) == before
    assert tool.loose_ends.nodes == []


@pytest.mark.parametrize("zoom", ZOOMS)
def test_vertex_handles_of_the_selected_area_show_without_hovering(window: MainWindow, zoom: float) -> None:
    topology = window.document.topology
    centre = topology.area_geometry("marrach").exterior.coords[0]  # its border fills the view
    set_zoom(window, zoom, centre)
    window.set_tool("vertex")
    handles = window.tool.handles
    assert handles.nodes == [] and handles.vertices == []
    # A click inside the area, away from its vertices, selects it without leaving the tool.
    inner = topology.area_geometry("marrach").buffer(-map_units(window, 20)).exterior
    inside = inner.interpolate(inner.project(Point(centre)))
    click(window, pixel(window, (inside.x, inside.y)))
    assert window.selection.ids == ("marrach",)
    index = window.document.scenario.boundary_index()
    ring = {bid for f in topology.area_faces("marrach") for bid in topology.face_boundaries(f)}
    expected = {p for bid in ring for p in index[bid].points}
    assert set(handles.nodes) | set(handles.vertices) == expected
    assert set(handles.nodes) == {p for bid in ring for p in (index[bid].points[0], index[bid].points[-1])}
    assert handles.scene() is window.scene and handles.isVisible()
    # Painted on the screen: an inner vertex with no other within a cell is a white square in red.
    window.scene.selection_outline.hide()  # (it is red too; hide it to see the handle's rim alone)
    image = window.view.viewport().grab().toImage()
    lone = [
        v
        for v in handles.vertices
        if all(
            math.dist(pixel(window, v).toTuple(), pixel(window, w).toTuple()) > 14 for w in expected if w != v
        )
        and window.view.viewport().rect().contains(pixel(window, v).toPoint())
    ]
    assert lone
    at = pixel(window, lone[0]).toPoint()
    assert image.pixelColor(at) == QColor("#ffffff")
    rim = [image.pixelColor(at.x() + dx, at.y()) for dx in range(2, 7)]
    assert any(c.red() > 180 and c.green() < 80 for c in rim), [c.name() for c in rim]
    window.selection.clear()
    assert handles.nodes == [] and handles.vertices == []


def horizontal_run(window: MainWindow, y: float) -> list[tuple[str, float, float]]:
    """The areas met walking the map from left to right at height y: (area, from x, to x)."""
    topology = window.document.topology
    runs: list[tuple[str, float, float]] = []
    x = 0.5
    while x < 1200:
        area = topology.area_at(x, y)
        if area is not None and runs and runs[-1][0] == area:
            runs[-1] = (area, runs[-1][1], x)
        elif area is not None:
            runs.append((area, x, x))
        x += 1.0
    return runs


def two_neighbours_stroke(window: MainWindow) -> tuple[list[str], XY, XY]:
    """A horizontal stroke from deep inside one area across the next two, ending deep in a fourth."""
    for y in range(150, 500, 10):
        runs = [r for r in horizontal_run(window, float(y)) if r[2] - r[1] > 80]
        for first, a, b, last in zip(runs, runs[1:], runs[2:], runs[3:], strict=False):
            if first[2] + 1.5 >= a[1] and a[2] + 1.5 >= b[1] and b[2] + 1.5 >= last[1]:
                start = ((first[1] + first[2]) / 2, float(y))
                end = ((last[1] + last[2]) / 2, float(y))
                return [a[0], b[0]], start, end
    raise AssertionError("no row of four neighbouring areas in the default map")


@pytest.mark.parametrize("every", [False, True])
def test_split_the_first_area_crossed_or_every_one_in_one_step(window: MainWindow, every: bool) -> None:
    crossed, start, end = two_neighbours_stroke(window)
    assert (
        areas_crossed(window.document.topology, [start, end], map_units(window, SNAP_PIXELS), 1.0) == crossed
    )
    before = dump(window.document.scenario)
    count = len(window.document.scenario.map.areas)
    option = window.actions_by_name["split_split_every_area"]
    option.setChecked(every)
    window.set_tool("split")
    click(window, pixel(window, start))
    double_click(window, pixel(window, end))
    assert window.tool.refusal.message == ""
    scenario = window.document.scenario
    split = crossed if every else crossed[:1]
    assert len(scenario.map.areas) == count + len(split)
    for area_id in split:
        assert area_id in window.selection.ids
    names = [scenario.area(a).name for a in split]
    assert window.status.currentMessage().startswith(
        f"Split: {', '.join(names)} cut into {2 * len(split)} areas"
    )
    untouched = [a for a in crossed if a not in split]
    for area_id in untouched:
        assert area_id in scenario.area_index()
    stack = window.document.undo_stack
    assert stack.count() == 1
    stack.undo()
    assert dump(window.document.scenario) == before
    stack.redo()
    assert len(window.document.scenario.map.areas) == count + len(split)


def test_a_freehand_drag_splits_on_release(window: MainWindow) -> None:
    shape = window.document.topology.area_geometry("marrach")
    min_x, _min_y, max_x, _max_y = shape.bounds
    y = shape.representative_point().y
    count = len(window.document.scenario.map.areas)
    set_zoom(window, 2.0, ((min_x + max_x) / 2, y))
    window.set_tool("split")
    start, end = pixel(window, (min_x, y)) - QPointF(20, 0), pixel(window, (max_x, y)) + QPointF(20, 0)
    mouse(window, QEvent.Type.MouseButtonPress, start, Left)
    for i in range(1, 61):
        t = i / 60
        wobble = 0.8 * math.sin(i)  # a hand is not a ruler
        at = QPointF(start.x() + (end.x() - start.x()) * t, start.y() + wobble)
        mouse(window, QEvent.Type.MouseMove, at, Left)
    mouse(window, QEvent.Type.MouseButtonRelease, end, Left)
    assert window.tool.refusal.message == ""
    assert len(window.document.scenario.map.areas) == count + 1
    assert "marrach" in window.selection.ids
    assert window.document.undo_stack.count() == 1


def test_a_refused_split_is_drawn_on_the_map_and_cleared_by_the_next_stroke(window: MainWindow) -> None:
    centre = window.document.topology.area_geometry("marrach").representative_point()
    set_zoom(window, 4.0, (centre.x, centre.y))
    before = dump(window.document.scenario)
    window.set_tool("split")
    tool = window.tool
    middle = pixel(window, (centre.x, centre.y))
    click(window, middle + QPointF(-30, 0))  # both ends inside marrach: it cannot be cut
    double_click(window, middle + QPointF(30, 0))
    assert dump(window.document.scenario) == before
    assert window.document.undo_stack.count() == 0
    assert tool.refusal.shown and tool.refusal.message
    assert tool.refusal.note.scene() is window.scene and tool.refusal.note.isVisible()
    assert tool.refusal.message in window.status.currentMessage()
    drawn = tool.refusal.stroke.path().boundingRect()
    assert drawn.width() == pytest.approx(map_units(window, 60), rel=0.1)
    assert tool.refusal.stroke.pen().color() == QColor("#d7191c")
    click(window, middle + QPointF(0, 50))  # the next stroke clears it
    assert not tool.refusal.shown
    tool.cancel()
    click(window, middle + QPointF(-30, 0))
    double_click(window, middle + QPointF(30, 0))
    assert tool.refusal.shown
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert not tool.refusal.shown


def test_a_border_from_the_middle_of_a_segment_to_the_middle_of_another_makes_an_area(
    window: MainWindow,
) -> None:
    shape = window.document.topology.area_geometry("marrach")
    centre = shape.representative_point()
    set_zoom(window, 4.0, (centre.x, centre.y))
    ring = list(shape.exterior.coords)
    # Every vertex of the map: a neighbour's border may end on this one's segment (a node there).
    vertices = {tuple(p) for b in window.document.scenario.map.boundaries for p in b.points} | set(ring)
    # Middles of border segments with no vertex within 10 px: the hover 1.4 px off the middle stays
    # beyond the 8 px vertex snap, so it can only snap onto the segment.
    middles = [
        ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        for a, b in itertools.pairwise(ring)
        if math.dist(a, b) > 2 * map_units(window, 10)
    ]
    middles = [m for m in middles if min(math.dist(m, v) for v in vertices) > map_units(window, 10)]
    inside = shape.buffer(-map_units(window, 1))
    pairs = [
        (p, q)
        for i, p in enumerate(middles)
        for q in middles[i + 1 :]
        if LineString([p, q]).difference(inside).length < map_units(window, 3)
        and window.view.viewport().rect().contains(pixel(window, p).toPoint())
        and window.view.viewport().rect().contains(pixel(window, q).toPoint())
    ]
    start, end = max(pairs, key=lambda pq: math.dist(*pq))
    assert min(math.dist(start, v) for v in vertices) > map_units(window, 10)
    before = dump(window.document.scenario)
    areas = len(window.document.scenario.map.areas)
    window.set_tool("draw")
    tool = window.tool
    near_start = pixel(window, start) + QPointF(1, 1)
    hover(window, near_start)
    assert tool.indicator.kind == "segment"
    click(window, near_start)
    near_end = pixel(window, end) + QPointF(-1, 1)
    hover(window, near_end)
    assert tool.indicator.kind == "segment"
    double_click(window, near_end)
    scenario = window.document.scenario
    assert tool.refusal.message == ""
    assert loose_ends(scenario) == []
    assert len(scenario.map.areas) == areas + 1
    new_area = window.selection.ids[0]
    assert new_area != "marrach" and f'"{new_area}"' not in before  # a new id
    topology = window.document.topology
    parts = topology.area_geometry("marrach").area + topology.area_geometry(new_area).area
    assert parts == pytest.approx(shape.area, rel=1e-3)  # the new nodes lie on the grid
    stack = window.document.undo_stack
    assert stack.count() == 1
    stack.undo()
    assert dump(window.document.scenario) == before


@pytest.mark.parametrize("zoom", ZOOMS)
@pytest.mark.parametrize("free", [False, True])
def test_an_anchor_dropped_next_to_a_border_keeps_clear_of_it_unless_alt(
    window: MainWindow, zoom: float, free: bool
) -> None:
    topology = window.document.topology
    shape = topology.area_geometry("marrach")
    anchor = window.document.scenario.area("marrach").anchors[0]
    segment = lone_segment_of(window, shape)
    set_zoom(window, zoom, segment[2])
    before = dump(window.document.scenario)
    window.set_tool("anchor")
    tool = window.tool
    modifiers = Alt if free else NoModifier
    # Press on the anchor, then move (the view follows) to 3 px inside marrach from the middle
    # of its longest border segment.
    window.view.centerOn(QPointF(*anchor))
    mouse(window, QEvent.Type.MouseButtonPress, pixel(window, anchor), Left)
    window.view.centerOn(QPointF(*segment[2]))
    a, b, middle = (pixel(window, p) for p in segment)
    normal = QPointF(-(b.y() - a.y()), b.x() - a.x())
    normal /= math.hypot(normal.x(), normal.y())
    target = middle + normal * 3
    if not shape.contains(Point(window.view.mapToScene(target.toPoint()).toTuple())):
        target = middle - normal * 3
    mouse(window, QEvent.Type.MouseMove, target, Left, modifiers)
    assert tool.indicator.kind == ("free" if free else "clear")
    mouse(window, QEvent.Type.MouseButtonRelease, target, Left, modifiers)
    moved = window.document.scenario.area("marrach").anchors[0]
    away = distance_to_segment(segment, moved)
    grid = window.document.scenario.map.grid
    expected = 3 if free else SNAP_PIXELS
    assert away == pytest.approx(map_units(window, expected), abs=grid + map_units(window, 1))
    assert window.document.topology.area_at(*moved) == "marrach"
    stack = window.document.undo_stack
    assert stack.count() == 1
    stack.undo()
    assert dump(window.document.scenario) == before


def lone_segment_of(window: MainWindow, shape: object) -> tuple[XY, XY, XY]:
    """The longest segment of an area's outline: its ends and its middle."""
    ring = list(shape.exterior.coords)  # type: ignore[attr-defined]
    a, b = max(itertools.pairwise(ring), key=lambda ab: math.dist(*ab))
    return a, b, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def test_esc_cancels_the_stroke_not_the_selection_and_enter_finishes_it(window: MainWindow) -> None:
    centre = window.document.topology.area_geometry("marrach").representative_point()
    set_zoom(window, 4.0, (centre.x, centre.y))
    window.selection.set(["marrach"])
    window.set_tool("draw")
    tool = window.tool
    middle = pixel(window, (centre.x, centre.y))
    click(window, middle)
    click(window, middle + QPointF(40, 0))
    QTest.keyClick(window.view, Qt.Key.Key_Escape)  # also the window's "Select none" shortcut
    assert tool.points == []
    assert window.selection.ids == ("marrach",)
    assert window.document.undo_stack.count() == 0
    click(window, middle)
    click(window, middle + QPointF(40, 0))
    QTest.keyClick(window.view, Qt.Key.Key_Return)
    assert tool.points == []
    assert window.document.undo_stack.count() == 1
    assert window.document.undo_stack.text(0) == "Draw border"
    QTest.keyClick(window.view, Qt.Key.Key_Escape)  # nothing drawn: Esc is "Select none" again
    assert window.selection.ids == ()


def test_pictures_of_the_map_leave_the_tools_marks_out(window: MainWindow) -> None:

    def picture() -> QImage:
        image = QImage(600, 400, QImage.Format.Format_ARGB32)
        painter = QPainter(image)
        paint_map(painter, window.scene, QRectF(0, 0, 600, 400), legend=False)
        painter.end()
        return image

    window.scene.selection_outline.hide()  # the selection's outline is not a tool's mark
    plain = picture()
    centre = window.document.topology.area_geometry("marrach").representative_point()
    middle = pixel(window, (centre.x, centre.y))
    window.set_tool("split")
    click(window, middle + QPointF(-30, 0))
    double_click(window, middle + QPointF(30, 0))  # refused: drawn in red on the map
    click(window, middle + QPointF(0, 40))  # a stroke being drawn, with its preview
    hover(window, middle + QPointF(20, 60))
    assert window.tool.preview.scene() is window.scene
    with_stroke = picture()
    window.tool.cancel()
    window.set_tool("vertex")
    window.selection.set(["marrach", "veluna"])  # handles
    window.scene.selection_outline.hide()
    with_handles = picture()
    assert with_stroke == plain
    assert with_handles == plain
