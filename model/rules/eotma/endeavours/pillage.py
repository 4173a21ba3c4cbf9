"""Pillage (11): target -1(#>), G with the Pillage/Plunder Table (11.3), base -1(<#)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma import rebellion
from model.rules.eotma.cards import YearCard
from model.rules.eotma.records import Located

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def plunder_gold(state: Position, label: str) -> int:
    """Roll one die on the Pillage/Plunder Table (11.3) and return the gold."""
    return state.game.rules.pillage_gold[state.rng.roll(1, label)]


def apply_results(
    state: Position, at: Located, card: YearCard, rating: int, blocked: bool, effects: list[str]
) -> None:
    """Apply a pillage card's results in order: target, gold, base."""
    board = state.game.board
    for column in ("target", "result", "base"):
        for result in card.for_kind("pillage"):
            if result.column != column or not result.applies(rating):
                continue
            if blocked and result.is_good_for_actor("pillage"):
                continue
            if result.code == "-1":
                area = at.base if column == "base" else at.target
                if rebellion.army_absorbs(state, area, effects):
                    continue
                if column == "target" and _takes_marker(state, at, effects):
                    continue
                rebellion.lower_social_state(state, area, effects, own_failure=state.owner[area] == at.player)
            elif result.code == "G":
                gold = plunder_gold(state, f"pillage gold {board.ids[at.target]}")
                state.treasury[at.player] += gold
                effects.append(f"{state.game.player_ids[at.player]}: +{gold} gold from pillage")


def _takes_marker(state: Position, at: Located, effects: list[str]) -> bool:
    """35.24: the attacker removes a civilisation marker for one gold instead of lowering the level."""
    game = state.game
    civ = state.civ[at.target]
    if not (game.options.civilisation_markers and game.rules.pillage_takes_markers and civ):
        return False
    bit = civ & -civ  # the first marker present
    state.civ[at.target] = civ & ~bit
    state.treasury[at.player] += 1
    effects.append(f"{game.board.ids[at.target]}: a civilisation marker is destroyed, +1 gold (35.24)")
    return True
