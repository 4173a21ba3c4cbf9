"""Pillage (11): target -1(#>), G with the Pillage/Plunder Table (11.3), base -1(<#)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma import rebellion
from model.rules.eotma.actions import MARKERS
from model.rules.eotma.cards import YearCard
from model.rules.eotma.endeavours.losses import BASE_ARMY, NO_ANSWERS, TARGET_ARMY, Answers
from model.rules.eotma.records import Located

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def plunder_gold(state: Position, label: str) -> int:
    """Roll one die on the Pillage/Plunder Table (11.3) and return the gold."""
    return state.game.rules.pillage_gold[state.rng.roll(1, label)]


def apply_results(
    state: Position,
    at: Located,
    card: YearCard,
    rating: int,
    blocked: bool,
    effects: list[str],
    answers: Answers = NO_ANSWERS,
) -> None:
    """Apply a pillage card's results in order: target, gold, base; ``answers`` are the players'
    choices of a marker or an army point instead of a level (35.24, 33.33, ``losses``)."""
    board = state.game.board
    for result in card.in_order("pillage", rating, blocked):
        column = result.column
        if result.code == "-1":
            area = at.base if column == "base" else at.target
            if column == "target" and _takes_marker(state, at, effects, answers.marker()):
                continue
            question = BASE_ARMY if column == "base" else TARGET_ARMY
            if rebellion.army_absorbs(state, area, effects, answers.army(question)):
                continue
            rebellion.lower_social_state(state, area, effects, own_failure=state.owner[area] == at.player)
        elif result.code == "G":
            gold = plunder_gold(state, f"pillage gold {board.ids[at.target]}")
            state.treasury[at.player] += gold
            effects.append(f"{state.game.player_ids[at.player]}: +{gold} gold from pillage")


def _takes_marker(state: Position, at: Located, effects: list[str], chosen: int | None) -> bool:
    """35.24: the attacker destroys a civilisation marker for one gold instead of lowering the
    level: the one it chose (``chosen``: its bit, 0 for the level), or with the endeavours
    table's ``always`` the first one present."""
    game = state.game
    civ = state.civ[at.target]
    policy = game.rules.pillage_takes_markers
    if not (game.options.civilisation_markers and civ and policy != "never"):
        return False
    if chosen is None:
        if policy != "always":
            return False
        chosen = civ & -civ  # the first marker present
    if not chosen & civ:
        return False
    state.civ[at.target] = civ & ~chosen
    state.treasury[at.player] += 1
    name = MARKERS[chosen.bit_length() - 1]
    effects.append(f"{game.board.ids[at.target]}: the {name} is destroyed, +1 gold (35.24)")
    return True
