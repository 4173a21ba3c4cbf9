"""An area that gets its face from a new border is redrawn (on the edit, on undo and on redo)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent
from pytestqt.qtbot import QtBot

from editor import commands
from editor.document import DocumentChange, ScenarioDocument
from editor.mainwindow import MainWindow
from editor.mapview.scene import MapScene
from model import ops
from model.scenario import Area, Boundary, Bounds, MapData, Scenario
from model.topology import Topology

Press = QEvent.Type.MouseButtonPress
Release = QEvent.Type.MouseButtonRelease
DoubleClick = QEvent.Type.MouseButtonDblClick


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    return window


def send(window: MainWindow, kind: QEvent.Type, x: float, y: float) -> None:
    """Deliver a left-button mouse event at a map point to the view, as Qt would."""
    view = window.view
    pos = QPointF(view.mapFromScene(QPointF(x, y)))
    button = Qt.MouseButton.LeftButton
    held = Qt.MouseButton.NoButton if kind == Release else button
    event = QMouseEvent(
        kind, pos, view.viewport().mapToGlobal(pos), button, held, Qt.KeyboardModifier.NoModifier
    )
    {Press: view.mousePressEvent, Release: view.mouseReleaseEvent, DoubleClick: view.mouseDoubleClickEvent}[
        kind
    ](event)


def draw_ring(window: MainWindow, corners: list[tuple[float, float]]) -> None:
    """Draw a closed border through these corners with the Draw border tool."""
    window.set_tool("draw")
    for point in corners:
        send(window, Press, *point)
        send(window, Release, *point)
    send(window, Press, *corners[0])
    send(window, DoubleClick, *corners[0])


def test_an_area_enclosed_by_a_new_border_is_drawn_and_undo_redo_follow(window: MainWindow) -> None:
    window.files.new()
    window.view.fit_map()
    document = window.document
    # An area anchored in empty space: no face yet, so nothing to draw.
    command = commands.execute(document, lambda s: ops.add_area(s, (400.0, 350.0)), "Add area")
    area_id = command.changes[0].created[0]
    item = window.scene.areas[area_id]
    assert item.path().isEmpty()

    draw_ring(window, [(200.0, 200.0), (600.0, 200.0), (600.0, 500.0), (200.0, 500.0)])
    assert len(document.scenario.map.boundaries) >= 1
    assert [a.id for a in document.scenario.map.areas] == [area_id], "the face holds the area: no new one"
    assert document.topology.area_geometry(area_id) is not None
    assert not item.path().isEmpty()
    assert item.path().boundingRect().width() == pytest.approx(400, rel=0.02)

    window.actions_by_name["undo"].trigger()
    assert document.scenario.map.boundaries == []
    assert window.scene.areas[area_id] is item
    assert item.path().isEmpty()

    window.actions_by_name["redo"].trigger()
    assert len(document.scenario.map.boundaries) >= 1
    assert not item.path().isEmpty()


def test_the_change_names_the_areas_whose_faces_changed(document: ScenarioDocument) -> None:
    document.replace_scenario(document.scenario.model_copy(deep=True))
    area = commands.execute(document, lambda s: ops.add_area(s, (5000.0, 5000.0)), "Add area")
    area_id = area.changes[0].created[0]
    heard: list[DocumentChange] = []
    document.changed.connect(heard.append)
    ring = [(4990.0, 4990.0), (5010.0, 4990.0), (5010.0, 5010.0), (4990.0, 5010.0), (4990.0, 4990.0)]

    def add_ring(scenario: object) -> ops.Change:
        return ops.add_boundary(scenario, ring)  # type: ignore[arg-type]

    commands.execute(document, add_ring, "Draw border")
    assert area_id in heard[-1].shapes
    assert area_id not in heard[-1].areas, "the area's data did not change"
    scene = MapScene(document)
    assert not scene.areas[area_id].path().isEmpty()
    document.undo_stack.undo()
    assert area_id in heard[-1].shapes
    assert scene.areas[area_id].path().isEmpty()


# --- replacing the map is a reset --------------------------------------------------------------


def square_map(bounds: Bounds | None, size: float = 100.0) -> MapData:
    """A map of two squares side by side (three boundaries, areas ``left`` and ``right``)."""
    return MapData(
        bounds=bounds,
        boundaries=[
            Boundary(id="zb1", points=[(size, 0.0), (0.0, 0.0), (0.0, size), (size, size)]),
            Boundary(id="zb2", points=[(size, size), (2 * size, size), (2 * size, 0.0), (size, 0.0)]),
            Boundary(id="zb3", points=[(size, 0.0), (size, size)]),
        ],
        areas=[
            Area(id="left", name="Left", anchors=[(size / 2, size / 2)]),
            Area(id="right", name="Right", anchors=[(1.5 * size, size / 2)]),
        ],
    )


def test_replacing_the_map_is_a_reset_and_the_scene_takes_the_new_extent(document: ScenarioDocument) -> None:
    scene = MapScene(document)
    old_rect = scene.sceneRect()
    heard: list[DocumentChange] = []
    document.changed.connect(heard.append)
    new_map = square_map(Bounds(min_x=0, min_y=0, max_x=200, max_y=100))

    commands.execute(document, lambda s: ops.replace_map(s, new_map), "Replace the map")
    assert heard[-1].reset
    assert scene.sceneRect() == QRectF(-40, -40, 280, 180)
    assert set(scene.areas) == {"left", "right"}
    assert not scene.areas["left"].path().isEmpty()

    document.undo_stack.undo()
    assert heard[-1].reset
    assert scene.sceneRect() == old_rect
    assert "left" not in scene.areas
    document.undo_stack.redo()
    assert heard[-1].reset
    assert scene.sceneRect() == QRectF(-40, -40, 280, 180)


def test_a_new_map_in_the_same_frame_is_a_reset_too(document: ScenarioDocument) -> None:
    """Same bounds, units and grid, other boundaries and areas: every id touched, areas removed."""
    heard: list[DocumentChange] = []
    document.changed.connect(heard.append)
    new_map = square_map(document.scenario.map.bounds)
    new_map.grid = document.scenario.map.grid
    commands.execute(document, lambda s: ops.replace_map(s, new_map), "Replace the map")
    assert heard[-1].reset
    document.undo_stack.undo()
    assert heard[-1].reset


def test_drawing_edits_are_not_resets(document: ScenarioDocument) -> None:
    heard: list[DocumentChange] = []
    document.changed.connect(heard.append)
    boundary = document.scenario.map.boundaries[0]
    x, y = boundary.points[1] if len(boundary.points) > 2 else boundary.points[0]
    commands.execute(document, lambda s: ops.move_vertex(s, boundary.id, 1, (x + 1, y + 1)), "Move vertex")
    area_id = document.scenario.map.areas[0].id
    commands.execute(document, lambda s: ops.delete_area(s, area_id), "Delete area")
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert heard and not any(change.reset for change in heard)


def test_an_op_can_say_its_change_is_a_reset() -> None:
    class Touched:
        areas = frozenset({"a1"})
        reset = True

    assert DocumentChange.from_touched(Touched()).reset
    assert not DocumentChange.from_touched(ops.Touched(areas=frozenset({"a1"}))).reset


# --- why the map has no areas -------------------------------------------------------------------


def test_the_scene_says_why_the_faces_cannot_be_built(
    monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, scenario: Scenario
) -> None:
    def broken(_map: MapData) -> Topology:
        raise ValueError("the linework is beyond repair")

    monkeypatch.setattr(Topology, "build", broken)
    document = ScenarioDocument(scenario)
    assert document.topology is None
    assert "the linework is beyond repair" in document.topology_error
    scene = MapScene(document)
    assert all(item.path().isEmpty() for item in scene.areas.values())
    assert scene.notice.isVisible()
    assert scene.notice.text() == f"Areas are not drawn: {document.topology_error}"
    assert "beyond repair" in scene.notice.text()
    assert scene.map_rect().contains(scene.notice.pos())

    # The next edit builds the faces again: every area is drawn and the notice goes.
    monkeypatch.undo()
    area = document.scenario.map.areas[0]
    x, y = area.anchors[0]
    commands.execute(document, lambda s: ops.move_anchor(s, area.id, 0, (x + 1, y)), "Move anchor")
    assert document.topology is not None and document.topology_error == ""
    assert not scene.notice.isVisible()
    assert all(not item.path().isEmpty() for item in scene.areas.values())
