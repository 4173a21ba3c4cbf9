"""Longitude/latitude or planar: what a source's numbers are, decided once and said in the summary.

Lon/lat data may be clipped across the 180th meridian and is projected to a plane; planar data
(pixels of a picture, metres of a projected GIS layer) is never folded nor projected. The guess
is from the range of the numbers (every x within ±180 and every y within ±90 means degrees), which
a small picture can fool: ``--coordinates planar`` (or ``--flip-y``, which only pictures need)
settles it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from model.importers.common import ImportOptions, SourceError

Bounds = tuple[float, float, float, float]


@dataclass(frozen=True)
class Coordinates:
    """What the numbers are, and the summary's sentence saying so and why."""

    lonlat: bool
    note: str


def _positions(value: Any) -> Iterator[tuple[float, float]]:
    """Every [x, y, ...] position nested in GeoJSON coordinates (non-numbers are skipped here)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if not isinstance(item, list) or not item:
            continue
        first = item[0]
        if isinstance(first, int | float) and not isinstance(first, bool):
            if len(item) >= 2 and isinstance(item[1], int | float):
                yield float(first), float(item[1])
            continue
        stack.extend(item)


def _geometries(geometry: Any) -> Iterator[dict[str, Any]]:
    stack = [geometry]
    while stack:
        item = stack.pop()
        if not isinstance(item, dict):
            continue
        if item.get("type") == "GeometryCollection":
            stack.extend(item.get("geometries") or [])
        else:
            yield item


def source_bounds(features: list[Any]) -> Bounds | None:
    """The box around every position of the features (None when there is none)."""
    west = south = float("inf")
    east = north = float("-inf")
    for feature in features:
        if not isinstance(feature, dict):
            continue
        for geometry in _geometries(feature.get("geometry")):
            for x, y in _positions(geometry.get("coordinates")):
                if x == x and y == y:  # NaN is reported when the geometry is read
                    west, east = min(west, x), max(east, x)
                    south, north = min(south, y), max(north, y)
    return None if west > east else (west, south, east, north)


def decide(features: list[Any], options: ImportOptions, source: str) -> Coordinates:
    """Decide lon/lat or planar from ``options.coordinates``, ``--flip-y`` or the numbers' range."""
    bounds = source_bounds(features)
    extent = (
        f"x {bounds[0]:g} to {bounds[2]:g}, y {bounds[1]:g} to {bounds[3]:g}" if bounds else "no positions"
    )
    fits = bounds is not None and (
        bounds[0] >= -180.5 and bounds[2] <= 180.5 and bounds[1] >= -90.5 and bounds[3] <= 90.5
    )
    wanted = options.coordinates
    if wanted == "lonlat":
        if options.flip_y:
            raise SourceError(f"{source}: --flip-y is for planar (picture) coordinates, not lon/lat")
        if bounds is not None and not fits:
            raise SourceError(
                f"{source}: --coordinates lonlat, but the numbers are not degrees ({extent}); "
                "leave the option out to keep them as planar coordinates"
            )
        return Coordinates(True, f"coordinates: longitude/latitude (--coordinates lonlat; {extent})")
    if wanted == "planar":
        return Coordinates(False, f"coordinates: planar (--coordinates planar; {extent}); not projected")
    if options.flip_y:
        return Coordinates(False, f"coordinates: planar, y down (--flip-y; {extent}); kept, not projected")
    if fits:
        return Coordinates(
            True,
            f"coordinates: longitude/latitude in degrees, guessed because {extent} fits within ±180, ±90 "
            "(--coordinates planar if they are pixels)",
        )
    return Coordinates(
        False,
        f"coordinates: planar ({extent}: not degrees), kept as they are, never folded nor projected",
    )
