"""Pillage (11), diplomacy (12) and defense (13) through the public API with forced cards and dice."""

from __future__ import annotations

import pytest
from eotma_helpers import area, card, idx, start, unopposed

from model.rules.eotma.actions import Decline, Defend, Oppose
from model.rules.eotma.game import AreaStart
from model.rules.protocol import IllegalActionError

PILLAGE = card(1, pillage={"result": ["G(2>)"], "target": ["-1(1>)"], "base": ["-1(<0)"]})
TIE = card(2, diplomacy={"result": ["T(1>)", "C(9>)"]})
TC = card(3, diplomacy={"result": ["T/C(4>)"]})
C_ANY = card(4, conquest={"result": ["C"]})
C_CHECK = card(5, conquest={"result": ["C(3>)"]}, stature_check="any")
DEF_CHECK = card(9, stature_check=[1, 3])


def test_11_0_pillage_costs_nothing_over_land() -> None:
    state = start(PILLAGE, hand=[99])
    state.apply("pillage border from march")
    assert state.treasury[0] == 12


def test_11_2_pillage_gold_and_target_loss() -> None:
    state = start(PILLAGE, hand=[1], areas={"border": AreaStart(None, 1)})
    state.rng.force(6)  # Pillage/Plunder Table: 6 -> 3 gold
    entry = state.apply("pillage border from march")
    assert area(state, "border")["social_state"] == 0
    assert state.treasury[0] == 15
    assert "pillage gold border: 1d6 6=6" in entry.effects


@pytest.mark.parametrize(("roll", "gold"), [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)])
def test_11_3_pillage_plunder_table(roll: int, gold: int) -> None:
    state = start(PILLAGE, hand=[1], areas={"border": AreaStart(None, 1)})
    state.rng.force(roll)
    state.apply("pillage border from march")
    assert state.treasury[0] == 12 + gold


def test_11_2_low_rating_costs_the_base_a_level() -> None:
    # rating 3 + 1 + pop 1 - SS 3 - fort 3 - related 1 = -2: no gold, no target loss, base -1
    state = start(PILLAGE, hand=[1], areas={"border": AreaStart(None, 3, fortification=3)})
    state.apply("pillage border from march")
    assert area(state, "march")["social_state"] == 0 and state.treasury[0] == 12


def test_11_0_no_pillage_at_social_state_minus_three() -> None:
    state = start(PILLAGE, hand=[1], areas={"border": AreaStart(None, -3)})
    with pytest.raises(IllegalActionError, match=r"11\.0"):
        state.apply("pillage border from march")


def test_12_2_diplomacy_costs_one_gold_and_never_sea_gold() -> None:
    state = start(TIE, hand=[2])
    unopposed(state, "diplomacy isle")
    assert state.treasury[0] == 11


def test_12_3_tie_result() -> None:
    state = start(TIE, hand=[2])
    unopposed(state, "diplomacy border")  # rating 3 + 2 - 0 - 3 - 1 = 1
    assert area(state, "border")["ties"] == ["west"] and area(state, "border")["owner"] is None


def test_12_14_one_tie_per_player_per_area() -> None:
    state = start(TIE, hand=[2, 2], areas={"border": AreaStart(None, 0, ties=("west",))})
    entry = unopposed(state, "diplomacy border")
    assert "border: west already has a tie (12.14)" in entry.effects
    assert state.ties[idx(state, "border")] == 1


def test_12_15_many_players_may_tie_the_same_area() -> None:
    state = start(TIE, hand=[2], areas={"border": AreaStart(None, 0, ties=("east",))})
    unopposed(state, "diplomacy border")
    assert area(state, "border")["ties"] == ["west", "east"]


def test_12_31_diplomatic_conquest_no_unrest_and_forts_kept() -> None:
    state = start(TC, hand=[3], areas={"border": AreaStart(None, 2, fortification=3)})
    unopposed(state, "diplomacy border +5")  # rating 3 + 2 - 2 - 3 - 1 + 5 = 4
    b = area(state, "border")
    assert b["owner"] == "west" and not b["unrest"] and b["fortification"] == 3 and b["ties"] == []


def test_12_3_t_c_below_threshold_gives_a_tie_only() -> None:
    state = start(TC, hand=[3])
    unopposed(state, "diplomacy border")  # rating 1
    assert area(state, "border")["owner"] is None and area(state, "border")["ties"] == ["west"]


def test_12_3_diplomatic_conquest_of_an_own_area_gives_a_tie() -> None:
    state = start(card(6, diplomacy={"result": ["C"]}), hand=[6])
    unopposed(state, "diplomacy march")
    assert area(state, "march")["ties"] == ["west"]


def test_12_16_no_diplomacy_against_a_court() -> None:
    state = start(TIE, hand=[2])
    with pytest.raises(IllegalActionError, match=r"12\.16"):
        unopposed(state, "diplomacy capital")


def test_12_2_the_opponent_may_spend_gold_against_diplomacy() -> None:
    state = start(TC, hand=[3], east={"diplomatic": 1})
    unopposed(state, "diplomacy city +5")  # 3 + 2 - 1 - 1 - 2 + 5 = 6
    assert state.current_player() == "east"
    assert Oppose(5) in state.legal_actions()
    entry = state.apply("oppose 3")  # 6 - 3 = 3 < 4: a tie instead of the conquest
    assert "diplomacy city: card 3, rating 3" in entry.effects
    assert area(state, "city")["owner"] == "east" and area(state, "city")["ties"] == ["west"]
    assert state.treasury == [12 - 6, 12 - 3]
    assert state.current_player() == "west"


def test_18_claim_through_tie_and_diplomatic_conquest_of_an_opponents_area() -> None:
    state = start(TC, hand=[3], east={"diplomatic": 1}, areas={"city": AreaStart("east", 1, ties=("west",))})
    unopposed(state, "diplomacy city +5")
    state.apply("oppose 0")
    assert area(state, "city")["owner"] == "west" and area(state, "city")["claims"] == ["west"]


def test_13_0_defense_is_a_decision_of_the_attacked_player() -> None:
    state = start(C_ANY, hand=[4], areas={"border": AreaStart("east", 0)})
    state.apply("conquest border from march")
    assert state.current_player() == "east"
    actions = state.legal_actions()
    assert actions[0] == Decline() and Defend(0) in actions and Defend(5) in actions
    with pytest.raises(IllegalActionError, match="must first decide whether to defend"):
        state.apply("rule capital")


def test_13_21_defense_subtracts_combat_and_gold_and_costs_one_gold() -> None:
    state = start(C_CHECK, hand=[5], areas={"border": AreaStart("east", 0)}, east={"combat": 2})
    state.force_year_cards("east", [99, 100, 101, 102, 103])
    state.rng.force(3, 4)  # attacker's stature check: 7, no change
    entry = state.apply("conquest border from march +3")  # 3 + 1 - 0 - 1 + 3 = 6
    assert entry.effects[-1] == "west pays 5 gold"
    entry = state.apply("defend +1")  # 6 - (2 + 1) = 3 >= 3: still conquered
    assert "conquest border: card 5, rating 3" in entry.effects
    assert state.treasury[1] == 12 - 2 and state.defenses[1] == 1 and len(state.hand[1]) == 4
    assert area(state, "border")["owner"] == "west"


def test_13_22_results_ignored_when_the_defense_drives_the_rating_below_zero() -> None:
    bare = card(7, conquest={"result": ["C"], "base": ["-1(<-1)"]})
    state = start(bare, hand=[7], areas={"border": AreaStart("east", 0)}, east={"combat": 6})
    state.apply("conquest border from march")  # 3, minus 6 = -3
    state.apply("defend")
    assert area(state, "border")["owner"] == "east"
    assert area(state, "march")["social_state"] == 0  # the bad result still applies


def test_13_13_a_defender_keeps_one_card_for_its_own_turn() -> None:
    state = start(C_ANY, hand=[4, 4], areas={"border": AreaStart("east", 0)})
    state.force_year_cards("east", [99])
    state.apply("conquest border from march")
    assert state.current_player() == "west"  # east cannot defend with its last card before its turn
    assert area(state, "border")["owner"] == "west"


def test_13_14_no_defense_without_an_unused_card() -> None:
    state = start(C_ANY, hand=[4], areas={"border": AreaStart("east", 0)})
    state.force_year_cards("east", [])
    state.apply("conquest border from march")
    assert state.current_player() == "west" and not state.pending


def test_13_11_defense_needs_a_gold() -> None:
    state = start(C_ANY, hand=[4], areas={"border": AreaStart("east", 0)})
    state.treasury[1] = 0
    state.apply("conquest border from march")
    assert not state.pending


def test_19_2_technology_adds_three_to_the_defense() -> None:
    state = start(
        card(8, conquest={"result": ["C(1>)"]}),
        hand=[8],
        areas={"border": AreaStart("east", 0)},
        east={"combat": 1},
    )
    state.kept[1] = ["technological_weapons"]
    state.apply("conquest border from march +2")  # 3 + 1 - 0 - 1 + 2 = 5; defense 1 + 3 = 4 -> 1
    entry = state.apply("defend")
    assert "conquest border: card 8, rating 1" in entry.effects


def test_13_23_the_defenders_card_calls_a_check_on_its_combat_stature() -> None:
    state = start(
        C_ANY,
        DEF_CHECK,
        hand=[4],
        areas={"border": AreaStart("east", 0)},
        east={"combat": 2, "administrative": 7},
    )
    state.force_year_cards("east", [9, 99])
    state.apply("conquest border from march")
    state.rng.force(6, 6)  # 12: +1 to the defender's combat stature
    entry = state.apply("defend")
    assert "stature check east combat 2: 2d6 6+6=12" in entry.effects
    assert state.stat[1] == [3, 7, 3]
