"""Benchmark of play-tests on a Dask cluster: client memory as the number of games grows, and the
wall time of local processes, a LocalCluster and a scheduler with worker processes of their own.

Run: ``nice -n 10 .venv/bin/python tests/bench/bench_cluster.py [--games 10000] [--workers 2]
[--level random] [--compare-games 200] [--compare SCENARIO] [--modes local,localcluster,tcp]
[SCENARIO]``.

1. Memory: plays ``--games`` games of SCENARIO (default: scenarios/default.mappa.json, random bots:
   small and fast) on a LocalCluster of ``--workers`` worker processes, with the results log
   written as in ``mappa playtest``, and prints the client's Python heap (tracemalloc: current and
   peak; apart, what lines of Mappa's model hold) and peak resident memory at every tenth of the
   run. Flat figures mean the client keeps running aggregates, not games. The client process also
   hosts the LocalCluster's scheduler, whose logs (events, system monitor samples) fill up to
   Dask's fixed lengths, so the whole heap rises slowly before it levels off.
2. Wall time (with ``--compare-games`` > 0): ``mappa playtest`` of the same games of ``--compare``
   (default: scenarios/medieval-europe-976.mappa.json, heuristic bots) in ``--workers`` local
   processes, on a LocalCluster of as many workers, and on ``dask scheduler`` with as many
   ``dask worker`` processes started as on other machines (``--modes`` picks some); the
   report.json files must be identical byte for byte.

Prints tables and writes tests/bench/results/bench_cluster.json. Not a test: nothing here passes or
fails on time.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "cli"))

from dask_processes import DaskProcesses  # noqa: E402
from distributed import Client  # noqa: E402

from model import cli, io  # noqa: E402
from model.playtest import PlaytestConfig, run_playtest  # noqa: E402
from model.playtest.journal import JOURNAL_NAME  # noqa: E402

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


MODES = ("local", "localcluster", "tcp")
"""The ways the wall-time comparison can play: local processes (``--jobs W``), a LocalCluster of W
worker processes (``--cluster local:W``), and ``dask scheduler`` with W ``dask worker`` processes
started as on other machines (``--cluster tcp://127.0.0.1:PORT``)."""


def _timed_cli(scenario_path: str, games: int, out: Path, where: list[str]) -> float:
    """Run ``mappa playtest`` as a user would and return its wall time in seconds."""
    args = ["playtest", scenario_path, "--games", str(games), "--seed", "3", "-o", str(out), *where]
    started = time.perf_counter()
    status = cli.main(args)
    elapsed = time.perf_counter() - started
    if status != 0:
        raise SystemExit(f"mappa {' '.join(args)} exited with {status}")
    return elapsed


def wall_time(scenario_path: str, games: int, workers: int, modes: list[str]) -> dict[str, Any]:
    """Time ``games`` of ``mappa playtest`` in each of ``modes``; compare the report.json files."""
    rows: dict[str, Any] = {}
    reports: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        for mode in modes:
            out = base / mode
            if mode == "tcp":
                processes = DaskProcesses(base)
                try:
                    address = processes.start_scheduler()
                    for number in range(workers):
                        processes.start_worker(f"worker-{number + 1}")
                    with Client(address, timeout="60s") as watcher:  # time the games, not the start-up
                        watcher.wait_for_workers(workers, timeout=120)
                    elapsed = _timed_cli(scenario_path, games, out, ["--cluster", address])
                finally:
                    processes.close()
                name = f"dask scheduler + {workers} dask worker processes (tcp)"
            elif mode == "localcluster":
                elapsed = _timed_cli(scenario_path, games, out, ["--cluster", f"local:{workers}"])
                name = f"LocalCluster ({workers} workers)"
            else:
                elapsed = _timed_cli(scenario_path, games, out, ["--jobs", str(workers)])
                name = f"local processes ({workers})"
            reports[mode] = (out / "report.json").read_bytes()
            rows[name] = {"seconds": round(elapsed, 1), "games_per_second": round(games / elapsed, 2)}
            print(f"{name:48} {games} games {elapsed:7.1f} s ({games / elapsed:5.2f} games/s)", flush=True)
    same = len(set(reports.values())) == 1
    print(f"report.json identical byte for byte: {same}")
    title = io.load(scenario_path).metadata.title
    return {"scenario": title, "games": games, "runs": rows, "report_json_identical": same}


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
    parser.add_argument(
        "--modes",
        default=",".join(MODES),
        help=f"what the wall-time comparison plays on, of {', '.join(MODES)}",
    )
    args = parser.parse_args()
    results: dict[str, Any] = {}
    if args.games > 0:
        results["memory"] = memory_curve(args.scenario, args.games, args.workers, args.level)
    if args.compare_games > 0:
        modes = [mode for mode in args.modes.split(",") if mode]
        unknown = sorted(set(modes) - set(MODES))
        if unknown:
            parser.error(f"unknown modes {', '.join(unknown)}; modes: {', '.join(MODES)}")
        results["wall_time"] = wall_time(args.compare, args.compare_games, args.workers, modes)
    out = ROOT / "tests" / "bench" / "results" / "bench_cluster.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"written {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
