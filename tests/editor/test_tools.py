"""Map tools driven by mouse events on the real view: perform, undo, redo, compare the model."""

from __future__ import annotations

from collections import Counter

import pytest
from editor_helpers import dump
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent

from editor.mainwindow import MainWindow

Press = QEvent.Type.MouseButtonPress
Move = QEvent.Type.MouseMove
Release = QEvent.Type.MouseButtonRelease
DoubleClick = QEvent.Type.MouseButtonDblClick


@pytest.fixture
def window(shown_window: MainWindow) -> MainWindow:
    """This file's tests draw: the window is shown and fitted (conftest's ``shown_window``)."""
    return shown_window


def send(
    window: MainWindow,
    kind: QEvent.Type,
    x: float,
    y: float,
    button=Qt.MouseButton.LeftButton,
    modifiers=Qt.KeyboardModifier.NoModifier,
) -> None:
    """Deliver a mouse event at a map point to the view, as Qt would."""
    view = window.view
    pos = QPointF(view.mapFromScene(QPointF(x, y)))
    held = Qt.MouseButton.NoButton if kind == Release else button
    if kind == Move:
        button = Qt.MouseButton.NoButton
    event = QMouseEvent(kind, pos, view.viewport().mapToGlobal(pos), button, held, modifiers)
    {
        Press: view.mousePressEvent,
        Move: view.mouseMoveEvent,
        Release: view.mouseReleaseEvent,
        DoubleClick: view.mouseDoubleClickEvent,
    }[kind](event)


def click(window: MainWindow, x: float, y: float, **kwargs: object) -> None:
    send(window, Press, x, y, **kwargs)  # type: ignore[arg-type]
    send(window, Release, x, y, **kwargs)  # type: ignore[arg-type]


def drag(window: MainWindow, start: tuple[float, float], end: tuple[float, float], steps: int = 4) -> None:
    send(window, Press, *start)
    for i in range(1, steps + 1):
        t = i / steps
        send(window, Move, start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
    send(window, Release, *end)


def check_undo_redo(window: MainWindow, before: str) -> None:
    """One undo step restores ``before`` exactly; redo brings the edit back."""
    after = dump(window.document.scenario)
    assert after != before
    stack = window.document.undo_stack
    assert stack.count() == 1, [stack.text(i) for i in range(stack.count())]
    stack.undo()
    assert dump(window.document.scenario) == before
    stack.redo()
    assert dump(window.document.scenario) == after


def inside(window: MainWindow, area_id: str) -> tuple[float, float]:
    """A point well inside an area (away from its label and units)."""
    point = window.document.topology.area_geometry(area_id).representative_point()
    return point.x, point.y


def test_select_tool_selects_by_click_and_ctrl_click(window: MainWindow) -> None:
    window.set_tool("select")
    click(window, *inside(window, "halden"))
    assert window.selection.ids == ("halden",)
    click(window, *inside(window, "marrach"), modifiers=Qt.KeyboardModifier.ControlModifier)
    assert window.selection.ids == ("halden", "marrach")
    assert window.inspector.ids == ("halden", "marrach")


def test_dragging_a_shared_node_moves_it_in_every_boundary(window: MainWindow) -> None:
    scenario = window.document.scenario
    ends = Counter(p for b in scenario.map.boundaries for p in (b.points[0], b.points[-1]))
    node = next(p for p, n in ends.items() if n >= 3 and 100 < p[0] < 1100 and 100 < p[1] < 700)
    sharing = [b.id for b in scenario.map.boundaries if node in (b.points[0], b.points[-1])]
    before = dump(scenario)
    window.set_tool("vertex")
    window.view.fit_rect(QRectF(node[0] - 40, node[1] - 40, 80, 80))  # snapping tolerance about 1 unit
    target = (node[0] + 12.0, node[1] - 8.0)
    drag(window, node, target, steps=5)
    for boundary in scenario.map.boundaries:
        if boundary.id in sharing:
            assert target in (boundary.points[0], boundary.points[-1]), boundary.id
    assert all(item.path().elementAt(0) is not None for item in window.scene.boundaries.values())
    check_undo_redo(window, before)


def test_double_click_inserts_a_vertex_and_ctrl_click_deletes_it(window: MainWindow) -> None:
    scenario = window.document.scenario
    boundary = max(scenario.map.boundaries, key=lambda b: abs(b.points[0][0] - b.points[1][0]))
    (x0, y0), (x1, y1) = boundary.points[0], boundary.points[1]
    middle = ((x0 + x1) / 2, (y0 + y1) / 2)
    before = dump(scenario)
    count = len(boundary.points)
    window.set_tool("vertex")
    send(window, DoubleClick, *middle)
    changed = next(b for b in scenario.map.boundaries if b.id == boundary.id)
    assert len(changed.points) == count + 1
    check_undo_redo(window, before)
    click(window, *changed.points[1], modifiers=Qt.KeyboardModifier.ControlModifier)
    assert len(next(b for b in scenario.map.boundaries if b.id == boundary.id).points) == count


def test_drawing_a_closed_ring_on_an_empty_map_makes_an_area(window: MainWindow) -> None:
    window.files.new()
    window.view.fit_map()
    before = dump(window.document.scenario)
    window.set_tool("draw")
    for point in ((200, 200), (600, 200), (600, 500), (200, 500)):
        click(window, *point)
    send(window, Press, 200, 200)
    send(window, DoubleClick, 200, 200)
    scenario = window.document.scenario
    assert len(scenario.map.boundaries) >= 1
    assert len(scenario.map.areas) == 1
    area = scenario.map.areas[0]
    assert window.document.topology.area_geometry(area.id).area == pytest.approx(
        400 * 300, rel=0.02
    )  # clicks land to the pixel
    assert window.selection.ids == (area.id,)
    check_undo_redo(window, before)


def test_split_tool_cuts_an_area_in_two(window: MainWindow) -> None:
    topology = window.document.topology
    shape = topology.area_geometry("marrach")
    min_x, _min_y, max_x, _max_y = shape.bounds
    y = shape.representative_point().y
    before = dump(window.document.scenario)
    areas_before = len(window.document.scenario.map.areas)
    window.set_tool("split")
    click(window, min_x - 5, y)
    send(window, Press, max_x + 5, y)
    send(window, DoubleClick, max_x + 5, y)
    assert len(window.document.scenario.map.areas) == areas_before + 1
    assert "marrach" in window.selection.ids and len(window.selection.ids) == 2
    new_id = window.selection.ids[1]
    assert window.document.topology.area_geometry("marrach").area < shape.area
    assert window.scene.areas[new_id].path().boundingRect().width() > 0
    check_undo_redo(window, before)


def test_merge_tool_merges_two_neighbours(window: MainWindow) -> None:
    before = dump(window.document.scenario)
    window.set_tool("merge")
    names = {a: window.document.scenario.area(a).name for a in ("marrach", "veluna")}
    click(window, *inside(window, "marrach"))
    assert names["marrach"] in window.status.currentMessage()
    click(window, *inside(window, "veluna"))
    ids = {a.id for a in window.document.scenario.map.areas}
    assert "veluna" not in ids and "marrach" in ids
    # the status bar says what happened and that the tool starts over (not "now click...")
    assert window.status.currentMessage().startswith(f"Merged {names['veluna']} into {names['marrach']}")
    assert window.document.undo_stack.undoText() == f"Merge {names['veluna']} into {names['marrach']}"
    assert "veluna" not in window.scene.areas
    check_undo_redo(window, before)


def test_delete_tool_leaves_a_gap(window: MainWindow) -> None:
    before = dump(window.document.scenario)
    window.set_tool("delete")
    click(window, *inside(window, "halden"))
    assert "halden" not in {a.id for a in window.document.scenario.map.areas}
    assert window.document.topology.gaps()
    check_undo_redo(window, before)


def test_connect_tool_drags_a_connection(window: MainWindow) -> None:
    before = dump(window.document.scenario)
    window.set_tool("connect")
    drag(window, inside(window, "halden"), inside(window, "westmarch"))
    connection = window.document.scenario.map.connections[-1]
    assert {connection.a, connection.b} == {"halden", "westmarch"}
    assert connection.id in window.scene.connections
    assert window.selection.ids == (connection.id,)
    check_undo_redo(window, before)


def test_unit_tool_places_a_unit_of_the_owner(window: MainWindow) -> None:
    before = dump(window.document.scenario)
    window.set_tool("units")
    click(window, *inside(window, "westmarch"))
    unit = window.document.scenario.setup.units[-1]
    assert (unit.area, unit.owner) == ("westmarch", window.document.scenario.owner_of("westmarch"))
    assert unit.id in window.scene.units
    check_undo_redo(window, before)


def test_anchor_tool_drags_an_anchor_in_one_step(window: MainWindow) -> None:
    area = window.document.scenario.area("halden")
    start = area.anchors[0]
    target = inside(window, "halden")
    before = dump(window.document.scenario)
    window.set_tool("anchor")
    assert window.scene.layers["anchors"].isVisible()
    drag(window, start, target, steps=6)
    moved = window.document.scenario.area("halden").anchors[0]
    assert moved == pytest.approx(target, abs=window.view.pixels_to_map(1.5))  # to the pixel
    check_undo_redo(window, before)
    window.set_tool("select")
    assert not window.scene.layers["anchors"].isVisible()


def test_paint_tool_picks_a_value_and_paints_a_stroke_in_one_step(window: MainWindow) -> None:
    scenario = window.document.scenario
    before = dump(scenario)
    window.set_mode("religion")
    window.set_tool("paint")
    source = "dravia"
    religion = scenario.area(source).attributes.get("religion")
    targets = [a for a in ("marrach", "veluna") if scenario.area(a).attributes.get("religion") != religion]
    assert targets
    click(window, *inside(window, source), button=Qt.MouseButton.RightButton)
    send(window, Press, *inside(window, "marrach"))
    send(window, Move, *inside(window, "veluna"))
    send(window, Move, *inside(window, "western_ocean"))  # the sea is skipped
    send(window, Release, *inside(window, "western_ocean"))
    for area_id in ("marrach", "veluna"):
        assert scenario.area(area_id).attributes.get("religion") == religion
    assert "religion" not in scenario.area("western_ocean").attributes
    check_undo_redo(window, before)


def test_choosing_a_tool_checks_its_toolbar_button(window: MainWindow) -> None:
    window.set_tool("vertex")
    assert window.actions_by_name["tool_vertex"].isChecked()
    assert not window.actions_by_name["tool_select"].isChecked()
    window.actions_by_name["tool_merge"].trigger()
    assert window.tool.id == "merge"


def test_select_tool_picks_a_connection_by_its_middle_and_an_area_by_its_label(window: MainWindow) -> None:
    # The connector runs between the two label points: a click on a name selects the area.
    path = window.scene.connections["corvant_strait"].path()
    start, end = path.elementAt(0), path.elementAt(1)
    window.set_tool("select")
    click(window, (start.x + end.x) / 2, (start.y + end.y) / 2)
    assert window.selection.ids == ("corvant_strait",)
    click(window, start.x, start.y)
    assert window.selection.ids == ("lowen",)
