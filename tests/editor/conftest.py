"""Editor tests run headless (offscreen Qt) with settings and recovery files in a temporary folder."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from editor.document import ScenarioDocument
from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from model import io
from model.scenario import Scenario


@pytest.fixture(autouse=True)
def _settings_isolated(isolated_settings: None) -> None:
    """Every editor test keeps its settings and recovery files out of the user's home (tests/conftest.py)."""


@pytest.fixture(autouse=True)
def no_blocking_prompts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Answer "Discard" to unsaved-changes prompts (a modal box would hang a headless test); record them."""
    asked: list[str] = []

    def warning(_parent: object, _title: str, text: str, *_args: object) -> QMessageBox.StandardButton:
        asked.append(text)
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr("editor.files.QMessageBox.warning", warning)
    return asked


@pytest.fixture
def scenario() -> Scenario:
    """A fresh copy of the bundled default scenario."""
    return io.load(DEFAULT_SCENARIO)


@pytest.fixture
def document(scenario: Scenario) -> ScenarioDocument:
    """A document on the default scenario, with a path in no folder (never saved by tests)."""
    return ScenarioDocument(scenario)


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    """A main window (not shown) with the bundled default scenario open; a test file may override it."""
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(DEFAULT_SCENARIO)
    return window


@pytest.fixture
def shown_window(window: MainWindow) -> MainWindow:
    """The ``window``, shown at 1300 x 860 with the map fitted in view (for tests that draw or click):
    the map view gets about 680 x 520 pixels beside the docks."""
    window.resize(1300, 860)
    window.show()
    window.view.fit_map()
    return window
