"""The tiny 7 Ages scenario for the editor's 7 Ages tests (import as ``sevenages_editor_helpers``).

The scenario lives with the rules tests (``tests/rules/sevenages/sevenages_scenario.py``); that
folder is on ``sys.path`` only when its conftest is collected, so it is loaded here by its path
when a run collects the editor tests alone.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

from pytestqt.qtbot import QtBot

from editor.mainwindow import MainWindow
from editor.playtest.controller import PlaytestController
from model import io
from model.scenario import Scenario

SOURCE = Path(__file__).resolve().parents[1] / "rules" / "sevenages" / "sevenages_scenario.py"


def _module() -> ModuleType:
    if "sevenages_scenario" in sys.modules:
        return sys.modules["sevenages_scenario"]
    spec = importlib.util.spec_from_file_location("sevenages_scenario", SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["sevenages_scenario"] = module
    spec.loader.exec_module(module)
    return module


def tiny() -> Scenario:
    """A fresh tiny 7 Ages scenario (see its module: 3 players, Egypt and Scythia on the map,
    white neutrals face down in the forest and on the coast)."""
    scenario: Scenario = _module().tiny_sevenages_scenario()
    return scenario


@contextmanager
def tiny_window(qtbot: QtBot, folder: Path) -> Iterator[MainWindow]:
    """A main window with the tiny scenario open from a file in ``folder``; a play-test still
    running when the test ends is stopped (its AI timers must not outlive the window)."""
    path = folder / "tiny.mappa.json"
    io.save(tiny(), path)
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(path)
    yield window
    controller = controller_of(window)
    if controller.session is not None:
        controller.stop()


def controller_of(window: MainWindow) -> PlaytestController:
    """The window's play-test controller, typed."""
    controller: PlaytestController = window.playtest  # type: ignore[attr-defined]
    return controller
