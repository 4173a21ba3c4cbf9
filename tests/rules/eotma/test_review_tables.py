"""Rules cases from a code review: house values and rule numbers come from the tables and the
schema, never from constants buried in the engine.

Each test is named after the rule it checks.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

import pytest
from eotma_helpers import game, idx, start

from model import io
from model.rules.eotma import events, parleys, rebellion
from model.rules.eotma.actions import Vote
from model.rules.eotma.data import Rules, RulesDataError, _default_table
from model.rules.eotma.decisions import UNIVERSITY
from model.rules.eotma.game import (
    ROUNDS_PER_GAME_TURN,
    YEARS_PER_ROUND,
    AreaStart,
    EotmaGame,
    MagnateSetup,
    Options,
    PlayerSetup,
    build_game,
)
from model.rules.eotma.records import NO_PARLEY, Attack, DeferredCheck
from model.rules.eotma.schema import EmpireAttributes, Leader, MagnateAttributes
from model.rules.eotma.state import EotmaState

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


def _schism_976(**schism: object) -> EotmaState:
    """The shipped 976 scenario (the churches in schism), with the schism table's entries replaced."""
    game_ = build_game(io.load(SCENARIOS / "medieval-europe-976.mappa.json"))
    if schism:
        table = {**copy.deepcopy(_default_table("schism")), **schism}
        game_.rules = Rules.load({"schism": table})
    state = game_.new_state(1)
    assert not state.union
    return state


def _orthodox_area(state: EotmaState) -> int:
    return next(a for a, religion in enumerate(state.religion) if religion == "eastern_orthodox")


def test_20_52_the_byzantine_player_has_the_schism_tables_votes_over_an_orthodox_area() -> None:
    state = _schism_976()
    byzantium = state.game.player_index["byzantium"]
    area = _orthodox_area(state)
    base = state.stat[byzantium][parleys.DIPLOMATIC]
    assert state.game.rules.byzantine_orthodox_votes == 5
    assert parleys.votes_of(state, byzantium, area) == base + 5
    catholic = next(a for a, religion in enumerate(state.religion) if religion == "roman_catholic")
    assert parleys.votes_of(state, byzantium, catholic) == base


def test_20_52_the_schism_table_names_the_orthodox_religions_and_the_vote_bonus() -> None:
    state = _schism_976(orthodox_religions=["roman_catholic"], byzantine_orthodox_votes=2)
    byzantium = state.game.player_index["byzantium"]
    base = state.stat[byzantium][parleys.DIPLOMATIC]
    catholic = next(a for a, religion in enumerate(state.religion) if religion == "roman_catholic")
    assert parleys.votes_of(state, byzantium, catholic) == base + 2
    assert parleys.votes_of(state, byzantium, _orthodox_area(state)) == base


def test_35_34_a_university_doubles_a_social_state_rise() -> None:
    game_ = build_game(io.load(SCENARIOS / "medieval-europe-976.mappa.json"))
    game_.options = dataclasses.replace(game_.options, civilisation_markers=True)
    state = game_.new_state(1)
    area = next(a for a in range(len(state.ss)) if state.ss[a] <= state.game.rules.ss_max - 2)
    before = state.ss[area]
    state.civ[area] |= UNIVERSITY
    rebellion.raise_social_state(state, area, [])
    assert state.ss[area] == before + 2


def test_22_3_a_group_kind_missing_from_the_conversion_table_is_a_table_error() -> None:
    rules = Rules.load()
    assert rules.conversion_rating(None, "other", None) == rules.conversion_by_kind["other"]
    with pytest.raises(RulesDataError, match=r"conversion table.*by_group_kind.*'martian'"):
        rules.conversion_rating(None, "martian", None)


def test_2_0_16_0_unset_leader_and_treasury_take_the_schema_defaults() -> None:
    seat = PlayerSetup("west")
    leader = Leader()
    assert (seat.combat, seat.administrative, seat.diplomatic) == (
        leader.combat,
        leader.administrative,
        leader.diplomatic,
    )
    empire = EmpireAttributes()
    assert (seat.treasury, seat.handicap, seat.protected_rounds) == (
        empire.treasury,
        empire.handicap,
        empire.protected_rounds,
    )
    assert MagnateSetup("m").combat == MagnateAttributes().combat


def test_2_0_16_0_a_shipped_empire_without_attributes_starts_with_the_schema_defaults() -> None:
    scenario = io.load(SCENARIOS / "medieval-europe-976.mappa.json")
    empire = scenario.setup.empires[0]
    empire.attributes = {"court": empire.attributes.get("court")}
    seat = build_game(scenario).seats[0]
    assert (seat.combat, seat.treasury) == (Leader().combat, EmpireAttributes().treasury)


def test_facts_1_2_a_round_is_five_years() -> None:
    game_ = game(rounds=4, start_year=1001)
    assert YEARS_PER_ROUND == 5
    assert [game_.year(r) for r in range(4)] == [1001, 1006, 1011, 1016]
    assert game_.last_year() == 1020


def test_36_a_provisional_card_is_in_the_deck_up_to_the_last_year_of_the_last_round() -> None:
    def deck_with(first: int) -> EotmaGame:
        cards = copy.deepcopy(_default_table("event_cards"))
        for entry in cards["cards"]:
            if entry["id"] == "great_pestilence":
                entry["years"] = [first, first + 5]
        return game(
            rounds=4, start_year=1001, options=Options(provisional_cards=True), tables={"event_cards": cards}
        )

    assert events.in_game(deck_with(1020), "great_pestilence")
    assert not events.in_game(deck_with(1021), "great_pestilence")


def test_facts_1_2_a_game_turn_is_five_rounds() -> None:
    assert ROUNDS_PER_GAME_TURN == 5
    assert [EotmaGame.game_turn(r) for r in (0, 4, 5, 9, 10)] == [0, 0, 1, 1, 2]


def _round_trip(state: EotmaState) -> EotmaState:
    saved = state.to_json()
    again = EotmaState.from_json(state.game, json.loads(json.dumps(saved)))
    assert again.to_json() == saved
    return again


def test_20_4_a_parley_under_way_has_named_fields_and_saves_as_a_list() -> None:
    state = start(areas={"march": AreaStart("west", 1, ties=("west",))})
    assert state.parley == NO_PARLEY and state.to_json()["parley"] == []
    state.apply("parley claim march")
    assert (state.parley.kind, state.parley.caller, state.parley.area) == ("claim", 0, idx(state, "march"))
    assert state.to_json()["parley"] == ["claim", 0, idx(state, "march"), -1, 0, 0]
    again = _round_trip(state)
    assert again.parley == state.parley
    copy_ = state.clone()
    copy_.apply(Vote(True))
    assert state.parley.yes == 0 and copy_.parley.yes + copy_.parley.no > 0


def test_24_queued_attacks_and_12_42_deferred_checks_have_named_fields_and_save_as_lists() -> None:
    state = start()
    state.npc_queue.append(Attack("raid", "Vikings", 4, idx(state, "march"), -1, None, "norse_pagan"))
    state.deferred.append(DeferredCheck(idx(state, "city"), 1, 0, 2, 2, 0, 1))
    saved = state.to_json()
    assert saved["npc_queue"] == [["raid", "Vikings", 4, idx(state, "march"), -1, None, "norse_pagan"]]
    assert saved["deferred"] == [[idx(state, "city"), 1, 0, 2, 2, 0, 1]]
    again = _round_trip(state)
    assert again.npc_queue[0].target == idx(state, "march") and again.npc_queue[0].religion == "norse_pagan"
    assert again.deferred[0].held == 1 and again.deferred[0].left == 2
    copy_ = state.clone()
    rebellion.hold_conversion(copy_, idx(state, "city"))
    assert copy_.deferred[0].held == 2 and state.deferred[0].held == 1
