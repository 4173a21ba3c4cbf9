"""Benchmark of hostile files: small inputs built to make unbounded work, and what they cost now.

Each case builds its file (a scenario whose one boundary has thousands of random points, a
self-crossing star polygon, a TopoJSON arc reused hundreds of times, a NaN after a long string...)
and runs its steps on it (load, and validate for a scenario; import for a source), each in a
subprocess of its own so that every peak of memory is separate, under a memory cap
(``--memory-gb``) and a time limit (``--timeout``).
Prints a table of seconds, peak resident memory and the outcome (ok, the first line of the clear
error, MemoryError, timeout) and writes ``tests/bench/results/bench_hostile.json``. It is a
script, not a test:

    .venv/bin/python tests/bench/bench_hostile.py [--cases NAME...] [--timeout 120] [--memory-gb 3]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "tests" / "bench" / "results"


# --- the hostile files -------------------------------------------------------------------------


def _scenario(boundaries: list[dict[str, Any]], areas: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "schema_version": 1,
        "metadata": {"title": "hostile"},
        "map": {
            "grid": 0.01,
            "boundaries": boundaries,
            "areas": areas or [{"id": "a1", "name": "A", "anchors": [[500, 500]]}],
        },
        "ruleset": {"id": "eotma"},
    }


def random_boundary(points: int) -> dict[str, Any]:
    """A scenario with one closed boundary through ``points`` random points and back to the first
    (``points + 1`` in the file; it crosses itself about points² / 10 times)."""
    rng = random.Random(1)
    coords = [[round(rng.uniform(0, 1000), 2), round(rng.uniform(0, 1000), 2)] for _ in range(points)]
    coords.append(coords[0])
    return _scenario([{"id": "b1", "points": coords}])


def crossing_boundaries(count: int) -> dict[str, Any]:
    """A scenario with ``count`` two-point boundaries at random: about count² / 10 crossings."""
    rng = random.Random(2)
    boundaries = [
        {
            "id": f"b{i}",
            "points": [[round(rng.uniform(0, 1000), 2), round(rng.uniform(0, 1000), 2)] for _ in range(2)],
        }
        for i in range(count)
    ]
    return _scenario(boundaries)


def star_ring(vertices: int, lon: float = 10.0, lat: float = 50.0, radius: float = 5.0) -> list[list[float]]:
    """The closed ring of a star polygon {n/k} with k close to n/2: about n²/2 self-crossings."""
    step = vertices // 2 - 1
    while math.gcd(vertices, step) != 1:
        step -= 1
    ring = [
        [
            round(lon + radius * math.cos(2 * math.pi * i * step / vertices), 6),
            round(lat + radius * math.sin(2 * math.pi * i * step / vertices), 6),
        ]
        for i in range(vertices)
    ]
    return [*ring, ring[0]]


def star_geojson(vertices: int) -> dict[str, Any]:
    """A GeoJSON feature whose polygon is a self-crossing star."""
    return {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {"name": "Star"},
                "geometry": {"type": "Polygon", "coordinates": [star_ring(vertices)]},
            }
        ],
    }


def reused_arc_topojson(vertices: int, uses: int) -> dict[str, Any]:
    """A TopoJSON whose one arc (a self-crossing star) is the ring of ``uses`` polygons."""
    return {
        "type": "Topology",
        "objects": {
            "areas": {
                "type": "GeometryCollection",
                "geometries": [
                    {"type": "Polygon", "arcs": [[0]], "properties": {"name": f"area {i}"}}
                    for i in range(uses)
                ],
            }
        },
        "arcs": [star_ring(vertices)],
    }


def plane_1e308() -> dict[str, Any]:
    """A GeoJSON square whose corners are near the largest float (its extent overflows)."""
    big = 1e308
    ring = [[-big, -big], [big, -big], [big, big], [-big, big], [-big, -big]]
    return {
        "type": "Feature",
        "properties": {"name": "Plane"},
        "geometry": {"type": "Polygon", "coordinates": [ring]},
    }


def nan_after_long_string(characters: int) -> str:
    """Scenario text with a NaN after a string of ``characters`` characters."""
    return '{"schema_version": 1, "metadata": {"title": "' + "x" * characters + '"}, "rounds": NaN}'


Case = tuple[str, str, Callable[[], Any], str]
"""(name, step, builder of the file's content, file suffix)."""

CASES: list[Case] = [
    ("boundary_3000_points", "validate", lambda: random_boundary(3000), ".mappa.json"),
    ("boundary_10000_points", "validate", lambda: random_boundary(10_000), ".mappa.json"),
    ("boundary_100000_points", "validate", lambda: random_boundary(99_999), ".mappa.json"),  # at the limit
    ("boundary_100001_points", "load", lambda: random_boundary(100_000), ".mappa.json"),  # over it
    ("crossing_boundaries_3000", "validate", lambda: crossing_boundaries(3000), ".mappa.json"),
    ("nan_after_5M_string", "load", lambda: nan_after_long_string(5_000_000), ".mappa.json"),
    ("star_1000_import", "import geojson", lambda: star_geojson(1000), ".geojson"),
    ("topojson_arc_200_uses", "import topojson", lambda: reused_arc_topojson(1000, 200), ".topojson"),
    ("plane_1e308_import", "import geojson", plane_1e308, ".geojson"),
]


# --- running one case (in its own process) -----------------------------------------------------


def run_step(step: str, path: str) -> str:
    """Run one step on a file in this process; return "ok" or the first line of the error."""
    from model import io

    try:
        if step == "load":
            io.load(path)
        elif step == "validate":
            from model.validate import has_errors, validate

            scenario = io.load(path)
            issues = validate(scenario)
            codes = sorted({item.code for item in issues})
            return f"{'errors' if has_errors(issues) else 'clean'}: {', '.join(codes)[:150]}"
        elif step.startswith("import "):
            from model.importers import import_file

            result = import_file(step.split()[1], path)
            io.dumps(result.scenario)
        else:
            raise ValueError(f"unknown step {step!r}")
    except MemoryError:
        return "MemoryError"
    except Exception as error:  # the figures matter here; the kind of failure is shown
        text = str(error).strip().splitlines()
        first = " / ".join(text[:2]) if text else ""
        return f"{type(error).__name__}: {first[:200]}"
    return "ok"


def child(step: str, path: str, memory_gb: float) -> None:
    """The subprocess: cap memory, run the step, print one JSON line of figures."""
    cap = int(memory_gb * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    sys.path.insert(0, str(ROOT))
    start = time.perf_counter()
    try:
        outcome = run_step(step, path)
    except BaseException:  # the figures still count
        outcome = traceback.format_exc().strip().splitlines()[-1]
    seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": seconds, "peak_mb": peak_mb, "outcome": outcome}))


def measure(case: Case, folder: Path, timeout: float, memory_gb: float) -> dict[str, Any]:
    """Build the case's file (once) and run its step in a subprocess; return its figures."""
    name, step, build, suffix = case
    path = folder / f"{name}{suffix}"
    if not path.exists():
        content = build()
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    figures: dict[str, Any] = {"case": name, "step": step, "file_kb": round(path.stat().st_size / 1024, 1)}
    command = [sys.executable, __file__, "--child", step, str(path), "--memory-gb", str(memory_gb)]
    start = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        figures.update(seconds=None, peak_mb=None, outcome=f"timeout (over {timeout:g} s)")
        return figures
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if lines:
        figures.update(json.loads(lines[-1]))
    else:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        figures.update(
            seconds=time.perf_counter() - start, peak_mb=None, outcome=f"died ({done.returncode}): {tail}"
        )
    return figures


def main(argv: list[str] | None = None) -> int:
    """Run the cases, print the table, write the JSON file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", nargs="*", help="names of the cases to run (default: all)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per case (default 120)")
    parser.add_argument("--memory-gb", type=float, default=3, help="memory cap per case (default 3 GB)")
    parser.add_argument("--out", type=Path, default=RESULTS / "bench_hostile.json", help="where to write")
    parser.add_argument("--child", nargs=2, metavar=("STEP", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child[0], args.child[1], args.memory_gb)
        return 0
    chosen = [case for case in CASES if not args.cases or case[0] in args.cases]
    # A scenario that is validated is also measured loading only, so both figures show.
    chosen = [
        (name, step, build, suffix)
        for name, last, build, suffix in chosen
        for step in (("load", "validate") if last == "validate" else (last,))
    ]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for case in chosen:
            figures = measure(case, Path(folder), args.timeout, args.memory_gb)
            rows.append(figures)
            seconds = "-" if figures["seconds"] is None else f"{figures['seconds']:.2f}"
            peak = "-" if figures["peak_mb"] is None else f"{figures['peak_mb']:.0f}"
            print(
                f"{figures['case']:<28} {figures['step']:<16} {figures['file_kb']:>8} KB "
                f"{seconds:>8} s {peak:>6} MB  {figures['outcome'][:150]}",
                flush=True,
            )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    report = {"machine": platform.platform(), "python": platform.python_version(), "cases": rows}
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {os.path.relpath(args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
