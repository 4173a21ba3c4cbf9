"""An area that gets its face from a new border is redrawn (on the edit, on undo and on redo)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from pytestqt.qtbot import QtBot

from editor import commands
from editor.document import DocumentChange, ScenarioDocument
from editor.mainwindow import MainWindow
from editor.mapview.scene import MapScene
from model import ops

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
    window.actions_by_name["new"].trigger()
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
