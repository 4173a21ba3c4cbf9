"""Edits that make, move or undo crossing borders stay local and equal a fresh build (issue 15).

A drag that slips a node across a neighbouring border makes the linework cross itself; the faces
of such linework come out of polygonize's rings (``model.topology_broken``), and a local update
must give exactly what a full build gives: the same faces, anchors, adjacency and sides, and the
same linework problems in the same order.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model import ops
from model.linework_problems import count_box_pairs
from model.ops.core import OpError
from model.scenario import Boundary, Scenario
from model.topology import Topology, boundary_lines
from tests.model.local_update_helpers import AREAS, assert_fresh, drag_and_check, generated_map


def _crossings(topology: Topology) -> int:
    return sum(p.code == "BOUNDARY_CROSSING" for p in topology.linework_problems())


def _inner_starts(scenario: Scenario, step: int) -> list[str]:
    """Boundaries starting well inside the map (every ``step``-th)."""
    bounds = scenario.map.bounds
    size = bounds.max_x - bounds.min_x
    picks = []
    for boundary in scenario.map.boundaries[::step]:
        x, y = boundary.points[0]
        if 0.25 * size < x < 0.75 * size and 0.25 * size < y < 0.75 * size:
            picks.append(boundary.id)
    return picks


def test_dragging_a_node_across_a_face_and_back_stays_local() -> None:
    """A node thrown across the face beside it (mirrored through the face's centre, so its borders
    cross the face's far side) and then put back: both updates local and equal to a fresh build."""
    scenario = generated_map(200, 11)
    topology = Topology.build(scenario.map)
    topology.prepare_for_edits()
    crossing = 0
    for boundary_id in _inner_starts(scenario, 7)[:16]:
        x, y = scenario.boundary_index()[boundary_id].points[0]
        centre = topology.face(topology.boundary_faces(boundary_id)[0]).centroid
        change = ops.move_vertex(scenario, boundary_id, 0, (2 * centre.x - x, 2 * centre.y - y))
        topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
        assert topology.last_update_was_local, topology.last_full_build_reason
        assert topology.last_full_build_reason == ""
        crossing += _crossings(topology) > 0
        assert_fresh(scenario, topology)
        change = ops.move_vertex(scenario, boundary_id, 0, (x, y))
        topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
        assert topology.last_update_was_local, topology.last_full_build_reason
        assert _crossings(topology) == 0
        assert_fresh(scenario, topology)
    assert crossing >= 12  # most of those drags crossed a border (13 of 16 on this map)


def test_the_issue_drag_on_5000_areas_is_local() -> None:
    """Issue 15's case: node 0 of b4483 moved by (+3, +2) crosses a neighbouring border."""
    scenario = generated_map(5000, 7)
    topology = Topology.build(scenario.map)
    topology.prepare_for_edits()
    for dx, dy in [(3.0, 2.0), (3.0, 2.0), (-6.0, -4.0)]:
        x, y = scenario.boundary_index()["b4483"].points[0]
        change = ops.move_vertex(scenario, "b4483", 0, (x + dx, y + dy))
        topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
        assert topology.last_update_was_local, topology.last_full_build_reason
        assert topology.last_update_faces <= 12
    fresh = Topology.build(scenario.map)
    assert topology.canonical() == fresh.canonical()
    assert topology.linework_problems() == fresh.linework_problems() == []


_MOVE = st.tuples(
    st.integers(min_value=0, max_value=10_000),  # which boundary
    st.booleans(),  # its start or its end
    st.sampled_from([0.05, 0.5, 1.0, 2.0]),  # how far, in face widths: a slip to a big throw
    st.floats(min_value=-1.0, max_value=1.0),
    st.floats(min_value=-1.0, max_value=1.0),
    st.booleans(),  # then undo it (move the node back)
    st.booleans(),  # and move an area's anchor to where the borders moved (faces may overlap there)
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_MOVE, min_size=1, max_size=6))
def test_random_node_moves_equal_a_fresh_build(
    moves: list[tuple[int, bool, float, float, float, bool, bool]],
) -> None:
    """Random node moves, small and big (across neighbours), some undone, some followed by an
    anchor moved where the borders moved: after every update the topology equals a fresh build,
    and says why when it was not local."""
    scenario = generated_map(AREAS, 3)
    topology = Topology.build(scenario.map)
    topology.prepare_for_edits()
    bounds = scenario.map.bounds
    width = (bounds.max_x - bounds.min_x) / AREAS**0.5
    for pick, at_end, scale, fx, fy, undo, anchor in moves:
        boundary = scenario.map.boundaries[pick % len(scenario.map.boundaries)]
        index = len(boundary.points) - 1 if at_end else 0
        x, y = boundary.points[index]
        target = (x + fx * scale * width, y + fy * scale * width)
        drag_and_check(scenario, topology, boundary.id, index, target, undo)
        if anchor:
            area = scenario.map.areas[pick % len(scenario.map.areas)]
            middle = ((x + target[0]) / 2, (y + target[1]) / 2)
            try:
                change = ops.move_anchor(scenario, area.id, 0, middle)
            except OpError:
                continue
            topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
            assert_fresh(scenario, topology)


def test_the_check_counts_the_box_pairs_it_bounds() -> None:
    """The whole check reports the box pairs it examined (what a topology keeps through edits)."""
    scenario = generated_map(AREAS, 3)
    topology = Topology.build(scenario.map)
    work = topology.linework_check()
    assert work is not None
    result = work.run()
    assert result.box_pairs == count_box_pairs(boundary_lines(scenario.map.boundaries))
    assert result.box_pairs is not None and result.box_pairs > len(scenario.map.boundaries)


def _crossed_map() -> tuple[Scenario, Topology]:
    """The small map with one boundary laid straight across a dozen faces (crossing their borders)."""
    scenario = generated_map(AREAS, 3)
    bounds = scenario.map.bounds
    size = bounds.max_x - bounds.min_x
    scenario.map.boundaries.append(
        Boundary(id="crossing", points=[(0.2 * size, 0.25 * size), (0.8 * size, 0.7 * size)])
    )
    topology = Topology.build(scenario.map)
    topology.prepare_for_edits()
    assert _crossings(topology) >= 6
    return scenario, topology


def _borders_crossed(scenario: Scenario, topology: Topology) -> list[str]:
    """The borders of the faces that the crossing line runs through (it dangles: no face is its)."""
    (ax, ay), (bx, by) = scenario.boundary_index()["crossing"].points
    faces = {topology.face_at(ax + t / 50 * (bx - ax), ay + t / 50 * (by - ay)) for t in range(1, 50)}
    return sorted({b for f in faces if f is not None for b in topology.face_boundaries(f)} - {"crossing"})


def test_deleting_a_border_beside_a_crossing_and_undoing_it_is_local() -> None:
    """Borders of faces that a crossing line runs through, deleted and put back: local updates
    (the graph's 2-core keeps), each equal to a fresh build."""
    scenario, topology = _crossed_map()
    borders = _borders_crossed(scenario, topology)
    local = 0
    for boundary_id in borders[:10]:
        change = ops.delete_boundary(scenario, boundary_id)
        topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
        local += topology.last_update_was_local
        assert_fresh(scenario, topology)
        change = change.revert(scenario)
        topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
        local += topology.last_update_was_local
        assert_fresh(scenario, topology)
    assert local == 20


def test_an_island_beside_a_crossing_drawn_and_undone_is_local() -> None:
    """An island drawn in a face beside a crossing, then undone: its hole goes to the face around
    it (``model.topology_holes``), locally, as a full build gives it."""
    scenario, topology = _crossed_map()
    bounds = scenario.map.bounds
    x, y = (bounds.max_x + bounds.min_x) / 2, (bounds.max_y + bounds.min_y) / 2
    ring = [(x + 10.0, y - 30.0), (x + 30.0, y - 30.0), (x + 30.0, y - 10.0), (x + 10.0, y - 30.0)]
    holes = sum(len(topology.face(f).interiors) for f in topology.face_ids())
    change = ops.add_boundary(scenario, ring)
    topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
    assert topology.last_update_was_local, topology.last_full_build_reason
    assert sum(len(topology.face(f).interiors) for f in topology.face_ids()) == holes + 1
    assert_fresh(scenario, topology)
    change = change.revert(scenario)
    topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
    assert topology.last_update_was_local, topology.last_full_build_reason
    assert_fresh(scenario, topology)


_EDIT = st.tuples(
    st.integers(min_value=0, max_value=10_000),  # which border of a face the crossing runs through
    st.booleans(),  # then undo it (put the border back)
)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_EDIT, min_size=1, max_size=4))
def test_random_deletes_beside_a_crossing_equal_a_fresh_build(edits: list[tuple[int, bool]]) -> None:
    """Borders beside a crossing deleted, some put back: after every update the topology equals a
    fresh build, and says why when it was not local."""
    scenario, topology = _crossed_map()
    for pick, undo in edits:
        borders = _borders_crossed(scenario, topology)
        if not borders:
            break
        change = ops.delete_boundary(scenario, borders[pick % len(borders)])
        topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
        assert topology.last_update_was_local == (topology.last_full_build_reason == "")
        assert_fresh(scenario, topology)
        if undo:
            change = change.revert(scenario)
            topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
            assert topology.last_update_was_local == (topology.last_full_build_reason == "")
            assert_fresh(scenario, topology)


_ISLAND = st.tuples(
    st.sampled_from(["draw", "delete", "move"]),
    st.floats(min_value=0.05, max_value=0.95),  # where along the crossing line
    st.floats(min_value=-1.0, max_value=1.0),  # how far beside it, in face widths
    st.sampled_from([0.05, 0.2, 0.5, 1.2]),  # how big, in face widths (big ones take in borders)
    st.integers(min_value=0, max_value=10_000),  # which island to delete, which node to move
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_ISLAND, min_size=1, max_size=6))
def test_random_islands_beside_a_crossing_equal_a_fresh_build(
    edits: list[tuple[str, float, float, float, int]],
) -> None:
    """Islands drawn beside and across a crossing line (some in others, some taking in borders),
    deleted, and nodes moved near them: after every update the topology equals a fresh build, and
    says why when it was not local."""
    scenario, topology = _crossed_map()
    bounds = scenario.map.bounds
    width = (bounds.max_x - bounds.min_x) / AREAS**0.5
    (ax, ay), (bx, by) = scenario.boundary_index()["crossing"].points
    islands: list[str] = []
    for kind, along, beside, size, pick in edits:
        x, y = ax + along * (bx - ax) + beside * width, ay + along * (by - ay) - beside * width
        try:
            if kind == "draw":
                r = size * width
                ring = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r), (x - r, y - r)]
                change = ops.add_boundary(scenario, ring)
                islands.extend(change.created[:1])
            elif kind == "delete" and islands:
                change = ops.delete_boundary(scenario, islands.pop(pick % len(islands)))
            else:
                boundary = scenario.map.boundaries[pick % len(scenario.map.boundaries)]
                change = ops.move_vertex(scenario, boundary.id, 0, (x, y))
        except OpError:
            continue  # a degenerate line, or a border the op will not draw: nothing changed
        topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
        assert topology.last_update_was_local == (topology.last_full_build_reason == "")
        assert_fresh(scenario, topology)


def _local_update(scenario: Scenario, topology: Topology, change: ops.Change) -> int:
    """Update after ``change`` (just made); 1 when it was local (the assert says why if not)."""
    topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
    assert topology.last_update_was_local, topology.last_full_build_reason
    return 1


def test_border_and_island_edits_beside_a_crossing_on_a_big_map_are_local() -> None:
    """On a 3,000-area map with a line crossing a stretch of faces: borders there deleted and put
    back, islands drawn and undone, all local, and the result a fresh build's."""
    scenario = generated_map(3000, 7)
    size = scenario.map.bounds.max_x - scenario.map.bounds.min_x
    (ax, ay), (bx, by) = (0.4 * size, 0.4 * size + 3.0), (0.6 * size, 0.6 * size - 3.0)
    scenario.map.boundaries.append(Boundary(id="crossing", points=[(ax, ay), (bx, by)]))
    topology = Topology.build(scenario.map)
    topology.prepare_for_edits()
    assert _crossings(topology) >= 10
    edits = 0
    for share in (0.2, 0.4, 0.6, 0.8):
        x, y = ax + share * (bx - ax), ay + share * (by - ay)
        face = topology.face_at(x + 20.0, y - 20.0)
        assert face is not None
        border = next(b for b in topology.face_boundaries(face) if b != "crossing")
        ring = [(x + 15.0, y - 25.0), (x + 25.0, y - 25.0), (x + 25.0, y - 15.0), (x + 15.0, y - 25.0)]
        change = ops.delete_boundary(scenario, border)
        edits += _local_update(scenario, topology, change)
        edits += _local_update(scenario, topology, change.revert(scenario))
        change = ops.add_boundary(scenario, ring)
        edits += _local_update(scenario, topology, change)
        edits += _local_update(scenario, topology, change.revert(scenario))
    assert edits == 16
    fresh = Topology.build(scenario.map)
    assert topology.canonical() == fresh.canonical()
    assert topology.linework_problems() == fresh.linework_problems()
