"""Starting setup, calendar and scenario rules: unset attributes take the schema's defaults (2.0,
16.0), a round is five years and a game turn five rounds (facts sheet 1.2), protected leaders (27.7,
27.92).

Each test plays its case through the public API and is named after the rule it checks."""

from __future__ import annotations

from pathlib import Path

from eotma_helpers import area, card, game, start

from model import io
from model.rules.eotma import events
from model.rules.eotma.game import (
    ROUNDS_PER_GAME_TURN,
    YEARS_PER_ROUND,
    AreaStart,
    EotmaGame,
    MagnateSetup,
    PlayerSetup,
    build_game,
)
from model.rules.eotma.schema import EmpireAttributes, Leader, MagnateAttributes

CHECK_ALL = card(5, rule={"target": ["+1(9>)"]}, stature_check=[1, 9])
"""A ruling card that calls a stature check at any stature."""


SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


def test_27_7_a_protected_leader_makes_no_stature_check_in_the_first_rounds() -> None:
    state = start(CHECK_ALL, hand=[5], west={"protected_rounds": 7})
    state.rng.force(1, 1)  # would kill the leader (2 on the stature check table)
    entry = state.apply("rule march")
    assert any("no stature check in the protected rounds (27.7)" in e for e in entry.effects)
    assert state.stat[0] == [3, 3, 3]
    assert not any(e.startswith("stature check") for e in entry.effects)


def test_27_7_after_the_protected_rounds_the_checks_come_back() -> None:
    state = start(CHECK_ALL, hand=[5], west={"protected_rounds": 7})
    state.round = 7
    entry = state.apply("rule march")
    assert any(e.startswith("stature check west") for e in entry.effects)


def test_27_7_a_protected_leader_ignores_leader_dies_heirless() -> None:
    state = start(areas={"border": AreaStart("west", 1)}, west={"protected_rounds": 7})
    events.immediate(state, 0, {"type": "heirless"}, state.rng.trace)
    assert state.rng.trace[-1] == "west ignores Leader Dies Heirless in the protected rounds (27.7)"
    assert state.statistics()["leader_deaths"] == 0 and not area(state, "border")["unrest"]


def test_27_7_27_92_charlemagne_scenario_protects_the_franks_and_sets_their_handicap() -> None:
    game_ = build_game(io.load(SCENARIOS / "medieval-europe-771.mappa.json"))
    franks = game_.seats[game_.player_index["franks"]]
    byzantium = game_.seats[game_.player_index["byzantium"]]
    assert franks.protected_rounds == 7 and franks.handicap == -40
    assert byzantium.protected_rounds == 0 and byzantium.handicap == 0


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


def test_facts_1_2_a_game_turn_is_five_rounds() -> None:
    assert ROUNDS_PER_GAME_TURN == 5
    assert [EotmaGame.game_turn(r) for r in (0, 4, 5, 9, 10)] == [0, 0, 1, 1, 2]
