"""The main window's menus, toolbars and docks, listed and compared with a recorded layout.

The window is composed in one place (``editor.mainwindow`` with the declarations in
``editor.window_parts``); this listing keeps every menu entry, its shortcut, every toolbar button
and every dock where it was, so that reorganising the code cannot move or drop one unnoticed.
When a change to the window is intended, regenerate the recording with
``MAPPA_RECORD_LAYOUT=1 pytest tests/editor/test_window_layout.py`` and review its diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QMenu, QTabBar, QToolBar, QWidgetAction
from pytestqt.qtbot import QtBot

from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow

RECORDED = Path(__file__).parent / "data" / "window_layout.json"


def _shortcuts(action: QAction) -> list[str]:
    return [s.toString(QKeySequence.SequenceFormat.PortableText) for s in action.shortcuts()]


def _menu(menu: QMenu) -> list[Any]:
    entries: list[Any] = []
    for action in menu.actions():
        if action.isSeparator():
            entries.append("---")
        elif action.menu() is not None:
            sub = action.menu()
            assert isinstance(sub, QMenu)
            entries.append({"menu": sub.title(), "entries": _menu(sub), "visible": action.isVisible()})
        else:
            entries.append(
                {
                    # Open Recent lists the scenario this test opened by its full path, which
                    # differs per checkout: keep only the file's name.
                    "text": Path(action.text()).name if os.path.isabs(action.text()) else action.text(),
                    "shortcuts": _shortcuts(action),
                    "checkable": action.isCheckable(),
                    "checked": action.isChecked(),
                    "visible": action.isVisible(),
                    "enabled": action.isEnabled(),
                }
            )
    return entries


def _toolbar(toolbar: QToolBar) -> dict[str, Any]:
    items: list[str] = []
    for action in toolbar.actions():
        if action.isSeparator():
            items.append("---")
        elif isinstance(action, QWidgetAction) or toolbar.widgetForAction(action).objectName().startswith(
            "qt_"
        ):
            widget = toolbar.widgetForAction(action)
            items.append(
                f"[{type(widget).__name__} {widget.objectName() or getattr(widget, 'text', lambda: '')()}]"
            )
        else:
            items.append(f"{action.text()} {_shortcuts(action)}")
    return {"name": toolbar.objectName(), "title": toolbar.windowTitle(), "items": items}


def layout_of(window: MainWindow) -> dict[str, Any]:
    """Everything a user sees of the window's furniture, as plain data."""
    bar = window.menuBar()
    menus = []
    for action in bar.actions():
        menu = action.menu()
        assert isinstance(menu, QMenu)
        menus.append({"menu": menu.title(), "entries": _menu(menu)})
    toolbars = [_toolbar(t) for t in window.findChildren(QToolBar)]
    docks = [
        {
            "name": dock.objectName(),
            "title": dock.windowTitle(),
            "area": window.dockWidgetArea(dock).name,
            "hidden": dock.isHidden(),
            "tabbed_with": sorted(d.objectName() for d in window.tabifiedDockWidgets(dock)),
        }
        for dock in window.findChildren(QDockWidget)
    ]
    tabs = sorted(
        [bar_.tabText(i) for i in range(bar_.count())] + [f"current: {bar_.tabText(bar_.currentIndex())}"]
        for bar_ in window.findChildren(QTabBar)
        if bar_.count()
    )
    named = {
        name: {"text": action.text(), "shortcuts": _shortcuts(action)}
        for name, action in sorted(window.actions_by_name.items())
    }
    return {"menus": menus, "toolbars": toolbars, "docks": docks, "tabs": tabs, "actions_by_name": named}


def test_menus_toolbars_and_docks_are_where_they_were(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(DEFAULT_SCENARIO)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()  # the deferred raise_() calls that pick each tab group's front tab
    layout = layout_of(window)
    if os.environ.get("MAPPA_RECORD_LAYOUT"):
        RECORDED.write_text(json.dumps(layout, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    assert layout["menus"] == recorded["menus"]
    assert layout["toolbars"] == recorded["toolbars"]
    assert sorted(layout["docks"], key=str) == sorted(recorded["docks"], key=str)
    assert layout["tabs"] == recorded["tabs"]
    assert layout["actions_by_name"] == recorded["actions_by_name"]


def test_every_shortcut_belongs_to_one_action_only(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    seen: dict[str, str] = {}
    for action in window.findChildren(QAction):
        for key in _shortcuts(action):
            assert key not in seen, f"{key} is both {seen[key]!r} and {action.text()!r}"
            seen[key] = action.text()
