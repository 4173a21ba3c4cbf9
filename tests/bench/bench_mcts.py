"""Benchmark: the MCTS AI level against the heuristic level, in rotated seats, on one scenario.

Run ``python tests/bench/bench_mcts.py [SCENARIO] [--games N] [--iterations I] [--depth D]``
(default scenarios/default.mappa.json, 20 games). Game ``g`` seats the MCTS bot in seat
``g mod n`` and the heuristic bot in every other seat, so each seat gets the search in turn. A win
counts 1 (shared equally when the ruleset names several winners); the fair share is ``1 / n``.
Prints the MCTS share with its 95% Wilson interval and writes the figures to
tests/bench/results/bench_mcts.json. The ruleset is whatever the scenario names (any ruleset
whose spec offers the levels ``heuristic`` and ``mcts``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from gamebench import save  # noqa: E402

from model import io  # noqa: E402
from model.bots.base import Bot, play  # noqa: E402
from model.bots.mcts import MctsBot  # noqa: E402
from model.playtest.stats import wilson_interval  # noqa: E402
from model.rules import registry  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "bench_mcts.json"
DEFAULT = ROOT / "scenarios" / "default.mappa.json"


def main() -> None:
    """Play the games, print the share and write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=48)
    parser.add_argument("--depth", type=int, default=60)
    parser.add_argument("--widening", type=float, default=None, help="the bot's default when not given")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()

    scenario = io.load(args.scenario)
    spec = registry.get(scenario.ruleset.id)
    if spec is None:
        raise SystemExit(registry.why_unknown(scenario.ruleset.id))
    game = spec.engine_factory()(scenario)
    seats = game.players()
    wins = 0.0
    by_seat: dict[str, list[float]] = {seat: [] for seat in seats}
    rows = []
    started = time.perf_counter()
    for number in range(args.games):
        seed = args.seed + number
        searcher = seats[number % len(seats)]
        bots: dict[str, Bot] = {
            seat: spec.make_bot("heuristic", seed=seed * 31 + index) for index, seat in enumerate(seats)
        }
        searcher_bot = MctsBot(seed=seed, iterations=args.iterations, depth=args.depth)
        if args.widening is not None:
            searcher_bot.widening = args.widening
        bots[searcher] = searcher_bot
        clock = time.perf_counter()
        state = play(game, bots, seed)
        winners = state.winners()
        share = 1.0 / len(winners) if searcher in winners else 0.0
        wins += share
        by_seat[searcher].append(share)
        rows.append(
            {
                "seed": seed,
                "mcts_seat": searcher,
                "winners": winners,
                "scores": state.scores(),
                "mcts_share": share,
                "seconds": round(time.perf_counter() - clock, 2),
            }
        )
        print(f"game {number + 1}/{args.games}: mcts in {searcher}, winners {winners}", flush=True)
    # No game, no evidence: the whole range (the report's helper gives (0, 0) there).
    low, high = wilson_interval(wins, args.games) if args.games else (0.0, 1.0)
    figures = {
        "scenario": args.scenario.name,
        "ruleset": spec.id,
        "games": args.games,
        "seats": list(seats),
        "iterations": args.iterations,
        "depth": args.depth,
        "widening": MctsBot().widening if args.widening is None else args.widening,
        "seed": args.seed,
        "fair_share": 1 / len(seats),
        "mcts_wins": wins,
        "mcts_share": wins / args.games if args.games else 0.0,
        "interval_95": [low, high],
        "share_by_seat": {seat: (sum(v) / len(v) if v else None) for seat, v in by_seat.items()},
        "seconds": round(time.perf_counter() - started, 1),
        "per_game": rows,
    }
    print(
        f"{spec.id} {args.scenario.name}: MCTS ({args.iterations} iterations, depth {args.depth}) won "
        f"{wins:g} of {args.games} games against the heuristic level: share {figures['mcts_share']:.3f}, "
        f"95% interval [{low:.3f}, {high:.3f}], fair share {1 / len(seats):.3f}"
    )
    save(args.out, figures)
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
