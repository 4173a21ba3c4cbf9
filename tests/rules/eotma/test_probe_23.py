"""Probes of the Schism and the crusades (23) through the public API."""

from __future__ import annotations

from eotma_helpers import AreaStart, card, rome_game, start, turn_of, unopposed
from probe_helpers import rating
from test_crusader_routes_and_states import two_route_state
from test_crusades import crusade_state

DIPLO_T = card(1, diplomacy={"result": ["T"]})
DIPLO_C = card(2, diplomacy={"result": ["C"]})
NOTHING = card(3)


def test_23_12_a_tie_and_then_a_conquest_of_rome_each_call_a_check() -> None:
    # the text's own example: the Byzantine player ties Rome, then takes it in the same turn
    state = turn_of(rome_game(cards=(DIPLO_T, DIPLO_C)).new_state(2), "byzantium", [1, 2])
    assert state.schism_condition == 4
    entry = unopposed(state, "diplomacy rome")
    assert state.schism_condition == 3 and any(
        e.startswith("schism table, condition 3") for e in entry.effects
    )
    entry = unopposed(state, "diplomacy rome +5")
    assert state.view()["areas"]["rome"]["owner"] == "byzantium"
    assert state.schism_condition == 1 and any(
        e.startswith("schism table, condition 1") for e in entry.effects
    )


def test_23_12_another_players_tie_to_a_free_rome_calls_a_check() -> None:
    state = turn_of(rome_game(cards=(DIPLO_T,)).new_state(2), "france", [1])
    entry = unopposed(state, "diplomacy rome")
    assert state.schism_condition == 5 and any(
        e.startswith("schism table, condition 5") for e in entry.effects
    )


def test_23_11_under_a_union_the_two_churches_are_one_in_ratings() -> None:
    schism = start(NOTHING, hand=[3], areas={"faraway": AreaStart(None, 0)})
    union = start(NOTHING, hand=[3], areas={"faraway": AreaStart(None, 0)})
    union.union = True  # a U result on the Schism Table
    assert union.view()["churches_united"]
    # faraway is of the Eastern church; west's leader of the Latin one: 1 less in a schism
    assert rating(union, "diplomacy faraway") == rating(schism, "diplomacy faraway") + 1


def test_23_32_step_1_a_tie_in_combat_goes_to_the_higher_sum_and_step_2_orders_by_combat() -> None:
    state = two_route_state(germany=True)
    state.stat[2] = [4, 5, 5]  # germany's combat equals france's 4, its sum is higher
    entry = state.apply("crusade")
    assert "a crusade led by germany: france, germany (23.32)" in entry.effects
    assert state.current_player() == "germany" and state.view()["decision"] == "route"


def test_23_32_step_2_the_higher_combat_acts_first_and_only_catholics_crusade() -> None:
    state = two_route_state(germany=True)  # france combat 4, germany 3; byzantium of the Eastern church
    entry = state.apply("crusade")
    assert "a crusade led by france: france, germany (23.32)" in entry.effects
    assert not any(e.startswith("crusade order") for e in entry.effects)  # no tie to roll for
    state.apply("crusade-route venice")
    assert state.current_player() == "france" and state.view()["decision"] == "crusade"
    state.apply("crusade-attack syria")
    assert state.current_player() == "germany"


def test_20_46_every_christian_votes_in_a_crusade_parley() -> None:
    state = turn_of(crusade_state(), "france")
    entry = state.apply("parley crusade")
    assert any(
        e.endswith("voters: france, byzantium") or e.endswith("voters: byzantium, france")
        for e in entry.effects
    )
    state.apply("vote no")
    state.apply("vote yes")
    # 3 against 3: the crusades table's house default asks for more yes than no
    assert state.crusade is None
