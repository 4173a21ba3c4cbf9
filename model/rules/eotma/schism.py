"""The Schism (23.1-23.2, optional): Byzantine influence over Rome and the Schism Table."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def influence_condition(state: Position) -> int | None:
    """Return the Byzantine influence condition 1-6 (23.1), or None when Rome or Byzantium is absent."""
    game = state.game
    rules = game.rules
    rome = game.board.index.get(rules.schism_rome)
    byz = game.player_index.get(rules.schism_byzantine)
    if rome is None or byz is None:
        return None
    owner = state.owner[rome]
    ties = state.ties[rome]
    byz_tie = bool(ties & (1 << byz))
    others = bool(ties & ~(1 << byz))
    if owner == byz:
        if not byz_tie:
            return rules.rome_without_tie_condition  # not among 23.1's cases: a house default
        return 2 if others else 1
    if 0 <= owner < game.n_players:
        return 6
    if byz_tie:
        return 3
    return 5 if others else 4


def schism_check(state: Position, effects: list[str]) -> None:
    """Roll on the Schism Table (23.1, 23.11): U union, S schism, - no change."""
    condition = influence_condition(state)
    if condition is None:
        return
    state.schism_condition = condition
    roll = state.rng.roll(2, f"schism table, condition {condition}")
    result = state.game.rules.schism_result(roll, condition)
    if result == "U":
        state.union = True
    elif result == "S":
        state.union = False
    effects.append(f"schism table: {result}; the churches are {'united' if state.union else 'in schism'}")


def recheck(state: Position, effects: list[str]) -> None:
    """23.12: a change of Byzantine influence over Rome calls another check at once."""
    if not state.game.options.schism:
        return
    condition = influence_condition(state)
    if condition is not None and condition != state.schism_condition:
        schism_check(state, effects)
