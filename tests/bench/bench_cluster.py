"""Benchmark of play-tests on a Dask cluster: client memory as the number of games grows, and the
wall time of a LocalCluster against local processes.

Run: ``nice -n 10 .venv/bin/python tests/bench/bench_cluster.py [--games 10000] [--workers 2]
[--level random] [--compare-games 200] [--compare SCENARIO] [SCENARIO]``.

1. Memory: plays ``--games`` games of SCENARIO (default: scenarios/default.mappa.json, random bots:
   small and fast) on a LocalCluster of ``--workers`` worker processes, with the results log
   written as in ``mappa playtest``, and prints the client's Python heap (tracemalloc: current and
   peak; apart, what lines of Mappa's model hold) and peak resident memory at every tenth of the
   run. Flat figures mean the client keeps running aggregates, not games. The client process also
   hosts the LocalCluster's scheduler, whose logs (events, system monitor samples) fill up to
   Dask's fixed lengths, so the whole heap rises slowly before it levels off.
2. Wall time (with ``--compare-games`` > 0): the same games of ``--compare`` (default:
   scenarios/medieval-europe-976.mappa.json, heuristic bots) in ``--workers`` local processes and
   on a LocalCluster of as many workers; the two reports must be identical.

Prints tables and writes tests/bench/results/bench_cluster.json. Not a test: nothing here passes or
fails on time.
"""

from __future__ import annotations

import argparse
import json
import resource
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from model import io
from model.playtest import PlaytestConfig, run_playtest
from model.playtest.journal import JOURNAL_NAME

ROOT = Path(__file__).resolve().parents[2]
MAPPA_FILES = str(ROOT / "model" / "*")
"""Allocations made by a line of Mappa's model (tracemalloc filter)."""


def _peak_rss_mb() -> float:
    """Peak resident memory of this process so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def memory_curve(scenario_path: str, games: int, workers: int, level: str) -> dict[str, Any]:
    """Play ``games`` on a LocalCluster and sample the client's memory every tenth of the run."""
    scenario = io.load(scenario_path)
    config = PlaytestConfig(games=games, seed=1, default_level=level, cluster=f"local:{workers}")
    samples: list[dict[str, Any]] = []
    step = max(1, games // 10)
    started = time.perf_counter()

    def sample(done: int, total: int) -> None:
        if done and (done % step == 0 or done == total):
            current, peak = tracemalloc.get_traced_memory()
            # What Mappa's own code holds (the statistics, the Game, the log's buffers), apart
            # from Dask's scheduler in this process, whose logs fill up to fixed lengths.
            own = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(True, MAPPA_FILES)])
            row = {
                "games": done,
                "seconds": round(time.perf_counter() - started, 1),
                "heap_mb": round(current / 2**20, 2),
                "heap_peak_mb": round(peak / 2**20, 2),
                "mappa_heap_mb": round(sum(stat.size for stat in own.statistics("filename")) / 2**20, 3),
                "peak_rss_mb": round(_peak_rss_mb(), 1),
            }
            samples.append(row)
            print(
                f"{done:7d} games {row['seconds']:7.1f} s  heap {row['heap_mb']:6.2f} MB  "
                f"(Mappa's {row['mappa_heap_mb']:6.3f} MB)  heap peak {row['heap_peak_mb']:6.2f} MB  "
                f"peak RSS {row['peak_rss_mb']:6.1f} MB",
                flush=True,
            )

    with tempfile.TemporaryDirectory() as folder:
        tracemalloc.start()
        stats = run_playtest(scenario, config, progress=sample, results_log=Path(folder) / JOURNAL_NAME)
        tracemalloc.stop()
        # The log is on disk, not in memory: its size for scale.
        log_mb = (Path(folder) / JOURNAL_NAME).stat().st_size / 2**20
    elapsed = time.perf_counter() - started
    print(f"{stats.games} games in {elapsed:.1f} s, {stats.error_count} engine errors, log {log_mb:.1f} MB")
    return {
        "scenario": scenario.metadata.title,
        "level": level,
        "workers": workers,
        "games": games,
        "seconds": round(elapsed, 1),
        "engine_errors": stats.error_count,
        "log_mb": round(log_mb, 2),
        "samples": samples,
    }


def wall_time(scenario_path: str, games: int, workers: int) -> dict[str, Any]:
    """Time ``games`` in ``workers`` local processes and on a LocalCluster of ``workers``."""
    scenario = io.load(scenario_path)
    rows: dict[str, Any] = {}
    reports = []
    for name, config in (
        (f"local processes ({workers})", PlaytestConfig(games=games, jobs=workers, seed=3)),
        (
            f"LocalCluster ({workers} workers)",
            PlaytestConfig(games=games, seed=3, cluster=f"local:{workers}"),
        ),
    ):
        started = time.perf_counter()
        stats = run_playtest(scenario, config)
        elapsed = time.perf_counter() - started
        reports.append(json.dumps(stats.to_json(), sort_keys=True))
        rows[name] = {"seconds": round(elapsed, 1), "games_per_second": round(games / elapsed, 2)}
        print(f"{name:28} {games} games {elapsed:7.1f} s ({games / elapsed:5.2f} games/s)", flush=True)
    same = reports[0] == reports[1]
    print(f"identical figures: {same}")
    return {"scenario": scenario.metadata.title, "games": games, "runs": rows, "identical": same}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("scenario", nargs="?", default=str(ROOT / "scenarios" / "default.mappa.json"))
    parser.add_argument("--games", type=int, default=10_000, help="games of the memory curve (0: skip it)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--level", default="random", help="AI level of the memory curve's seats")
    parser.add_argument("--compare", default=str(ROOT / "scenarios" / "medieval-europe-976.mappa.json"))
    parser.add_argument("--compare-games", type=int, default=0, help="games of the wall-time comparison")
    args = parser.parse_args()
    results: dict[str, Any] = {}
    if args.games > 0:
        results["memory"] = memory_curve(args.scenario, args.games, args.workers, args.level)
    if args.compare_games > 0:
        results["wall_time"] = wall_time(args.compare, args.compare_games, args.workers)
    out = ROOT / "tests" / "bench" / "results" / "bench_cluster.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"written {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
