"""The one hook into the main window: a Play-test menu, toolbar actions and the play-test docks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolBar

from editor.playtest.controller import PlaytestController

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow


def install_playtest(window: MainWindow) -> PlaytestController:
    """Add play-test mode to a window; the controller is kept as ``window.playtest``."""
    controller = PlaytestController(window)
    window.playtest = controller  # type: ignore[attr-defined]
    actions: dict[str, QAction] = getattr(window, "actions_by_name", {})
    menu = window.menuBar().addMenu("&Play-test")

    def add(name: str, text: str, slot: object, shortcut: str | None = None, tip: str = "") -> QAction:
        action = QAction(text, window)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.setToolTip(tip or text)
        action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
        menu.addAction(action)
        actions[name] = action
        return action

    play = add(
        "playtest", "&Play-test…", controller.start_with_dialog, "F5", "Play the scenario as it is now"
    )
    add("playtest_load", "&Load a play-test log…", lambda: controller.load_log())
    add("playtest_stop", "&Stop the play-test", controller.stop, "Shift+F5")
    menu.addSeparator()
    add("playtest_step", "S&tep", lambda: controller._on_session("step_once"), "F10")
    add("playtest_turn", "To end of &turn", lambda: controller._on_session("play", "turn"), "F11")
    add("playtest_round", "To end of &round", lambda: controller._on_session("play", "round"), "Shift+F11")
    add("playtest_auto", "&Auto-play or pause", controller.dock.play_button.toggle, "F9")
    add("playtest_back", "&Back one", controller.back_one, "Ctrl+Backspace")
    menu.addSeparator()
    report = add(
        "balance_report",
        "&Balance report…",
        lambda: _show_report(window),
        "Ctrl+F5",
        "Play many AI games and show win rates, VP and game length",
    )
    toolbar = window.findChild(QToolBar, "tools_toolbar")
    if toolbar is None:
        toolbar = QToolBar("Play-test", window)
        toolbar.setObjectName("playtest_toolbar")
        window.addToolBar(toolbar)
    toolbar.addSeparator()
    toolbar.addAction(play)
    toolbar.addAction(report)
    return controller


def _show_report(window: MainWindow) -> None:
    from editor.playtest.report import report_dock

    dock = report_dock(window)
    dock.show()
    dock.raise_()
