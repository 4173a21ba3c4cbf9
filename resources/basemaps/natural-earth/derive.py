"""Derive a land basemap from Natural Earth's world land (world-atlas TopoJSON).

Usage, from the repository root::

    PYTHONPATH=. python resources/basemaps/natural-earth/derive.py LAND-50M.json [OUT.geojson]
        [--box=W,S,E,N] [--precision DEGREES]

Reads the world-atlas ``land-50m.json`` (TopoJSON, lon/lat), keeps the land inside the box (rings
crossing the antimeridian are mended on the way), rounds coordinates to the precision and writes
GeoJSON. The defaults make the shipped Europe basemap beside this file: the box below, 0.001
degrees (about 100 m, finer than the source's own quantization). A scenario that needs a wider
land passes its own box and precision (its sources' README gives the command).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import shapely

from model.generate.basemap import read_land

BOX = (-20.0, 20.0, 62.0, 72.0)
"""West, south, east, north in degrees: Europe, North Africa, the Near East, with room to spare."""
PRECISION = 0.001
"""Grid the coordinates are rounded to, in degrees."""
SOURCE = "Natural Earth 1:50m land 4.1.0 via world-atlas 2.0.2"


def main(
    source: str, target: str, box: tuple[float, float, float, float] = BOX, precision: float = PRECISION
) -> None:
    """Write the land of ``source`` inside ``box``, rounded to ``precision``, to ``target``."""
    land = read_land(source, clip=shapely.box(*box))
    land = shapely.set_precision(land, precision)
    geometry = json.loads(shapely.to_geojson(land))
    collection = {
        "type": "FeatureCollection",
        "features": [
            {"type": "Feature", "properties": {"name": "land", "source": SOURCE}, "geometry": geometry}
        ],
    }
    Path(target).write_text(json.dumps(collection, separators=(",", ":")) + "\n", encoding="utf-8")


def _box(text: str) -> tuple[float, float, float, float]:
    west, south, east, north = (float(value) for value in text.split(","))
    return west, south, east, north


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("source", help="world-atlas land-50m.json")
    parser.add_argument("target", nargs="?", default=str(here / "europe-land-50m.geojson"))
    parser.add_argument("--box", type=_box, default=BOX, help="W,S,E,N in degrees")
    parser.add_argument("--precision", type=float, default=PRECISION, help="degrees")
    args = parser.parse_args()
    main(args.source, args.target, args.box, args.precision)
