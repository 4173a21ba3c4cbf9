"""Help > About shows what ``mappa --version`` prints: Mappa's version, Python, Qt, the dependencies."""

from __future__ import annotations

from importlib import metadata

import pytest
from PySide6.QtCore import qVersion
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from editor import about
from editor.dialogs.about import AboutDialog
from editor.mainwindow import MainWindow


def test_help_menu_opens_the_about_box(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[AboutDialog] = []
    monkeypatch.setattr(AboutDialog, "exec", lambda self: opened.append(self) or 0)
    action = window.actions_by_name["about"]
    assert action in window.menus["help"].actions()
    action.trigger()
    assert len(opened) == 1 and opened[0].parent() is window
    assert opened[0].windowTitle() == "About Mappa"


def test_about_box_lists_the_versions(qtbot: QtBot) -> None:
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    table = dialog.versions.text()
    assert f"Mappa {metadata.version('mappa')}" == dialog.text().splitlines()[0]
    assert f"<b>Qt</b></td><td>&nbsp;&nbsp;{qVersion()}<" in table
    for name, _ in about.editor_versions()[1:]:
        assert f"<b>{name}</b>" in table
    assert f"<b>shapely</b></td><td>&nbsp;&nbsp;{metadata.version('shapely')}<" in table


def test_copy_puts_the_version_report_on_the_clipboard(qtbot: QtBot) -> None:
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    dialog.copy()
    assert QGuiApplication.clipboard().text() == about.version_text()
