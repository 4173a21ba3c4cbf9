"""Seasons order tokens on the play-test map: a human seat sees its own face-down tokens, nobody
sees another nation's before the reveal, and every token shows once revealed."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from editor_helpers import seasons_playtest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from editor.playtest import status
from editor.playtest.choices import Choice, group_actions
from editor.playtest.controller import PlaytestController
from editor.playtest.orders import HIDDEN_OUTLINE, LAST, OWN, REVEALED
from editor.playtest.overlay import PlayOverlay
from editor.playtest.session import HUMAN
from model.rules.seasons.state import CASUALTIES, PLAN

SEED = 11


def _controller(qtbot: QtBot, human: bool = True) -> PlaytestController:
    return seasons_playtest(qtbot, human, SEED)[0]


def _overlay(controller: PlaytestController) -> PlayOverlay:
    assert controller.overlay is not None
    return controller.overlay


def _token_tips(overlay: PlayOverlay) -> list[str]:
    """The tips of every token chip drawn on the map."""
    return [chip.tip for item in overlay.chips.values() for chip in item.chips if " token of " in chip.tip]


def _choice(controller: PlaytestController, text: str) -> Choice:
    """The panel's choice that carries out this action."""
    session = controller.session
    assert session is not None
    return next(c for c in group_actions(session.legal_actions()) if str(c.action(c.golds[0])) == text)


def test_a_human_seat_sees_its_own_tokens_and_never_another_nations_before_the_reveal(
    qtbot: QtBot,
) -> None:
    controller = _controller(qtbot)
    session = controller.session
    assert session is not None
    me = session.current_player()
    assert me is not None and session.seats[me] == HUMAN
    for verb in ("move", "aid"):
        order = next(str(a) for a in session.legal_actions() if str(a).startswith(verb))
        assert controller.choose(_choice(controller, order))
    overlay = _overlay(controller)
    assert [(m.nation, m.kind, m.known) for m in overlay.orders] == [(me, "move", OWN), (me, "aid", OWN)]
    for mark in overlay.orders:
        chips = [c for c in overlay.chips[mark.source].chips if " token of " in c.tip]
        assert any(
            c.text == {"move": "M→", "aid": "A→"}[mark.kind] and c.outline == HIDDEN_OUTLINE for c in chips
        )
    arrows = [(a.mark.kind, a.mark.source, a.mark.target) for a in overlay.arrows]
    assert arrows == [(m.kind, m.source, m.target) for m in overlay.orders if m.source != m.target]
    assert all(a.pen().style() == Qt.PenStyle.DashLine for a in overlay.arrows)

    session.act("done")
    session.changed.emit()
    others_placed = False
    # The AI nations plan one action at a time: their tokens lie on the board, never on the map.
    while session.state.board.turn == 1 and session.state.board.phase == PLAN:  # type: ignore[attr-defined]
        session.step_once()
        board = session.state.board  # type: ignore[attr-defined]
        if board.turn != 1:
            break
        others_placed |= any(o.nation != me for o in board.orders)
        assert {m.nation for m in overlay.orders} == {me}
        assert all(a.mark.nation == me for a in overlay.arrows)
        assert all(f"token of {me}:" in tip for tip in _token_tips(overlay))
    assert others_placed, "the AI nations placed no token in the first turn"

    # The reveal: every nation's tokens of turn 1 show, face up, until the next ones are placed.
    assert session.state.board.turn == 2  # type: ignore[attr-defined]
    turn, revealed = session.state.last_revealed_orders()  # type: ignore[attr-defined]
    assert turn == 1
    shown = [(m.nation, m.kind, m.source, m.target, m.known) for m in overlay.orders]
    assert shown == [(o["nation"], o["kind"], o["source"], o["target"], LAST) for o in revealed]
    assert {m.nation for m in overlay.orders} > {me}
    assert any("revealed in turn 1" in tip for tip in _token_tips(overlay))


def test_tokens_of_every_nation_are_face_up_while_a_battle_waits_for_casualties(qtbot: QtBot) -> None:
    controller = _controller(qtbot, human=False)
    session = controller.session
    assert session is not None
    while not any(o.nation != session.state.board.orders[0].nation for o in session.state.board.orders[1:]):  # type: ignore[attr-defined]
        session.step()
    controller.refresh()
    overlay = _overlay(controller)
    assert overlay.orders == ()  # all seats are AI: nobody's tokens before the reveal
    assert _token_tips(overlay) == []
    board = session.state.board  # type: ignore[attr-defined]
    board.phase = CASUALTIES  # as during a battle after the reveal
    controller.refresh()
    assert [(m.nation, m.kind, m.known) for m in overlay.orders] == [
        (o.nation, o.kind, REVEALED) for o in board.orders
    ]
    assert len(_token_tips(overlay)) == len(board.orders)
    assert all(a.pen().style() == Qt.PenStyle.SolidLine for a in overlay.arrows)


@pytest.mark.parametrize(
    ("seats", "acting", "expected"),
    [
        ({"a": HUMAN, "b": "random"}, "b", "a"),  # the only human seat sees its tokens on AI turns
        ({"a": HUMAN, "b": HUMAN, "c": "random"}, "b", "b"),
        ({"a": HUMAN, "b": HUMAN, "c": "random"}, "c", None),  # hot seat: nobody's while an AI acts
        ({"a": "random", "b": "random"}, "a", None),
    ],
)
def test_whose_face_down_tokens_the_map_may_show(
    seats: dict[str, str], acting: str, expected: str | None
) -> None:
    session = SimpleNamespace(seats=seats, current_player=lambda: acting)
    assert status.viewer(session) == expected  # type: ignore[arg-type]
