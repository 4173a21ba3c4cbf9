"""Rule cases for conquest with partial conquest (10.3-10.38) and pillage (11), through the public API.

Board (eotma_helpers): home - march - border - city - capital by land, and march - city; city has
population 3, every other land area 1 or 2. West (court home) speaks aldic, east (court capital)
kestrian; all of them are Latin.
"""

from __future__ import annotations

import pytest
from eotma_helpers import area, card, start
from test_cases_support import rating_in

from model.rules.eotma.game import AreaStart
from model.rules.protocol import IllegalActionError

C = card(1, conquest={"result": ["C"]})
PILLAGE = card(2, pillage={"result": ["G(4>)"], "target": ["-1(3>)"], "base": ["-1(<3)"]})
GOLD = card(3, pillage={"result": ["G"]})
FAIL = card(4, conquest={"base": ["-1(<5)"]})
NOTHING = 99


def legal(state: object) -> list[str]:
    return [str(a) for a in state.legal_actions()]  # type: ignore[attr-defined]


def test_10_3_three_c_results_take_a_population_three_area_keeping_its_social_state() -> None:
    state = start(C, hand=[1, 1, 1], areas={"city": AreaStart(None, 2)})
    entry = state.apply("conquest city from march")
    assert "city: 1 of 3 C results for west (10.3)" in entry.effects
    city = area(state, "city")
    assert city["owner"] is None and not city["unrest"] and city["partial_conquest"] == {"west": 1}
    state.apply("conquest city from march")
    entry = state.apply("conquest city from march")
    city = area(state, "city")
    assert city["owner"] == "west" and city["unrest"] and city["social_state"] == 2
    assert city["partial_conquest"] == {}
    assert "city: owner independent -> west" in entry.effects


def test_10_3_and_14_41_a_fort_stands_until_the_area_falls() -> None:
    state = start(C, hand=[1, 1, 1], areas={"city": AreaStart(None, 0, fortification=3)})
    state.apply("conquest city from march")  # rating 3 + 1 - 0 - fort 3 - 2 = -1: C has no threshold
    state.apply("conquest city from march")
    assert area(state, "city")["fortification"] == 3
    entry = state.apply("conquest city from march")
    assert area(state, "city")["fortification"] == 2 and area(state, "city")["owner"] == "west"
    assert "city: fortification 3 -> 2 (14.41)" in entry.effects


def test_10_31_and_10_32_results_from_two_bases_in_different_rounds_add_up() -> None:
    state = start(C, hand=[1, 1], areas={"city": AreaStart("east", 1), "border": AreaStart("west", 0)})
    state.apply("conquest city from march")
    state.apply("decline")
    state.apply("conquest city from border")
    state.apply("decline")
    assert area(state, "city")["partial_conquest"] == {"west": 2}
    state.apply("end-turn")
    state.apply("rule capital")
    state.apply("end-turn")
    assert state.view()["round"] == 2
    while state.phase == "initiative":
        state.apply("slot 1" if state.current_player() == "west" else "slot 2")
    state.force_year_cards("west", [1])
    state.apply("conquest city from border")
    state.apply("decline")
    # city has population 3: the third result, a round later and from another base, takes it
    assert area(state, "city")["owner"] == "west" and area(state, "city")["partial_conquest"] == {}


def test_10_33_the_owner_rates_a_partly_conquered_area_lower_by_the_enemy_c_results() -> None:
    # east rules city with 2 west C results on it: administrative 3 - |SS 1| - 0 - 0 - 2 = 0
    state = start(
        hand=[NOTHING, NOTHING],
        player="east",
        areas={"city": AreaStart("east", 1, partial_conquest={"west": 2})},
    )
    assert rating_in(state.apply("rule city").effects, "rule", "city") == 0
    # a foreign endeavour based there: conquest border, 3 + SS(city) 1 - 0 - unrelated 2 - 2 = 0
    assert rating_in(state.apply("conquest border from city").effects, "conquest", "border") == 0


def test_10_34_the_owner_taxes_a_partly_conquered_area_normally() -> None:
    state = start(player="east", areas={"city": AreaStart("east", 2, partial_conquest={"west": 2})})
    state.apply("taxation")
    state.rng.force(4, 3)  # 7: nothing at rebellion value 2
    entry = state.apply("tax city 2")
    assert "east: +2 gold from city" in entry.effects and state.treasury[1] == 14


def test_10_35_a_partial_conqueror_neither_bases_in_nor_rules_the_area() -> None:
    state = start(C, hand=[1, 1], areas={"city": AreaStart(None, 1)})
    state.apply("conquest city from march")
    with pytest.raises(IllegalActionError, match=r"10\.35"):
        state.apply("conquest capital from city")
    with pytest.raises(IllegalActionError, match="domestic"):
        state.apply("rule city")


def test_10_36_counterattacks_remove_one_c_result_each_then_the_cleared_area_can_be_conquered() -> None:
    # west scores one C result on east's city from march and one from border
    state = start(C, hand=[1, 1], areas={"border": AreaStart("west", 1), "city": AreaStart("east", 1)})
    state.apply("conquest city from march")
    state.apply("decline")
    state.apply("conquest city from border")
    state.apply("decline")
    assert area(state, "city")["partial_conquest"] == {"west": 2}
    state.apply("end-turn")
    state.force_year_cards("east", [1, 1])
    entry = state.apply("conquest march from city")  # west has no card left to defend (13.14)
    # 3 + SS(city) 1 - SS(march) 1 - unrelated 2 - 2 enemy results (10.33) = -1; the C removes one
    assert rating_in(entry.effects, "conquest", "march") == -1
    assert "city: one C result from march removed (10.36)" in entry.effects
    assert area(state, "march")["owner"] == "west" and area(state, "city")["partial_conquest"] == {"west": 1}
    entry = state.apply("conquest march from city")
    assert rating_in(entry.effects, "conquest", "march") == 0
    assert area(state, "march")["owner"] == "east"  # cleared of march's results: it can be taken
    assert area(state, "city")["partial_conquest"] == {"west": 1}  # border's result still stands


def test_10_37_conquering_the_base_wipes_the_results_scored_from_it() -> None:
    # west scored 2 C results on east's city from border; east takes border from march (not from
    # city, where a C would only remove a result under 10.36)
    state = start(
        C,
        hand=[1],
        player="east",
        areas={
            "border": AreaStart("west", 0),
            "march": AreaStart("east", 1),
            "city": AreaStart("east", 1, partial_conquest={"west": 2}),
        },
    )
    board = state.game.board
    assert list(state.partial) == [(board.index["city"], board.index["border"])]
    state.apply("conquest border from march")
    state.apply("decline")
    assert area(state, "border")["owner"] == "east" and area(state, "city")["partial_conquest"] == {}


def test_10_38_the_first_to_reach_the_population_takes_the_area_and_the_rivals_markers_go() -> None:
    state = start(C, hand=[1], areas={"city": AreaStart(None, 0, partial_conquest={"west": 2, "east": 2})})
    assert area(state, "city")["partial_conquest"] == {"west": 2, "east": 2}
    state.apply("conquest city from march")
    city = area(state, "city")
    assert city["owner"] == "west" and city["partial_conquest"] == {}


def test_10_3_a_conquest_of_an_opponents_area_is_resolved_the_same_way() -> None:
    state = start(C, hand=[1], areas={"border": AreaStart("east", 2, fortification=2)})
    state.apply("conquest border from march")
    entry = state.apply("decline")
    border = area(state, "border")
    assert border["owner"] == "west" and border["unrest"] and border["social_state"] == 2
    assert border["fortification"] == 0 and "border: fortification 2 -> 0 (14.41)" in entry.effects


def test_17_0_a_failed_conquest_from_a_base_in_unrest_calls_a_rebellion_check() -> None:
    # rating 3 + 1 - 0 - 1 = 3 <= 5: march (in unrest) loses a level and is checked:
    # rebellion value: unrest 5, nothing raised -> rolls of S(5) give unrest, S(1) = 2,3,11,12 rebellion
    state = start(FAIL, hand=[4], areas={"march": AreaStart("west", 1, unrest=True)})
    state.rng.force(6, 6)  # 12: in S(1), a rebellion
    entry = state.apply("conquest border from march")
    assert "march: social state 1 -> 0" in entry.effects
    assert area(state, "march")["owner"] is None and not area(state, "march")["unrest"]


def test_11_1_pillage_over_land_costs_only_the_extra_gold() -> None:
    state = start(hand=[NOTHING])
    entry = state.apply("pillage border from march +2")
    assert "west pays 2 gold" in entry.effects


def test_11_2_both_minus_one_results_apply_at_exactly_their_thresholds() -> None:
    # rating 3 + SS(march) 1 + population 1 - SS(border) 1 - related 1 = 3: target -1(3>) and base
    # -1(<3) both apply; G(4>) does not, so no die is rolled
    state = start(PILLAGE, hand=[2], areas={"border": AreaStart(None, 1)})
    entry = state.apply("pillage border from march")
    assert area(state, "border")["social_state"] == 0 and area(state, "march")["social_state"] == 0
    assert state.treasury[0] == 12
    assert not any("1d6" in e for e in entry.effects)
    assert not area(state, "border")["unrest"]  # pillage lowers the level; it does not add unrest


@pytest.mark.parametrize(("roll", "gold"), [(1, 0), (3, 1), (5, 2), (6, 3)])
def test_11_3_the_pillage_table_gives_gold_by_one_die(roll: int, gold: int) -> None:
    state = start(GOLD, hand=[3], areas={"border": AreaStart(None, -1)})
    state.rng.force(roll)
    entry = state.apply("pillage border from march")
    assert f"west: +{gold} gold from pillage" in entry.effects and state.treasury[0] == 12 + gold


def test_11_0_an_opponents_pillaged_area_stays_its_own_and_may_be_defended() -> None:
    state = start(PILLAGE, hand=[2, 2], areas={"border": AreaStart("east", -2)})
    state.apply("pillage border from march")
    assert state.current_player() == "east"  # 13.0: the owner may defend
    state.apply("decline")
    # 3 + 1 + 1 - (-2) - 1 = 6: target -1 and gold (G at 4 or more)
    assert area(state, "border")["owner"] == "east" and area(state, "border")["social_state"] == -3
    with pytest.raises(IllegalActionError, match=r"11\.0"):
        state.apply("pillage border from march")  # now at -3


def test_11_0_a_player_cannot_pillage_its_own_area() -> None:
    state = start(PILLAGE, hand=[2], areas={"border": AreaStart("west", 1)})
    with pytest.raises(IllegalActionError, match=r"11\.0"):
        state.apply("pillage border from march")
