"""The schism and the union of the churches: the starting status (23.0, 23.1), Rome held without a tie
(23.1), courts under a union (23.11).

Each test plays its case through the public API and is named after the rule it checks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from eotma_helpers import game, idx, rome_game, start

from model import io
from model.rules.eotma.data import _default_table
from model.rules.eotma.game import AreaStart, EotmaGame, Options, build_game
from model.rules.eotma.ratings import religion_difference
from model.rules.eotma.state import EotmaState


def _rome_game(tables: dict[str, Any]) -> EotmaGame:
    return rome_game(AreaStart("byzantium", 1, ties=("france",)), **tables)


SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


def test_23_1_rome_held_without_a_byzantine_tie_takes_the_schism_tables_condition() -> None:

    def first_check(state: EotmaState) -> str:
        return next(r for r in state.log[0].effects if "schism table, condition" in r)

    shipped = _default_table("schism")
    assert shipped["rome_without_tie_condition"]["value"] == 2
    state = _rome_game({}).new_state(3)
    assert "schism table, condition 2" in first_check(state)
    state = _rome_game({"schism": {**shipped, "rome_without_tie_condition": 6}}).new_state(3)
    assert "schism table, condition 6" in first_check(state)


def test_23_11_under_a_union_an_area_of_the_other_church_is_a_suitable_court() -> None:
    for union in (False, True):
        state = start(hand=[99], player="east", areas={"march": AreaStart("east", 1)})
        state.religion[idx(state, "march")] = "eastern"
        state.court[0] = -1  # west is in exile (21.0)
        state.union = union
        entry = state.apply("give west area march")
        returned = "west returns from exile with its court at march (21.3)" in entry.effects
        assert returned is union and (state.court[0] == idx(state, "march")) is union


def test_23_0_without_the_schism_rule_the_churches_never_start_united() -> None:
    state = game(start_year=976).new_state(1)
    assert not state.union
    assert state.game.union_at_start is False


def test_23_1_with_the_schism_rule_an_early_start_begins_in_union() -> None:
    assert game(start_year=976, options=Options(events=False, schism=True)).new_state(1).union
    assert not game(start_year=1100, options=Options(events=False, schism=True)).new_state(1).union


def test_23_0_shipped_976_scenario_keeps_the_schism_without_the_option() -> None:
    scenario = io.load(SCENARIOS / "medieval-europe-976.mappa.json")
    assert not scenario.ruleset.options.get("schism")
    state = build_game(scenario).new_state(1)
    board = state.game.board
    assert not state.union
    byzantium = state.game.player_index["byzantium"]
    assert religion_difference(state, byzantium, board.index["venice"]) == 1  # different church
