"""The play-test log shows a human seat what it may read (``State.log_for``): in Seasons, another
nation's unit kinds and treasury stay hidden after the reveal; with AI seats only, the author
reads everything."""

from __future__ import annotations

import re

from editor_helpers import seasons_playtest
from pytestqt.qtbot import QtBot

from editor.mainwindow import MainWindow
from editor.playtest.controller import PlaytestController
from editor.playtest.session import HUMAN

SEED = 11
KIND = re.compile(r"\b(infantry|cavalry|war boat|war_boat|siege)\b", re.IGNORECASE)
TREASURY = re.compile(r"(puts \d+ into supply|pays \d+ from supply|receives -?\d+|will collect -?\d+)")


def _controller(qtbot: QtBot, human: bool) -> tuple[PlaytestController, MainWindow]:
    return seasons_playtest(qtbot, human, SEED)


def _log_lines(controller: PlaytestController) -> list[tuple[str, str, bool]]:
    """(player shown, text, whether it is the action line) of every line of the log dock."""
    tree = controller.log_dock.log
    lines = []
    for i in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(i)
        lines.append((item.text(2), item.text(3), True))
        lines += [(item.text(2), item.child(j).text(3), False) for j in range(item.childCount())]
    return lines


def _play_two_turns(controller: PlaytestController) -> None:
    session = controller.session
    assert session is not None
    while session.state.board.turn < 3 and not session.state.is_over():  # type: ignore[attr-defined]
        if session.human_to_act():
            session.act(str(session.legal_actions()[-1]))
        else:
            session.step_once()
        session.changed.emit()


def test_a_human_seat_reads_no_other_nations_unit_kinds_or_treasury(qtbot: QtBot) -> None:
    controller, window = _controller(qtbot, human=True)
    session = controller.session
    assert session is not None
    me = next(p for p, level in session.seats.items() if level == HUMAN)
    my_name = next(e.name for e in window.document.scenario.setup.empires if e.id == me)
    _play_two_turns(controller)
    log = session.state.log
    # The game itself has what must not show: other nations' purchases and treasuries.
    assert any(e.action.startswith("buy ") and e.player != me for e in log)
    assert any(TREASURY.search(t) and not t.startswith(me) for e in log for t in e.effects)
    assert controller.log_dock.log.topLevelItemCount() == len(log)  # every entry, some blanked
    lines = _log_lines(controller)
    for player, text, is_action in lines:
        if is_action and player != my_name and text.startswith("buy "):
            assert "(hidden)" in text, text
        if not is_action and (KIND.search(text) or TREASURY.search(text)):
            assert text.startswith(my_name), text
    assert any("(hidden)" in text for _, text, _ in lines)


def test_with_ai_seats_only_the_author_reads_the_whole_log(qtbot: QtBot) -> None:
    controller, _ = _controller(qtbot, human=False)
    session = controller.session
    assert session is not None
    _play_two_turns(controller)
    assert session.log_seen_by(None) == session.state.log
    shown = [text for _, text, _ in _log_lines(controller)]
    assert any(TREASURY.search(text) for text in shown)
    assert not any("(hidden)" in text for text in shown)
