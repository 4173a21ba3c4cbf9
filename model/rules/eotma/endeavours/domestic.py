"""Fortification (14) and ruling (15): the domestic endeavours of the active player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma import rebellion
from model.rules.eotma.actions import MARKERS
from model.rules.eotma.cards import YearCard
from model.rules.eotma.records import Located

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def fortify(state: Position, at: Located, card: YearCard, rating: int, effects: list[str]) -> None:
    """14.2: F builds a strength-2 fort or raises 2 to 3; -1(<#) lowers the target's social state."""
    board = state.game.board
    for result in card.for_kind("fortify"):
        if not result.applies(rating):
            continue
        if result.code == "F":
            before = state.fort[at.target]
            after = 2 if before < 2 else 3
            if after != before:
                state.fort[at.target] = after
                effects.append(f"{board.ids[at.target]}: fortification {before} -> {after}")
        elif result.code == "-1":
            rebellion.lower_social_state(state, at.target, effects, own_failure=True)


def rule(state: Position, at: Located, card: YearCard, rating: int, effects: list[str]) -> None:
    """15.2-15.3: +1(#>) raises the social state, -1(<#) lowers it; unrest goes unless it fell."""
    lowered = False
    for result in card.for_kind("rule"):
        if not result.applies(rating):
            continue
        if result.code == "+1":
            rebellion.raise_social_state(state, at.target, effects)
        elif result.code == "-1":
            lowered = True
            rebellion.lower_social_state(state, at.target, effects, own_failure=True)
    _quell(state, at, lowered, effects)


def _quell(state: Position, at: Located, lowered: bool, effects: list[str]) -> None:
    """15.3: a ruling whose result lowers nothing (a +1 or no result) removes the target's unrest."""
    if not lowered and state.unrest[at.target] and state.owner[at.target] == at.player:
        state.unrest[at.target] = False
        effects.append(f"{state.game.board.ids[at.target]}: unrest quelled (15.3)")


def raise_unit(state: Position, at: Located, card: YearCard, rating: int, effects: list[str]) -> None:
    """33, 34.11: an F result raises one army or fleet point; the fortification -1(<#) still applies."""
    units = state.army if at.kind == "raise_army" else state.fleet
    name = "army" if at.kind == "raise_army" else "fleet"
    raised = False
    for result in card.for_kind("fortify"):
        if not result.applies(rating):
            continue
        if result.code == "F" and not raised:
            raised = True
            units[at.target] += 1
            if at.kind == "raise_fleet":
                state.invalidate()  # a fleet changes sea range and connections (34.31-34.32)
            effects.append(
                f"{state.game.board.ids[at.target]}: {name} {units[at.target] - 1} -> {units[at.target]}"
            )
        elif result.code == "-1":
            rebellion.lower_social_state(state, at.target, effects, own_failure=True)
    if not raised:
        effects.append(f"{state.game.board.ids[at.target]}: no {name} raised; the gold is spent")


def build(state: Position, at: Located, marker: str, card: YearCard, rating: int, effects: list[str]) -> None:
    """35.11: a +1 ruling result that would raise the social state places the marker instead (so
    none at the highest level, where a +1 raises nothing); a -1 lowers the area. As a ruling
    endeavour it quells unrest on a +1 or no result (15.3), unless the endeavours table's
    ``build_quells_unrest`` says otherwise."""
    built = lowered = False
    top = state.ss[at.target] >= state.game.rules.ss_max
    for result in card.for_kind("rule"):
        if not result.applies(rating):
            continue
        if result.code == "+1" and not built and not top:
            built = True
            state.civ[at.target] |= 1 << MARKERS.index(marker)
            effects.append(f"{state.game.board.ids[at.target]}: {marker} built (35.11)")
        elif result.code == "-1":
            lowered = True
            rebellion.lower_social_state(state, at.target, effects, own_failure=True)
    if not built:
        reason = " (the social state is at its highest, 35.11)" if top else ""
        effects.append(f"{state.game.board.ids[at.target]}: no {marker} built{reason}; the gold is spent")
    if state.game.rules.build_quells_unrest:
        _quell(state, at, lowered, effects)
