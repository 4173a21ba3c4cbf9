"""A slow AI seat (the MCTS level) chooses in a worker thread, so the play-test window stays
responsive; its actions are the same as when it chooses on the UI thread, and a decision asked
for a position that an undo or a restart took away is dropped."""

from __future__ import annotations

import sys
import threading

from pytestqt.qtbot import QtBot

from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from editor.playtest import status
from editor.playtest.controller import PlaytestController
from editor.playtest.session import THINKING_SWITCH_S, PlaytestSession, PlaytestSetup
from model import io
from model.bots.mcts import MctsBot

SEED = 23
ACTIONS = 12


def _setup() -> PlaytestSetup:
    """The MCTS level in the first seat (it acts first), the heuristic in the others."""
    scenario = io.load(DEFAULT_SCENARIO)
    empires = [e.id for e in scenario.setup.empires]
    return PlaytestSetup({e: ("mcts" if e == empires[0] else "heuristic") for e in empires}, SEED)


def test_the_mcts_level_says_it_is_slow_and_the_heuristic_does_not() -> None:
    session = PlaytestSession(io.load(DEFAULT_SCENARIO), _setup())
    slow = {player: bool(getattr(bot, "slow", False)) for player, bot in session._bots.items()}
    assert sorted(slow.values()) == [False, False, True]
    assert all(isinstance(session._bots[p], MctsBot) == flag for p, flag in slow.items())


def test_background_decisions_give_the_same_game_as_decisions_on_the_ui_thread(qtbot: QtBot) -> None:
    synchronous = PlaytestSession(io.load(DEFAULT_SCENARIO), _setup())
    for _ in range(ACTIONS):
        assert synchronous.step()
    threaded = PlaytestSession(io.load(DEFAULT_SCENARIO), _setup())
    chosen_on: set[str] = set()
    original = MctsBot.choose

    def spy(bot: MctsBot, state):  # type: ignore[no-untyped-def]
        chosen_on.add(threading.current_thread().name)
        return original(bot, state)

    MctsBot.choose = spy  # type: ignore[method-assign]
    try:
        seen: list[bool] = []
        threaded.thinking_changed.connect(seen.append)
        threaded.play(None, 0)
        qtbot.waitUntil(lambda: len(threaded.actions) >= ACTIONS, timeout=60_000)
        threaded.pause()
        qtbot.waitUntil(lambda: not threaded.thinking, timeout=30_000)
    finally:
        MctsBot.choose = original  # type: ignore[method-assign]
        threaded.shutdown()
    assert threaded.actions[:ACTIONS] == synchronous.actions
    assert chosen_on and all(name.startswith("playtest-ai") for name in chosen_on)
    assert seen[:2] == [True, False]  # the status is told when the seat starts and stops thinking


def test_a_decision_asked_before_an_undo_is_dropped(qtbot: QtBot) -> None:
    session = PlaytestSession(io.load(DEFAULT_SCENARIO), _setup())
    interval = sys.getswitchinterval()
    session.step_once()  # the MCTS seat acts first: it starts thinking in the background
    assert session.thinking and session.actions == []
    assert sys.getswitchinterval() == THINKING_SWITCH_S  # the UI thread gets the GIL sooner
    session.go_to(0)  # the same position, asked again: the first answer belongs to the old one
    assert not session.thinking
    assert sys.getswitchinterval() == interval
    assert session._thinker is not None
    session._thinker.submit(lambda: None).result()  # one worker, in order: the answer is in
    qtbot.wait(50)  # and its queued signal delivered (and dropped)
    assert session.actions == []
    session.step_once()
    qtbot.waitUntil(lambda: len(session.actions) == 1, timeout=30_000)
    assert not session.thinking
    session.shutdown()


def test_the_status_line_says_the_ai_is_thinking(window: MainWindow, qtbot: QtBot) -> None:
    controller = window.playtest  # type: ignore[attr-defined]
    assert isinstance(controller, PlaytestController)
    assert controller.start(_setup())
    session = controller.session
    assert session is not None
    controller.step_once()
    assert session.thinking
    line = " · ".join(status.status_parts(session, session.view(), window.document.scenario))
    assert "(AI mcts)</b>, thinking…" in line
    assert "thinking…" in controller.dock.status.text()
    qtbot.waitUntil(lambda: len(session.actions) == 1, timeout=30_000)
    assert "thinking…" not in controller.dock.status.text()
    controller.stop()
