"""Seasons order tokens: which ones the seat at the computer may see now.

Seasons tokens lie face down until the reveal (Seasons: Tokens, Turns). The map shows what the
seat at the computer may know: its own tokens placed this turn (marked as still hidden from the
others), every token from the reveal until the turn ends, and otherwise the tokens of the last
reveal, so that what every nation did stays readable after the turn resolved in one step.
"""

from __future__ import annotations

from typing import Any

from editor.playtest.orders import LAST, OWN, REVEALED, OrderMark, mark


def seasons_order_marks(state: Any, viewer: str | None) -> list[OrderMark]:
    """The tokens of a Seasons state that ``viewer`` (a nation, None: nobody's own) may see now."""
    current = state.orders_seen_by(viewer)
    turn = int(state.board.turn)
    if current:
        return [mark(order, REVEALED if order["revealed"] else OWN, turn) for order in current]
    last_turn, last = state.last_revealed_orders()
    # At the end of the game the last reveal is this turn's: its tokens are simply face up.
    known = REVEALED if last_turn == turn else LAST
    return [mark(order, known, last_turn) for order in last]
