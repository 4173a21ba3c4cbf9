"""Rule cases for diplomacy (12.11-12.43) and defense (13), through the public API with forced cards
and dice. Board and leaders as in eotma_helpers (west court home at SS 2; east court capital)."""

from __future__ import annotations

import pytest
from eotma_helpers import area, board, card, rules_with, start, unopposed
from test_cases_support import first, rating_in, sea_start

from model.rules.eotma.actions import Accept, Contest
from model.rules.eotma.game import AreaStart, EotmaGame, Options, PlayerSetup
from model.rules.eotma.state import EotmaState
from model.rules.protocol import IllegalActionError

TIE = card(1, diplomacy={"result": ["T"]})
DIP_C = card(2, diplomacy={"result": ["C(1>)"]})
TC = card(3, diplomacy={"result": ["T/C(2>)"]})
C = card(4, conquest={"result": ["C"]})
C_BASE = card(5, conquest={"result": ["C"], "base": ["-1(<0)"]})
NOTHING = 99


def legal(state: EotmaState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def test_12_11_the_court_is_the_base_of_every_diplomacy() -> None:
    # diplomatic 3 + SS(home) 2 - SS(border) 0 - independent 3 - related 1 = 1
    state = start(hand=[NOTHING])
    assert rating_in(unopposed(state, "diplomacy border").effects, "diplomacy", "border") == 1
    # the same with the court at SS -1: 3 - 1 - 0 - 3 - 1 = -2 (march, next to border, plays no part)
    state = start(hand=[NOTHING], areas={"home": AreaStart("west", -1), "march": AreaStart("west", 3)})
    assert rating_in(unopposed(state, "diplomacy border").effects, "diplomacy", "border") == -2


def test_12_12_and_12_2_any_distance_no_sea_gold_no_sea_adjustment() -> None:
    # faraway lies two sea areas from home; 3 + 2 - 0 - 3 - unrelated 2 - other church 1 = -1 (not -2)
    state = start(hand=[NOTHING])
    entry = unopposed(state, "diplomacy faraway +1")
    assert rating_in(entry.effects, "diplomacy", "faraway") == 0
    assert "west pays 2 gold" in entry.effects  # 1 minimum + 1 extra


def test_12_13_a_tie_with_an_own_area() -> None:
    state = start(TIE, hand=[1])
    entry = unopposed(state, "diplomacy march")
    assert "march: tie for west" in entry.effects and area(state, "march")["ties"] == ["west"]


def test_12_14_a_tied_player_may_still_try_for_a_diplomatic_conquest() -> None:
    state = start(TIE, DIP_C, hand=[1, 2])
    unopposed(state, "diplomacy border")
    unopposed(state, "diplomacy border")  # rating 1 meets C(1>)
    border = area(state, "border")
    assert border["owner"] == "west" and border["ties"] == ["west"] and not border["unrest"]


def test_12_15_and_12_43_ties_of_several_players_outlast_a_change_of_owner() -> None:
    state = start(TIE, C, hand=[1, 4], areas={"border": AreaStart(None, 0, ties=("east",))})
    unopposed(state, "diplomacy border")
    assert area(state, "border")["ties"] == ["west", "east"]
    state.apply("conquest border from march")
    assert area(state, "border")["owner"] == "west" and area(state, "border")["ties"] == ["west", "east"]


def test_12_16_no_diplomacy_against_another_players_court() -> None:
    state = start(TIE, hand=[1])
    assert "diplomacy capital" not in legal(state) and "diplomacy city" in legal(state)
    with pytest.raises(IllegalActionError, match=r"12\.16"):
        unopposed(state, "diplomacy capital")


def test_12_17_the_owners_diplomatic_stature_is_subtracted() -> None:
    # 3 + SS(home) 2 - SS(city) 1 - east's diplomatic 5 - unrelated 2 = -3
    state = start(hand=[NOTHING], east={"diplomatic": 5})
    unopposed(state, "diplomacy city")
    entry = state.apply("oppose 0")
    assert rating_in(entry.effects, "diplomacy", "city") == -3


def test_12_19_independent_venice_costs_five() -> None:
    # 3 + 2 - SS(venice) 1 - 5 - related 1 = -2
    state = start(hand=[NOTHING], areas={"venice": AreaStart(None, 1)})
    assert rating_in(unopposed(state, "diplomacy venice").effects, "diplomacy", "venice") == -2


def test_12_2_diplomacy_costs_one_gold_and_the_owner_may_spend_against_it() -> None:
    # 3 + 2 - 1 - 1 - 2 = 1, +3 gold = 4; east spends 3: 1, below T/C(2>): a tie, no conquest
    state = start(TC, hand=[3], east={"diplomatic": 1})
    entry = unopposed(state, "diplomacy city +3")
    assert "west pays 4 gold" in entry.effects and state.current_player() == "east"
    entry = state.apply("oppose 3")
    assert rating_in(entry.effects, "diplomacy", "city") == 1
    assert area(state, "city")["owner"] == "east" and area(state, "city")["ties"] == ["west"]
    assert state.treasury == [8, 9]


def test_12_3_t_c_at_its_threshold_conquers_without_a_tie() -> None:
    state = start(TC, hand=[3])
    unopposed(state, "diplomacy border +1")  # 1 + 1 = 2
    assert area(state, "border")["owner"] == "west" and area(state, "border")["ties"] == []


def test_12_31_a_diplomatic_conquest_takes_a_populous_area_whole_and_clears_partial_conquest() -> None:
    # city (population 3, fort 3, east holds 2 C results on it) is independent:
    # 3 + 2 - SS 0 - 3 - unrelated 2 = 0, +1 gold = 1 meets C(1>)
    state = start(
        DIP_C, hand=[2], areas={"city": AreaStart(None, 0, fortification=3, partial_conquest={"east": 2})}
    )
    entry = unopposed(state, "diplomacy city +1")
    city = area(state, "city")
    assert city["owner"] == "west" and not city["unrest"] and city["fortification"] == 3
    assert city["partial_conquest"] == {} and city["ties"] == []
    assert "city: diplomatic conquest by west (12.31)" in entry.effects


def test_12_32_a_christian_owner_may_contest_a_diplomatic_conquest() -> None:
    state = start(DIP_C, hand=[2], east={"diplomatic": 1}, areas={"city": AreaStart("east", 0)})
    unopposed(state, "diplomacy city +5")  # 3 + 2 - 0 - 1 - 2 + 5 = 7
    state.apply("oppose 0")
    assert area(state, "city")["owner"] == "west"
    assert state.current_player() == "east" and set(state.legal_actions()) == {Contest(), Accept()}


def three_player_tax(ties: tuple[str, ...]) -> EotmaState:
    """West to move, taxing march (aldic, Latin, SS 2) with ties of the other two players."""
    starts = {
        "home": AreaStart("west", 2),
        "march": AreaStart("west", 2, ties=ties),
        "capital": AreaStart("east", 2),
        "venice": AreaStart("north", 1),
    }
    players = [
        PlayerSetup("west", combat=5, administrative=5, diplomatic=5, court="home"),
        PlayerSetup("east", court="capital"),
        PlayerSetup("north", court="venice"),
    ]
    g = EotmaGame(board(), players, starts, rules=rules_with(), options=Options(events=False))
    state = g.new_state(2)
    first(state, "west")
    state.apply("taxation")
    return state


def test_12_42_opponents_ties_add_two_once_not_per_tie() -> None:
    # raising 1: rebellion value 1 + 2 (two opponents' ties count once) = 3; a roll of 5 is no
    # result at 3 (2,3,4,10,11,12) though it would be unrest at 5
    state = three_player_tax(("east", "north"))
    state.apply("tax march 1")
    assert state.current_player() == "east"
    state.apply("waive no")
    assert state.current_player() == "north"
    state.rng.force(2, 3)
    entry = state.apply("waive no")
    assert "march: no result" in entry.effects and not area(state, "march")["unrest"]


def test_12_42_one_opponent_waiving_is_not_enough() -> None:
    # east waives, north keeps: still 1 + 2 = 3; a roll of 10 is unrest at 3, nothing at 1
    state = three_player_tax(("east", "north"))
    state.apply("tax march 1")
    state.apply("waive")
    state.rng.force(4, 6)
    entry = state.apply("waive no")
    assert "march: unrest" in entry.effects
    assert state.treasury[0] == 13  # unrest still lets the tax through (16.1)


def test_12_42_every_opponent_waiving_removes_the_two() -> None:
    state = three_player_tax(("east", "north"))
    state.apply("tax march 1")
    state.apply("waive")
    state.rng.force(4, 6)
    entry = state.apply("waive")
    assert "march: no result" in entry.effects


def test_12_42_the_owners_own_tie_lowers_the_value_by_two() -> None:
    # raising 2 with west's own tie: 2 - 2 = 0, no result on any roll (even 2 or 12)
    state = three_player_tax(("west",))
    state.rng.force(6, 6)
    entry = state.apply("tax march 2")
    assert "march: no result" in entry.effects and state.treasury[0] == 14


def test_13_21_a_defense_across_seas_pays_sea_gold_and_comes_after_the_halving() -> None:
    # east (combat 9) attacks west's near from rival across 2 sea areas:
    # 9 + SS(rival) 1 - SS(near) 1 - unrelated 2 - other church 1 = 6, halved to 3;
    # west defends with combat 3 + 1 gold: 3 - 4 = -1, below zero: the C is ignored (13.22)
    state = sea_start(C, player="east", hand=[4], east={"combat": 9}, areas={"near": AreaStart("west", 1)})
    state.apply("conquest near from rival")
    assert state.current_player() == "west"
    entry = state.apply("defend +1")
    assert "west defends: pays 4 gold" in entry.effects[0]  # 1 + 2 sea areas (13.11) + 1
    assert rating_in(entry.effects, "conquest", "near") == -1
    assert area(state, "near")["owner"] == "west"


def test_13_22_a_rating_brought_down_to_exactly_zero_keeps_its_results() -> None:
    # 3 + SS(march) 1 - SS(border) 0 - related 1 = 3; east defends with combat 2 + 1 gold: 0
    state = start(C_BASE, hand=[5], areas={"border": AreaStart("east", 0)}, east={"combat": 2})
    state.apply("conquest border from march")
    entry = state.apply("defend +1")
    assert rating_in(entry.effects, "conquest", "border") == 0
    assert area(state, "border")["owner"] == "west"  # C applies: 0 is not below zero
    assert area(state, "march")["social_state"] == 0  # and -1(<0) applies at 0


def test_13_13_at_most_four_defenses_a_round() -> None:
    # east has not moved yet and holds 5 cards; west attacks five times
    state = start(
        card(6, pillage={"result": []}),
        hand=[6, 6, 6, 6, 6],
        areas={"border": AreaStart("east", 3), "city": AreaStart("east", 3)},
    )
    for n in range(4):
        state.apply("pillage border from march")
        assert state.current_player() == "east", n
        state.apply("defend")
    assert state.view()["empires"]["east"]["year_cards_left"] == 1
    state.apply("pillage border from march")
    assert state.current_player() == "west" and not state.pending  # the last card stays for east's turn
    assert state.treasury[1] == 12 - 4


def test_13_14_a_player_who_used_all_five_cards_cannot_defend() -> None:
    state = start(
        card(7, rule={"target": []}),
        C,
        player="east",
        hand=[7, 7, 7, 7, 7],
        areas={"border": AreaStart("east", 0)},
    )
    for _ in range(5):
        state.apply("rule capital")
    state.apply("end-turn")
    assert state.current_player() == "west"
    state.force_year_cards("west", [4])
    state.apply("conquest border from march")
    assert not state.pending and area(state, "border")["owner"] == "west"


def test_13_22_the_defenders_card_is_used_up_and_its_own_results_ignored() -> None:
    defender_card = card(8, conquest={"result": ["C"]}, rule={"target": ["+1"]}, fortify={"result": ["F"]})
    state = start(C, defender_card, hand=[4], areas={"border": AreaStart("east", 1)})
    state.force_year_cards("east", [8, 8])
    state.apply("conquest border from march +5")
    state.apply("defend")
    border = area(state, "border")
    assert border["owner"] == "west" and border["fortification"] == 0
    assert area(state, "capital")["social_state"] == 2 and area(state, "march")["owner"] == "west"
    assert state.view()["empires"]["east"]["year_cards_left"] == 1


def test_12_19_venice_owned_by_a_player_counts_its_owner_not_the_five() -> None:
    # east owns venice: 3 + SS(home) 2 - SS(venice) 1 - east's diplomatic 2 - related 1 = 1
    state = start(hand=[NOTHING], east={"diplomatic": 2}, areas={"venice": AreaStart("east", 1)})
    unopposed(state, "diplomacy venice")
    entry = state.apply("oppose 0")
    assert rating_in(entry.effects, "diplomacy", "venice") == 1


def test_12_2_an_owner_without_gold_is_not_asked_to_oppose() -> None:
    state = start(TIE, hand=[1], east={"treasury": 0}, areas={"city": AreaStart("east", 1)})
    entry = unopposed(state, "diplomacy city")
    assert not state.pending and state.current_player() == "west"
    assert "city: tie for west" in entry.effects


def test_10_33_a_defense_of_a_partly_conquered_area_is_weakened_by_the_enemy_c_results() -> None:
    # defense is a domestic endeavour with the defended area as its target (13.0), so 10.33 takes
    # the C results against that area off it: east's city holds 2 west results; west attacks it
    # again: 3 + SS(march) 1 - SS(city) 0 - unrelated 2 = 2; east defends with combat 3 + 1 gold
    # less 2 results = 2: rating 0 (not -2)
    state = start(C, hand=[4], areas={"city": AreaStart("east", 0, partial_conquest={"west": 2})})
    state.apply("conquest city from march")
    entry = state.apply("defend +1")
    assert "rating -2 (13.21)" in entry.effects[0]
    assert rating_in(entry.effects, "conquest", "city") == 0
    assert area(state, "city")["owner"] == "west"  # the third C result takes it


def test_10_33_a_defense_never_raises_the_attackers_rating() -> None:
    # 2 results against a defense of combat 1 + 0 gold: the defense takes nothing off, adds nothing
    state = start(
        C, hand=[4], east={"combat": 1}, areas={"city": AreaStart("east", 0, partial_conquest={"west": 2})}
    )
    state.apply("conquest city from march")
    entry = state.apply("defend")
    assert rating_in(entry.effects, "conquest", "city") == 2


def test_12_43_a_player_may_remove_its_own_tie() -> None:
    # west removes its tie to east's city (the +2 on east's rebellion value goes with it, 12.42)
    state = start(areas={"city": AreaStart("east", 1, ties=("west", "east"))})
    assert "untie city" in legal(state) and "untie capital" not in legal(state)
    entry = state.apply("untie city")
    assert "city: west removes its tie (12.43)" in entry.effects
    assert area(state, "city")["ties"] == ["east"]
    with pytest.raises(IllegalActionError, match=r"12\.43"):
        state.apply("untie city")
