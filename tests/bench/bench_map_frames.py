"""Benchmark of drawing the map view on generated maps (issue 15: drawing scales with what is on
screen), in wall time and in this process's CPU time.

The CPU time is what the process itself spent, so it stays meaningful on a machine that other
work shares (wall times there can be many times longer). Frames are painted as the screen paints
them (the viewport's paint event, ``bench_editor.render_view``). Stages, on one map per size:

* ``scene``: the map scene built (every item, cells and border batches);
* ``first frame``: the first paint at full view (every item: no picture yet);
* ``full view``: frames at full view with the overview picture (median);
* ``picture``: rendering the overview picture (after a new map mode, once the author pauses);
* ``edit / frame after it, full view``: one vertex move through the undo stack (topology update
  and the scene's redraw of the touched items and of their part of the picture), then a frame;
* ``zoomed 2x`` and ``zoomed 8x``: the first frame at that zoom (names placed for it) and the
  median of the next ones; at 2x once the close-up picture is made (the author paused);
* ``next zoom step``: the first frame one wheel notch further in;
* ``edit / frame after it, zoomed in``: as above at 8x.

Prints a table and writes ``tests/bench/results/bench_map_frames.json``. A script, not a test:

    .venv/bin/python tests/bench/bench_map_frames.py [--areas 5000 20000 30000] [--frames 7]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_editor import HEIGHT, WIDTH, inner_node, render_view  # noqa: E402
from PySide6.QtCore import QPointF  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from editor import commands  # noqa: E402
from editor.document import ScenarioDocument  # noqa: E402
from editor.mapview.scene import MapScene  # noqa: E402
from editor.mapview.view import MapView  # noqa: E402
from model import ops  # noqa: E402
from model.geometry import generate_test_map  # noqa: E402

RESULTS = ROOT / "tests" / "bench" / "results"
WHEEL_STEP = 1.25

Timing = tuple[float, float]
"""Wall and CPU milliseconds."""


def timed(work: Callable[[], object]) -> Timing:
    """Run ``work`` once; return its wall and CPU milliseconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def median(work: Callable[[], object], runs: int) -> Timing:
    """The medians of ``runs`` timings of ``work``."""
    timings = [timed(work) for _ in range(runs)]
    return statistics.median(t[0] for t in timings), statistics.median(t[1] for t in timings)


def run(areas: int, frames: int) -> dict[str, Any]:
    """Time every stage on one generated map."""
    document = ScenarioDocument(generate_test_map(areas, seed=7))
    assert document.topology is not None  # the faces are built before the scene is timed
    result: dict[str, Any] = {"areas": areas}
    built: list[MapScene] = []
    result["scene"] = timed(lambda: built.append(MapScene(document)))
    view = MapView(built[0])
    view.resize(WIDTH, HEIGHT)
    view.show()
    view.fit_map()

    def frame() -> None:
        render_view(view)

    boundary_id, index, node = inner_node(document)
    moves = iter(range(1, 1000))

    def edit() -> None:
        step = next(moves)
        target = (node[0] + 1.5 * step, node[1] + 0.5 * step)
        commands.execute(document, lambda s: ops.move_vertex(s, boundary_id, index, target), "Move vertex")

    centre = QPointF(WIDTH / 2, HEIGHT / 2)
    result["first frame"] = timed(frame)
    result["picture"] = timed(view.overview.refresh)
    result["full view"] = median(frame, frames)
    result["edit, full view"] = timed(edit)
    result["frame after it, full view"] = timed(frame)
    view.zoom_by(2.0, centre)
    view.overview.refresh()  # the author paused: the close-up picture is made
    result["zoomed 2x, first"] = timed(frame)
    result["zoomed 2x"] = median(frame, frames)
    view.zoom_by(4.0, centre)
    result["zoomed 8x, first"] = timed(frame)
    result["zoomed 8x"] = median(frame, frames)
    view.zoom_by(WHEEL_STEP, centre)
    result["next zoom step, first"] = timed(frame)
    view.centerOn(QPointF(*node))
    frame()
    result["edit, zoomed in"] = timed(edit)
    result["frame after it, zoomed in"] = timed(frame)
    return result


def table(results: list[dict[str, Any]]) -> str:
    """The figures of every size side by side, wall / CPU milliseconds."""
    stages = [key for key in results[0] if key != "areas"]
    head = f"{'map view, ms (wall / CPU)':32}" + "".join(f"{r['areas']:>18,} areas" for r in results)
    lines = [head]
    for stage in stages:
        cells = "".join(f"{r[stage][0]:>14.1f} / {r[stage][1]:<8.1f}" for r in results)
        lines.append(f"{stage:32}{cells}")
    return "\n".join(lines)


def main() -> int:
    """Run the benchmark, print the table and write the JSON results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--areas", type=int, nargs="+", default=[5000])
    parser.add_argument("--frames", type=int, default=7)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    results = [run(areas, args.frames) for areas in args.areas]
    print(table(results))
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "bench_map_frames.json"
    out.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
