"""Drawing a border (``ops.add_boundary``) from and to anywhere on the linework: vertices, the
middle of segments, its own first point; every crossing becomes a node; a loose end stays a
reported dangling border.

The grid map (tests/model/conftest.py): land squares ``a{row}{col}`` of 10 x 10, y growing
downwards; ``h{r}{c}`` runs from (10c, 10r) to (10c + 10, 10r), ``v{r}{c}`` from (10c, 10r) to
(10c, 10r + 10); grid step 0.01.
"""

from __future__ import annotations

import pytest
from linework_checks import checked_edit, degrees

from model import ops
from model.scenario import Scenario
from model.topology import Topology
from model.validate import validate


def draw(scenario: Scenario, points: list[tuple[float, float]], snap: float = 0.5) -> ops.Change:
    """Draw through the ops with an up-to-date topology; check the local update and byte-exact undo."""
    return checked_edit(
        scenario, lambda topology: ops.add_boundary(scenario, points, snap_distance=snap, topology=topology)
    )


def test_from_the_middle_of_a_segment_to_the_middle_of_another_closes_a_face(grid: Scenario) -> None:
    faces = len(Topology.build(grid.map).face_ids())
    # From near the middle of h11 (y = 10) to near the middle of h21 (y = 20), ends off by 0.2.
    change = draw(grid, [(13.3, 10.2), (16.7, 19.8)])
    new = grid.boundary_index()[change.created[0]]
    assert new.points == [(13.3, 10.0), (16.7, 20.0)]
    nodes = degrees(grid)
    assert nodes[(13.3, 10.0)] == nodes[(16.7, 20.0)] == 3  # h11 and h21 were cut there
    assert change.touched.boundaries >= {"h11", "h21"}
    topology = Topology.build(grid.map)
    assert topology.linework_problems() == []
    assert len(topology.face_ids()) == faces + 1
    [gap] = topology.gaps()  # the new face: the editor gives it an area
    assert topology.face(gap).area == pytest.approx(50.0)


def test_across_three_borders_every_crossing_becomes_a_node(grid: Scenario) -> None:
    faces = len(Topology.build(grid.map).face_ids())
    # From the middle of v10 (the map's west edge) through a10, a11, a21 and a22 to the middle of
    # v22 (its east edge), crossing v11, h21 and v21.
    change = draw(grid, [(0.3, 12), (15, 12), (15, 25), (29.8, 25)])
    pieces = [grid.boundary_index()[b].points for b in change.created[:4]]
    assert pieces == [
        [(0.0, 12.0), (10.0, 12.0)],
        [(10.0, 12.0), (15.0, 12.0), (15.0, 20.0)],
        [(15.0, 20.0), (15.0, 25.0), (20.0, 25.0)],
        [(20.0, 25.0), (30.0, 25.0)],
    ]
    nodes = degrees(grid)
    # On the map's edge: the two halves of the edge and the new line; inside: four lines.
    assert [nodes[n] for n in [(0.0, 12.0), (10.0, 12.0), (15.0, 20.0), (20.0, 25.0), (30.0, 25.0)]] == [
        3,
        4,
        4,
        4,
        3,
    ]
    topology = Topology.build(grid.map)
    assert topology.linework_problems() == []
    assert len(topology.face_ids()) == faces + 4
    # The anchors of a11, a21 and a22 lay on the line: each moved into the bigger side.
    assert sorted(topology.face(f).area for f in topology.gaps()) == pytest.approx([20.0, 25.0, 40.0, 50.0])
    assert topology.stray_anchors() == []


def test_ending_within_the_tolerance_of_the_first_point_closes_the_shape(grid: Scenario) -> None:
    change = draw(grid, [(12, 12), (14, 12), (14, 14), (12, 14), (12.6, 12.5)], snap=1.0)
    [ring] = [grid.boundary_index()[b] for b in change.created]
    assert ring.points[0] == ring.points[-1] == (12.0, 12.0)
    topology = Topology.build(grid.map)
    assert topology.linework_problems() == []
    [gap] = topology.gaps()
    assert topology.face(gap).area == pytest.approx(4.0)
    # Too far from the first point: it stays open, a dangling border the validator names.
    grid_open = Scenario.model_validate(grid.model_dump())
    change.revert(grid_open)
    change = ops.add_boundary(
        grid_open, [(12, 12), (14, 12), (14, 14), (12, 14), (12, 13.2)], snap_distance=1.0
    )
    dangling = [i for i in validate(grid_open) if i.code == "BOUNDARY_DANGLING"]
    assert [i.ids for i in dangling] == [(change.created[0],)]


def test_a_shape_starting_and_closing_on_the_middle_of_a_segment(grid: Scenario) -> None:
    change = draw(grid, [(12, 10.3), (12, 13), (14, 13), (12.4, 10.4)], snap=1.0)
    nodes = degrees(grid)
    assert nodes[(12.0, 10.0)] == 4  # h11 cut there, and both ends of the ring
    ring = grid.boundary_index()[change.created[0]]
    assert ring.points[0] == ring.points[-1] == (12.0, 10.0)
    topology = Topology.build(grid.map)
    assert topology.linework_problems() == []
    [gap] = topology.gaps()
    assert topology.face(gap).area == pytest.approx(3.0)


def test_starting_on_a_vertex_and_ending_in_empty_space_is_a_reported_dangle(grid: Scenario) -> None:
    change = draw(grid, [(10.2, 9.8), (15, 15)])
    new = grid.boundary_index()[change.created[0]]
    assert new.points == [(10.0, 10.0), (15.0, 15.0)]
    dangling = [i for i in validate(grid) if i.code == "BOUNDARY_DANGLING"]
    assert [i.ids for i in dangling] == [(new.id,)]


def test_new_faces_take_new_areas_as_the_editor_gives_them(grid: Scenario) -> None:
    """The editor's Draw border tool adds an area in each new face without one (same undo step)."""
    change = draw(grid, [(0.3, 12), (15, 12), (15, 25), (29.8, 25)])
    topology = Topology.build(grid.map)
    created = set(change.created)
    for face in [f for f in topology.gaps() if created & set(topology.face_boundaries(f))]:
        inside = topology.face(face).representative_point()
        ops.add_area(grid, (inside.x, inside.y))
    topology = Topology.build(grid.map)
    assert topology.gaps() == [] and topology.shared_faces() == {} and topology.stray_anchors() == []
