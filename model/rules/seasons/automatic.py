"""The steps of a Seasons turn that no nation chooses, each logged as an entry of its own (the
protocol's ``State.begin_automatic``), so that an action's log entry holds only what its nation did.

The last nation's ``done`` (or the ``disband`` that pays its upkeep, or the ``casualty`` choice
that lets the battles go on) sets off the rest of the turn (Seasons: Turns): the tokens and
purchases are revealed, pillage is served, the moves happen, the battles are fought one by one
(Seasons: Battles), areas change hands and the turn's income is worked out, then the next turn
starts (spring recovery, the income arrives; Seasons: Resources). Each such step's entry names
what did it, as its ``action``: one of the names below; its phase is the season and that name.

The Seasons rules write their effects into the rng's trace, so a battle's dice are logged in the
battles step, after the battle's first line, not with the action that set the battles off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.rules.seasons.state import SeasonsState

REVEAL = "reveal"
"""Every token is turned face up and the purchases appear on the map (Seasons: Turns)."""
PILLAGE = "pillage"
"""The pillage tokens are served, first come first served (Seasons: Tokens / Pillage)."""
MOVES = "moves"
"""The move tokens are carried out (Seasons: Tokens / Move, Units / War Boat)."""
BATTLES = "battles"
"""The battles, one by one: might, dice, casualties that need no choice, retreats and captures
(Seasons: Battles)."""
TURN_END = "turn-end"
"""The turn's end: areas entered without a battle change hands, the income due next turn is
worked out, and after the last turn the game ends (Seasons: Turns, Resources, Winning)."""
TURN_START = "turn-start"
"""The next turn (the next season): spring recovery and the income of the last turn arriving
(Seasons: Turns, Resources)."""

STEPS = (REVEAL, PILLAGE, MOVES, BATTLES, TURN_END, TURN_START)
"""Every automatic step of a Seasons turn, in the order a turn runs them."""


def begin(state: SeasonsState, name: str, effects: list[str]) -> None:
    """Log the effects that follow in ``effects`` (the list the action's apply returns) as the
    automatic step ``name``'s, one of this module's names, in the phase "SEASON NAME"."""
    state.begin_automatic(name, effects, phase=f"{state.board.season} {name}")


__all__ = ["BATTLES", "MOVES", "PILLAGE", "REVEAL", "STEPS", "TURN_END", "TURN_START", "begin"]
