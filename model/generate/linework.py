"""Polygons that tile a map (sharing borders vertex for vertex) -> boundaries stored once.

The shapes' outlines are noded and deduplicated (``unary_union``), then merged into maximal
polylines between nodes (``line_merge``), so that each border between two areas is one boundary.
Lines are put in a canonical direction and order, so the same polygons always give the same file.
"""

from __future__ import annotations

from collections.abc import Sequence

import shapely
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

from model.io import quantize
from model.scenario import Boundary


def _canonical(line: LineString, grid: float) -> list[tuple[float, float]]:
    """The line's points snapped to the grid, starting at its smaller end (or smallest vertex of a ring)."""
    points = [(quantize(x, grid), quantize(y, grid)) for x, y in line.coords]
    deduped = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    if deduped[0] == deduped[-1] and len(deduped) > 2:
        ring = deduped[:-1]
        start = ring.index(min(ring))
        ring = ring[start:] + ring[:start]
        if ring[1] > ring[-1]:  # one winding direction for every ring
            ring = [ring[0], *ring[:0:-1]]
        return [*ring, ring[0]]
    return deduped if deduped[0] <= deduped[-1] else deduped[::-1]


def to_linework(shapes: Sequence[BaseGeometry], grid: float, prefix: str = "line-") -> list[Boundary]:
    """Boundaries (ids ``prefix1``, ``prefix2``... in canonical order) tracing the outlines of ``shapes``."""
    outlines = [shapely.boundary(shape) for shape in shapes if not shape.is_empty]
    noded = shapely.unary_union(outlines, grid_size=grid)
    merged = shapely.line_merge(noded)
    lines = [_canonical(part, grid) for part in shapely.get_parts(merged) if isinstance(part, LineString)]
    lines = [line for line in lines if (len(line) >= 2 and line[0] != line[-1]) or len(line) >= 4]
    lines.sort()
    return [Boundary(id=f"{prefix}{index}", points=line) for index, line in enumerate(lines, start=1)]
