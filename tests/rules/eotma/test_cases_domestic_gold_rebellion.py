"""Rule cases for fortification (14), ruling and quelling unrest (15), gold, taxation and plunder
(16) and the Unrest & Rebellion Table (17, facts sheet 5), through the public API.

The table (facts sheet 5.3 with the house-default split): S(v) is the set of 2d6 rolls giving a
result at rebellion value v; a roll in S(v - 4) is a rebellion, one only in S(v) is unrest.
S(1) = 2,3,11,12; S(2) = 2,3,4,11,12; S(3) = 2,3,4,10,11,12; S(4) adds 5; S(5) adds 9; S(6) adds 6;
S(7) adds 8; S(8) and above: every roll.
"""

from __future__ import annotations

import pytest
from eotma_helpers import ISLE_LINKED, area, card, start
from test_cases_support import rating_in, sea_start

from model.rules.eotma.game import AreaStart
from model.rules.protocol import IllegalActionError

FORT = card(1, fortify={"result": ["F(4>)"], "target": ["-1(<1)"]})
RULE = card(2, rule={"target": ["+1(1>)", "-1(<0)"]})
RULE_LOSS = card(3, rule={"target": ["-1(<5)"]})
NOTHING = 99


def legal(state: object) -> list[str]:
    return [str(a) for a in state.legal_actions()]  # type: ignore[attr-defined]


# --- 14 fortification ---


def test_14_1_a_fortification_rates_stature_social_state_and_population_and_costs_two() -> None:
    # fortify march: administrative 3 + SS 1 + population 1 = 5 >= 4: strength 2, then 3
    state = start(FORT, hand=[1, 1, 1])
    entry = state.apply("fortify march")
    assert rating_in(entry.effects, "fortify", "march") == 5 and "west pays 2 gold" in entry.effects
    assert "march: fortification 0 -> 2" in entry.effects
    state.apply("fortify march")
    assert area(state, "march")["fortification"] == 3
    with pytest.raises(IllegalActionError, match=r"14\.0"):
        state.apply("fortify march")


def test_14_1_language_counts_against_fortifying_a_foreign_speaking_area() -> None:
    # fortify border (lowenish, owned, SS 0): 3 + 0 + 1 - related 1 = 3 < 4: no fort
    state = start(FORT, hand=[1], areas={"border": AreaStart("west", 0)})
    entry = state.apply("fortify border +1")
    assert rating_in(entry.effects, "fortify", "border") == 4 and area(state, "border")["fortification"] == 2
    assert state.treasury[0] == 9


def test_14_2_a_low_rating_costs_the_area_a_level_and_in_unrest_a_rebellion_check() -> None:
    # administrative 1 + SS -1 + population 1 = 1 <= 1: -1; march is in unrest: value 5, roll 9 unrest
    state = start(
        FORT, hand=[1], west={"administrative": 1}, areas={"march": AreaStart("west", -1, unrest=True)}
    )
    state.rng.force(4, 5)
    entry = state.apply("fortify march")
    assert "march: social state -1 -> -2" in entry.effects and "march: unrest" in entry.effects
    assert area(state, "march")["owner"] == "west"


def test_14_32_each_fort_point_lowers_the_rebellion_value() -> None:
    # taxing 1 from march with a strength 2 fort: 1 - 2 = -1, no result even on a 2
    state = start(areas={"march": AreaStart("west", 1, fortification=2)})
    state.apply("taxation")
    state.rng.force(1, 1)
    entry = state.apply("tax march 1")
    assert "march: no result" in entry.effects
    # without the fort a 2 is unrest at value 1
    state = start()
    state.apply("taxation")
    state.rng.force(1, 1)
    assert "march: unrest" in state.apply("tax march 1").effects


def test_14_43_a_player_may_lower_its_own_fort_in_its_turn() -> None:
    state = start(
        areas={"march": AreaStart("west", 1, fortification=3), "city": AreaStart("east", 1, fortification=2)}
    )
    assert "reduce-fort march" in legal(state) and "reduce-fort city" not in legal(state)
    state.apply("reduce-fort march")
    assert area(state, "march")["fortification"] == 2
    state.apply("reduce-fort march")
    assert area(state, "march")["fortification"] == 0


# --- 15 ruling ---


def test_15_2_ruling_rates_stature_minus_the_size_of_the_social_state_and_language() -> None:
    # rule border (lowenish, SS -2): 3 - 2 - related 1 = 0: +1(1>) fails, -1(<0) applies
    state = start(RULE, hand=[2], areas={"border": AreaStart("west", -2)})
    entry = state.apply("rule border")
    assert rating_in(entry.effects, "rule", "border") == 0 and area(state, "border")["social_state"] == -3
    # with a gold: 1, +1 applies
    state = start(RULE, hand=[2], areas={"border": AreaStart("west", -2)})
    state.apply("rule border +1")
    assert area(state, "border")["social_state"] == -1 and state.treasury[0] == 11


def test_15_3_unrest_goes_on_a_plus_one_even_at_the_top_level() -> None:
    state = start(RULE, hand=[2], areas={"march": AreaStart("west", 3, unrest=True)})
    entry = state.apply("rule march +3")  # 3 - 3 + 3 = 3
    assert area(state, "march")["social_state"] == 3 and not area(state, "march")["unrest"]
    assert "march: unrest quelled (15.3)" in entry.effects


def test_15_3_unrest_stays_when_the_result_would_lower_an_area_already_at_minus_three() -> None:
    state = start(RULE_LOSS, hand=[3], areas={"march": AreaStart("west", -3, unrest=True)})
    entry = state.apply("rule march")
    march = area(state, "march")
    assert march["social_state"] == -3 and march["unrest"] and march["owner"] == "west"
    assert not any("rebellion check" in e for e in entry.effects)  # nothing was lost


def test_15_2_a_lost_level_in_unrest_is_checked_and_may_rebel() -> None:
    # rule march (SS 1, unrest): 3 - 1 = 2 <= 5: -1; value 5: roll 3 is in S(1): rebellion
    state = start(RULE_LOSS, hand=[3], areas={"march": AreaStart("west", 1, unrest=True)})
    state.rng.force(1, 2)
    state.apply("rule march")
    march = area(state, "march")
    assert march["owner"] is None and march["social_state"] == 0
    assert not march["unrest"]  # house default 8: a rebel area sheds its unrest


# --- 16 gold, taxation, plunder ---


def test_16_0_every_player_starts_with_twelve_gold() -> None:
    assert [e["treasury"] for e in start().view()["empires"].values()] == [12, 12]


def test_16_11_taxes_up_to_the_social_state_and_never_at_zero_or_below() -> None:
    state = start(areas={"border": AreaStart("west", 0)})
    state.apply("taxation")
    assert "tax march 1" in legal(state) and "tax march 2" not in legal(state)
    assert not any(a.startswith("tax border") for a in legal(state))
    with pytest.raises(IllegalActionError, match=r"16\.11"):
        state.apply("tax march 2")


def test_16_17_the_court_pays_without_a_check() -> None:
    state = start()
    state.apply("taxation")
    entry = state.apply("tax home 2")
    assert entry.effects == ("west: +2 gold from home",) and state.treasury[0] == 14


def test_16_1_a_rebellion_while_taxing_yields_nothing_and_frees_the_area() -> None:
    # tax march 1: value 1 + unrest 5 = 6; roll 4 is in S(2): rebellion
    state = start(areas={"march": AreaStart("west", 1, unrest=True)})
    state.apply("taxation")
    state.rng.force(1, 3)
    entry = state.apply("tax march 1")
    assert "march: rebels, no gold (16.1)" in entry.effects
    assert area(state, "march")["owner"] is None and area(state, "march")["social_state"] == 1
    assert state.treasury[0] == 12


def test_16_1_an_unrest_result_still_collects_the_tax() -> None:
    state = start(areas={"march": AreaStart("west", 2)})
    state.apply("taxation")
    state.rng.force(5, 5)  # 10: in S(2)? no; value 2: 2,3,4,11,12 -> no result
    assert "march: no result" in state.apply("tax march 2").effects
    state = start(areas={"march": AreaStart("west", 2)})
    state.apply("taxation")
    state.rng.force(2, 2)  # 4: unrest at value 2
    entry = state.apply("tax march 2")
    assert "march: unrest" in entry.effects and area(state, "march")["unrest"] and state.treasury[0] == 14


def test_16_13_an_area_cut_off_from_the_court_is_not_taxed() -> None:
    state = start(areas={"isle": AreaStart("west", 2)})  # across a sea, no link under the house default
    state.apply("taxation")
    with pytest.raises(IllegalActionError, match=r"16\.13"):
        state.apply("tax isle 1")
    state = start(areas={"isle": AreaStart("west", 2)}, tables=ISLE_LINKED)
    state.apply("taxation")
    state.rng.force(3, 4)
    state.apply("tax isle 1")  # linked: value 1 + other religion 2 = 3, roll 7: nothing
    assert state.treasury[0] == 13


def test_16_15_an_area_is_taxed_or_plundered_once_a_turn() -> None:
    state = start(areas={"march": AreaStart("west", 2)})
    state.apply("taxation")
    state.rng.force(3, 4)
    state.apply("tax march 1")
    with pytest.raises(IllegalActionError, match=r"16\.15"):
        state.apply("tax march 1")
    with pytest.raises(IllegalActionError, match=r"16\.2"):
        state.apply("plunder march")


def test_16_2_plunder_of_a_quiet_area_lowers_it_puts_it_in_unrest_and_rolls_the_table() -> None:
    state = start(areas={"march": AreaStart("west", 0)})
    state.apply("taxation")
    state.rng.force(4)  # 2 gold
    entry = state.apply("plunder march")
    march = area(state, "march")
    assert march["social_state"] == -1 and march["unrest"] and state.treasury[0] == 14
    assert not any("rebellion check" in e for e in entry.effects)


def test_16_23_plunder_in_unrest_is_checked_as_three_gold_plus_unrest() -> None:
    # value 3 + 5 = 8: every roll gives a result; 7 is not in S(4): unrest only, the plunder goes on
    state = start(areas={"march": AreaStart("west", 1, unrest=True)})
    state.apply("taxation")
    state.rng.force(3, 4, 6)
    entry = state.apply("plunder march")
    assert any("rebellion check march (plunder in unrest, value 8)" in e for e in entry.effects)
    assert area(state, "march")["social_state"] == 0 and state.treasury[0] == 15


def test_16_23_1_a_rebellion_ends_the_plunder_without_gold() -> None:
    state = start(areas={"march": AreaStart("west", 1, unrest=True)})
    state.apply("taxation")
    state.rng.force(5, 5)  # 10 is in S(4): rebellion
    entry = state.apply("plunder march")
    assert "march: rebels, the plunder fails (16.23.1)" in entry.effects
    assert area(state, "march")["owner"] is None and state.treasury[0] == 12


def test_16_22_no_plunder_at_minus_three() -> None:
    state = start(areas={"march": AreaStart("west", -3)})
    state.apply("taxation")
    assert "plunder march" not in legal(state)
    with pytest.raises(IllegalActionError, match=r"16\.22"):
        state.apply("plunder march")


# --- 17 rebellion values ---


def test_17_language_related_adds_one() -> None:
    # tax border (lowenish) 2: 2 + 1 = 3; roll 10 is unrest at 3, nothing at 2
    state = start(areas={"border": AreaStart("west", 2)})
    state.apply("taxation")
    state.rng.force(4, 6)
    assert "border: unrest" in state.apply("tax border 2").effects


def test_17_language_unrelated_adds_two_and_a_large_value_rebels_on_a_seven() -> None:
    # west holds city (kestrian, Latin, SS 3, unrest); excommunicated, the leader counts as pagan:
    # 3 gold + unrelated 2 + other religion 2 + unrest 5 = 12; S(8) holds every roll: 7 rebels
    state = start(areas={"city": AreaStart("west", 3, unrest=True)})
    state.excommunicated[0] = True
    state.apply("taxation")
    state.rng.force(3, 4)
    entry = state.apply("tax city 3")
    assert any("value 12" in e for e in entry.effects) and area(state, "city")["owner"] is None


def test_17_a_value_of_eleven_gives_only_unrest_on_a_seven() -> None:
    # as above with 2 gold: 11; 7 is in S(11) (every roll) but not in S(7): unrest
    state = start(areas={"city": AreaStart("west", 3, unrest=True)})
    state.excommunicated[0] = True
    state.apply("taxation")
    state.rng.force(3, 4)
    entry = state.apply("tax city 2")
    assert any("value 11" in e for e in entry.effects) and "city: unrest" in entry.effects
    assert area(state, "city")["owner"] == "west" and state.treasury[0] == 14


def test_17_an_independent_neighbour_of_the_same_language_and_religion_adds_one() -> None:
    # hill (lowenish, Latin) next to independent vale (lowenish, Latin): 1 + related 1 + 1 = 3
    state = sea_start(areas={"hill": AreaStart("west", 1)})
    state.apply("taxation")
    state.rng.force(4, 6)  # 10: unrest at 3
    assert "hill: unrest" in state.apply("tax hill 1").effects
    state = sea_start(areas={"hill": AreaStart("west", 1), "vale": AreaStart("west", 0)})
    state.apply("taxation")
    state.rng.force(4, 6)  # value 2: nothing
    assert "hill: no result" in state.apply("tax hill 1").effects


def test_17_a_rebel_area_keeps_its_level_and_fort_and_the_fort_counts_against_a_reconquest() -> None:
    # tax border (lowenish, SS 2, fort 2, unrest) 1: 1 + related 1 + unrest 5 - fort 2 = 5;
    # a 2 is in S(1): rebellion. Then conquest from march: 3 + 1 - SS 2 - fort 2 - related 1 = -1
    state = start(
        card(5, conquest={"result": ["C(0>)"]}),
        hand=[5],
        areas={"border": AreaStart("west", 2, unrest=True, fortification=2, ties=("west",))},
    )
    state.apply("taxation")
    state.rng.force(1, 1)
    entry = state.apply("tax border 1")  # the own tie: 5 - 2 = 3, a 2 is still in S(3) but not S(-1)
    assert "border: unrest" in entry.effects
    state = start(
        card(5, conquest={"result": ["C(0>)"]}),
        hand=[5],
        areas={"border": AreaStart("west", 2, unrest=True, fortification=2)},
    )
    state.apply("taxation")
    state.rng.force(1, 1)
    state.apply("tax border 1")
    border = area(state, "border")
    assert border["owner"] is None and border["social_state"] == 2 and border["fortification"] == 2
    assert not border["unrest"]
    state.apply("end-taxation")
    entry = state.apply("conquest border from march")
    assert rating_in(entry.effects, "conquest", "border") == -1 and area(state, "border")["owner"] is None
