"""Benchmark of the model on generated Voronoi maps (1,000 and 5,000 areas, with sea zones).

Times: generating the map, saving and loading it, building the faces, deriving adjacency and
the graphs, validating, loading and validating together (also as CPU time, which a shared
machine's other work disturbs less than the clock), and one boundary edit
(``ops.move_vertex`` on an inner node) with its local recomputation (``Topology.update``) and the
adjacency and linework check after it; then nodes dragged across the face beside them (their
borders cross a neighbour's) and back, nodes of the map's outer edge dragged out and back, and
borders deleted and islands drawn (and undone) beside a crossing, in CPU time. It prints how
many edits were local and, for any that were not, the reason ``Topology`` gave. The rows of
issue 15's table carry its goals (at 30,000 areas). A "profile" section then lists what costs
the time in those stages (cProfile: share of the stage, cumulative time, call count), which
stays readable on a loaded machine. Prints a table and writes
``tests/bench/results/bench_model.json``. It is a script, not a test:

    .venv/bin/python tests/bench/bench_model.py [--sizes 5000 20000 30000] [--edits 20] [--no-profile]
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import platform
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from profile_top import Cost, Profile, profile, report  # noqa: E402

from model import io, ops  # noqa: E402
from model.geometry import generate_test_map  # noqa: E402
from model.graph import MapGraphs  # noqa: E402
from model.scenario import Boundary  # noqa: E402
from model.topology import Topology  # noqa: E402

T = TypeVar("T")
RESULTS = ROOT / "tests" / "bench" / "results"


def timed(function: Callable[[], T]) -> tuple[T, float]:
    """Run ``function`` once; return its result and the seconds it took."""
    start = time.perf_counter()
    result = function()
    return result, time.perf_counter() - start


def cpu_timed(function: Callable[[], T]) -> tuple[T, float, float]:
    """Run ``function`` once; return its result, the seconds it took and the CPU seconds it used
    (this process's CPU time: on a shared machine it varies less than the time on the clock)."""
    start, cpu = time.perf_counter(), time.process_time()
    result = function()
    return result, time.perf_counter() - start, time.process_time() - cpu


def validator() -> Callable[..., Any] | None:
    """``model.validate.validate`` when that module exists."""
    try:
        return importlib.import_module("model.validate").validate  # type: ignore[no-any-return]
    except ImportError:
        return None


def inner_nodes(scenario: Any, topology: Topology, count: int) -> list[tuple[str, int]]:
    """Pick ``(boundary id, end index)`` of nodes well inside the map, spread over it."""
    bounds = scenario.map.bounds
    size = bounds.max_x - bounds.min_x
    picks = []
    step = max(1, len(scenario.map.boundaries) // (count * 3))
    for boundary in scenario.map.boundaries[::step]:
        x, y = boundary.points[0]
        if 0.2 * size < x < 0.8 * size and 0.2 * size < y < 0.8 * size:
            picks.append((boundary.id, 0))
        if len(picks) == count:
            break
    return picks


def bench(n_areas: int, edits: int, profiled: bool = False) -> dict[str, Any]:
    """Time every stage on one generated map; return the figures (seconds).

    With ``profiled`` the stages of the issue's table are also run under cProfile (after being
    timed, so the timings are not skewed) and their top costs kept under ``"profile"``.
    """
    figures: dict[str, Any] = {"areas": n_areas}
    profiles: dict[str, list[Cost]] = {}
    scenario, figures["generate"] = timed(lambda: generate_test_map(n_areas, seed=7))
    figures["boundaries"] = len(scenario.map.boundaries)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.mappa.json"
        _, figures["save"] = timed(lambda: io.save(scenario, path))
        figures["file_mb"] = round(path.stat().st_size / 1e6, 2)
        loaded, figures["load"], figures["load_cpu"] = cpu_timed(lambda: io.load(path))
        check = validator()
        if profiled and check is not None:
            _, profiles["load + validate"] = profile(lambda: check(io.load(path)))
    topology, figures["build_faces"] = timed(lambda: Topology.build(loaded.map))
    adjacency, figures["adjacency"] = timed(topology.adjacency)
    figures["adjacent_pairs"] = len(adjacency)
    _, figures["linework_check"] = timed(topology.linework_problems)
    graphs, figures["graphs"] = timed(lambda: MapGraphs.from_scenario(loaded, topology))
    validate = validator()
    if validate is None:
        figures["validate"] = None
        figures["note"] = "model.validate is missing: validation not timed"
    else:
        issues, figures["validate"], figures["validate_cpu"] = cpu_timed(lambda: validate(loaded))
        figures["issues"] = len(issues)
        figures["errors"] = sum(1 for i in issues if i.severity.value == "error")
        figures["validate_reusing_topology"] = timed(
            lambda: validate(loaded, topology=topology, graphs=graphs)
        )[1]
        figures["load_and_validate"] = figures["load"] + figures["validate"]
        figures["load_and_validate_cpu"] = figures["load_cpu"] + figures["validate_cpu"]
    # One boundary edit at a time: the op, then the local recomputation the editor runs.
    op_times, update_times, adjacency_times, linework_times, local = [], [], [], [], 0
    check_times: list[float] = []
    not_local: Counter[str] = Counter()
    for boundary_id, index in inner_nodes(loaded, topology, edits):
        x, y = loaded.boundary_index()[boundary_id].points[index]
        change, op_time = timed(
            lambda b=boundary_id, i=index, p=(x + 3.0, y + 2.0): ops.move_vertex(loaded, b, i, p)
        )
        _, update_time = timed(
            lambda c=change: topology.update(loaded.map, c.touched.boundaries, c.touched.areas)
        )
        _, adjacency_time = timed(topology.adjacency)
        linework_times.append(timed(topology.linework_problems)[1])
        local += topology.last_update_was_local
        if not topology.last_update_was_local:
            not_local[topology.last_full_build_reason] += 1
        op_times.append(op_time)
        update_times.append(update_time)
        adjacency_times.append(adjacency_time)
        check_times.append(adjacency_time + linework_times[-1])
    if profiled:
        profiles.update(_profile_edits(loaded, topology, inner_nodes(loaded, topology, edits)[:4]))
        figures["profile"] = profiles
    figures["edits"] = len(update_times)
    figures["edits_local"] = local
    figures["edits_not_local"] = dict(not_local)
    figures["edit_op_median"] = statistics.median(op_times)
    figures["edit_update_median"] = statistics.median(update_times)
    figures["edit_update_max"] = max(update_times)
    figures["edit_adjacency_median"] = statistics.median(adjacency_times)
    figures["edit_linework_median"] = statistics.median(linework_times)
    figures["edit_check_median"] = statistics.median(check_times)
    figures["edit_check_max"] = max(check_times)
    figures.update(_crossing_drags(loaded, topology, edits))
    figures.update(_outer_edge_drags(loaded, topology, edits))
    _, figures["fresh_build_after_edits"] = timed(lambda: Topology.build(loaded.map))
    same = topology.canonical() == Topology.build(loaded.map).canonical()
    figures["update_equals_fresh_build"] = same
    figures.update(_edits_beside_a_crossing(loaded, edits))
    return figures


def cpu_only(function: Callable[[], T]) -> tuple[T, float]:
    """Run ``function`` once; return its result and the CPU seconds this process spent on it."""
    start = time.process_time()
    result = function()
    return result, time.process_time() - start


def _cpu_update(scenario: Any, topology: Topology, change: Any, not_local: Counter[str]) -> float:
    """Update ``topology`` after ``change``; return the update's CPU seconds, counting in
    ``not_local`` why it was a full build if it was one."""
    touched = change.touched
    seconds = cpu_only(lambda: topology.update(scenario.map, touched.boundaries, touched.areas))[1]
    if not topology.last_update_was_local:
        not_local[topology.last_full_build_reason] += 1
    return seconds


def _crossing_drags(scenario: Any, topology: Topology, count: int) -> dict[str, Any]:
    """Nodes thrown across the face beside them (mirrored through its centre, so that their
    borders cross its far side), then put back: the slip of a drag that issue 15 saw cost a full
    build of the map per step. CPU times of the update (the editor runs it on its UI thread)."""
    throws, undos, local, crossed = [], [], 0, 0
    not_local: Counter[str] = Counter()
    for boundary_id, index in inner_nodes(scenario, topology, count):
        x, y = scenario.boundary_index()[boundary_id].points[index]
        faces = topology.boundary_faces(boundary_id)
        if not faces:
            continue
        centre = topology.face(faces[0]).centroid
        for target, times in (((2 * centre.x - x, 2 * centre.y - y), throws), ((x, y), undos)):
            change = ops.move_vertex(scenario, boundary_id, index, target)
            times.append(_cpu_update(scenario, topology, change, not_local))
            local += topology.last_update_was_local
            if times is throws:
                crossed += any(p.code == "BOUNDARY_CROSSING" for p in topology.linework_problems())
    return {
        "drag_edits": len(throws) + len(undos),
        "drag_edits_crossing": crossed,
        "drag_edits_local": local,
        "drag_edits_not_local": dict(not_local),
        "drag_across_cpu_median": statistics.median(throws),
        "drag_across_cpu_max": max(throws),
        "drag_back_cpu_median": statistics.median(undos),
        "drag_back_cpu_max": max(undos),
    }


def _outer_edge_drags(scenario: Any, topology: Topology, count: int) -> dict[str, Any]:
    """Nodes on the map's outer edge (boundaries with a face on one side only) dragged out and put
    back, in CPU time of the update: issue 15 saw each cost a full build of the map."""
    edge = [bid for bid in topology.boundary_ids() if len(topology.boundary_faces(bid)) == 1]
    times: list[float] = []
    local = 0
    not_local: Counter[str] = Counter()
    for boundary_id in edge[:: max(1, len(edge) // count)][:count]:
        x, y = scenario.boundary_index()[boundary_id].points[0]
        for target in ((x - 3.0, y + 2.0), (x, y)):
            change = ops.move_vertex(scenario, boundary_id, 0, target)
            times.append(_cpu_update(scenario, topology, change, not_local))
            local += topology.last_update_was_local
    return {
        "edge_edits": len(times),
        "edge_edits_local": local,
        "edge_edits_not_local": dict(not_local),
        "edge_drag_cpu_median": statistics.median(times),
        "edge_drag_cpu_max": max(times),
    }


def _boundary_edits_beside_a_crossing(scenario: Any, topology: Topology) -> dict[str, Any]:
    """Boundaries deleted and put back (undo), and an island drawn and deleted, in faces that a
    crossing boundary runs through: CPU time of each update, and why any was not local."""
    crossing = scenario.boundary_index()["bench-crossing"]
    (ax, ay), (bx, by) = crossing.points[0], crossing.points[-1]
    times: list[float] = []
    local = 0
    not_local: Counter[str] = Counter()

    def update(change: Any) -> None:
        nonlocal local
        times.append(_cpu_update(scenario, topology, change, not_local))
        local += topology.last_update_was_local

    for share in (0.3, 0.5, 0.7):
        x, y = ax + share * (bx - ax), ay + share * (by - ay)
        face = topology.face_at(x + 40.0, y - 40.0)
        if face is None:
            continue
        others = [b for b in topology.face_boundaries(face) if b != "bench-crossing"]
        change = ops.delete_boundary(scenario, others[0])
        update(change)
        update(change.revert(scenario))
        island = [(x + 30.0, y - 50.0), (x + 50.0, y - 50.0), (x + 50.0, y - 30.0), (x + 30.0, y - 50.0)]
        drawn = ops.add_boundary(scenario, island)
        update(drawn)
        update(drawn.revert(scenario))
    return {
        "broken_edits": len(times),
        "broken_edits_local": local,
        "broken_edits_not_local": dict(not_local),
        "broken_edit_cpu_median": statistics.median(times) if times else None,
        "broken_edit_cpu_max": max(times) if times else None,
    }


def _edits_beside_a_crossing(scenario: Any, edits: int) -> dict[str, Any]:
    """Edits in the middle of a map with one crossing boundary near a corner.

    A big map more often has a broken line somewhere; issue 15 saw every edit of a 20,000-area
    map become a full build, slower than a rebuild. Edits away from the crossing stay local.
    """
    size = scenario.map.bounds.max_x - scenario.map.bounds.min_x
    a, b = (0.05 * size, 0.05 * size + 3.0), (0.15 * size, 0.15 * size - 3.0)
    scenario.map.boundaries.append(Boundary(id="bench-crossing", points=[a, b]))
    topology = Topology.build(scenario.map)
    topology.prepare_for_edits()
    crossings = sum(p.code == "BOUNDARY_CROSSING" for p in topology.linework_problems())
    times, local = [], 0
    for boundary_id, index in inner_nodes(scenario, topology, edits)[:4]:
        x, y = scenario.boundary_index()[boundary_id].points[index]
        change = ops.move_vertex(scenario, boundary_id, index, (x + 2.0, y - 1.0))
        times.append(
            timed(lambda c=change: topology.update(scenario.map, c.touched.boundaries, c.touched.areas))[1]
        )
        local += topology.last_update_was_local
    same = topology.canonical() == Topology.build(scenario.map).canonical()
    broken = _boundary_edits_beside_a_crossing(scenario, topology)
    same = same and topology.canonical() == Topology.build(scenario.map).canonical()
    return {
        **broken,
        "crossing_edit_update_median": statistics.median(times),
        "crossing_edits": len(times),
        "crossings": crossings,
        "crossing_edits_local": local,
        "crossing_update_equals_fresh_build": same,
    }


def _profile_edits(scenario: Any, topology: Topology, picks: list[tuple[str, int]]) -> dict[str, list[Cost]]:
    """Move each picked node a little under the profiler: the update, then the checks after it."""
    update, check = Profile(), Profile()
    for boundary_id, index in picks:
        x, y = scenario.boundary_index()[boundary_id].points[index]
        change = ops.move_vertex(scenario, boundary_id, index, (x - 1.0, y + 1.0))
        update.run(lambda c=change: topology.update(scenario.map, c.touched.boundaries, c.touched.areas))
        check.run(lambda: (topology.adjacency(), topology.linework_problems()))
    return {
        "edit: Topology.update": update.top(),
        "edit: adjacency + linework check after the update": check.top(),
    }


def best_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Merge repeated runs: the smallest time of each stage (the machine is shared, so noise only
    ever adds time), the other figures from the first run."""
    merged = dict(runs[0])
    for key, _ in ROWS:
        values = [run[key] for run in runs if isinstance(run.get(key), float)]
        if values:
            merged[key] = min(values)
    merged["runs"] = len(runs)
    merged["update_equals_fresh_build"] = all(run["update_equals_fresh_build"] for run in runs)
    merged["edits_local"] = min(run["edits_local"] for run in runs)
    merged["crossing_edits_local"] = min(run["crossing_edits_local"] for run in runs)
    merged["drag_edits_local"] = min(run["drag_edits_local"] for run in runs)
    merged["edge_edits_local"] = min(run["edge_edits_local"] for run in runs)
    merged["broken_edits_local"] = min(run["broken_edits_local"] for run in runs)
    merged["crossing_update_equals_fresh_build"] = all(
        run["crossing_update_equals_fresh_build"] for run in runs
    )
    return merged


ROWS = [
    ("generate", "generate the map"),
    ("save", "save (canonical JSON, atomic)"),
    ("load", "load (parse + validate schema)"),
    ("build_faces", "build faces (polygonize, anchors)"),
    ("adjacency", "derive adjacency"),
    ("linework_check", "check linework"),
    ("graphs", "build graphs"),
    ("validate", "validate (builds its own topology)"),
    ("validate_reusing_topology", "validate (topology given)"),
    ("load_and_validate", "load + validate"),
    ("load_cpu", "load, CPU time"),
    ("validate_cpu", "validate (builds its own topology), CPU time"),
    ("load_and_validate_cpu", "load + validate, CPU time"),
    ("edit_op_median", "edit: ops.move_vertex (median)"),
    ("edit_update_median", "edit: Topology.update (median)"),
    ("edit_update_max", "edit: Topology.update (max)"),
    ("edit_adjacency_median", "edit: adjacency after update (median)"),
    ("edit_linework_median", "edit: linework check after update (median)"),
    ("edit_check_median", "edit: adjacency + linework check (median)"),
    ("edit_check_max", "edit: adjacency + linework check (max)"),
    ("fresh_build_after_edits", "full rebuild, for comparison"),
    ("crossing_edit_update_median", "edit beside a crossing elsewhere: update (median)"),
    ("drag_across_cpu_median", "drag a node across a face: update, CPU (median)"),
    ("drag_across_cpu_max", "drag a node across a face: update, CPU (max)"),
    ("drag_back_cpu_median", "drag it back (undo the crossing): CPU (median)"),
    ("drag_back_cpu_max", "drag it back (undo the crossing): CPU (max)"),
    ("edge_drag_cpu_median", "outer-edge node dragged out and back: CPU (median)"),
    ("edge_drag_cpu_max", "outer-edge node dragged out and back: CPU (max)"),
    ("broken_edit_cpu_median", "border/island edit beside a crossing: CPU (median)"),
    ("broken_edit_cpu_max", "border/island edit beside a crossing: CPU (max)"),
]

GOALS = {
    "load_and_validate": "< 2 s at 30,000",
    "load_and_validate_cpu": "< 2 s at 30,000",
    "edit_update_median": "< 30 ms, always local",
    "edit_update_max": "< 30 ms, always local",
    "edit_check_median": "< 30 ms",
    "edit_check_max": "< 30 ms",
    "crossing_edit_update_median": "< 30 ms, always local",
    "drag_across_cpu_max": "< 30 ms, local",
    "drag_back_cpu_max": "< 30 ms, local",
    "edge_drag_cpu_max": "< 30 ms, local",
    "broken_edit_cpu_max": "< 30 ms, local",
}
"""The goals of the rows that are in issue 15's table (the model's part of it)."""


def table(results: list[dict[str, Any]]) -> str:
    """The figures as a text table, one column per map size, the goal (where there is one) last."""
    header = f"{'stage':48}" + "".join(f"{r['areas']:>12,} areas" for r in results) + "   goal"
    lines = [header, "-" * len(header)]
    for key, label in ROWS:
        cells = []
        for r in results:
            value = r.get(key)
            cells.append(f"{'-':>18}" if value is None else f"{value * 1000:>15.1f} ms")
        goal = f"   {GOALS[key]}" if key in GOALS else ""
        lines.append(f"{label:48}" + "".join(cells) + goal)
    for r in results:
        lines.append(
            f"{r['areas']:,} areas: {r['boundaries']:,} boundaries, {r['adjacent_pairs']:,} adjacent pairs, "
            f"file {r['file_mb']} MB, {r.get('issues', '?')} issues ({r.get('errors', '?')} errors), "
            f"{r['edits_local']}/{r['edits']} edits local, "
            f"update equals fresh build: {r['update_equals_fresh_build']}; "
            f"beside a crossing ({r['crossings']} crossings reported): "
            f"{r['crossing_edits_local']}/{r['crossing_edits']} edits local, "
            f"update equals fresh build: {r['crossing_update_equals_fresh_build']}"
        )
        lines.append(
            f"  drags across a face and back: {r['drag_edits_local']}/{r['drag_edits']} local "
            f"({r['drag_edits_crossing']} drags made a crossing)"
        )
        lines.append(
            f"  outer-edge drags: {r['edge_edits_local']}/{r['edge_edits']} local; border and island "
            f"edits beside a crossing: {r['broken_edits_local']}/{r['broken_edits']} local"
        )
        for label, reasons in (
            ("edits", r["edits_not_local"]),
            ("drags", r["drag_edits_not_local"]),
            ("outer-edge drags", r["edge_edits_not_local"]),
            ("edits beside a crossing", r["broken_edits_not_local"]),
        ):
            for reason, times in sorted(reasons.items(), key=lambda item: -item[1]):
                lines.append(f"  {label} not local ({times}x): {reason}")
        if r.get("note"):
            lines.append(f"  note: {r['note']}")
    for r in results:
        if r.get("profile"):
            lines.append("")
            lines.append(f"profile, {r['areas']:,} areas (share of the stage, cumulative time, calls):")
            for title, costs in r["profile"].items():
                lines.extend(report(title, costs))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and write the JSON results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3, help="runs per size; each figure is the best run's")
    parser.add_argument(
        "--no-profile", action="store_true", help="leave out the profile of the issue's stages (top costs)"
    )
    args = parser.parse_args(argv)
    results = [
        best_of([bench(n, args.edits, profiled=not args.no_profile and k == 0) for k in range(args.repeat)])
        for n in args.sizes
    ]
    print(table(results))
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "bench_model.json"
    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "when": time.strftime("%Y-%m-%d"),
    }
    out.write_text(
        json.dumps({"meta": meta, "results": results}, indent=2, default=dataclasses.asdict) + "\n",
        encoding="utf-8",
    )
    print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
