"""Derive this scenario's land basemap from Natural Earth's world land (world-atlas TopoJSON).

Usage, from the repository root::

    PYTHONPATH=. python scenarios/sources/sevenages-world/derive_land.py LAND-50M.json

Reads the world-atlas ``land-50m.json`` (TopoJSON, lon/lat; Natural Earth 4.1.0 1:50m land, the
same source as ``resources/basemaps/natural-earth/europe-land-50m.geojson``), keeps the land inside
the box below, rounds coordinates to 0.01 degree (about 1 km, ample for a world game map) and
writes ``land.geojson`` beside this file. The shipped basemap stops at 62 E and 20 N, which is
why this map carries its own, wider copy.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import shapely

from model.generate.basemap import read_land

BOX = (-21.0, -41.0, 156.0, 67.0)
"""West, south, east, north in degrees: the build's box with a degree to spare on every side."""


def main(source: str, target: str) -> None:
    """Write the clipped, rounded land of ``source`` to ``target``."""
    land = read_land(source, clip=shapely.box(*BOX))
    land = shapely.set_precision(land, 0.01)
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
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else str(here / "land.geojson"))
