"""Rules cases from a review of the engine against the rule texts and the facts sheet.

Each test is named after the rule it checks; the probe that found the problem failed it.
"""

from __future__ import annotations

from pathlib import Path

from eotma_helpers import game

from model import io
from model.rules.eotma.game import Options, build_game
from model.rules.eotma.ratings import religion_difference

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


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


def test_12_19_independent_venice_is_minus_five_in_every_shipped_scenario() -> None:
    for path in sorted(SCENARIOS.glob("medieval-europe-*.mappa.json")):
        game_ = build_game(io.load(path))
        board = game_.board
        venice = board.index["venice"]
        assert board.independent_diplomacy[venice] == -5, path.name
        assert board.independent_diplomacy[board.index["lombardy"]] is None  # 12.18: the usual -3
