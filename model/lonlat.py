"""Longitude/latitude polygons: rings made continuous across the antimeridian, then folded back.

Shared by the importers and the map generator, which both read world basemaps.
"""

from __future__ import annotations

from typing import Any

import shapely
import shapely.affinity


def _unwrap(ring: list[tuple[float, float]], near: float | None) -> list[tuple[float, float]]:
    """Make a ring's longitudes continuous where it jumps across the antimeridian (+-360 steps).

    World land layers draw Eurasia as one ring running off 180 E and back in at 180 W; taken as
    a plane polygon it crosses itself and ``make_valid`` would fill the Arctic and the Atlantic.
    ``near``: a longitude to start close to (a hole keeps to its shell's side).
    """
    out: list[tuple[float, float]] = []
    shift = 0.0
    if near is not None and ring:
        shift = 360.0 * round((near - ring[0][0]) / 360.0)
    previous: float | None = None
    for lon, lat in ring:
        if previous is not None:
            if lon - previous > 180:
                shift -= 360.0
            elif lon - previous < -180:
                shift += 360.0
        previous = lon
        out.append((lon + shift, lat))
    return out


WORLD = shapely.box(-180, -90, 180, 90)


def polygon_from_rings(rings: list[list[tuple[float, float]]]) -> Any:
    """A valid lon/lat (multi)polygon from a shell and holes, mended where it crosses the antimeridian."""
    shell = _unwrap(rings[0], None)
    holes = [_unwrap(ring, shell[0][0]) for ring in rings[1:] if len(ring) >= 4]
    polygon = shapely.make_valid(shapely.Polygon(shell, holes))
    west, _, east, _ = polygon.bounds
    if west >= -180 and east <= 180:
        return polygon
    # Part of it lies beyond +-180: fold that part back onto the other side of the map.
    copies = [shapely.affinity.translate(polygon, offset) for offset in (-360.0, 0.0, 360.0)]
    return shapely.intersection(shapely.union_all(copies), WORLD)
