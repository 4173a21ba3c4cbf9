"""A human seat's play-test window shows its own log (``State.log_for``) and treasuries it may know.

Stake (the test ruleset in tests/plugins) has open information; here its ``log_for`` is replaced
by one that hides the other seat's claims until a "reveal", as a ruleset with hidden orders does.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from pytestqt.qtbot import QtBot
from toyrules import engine, model_part

from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from editor.playtest import status
from editor.playtest.controller import PlaytestController
from editor.playtest.session import HUMAN, PlaytestSetup
from model.rules.protocol import LogEntry

HIDDEN = "hidden"


@pytest.fixture
def window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    revealed = {"now": False}

    def log_for(self: engine.StakeState, seat: str | None) -> list[LogEntry]:
        if seat is None or revealed["now"]:
            return list(self.log)
        return [e if e.player in (None, seat) else replace(e, action=HIDDEN, effects=()) for e in self.log]

    monkeypatch.setattr(engine.StakeState, "log_for", log_for)
    with model_part.installed():
        window = MainWindow()
        qtbot.addWidget(window)
        assert window.open_path(model_part.SCENARIO)
        window.revealed = revealed  # type: ignore[attr-defined]
        yield window
        controller = window.playtest  # type: ignore[attr-defined]
        if controller.session is not None:
            controller.stop()


def _texts(controller: PlaytestController) -> list[str]:
    log = controller.log_dock.log
    return [log.topLevelItem(i).text(3) for i in range(log.topLevelItemCount())]


def test_a_human_seat_reads_its_own_log_and_the_reveal_rebuilds_it(window: MainWindow) -> None:
    controller = window.playtest  # type: ignore[attr-defined]
    assert controller.start(PlaytestSetup({"red": HUMAN, "blue": "greedy"}, 3))
    session = controller.session
    assert session is not None
    session.run_to_end()
    if session.current_player() == "red":
        session.act(next(str(a) for a in session.legal_actions() if str(a).startswith("claim")))
    session.run_to_end()  # Blue (AI) has claimed at least once now
    blue = [e for e in session.log if e.player == "blue"]
    assert blue and all(e.action.startswith("claim") for e in blue)
    texts = _texts(controller)
    assert len(texts) == len(session.log)
    assert [texts[e.seq] for e in blue] == [HIDDEN] * len(blue)
    assert any(t.startswith("claim") for t in texts)  # Red's own claims are there
    window.revealed["now"] = True  # type: ignore[attr-defined]
    session.changed.emit()
    texts = _texts(controller)
    assert HIDDEN not in texts and len(texts) == len(session.log)


def test_with_ai_seats_only_the_author_reads_the_whole_log(window: MainWindow) -> None:
    controller = window.playtest  # type: ignore[attr-defined]
    assert controller.start(PlaytestSetup({"red": "greedy", "blue": "greedy"}, 3))
    session = controller.session
    assert session is not None
    session.run_to_end()
    assert session.state.is_over()
    assert HIDDEN not in _texts(controller)
    texts = _texts(controller)
    assert len(texts) == len(session.log)
    assert next(texts[e.seq] for e in session.log if e.player == "blue").startswith("claim Field")


def test_a_seasons_human_seat_reads_neither_other_treasuries_nor_their_purchases(qtbot: QtBot) -> None:
    """Seasons: treasuries stay at each nation's table and bought units stand face down."""
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(DEFAULT_SCENARIO.parent / "seasons-isles.mappa.json")
    controller = window.playtest  # type: ignore[attr-defined]
    nations = [e.id for e in window.document.scenario.setup.empires]
    seats = {n: "random" for n in nations}
    seats[nations[0]] = HUMAN
    assert controller.start(PlaytestSetup(seats, 11))
    session = controller.session
    assert session is not None
    for _ in range(40):  # the human seat always ends its planning at once; the AIs play on
        session.run_to_end()
        if session.state.is_over():
            break
        legal = [str(a) for a in session.legal_actions()]
        session.act("done" if "done" in legal else legal[0])
    rows = status.seat_rows(session, session.view(), window.document.scenario)
    gold = {row["seat"]: row["gold"] for row in rows}
    names = {e.id: e.name for e in window.document.scenario.setup.empires}
    assert isinstance(gold[names[nations[0]]], int)
    assert all(gold[names[n]] == "?" for n in nations[1:])
    others_bought = [e for e in session.log if e.player in nations[1:] and e.action.startswith("buy ")]
    assert others_bought  # the AIs did buy units, which the whole log shows
    texts = _texts(controller)
    shown = {e.seq: texts[i] for i, e in enumerate(session.state.log_for(nations[0]))}
    # "buy cavalry tamsin" reads "buy (hidden) Tamsin" (or hidden altogether before the reveal).
    for entry in others_bought:
        kind = entry.action.split()[1]
        assert kind not in shown[entry.seq] and shown[entry.seq].startswith(("buy (hidden) ", "hidden"))
    # With AI seats only the author watching sees every treasury.
    controller.stop()
    assert controller.start(PlaytestSetup(dict.fromkeys(nations, "random"), 11))
    session = controller.session
    assert session is not None
    session.run_to_end(200)
    rows = status.seat_rows(session, session.view(), window.document.scenario)
    assert all(isinstance(row["gold"], int) for row in rows)
