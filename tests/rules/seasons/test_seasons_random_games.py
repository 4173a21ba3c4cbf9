"""Random and bot games on the Four Isles: invariants hold after every action, games end, replays match."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model.bots.base import Bot, RandomBot, play
from model.rules.protocol import replay_log
from model.rules.seasons.actions import Done
from model.rules.seasons.bot import HeuristicBot
from model.rules.seasons.game import SeasonsGame
from model.rules.seasons.state import SeasonsState


def check_invariants(state: SeasonsState) -> None:
    """Supply never negative, resources in range, units only where allowed (see the invariants module)."""
    assert state.invariant_violations() == []


def random_game(game: SeasonsGame, seed: int) -> SeasonsState:
    state: SeasonsState = game.new_state(seed)
    chooser = random.Random(seed)
    check_invariants(state)
    while not state.is_over():
        actions = state.legal_actions()
        assert actions, f"no legal action in {state.cursor()}"
        action = Done() if chooser.random() < 0.2 and Done() in actions else chooser.choice(actions)
        state.apply(action)
        check_invariants(state)
    return state


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_the_invariants_and_replay(isles: SeasonsGame, seed: int) -> None:
    state = random_game(isles, seed)
    assert state.is_over() and state.board.turn == isles.turns
    again = replay_log(isles, seed, state.log)
    assert again == state
    assert isles.state_from_json(state.to_json()) == state


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bot_games_finish(isles: SeasonsGame, seed: int) -> None:
    bots: dict[str, Bot] = {
        nation: HeuristicBot(seed + i) if i % 2 == 0 else RandomBot(seed + i)
        for i, nation in enumerate(isles.nations)
    }
    state = play(isles, bots, seed)
    assert isinstance(state, SeasonsState) and state.is_over()
    assert set(state.winners()) <= set(isles.nations) and state.winners()
    assert sum(state.scores().values()) <= len(isles.land)


def test_heuristic_bots_beat_random_bots_more_often(isles: SeasonsGame) -> None:
    """The heuristic seats (vellmark, suderland) win more games than the random ones."""
    wins = {"heuristic": 0, "random": 0}
    for seed in range(6):
        kinds = {n: "heuristic" if i % 2 == 0 else "random" for i, n in enumerate(isles.nations)}
        bots: dict[str, Bot] = {
            n: HeuristicBot(seed) if kind == "heuristic" else RandomBot(seed) for n, kind in kinds.items()
        }
        state = play(isles, bots, seed)
        best = max(state.scores().values())
        for nation, count in state.scores().items():
            if count == best:
                wins[kinds[nation]] += 1
    assert wins["heuristic"] > wins["random"]


def test_clone_is_independent(isles: SeasonsGame) -> None:
    state: SeasonsState = isles.new_state(5)
    copy = state.clone()
    assert copy == state
    copy.apply("done")
    assert copy != state and state.board.plan_index == 0


def test_registry_builds_the_seasons_bots(isles: SeasonsGame) -> None:
    from model.rules import registry

    spec = registry.get("seasons")
    assert spec is not None and spec.bot_levels() == ["random", "mcts", "heuristic"]
    bots = {nation: spec.make_bot("heuristic", seed=n) for n, nation in enumerate(isles.nations)}
    assert play(isles, bots, 11).is_over()


def test_play_test_hooks(isles: SeasonsGame) -> None:
    """What the play-test runner reads: owners, counters, and a public view without a player."""
    state = play(isles, {nation: HeuristicBot(n) for n, nation in enumerate(isles.nations)}, 4)
    assert isinstance(state, SeasonsState)
    assert state.area_owners() == {area: data["owner"] for area, data in state.view()["areas"].items()}
    stats = state.statistics()
    assert stats.get("battles", 0) > 0 and stats.get("bought_infantry", 0) > 0
    assert all(value > 0 for value in stats.values())
