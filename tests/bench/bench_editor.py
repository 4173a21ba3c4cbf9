"""Benchmark of the editor on a generated map (issue 3: 5,000 areas stay usable).

Stages, each timed on the real editor objects (offscreen Qt, no window manager):

* ``open``: the document (faces built) and the map scene (every item built);
* ``first paint``: the above plus the first render of the view to an offscreen image;
* ``frame, full view``: one render of the whole map in the view (median of several): what a pan
  or zoom at full view costs (goal: 16 ms), with the overview picture (``editor.mapview.overview``)
  and, for comparison, with every item painted; and the time to render that picture;
* ``frame, zoomed in``: the same at 8x zoom;
* ``vertex drag step``: one ``move_vertex`` edit of a shared node through the undo stack, with the
  topology update and the scene's redraw of touched items (median over the steps of a drag);
* ``validate``: the full validation that runs (debounced) when the author pauses.

Prints a table and writes ``tests/bench/results/bench_editor.json``. It is a script, not a test:

    .venv/bin/python tests/bench/bench_editor.py [--areas 5000] [--frames 10] [--drag-steps 20]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QPointF, QRectF  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from editor import commands  # noqa: E402
from editor.document import ScenarioDocument  # noqa: E402
from editor.mapview.scene import MapScene  # noqa: E402
from editor.mapview.view import MapView  # noqa: E402
from model import ops  # noqa: E402
from model.geometry import generate_test_map  # noqa: E402
from model.validate import validate  # noqa: E402

RESULTS = ROOT / "tests" / "bench" / "results"
WIDTH, HEIGHT = 1600, 1000


def render_view(view: MapView) -> float:
    """Render what the view shows into an offscreen image; return the seconds it took."""
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    start = time.perf_counter()
    painter = QPainter(image)
    view.render(painter)
    painter.end()
    return time.perf_counter() - start


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


def run(areas: int, frames: int, drag_steps: int) -> dict[str, Any]:
    """Time every stage on one generated map."""
    scenario = generate_test_map(areas, seed=7)
    result: dict[str, Any] = {"areas": len(scenario.map.areas), "boundaries": len(scenario.map.boundaries)}

    start = time.perf_counter()
    document = ScenarioDocument(scenario)
    scene = MapScene(document)
    result["open_s"] = time.perf_counter() - start
    view = MapView(scene)
    view.resize(WIDTH, HEIGHT)
    view.show()
    view.fit_map()
    result["first_paint_s"] = result["open_s"] + render_view(view)
    result["frame_full_view_detailed_ms"] = statistics.median(render_view(view) * 1000 for _ in range(frames))
    start = time.perf_counter()
    view.overview.refresh()  # what the editor does once the author pauses
    result["overview_refresh_ms"] = (time.perf_counter() - start) * 1000
    assert view.overview.active

    result["frame_full_view_ms"] = statistics.median(render_view(view) * 1000 for _ in range(frames))
    view.zoom_by(8.0, QPointF(WIDTH / 2, HEIGHT / 2))
    result["frame_zoomed_ms"] = statistics.median(render_view(view) * 1000 for _ in range(frames))

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
    result["drag_undo_steps"] = document.undo_stack.count()
    result["frame_after_drag_ms"] = render_view(view) * 1000

    start = time.perf_counter()
    issues = validate(document.scenario, topology=document.topology)
    result["validate_s"] = time.perf_counter() - start
    result["issues"] = len(issues)
    return result


def table(result: dict[str, Any]) -> str:
    """Format the figures for a terminal."""
    rows = [
        ("areas / boundaries", f"{result['areas']:,} / {result['boundaries']:,}"),
        ("open (faces + scene items)", f"{result['open_s']:.2f} s"),
        ("first paint (open + first frame)", f"{result['first_paint_s']:.2f} s   (goal < 2 s)"),
        ("frame, full view, all items (median)", f"{result['frame_full_view_detailed_ms']:.1f} ms"),
        ("overview picture refresh", f"{result['overview_refresh_ms']:.1f} ms"),
        ("frame, full view (median)", f"{result['frame_full_view_ms']:.1f} ms   (goal < 16 ms)"),
        ("frame, zoomed in 8x (median)", f"{result['frame_zoomed_ms']:.1f} ms"),
        (
            "vertex drag step (median / max)",
            f"{result['drag_step_ms']:.1f} / {result['drag_step_max_ms']:.1f} ms",
        ),
        ("undo steps after the drag", str(result["drag_undo_steps"])),
        ("frame after the drag", f"{result['frame_after_drag_ms']:.1f} ms"),
        ("full validation (debounced)", f"{result['validate_s']:.2f} s ({result['issues']} issues)"),
    ]
    return "\n".join(f"{name:36} {value}" for name, value in rows)


def main() -> int:
    """Run the benchmark, print the table and write the JSON results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--areas", type=int, default=5000)
    parser.add_argument("--frames", type=int, default=10)
    parser.add_argument("--drag-steps", type=int, default=20)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    result = run(args.areas, args.frames, args.drag_steps)
    result["machine"] = {"python": platform.python_version(), "platform": platform.platform()}
    print(table(result))
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "bench_editor.json"
    out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
