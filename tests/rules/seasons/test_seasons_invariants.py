"""The Seasons invariants name what is broken (they back the random-game tests and the smoke test)."""

from __future__ import annotations

from model.rules.seasons.game import SeasonsGame
from model.rules.seasons.state import SeasonsState


def test_a_fresh_game_is_sound(isles: SeasonsGame) -> None:
    state: SeasonsState = isles.new_state(3)
    assert state.invariant_violations() == []


def test_negative_supply_and_resources_out_of_range_are_named(isles: SeasonsGame) -> None:
    state: SeasonsState = isles.new_state(3)
    nation = next(iter(state.board.nations))
    state.board.nations[nation].supply = -2
    area_id, area = next(iter(state.board.areas.items()))
    area.resources = 9
    found = state.invariant_violations()
    assert f"supply of {nation} is -2" in found
    assert f"resources of {area_id} are 9" in found
