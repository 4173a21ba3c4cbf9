"""After a play-test or a mode change the keyboard belongs to the map: tool keys never type into a
field the author did not click into (issue 18.2: pressing 1 after stopping a play-test renamed the
selected area to "1")."""

from __future__ import annotations

import pytest
from editor_helpers import playtest_controller
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from editor.playtest.session import PlaytestSetup


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(DEFAULT_SCENARIO)
    window.show()
    window.activateWindow()
    qtbot.waitExposed(window)
    return window


def _name_box(window: MainWindow) -> QLineEdit:
    form = window.inspector.form("Area")
    box = form.editors[("name",)].widget
    assert isinstance(box, QLineEdit)
    return box


def _press_1(qtbot: QtBot) -> None:
    target = QApplication.focusWidget()
    assert target is not None
    qtbot.keyClick(target, Qt.Key.Key_1)


def test_stopping_a_play_test_gives_the_keyboard_to_the_map_not_the_name_field(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.selection.set(["aldmoor"])
    name_before = window.document.scenario.area("aldmoor").name
    controller = playtest_controller(window)
    seats = {e.id: "random" for e in window.document.scenario.setup.empires}
    assert controller.start(PlaytestSetup(seats, 11))
    # The author works in the play-test panel (its Stop button has the focus)...
    controller.dock.setFocus()
    controller.dock.play_button.setFocus(Qt.FocusReason.MouseFocusReason)
    controller.stop()
    # ...and after stopping the keyboard is the map's, so 1 chooses the first tool.
    assert QApplication.focusWidget() is window.view
    window.set_tool(list(window.tools)[1])
    _press_1(qtbot)
    assert window.tool is window.tools[next(iter(window.tools))]
    assert window.document.scenario.area("aldmoor").name == name_before
    assert window.document.undo_stack.count() == 0


def test_a_field_the_author_clicked_into_keeps_its_keys(window: MainWindow, qtbot: QtBot) -> None:
    window.selection.set(["aldmoor"])
    box = _name_box(window)
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert QApplication.focusWidget() is box
    box.selectAll()
    _press_1(qtbot)
    assert box.text() == "1"  # typing in the field the author chose still types


@pytest.mark.parametrize("how", ["tool", "mode"])
def test_a_tool_or_map_mode_change_gives_the_keyboard_to_the_map(
    window: MainWindow, qtbot: QtBot, how: str
) -> None:
    window.selection.set(["aldmoor"])
    box = _name_box(window)
    box.setFocus(Qt.FocusReason.TabFocusReason)
    assert QApplication.focusWidget() is box
    if how == "tool":
        window.set_tool(list(window.tools)[1])
    else:
        window.mode_box.activated.emit(1)  # type: ignore[union-attr]
    assert QApplication.focusWidget() is window.view
