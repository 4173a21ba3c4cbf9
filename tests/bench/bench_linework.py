"""Time the noding of many polygons: ``polygons_to_linework`` on generated squares.

For 1,000, 4,000 and 20,000 unit squares, laid out as a square block and as one row (the layout
on which noding on the grid in input order grows quadratically), prints the seconds the union on
the grid takes in input order and in the order ``polygons_to_linework`` uses, and the seconds of
the whole ``polygons_to_linework``. It is a script, not a test:

    .venv/bin/python tests/bench/bench_linework.py [--counts 1000,4000,20000] [--skip-input-order]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import shapely  # noqa: E402
from shapely.geometry import box  # noqa: E402

from model.linework import _noding_order, polygons_to_linework  # noqa: E402

GRID = 0.1


def layouts(count: int) -> dict[str, list[shapely.Polygon]]:
    """``count`` unit squares as a block (row by row) and as a single row, west to east."""
    side = math.isqrt(count)
    block = [box(i, j, i + 1, j + 1) for j in range(math.ceil(count / side)) for i in range(side)][:count]
    return {"block": block, "row": [box(i, 0, i + 1, 1) for i in range(count)]}


def seconds(work: Callable[..., object], *args: object, **kwargs: object) -> float:
    """Wall-clock seconds of one call of ``work(*args, **kwargs)``."""
    start = time.perf_counter()
    work(*args, **kwargs)
    return time.perf_counter() - start


def main() -> None:
    """Print one line per layout and count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="1000,4000,20000")
    parser.add_argument("--skip-input-order", action="store_true", help="do not time the slow union")
    args = parser.parse_args()
    print(f"{'layout':6} {'squares':>7} {'union, input order':>19} ", end="")
    print(f"{'union, used order':>18} {'polygons_to_linework':>21}")
    for count in (int(text) for text in args.counts.split(",")):
        for name, shapes in layouts(count).items():
            rings = [shapely.boundary(shapely.set_precision(shape, GRID)) for shape in shapes]
            before = (
                "-" if args.skip_input_order else f"{seconds(shapely.union_all, rings, grid_size=GRID):.2f}"
            )
            after = seconds(shapely.union_all, _noding_order(rings), grid_size=GRID)
            whole = seconds(polygons_to_linework, shapes, GRID)
            print(f"{name:6} {count:7} {before:>19} {after:18.2f} {whole:21.2f}", flush=True)


if __name__ == "__main__":
    main()
