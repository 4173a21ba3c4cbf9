"""The check a new user makes: a map from nothing, split and merge, two empires with units,
validate, save, reopen, export, and undo all the way back."""

from __future__ import annotations

from pathlib import Path

from editor_helpers import dump
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QImage, QMouseEvent
from pytestqt.qtbot import QtBot

from editor.mainwindow import MainWindow
from editor.render import render_scene
from model import io

Press = QEvent.Type.MouseButtonPress
Move = QEvent.Type.MouseMove
Release = QEvent.Type.MouseButtonRelease
DoubleClick = QEvent.Type.MouseButtonDblClick


def send(window: MainWindow, kind: QEvent.Type, x: float, y: float, button=Qt.MouseButton.LeftButton) -> None:
    view = window.view
    pos = QPointF(view.mapFromScene(QPointF(x, y)))
    held = Qt.MouseButton.NoButton if kind == Release else button
    event = QMouseEvent(
        kind, pos, view.viewport().mapToGlobal(pos), button, held, Qt.KeyboardModifier.NoModifier
    )
    {
        Press: view.mousePressEvent,
        Move: view.mouseMoveEvent,
        Release: view.mouseReleaseEvent,
        DoubleClick: view.mouseDoubleClickEvent,
    }[kind](event)


def line(window: MainWindow, points: list[tuple[float, float]]) -> None:
    """Click the points and double-click the last one (the draw and split tools' gesture)."""
    for x, y in points[:-1]:
        send(window, Press, x, y)
        send(window, Release, x, y)
    send(window, Press, *points[-1])
    send(window, DoubleClick, *points[-1])


def test_a_scenario_from_scratch(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    window.files.new()
    window.view.fit_map()

    window.set_tool("draw")
    line(window, [(100, 100), (900, 100), (900, 700), (100, 700), (100, 100)])
    line(window, [(500, 100), (500, 700)])  # a wall across: the other side becomes a second area
    scenario = window.document.scenario
    assert len(scenario.map.areas) == 2
    west = window.scene.area_at(QPointF(300, 400))
    east = window.scene.area_at(QPointF(700, 400))
    assert west and east and west != east

    window.set_tool("split")
    line(window, [(520, 400), (920, 400)])
    assert len(scenario.map.areas) == 3
    north_east = window.scene.area_at(QPointF(700, 250))
    south_east = window.scene.area_at(QPointF(700, 550))
    assert north_east != south_east

    window.set_tool("merge")
    for point in ((700, 250), (700, 550)):
        send(window, Press, *point)
        send(window, Release, *point)
    assert len(scenario.map.areas) == 2
    east = window.scene.area_at(QPointF(700, 400))  # the merged area (whichever id was kept)
    assert east is not None and east != west

    first = window.tables_dock.add_empire()
    second = window.tables_dock.add_empire()
    assert first and second
    for area_id, owner in ((west, first), (east, second)):
        window.selection.set([area_id])
        editor = window.inspector.form("Owner").editors[("owner",)]
        editor.box.activated.emit(editor.box.findData(owner))
    assert scenario.owner_of(west) == first and scenario.owner_of(east) == second
    for empire_id, court in ((first, west), (second, east)):
        window.selection.set([empire_id])
        editor = window.inspector.form("Attributes").editors[("court",)]
        editor.box.activated.emit(editor.box.findData(court))
        assert scenario.empire(empire_id).attributes["court"] == court

    window.set_tool("units")
    for point in ((300, 400), (700, 400)):
        send(window, Press, *point)
        send(window, Release, *point)
    assert {u.owner for u in scenario.setup.units} == {first, second}

    issues = window.validator.run_now()
    assert not [i for i in issues if i.severity.value == "error"], issues
    assert not [i for i in issues if i.code.startswith("BOUNDARY")], issues

    path = tmp_path / "mine.mappa.json"
    assert window.files._write(path)
    assert not window.isWindowModified()
    reopened = io.load(path)
    assert dump(reopened) == dump(scenario)
    window.files.load(path)
    assert len(window.scene.areas) == 2
    out = render_scene(window.scene, tmp_path / "mine.png", width=800)
    assert QImage(str(out)).width() == 800

    assert window.document.undo_stack.count() == 0  # a reopened file starts a new history


def test_undo_all_the_way_back_after_a_session(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    window.files.new()
    window.view.fit_map()
    empty = dump(window.document.scenario)
    window.set_tool("draw")
    line(window, [(100, 100), (900, 100), (900, 700), (100, 700), (100, 100)])
    line(window, [(500, 100), (500, 700)])
    empire = window.tables_dock.add_empire()
    area = window.scene.area_at(QPointF(300, 400))
    window.selection.set([area])
    editor = window.inspector.form("Owner").editors[("owner",)]
    editor.box.activated.emit(editor.box.findData(empire))
    stack = window.document.undo_stack
    assert stack.count() == 4
    while stack.canUndo():
        stack.undo()
    assert dump(window.document.scenario) == empty
    while stack.canRedo():
        stack.redo()
    assert window.document.scenario.owner_of(area) == empire
    assert len(window.document.scenario.map.areas) == 2
    assert window.scene.areas[area].brush().color().name() == window.document.scenario.empire(empire).colour
