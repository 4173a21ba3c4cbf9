"""The plug-in proof, editor side: Stake, a ruleset Mappa's shared code never names, plugs into the
editor through the registries alone. Its scenario opens in the main window, its map mode shows in
View > Map mode with its legend, and a human seat plays it to the end in the play-test window.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from editor import rulesets
from editor.mainwindow import MainWindow
from editor.mapview.modes import all_modes
from editor.playtest.controller import PlaytestController
from editor.playtest.overlay import chip_texts
from editor.playtest.session import HUMAN, PlaytestSetup
from model.rules import registry
from toyrules import editor_part, model_part

# Settings and recovery files stay out of the user's home, as in the editor tests (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("isolated_settings")


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    """A main window built while Stake's model and editor parts are registered, on its scenario."""
    with model_part.installed(), editor_part.installed():
        window = MainWindow()
        qtbot.addWidget(window)
        assert window.open_path(model_part.SCENARIO)
        yield window
        controller = window.playtest  # type: ignore[attr-defined]
        if controller.session is not None:
            controller.stop()


def test_the_editor_part_is_registered_for_the_test_only() -> None:
    assert editor_part.MODE_ID not in all_modes()
    with editor_part.installed():
        assert rulesets.get("toy") is editor_part.PART
        assert editor_part.MODE_ID in all_modes()
    assert rulesets.get("toy").map_modes == ()
    assert editor_part.MODE_ID not in all_modes()


def test_a_stake_scenario_shows_its_map_mode_in_the_main_window(window: MainWindow) -> None:
    assert window.document.scenario.ruleset.id == "toy"
    action = window.actions_by_name[f"mode_{editor_part.MODE_ID}"]
    assert action.text() == "Stake values"
    action.trigger()
    assert window.scene.mode_id == editor_part.MODE_ID
    assert window.legend_dock.labels() == ["Scores 1", "Scores 2", "Scores 3", "Sea zone"]
    # S1: a02 scores 3, a00 scores 1; the sea keeps the sea colour.
    assert window.scene.areas["a02"].brush().color().name() == editor_part.VALUE_COLOURS[3]
    assert window.scene.areas["a00"].brush().color().name() == editor_part.VALUE_COLOURS[1]
    assert window.mode_box is not None
    assert window.mode_box.currentData() == editor_part.MODE_ID


def _click(window: MainWindow, qtbot: QtBot, area_id: str) -> None:
    area = window.document.scenario.area_index()[area_id]
    point = window.view.mapFromScene(QPointF(*area.anchors[0]))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_a_human_seat_plays_stake_to_the_end_in_the_play_test_window(
    window: MainWindow, qtbot: QtBot
) -> None:
    controller = window.playtest  # type: ignore[attr-defined]
    assert isinstance(controller, PlaytestController)
    assert registry.get("toy") is model_part.SPEC
    assert controller.start(PlaytestSetup({"red": HUMAN, "blue": "greedy"}, 7))
    session = controller.session
    assert session is not None and controller.overlay is not None
    window.show()
    window.view.fit_map()
    # The pictures come from the editor part: each field's value as a chip, the holder's colour.
    assert chip_texts(controller.overlay, "a02") == ["3"]
    assert controller.overlay.pictures["a00"].fill == "#c03030"  # Red holds a00 at the start
    claimed: list[str] = []
    for _ in range(30):
        session.run_to_end()
        if session.state.is_over():
            break
        assert session.human_to_act() and session.current_player() == "red"
        target = next(str(a).split()[1] for a in session.legal_actions() if str(a).startswith("claim"))
        _click(window, qtbot, target)  # the play tool lists what Red may do there
        assert controller.area == target
        shown = controller.dock.shown_choices()
        assert [c.verb for c in shown] == ["claim"]
        controller.dock.choices.setCurrentRow(0)
        qtbot.mouseClick(controller.dock.do_button, Qt.MouseButton.LeftButton)
        assert session.actions[-1] == f"claim {target}"
        claimed.append(target)
    assert session.state.is_over() and claimed
    # The map, status and log show the end: every claimed field in Red's colour, the result, the log.
    for area_id in claimed:
        assert controller.overlay.pictures[area_id].fill == "#c03030"
    assert "Game over" in controller.dock.status.text()
    assert controller.log_dock.log.topLevelItemCount() == len(session.log)
    scores = session.state.scores()
    values = {"a00": 1, "a01": 2, "a02": 3, "a10": 2, "a11": 3, "a12": 1, "a20": 3, "a21": 1, "a22": 2}
    held = {a: o for a, o in session.state.view()["areas"].items()}
    assert scores["red"] == sum(values[a] for a, o in held.items() if o["owner"] == "red")
    assert "The game is over." in controller.dock.choices_hint.text()
