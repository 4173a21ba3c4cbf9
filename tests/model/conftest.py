"""Small hand-made scenarios shared by the model tests.

``grid_scenario()``: a 3 x 3 grid of 10 x 10 land squares (areas ``a{row}{col}``, y growing
downwards) above a row of three sea squares (``s0``..``s2``). Every grid edge is its own boundary:
``h{row}{col}`` runs from (10col, 10row) to (10col + 10, 10row), ``v{row}{col}`` from (10col, 10row)
to (10col, 10row + 10). Two empires own the top corners, with an army each; ``next_serial`` is 100.
"""

from __future__ import annotations

import pytest

from model.scenario import (
    Area,
    AreaKind,
    AreaSetup,
    Boundary,
    Empire,
    MapData,
    Metadata,
    Scenario,
    Setup,
    Unit,
)

CELL = 10.0
LAND_ROWS = 3
COLUMNS = 3


def grid_boundaries(rows: int = LAND_ROWS + 1, columns: int = COLUMNS) -> list[Boundary]:
    """Every edge of a ``rows`` x ``columns`` grid of squares, one boundary each."""
    boundaries = []
    for r in range(rows + 1):
        for c in range(columns):
            start = (c * CELL, r * CELL)
            boundaries.append(Boundary(id=f"h{r}{c}", points=[start, (start[0] + CELL, start[1])]))
    for r in range(rows):
        for c in range(columns + 1):
            start = (c * CELL, r * CELL)
            boundaries.append(Boundary(id=f"v{r}{c}", points=[start, (start[0], start[1] + CELL)]))
    return boundaries


def centre(row: int, column: int) -> tuple[float, float]:
    """The centre of grid cell (row, column)."""
    return (column * CELL + CELL / 2, row * CELL + CELL / 2)


def grid_scenario() -> Scenario:
    """The 3 x 3 land grid with a sea row below (see the module docstring)."""
    areas = [
        Area(id=f"a{r}{c}", name=f"Land {r}{c}", anchors=[centre(r, c)])
        for r in range(LAND_ROWS)
        for c in range(COLUMNS)
    ]
    areas += [
        Area(id=f"s{c}", name=f"Sea {c}", kind=AreaKind.SEA, anchors=[centre(LAND_ROWS, c)])
        for c in range(COLUMNS)
    ]
    setup = Setup(
        empires=[
            Empire(id="e1", name="Westria", colour="#aa0000", attributes={"court": "a00"}),
            Empire(id="e2", name="Eastria", colour="#0000aa", attributes={"court": "a02"}),
        ],
        areas={
            "a00": AreaSetup(owner="e1", attributes={"social_state": 1}),
            "a01": AreaSetup(owner="e1", attributes={"ties": ["e2"]}),
            "a02": AreaSetup(owner="e2"),
        },
        units=[
            Unit(id="u1", kind="army", owner="e1", area="a00", strength=2),
            Unit(id="u2", kind="army", owner="e2", area="a02", strength=1),
        ],
    )
    return Scenario(
        metadata=Metadata(title="Grid"),
        map=MapData(grid=0.01, boundaries=grid_boundaries(), areas=areas),
        setup=setup,
        next_serial=100,
    )


@pytest.fixture
def grid() -> Scenario:
    """A fresh copy of the grid scenario for each test."""
    return grid_scenario()


@pytest.fixture
def make_grid() -> object:
    """The grid scenario factory, for tests that need several fresh copies."""
    return grid_scenario
