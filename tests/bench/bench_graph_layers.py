"""Benchmark of the Adjacency layer and the Range view on a generated map (issue 11: 5,000 areas stay smooth).

Stages, on the real editor objects (offscreen Qt):

* ``layer on``: showing the Adjacency layer the first time (the graphs, one path per style, the
  click index);
* ``frame``: one render of the view at full view and zoomed 8x, with the layer off and on;
* ``click``: finding the edge under a point (median over many points);
* ``rebuild after an edit``: a vertex drag step, then the layer's redraw of the new graphs;
* ``range``: the distances from one area, per reach of the map's ruleset, after the first
  preparation (what picking another area costs).

Prints a table and writes ``tests/bench/results/bench_graph_layers.json``. A script, not a test:

    .venv/bin/python tests/bench/bench_graph_layers.py [--areas 5000] [--frames 10]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

from bench_editor import HEIGHT, RESULTS, WIDTH, inner_node, render_view  # noqa: E402
from PySide6.QtCore import QPointF  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from editor import commands  # noqa: E402
from editor.document import ScenarioDocument  # noqa: E402
from editor.graph_cache import graphs_of  # noqa: E402
from editor.mapview.scene import MapScene  # noqa: E402
from editor.mapview.view import MapView  # noqa: E402
from model import ops  # noqa: E402
from model.geometry import generate_test_map  # noqa: E402
from model.rules import reach  # noqa: E402


def run(areas: int, frames: int) -> dict[str, Any]:
    """Time every stage on one generated map."""
    scenario = generate_test_map(areas, seed=7)
    document = ScenarioDocument(scenario)
    scene = MapScene(document)
    view = MapView(scene)
    view.resize(WIDTH, HEIGHT)
    view.show()
    view.fit_map()
    view.overview.refresh()
    result: dict[str, Any] = {"areas": len(scenario.map.areas)}
    result["frame_full_off_ms"] = statistics.median(render_view(view) * 1000 for _ in range(frames))
    start = time.perf_counter()
    scene.set_layer_visible("adjacency", True)
    result["layer_on_ms"] = (time.perf_counter() - start) * 1000
    result["edges"] = len(scene.adjacency.edges)
    result["layer_items"] = len(scene.layers["adjacency"].childItems())
    result["frame_full_on_live_ms"] = statistics.median(render_view(view) * 1000 for _ in range(frames))
    view.overview.refresh()  # once the author pauses, the picture holds the lines too
    result["frame_full_on_ms"] = statistics.median(render_view(view) * 1000 for _ in range(frames))
    view.zoom_by(8.0, QPointF(WIDTH / 2, HEIGHT / 2))
    result["frame_zoomed_on_ms"] = statistics.median(render_view(view) * 1000 for _ in range(frames))
    scene.set_layer_visible("adjacency", False)
    result["frame_zoomed_off_ms"] = statistics.median(render_view(view) * 1000 for _ in range(frames))
    scene.set_layer_visible("adjacency", True)

    rng = random.Random(3)
    segments = scene.adjacency.segments
    clicks = []
    for _ in range(500):
        x1, y1, x2, y2 = segments[rng.randrange(len(segments))]
        t = rng.uniform(0.3, 0.7)
        point = QPointF(x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
        start = time.perf_counter()
        scene.object_at(point, 5.0)
        clicks.append(time.perf_counter() - start)
    result["click_ms"] = statistics.median(clicks) * 1000

    boundary_id, index, node = inner_node(document)
    start = time.perf_counter()
    commands.execute(document, lambda s: ops.move_vertex(s, boundary_id, index, (node[0] + 2, node[1] + 1)))
    result["drag_step_ms"] = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    scene.adjacency.rebuild()  # what the layer does once the author pauses
    result["layer_rebuild_after_edit_ms"] = (time.perf_counter() - start) * 1000

    graphs = graphs_of(document).graphs()
    assert graphs is not None
    start_area = scenario.map.areas[len(scenario.map.areas) // 2].id
    for kind in reach.reaches(scenario):
        begin = time.perf_counter()
        reacher = kind.prepare(scenario, graphs)
        result[f"range_{kind.id}_prepare_ms"] = (time.perf_counter() - begin) * 1000
        begin = time.perf_counter()
        found = reacher(start_area)
        result[f"range_{kind.id}_ms"] = (time.perf_counter() - begin) * 1000
        result[f"range_{kind.id}_reached"] = len(found)
    return result


def table(result: dict[str, Any]) -> str:
    """Format the figures for a terminal."""
    rows = [
        (
            "areas / edges drawn",
            f"{result['areas']:,} / {result['edges']:,} in {result['layer_items']} item(s)",
        ),
        ("Adjacency layer on (first time)", f"{result['layer_on_ms']:.0f} ms"),
        (
            "frame, full view: off / on",
            f"{result['frame_full_off_ms']:.1f} / {result['frame_full_on_ms']:.1f} ms"
            f" (before the picture: {result['frame_full_on_live_ms']:.1f} ms)",
        ),
        (
            "frame, zoomed 8x: off / on",
            f"{result['frame_zoomed_off_ms']:.1f} / {result['frame_zoomed_on_ms']:.1f} ms",
        ),
        ("click: edge under a point (median)", f"{result['click_ms']:.2f} ms"),
        (
            "vertex drag step / layer rebuild (pause)",
            f"{result['drag_step_ms']:.0f} / {result['layer_rebuild_after_edit_ms']:.0f} ms",
        ),
    ]
    for key in sorted(k for k in result if k.startswith("range_") and k.endswith("_prepare_ms")):
        kind = key[len("range_") : -len("_prepare_ms")]
        rows.append(
            (
                f"range '{kind}': prepare / one area",
                f"{result[key]:.0f} / {result[f'range_{kind}_ms']:.1f} ms"
                f" ({result[f'range_{kind}_reached']} reached)",
            )
        )
    return "\n".join(f"{name:36} {value}" for name, value in rows)


def main() -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--areas", type=int, default=5000)
    parser.add_argument("--frames", type=int, default=10)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    assert app is not None
    result = run(args.areas, args.frames)
    print(table(result))
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "bench_graph_layers.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
