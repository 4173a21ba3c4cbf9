"""Edits at the map's outer edge stay local and equal a fresh build (issue 15).

A node on the border of the whole map dragged outwards takes its borders out of every face;
``model.topology_outer`` finds the faces there from the lines near the edit and proves them a full
build's. Each update must give exactly what a full build gives: the same faces, anchors,
adjacency and sides, and the same linework problems.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model import ops
from model.topology import Topology
from tests.model.local_update_helpers import AREAS, assert_fresh, drag_and_check, generated_map


def _edge_boundaries(topology: Topology) -> list[str]:
    """Boundaries with a face on one side only: the map's outer edge (in map order)."""
    return [bid for bid in topology.boundary_ids() if len(topology.boundary_faces(bid)) == 1]


def test_outer_edge_nodes_dragged_out_and_back_on_a_big_map_are_local() -> None:
    """On a 3,000-area map, nodes of the outer edge dragged out (and in, and back): every update
    local, few faces touched, and the result a fresh build's."""
    scenario = generated_map(3000, 7)
    topology = Topology.build(scenario.map)
    topology.prepare_for_edits()
    edge = _edge_boundaries(topology)
    assert len(edge) > 100
    moves = 0
    for boundary_id in edge[:: len(edge) // 12]:
        x, y = scenario.boundary_index()[boundary_id].points[0]
        for target in [(x - 3.0, y + 2.0), (x + 3.0, y - 2.0), (x, y)]:
            change = ops.move_vertex(scenario, boundary_id, 0, target)
            topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
            assert topology.last_full_build_reason == ""
            assert topology.last_update_was_local
            assert topology.last_update_faces <= 8
            moves += 1
    assert moves >= 36
    assert_fresh(scenario, topology)


def test_a_far_outward_drag_of_an_edge_node_is_local() -> None:
    """A node at the left edge dragged a fifth of the map out: local, and a fresh build's faces."""
    scenario = generated_map(AREAS, 3)
    topology = Topology.build(scenario.map)
    topology.prepare_for_edits()
    bounds = scenario.map.bounds
    edge = min(scenario.map.boundaries, key=lambda b: b.points[0][0])  # starts at the left edge
    x, y = edge.points[0]
    area = next(a for a in topology.boundary_sides()[edge.id] if a is not None)
    before = topology.area_geometry(area)
    change = ops.move_vertex(scenario, edge.id, 0, (x - 0.2 * (bounds.max_x - bounds.min_x), y))
    topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
    assert topology.last_update_was_local, topology.last_full_build_reason
    assert_fresh(scenario, topology)
    assert before is not None
    grown = topology.area_geometry(area)
    assert grown is not None and grown.area > before.area  # the area reaches out with its node


def test_a_boundary_drawn_outside_the_map_closing_a_new_face_is_local() -> None:
    """A border drawn from one edge node out and back to the next one closes a face outside the
    map: local, and equal to a fresh build (the new face holds no anchor: a gap)."""
    scenario = generated_map(AREAS, 3)
    topology = Topology.build(scenario.map)
    topology.prepare_for_edits()
    bounds = scenario.map.bounds
    left = sorted(
        (
            b
            for b in scenario.map.boundaries
            if b.points[0][0] == bounds.min_x and b.points[-1][0] == bounds.min_x
        ),
        key=lambda b: b.points[0][1],
    )[0]
    (x0, y0), (x1, y1) = left.points[0], left.points[-1]
    out = 0.05 * (bounds.max_x - bounds.min_x)
    gaps = len(topology.gaps())
    change = ops.add_boundary(scenario, [(x0, y0), (x0 - out, y0), (x1 - out, y1), (x1, y1)])
    topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
    assert topology.last_update_was_local, topology.last_full_build_reason
    assert len(topology.gaps()) == gaps + 1
    assert_fresh(scenario, topology)
    change = change.revert(scenario)
    topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
    assert topology.last_update_was_local, topology.last_full_build_reason
    assert_fresh(scenario, topology)


_MOVE = st.tuples(
    st.integers(min_value=0, max_value=10_000),  # which edge boundary
    st.booleans(),  # its start or its end
    st.sampled_from([0.05, 0.5, 1.0, 2.0]),  # how far, in face widths: a slip to a big throw
    st.floats(min_value=-1.0, max_value=1.0),
    st.floats(min_value=-1.0, max_value=1.0),
    st.booleans(),  # then undo it (move the node back)
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_MOVE, min_size=1, max_size=6))
def test_random_outer_edge_moves_equal_a_fresh_build(
    moves: list[tuple[int, bool, float, float, float, bool]],
) -> None:
    """Random moves of nodes on the map's outer edge, out, in and across neighbours, some undone:
    after every update the topology equals a fresh build, and says why when it was not local."""
    scenario = generated_map(AREAS, 3)
    topology = Topology.build(scenario.map)
    topology.prepare_for_edits()
    bounds = scenario.map.bounds
    width = (bounds.max_x - bounds.min_x) / AREAS**0.5
    for pick, at_end, scale, fx, fy, undo in moves:
        edge = _edge_boundaries(topology)
        if not edge:
            break
        boundary = scenario.boundary_index()[edge[pick % len(edge)]]
        index = len(boundary.points) - 1 if at_end else 0
        x, y = boundary.points[index]
        target = (x + fx * scale * width, y + fy * scale * width)
        drag_and_check(scenario, topology, boundary.id, index, target, undo)
