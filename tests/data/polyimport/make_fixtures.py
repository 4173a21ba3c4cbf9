"""Write the polygon-import fixtures of this folder (run it to rebuild them; the output is committed).

``pixel-gaps.geojson``: five territories and a sea zone traced from a picture, as TripleA and
SVG boards are: pixel coordinates with y growing downwards, wavy borders, and a line of one or two
pixels between neighbours (every shape shrunk by 0.8 px, then rounded to whole pixels), so that
no two shapes touch. The sea zone says so with ``"water": true``. The picture's layout (600 x 400):

    +--------+--------+--------+
    | Avalon | Brena  | Corsa  |     y = 0 to 150
    +--------+--+-----+--------+
    | Dunmore   |   Elmet      |     y = 150 to 280
    +-----------+--------------+
    |        Western Sea       |     y = 280 to 400
    +--------------------------+

so the adjacency is exactly the nine pairs of ``EXPECTED_PAIRS`` (Avalon and Brena meet Dunmore
at one corner each, Corsa never touches Dunmore).

``wide-planar.geojson``: two plain rectangles 300 units wide (x 0 to 300, y 100 to 160), whose
long edges are single segments: such a jump of more than 180 units was once taken for a ring
crossing the 180th meridian and folded.

``lonlat-coast.geojson``: two land areas and a sea in longitude/latitude, sharing their borders
exactly, the sea marked by ``"type": "sea"``.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import shapely
from shapely.geometry import box, mapping

HERE = Path(__file__).parent

LAYOUT = {
    "Avalon": (0, 0, 200, 150),
    "Brena": (200, 0, 400, 150),
    "Corsa": (400, 0, 600, 150),
    "Dunmore": (0, 150, 300, 280),
    "Elmet": (300, 150, 600, 280),
    "Western Sea": (0, 280, 600, 400),
}

EXPECTED_PAIRS = sorted(
    tuple(sorted(pair))
    for pair in [
        ("Avalon", "Brena"),
        ("Brena", "Corsa"),
        ("Avalon", "Dunmore"),
        ("Brena", "Dunmore"),
        ("Brena", "Elmet"),
        ("Corsa", "Elmet"),
        ("Dunmore", "Elmet"),
        ("Dunmore", "Western Sea"),
        ("Elmet", "Western Sea"),
    ]
)


def _wavy(x: float, y: float) -> tuple[float, float]:
    """The same smooth displacement for every shape, so that shared borders stay shared."""
    return (20 + x + 6 * math.sin(y / 17), 30 + y + 5 * math.sin(x / 23))


def pixel_gaps() -> dict[str, object]:
    features = []
    for name, bounds in LAYOUT.items():
        outline = shapely.segmentize(box(*bounds), 4)
        wavy = shapely.transform(outline, lambda xy: [_wavy(x, y) for x, y in xy])
        traced = shapely.set_precision(wavy.buffer(-0.8, join_style="mitre"), 1.0)
        properties: dict[str, object] = {"name": name, "water": name.endswith("Sea")}
        features.append({"type": "Feature", "properties": properties, "geometry": mapping(traced)})
    return {"type": "FeatureCollection", "features": features}


def wide_planar() -> dict[str, object]:
    shapes = {"Long Reach": box(0, 100, 300, 130), "Far Reach": box(0, 130, 300, 160)}
    return {
        "type": "FeatureCollection",
        "features": [
            {"type": "Feature", "properties": {"name": n}, "geometry": mapping(g)} for n, g in shapes.items()
        ],
    }


def lonlat_coast() -> dict[str, object]:
    shapes = [
        ("Westmarch", "land", box(4.0, 45.0, 5.0, 46.0)),
        ("Eastmarch", "land", box(5.0, 45.0, 6.0, 46.0)),
        ("Narrow Sea", "sea", box(4.0, 44.0, 6.0, 45.0)),
    ]
    return {
        "type": "FeatureCollection",
        "features": [
            {"type": "Feature", "properties": {"name": n, "type": t}, "geometry": mapping(g)}
            for n, t, g in shapes
        ],
    }


def main() -> None:
    for name, data in (
        ("pixel-gaps.geojson", pixel_gaps()),
        ("wide-planar.geojson", wide_planar()),
        ("lonlat-coast.geojson", lonlat_coast()),
    ):
        (HERE / name).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
