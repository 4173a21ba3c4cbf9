"""Benchmark of the editor on a generated map (issue 3: 5,000 areas stay usable).

Stages, each timed on the real editor objects (offscreen Qt, no window manager):

* ``open``: the document (faces built) and the map scene (every item built, then polished and
  indexed by Qt on the event loop's first turns, before anything can be drawn);
* ``first paint``: the above plus the first render of the view to an offscreen image;
* ``frame, full view``: one render of the whole map in the view (median of several): what a pan
  or zoom at full view costs (goal: 16 ms), with the overview picture (``editor.mapview.overview``)
  and, for comparison, with every item painted; and the time to render that picture;
* ``frame, zoomed in``: the same at 8x zoom;
* frames are painted as the screen paints them (the viewport's paint event); the rows marked
  ``render()`` time ``QGraphicsView.render``, the exports' path, which Qt does not cull;
* ``bare QPainter loop``: the same area and border paths filled and stroked by a plain QPainter
  loop onto an image of the viewport's size (the physical floor of drawing them with Qt), and the
  full-view frame's ratio to it; measured last, after the editor's peak memory is taken (Qt keeps
  a converted copy of each path it draws, hundreds of megabytes the editor itself never makes);
* memory: the editor process's peak resident (its own work), and the validation helper process's
  (a big map is validated there, ``editor.validation_process``);
* ``vertex drag step``: one ``move_vertex`` edit of a shared node through the undo stack, with the
  topology update and the scene's redraw of touched items (median over the steps of a drag);
* ``validate``: the full validation that runs (debounced) when the author pauses;
* ``UI gap during live validation``: the longest stretch the UI thread goes without running its
  event loop (ticks every millisecond) while the live validator (``editor.validation``) checks the
  map in its worker and the Issues dock takes the result: after opening (the worker builds its
  faces), and over several runs after drags (it updates them; goal: 50 ms), beside the gap of an
  idle event loop (what the machine itself adds). Under the table, what took the time
  (``ui_gaps``): the busiest turn of the UI thread by its own CPU time (with ``--profile``, its
  cProfile), and the stretches in which another thread held the GIL, with where each thread was.

Prints a table and writes ``tests/bench/results/bench_editor.json``. It is a script, not a test:

    .venv/bin/python tests/bench/bench_editor.py [--areas 5000] [--frames 10] [--drag-steps 20]
        [--validations 5]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from editor import commands  # noqa: E402
from editor.docks.issues import IssuesDock  # noqa: E402
from editor.document import ScenarioDocument  # noqa: E402
from editor.mapview.scene import MapScene  # noqa: E402
from editor.mapview.view import MapView  # noqa: E402
from editor.validation import LiveValidator  # noqa: E402
from model import ops  # noqa: E402
from model.geometry import generate_test_map  # noqa: E402
from model.validate import validate  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ui_gaps import GilWatch, TurnLog, describe, os_wait_ms, profiled_turn  # noqa: E402

RESULTS = ROOT / "tests" / "bench" / "results"
WIDTH, HEIGHT = 1600, 1000


def render_view(view: MapView) -> float:
    """Paint the view's viewport as the screen does (its paint event, the whole viewport exposed)
    into an offscreen image; return the seconds it took.

    Not ``QGraphicsView.render``: that path (exports use it) hands Qt no exposed region, so Qt
    culls nothing and paints every item of the map clipped to the image; the screen never does.
    """
    viewport = view.viewport()
    image = QImage(viewport.size(), QImage.Format.Format_ARGB32_Premultiplied)
    start = time.perf_counter()
    viewport.render(image)
    return time.perf_counter() - start


def render_view_unculled(view: MapView) -> float:
    """``QGraphicsView.render`` of what the view shows into an image (the exports' path, which
    Qt does not cull); return the seconds it took."""
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    start = time.perf_counter()
    painter = QPainter(image)
    view.render(painter)
    painter.end()
    return time.perf_counter() - start


def bare_paths_frame(view: MapView, frames: int) -> tuple[float, int]:
    """The physical floor of drawing the map with Qt: a plain QPainter loop that fills every area's
    path and strokes every border's path with the scene's own brushes and pens, at the view's
    transform, with antialiasing, onto an image the viewport's size; return the median
    milliseconds and the paths drawn. No graphics-view machinery: what any Qt drawing of these
    paths must at least cost."""
    scene = view.map_scene
    # The areas' fill records: what the frame draws (their items are made only on demand).
    fills = [(fill.path, fill.brush) for fill in scene.fills.values() if not fill.path.isEmpty()]
    strokes = [(item.path(), item.batch_pen()) for item in scene.boundaries.values()]
    transform = view.viewportTransform()
    size = view.viewport().size()
    times = []
    for _ in range(frames):
        image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
        start = time.perf_counter()
        painter = QPainter(image)
        painter.fillRect(image.rect(), scene.backgroundBrush())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setTransform(transform)
        painter.setPen(Qt.PenStyle.NoPen)
        for path, brush in fills:
            painter.setBrush(brush)
            painter.drawPath(path)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for path, pen in strokes:
            painter.setPen(pen)
            painter.drawPath(path)
        painter.end()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), len(fills) + len(strokes)


def longest_ui_gap(
    validator: LiveValidator, dock: IssuesDock, profile: bool = False
) -> tuple[float, float, TurnLog, GilWatch]:
    """Start a live validation run and tick the event loop every millisecond until its result is
    published and shown in the Issues dock; return the longest gap between two ticks and the run's
    length, in ms, with the log of the turns (the busiest one profiled when ``profile``) and the
    watchdog's stalls.

    A gap is time the UI could not react: the snapshot and the publishing on this thread, and any
    stretch in which the worker holds the GIL (a long C call that keeps it, a garbage collection).
    """
    app = QApplication.instance()
    assert app is not None
    published: list[object] = []
    validator.issues_changed.connect(published.append)
    log = TurnLog()
    with GilWatch() as watch:
        began = last = time.perf_counter()
        validator.start()
        # The dock may still be sorting a big result in its own worker (``arranging``).
        waited = os_wait_ms()
        while not published or validator.running or getattr(dock.model, "arranging", False):
            turn = profiled_turn(app.processEvents, profile)
            time.sleep(0.001)
            now, waiting = time.perf_counter(), os_wait_ms()
            log.record((now - last) * 1000, turn, waiting - waited)
            last, waited = now, waiting
    validator.issues_changed.disconnect(published.append)
    return log.longest_gap_ms, (time.perf_counter() - began) * 1000, log, watch


def settle(view: MapView) -> None:
    """Run the event loop until the view's deferred work after an edit has run."""
    app = QApplication.instance()
    assert app is not None
    while view.overview.timer.isActive():
        app.processEvents()
        time.sleep(0.005)
    app.processEvents()


def idle_gap(duration_ms: float) -> float:
    """The longest gap between millisecond ticks of an idle event loop: the machine's noise floor."""
    app = QApplication.instance()
    assert app is not None
    end = time.perf_counter() + duration_ms / 1000
    last = time.perf_counter()
    longest = 0.0
    while last < end:
        app.processEvents()
        time.sleep(0.001)
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    return longest * 1000


def inner_node(document: ScenarioDocument) -> tuple[str, int, tuple[float, float]]:
    """A node shared by three boundaries near the middle of the map (a typical drag target)."""
    scenario = document.scenario
    bounds = scenario.map.bounds
    assert bounds is not None
    cx, cy = (bounds.min_x + bounds.max_x) / 2, (bounds.min_y + bounds.max_y) / 2
    ends = Counter(p for b in scenario.map.boundaries for p in (b.points[0], b.points[-1]))
    node = min((p for p, n in ends.items() if n >= 3), key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
    boundary = next(b for b in scenario.map.boundaries if b.points[0] == node)
    return boundary.id, 0, node


def run(areas: int, frames: int, drag_steps: int, validations: int, profile: bool = False) -> dict[str, Any]:
    """Time every stage on one generated map."""
    scenario = generate_test_map(areas, seed=7)
    result: dict[str, Any] = {"areas": len(scenario.map.areas), "boundaries": len(scenario.map.boundaries)}

    start, start_cpu = time.perf_counter(), time.process_time()
    document = ScenarioDocument(scenario)
    scene = MapScene(document)
    built = time.perf_counter()
    # Qt finishes the scene on the event loop's next turns (it polishes the new items, then indexes
    # them for hit tests and drawing): part of the open, done before the first frame can be drawn.
    app = QApplication.instance()
    assert app is not None
    for _ in range(3):
        app.processEvents()
    result["open_s"] = time.perf_counter() - start
    # This process's CPU time too: on a machine other work shares, the wall time can be several
    # times longer and says little about the editor.
    result["open_cpu_s"] = time.process_time() - start_cpu
    result["open_deferred_ms"] = (time.perf_counter() - built) * 1000
    start = time.perf_counter()
    validator = LiveValidator(document)  # on a big map it collects and freezes the heap once
    result["validator_setup_ms"] = (time.perf_counter() - start) * 1000
    dock = IssuesDock()
    validator.issues_changed.connect(dock.set_issues)
    validator.issues_changed.connect(scene.set_issues)
    gap, length, log, watch = longest_ui_gap(validator, dock, profile)
    result["ui_gap_validation_open_ms"], result["live_validation_open_ms"] = gap, length
    result["ui_busiest_turn_open_cpu_ms"] = log.busiest.cpu_ms if log.busiest else 0.0
    result["gil_hold_open_ms"] = watch.longest_hold_ms
    result["gil_wait_open_ms"] = watch.longest_gil_wait_ms
    result["ui_own_gap_open_ms"] = log.longest_own_gap_ms
    where = describe("live validation after opening", log, watch)
    view = MapView(scene)
    view.resize(WIDTH, HEIGHT)
    view.show()
    view.fit_map()
    frame_cpu = time.process_time()
    result["first_paint_s"] = result["open_s"] + render_view(view)
    result["first_paint_cpu_s"] = result["open_cpu_s"] + time.process_time() - frame_cpu
    result["frame_full_view_detailed_ms"] = statistics.median(render_view(view) * 1000 for _ in range(frames))
    start = time.perf_counter()
    view.overview.refresh()  # what the editor does once the author pauses
    result["overview_refresh_ms"] = (time.perf_counter() - start) * 1000
    assert view.overview.active

    result["frame_full_view_ms"] = statistics.median(render_view(view) * 1000 for _ in range(frames))
    result["frame_full_view_render_ms"] = statistics.median(
        render_view_unculled(view) * 1000 for _ in range(frames)
    )
    view.zoom_by(8.0, QPointF(WIDTH / 2, HEIGHT / 2))
    result["frame_zoomed_first_ms"] = render_view(view) * 1000  # this zoom's names placed first
    result["frame_zoomed_ms"] = statistics.median(render_view(view) * 1000 for _ in range(frames))
    result["frame_zoomed_render_ms"] = statistics.median(
        render_view_unculled(view) * 1000 for _ in range(frames)
    )

    boundary_id, index, node = inner_node(document)
    view.fit_rect(QRectF(node[0] - 300, node[1] - 300, 600, 600))
    steps = []
    for step in range(1, drag_steps + 1):
        target = (node[0] + step * 1.5, node[1] + step * 0.5)
        start = time.perf_counter()
        commands.execute(
            document,
            lambda s, p=target: ops.move_vertex(s, boundary_id, index, p),
            "Move vertex",
            merge_key=("bench", boundary_id, index),
        )
        steps.append(time.perf_counter() - start)
    result["drag_step_ms"] = statistics.median(steps) * 1000
    result["drag_step_max_ms"] = max(steps) * 1000
    result["drag_step_first_ms"] = steps[0] * 1000
    result["drag_step_max_later_ms"] = max(steps[1:], default=0.0) * 1000
    result["drag_undo_steps"] = document.undo_stack.count()
    result["frame_after_drag_ms"] = render_view(view) * 1000
    assert validator.timer.isActive()  # the drag scheduled a run: start it now rather than wait...
    validator.timer.stop()
    settle(view)  # ...once the view's own follow-up work (the overview picture) is done
    result["ui_gap_idle_ms"] = idle_gap(500)
    gaps: list[float] = []
    runs: list[float] = []
    busiest: list[float] = []
    holds: list[float] = []
    gil_waits: list[float] = []
    own_gaps: list[float] = []
    worst: list[str] = []
    for cycle in range(validations):
        if cycle:  # the author drags on a little, then pauses again
            target = (node[0] + (drag_steps + cycle) * 1.5, node[1] + (drag_steps + cycle) * 0.5)
            commands.execute(
                document,
                lambda s, p=target: ops.move_vertex(s, boundary_id, index, p),
                "Move vertex",
                merge_key=("bench", boundary_id, index),
            )
            validator.timer.stop()
            settle(view)
        gap, length, log, watch = longest_ui_gap(validator, dock, profile)
        busiest.append(log.busiest.cpu_ms if log.busiest else 0.0)
        holds.append(watch.longest_hold_ms)
        gil_waits.append(watch.longest_gil_wait_ms)
        own_gaps.append(log.longest_own_gap_ms)
        if gap >= max(gaps, default=0.0):
            worst = describe(f"live validation after a drag (run {cycle + 1})", log, watch)
        gaps.append(gap)
        runs.append(length)
    result["ui_gap_validation_ms"] = max(gaps)
    result["ui_gap_validation_median_ms"] = statistics.median(gaps)
    result["live_validation_ms"] = statistics.median(runs)
    result["live_validations"] = validations
    result["ui_busiest_turn_drag_cpu_ms"] = max(busiest)
    result["gil_hold_drag_ms"] = max(holds)
    result["gil_wait_drag_ms"] = max(gil_waits)
    result["ui_own_gap_drag_ms"] = max(own_gaps)
    result["where"] = [*where, *worst]

    # A big map's live validation runs in a helper process (``editor.validation_process``): its
    # memory is the editor's too, though not in the editor process's own peak.
    helper = getattr(validator, "_helper", None)
    process = getattr(helper, "process", None)
    result["validation_helper_max_rss_mb"] = peak_resident_mb(process.pid) if process is not None else 0.0
    # The editor process's peak before the in-process validation below (File > Validate's path).
    result["max_rss_live_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    start = time.perf_counter()
    issues = validate(document.scenario, topology=document.topology)
    result["validate_s"] = time.perf_counter() - start
    result["issues"] = len(issues)
    # The editor's own work ends here: its peak memory. The bare QPainter loop comes last because
    # Qt keeps a converted copy of every path it draws (inside the path, shared with the items'),
    # 400 MB at 30,000 areas that the editor, which paints the overview picture at full view,
    # never makes; the peak with it is printed too.
    result["max_rss_editor_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    view.fit_map()  # the full view, as for the full-view frames it is compared with
    result["bare_paths_ms"], result["bare_paths"] = bare_paths_frame(view, max(3, frames // 3))
    result["frame_to_bare_ratio"] = result["frame_full_view_ms"] / max(result["bare_paths_ms"], 1e-9)
    return result


def peak_resident_mb(pid: int) -> float:
    """The peak resident memory of a process of this machine (Linux ``VmHWM``), 0 where unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0.0


def table(result: dict[str, Any]) -> str:
    """Format the figures for a terminal."""
    rows = [
        ("areas / boundaries", f"{result['areas']:,} / {result['boundaries']:,}"),
        (
            "open (faces + scene items)",
            f"{result['open_s']:.2f} s (of which Qt's polish and index of the items:"
            f" {result['open_deferred_ms']:.0f} ms)",
        ),
        (
            "first paint (open + first frame)",
            f"{result['first_paint_s']:.2f} s, CPU {result['first_paint_cpu_s']:.2f} s   (goal < 2 s)",
        ),
        ("frame, full view, all items (median)", f"{result['frame_full_view_detailed_ms']:.1f} ms"),
        ("overview picture refresh", f"{result['overview_refresh_ms']:.1f} ms"),
        ("frame, full view (median)", f"{result['frame_full_view_ms']:.1f} ms   (goal < 16 ms)"),
        (
            "bare QPainter loop, same paths",
            f"{result['bare_paths_ms']:.1f} ms ({result['bare_paths']:,} paths; full-view frame / this:"
            f" {result['frame_to_bare_ratio']:.2f})",
        ),
        (
            "frame, full view, render() (exports)",
            f"{result['frame_full_view_render_ms']:.1f} ms (not culled)",
        ),
        ("frame, zoomed in 8x (median)", f"{result['frame_zoomed_ms']:.1f} ms"),
        (
            "frame, zoomed in 8x, first",
            f"{result['frame_zoomed_first_ms']:.1f} ms (names placed for the zoom)",
        ),
        ("frame, zoomed in 8x, render()", f"{result['frame_zoomed_render_ms']:.1f} ms (not culled)"),
        (
            "vertex drag step (median / max)",
            f"{result['drag_step_ms']:.1f} / {result['drag_step_max_ms']:.1f} ms "
            f"(first {result['drag_step_first_ms']:.1f}, later max {result['drag_step_max_later_ms']:.1f})",
        ),
        ("undo steps after the drag", str(result["drag_undo_steps"])),
        ("frame after the drag", f"{result['frame_after_drag_ms']:.1f} ms"),
        ("full validation (debounced)", f"{result['validate_s']:.2f} s ({result['issues']} issues)"),
        ("live validator set-up (heap settled)", f"{result['validator_setup_ms']:.0f} ms, part of an open"),
        (
            "live validation after open: UI gap",
            f"{result['ui_gap_validation_open_ms']:.0f} ms longest"
            f" (run {result['live_validation_open_ms']:.0f} ms)",
        ),
        (
            f"live validation after drags ({result['live_validations']}): UI gap",
            f"{result['ui_gap_validation_ms']:.0f} ms longest, {result['ui_gap_validation_median_ms']:.0f} ms"
            f" median (run {result['live_validation_ms']:.0f} ms)   (goal < 50 ms)",
        ),
        (
            "busiest UI-thread turn (its CPU time)",
            f"{result['ui_busiest_turn_open_cpu_ms']:.0f} ms after opening,"
            f" {result['ui_busiest_turn_drag_cpu_ms']:.0f} ms after drags   (goal < 50 ms)",
        ),
        (
            "longest UI gap less its waits for a CPU",
            f"{result['ui_own_gap_open_ms']:.0f} ms after opening,"
            f" {result['ui_own_gap_drag_ms']:.0f} ms after drags   (goal < 50 ms)",
        ),
        (
            "longest wait for the GIL (no CPU waits)",
            f"{result['gil_wait_open_ms']:.0f} ms after opening,"
            f" {result['gil_wait_drag_ms']:.0f} ms after drags   (goal < 50 ms)",
        ),
        (
            "longest GIL hold by another thread (CPU)",
            f"{result['gil_hold_open_ms']:.0f} ms after opening,"
            f" {result['gil_hold_drag_ms']:.0f} ms after drags   (goal < 50 ms)",
        ),
        ("idle UI gap (this machine's noise)", f"{result['ui_gap_idle_ms']:.0f} ms longest in 0.5 s"),
    ]
    return "\n".join(f"{name:36} {value}" for name, value in rows)


ISSUE_15_ROWS = [
    ("editor first paint", "first_paint_s", 1000.0, "< 2 s"),
    ("editor first paint, this process's CPU time", "first_paint_cpu_s", 1000.0, "< 2 s"),
    ("frame at full view", "frame_full_view_ms", 1.0, "< 16 ms"),
    ("frame zoomed in 8x", "frame_zoomed_ms", 1.0, "< 16 ms"),
    ("vertex drag step (median)", "drag_step_ms", 1.0, "< 30 ms"),
    ("vertex drag step (max)", "drag_step_max_ms", 1.0, "< 30 ms"),
    ("longest UI freeze, live validation after opening", "ui_gap_validation_open_ms", 1.0, "< 50 ms"),
    ("longest UI freeze, live validation after a drag", "ui_gap_validation_ms", 1.0, "< 50 ms"),
]
"""The editor's rows of issue 15's table: label, result key, factor to milliseconds, goal."""


def issue_table(result: dict[str, Any]) -> str:
    """The rows of issue 15's table that this benchmark measures, each with its goal beside it."""
    lines = [f"issue 15, {result['areas']:,} areas (goals at 30,000):"]
    for label, key, factor, goal in ISSUE_15_ROWS:
        lines.append(f"  {label:52} {result[key] * factor:9.1f} ms   goal {goal}")
    ratio = "full-view frame / bare QPainter loop of the same paths"
    lines.append(
        f"  {ratio:52} {result['frame_to_bare_ratio']:9.2f}      (floor {result['bare_paths_ms']:.1f} ms)"
    )
    memory = "editor process memory (peak resident)"
    lines.append(f"  {memory:52} {result['max_rss_editor_mb']:9.0f} MB   goal < 1,500 MB")
    live = "  the same before the in-process validate (File > Validate)"
    lines.append(f"  {live:52} {result['max_rss_live_mb']:9.0f} MB")
    bare = "  the same after the bench's bare QPainter loop"
    lines.append(f"  {bare:52} {result['max_rss_mb']:9.0f} MB")
    helper = "validation helper process (peak resident)"
    lines.append(f"  {helper:52} {result['validation_helper_max_rss_mb']:9.0f} MB   (not in the rows above)")
    return "\n".join(lines)


def main() -> int:
    """Run the benchmark, print the table and write the JSON results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--areas", type=int, default=5000)
    parser.add_argument("--frames", type=int, default=10)
    parser.add_argument("--drag-steps", type=int, default=20)
    parser.add_argument("--validations", type=int, default=5, help="live validation runs after drags")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="profile every event-loop turn during live validation (slower) and print the busiest",
    )
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    result = run(args.areas, args.frames, args.drag_steps, args.validations, args.profile)
    result["machine"] = {"python": platform.python_version(), "platform": platform.platform()}
    # ru_maxrss is in kilobytes on Linux: the peak of the whole run, the map open throughout.
    result["max_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(table(result))
    print(issue_table(result))
    print("where the UI thread's time went during live validation:")
    print("\n".join(result["where"]))
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "bench_editor.json"
    out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
