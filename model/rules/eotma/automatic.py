"""The steps of play that no seat chooses, each logged as an entry of its own (the protocol's
``State.begin_automatic``), so that an action's log entry holds only what its player did.

An action can set off steps of the sequence of play (facts sheet 1.3) that belong to nobody who
chooses: the last turn's end starts a new round, whose schism check (23.1), raids (24; facts
sheet 7.2) and Magnate appearances and conquests (24.5; facts sheet 7.3) and initiative ranking
follow at once; a turn's end starts the next player's turn and draws its event card (19, 36).
Each such step's entry names who or what did it, as its ``action``: one of the names below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.protocol import State

if TYPE_CHECKING:
    from model.rules.eotma.position import Position

ROUND_END = "round-end"
"""The last round's end: the game is over (13.14: unused year cards are lost with the round)."""
ROUND_START = "round-start"
"""A new round's start: its year and the schism check of a game turn's first round (23.1)."""
RAIDERS = "raiders"
"""The raiders' attacks and the rolls choosing their targets (24; facts sheet 7.2)."""
MAGNATES = "magnates"
"""A Magnate appearing (24.5) and the Magnates' conquests (24; facts sheet 7.3)."""
INITIATIVE = "initiative"
"""The initiative ranking (facts sheet 1.3 step 5)."""
TURN_START = "turn-start"
"""The next player's turn: its start and its event card(s) (19, 36), drawn by the rules (after
the player's army movement when it has armies, 33.4)."""


def begin(state: Position, name: str, effects: list[str], phase: str | None = None) -> None:
    """Log the effects that follow in ``effects`` as the automatic step ``name``'s (one of this
    module's names), with the cursor's phase or ``phase``. A bare position (no protocol state, as
    some rule tests build) logs nothing, so the mark is dropped."""
    if isinstance(state, State):
        state.begin_automatic(name, effects, phase)


__all__ = ["INITIATIVE", "MAGNATES", "RAIDERS", "ROUND_END", "ROUND_START", "TURN_START", "begin"]
