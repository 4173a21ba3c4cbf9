"""Polygons to linework: the shared, noded, grid-snapped borders and the faces they enclose.

This is how importers, the map generator, the test-map generator and the scenario source scripts
turn polygons into the file's geometry (DESIGN.md "Geometry"): each border is stored once,
boundaries meet only at their end points, and every face of the linework knows which input
polygon it came from, so that an area's anchors can be one point inside each of its faces.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from model.io import quantize, quantize_point

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

    def anchors_by_owner(self, count: int) -> list[list[Point]]:
        """Per input polygon (``count`` of them), the anchors of the faces it holds, largest face first.

        An empty list means the polygon vanished on the grid (it was too small).
        """
        owned: list[list[int]] = [[] for _ in range(count)]
        for face, owner in enumerate(self.owners):
            if owner is not None:
                owned[owner].append(face)
        return [
            [self.anchors[face] for face in sorted(faces, key=lambda face: -self.faces[face].area)]
            for faces in owned
        ]


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
    noded = shapely.union_all(_noding_order(rings), grid_size=grid)
    merged = shapely.line_merge(noded)
    # Snapping leaves float noise (1648.2990000000002); quantize the way saving does, so that the
    # map in memory is the map read back from its file.
    chains = [
        _quantized(line, grid)
        for line in shapely.get_parts(merged)
        if isinstance(line, LineString) and line.length > 0
    ]
    chains = [chain for chain in chains if len(chain) >= 2]
    lines = [LineString(chain) for chain in chains]
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
        lines=chains,
        faces=faces,
        owners=owners,
        anchors=[
            # A face too thin for any grid point keeps its off-grid point; the validator will say so.
            grid_anchor(face, (float(p.x), float(p.y)), grid) or (float(p.x), float(p.y))
            for face, p in zip(faces, points, strict=True)
        ],
    )


def _quantized(line: LineString, grid: float) -> list[Point]:
    """The points of a line on the grid, without points repeated by quantizing."""
    coords = [quantize_point((float(x), float(y)), grid) for x, y in line.coords]
    return [p for k, p in enumerate(coords) if k == 0 or p != coords[k - 1]]


def grid_anchor(face: BaseGeometry, near: Point, grid: float, reach: int = 6) -> Point | None:
    """Return a grid point inside ``face`` close to ``near`` (saving snaps anchors to the grid).

    Looks at the grid points within ``reach`` cells of ``near``, then, for a thin face, at every
    grid point of its bounding box (when there are not too many); None when the face holds none.
    The point is written exactly as saving writes it (``quantize_point``), so it is the anchor the
    file holds and the face it is tested against.
    """
    cx, cy = round(near[0] / grid), round(near[1] / grid)
    offsets = np.arange(-reach, reach + 1)
    found = _closest_inside(face, cx + offsets, cy + offsets, near, grid)
    if found is not None:
        return found
    west, south, east, north = face.bounds
    columns = np.arange(math.ceil(west / grid), math.floor(east / grid) + 1)
    rows = np.arange(math.ceil(south / grid), math.floor(north / grid) + 1)
    if columns.size * rows.size == 0 or columns.size * rows.size > 250_000:
        return None
    return _closest_inside(face, columns, rows, near, grid)


def _closest_inside(
    face: BaseGeometry, columns: NDArray[np.int64], rows: NDArray[np.int64], near: Point, grid: float
) -> Point | None:
    """The grid point (column, row) inside ``face`` nearest ``near``, or None."""
    # Multiplying by the grid leaves float noise (45684 * 0.1 is 4568.400000000001, and rounding
    # to 12 decimals keeps it): such a point is not what saving writes, and it can lie inside a
    # face by 1e-12 where the saved point lies on the border. Write each column and row once the
    # way saving does, then test those exact values.
    xs_of = np.array([quantize(float(c) * grid, grid) for c in columns.tolist()], dtype=float)
    ys_of = np.array([quantize(float(r) * grid, grid) for r in rows.tolist()], dtype=float)
    xs, ys = (values.ravel() for values in np.meshgrid(xs_of, ys_of))
    inside = shapely.contains_xy(face, xs, ys)
    if not inside.any():
        return None
    distance = np.where(inside, (xs - near[0]) ** 2 + (ys - near[1]) ** 2, np.inf)
    best = int(np.argmin(distance))
    return (float(xs[best]), float(ys[best]))


# Up to this many rings the union sees them in input order (see ``_noding_order``).
SHUFFLE_FROM = 2000


def _noding_order(rings: list[BaseGeometry]) -> list[BaseGeometry]:
    """The rings in the order the union on the grid should see them.

    Noding on the grid (GEOS snap rounding) grows quadratically with the number of rings when they
    come sorted along a line, as a row of squares written west to east does (20,000 in a row: 26 s),
    and near-linearly when they come in a scattered order (1.5 s). Past ``SHUFFLE_FROM`` rings
    they go in a fixed pseudo-random order: the same input still gives the same output. Below
    it they keep the input order, because the union's order decides each boundary's direction and
    first point, and maps of that size then import byte for byte as they always have; the
    linework itself (its points, its nodes, its faces) is the same in either order.
    """
    if len(rings) < SHUFFLE_FROM:
        return rings
    order = np.random.default_rng(0).permutation(len(rings))
    return [rings[k] for k in order.tolist()]
