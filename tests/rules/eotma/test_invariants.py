"""Invariants over many bot games (DESIGN.md "Tests and checks"): legal actions until the end, no
exception, gold never negative, social states in bounds, one owner per area, clone equality, JSON
round trip and replay from the log. Small games for the bulk, whole games on the shipped scenarios."""

from __future__ import annotations

from pathlib import Path

import pytest
from eotma_helpers import game
from hypothesis import given, settings
from hypothesis import strategies as st

from model import io
from model.bots.base import RandomBot, play
from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.game import EotmaGame, Options, build_game
from model.rules.eotma.state import EotmaState
from model.rules.protocol import replay_log

SCENARIOS = sorted((Path(__file__).resolve().parents[3] / "scenarios").glob("*.mappa.json"))
ALL_OPTIONS = Options(
    events=True, armies_fleets=True, civilisation_markers=True, schism=True, two_event_cards=True
)


def check_position(state: EotmaState) -> None:
    """The invariants that hold after every action (model.rules.eotma.invariants)."""
    assert state.invariant_violations() == []


def run_checked(g: EotmaGame, seed: int, heuristic: bool = False) -> EotmaState:
    bot = EotmaHeuristicBot() if heuristic else RandomBot(seed)
    state = g.new_state(seed)
    check_position(state)
    steps = 0
    while not state.is_over():
        state.apply(bot.choose(state))
        check_position(state)
        steps += 1
        if steps == 20:  # clone and JSON mid-game
            assert state.clone() == state
            assert g.state_from_json(state.to_json()) == state
    return state


def test_invariants_over_1000_small_random_games() -> None:
    g = game(options=ALL_OPTIONS, rounds=2, shipped_deck=True)
    for seed in range(1000):
        state = run_checked(g, seed)
        if seed % 50 == 0:
            assert replay_log(g, seed, state.log) == state


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63))
def test_invariants_hold_for_any_seed(seed: int) -> None:
    g = game(options=ALL_OPTIONS, rounds=3, shipped_deck=True)
    state = run_checked(g, seed)
    assert replay_log(g, seed, state.log) == state


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_bots_finish_whole_games_on_every_shipped_eotma_scenario(path: Path) -> None:
    scenario = io.load(path)
    if scenario.ruleset.id != "eotma":
        pytest.skip(f"{path.name} is a {scenario.ruleset.id} scenario")
    g = build_game(scenario)
    for seed in range(3):
        state = run_checked(g, seed, heuristic=seed % 2 == 0)
        assert state.is_over() and state.round == g.rounds
        assert replay_log(g, seed, state.log) == state
    assert play(g, RandomBot(5), 5).is_over()
