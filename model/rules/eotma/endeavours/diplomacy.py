"""Diplomacy (12): ties, diplomatic conquest (12.31, 14.42), claims through ties (house default 18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma.cards import YearCard
from model.rules.eotma.decisions import DecisionKind, Pending
from model.rules.eotma.endeavours.conquest import iberian_conquest
from model.rules.eotma.parleys import is_christian
from model.rules.eotma.ratings import of_leaders_faith
from model.rules.eotma.records import Located
from model.rules.eotma.territory import set_owner

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def outcome(card: YearCard, rating: int) -> str | None:
    """Return 'C', 'T' or None: the one result a diplomacy card gives at this rating (12.3)."""
    conquest = tie = False
    for result in card.for_kind("diplomacy"):
        if result.code == "T/C":
            if result.applies(rating):
                conquest = True
            else:
                tie = True
        elif result.applies(rating):
            if result.code == "C":
                conquest = True
            elif result.code == "T":
                tie = True
    if conquest:
        return "C"
    return "T" if tie else None


def apply_results(state: Position, at: Located, card: YearCard, rating: int, effects: list[str]) -> None:
    """Apply the result: a tie (12.14 one per player), or a diplomatic conquest (12.31)."""
    game = state.game
    board = game.board
    player, target = at.player, at.target
    result = outcome(card, rating)
    name = board.ids[target]
    who = game.player_ids[player]
    bit = 1 << player
    if result is None:
        effects.append(f"{name}: no diplomatic result")
        return
    owner = state.owner[target]
    if result == "C" and owner != player:
        had_tie = bool(state.ties[target] & bit)
        if (
            game.rules.claim_tie_and_conquest
            and had_tie
            and 0 <= owner < game.n_players
            and of_leaders_faith(state, player, target)
            and not state.claims[target] & bit
        ):
            state.claims[target] |= bit
            effects.append(f"{name}: claim for {who} (18, method 2)")
        # 12.31: no unrest; 14.42: forts keep their strength; 22.21: a conquest all the same
        set_owner(state, target, player, effects, conquest=True)
        effects.append(f"{name}: diplomatic conquest by {who} (12.31)")
        iberian_conquest(state, player, target, effects)
        if 0 <= owner < game.n_players and is_christian(state, player) and is_christian(state, owner):
            # 12.32 / 20.41: the Christian owner may contest it in a parley (not when excommunicated, 22.13).
            state.pending.append(Pending(DecisionKind.CONTEST, owner, str(at.kind), (target, player)))
        return
    # A tie: from a T result, or a C against an own area (12.3).
    if state.ties[target] & bit:
        effects.append(f"{name}: {who} already has a tie (12.14)")
        return
    state.ties[target] |= bit
    effects.append(f"{name}: tie for {who}")
