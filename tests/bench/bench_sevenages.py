"""Benchmark: whole 7 Ages games per second on the shipped world map, random and heuristic bots.

Run ``python tests/bench/bench_sevenages.py [--games N] [--profile]``. Prints the figures and
writes them to tests/bench/results/bench_sevenages.json. Games: scenarios/sevenages-world.mappa.json
(four players, 14 turns, 256 areas), single process, every seat played by the same kind of bot;
with ``--checked`` the random games also check the invariants after every action (as the random
game tests do), which shows what the checks cost.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from gamebench import actions_in, profile, save, time_games  # noqa: E402

from model import io  # noqa: E402
from model.bots.base import Bot, RandomBot, play  # noqa: E402
from model.rules.sevenages.bot import HeuristicBot  # noqa: E402
from model.rules.sevenages.game import SevenAgesGame, build_game  # noqa: E402
from model.rules.sevenages.state import SevenAgesState  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "bench_sevenages.json"
WORLD = ROOT / "scenarios" / "sevenages-world.mappa.json"


def checked_game(game: SevenAgesGame, seed: int) -> SevenAgesState:
    """A random game that checks the invariants after every action."""
    state: SevenAgesState = game.new_state(seed)
    chooser = random.Random(seed)
    while not state.is_over():
        state.apply(chooser.choice(state.legal_actions()))
        if state.invariant_violations():
            raise AssertionError(f"seed {seed}: {state.invariant_violations()[:1]}")
    return state


def bots_of(kind: str) -> Callable[[SevenAgesGame, int], dict[str, Bot]]:
    """Return a factory of one bot per seat, seeded from the game's seed."""
    make = HeuristicBot if kind == "heuristic" else RandomBot
    return lambda game, seed: {p: make(seed * 10 + i) for i, p in enumerate(game.seats)}


def bench(game: SevenAgesGame, kind: str, count: int) -> dict[str, float]:
    """Play ``count`` games; return games per second, actions per game and actions per second."""

    def play_one(seed: int) -> int:
        if kind == "random-checked":
            state = checked_game(game, seed)
        else:
            state = play(game, bots_of(kind)(game, seed), seed)
        assert state.is_over()
        return actions_in(state.log)

    return time_games(count, play_one)


def main() -> None:
    """Run the benchmark and print and save the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--checked", action="store_true", help="also random games checking invariants")
    parser.add_argument("--profile", action="store_true", help="profile heuristic games and print hot spots")
    args = parser.parse_args()
    started = time.perf_counter()
    game = build_game(io.load(WORLD))
    load_seconds = round(time.perf_counter() - started, 3)
    play(game, bots_of("heuristic")(game, 0), 0)  # warm caches
    name = f"{WORLD.name} ({len(game.seats)} players, {len(game.areas)} areas, {game.turn_limit} turns)"
    figures: dict[str, object] = {"scenario": name, "load_and_build_seconds": load_seconds}
    kinds = ["random", "heuristic"] + (["random-checked"] if args.checked else [])
    for kind in kinds:
        figures[kind] = bench(game, kind, args.games)
        print(f"{name}, {kind} bots: {figures[kind]}")
    save(RESULTS, figures)
    print(f"wrote {RESULTS.relative_to(ROOT)}")
    if args.profile:
        profile(lambda: [play(game, bots_of("heuristic")(game, seed), seed) for seed in range(10)])


if __name__ == "__main__":
    main()
