"""Conquest (10), partial conquest of areas with population over one (10.3-10.38), forts (14.41)."""

from __future__ import annotations

import pytest
from eotma_helpers import area, card, idx, start

from model.rules.eotma.game import AreaStart
from model.rules.eotma.records import Partial
from model.rules.protocol import IllegalActionError

C_ANY = card(1, conquest={"result": ["C"]})
C_AT_5 = card(2, conquest={"result": ["C(5>)"], "base": ["-1(<0)"]})
BASE_LOSS = card(3, conquest={"base": ["-1(<2)"]})
TARGET_LOSS = card(4, conquest={"result": ["C(50>)"], "target": ["-1(0>)"]})


def test_10_2_conquest_costs_two_gold() -> None:
    state = start(C_ANY, hand=[1])
    state.apply("conquest border from march")
    assert state.treasury[0] == 10


def test_10_3_population_one_area_is_taken_at_once_with_unrest() -> None:
    state = start(C_ANY, hand=[1])
    state.apply("conquest border from march")
    assert area(state, "border")["owner"] == "west" and area(state, "border")["unrest"]


def test_10_3_threshold_not_reached_gives_no_conquest() -> None:
    state = start(C_AT_5, hand=[2], areas={"border": AreaStart(None, 1)})
    # rating: 3 + 1 - 1 - 1 = 2 < 5
    entry = state.apply("conquest border from march")
    assert area(state, "border")["owner"] is None
    assert "conquest border: card 2, rating 2" in entry.effects


def test_10_3_extra_gold_reaches_the_threshold() -> None:
    state = start(C_AT_5, hand=[2], areas={"border": AreaStart(None, 1)})
    state.apply("conquest border from march +3")
    assert area(state, "border")["owner"] == "west"
    assert state.treasury[0] == 12 - 2 - 3


def test_10_3_base_loses_a_level_on_a_low_rating() -> None:
    state = start(BASE_LOSS, hand=[3], areas={"border": AreaStart(None, 1)})
    state.apply("conquest border from march")  # rating 2 <= 2
    assert area(state, "march")["social_state"] == 0


def test_17_0_failed_endeavour_from_a_base_in_unrest_calls_a_rebellion_check() -> None:
    state = start(
        BASE_LOSS, hand=[3], areas={"border": AreaStart(None, 1), "march": AreaStart("west", 1, unrest=True)}
    )
    state.rng.force(3, 4)  # 7: no result at rebellion value 5 (unrest)
    entry = state.apply("conquest border from march")
    assert any(e.startswith("rebellion check march") for e in entry.effects)


def test_10_3_area_with_population_three_needs_three_c_results() -> None:
    state = start(C_ANY, hand=[1, 1, 1], areas={"city": AreaStart(None, 0)})
    state.apply("conquest city from march")
    assert area(state, "city")["partial_conquest"] == {"west": 1} and area(state, "city")["owner"] is None
    state.apply("conquest city from march")
    assert area(state, "city")["partial_conquest"] == {"west": 2}
    state.apply("conquest city from march")
    assert area(state, "city")["owner"] == "west" and area(state, "city")["partial_conquest"] == {}


def test_10_31_partial_conquest_survives_across_rounds() -> None:
    state = start(C_ANY, hand=[1], areas={"city": AreaStart(None, 0)}, rounds=3)
    state.apply("conquest city from march")
    state.apply("end-turn")
    state.apply("rule capital")
    state.apply("end-turn")
    assert state.round == 1 and area(state, "city")["partial_conquest"] == {"west": 1}


def test_10_32_markers_from_separate_bases_are_cumulative() -> None:
    state = start(C_ANY, hand=[1, 1, 1], areas={"city": AreaStart(None, 0), "border": AreaStart("west", 0)})
    state.apply("conquest city from march")
    state.apply("conquest city from border")
    assert state.partial == {
        (idx(state, "city"), idx(state, "march")): (0, 1),
        (idx(state, "city"), idx(state, "border")): (0, 1),
    }
    state.apply("conquest city from border")
    assert area(state, "city")["owner"] == "west"


def test_10_33_partial_conquest_marker_reduces_owner_er() -> None:
    from model.rules.eotma.actions import Rule
    from model.rules.eotma.endeavours.common import locate
    from model.rules.eotma.ratings import base_rating

    state = start(C_ANY, hand=[1, 1], player="east", areas={"border": AreaStart("west", 0)})
    east = 1
    city = idx(state, "city")
    at = locate(state, east, Rule("city"))
    assert not isinstance(at, str)
    before = base_rating(state, east, "rule", city, city, at.seas)
    state.partial[(city, idx(state, "march"))] = Partial(0, 2)
    assert base_rating(state, east, "rule", city, city, at.seas) == before - 2


def test_10_34_a_partially_conquered_area_can_be_taxed_by_its_owner() -> None:
    state = start(player="east", areas={"city": AreaStart("east", 2)})
    state.partial[(idx(state, "city"), idx(state, "march"))] = Partial(0, 1)
    state.apply("taxation")
    state.rng.force(3, 4)
    state.apply("tax city 1")
    assert state.treasury[1] == 13


def test_10_35_the_conqueror_cannot_use_a_partially_conquered_area_as_base() -> None:
    state = start(C_ANY, hand=[1, 1], areas={"city": AreaStart(None, 0)})
    state.apply("conquest city from march")
    with pytest.raises(IllegalActionError, match=r"10\.35"):
        state.apply("conquest capital from city")


def test_10_36_counterattack_removes_enemy_c_result() -> None:
    state = start(C_ANY, hand=[1, 1], player="east")
    city, march = idx(state, "city"), idx(state, "march")
    state.partial[(city, march)] = Partial(0, 2)  # west has 2 C results on east's city from march
    assert state.current_player() == "east"
    state.apply("conquest march from city")
    assert state.current_player() == "west"  # 13.0: the attacked player decides on a defense
    state.apply("decline")
    assert state.partial[(city, march)] == (0, 1) and area(state, "march")["owner"] == "west"
    state.apply("conquest march from city")
    state.apply("decline")
    assert (city, march) not in state.partial
    assert area(state, "march")["owner"] == "west"


def test_10_37_conquest_of_a_base_removes_the_results_achieved_from_it() -> None:
    dip_c = card(5, diplomacy={"result": ["C"]})
    state = start(dip_c, hand=[5], player="east", areas={"border": AreaStart("west", 0)})
    city, march, border = idx(state, "city"), idx(state, "march"), idx(state, "border")
    state.partial[(city, march)] = Partial(0, 1)
    state.partial[(city, border)] = Partial(0, 1)
    state.apply("diplomacy border")
    state.apply("oppose 0")
    assert area(state, "border")["owner"] == "east"
    assert state.partial == {(city, march): (0, 1)}


def test_10_38_first_to_reach_the_population_takes_it_and_other_markers_go() -> None:
    state = start(C_ANY, hand=[1], areas={"city": AreaStart(None, 0), "border": AreaStart("east", 0)})
    city, march, border = idx(state, "city"), idx(state, "march"), idx(state, "border")
    state.partial[(city, march)] = Partial(0, 2)
    state.partial[(city, border)] = Partial(1, 2)
    state.apply("conquest city from march")
    assert area(state, "city")["owner"] == "west" and state.partial == {}


def test_10_pillage_target_minus_on_conquest_card() -> None:
    state = start(TARGET_LOSS, hand=[4], areas={"border": AreaStart(None, 2)})
    state.apply("conquest border from march")
    assert area(state, "border")["social_state"] == 1


def test_14_41_conquest_destroys_a_strength_two_fort() -> None:
    state = start(C_ANY, hand=[1], areas={"border": AreaStart(None, 0, fortification=2)})
    state.apply("conquest border from march")
    assert area(state, "border")["fortification"] == 0


def test_14_41_conquest_reduces_a_strength_three_fort_to_two() -> None:
    state = start(C_ANY, hand=[1], areas={"border": AreaStart(None, 0, fortification=3)})
    state.apply("conquest border from march")
    assert area(state, "border")["fortification"] == 2 and area(state, "border")["owner"] == "west"


def test_10_conquest_of_an_own_area_of_the_same_religion_is_refused() -> None:
    state = start(C_ANY, hand=[1])
    with pytest.raises(IllegalActionError, match=r"22\.2"):
        state.apply("conquest home from march")


def test_10_conquest_needs_gold() -> None:
    state = start(C_ANY, hand=[1])
    state.treasury[0] = 1
    with pytest.raises(IllegalActionError, match="costs 2 gold and the treasury holds 1"):
        state.apply("conquest border from march")
    assert "conquest border from march" not in [str(a) for a in state.legal_actions()]


def test_10_an_exile_cannot_conquer() -> None:
    state = start(C_ANY, hand=[1])
    state.court[0] = -1
    with pytest.raises(IllegalActionError, match=r"21\.0"):
        state.apply("conquest border from march")


def test_10_33_a_partly_conquered_court_weakens_diplomacy_based_there() -> None:
    from model.rules.eotma.actions import Diplomacy
    from model.rules.eotma.endeavours.common import locate
    from model.rules.eotma.ratings import base_rating

    state = start()
    at = locate(state, 0, Diplomacy("border"))
    assert not isinstance(at, str)
    before = base_rating(state, 0, "diplomacy", at.target, at.base, at.seas)
    state.partial[(idx(state, "home"), idx(state, "march"))] = Partial(1, 1)
    assert base_rating(state, 0, "diplomacy", at.target, at.base, at.seas) == before - 1


def test_9_preview_states_the_rating_and_price_the_resolution_then_uses() -> None:
    # A human player sees an endeavour's rating (9) and price (9.17, 9.33) before choosing it.
    state = start(C_AT_5, hand=[2], areas={"border": AreaStart(None, 1)})
    action = state.resolve("conquest border from march +1")
    assert state.preview(action) == "rating +3, costs 3 gold"  # 3 + 1 - 1 - 1 = 2, plus 1 gold
    entry = state.apply(action)
    assert "conquest border: card 2, rating 3" in entry.effects
    assert state.treasury[0] == 12 - 3
    assert state.preview(state.resolve("end-turn")) == ""
