"""Effectiveness ratings (9.3x, facts sheet 3.2): every modifier, sea areas, range, fleets, armies."""

from __future__ import annotations

import pytest
from eotma_helpers import ISLE_LINKED, game, idx, start

from model.rules.eotma.actions import Conquest, Diplomacy, Fortify, Pillage, Rule
from model.rules.eotma.endeavours.common import locate
from model.rules.eotma.game import AreaStart, Options, UnitStart
from model.rules.eotma.ratings import base_rating, cost, sea_adjust
from model.rules.eotma.state import EotmaState
from model.rules.protocol import IllegalActionError


def rating_of(
    state: EotmaState, action: Conquest | Pillage | Diplomacy | Fortify | Rule, player: int = 0
) -> int:
    at = locate(state, player, action)
    assert not isinstance(at, str), at
    return base_rating(state, player, at.kind, at.target, at.base, at.seas) + action.gold


def test_3_2_conquest_rating_combat_plus_base_ss_minus_target_ss_fort_language() -> None:
    # combat 3 + SS(march) 1 - SS(border) 1 - fort 2 - related language 1 - same religion 0 = 0
    state = start(areas={"border": AreaStart(None, 1, fortification=2)})
    assert rating_of(state, Conquest("border", 0, "march")) == 0


def test_3_2_pillage_adds_target_population() -> None:
    # combat 3 + SS(march) 1 + pop(city) 3 - SS(city) 1 - unrelated language 2 = 4
    state = start()
    assert rating_of(state, Pillage("city", 0, "march")) == 4
    assert rating_of(state, Conquest("city", 0, "march")) == 1


def test_9_33_each_extra_gold_adds_one() -> None:
    state = start()
    assert (
        rating_of(state, Conquest("city", 3, "march")) == rating_of(state, Conquest("city", 0, "march")) + 3
    )


def test_3_2_fortification_rating_administrative_plus_ss_and_population() -> None:
    state = start(west={"administrative": 4})
    assert rating_of(state, Fortify("home")) == 4 + 2 + 2


def test_3_2_ruling_rating_subtracts_the_size_of_the_social_state() -> None:
    state = start(west={"administrative": 4}, areas={"march": AreaStart("west", -2)})
    assert rating_of(state, Rule("march")) == 4 - 2
    assert rating_of(state, Rule("home")) == 4 - 2


def test_35_31_cathedral_adds_one_to_ruling() -> None:
    state = start(
        areas={"march": AreaStart("west", 1, cathedral=True)},
        options=Options(events=False, civilisation_markers=True),
    )
    assert rating_of(state, Rule("march")) == 3 - 1 + 1


def test_3_2_language_related_one_unrelated_two() -> None:
    state = start()
    board = state.game.board
    assert board.language_difference("aldic", idx(state, "march")) == 0
    assert board.language_difference("aldic", idx(state, "border")) == 1
    assert board.language_difference("aldic", idx(state, "city")) == 2


def test_3_2_religion_other_church_one_other_religion_two() -> None:
    board = start().game.board
    faraway, isle = board.index["faraway"], board.index["isle"]
    assert board.religion_difference("latin", board.religion[faraway]) == 1
    assert board.religion_difference("latin", board.religion[isle]) == 2


def test_23_11_union_makes_the_churches_one() -> None:
    board = start().game.board
    assert board.religion_difference("latin", "eastern", {"latin", "eastern"}) == 0
    assert board.religion_difference("latin", "old_faith", {"latin", "eastern"}) == 2


def test_22_11_an_excommunicated_leader_counts_as_pagan() -> None:
    state = start()
    before = rating_of(state, Conquest("border", 0, "march"))
    state.excommunicated[0] = True
    assert rating_of(state, Conquest("border", 0, "march")) == before - 2


def test_9_32_two_sea_areas_halve_a_positive_rating_and_grow_a_negative_one() -> None:
    assert sea_adjust(7, 2, 2) == 3
    assert sea_adjust(7, 1, 2) == 7
    assert sea_adjust(-3, 2, 2) == -5
    assert sea_adjust(-2, 3, 2) == -3
    assert sea_adjust(0, 4, 2) == 0


def test_9_17_each_sea_area_costs_one_gold_except_for_diplomacy() -> None:
    state = start()
    at = locate(state, 0, Conquest("isle", 0, "home"))
    assert not isinstance(at, str) and at.seas == 1
    assert cost(state, "conquest", at.seas, 0) == 2 + 1
    assert cost(state, "pillage", at.seas, 2) == 0 + 1 + 2
    assert cost(state, "diplomacy", 3, 0) == 1


def test_9_53_non_seafaring_base_reaches_one_sea_area_only() -> None:
    state = start()
    assert isinstance(locate(state, 0, Conquest("faraway", 0, "home")), str)
    with pytest.raises(IllegalActionError, match="out of reach"):
        state.apply("conquest faraway from home")


def test_9_53_a_seafaring_home_reaches_three_sea_areas_and_halves_across_two() -> None:
    state2 = start(areas={"isle": AreaStart("west", 0)}, tables=ISLE_LINKED)
    at = locate(state2, 0, Conquest("faraway", 0, "isle"))
    assert not isinstance(at, str) and at.seas == 2  # home->isle 1 sea, isle->faraway 1 sea
    raw = 3 + 0 - 0 - 2 - 1  # combat + SS(isle) - SS(faraway) - unrelated language - other church
    assert rating_of(state2, Conquest("faraway", 0, "isle")) == sea_adjust(raw, 2, 2)
    venice = state2.game.board.index["venice"]
    assert state2.game.board.sea_reach(venice)[idx(state2, "home")] == 2


def test_34_32_fleet_makes_a_seafaring_home_and_extends_range() -> None:
    opts = Options(events=False, armies_fleets=True)
    state = start(areas={"isle": AreaStart("west", 0)}, options=opts)
    from model.rules.eotma.territory import sea_range

    isle = idx(state, "isle")
    assert sea_range(state, isle) == 1
    state.fleet[isle] = 2
    assert sea_range(state, isle) == 3 + 2 - 1
    venice = idx(state, "venice")
    state.fleet[venice] = 2
    assert sea_range(state, venice) == 5


def test_34_33_more_defending_fleets_block_attacks_across_the_sea() -> None:
    opts = Options(events=False, armies_fleets=True)
    state = start(areas={"isle": AreaStart(None, 0)}, options=opts)
    state.fleet[idx(state, "isle")] = 1
    with pytest.raises(IllegalActionError, match=r"34\.33"):
        state.apply("conquest isle from home")


def test_33_5_armies_add_in_the_base_and_subtract_in_the_target() -> None:
    opts = Options(events=False, armies_fleets=True)
    state = start(options=opts)
    before = rating_of(state, Conquest("city", 0, "march"))
    state.army[idx(state, "march")] = 2
    state.army[idx(state, "city")] = 1
    assert rating_of(state, Conquest("city", 0, "march")) == before + 1


def test_19_2_technology_cards_add_three_each() -> None:
    state = start()
    before = rating_of(state, Pillage("city", 0, "march"))
    state.kept[0] = ["technological_weapons", "tactical_systems_advance"]
    assert rating_of(state, Pillage("city", 0, "march")) == before + 6


def test_12_17_diplomacy_subtracts_the_owners_diplomatic_stature() -> None:
    # diplomatic 3 + SS(home) 2 - SS(city) 1 - east's diplomatic 4 - unrelated language 2 = -2
    state = start(east={"diplomatic": 4})
    assert rating_of(state, Diplomacy("city")) == -2


def test_12_18_independent_area_minus_three() -> None:
    # 3 + 2 - 0 - 3 - related 1 = 1
    assert rating_of(start(), Diplomacy("border")) == 1


def test_12_19_independent_venice_minus_five() -> None:
    assert rating_of(start(), Diplomacy("venice")) == 3 + 2 - 0 - 5 - 1


def test_12_20_magnate_area_minus_five() -> None:
    from model.rules.eotma.game import EotmaGame, MagnateSetup

    base = game()
    g = EotmaGame(
        base.board,
        base.seats,
        {**base.starts, "border": AreaStart("count", 0)},
        rules=base.rules,
        options=base.options,
        magnates=[MagnateSetup("count", 2, "border")],
    )
    from eotma_helpers import turn_of

    state = turn_of(g.new_state(1), "west")
    with pytest.raises(IllegalActionError, match=r"12\.16"):
        state.apply("diplomacy border")
    g2 = EotmaGame(
        base.board,
        base.seats,
        {**base.starts, "border": AreaStart("count", 0)},
        rules=base.rules,
        options=base.options,
        magnates=[MagnateSetup("count", 2, "venice")],
    )
    state2 = turn_of(g2.new_state(1), "west")
    assert rating_of(state2, Diplomacy("border")) == 3 + 2 - 0 - 5 - 1


def test_12_11_diplomacy_is_based_at_the_court_whatever_the_distance() -> None:
    state = start()
    at = locate(state, 0, Diplomacy("faraway"))
    assert not isinstance(at, str) and at.base == idx(state, "home") and at.seas == 0


def test_units_from_the_setup_are_placed() -> None:
    from model.rules.eotma.game import EotmaGame

    base = game(options=Options(events=False, armies_fleets=True))
    g = EotmaGame(
        base.board,
        base.seats,
        base.starts,
        rules=base.rules,
        options=base.options,
        units=[UnitStart("army", "west", "march", 3)],
    )
    assert g.new_state(1).army[g.board.index["march"]] == 3
