"""Dropping a dragged vertex on another border joins the linework there (``ops.move_vertex_onto``).

The grid map (tests/model/conftest.py): land squares of 10 x 10, y growing downwards; ``h{r}{c}``
runs from (10c, 10r) to (10c + 10, 10r), ``v{r}{c}`` from (10c, 10r) to (10c, 10r + 10); grid 0.01.
"""

from __future__ import annotations

import pytest
from linework_checks import checked_edit, degrees

from model import io, ops
from model.scenario import Scenario
from model.topology import Topology
from model.validate import validate


def join(scenario: Scenario, boundary_id: str, index: int, point: tuple[float, float]) -> ops.Change:
    """Join through the op with an up-to-date topology; check the local update and byte-exact undo."""
    return checked_edit(
        scenario,
        lambda topology: ops.move_vertex_onto(
            scenario, boundary_id, index, point, snap_distance=0.5, topology=topology
        ),
    )


def dangle(scenario: Scenario) -> str:
    """A border from the node (10, 10) into area a11, ending loose at (15, 15)."""
    change = ops.add_boundary(scenario, [(10, 10), (15, 15)], snap_distance=0.5)
    return change.created[0]


def test_a_loose_end_dropped_mid_segment_becomes_a_node_of_degree_three(grid: Scenario) -> None:
    new = dangle(grid)
    assert {p.code for p in Topology.build(grid.map).linework_problems()} == {"BOUNDARY_DANGLING"}
    faces = len(Topology.build(grid.map).face_ids())
    change = join(grid, new, 1, (15.2, 19.7))  # 0.3 above h21 (y = 20): its foot is (15.2, 20)
    assert grid.boundary_index()[new].points == [(10.0, 10.0), (15.2, 20.0)]
    assert degrees(grid)[(15.2, 20.0)] == 3  # h21 was cut there
    assert grid.boundary_index()["h21"].points == [(10.0, 20.0), (15.2, 20.0)]
    [rest] = change.created
    assert grid.boundary_index()[rest].points == [(15.2, 20.0), (20.0, 20.0)]
    topology = Topology.build(grid.map)
    assert topology.linework_problems() == []
    assert len(topology.face_ids()) == faces + 1
    codes = {issue.code for issue in validate(grid)}
    assert not {code for code in codes if "DANGLING" in code or "CROSS" in code}, codes


def test_an_inner_vertex_dropped_mid_segment_cuts_both_borders(grid: Scenario) -> None:
    new = ops.add_boundary(grid, [(10, 10), (14, 14), (20, 12)], snap_distance=0.5).created[0]
    join(grid, new, 1, (14.1, 19.8))
    assert degrees(grid)[(14.1, 20.0)] == 4
    assert Topology.build(grid.map).linework_problems() == []


def test_a_drop_that_would_cross_a_border_is_refused_and_changes_nothing(grid: Scenario) -> None:
    # The loose end of a border from (10, 10) dropped on h22 would run across v12 (x = 20).
    new = dangle(grid)
    before = io.dumps(grid)
    with pytest.raises(ops.InvalidGeometryError, match="cross boundary v12"):
        ops.move_vertex_onto(grid, new, 1, (25, 19.8), snap_distance=0.5)
    assert io.dumps(grid) == before


def test_a_drop_making_a_face_thinner_than_the_grid_is_refused(grid: Scenario) -> None:
    # A border from h11's first node running one grid step below h11: its loose end dropped on h11
    # would close a face 0.01 thick.
    new = ops.add_boundary(grid, [(10, 10), (12, 10.01), (14, 10.6)], snap_distance=0.2).created[0]
    before = io.dumps(grid)
    with pytest.raises(ops.InvalidGeometryError, match="thinner than the grid"):
        ops.move_vertex_onto(grid, new, 2, (14, 10.2), snap_distance=0.5)
    assert io.dumps(grid) == before


def test_nothing_near_to_join_is_refused(grid: Scenario) -> None:
    new = dangle(grid)
    with pytest.raises(ops.PreconditionError, match=r"no other border within 0\.5"):
        ops.move_vertex_onto(grid, new, 1, (15, 16), snap_distance=0.5)


def test_a_loose_end_dropped_on_an_island_ring_cuts_the_ring_there(grid: Scenario) -> None:
    ring = ops.add_boundary(grid, [(12, 12), (18, 12), (18, 18), (12, 18), (12, 12)], snap_distance=0.5)
    [island] = ring.created
    new = ops.add_boundary(grid, [(10, 10), (11, 11)], snap_distance=0.5).created[0]
    change = join(grid, new, 1, (12.3, 15))
    assert grid.boundary_index()[new].points == [(10.0, 10.0), (12.0, 15.0)]
    assert degrees(grid)[(12.0, 15.0)] == 3
    [rest] = change.created
    pieces = [grid.boundary_index()[island].points, grid.boundary_index()[rest].points]
    assert sorted(len(p) for p in pieces) == [2, 5]  # (12, 15) to the ring's first point, and around
    # No loose end is left: the new border is only a bridge to the island (one face on both sides).
    [problem] = Topology.build(grid.map).linework_problems()
    assert problem.boundary_ids == (new,) and "encloses nothing" in problem.message
