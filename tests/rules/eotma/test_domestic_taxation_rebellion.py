"""Fortification (14), ruling (15), taxation and plunder (16), unrest and rebellion (17)."""

from __future__ import annotations

import pytest
from eotma_helpers import area, card, idx, start

from model.rules.eotma import rebellion
from model.rules.eotma.game import AreaStart
from model.rules.protocol import IllegalActionError

FORT = card(1, fortify={"result": ["F(3>)"], "target": ["-1(<0)"]})
RULE = card(2, rule={"target": ["+1(3>)", "-1(<0)"]})


def test_14_1_fortification_costs_two_gold_and_builds_strength_two() -> None:
    state = start(FORT, hand=[1, 1])
    state.apply("fortify march")  # 3 + 1 + 1 = 5
    assert area(state, "march")["fortification"] == 2 and state.treasury[0] == 10
    state.apply("fortify march")
    assert area(state, "march")["fortification"] == 3


def test_14_0_fortification_never_exceeds_three() -> None:
    state = start(FORT, hand=[1], areas={"march": AreaStart("west", 1, fortification=3)})
    with pytest.raises(IllegalActionError, match=r"14\.0"):
        state.apply("fortify march")


def test_14_2_low_rating_costs_the_target_a_level() -> None:
    state = start(FORT, hand=[1], west={"administrative": 1}, areas={"march": AreaStart("west", -2)})
    state.apply("fortify march")  # 1 - 2 + 1 = 0
    assert area(state, "march")["social_state"] == -3 and area(state, "march")["fortification"] == 0


def test_14_43_rule_is_domestic_only() -> None:
    state = start(FORT, hand=[1])
    with pytest.raises(IllegalActionError, match="domestic"):
        state.apply("fortify border")


def test_15_2_ruling_raises_the_social_state() -> None:
    state = start(RULE, hand=[2])
    state.apply("rule march")  # 3 - 1 = 2 < 3: no result
    assert area(state, "march")["social_state"] == 1
    state = start(RULE, hand=[2])
    state.apply("rule march +1")
    assert area(state, "march")["social_state"] == 2 and state.treasury[0] == 11


def test_15_2_social_state_never_exceeds_three() -> None:
    state = start(RULE, hand=[2], areas={"march": AreaStart("west", 3)})
    state.apply("rule march +5")
    assert area(state, "march")["social_state"] == 3


def test_15_3_ruling_quells_unrest_on_plus_one_or_no_result() -> None:
    state = start(RULE, hand=[2], areas={"march": AreaStart("west", 1, unrest=True)})
    state.apply("rule march")  # no result: quelled
    assert not area(state, "march")["unrest"]


def test_15_3_unrest_stays_when_the_social_state_falls() -> None:
    state = start(
        RULE, hand=[2], west={"administrative": 1}, areas={"march": AreaStart("west", 2, unrest=True)}
    )
    state.rng.force(3, 4)
    state.apply("rule march")  # 1 - 2 = -1: -1 result, rebellion check
    assert area(state, "march")["social_state"] == 1
    assert area(state, "march")["unrest"] or area(state, "march")["owner"] is None


def test_35_34_university_doubles_a_rise() -> None:
    from model.rules.eotma.game import Options

    state = start(RULE, hand=[2], options=Options(events=False, civilisation_markers=True))
    state.civ[idx(state, "march")] = 8
    state.apply("rule march +1")
    assert area(state, "march")["social_state"] == 3


def test_16_17_the_court_is_taxed_without_a_check() -> None:
    state = start()
    state.apply("taxation")
    entry = state.apply("tax home 2")
    assert state.treasury[0] == 14 and not any("rebellion" in e for e in entry.effects)


def test_16_11_tax_at_most_the_social_state() -> None:
    state = start()
    state.apply("taxation")
    with pytest.raises(IllegalActionError, match=r"16\.11"):
        state.apply("tax march 2")


def test_16_11_areas_at_zero_or_below_cannot_be_taxed() -> None:
    state = start(areas={"march": AreaStart("west", 0)})
    state.apply("taxation")
    with pytest.raises(IllegalActionError, match=r"16\.11"):
        state.apply("tax march 1")


def test_16_1_tax_with_a_rebellion_check() -> None:
    state = start()
    state.apply("taxation")
    state.rng.force(3, 4)  # value 1: 7 is no result
    entry = state.apply("tax march 1")
    assert entry.effects[0] == "rebellion check march (taxing 1, value 1): 2d6 3+4=7"
    assert state.treasury[0] == 13


def test_16_1_rebellion_makes_the_area_independent_and_yields_nothing() -> None:
    state = start(areas={"march": AreaStart("west", 1, unrest=True)})
    state.apply("taxation")
    state.rng.force(1, 1)  # value 6: 2 is in the set of 2 -> rebellion
    state.apply("tax march 1")
    assert area(state, "march")["owner"] is None and state.treasury[0] == 12
    assert not area(state, "march")["unrest"] and area(state, "march")["social_state"] == 1


def test_16_14_taxation_is_one_block() -> None:
    state = start(RULE, hand=[2, 2])
    state.apply("taxation")
    with pytest.raises(IllegalActionError, match=r"16\.14"):
        state.apply("rule march")
    state.apply("end-taxation")
    state.apply("rule march")
    with pytest.raises(IllegalActionError, match=r"16\.14"):
        state.apply("taxation")


def test_16_15_each_area_once_per_turn() -> None:
    state = start()
    state.apply("taxation")
    state.apply("tax home 1")
    with pytest.raises(IllegalActionError, match=r"16\.15"):
        state.apply("tax home 1")


def test_16_13_areas_cut_off_from_the_court_cannot_be_taxed() -> None:
    state = start(areas={"isle": AreaStart("west", 2)})
    state.apply("taxation")
    state.apply("end-taxation")
    state2 = start(areas={"border": AreaStart("west", 2), "march": AreaStart(None, 0)})
    assert area(state2, "border")["owner"] == "west"
    state2.apply("taxation")
    with pytest.raises(IllegalActionError, match=r"16\.13"):
        state2.apply("tax border 1")


def test_7_51_an_area_cut_off_from_the_court_goes_into_unrest() -> None:
    state = start(
        card(3, conquest={"result": ["C"]}), hand=[3], player="east", areas={"border": AreaStart("west", 1)}
    )
    state.apply("conquest march from city")
    state.apply("decline")
    assert area(state, "border")["unrest"]


def test_16_22_plunder_lowers_the_social_state_and_brings_unrest() -> None:
    state = start(areas={"march": AreaStart("west", 0)})
    state.apply("taxation")
    state.rng.force(4)
    state.apply("plunder march")
    m = area(state, "march")
    assert m["social_state"] == -1 and m["unrest"] and state.treasury[0] == 14


def test_16_23_1_plunder_in_unrest_checks_rebellion_as_three_gold() -> None:
    state = start(areas={"march": AreaStart("west", 0, unrest=True)})
    state.apply("taxation")
    state.rng.force(3, 4, 6)  # value 3 + 5 = 8: every roll gives a result; 7 not in set(4) -> unrest only
    entry = state.apply("plunder march")
    assert any("value 8" in e for e in entry.effects) and state.treasury[0] == 15


def test_16_22_no_plunder_at_minus_three() -> None:
    state = start(areas={"march": AreaStart("west", -3)})
    state.apply("taxation")
    with pytest.raises(IllegalActionError, match=r"16\.22"):
        state.apply("plunder march")


def test_17_rebellion_value_modifiers() -> None:
    state = start(areas={"border": AreaStart("west", 2, fortification=2, ties=("west", "east"), unrest=True)})
    border = idx(state, "border")
    # gold 2, fort -2, related language +1, same religion 0, own tie -2, opponent tie +2, unrest +5
    assert rebellion.rebellion_value(state, border, 2) == 2 - 2 + 1 + 0 - 2 + 2 + 5


def test_17_adjoining_independent_area_of_the_same_language_and_religion() -> None:
    state = start(areas={"city": AreaStart("west", 1), "capital": AreaStart(None, 1)})
    # capital: kestrian, latin, independent; city the same -> +1
    assert rebellion.rebellion_value(state, idx(state, "city"), 0) == 2 + 1


@pytest.mark.parametrize(
    ("value", "roll", "result"),
    [
        (0, 2, "no result"),
        (1, 2, "unrest"),
        (1, 7, "no result"),
        (4, 12, "unrest"),
        (5, 2, "rebellion"),
        (5, 4, "unrest"),
        (6, 3, "rebellion"),
        (9, 9, "rebellion"),
        (9, 7, "unrest"),
        (20, 7, "rebellion"),
    ],
)
def test_17_unrest_and_rebellion_table_house_split(value: int, roll: int, result: str) -> None:
    assert rebellion.table_result(start(), value, roll) == result


def test_12_42_opponents_with_a_tie_may_waive_it_before_the_tax_roll() -> None:
    state = start(areas={"march": AreaStart("west", 1, ties=("east",))})
    state.apply("taxation")
    state.apply("tax march 1")
    assert state.current_player() == "east" and state.view()["decision"] == "waive"
    state.rng.force(1, 1)  # 2: a result at value 1 only; rebellion needs value 5+
    entry = state.apply("waive")
    assert "rebellion check march (taxing 1, value 1)" in entry.effects[1]
    assert state.current_player() == "west" and state.treasury[0] == 13


def test_12_42_a_kept_tie_adds_two_to_the_rebellion_value() -> None:
    state = start(areas={"march": AreaStart("west", 1, ties=("east",))})
    state.apply("taxation")
    state.apply("tax march 1")
    state.rng.force(3, 4)
    entry = state.apply("waive no")
    assert any("value 3" in e for e in entry.effects)


def test_14_43_a_player_may_reduce_its_own_fortifications() -> None:
    state = start(
        areas={"march": AreaStart("west", 1, fortification=3), "border": AreaStart(None, 0, fortification=2)}
    )
    assert "reduce-fort march" in [str(a) for a in state.legal_actions()]
    state.apply("reduce-fort march")
    assert area(state, "march")["fortification"] == 2
    state.apply("reduce-fort march")
    assert area(state, "march")["fortification"] == 0
    with pytest.raises(IllegalActionError, match=r"14\.43"):
        state.apply("reduce-fort border")


def test_12_42_waivers_are_asked_before_a_plunder_check_too() -> None:
    state = start(areas={"march": AreaStart("west", 0, unrest=True, ties=("east",))})
    state.apply("taxation")
    state.apply("plunder march")
    assert state.current_player() == "east" and state.view()["decision"] == "waive"
    state.rng.force(3, 4, 6)
    entry = state.apply("waive")
    assert any("plunder in unrest, value 8" in e for e in entry.effects)  # 3 + 5, the +2 waived
    assert state.treasury[0] == 15
