"""The play-test panel: nothing chosen for the player, every gold amount with its effect and cost,
buttons that never move when the status text wraps (issue 18.8, 18.9, 18.11)."""

from __future__ import annotations

from typing import Any

from editor_helpers import playtest_controller
from PySide6.QtCore import QRect, Qt
from pytestqt.qtbot import QtBot

from editor.mainwindow import MainWindow
from editor.playtest.choices import group_actions
from editor.playtest.panel import PlaytestDock
from editor.playtest.session import HUMAN, PlaytestSetup
from model.rules.eotma.game import AreaStart
from tests.rules.eotma.eotma_helpers import card, start

SEED = 11


def test_nothing_is_pre_selected_and_do_it_waits_for_a_choice(window: MainWindow, qtbot: QtBot) -> None:
    controller = playtest_controller(window)
    seats = {e.id: "random" for e in window.document.scenario.setup.empires}
    seats["aldmoor_kingdom"] = HUMAN
    assert controller.start(PlaytestSetup(seats, SEED))
    session = controller.session
    assert session is not None
    session.run_to_end()  # AI seats play until the human seat must act
    assert session.human_to_act()
    controller.refresh()
    dock = controller.dock
    assert dock.shown_choices()
    assert dock.choices.selectedItems() == []
    assert not dock.do_button.isEnabled()
    done = len(session.actions)
    dock.do_button.click()  # disabled: nothing happens
    dock._do()  # even called directly, nothing is chosen
    assert len(session.actions) == done
    # The player picks a choice: Do it is enabled and carries it out.
    dock.choices.setCurrentRow(0)
    assert dock.do_button.isEnabled()
    qtbot.mouseClick(dock.do_button, Qt.MouseButton.LeftButton)
    assert len(session.actions) > done


def _defence_state() -> Any:
    state = start(
        card(4, conquest={"result": ["C"]}),
        hand=[4],
        areas={"border": AreaStart("east", 0)},
        east={"combat": 2},
    )
    state.apply("conquest border from march")
    return state


def test_every_gold_choice_shows_its_effect_and_cost(qtbot: QtBot) -> None:
    state = _defence_state()
    dock = PlaytestDock()
    qtbot.addWidget(dock)
    dock.preview = state.preview
    choices = group_actions(state.legal_actions())
    dock.set_choices(choices, "East may defend Border")
    defend = next(i for i, c in enumerate(choices) if c.verb == "defend")
    dock.choices.setCurrentRow(defend)
    shown = [dock.gold.itemText(i) for i in range(dock.gold.count())]
    assert shown == [
        "+0: takes 2 off the attacker's rating, costs 1 gold",
        "+1: takes 3 off the attacker's rating, costs 2 gold",
        "+2: takes 4 off the attacker's rating, costs 3 gold",
        "+3: takes 5 off the attacker's rating, costs 4 gold",
        "+5: takes 7 off the attacker's rating, costs 6 gold",
    ]


def test_a_choice_of_one_amount_says_its_effect_and_cost_in_the_list(qtbot: QtBot) -> None:
    state = start(card(2, diplomacy={"result": ["T(1>)"]}), hand=[2], areas={"city": AreaStart("east", 0)})
    state.apply("diplomacy city")
    dock = PlaytestDock()
    qtbot.addWidget(dock)
    dock.preview = state.preview
    dock.set_choices(group_actions(state.legal_actions()), "East may oppose")
    texts = [dock.choices.item(i).text() for i in range(dock.choices.count())]
    assert "Oppose 3 (takes 3 off the rating, costs 3 gold)" in texts


def _geometry(dock: PlaytestDock) -> list[QRect]:
    buttons = (
        dock.step_button,
        dock.turn_button,
        dock.round_button,
        dock.play_button,
        dock.back_button,
        dock.restart_button,
        dock.new_seed_button,
        dock.capture_button,
        dock.stop_button,
        dock.do_button,
    )
    return [
        button.geometry().translated(button.parentWidget().mapTo(dock, button.pos()) - button.pos())
        for button in buttons
    ]


def test_the_buttons_never_move_when_the_status_wraps(qtbot: QtBot) -> None:
    dock = PlaytestDock()
    qtbot.addWidget(dock)
    dock.resize(360, 700)
    dock.show()
    qtbot.waitExposed(dock)
    dock.set_status("Round 1")
    dock.set_choices([], "Aldmoor to act:")
    qtbot.wait(10)
    before = _geometry(dock)
    one_line = dock.status.height()
    long = "Round 3, 1003 AD — turn phase: Kingdom of Aldmoor is to act, then Duchy of Kestria. " * 2
    dock.set_status(long)
    dock.set_choices([], "Aldmoor to act. Click an area for the 14 choices on the map; other choices: " * 2)
    qtbot.wait(10)
    assert dock.status.heightForWidth(dock.status.width()) >= 3 * dock.status.fontMetrics().lineSpacing()
    assert dock.status.height() > one_line  # the text did wrap to three lines or more...
    assert _geometry(dock) == before  # ...and no button moved
    dock.set_error("The engine stopped: an error in the rules")
    qtbot.wait(10)
    assert _geometry(dock) == before
