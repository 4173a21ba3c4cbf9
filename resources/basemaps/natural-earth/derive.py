"""Derive the shipped Europe land basemap from Natural Earth's world land (world-atlas TopoJSON).

Usage, from the repository root::

    PYTHONPATH=. python resources/basemaps/natural-earth/derive.py LAND-50M.json [OUT.geojson]

Reads the world-atlas ``land-50m.json`` (TopoJSON, lon/lat), keeps the land inside the box
below (rings crossing the antimeridian are mended on the way), rounds coordinates to 0.001
degrees (about 100 m, finer than the source's own quantization) and writes GeoJSON.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import shapely

from model.generate.basemap import read_land

BOX = (-20.0, 20.0, 62.0, 72.0)
"""West, south, east, north in degrees: Europe, North Africa, the Near East, with room to spare."""


def main(source: str, target: str) -> None:
    """Write the clipped, rounded land of ``source`` to ``target``."""
    land = read_land(source, clip=shapely.box(*BOX))
    land = shapely.set_precision(land, 0.001)
    geometry = json.loads(shapely.to_geojson(land))
    collection = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {
                    "name": "land",
                    "source": "Natural Earth 1:50m land 4.1.0 via world-atlas 2.0.2",
                },
                "geometry": geometry,
            }
        ],
    }
    Path(target).write_text(json.dumps(collection, separators=(",", ":")) + "\n", encoding="utf-8")


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else str(here / "europe-land-50m.geojson"))
