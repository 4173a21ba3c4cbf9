"""What the whole-game benchmarks share: loading a scenario's game, timing a run of seeded games,
saving the figures and profiling.

Imported by the ``bench_*.py`` scripts beside it (run as scripts, their folder is on ``sys.path``).
"""

from __future__ import annotations

import cProfile
import json
import pstats
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any


def load_game(path: Path) -> tuple[Any, Any]:
    """The ruleset spec and the engine's game of the scenario at ``path``; exits naming an unknown ruleset."""
    from model import io
    from model.rules import registry

    scenario = io.load(path)
    spec = registry.get(scenario.ruleset.id)
    if spec is None:
        raise SystemExit(registry.why_unknown(scenario.ruleset.id))
    return spec, spec.engine_factory()(scenario)


def actions_in(log: Iterable[Any]) -> int:
    """The actions a game's log holds: its entries less the automatic ones (the game's start, and
    the steps an action set off that nobody chose, which ``State.begin_automatic`` logs apart)."""
    from model.rules.protocol import is_automatic

    return sum(1 for entry in log if not is_automatic(entry))


def time_games(count: int, play_one: Callable[[int], int]) -> dict[str, float]:
    """Play ``count`` games (seeds 0 to count - 1; ``play_one`` returns a game's action count) and
    return games per second (wall and CPU), actions per game and actions per second."""
    start = time.perf_counter()
    cpu = time.process_time()
    actions = 0
    for seed in range(count):
        actions += play_one(seed)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {
        "games": count,
        "seconds": round(elapsed, 3),
        "games_per_second": round(count / elapsed, 2),
        "games_per_cpu_second": round(count / cpu, 2),
        "actions_per_game": round(actions / count, 1),
        "actions_per_second": round(actions / elapsed),
    }


def save(path: Path, figures: object) -> None:
    """Write the figures as indented JSON (the results folder is made when missing)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


def profile(run: Callable[[], object]) -> None:
    """Run ``run`` under the profiler and print the 25 hottest calls by cumulative time."""
    profiler = cProfile.Profile()
    profiler.enable()
    run()
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
