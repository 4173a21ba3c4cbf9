"""Benchmark of the balance report: games per second and memory as the number of games grows.

Run: ``.venv/bin/python tests/bench/bench_playtest.py [--games 1000] [--jobs 2] [SCENARIO]``.
Prints a table and writes tests/bench/results/bench_playtest.json. Not a test: nothing here passes
or fails on time.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time
from pathlib import Path

from model import io
from model.playtest import PlaytestConfig, run_playtest

ROOT = Path(__file__).resolve().parents[2]


def _peak_rss_mb() -> float:
    """Peak resident memory of this process so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("scenario", nargs="?", default=str(ROOT / "scenarios" / "default.mappa.json"))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    scenario = io.load(args.scenario)
    rows = []
    # Memory must stay flat as the batch grows: the parent keeps folded statistics, not games.
    for games in sorted({max(1, args.games // 10), args.games}):
        started = time.perf_counter()
        stats = run_playtest(scenario, PlaytestConfig(games=games, jobs=args.jobs, seed=1))
        elapsed = time.perf_counter() - started
        rows.append(
            {
                "games": games,
                "jobs": args.jobs,
                "seconds": round(elapsed, 2),
                "games_per_second": round(games / elapsed, 1),
                "engine_errors": stats.error_count,
                "parent_peak_rss_mb": round(_peak_rss_mb(), 1),
            }
        )
        print(
            f"{games:6d} games, {args.jobs} jobs: {elapsed:7.1f} s ({games / elapsed:6.1f} games/s), "
            f"{stats.error_count} engine errors, parent peak RSS {_peak_rss_mb():.0f} MB"
        )
    out = ROOT / "tests" / "bench" / "results" / "bench_playtest.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"scenario": scenario.metadata.title, "runs": rows}, indent=2) + "\n")
    print(f"written {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
