"""Other ways to give the heuristic bot's next order, for the search's shortlist (MCTS).

The heuristic bot's plan for a season is a purchase and a list of orders; the search
(model/bots/mcts.py) plays one action at a time and compares the moves the bot's ``shortlist``
offers. Offering the rest of the plan in another order gives the search nothing to choose: the
bot gives the same orders a decision later. What matters is *which* order: where the units of an
area go, how many of them, and which unit a purchase buys. So after the bot's choice the
shortlist offers that choice done differently (this module), and only then the rest of the plan.
On the 40 games of seed 101 on scenarios/seasons-isles.mappa.json this alone raised the MCTS
level's share from 0.28 to 0.39 (figures on fresh seeds: resources/bots/MCTS-TUNING.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.protocol import Action
from model.rules.seasons import resolution
from model.rules.seasons.actions import Buy, Move
from model.rules.seasons.battle import CAVALRY, INFANTRY, LAND_KINDS, SIEGE

if TYPE_CHECKING:
    from model.rules.seasons.state import SeasonsState

BOUGHT_KINDS = (INFANTRY, CAVALRY, SIEGE)
"""The land units a purchase may buy instead (a war boat stands at sea: another kind of plan)."""


def alternatives(state: SeasonsState, nation: str, choice: Action) -> list[Action]:
    """Return the bot's ``choice`` given differently, best guess first (unchecked: the caller drops
    what the rules refuse): a move with all the area's free units, or to another land area next to
    its source; a purchase of another land unit in the same place. Empty for other actions."""
    if isinstance(choice, Move):
        return _moves(state, nation, choice)
    if isinstance(choice, Buy) and choice.kind in BOUGHT_KINDS:
        return [Buy(kind, choice.area) for kind in BOUGHT_KINDS if kind != choice.kind]
    return []


def _moves(state: SeasonsState, nation: str, choice: Move) -> list[Action]:
    """Seasons: Tokens / Move: the same units to the other land areas next to the source, the
    weakest first (foreign units there, a building counting 2, then the richest), then the areas
    the nation or its allies hold; before them the move with every free unit of the source, when
    the bot keeps one back."""
    game, board = state.game, state.board
    if choice.source not in game.land:
        return []  # from the sea: a boat's cargo, whose landing the bot already chose
    tasked = state.tasked()
    free = tuple(
        unit.id
        for unit in state.units_of(nation, choice.source)
        if unit.kind in LAND_KINDS and unit.id not in tasked
    )
    found: list[Action] = []
    if set(free) > set(choice.units):
        found.append(Move(choice.source, choice.target, free))
    foreign: list[tuple[int, int, str]] = []
    friendly: list[tuple[int, int, str]] = []
    for target in sorted(game.links.get(choice.source, ())):
        if target == choice.target or target not in game.land:
            continue
        owner = board.areas[target].owner
        enemies = sum(1 for u in resolution.fighters_in(state, target) if not game.allied(u.nation, nation))
        guard = 2 if board.areas[target].building else 0
        key = (enemies + guard, -board.areas[target].resources, target)
        (friendly if owner is not None and game.allied(owner, nation) else foreign).append(key)
    for _, _, target in sorted(foreign) + sorted(friendly):
        found.append(Move(choice.source, target, choice.units))
    return found
