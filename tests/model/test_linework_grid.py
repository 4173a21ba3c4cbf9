"""Linework of many polygons: a generated grid of squares gives exactly the borders the grid has.

Past ``model.linework.SHUFFLE_FROM`` rings the union that nodes them sees them in a pseudo-random
order (noding on the grid is quadratic on rings sorted along a line); these tests check that the
linework is still right there, and the same as the union in input order gives.
"""

from __future__ import annotations

import pytest
import shapely
from shapely.geometry import LineString, box

from model.io import quantize_point
from model.linework import SHUFFLE_FROM, polygons_to_linework

GRID = 0.1
# Off the grid on purpose (0.03): every corner must be snapped to land on it.
ORIGIN = 0.03


def squares(columns: int, rows: int) -> list[shapely.Polygon]:
    """Unit squares side by side, ``columns`` west to east and ``rows`` south to north, row by row."""
    corners = [(ORIGIN + i, ORIGIN + j) for j in range(rows) for i in range(columns)]
    return [box(x, y, x + 1, y + 1) for x, y in corners]


def expected_lengths(columns: int, rows: int) -> list[float]:
    """The lengths of a grid's boundaries, shortest first (at least 2 columns).

    Every unit edge is a boundary of its own, as its ends are nodes where 3 or 4 edges meet, except
    around the outer corners, where 2 edges meet: there they merge (in a single row, the end
    column's edge merges with both its corners).
    """
    edges = columns * (rows + 1) + rows * (columns + 1)
    merged = [2.0] * 4 if rows > 1 else [3.0] * 2
    return [1.0] * (edges - int(sum(merged))) + merged


@pytest.mark.parametrize(("columns", "rows"), [(3, 2), (60, 40), (2500, 1)])
def test_a_grid_of_squares_gives_the_grid_linework(columns: int, rows: int) -> None:
    shapes = squares(columns, rows)
    linework = polygons_to_linework(shapes, GRID)

    lengths = sorted(round(LineString(line).length, 9) for line in linework.lines)
    assert lengths == expected_lengths(columns, rows)
    assert len(linework.faces) == columns * rows
    # Every face is one whole square, held by the square it came from, once.
    assert sorted(owner for owner in linework.owners if owner is not None) == list(range(columns * rows))
    assert all(face.area == pytest.approx(1.0) for face in linework.faces)
    for face, owner in zip(linework.faces, linework.owners, strict=True):
        assert owner is not None
        assert shapely.equals(face, shapely.set_precision(shapes[owner], GRID))
    # Every point on the grid, written as saving writes it.
    assert all(quantize_point(p, GRID) == p for line in linework.lines for p in line)


def test_many_rings_give_the_same_linework_as_the_union_in_input_order() -> None:
    shapes = squares(70, 40)
    assert len(shapes) >= SHUFFLE_FROM  # the pseudo-random order is the one under test
    linework = polygons_to_linework(shapes, GRID)

    rings = [shapely.boundary(shapely.set_precision(shape, GRID)) for shape in shapes]
    in_order = shapely.line_merge(shapely.union_all(rings, grid_size=GRID))
    as_sets = {shapely.normalize(line).wkb for line in shapely.get_parts(in_order)}
    assert {shapely.normalize(LineString(line)).wkb for line in linework.lines} == as_sets


def test_the_same_many_rings_give_the_same_bytes_every_time() -> None:
    shapes = squares(50, 45)
    assert len(shapes) >= SHUFFLE_FROM
    assert polygons_to_linework(shapes, GRID).lines == polygons_to_linework(shapes, GRID).lines
