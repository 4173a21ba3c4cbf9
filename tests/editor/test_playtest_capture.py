"""Capture from the editor: the setup and the map attributes play changed, as one undo step;
and the play-test's window seam (no message box ever opens in these tests)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from editor.playtest.choices import group_actions
from editor.playtest.controller import PlaytestController
from editor.playtest.prompts import QtPrompts, capture_message
from editor.playtest.session import HUMAN, PlaytestSetup
from model import io
from tests.editor.playtest_prompts import ScriptedPrompts

SEED = 11


def _window(qtbot: QtBot, name: str) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(DEFAULT_SCENARIO.parent / name)
    return window


def _start(window: MainWindow, seats: dict[str, str] | None = None) -> PlaytestController:
    controller = window.playtest  # type: ignore[attr-defined]
    assert isinstance(controller, PlaytestController)
    assert isinstance(controller.prompts, QtPrompts)  # the real boxes unless a test swaps them
    controller.prompts = ScriptedPrompts()
    everyone = {e.id: "random" for e in window.document.scenario.setup.empires}
    assert controller.start(PlaytestSetup({**everyone, **(seats or {})}, SEED))
    return controller


def _prompts(controller: PlaytestController) -> ScriptedPrompts:
    assert isinstance(controller.prompts, ScriptedPrompts)
    return controller.prompts


def test_a_conversion_is_captured_with_the_setup_and_one_undo_restores_the_file(qtbot: QtBot) -> None:
    window = _window(qtbot, "default.mappa.json")
    controller = _start(window)
    session = controller.session
    assert session is not None
    for _ in range(60):
        session.step()
    # As after a successful conversion (22): the area now follows the converter's religion.
    state = session.state
    state.religion[state.game.board.index["oster_vale"]] = "latin"  # type: ignore[attr-defined]
    before, dumped = io.dumps(window.document.scenario), window.document.scenario.model_dump()
    assert controller.capture()
    prompts = _prompts(controller)
    assert prompts.warnings == []
    lines = prompts.captures[0]
    assert "Oster Vale: religion Old Faith -> Latin Church (map)" in lines
    assert "and map" in capture_message(lines)
    scenario = window.document.scenario
    assert scenario.area_index()["oster_vale"].attributes["religion"] == "latin"
    assert {a: e.owner for a, e in scenario.setup.areas.items() if e.owner} == {
        a: v["owner"] for a, v in session.view()["areas"].items() if v["owner"]
    }
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert io.dumps(window.document.scenario) == before
    assert window.document.scenario.model_dump() == dumped
    window.document.undo_stack.redo()
    assert window.document.scenario.area_index()["oster_vale"].attributes["religion"] == "latin"


def test_a_seasons_capture_writes_resource_numbers_and_one_undo_restores_the_file(qtbot: QtBot) -> None:
    window = _window(qtbot, "seasons-isles.mappa.json")
    controller = _start(window)
    session = controller.session
    assert session is not None
    for _ in range(200):
        session.step()
    board = session.state.to_json()["board"]
    areas = window.document.scenario.area_index()
    moved = {
        a for a, d in board["areas"].items() if d["resources"] != areas[a].attributes.get("resources", 1)
    }
    assert moved, "two hundred actions raise or pillage some area"
    before = io.dumps(window.document.scenario)
    assert controller.capture()
    assert any(line.endswith("(map)") for line in _prompts(controller).captures[0])
    after = window.document.scenario.area_index()
    assert {a: after[a].attributes.get("resources", 1) for a in board["areas"]} == {
        a: d["resources"] for a, d in board["areas"].items()
    }
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert io.dumps(window.document.scenario) == before


def test_a_cancelled_capture_changes_nothing(qtbot: QtBot) -> None:
    window = _window(qtbot, "default.mappa.json")
    controller = _start(window)
    session = controller.session
    assert session is not None
    for _ in range(100):
        session.step()
    before = io.dumps(window.document.scenario)
    _prompts(controller).confirm = False
    assert not controller.capture()
    assert _prompts(controller).captures  # it was asked
    assert io.dumps(window.document.scenario) == before
    assert window.document.undo_stack.count() == 0


def test_refusals_and_file_questions_go_through_the_seam(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, "default.mappa.json")
    first = window.document.scenario.setup.empires[0].id
    controller = _start(window, {first: HUMAN})
    session = controller.session
    assert session is not None
    session.run_to_end()
    assert session.human_to_act()
    prompts = _prompts(controller)
    choice = group_actions(session.legal_actions())[0]
    actions = len(session.actions)
    assert not controller.choose(choice, gold=999)  # no choice takes that much gold
    assert prompts.warnings[-1][0] == "Not allowed" and "999" in prompts.warnings[-1][1]
    assert len(session.actions) == actions
    prompts.save_path = None
    assert not controller.save_log()  # cancelled in the file dialog
    prompts.save_path = tmp_path / "game.log.json"
    assert controller.save_log() and prompts.save_path.exists()
    prompts.open_path = tmp_path / "missing.log.json"
    assert not controller.load_log()
    assert prompts.warnings[-1][0] == "Cannot load the log"
    prompts.open_path = tmp_path / "game.log.json"
    assert controller.load_log()
    assert controller.session is not None and controller.session is not session


def test_the_play_test_action_asks_the_seam_for_the_setup(qtbot: QtBot) -> None:
    window = _window(qtbot, "default.mappa.json")
    controller = window.playtest  # type: ignore[attr-defined]
    prompts = ScriptedPrompts()
    controller.prompts = prompts
    window.actions_by_name["playtest"].trigger()  # cancelled: nothing starts
    assert controller.session is None
    prompts.setup = PlaytestSetup({e.id: "random" for e in window.document.scenario.setup.empires}, SEED)
    window.actions_by_name["playtest"].trigger()
    assert controller.session is not None and controller.session.seed == SEED


@pytest.mark.parametrize("lines", [["a: owner x -> y"], ["a: owner x -> y", "b: religion p -> q (map)"]])
def test_the_capture_question_counts_the_changes(lines: list[str]) -> None:
    text = capture_message(lines)
    assert text.startswith(f"{len(lines)} change")
    assert ("and map" in text) == any(line.endswith("(map)") for line in lines)
