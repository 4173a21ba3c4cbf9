"""Geometry helpers shared by edit operations, benchmarks and tests.

(Polygons -> linework, the form the file stores, is ``model.linework``.)

* ``anchor_for``: a grid point inside a polygon, for a new area's anchor.
* ``split_line_at``: cut a polyline at points on it (noding).
* ``generate_test_map``: a Voronoi map with sea zones, for benchmarks and tests.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, box

from model.io import quantize_point
from model.linework import polygons_to_linework
from model.scenario import Area, AreaKind, Boundary, Bounds, MapData, Metadata, Scenario

Coords = list[tuple[float, float]]


def anchor_for(polygon: Polygon, grid: float) -> tuple[float, float] | None:
    """Return a grid point strictly inside ``polygon`` (None when the polygon is too thin for one)."""
    candidates = [polygon.point_on_surface(), polygon.centroid]
    for point in candidates:
        snapped = quantize_point((point.x, point.y), grid)
        if polygon.contains(Point(snapped)):
            return snapped
    # Search the grid points around the representative point for one inside.
    point = candidates[0]
    for radius in range(1, 6):
        for dx in range(-radius, radius + 1):
            for dy in range(-radius, radius + 1):
                snapped = quantize_point((point.x + dx * grid, point.y + dy * grid), grid)
                if polygon.contains(Point(snapped)):
                    return snapped
    return None


def split_line_at(coords: Sequence[tuple[float, float]], cuts: Sequence[tuple[float, float]]) -> list[Coords]:
    """Cut a polyline at points lying on it (inserted as vertices); returns the pieces in order.

    Points at an end of the line, and repeated points, cut nothing. Each cut point becomes the last
    point of one piece and the first of the next.
    """
    line = LineString(coords)
    distances: list[tuple[float, tuple[float, float]]] = []
    for raw in cuts:
        cut = (float(raw[0]), float(raw[1]))
        distance = float(line.project(Point(cut)))
        if 0 < distance < line.length and all(cut != c for _, c in distances):
            distances.append((distance, cut))
    distances.sort()
    points = [tuple(map(float, p)) for p in coords]
    lengths = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(np.asarray(points), axis=0).T))])
    pieces: list[Coords] = []
    current: Coords = [(points[0][0], points[0][1])]
    vertex = 1
    for distance, cut in distances:
        while vertex < len(points) and lengths[vertex] < distance:
            current.append((points[vertex][0], points[vertex][1]))
            vertex += 1
        if vertex < len(points) and (lengths[vertex] == distance or points[vertex] == cut):
            vertex += 1  # the cut is on an existing vertex: it replaces it
        current.append(cut)
        pieces.append(current)
        current = [cut]
    current.extend((p[0], p[1]) for p in points[vertex:])
    pieces.append(current)
    cleaned = [[p for k, p in enumerate(piece) if k == 0 or p != piece[k - 1]] for piece in pieces]
    return [piece for piece in cleaned if len(piece) >= 2]


def generate_test_map(
    n_areas: int,
    seed: int = 1,
    size: float = 10_000.0,
    sea_share: float = 0.2,
    grid: float = 0.01,
    title: str = "",
) -> Scenario:
    """Return a Voronoi map of about ``n_areas`` areas in a square, with sea zones, for benchmarks.

    Cells west of a wavy coastline and inside a few round inland seas are sea zones; everything
    else is land. The result goes through ``polygons_to_linework`` like an imported map.
    """
    rng = np.random.default_rng(seed)
    points = rng.uniform(0, size, size=(n_areas, 2))
    frame = box(0, 0, size, size)
    cells = shapely.get_parts(shapely.voronoi_polygons(shapely.multipoints(points), extend_to=frame))
    cells = shapely.intersection(cells, frame)
    # voronoi_polygons does not keep the input order: match cells to points.
    tree = shapely.STRtree(cells)
    owner = tree.query(shapely.points(points), predicate="within")
    ordered = np.empty(n_areas, dtype=object)
    ordered[owner[0]] = cells[owner[1]]
    centres = np.asarray(points)
    coast = size * (sea_share * 0.75 + 0.05 * np.sin(centres[:, 1] / size * 9))
    sea = centres[:, 0] < coast
    for cx, cy, r in rng.uniform(
        [0.3 * size, 0.2 * size, 0.04 * size], [0.9 * size, 0.8 * size, 0.1 * size], (3, 3)
    ):
        sea |= np.hypot(centres[:, 0] - cx, centres[:, 1] - cy) < r
    linework = polygons_to_linework(list(ordered), grid)
    boundaries = [Boundary(id=f"b{i + 1}", points=line) for i, line in enumerate(sorted(linework.lines))]
    areas = []
    for i, anchors in enumerate(linework.anchors_by_owner(n_areas)):
        if not anchors:
            continue
        kind = AreaKind.SEA if sea[i] else AreaKind.LAND
        areas.append(
            Area(id=f"a{i + 1}", name=f"{'Sea' if sea[i] else 'Area'} {i + 1}", kind=kind, anchors=anchors)
        )
    map_data = MapData(
        units="px",
        grid=grid,
        bounds=Bounds(min_x=0, min_y=0, max_x=size, max_y=size),
        boundaries=boundaries,
        areas=areas,
    )
    return Scenario(
        metadata=Metadata(title=title or f"Generated map of {n_areas} areas"),
        map=map_data,
        next_serial=len(boundaries) + n_areas + 1,
    )
