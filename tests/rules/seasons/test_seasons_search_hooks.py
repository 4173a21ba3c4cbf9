"""What Seasons gives the search (model/bots/mcts.py): the choice given differently in the
heuristic bot's shortlist (``model.rules.seasons.alternatives``) and the worth of a position cut
off before the end (``SeasonsState.evaluation``, ``model.rules.seasons.evaluation``)."""

from __future__ import annotations

import dataclasses

import pytest

from model.bots.mcts import rewards
from model.rules.seasons.actions import Buy, Move
from model.rules.seasons.alternatives import alternatives
from model.rules.seasons.game import SeasonsGame
from model.rules.seasons.state import SeasonsState


def _weighted(isles: SeasonsGame, worth: float) -> SeasonsGame:
    """The game with the bot table's ``worth_per_resource`` set (the shipped value is tuned data)."""
    bot = isles.tables.bot.model_copy(update={"worth_per_resource": worth})
    return dataclasses.replace(isles, tables=isles.tables.model_copy(update={"bot": bot}))


def _start(isles: SeasonsGame) -> SeasonsState:
    state = isles.new_state(1)
    assert isinstance(state, SeasonsState)
    return state


def test_a_move_is_offered_to_the_other_neighbours_foreign_first_then_held(isles: SeasonsGame) -> None:
    state = _start(isles)
    found = alternatives(state, "vellmark", Move("fennick", "corrin", ("vellmark_4",)))
    # corrin and oldstone are free land, caldwick and greywater Vellmark's own: foreign first.
    assert [str(a) for a in found] == [
        "move fennick oldstone vellmark_4",
        "move fennick caldwick vellmark_4",
        "move fennick greywater vellmark_4",
    ]


def test_a_move_that_keeps_a_unit_back_is_offered_with_every_free_unit_first(isles: SeasonsGame) -> None:
    state = _start(isles)
    found = alternatives(state, "vellmark", Move("harrowmere", "caldwick", ("vellmark_2", "vellmark_3")))
    assert [str(a) for a in found] == [
        "move harrowmere caldwick vellmark_1,vellmark_2,vellmark_3",
        "move harrowmere greywater vellmark_2,vellmark_3",  # the sea areas next to it are not land
    ]


def test_a_purchase_is_offered_as_the_other_land_units_and_other_actions_as_nothing(
    isles: SeasonsGame,
) -> None:
    state = _start(isles)
    assert [str(a) for a in alternatives(state, "vellmark", Buy("infantry", "harrowmere"))] == [
        "buy cavalry harrowmere",
        "buy siege harrowmere",
    ]
    assert alternatives(state, "vellmark", Buy("war_boat", "north_sea")) == []


def test_the_worth_of_a_nation_is_its_areas_plus_its_assets_shrinking_with_the_turns_left(
    isles: SeasonsGame,
) -> None:
    state = _start(_weighted(isles, 0.1))
    # Vellmark: 4 areas; treasury 6 + 4, units 2 + 2 + 4 + 2 + 4 (a war boat), a tower 8: 32 points.
    # Ostrand: 4 areas; treasury 14 + 10, units 14, a tower 8: 46 points. A tenth of an area each.
    assert state.evaluation() == pytest.approx(
        {"vellmark": 7.2, "ostrand": 8.6, "suderland": 8.6, "kessary": 7.2}
    )
    state.board.turn = isles.turns  # the last turn: an eighth of the worth is left
    assert state.evaluation() == pytest.approx(
        {"vellmark": 4.4, "ostrand": 4.575, "suderland": 4.575, "kessary": 4.4}
    )


def test_without_a_worth_per_resource_the_search_judges_by_the_areas(isles: SeasonsGame) -> None:
    assert _start(_weighted(isles, 0.0)).evaluation() is None


def test_the_search_rewards_a_cut_off_game_by_the_worth(isles: SeasonsGame) -> None:
    # Every nation holds 4 areas at the start; by the areas alone all would share the lead.
    rewarded = rewards(_start(_weighted(isles, 0.1)))
    assert rewarded == pytest.approx({"vellmark": 0.0, "ostrand": 0.75, "suderland": 0.75, "kessary": 0.0})
    assert rewards(_start(_weighted(isles, 0.0))) == pytest.approx(
        {"vellmark": 0.375, "ostrand": 0.375, "suderland": 0.375, "kessary": 0.375}
    )
