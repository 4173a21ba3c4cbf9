"""Probes of the Schism and the crusades (23) through the public API."""

from __future__ import annotations

from eotma_helpers import AreaStart, card, rome_game, rules_with, start, turn_of, unopposed
from probe_helpers import rating
from test_crusader_routes_and_states import CATALOG, two_route_state
from test_crusades import crusade_state

from model.rules.eotma.board import Board, LandSpec
from model.rules.eotma.data import _default_table
from model.rules.eotma.game import EotmaGame, MagnateSetup, Options, PlayerSetup
from model.rules.eotma.state import EotmaState

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


def _hungary_state() -> EotmaState:
    """paris (France's court) - croatia (independent, Old Faith) - hungary (independent, Roman
    Catholic: friendly) - cpl (Byzantine court) - syria - jerusalem (the Sultan's)."""
    table = dict(_default_table("crusades"))
    table["sea_costs"] = {"value": False}
    board = Board.build(
        [
            LandSpec("paris", language="aldic", religion="roman_catholic"),
            LandSpec("croatia", language="kestrian", religion="old_faith"),
            LandSpec("hungary", language="kestrian", religion="roman_catholic"),
            LandSpec("cpl", language="kestrian", religion="eastern"),
            LandSpec("syria", language="lowenish", religion="moslem", population=1),
            LandSpec("jerusalem", language="lowenish", religion="moslem", population=1),
        ],
        [],
        [
            ("paris", "croatia"),
            ("croatia", "hungary"),
            ("hungary", "cpl"),
            ("cpl", "syria"),
            ("syria", "jerusalem"),
        ],
        [],
        [],
        CATALOG,
    )
    game = EotmaGame(
        board,
        [PlayerSetup("france", court="paris", combat=4), PlayerSetup("byzantium", court="cpl")],
        {
            "paris": AreaStart("france", 2),
            "hungary": AreaStart(None, 1),
            "cpl": AreaStart("byzantium", 2),
            "syria": AreaStart("sultan", 0),
            "jerusalem": AreaStart("sultan", 0),
        },
        rules=rules_with(card(4, conquest={"result": ["C"]}), crusades=table),
        options=Options(events=False, crusades=True, schism=False),
        start_year=1100,
        magnates=[MagnateSetup("sultan", 3, "syria")],
        union=False,
    )
    state = turn_of(game.new_state(1), "byzantium")
    state.force_year_cards("france", [4, 4, 4, 4])
    return state


def test_23_32_step_4_the_march_passes_a_friendly_area_on_the_way() -> None:
    state = _hungary_state()
    entry = state.apply("crusade")
    # the crusaders conquer croatia, pass hungary freely and ask passage through cpl; they do not
    # skip the march to strike at the holy places from nowhere
    assert "the crusade is launched from paris: in the way croatia, cpl (23.32 step 3)" in entry.effects
    assert state.current_player() == "byzantium" and state.view()["decision"] == "passage"
    state.apply("accept")
    assert [str(a) for a in state.legal_actions() if "+" not in str(a)] == [
        "crusade-attack croatia",
        "crusade-pass",
    ]
    state.apply("crusade-attack croatia")
    areas = state.view()["areas"]
    assert areas["croatia"]["owner"] == "france"
    assert areas["hungary"]["social_state"] == 1  # Roman Catholic: no level lost to the passing crusaders


def test_23_32_step_3_the_launch_area_is_the_crusaders_base() -> None:
    state = two_route_state()
    state.apply("crusade")
    state.apply("crusade-route venice")
    entry = state.apply("crusade-attack syria")
    # france's combat 4 + venice's social state 1 (the launch area as base) - syria 0
    # - related language 1 (aldic to lowenish) - another religion 2 = 2
    assert "france crusades against syria: card 1, rating 2" in entry.effects
    assert state.view()["areas"]["syria"]["owner"] == "france"
