"""The toolbar fits a 1366 x 768 screen (issue 18.7): every button is on the bar itself, none in
its ">>" overflow menu, and the shortened labels keep the whole name in the menus and tooltips."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QToolButton
from pytestqt.qtbot import QtBot

from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from editor.menus import TOOLBAR_LABELS


def test_no_toolbar_action_is_hidden_in_the_overflow_at_1366_by_768(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(DEFAULT_SCENARIO)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    toolbar = window.tools_toolbar
    assert toolbar.width() <= 1366
    hidden = [
        action.text()
        for action in toolbar.actions()
        if not action.isSeparator() and not toolbar.widgetForAction(action).isVisible()
    ]
    assert hidden == []
    extension = toolbar.findChild(QToolButton, "qt_toolbar_ext_button")
    assert extension is not None and not extension.isVisible()
    # The last buttons, the ones that used to spill over, lie inside the bar.
    last = toolbar.widgetForAction(window.actions_by_name["balance_report"])
    assert last.geometry().right() <= toolbar.contentsRect().right()


def test_short_toolbar_labels_keep_the_whole_name_elsewhere(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    balance = window.actions_by_name["balance_report"]
    assert balance.iconText() == TOOLBAR_LABELS["balance_report"] == "Balance"
    assert balance.text() == "&Balance report…"  # the menu entry
    zoom = window.actions_by_name["zoom_selection"]
    assert zoom.iconText() == "Zoom sel." and zoom.toolTip() == "Zoom to selection"
    split = window.actions_by_name["split_split_every_area"]
    assert split.iconText() == "Split all" and split.toolTip().startswith("Split tool: cut every area")
