"""Polygons to linework: the shared, noded, grid-snapped borders and the faces they enclose.

This is how every importer (and the default scenario's source script) turns polygons into the
file's geometry (DESIGN.md "Geometry"): each border is stored once, boundaries meet only at their
end points, and every face of the linework knows which input polygon it came from, so that an
area's anchors can be one point inside each of its faces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

Point = tuple[float, float]


@dataclass(frozen=True)
class Linework:
    """The result of ``polygons_to_linework``.

    ``lines`` are the boundaries (point lists; a closed ring repeats its first point at the end);
    ``faces`` the polygons they enclose; ``owners[i]`` the index of the input polygon holding face
    ``i``, or None for a face no input covers (a hole or a sliver); ``anchors[i]`` a point inside
    face ``i``.
    """

    lines: list[list[Point]]
    faces: list[Polygon]
    owners: list[int | None]
    anchors: list[Point]


def snap(geometry: BaseGeometry, grid: float) -> BaseGeometry:
    """Snap a geometry to the grid, keeping it valid (parts that collapse below the grid vanish)."""
    return shapely.set_precision(geometry, grid)


def polygons_to_linework(polygons: Sequence[BaseGeometry], grid: float) -> Linework:
    """Turn (multi)polygons into noded, deduplicated, grid-snapped linework and its faces.

    The polygons should not overlap (an overlap becomes a face owned by the first polygon that
    covers it). Borders that two polygons share become one boundary; boundaries are merged into
    the longest chains between nodes where other than two lines meet.
    """
    snapped = [snap(polygon, grid) for polygon in polygons]
    rings = [shapely.boundary(p) for p in snapped if not p.is_empty]
    if not rings:
        return Linework([], [], [], [])
    # A union of all the rings, done on the grid, nodes every crossing and touch and drops the
    # second copy of each shared border.
    noded = shapely.union_all(rings, grid_size=grid)
    merged = shapely.line_merge(noded)
    lines = [line for line in shapely.get_parts(merged) if isinstance(line, LineString) and line.length > 0]
    faces = [face for face in shapely.get_parts(shapely.polygonize(lines)) if face.area > 0]
    points = shapely.point_on_surface(faces) if faces else np.array([])
    owners: list[int | None] = [None] * len(faces)
    if faces:
        tree = shapely.STRtree(snapped)
        hits = tree.query(points, predicate="within")
        for face_index, polygon_index in sorted(zip(hits[0].tolist(), hits[1].tolist(), strict=True)):
            if owners[face_index] is None:
                owners[face_index] = polygon_index
    return Linework(
        lines=[[(float(x), float(y)) for x, y in line.coords] for line in lines],
        faces=faces,
        owners=owners,
        anchors=[
            grid_anchor(face, (float(p.x), float(p.y)), grid) for face, p in zip(faces, points, strict=True)
        ],
    )


def grid_anchor(face: Polygon, near: Point, grid: float, reach: int = 6) -> Point:
    """Return a grid point inside ``face`` close to ``near`` (so saving, which snaps, keeps it inside).

    Searches the grid points in growing squares around ``near``; a face too thin to hold any
    grid point within ``reach`` cells keeps ``near`` itself.
    """
    cx, cy = round(near[0] / grid), round(near[1] / grid)
    for radius in range(reach + 1):
        ring = [
            (cx + dx, cy + dy)
            for dx in range(-radius, radius + 1)
            for dy in range(-radius, radius + 1)
            if max(abs(dx), abs(dy)) == radius
        ]
        for ix, iy in ring:
            candidate = (round(ix * grid, 12), round(iy * grid, 12))
            if face.contains(shapely.Point(candidate)):
                return candidate
    return near
