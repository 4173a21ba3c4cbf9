"""Helpers shared by the editor tests."""

from __future__ import annotations

import threading

import pytest
from pytestqt.qtbot import QtBot

from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from editor.playtest.controller import PlaytestController
from editor.playtest.session import HUMAN, PlaytestSetup
from model import io
from model.graph import MapGraphs
from model.scenario import Scenario


def dump(scenario: Scenario) -> str:
    """The scenario's canonical text, for comparing states before and after undo."""
    return io.dumps(scenario)


def playtest_controller(window: MainWindow) -> PlaytestController:
    """The window's play-test controller."""
    controller = window.playtest  # type: ignore[attr-defined]
    assert isinstance(controller, PlaytestController)
    return controller


def seasons_playtest(qtbot: QtBot, human: bool, seed: int) -> tuple[PlaytestController, MainWindow]:
    """A window on the shipped Seasons scenario with a play-test started: random AI seats, the
    first nation a human one when ``human``."""
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(DEFAULT_SCENARIO.parent / "seasons-isles.mappa.json")
    controller = playtest_controller(window)
    nations = [e.id for e in window.document.scenario.setup.empires]
    seats = {n: "random" for n in nations}
    if human:
        seats[nations[0]] = HUMAN
    assert controller.start(PlaytestSetup(seats, seed))
    return controller, window


def record_graph_builds(monkeypatch: pytest.MonkeyPatch) -> list[threading.Thread]:
    """Make every ``MapGraphs`` build note the thread it runs on; return that list of threads."""
    threads: list[threading.Thread] = []
    real_build = MapGraphs._build.__func__  # type: ignore[attr-defined]

    def noting_build(cls: type[MapGraphs], *args: object) -> MapGraphs:
        threads.append(threading.current_thread())
        return real_build(cls, *args)  # type: ignore[no-any-return]

    monkeypatch.setattr(MapGraphs, "_build", classmethod(noting_build))
    return threads
