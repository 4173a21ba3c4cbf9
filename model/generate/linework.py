"""Region polygons -> boundaries stored once, through the shared ``model.linework`` helper.

``polygons_to_linework`` snaps the outlines to the grid, nodes them and merges them into maximal
lines between nodes; here they get their ids. The lines are sorted first, so the same polygons
always give the same file.
"""

from __future__ import annotations

from collections.abc import Sequence

from shapely.geometry.base import BaseGeometry

from model.linework import polygons_to_linework
from model.scenario import Boundary


def to_linework(shapes: Sequence[BaseGeometry], grid: float, prefix: str = "line-") -> list[Boundary]:
    """Boundaries (ids ``prefix1``, ``prefix2``... in sorted point order) tracing ``shapes``."""
    lines = sorted(polygons_to_linework(shapes, grid).lines)
    return [Boundary(id=f"{prefix}{index}", points=line) for index, line in enumerate(lines, start=1)]
