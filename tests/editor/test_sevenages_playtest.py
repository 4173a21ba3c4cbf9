"""A 7 Ages play-test in the real window: human seats take every emissary initiative and meddle
through the play-test panel (the choices a person sees: the list, or a click on an area), and the
map shows neutral stacks face down to a seat that has not seen them.

Two human seats share the screen (Ann and Ben, hot seat) and Cid is an AI, so that one human
declares initiatives and the other meddles. Ann puts the wild card on Egypt and turns it to
emissary when that step comes (4 counters); Ben puts his on Scythia and keeps it unused, to turn
it up when he meddles (E&N: Emissary Action, Meddle Affairs).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from sevenages_editor_helpers import controller_of, tiny_window

from editor.mainwindow import MainWindow
from editor.playtest.controller import PlaytestController
from editor.playtest.session import HUMAN, PlaytestSession, PlaytestSetup

SEED = 5
MARKERS = {
    "ann": {"egypt": "mark egypt wild", "slot": "mark slot none"},
    "ben": {"scythia": "mark scythia wild", "slot": "mark slot none"},
}
"""What each human seat marks (7A facts 2.1): the wild card, nothing on the slot."""
ANSWERS = ("done", "pass", "stay", "keep", "finish", "start none", "trade none")
"""A human seat's answer to anything before the emissary step (a conflict's neutrals, a discard)."""


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    with tiny_window(qtbot, tmp_path) as window:
        yield window


def _controller(window: MainWindow) -> PlaytestController:
    return controller_of(window)


def _session(controller: PlaytestController) -> PlaytestSession:
    assert controller.session is not None
    return controller.session


def choose(controller: PlaytestController, text: str, area: str | None = None) -> None:
    """Pick a choice as a person does: from the list, or after clicking ``area`` on the map."""
    controller.select_area(area)
    listed = {choice.key: choice for choice in controller.dock.shown_choices()}
    legal = [str(a) for a in _session(controller).legal_actions()]
    assert text in listed, f"{text!r} is not offered at {area}: {list(listed)} (legal: {legal})"
    assert controller.choose(listed[text])


def to_emissary_step(controller: PlaytestController) -> None:
    """Place the markers, let Cid (AI) play, answer the rest, until Ann's emissary action: only
    Ann turns her wild card, and only to emissary (7A facts 2.2)."""
    session = _session(controller)
    for _ in range(500):
        session.run_to_end()
        board = session.state.board  # type: ignore[attr-defined]
        if board.phase == "step" and board.step == 7 and board.ctx.get("sub") == "initiative":
            return
        player = session.current_player()
        legal = [str(a) for a in session.legal_actions()]
        if board.phase == "mark":
            choose(controller, MARKERS[str(player)][legal[0].split()[1]])
        elif "wild use" in legal:
            choose(controller, "wild use" if player == "ann" and board.step == 7 else "wild keep")
        else:
            session.act(next((t for t in legal if t in ANSWERS), legal[0]))
    raise AssertionError("the emissary step never came")


def _chips(controller: PlaytestController, area: str) -> list[str]:
    assert controller.overlay is not None
    return [chip.text for chip in controller.overlay.pictures[area].chips]


def test_human_seats_take_every_initiative_and_meddle(window: MainWindow) -> None:
    controller = _controller(window)
    assert controller.start(PlaytestSetup({"ann": HUMAN, "ben": HUMAN, "cid": "random"}, SEED))
    session = _session(controller)
    to_emissary_step(controller)
    board = session.state.board  # type: ignore[attr-defined]
    assert session.current_player() == "ann" and board.players["ann"].counters == 4
    # i) Arms sales (E&N: Arms Sales): a neutral spearmen bought for the coast, paid by Egypt.
    treasury = board.empires["egypt"].treasury
    coast = len(session.state.units_of("neutral", "coast"))  # type: ignore[attr-defined]
    choose(controller, "arms coast unit spearmen", "coast")
    assert session.current_player() == "ben"
    assert [c.key for c in controller.dock.shown_choices()] == ["meddle reveal", "pass"]
    choose(controller, "pass")
    assert len(session.state.units_of("neutral", "coast")) == coast + 1  # type: ignore[attr-defined]
    assert board.empires["egypt"].treasury == treasury - 2
    # ii) Military advisors in the forest and on the coast; Ben turns up his wild card to meddle.
    choose(controller, "advisors forest", "forest")
    choose(controller, "advisors coast", "coast")
    choose(controller, "meddle reveal")
    assert board.players["ben"].counters == 3  # 4 on an empire, one spent at once (E&N)
    assert "advisors of ann is cancelled" in session.log[-1].effects
    # iii) Peace mission: one unit or fort removed in each area, by the priority list.
    choose(controller, "peace forest", "forest")
    choose(controller, "peace coast", "coast")
    choose(controller, "pass")
    assert session.log[-1].effects[-3:] == (
        "peace mission removes neutral light_horse(6) in forest",
        "reveal coast: catapult(11), 2 spearmen(1)",
        "peace mission removes the fortification in coast",
    )
    # iv) Economic aid; Ben meddles with his counters (no reveal this time).
    choose(controller, "aid coast unit", "coast")
    choose(controller, "aid forest city", "forest")
    assert [c.key for c in controller.dock.shown_choices()] == ["meddle", "pass"]
    choose(controller, "meddle")
    assert board.players["ben"].counters == 2 and board.players["ann"].counters == 0
    assert "aid of ann is cancelled" in session.log[-1].effects
    choose(controller, "finish")
    # Ben's own emissary action comes next, with the counters he kept.
    assert session.current_player() == "ben" and board.players["ben"].emissary == "acting"
    assert session.state.statistics()["meddles"] == 2  # type: ignore[attr-defined]
    # The peace mission revealed both stacks: every seat sees them face up now (E&N: Fog of war).
    assert _chips(controller, "forest") == ["C1", "2"]
    assert _chips(controller, "coast") == ["3"]  # the fort went: a catapult and two spearmen


def test_the_map_shows_a_human_seat_neutral_stacks_face_down(window: MainWindow) -> None:
    controller = _controller(window)
    assert controller.start(PlaytestSetup({"ann": HUMAN, "ben": "random", "cid": "random"}, SEED))
    assert _session(controller).current_player() == "ann"
    assert _chips(controller, "forest") == ["C1", "3?"]
    assert _chips(controller, "coast") == ["F", "2?"]
    assert controller.overlay is not None
    assert "spearmen" not in controller.overlay.pictures["forest"].tip


def test_the_author_watching_ai_seats_sees_every_neutral_unit(window: MainWindow) -> None:
    controller = _controller(window)
    assert controller.start(PlaytestSetup({"ann": "random", "ben": "random", "cid": "random"}, SEED))
    assert _chips(controller, "forest") == ["C1", "3"]
    assert controller.overlay is not None
    assert "2 spearmen (level 1)" in controller.overlay.pictures["forest"].tip
    # The side list names each player with the empires it holds, then the neutrals, under the
    # 7 Ages headings (glory, 7A facts 2.16) and with no EotMA court or raider marks.
    assert controller.dock.shown_npcs() == ["Ann", "Ben", "Cid", "□ Neutrals"]
    header = controller.dock.npcs.headerItem()
    assert [header.text(c) for c in range(5)] == [
        "Player / neutrals",
        "Glory",
        "Empires",
        "Markers / areas",
        "Cards / units",
    ]


def test_hot_seat_players_see_neutral_stacks_face_down_while_an_ai_acts(window: MainWindow) -> None:
    controller = _controller(window)
    assert controller.start(PlaytestSetup({"ann": HUMAN, "ben": HUMAN, "cid": "random"}, SEED))
    session = _session(controller)
    for _ in range(50):  # the humans answer at once until the AI seat is to act
        if session.current_player() == "cid":
            break
        session.act(str(session.legal_actions()[0]))
    assert session.current_player() == "cid" and controller.viewer() is None
    controller.refresh()
    # Nobody's seat looks, but Ann and Ben share the screen: the public view (E&N: Fog of war).
    assert _chips(controller, "forest") == ["C1", "3?"]
    assert controller.overlay is not None
    assert "spearmen" not in controller.overlay.pictures["forest"].tip


def test_a_human_seat_can_end_the_advisors_moves(window: MainWindow) -> None:
    # E&N: Military Advisors: the declaring player moves neutral stacks, then stops with a plain
    # ``done``, a button of the panel (it names no area, so it is offered with no area clicked).
    controller = _controller(window)
    assert controller.start(PlaytestSetup({"ann": HUMAN, "ben": HUMAN, "cid": "random"}, SEED))
    to_emissary_step(controller)
    session = _session(controller)
    choose(controller, "advisors forest", "forest")
    choose(controller, "advisors coast", "coast")
    choose(controller, "pass")
    assert session.current_player() == "ann"
    legal = [str(a) for a in session.legal_actions()]
    assert "done" in legal and any(t.startswith("send forest coast ") for t in legal)
    # The panel says what the listed moves are for and lights the advisors' areas.
    decision = session.view()["decision_about"]
    assert (decision["kind"], decision["areas"]) == ("send", ["forest", "coast"])
    controller.select_area(None)
    assert controller.dock.choices_hint.text() == (
        "Ann moves neutral stacks from Forest, Coast with the military advisors, or is done "
        "(E&N: Military Advisors)."
    )
    listed = [c.key for c in controller.dock.shown_choices()]
    assert "done" in listed and any(key.startswith("send forest coast ") for key in listed)
    choose(controller, "done")
    # The advisors' initiative is over: Ann declares the next one or finishes (3 counters left).
    board = session.state.board  # type: ignore[attr-defined]
    assert board.ctx.get("sub") == "initiative" and board.players["ann"].counters == 3
    assert "done" not in [str(a) for a in session.legal_actions()]
