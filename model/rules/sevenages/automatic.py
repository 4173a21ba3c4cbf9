"""The parts of a 7 Ages turn that no player chooses, each logged as an entry of its own (the
protocol's ``State.begin_automatic``), so that an action's log entry holds only what its player did.

A player's decision often sets the rules going until the next decision: the last bid reveals
every bid, the last action of a step's actor turns up the next marker (and, in the production
step, collects that empire's income), a meddle window closing without a meddle carries out the
declared initiative, committed units fight a conflict round, the last actor of the discard step
ends the turn and the next one starts. Each such step's entry names what did it, as its
``action``: one of the names below (a name the play-test log shows as words: ``end-of-turn`` reads
"End of turn").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState

OPENING_BID = "opening-bid"
"""The face-down bids revealed; the highest card takes the turn marker (7A facts 1 set-up)."""
TURN_START = "turn-start"
"""A new turn: who holds the turn marker, before the markers are placed (7A facts 2.1)."""
MARKERS = "markers"
"""The step's next action marker turned up, in turn order (7A facts 2.1), with the emissary
counters it gives (E&N: Emissary Action)."""
PRODUCTION = "production"
"""An empire's income less its upkeep, the units disbanded when it cannot pay, and the empires
discarded for having no units left (7A facts 2.8; E&N: Discarding Empires)."""
FOUNDING = "founding"
"""A new empire's capital founded in its first start area (7A facts 2.3)."""
EMISSARY = "emissary"
"""A declared initiative carried out once no one meddled (E&N: Arms Sales, Military Advisors,
Peace Mission, Economic Aid, Meddle Affairs)."""
CONFLICT = "conflict"
"""A conflict: who controls the neutrals, the cards drawn, each round's losses and disorder, and
who holds the area at the end (7A facts 2.7; E&N: Conflict)."""
END_OF_TURN = "end-of-turn"
"""The end of the turn: harvest glory, free progress and the game-end check (7A facts 2.13, 2.16;
E&N: Glory from your Capital)."""

STEPS = (OPENING_BID, TURN_START, MARKERS, PRODUCTION, FOUNDING, EMISSARY, CONFLICT, END_OF_TURN)
"""Every automatic step of a 7 Ages game."""


def begin(state: SevenAgesState, name: str, effects: list[str], phase: str | None = None) -> None:
    """Log the effects that follow in ``effects`` (the list the action's apply returns) as the
    automatic step ``name``'s, one of this module's names, in the cursor's phase or ``phase``."""
    state.begin_automatic(name, effects, phase)


__all__ = [
    "CONFLICT",
    "EMISSARY",
    "END_OF_TURN",
    "FOUNDING",
    "MARKERS",
    "OPENING_BID",
    "PRODUCTION",
    "STEPS",
    "TURN_START",
    "begin",
]
