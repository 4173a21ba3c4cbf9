"""Random and heuristic games on the tiny scenario: no error, invariants after every action, exact
replays from seed and actions, JSON round trips, cheap independent clones."""

from __future__ import annotations

import random

import pytest
from sevenages_scenario import tiny_sevenages_scenario

from model.bots.base import Bot, RandomBot, play
from model.rules.protocol import replay, replay_log
from model.rules.sevenages.bot import HeuristicBot
from model.rules.sevenages.game import SevenAgesGame, build_game
from model.rules.sevenages.state import SevenAgesState


@pytest.fixture(scope="module")
def game() -> SevenAgesGame:
    return build_game(tiny_sevenages_scenario())


def random_game(game: SevenAgesGame, seed: int) -> SevenAgesState:
    state: SevenAgesState = game.new_state(seed)
    chooser = random.Random(seed)
    assert state.invariant_violations() == []
    while not state.is_over():
        actions = state.legal_actions()
        assert actions, f"no legal action in {state.cursor()}"
        state.apply(chooser.choice(actions))
        assert state.invariant_violations() == [], (seed, state.log[-1])
    return state


def test_200_random_games_keep_the_invariants(game: SevenAgesGame) -> None:
    totals: dict[str, int] = {}
    for seed in range(200):
        state = random_game(game, seed)
        assert state.board.turn == game.turn_limit
        for key, value in state.statistics().items():
            totals[key] = totals.get(key, 0) + value
    # Every rule of E&N comes up in random play on the tiny scenario.
    for key in (
        "emissary_arms", "emissary_advisors", "emissary_peace", "emissary_aid", "meddles",
        "discards", "discards_automatic", "neutral_conflicts", "reveals", "neutral_disorder_removals",
        "capitals_lost", "arms_refunds",
    ):  # fmt: skip
        assert totals.get(key, 0) > 0, key


def test_200_heuristic_games_finish_clean(game: SevenAgesGame) -> None:
    emissary = 0
    for seed in range(200):
        bots: dict[str, Bot] = {
            p: HeuristicBot(seed + i) if (seed + i) % 3 else RandomBot(seed + i)
            for i, p in enumerate(game.seats)
        }
        state = play(game, bots, seed)
        assert isinstance(state, SevenAgesState) and state.is_over()
        assert state.invariant_violations() == []
        emissary += sum(v for k, v in state.statistics().items() if k.startswith("emissary_"))
    assert emissary > 200


@pytest.mark.parametrize("seed", [3, 17, 42])
def test_replay_and_json_round_trip_are_exact(game: SevenAgesGame, seed: int) -> None:
    state = random_game(game, seed)
    assert replay_log(game, seed, state.log) == state
    assert replay(game, seed, [entry.action for entry in state.log]) == state
    again = game.state_from_json(state.to_json())
    assert again == state and again.to_json() == state.to_json()


def test_a_state_mid_game_round_trips_and_plays_on_identically(game: SevenAgesGame) -> None:
    state: SevenAgesState = game.new_state(8)
    chooser = random.Random(8)
    for _ in range(60):
        state.apply(chooser.choice(state.legal_actions()))
    copy = game.state_from_json(state.to_json())
    for _ in range(40):
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        copy.apply(action)
    assert copy == state


def test_clone_is_independent(game: SevenAgesGame) -> None:
    state: SevenAgesState = game.new_state(5)
    copy = state.clone()
    assert copy == state
    copy.apply(copy.legal_actions()[0])
    assert copy != state and state.board.players["ann"].markers == {}


def test_heuristic_bots_beat_random_bots(game: SevenAgesGame) -> None:
    wins = {"heuristic": 0, "random": 0}
    for seed in range(12):
        kinds = {p: "heuristic" if (seed + i) % 2 else "random" for i, p in enumerate(game.seats)}
        bots: dict[str, Bot] = {
            p: HeuristicBot(seed) if k == "heuristic" else RandomBot(seed) for p, k in kinds.items()
        }
        state = play(game, bots, seed)
        for winner in state.winners():
            wins[kinds[winner]] += 1
    assert wins["heuristic"] > wins["random"]


def test_registry_builds_the_engine_and_both_bots(game: SevenAgesGame) -> None:
    from model.rules import registry

    spec = registry.get("sevenages")
    assert spec is not None and spec.bot_levels() == ["random", "heuristic"]
    built = spec.engine_factory()(tiny_sevenages_scenario())
    assert isinstance(built, SevenAgesGame)
    bots = {p: spec.make_bot("heuristic", seed=n) for n, p in enumerate(game.seats)}
    assert play(game, bots, 11).is_over()
