"""Faces, anchors, adjacency and linework checks of ``model.topology`` on hand-made maps."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, MultiPolygon, Polygon

from model.scenario import AdjacencyPolicy, Area, AreaKind, Boundary, CornerTouch, Scenario
from model.topology import Topology

Factory = Callable[[], Scenario]


def ring(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    """A closed square ring."""
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]


def grid_pairs(corner: bool = False) -> set[frozenset[str]]:
    """The expected adjacency of the grid map: rook moves, plus king moves when ``corner``."""
    cells = {(r, c): f"a{r}{c}" for r in range(3) for c in range(3)}
    cells.update({(3, c): f"s{c}" for c in range(3)})
    steps = [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if corner else [])
    pairs = set()
    for (r, c), name in cells.items():
        for dr, dc in steps:
            other = cells.get((r + dr, c + dc))
            if other:
                pairs.add(frozenset((name, other)))
    return pairs


def test_grid_faces_each_hold_one_area(grid: Scenario) -> None:
    topology = Topology.build(grid.map)
    assert len(topology.face_ids()) == 12
    assert topology.gaps() == []
    assert topology.shared_faces() == {}
    assert topology.stray_anchors() == []
    assert topology.linework_problems() == []
    shape = topology.area_geometry("a11")
    assert isinstance(shape, Polygon)
    assert shape.area == pytest.approx(100.0)
    assert shape.bounds == (10.0, 10.0, 20.0, 20.0)


def test_adjacency_is_rook_moves_with_border_lengths(grid: Scenario) -> None:
    adjacency = Topology.build(grid.map).adjacency()
    assert set(adjacency) == grid_pairs()
    assert all(length == pytest.approx(10.0) for length in adjacency.values())


def test_corner_touch_adjacent_adds_diagonals_with_length_zero(grid: Scenario) -> None:
    grid.map.adjacency = AdjacencyPolicy(corner_touch=CornerTouch.ADJACENT)
    adjacency = Topology.build(grid.map).adjacency()
    assert set(adjacency) == grid_pairs(corner=True)
    assert adjacency[frozenset(("a00", "a11"))] == 0.0
    assert adjacency[frozenset(("a00", "a01"))] == pytest.approx(10.0)


def test_min_shared_length_drops_short_borders(grid: Scenario) -> None:
    # a00 holds cells 00 and 01, a10 holds cells 10 and 11: they share a border 20 long.
    grid.map.areas = [a for a in grid.map.areas if a.id not in ("a01", "a11")]
    grid.area("a00").anchors = [(5.0, 5.0), (15.0, 5.0)]
    grid.area("a10").anchors = [(5.0, 15.0), (15.0, 15.0)]
    grid.map.adjacency = AdjacencyPolicy(min_shared_length=15.0)
    adjacency = Topology.build(grid.map).adjacency()
    assert adjacency[frozenset(("a00", "a10"))] == pytest.approx(20.0)
    assert frozenset(("a00", "a02")) not in adjacency  # shares only 10
    assert frozenset(("a10", "a20")) not in adjacency
    # Corner touch "adjacent" keeps the short borders with their real length.
    grid.map.adjacency = AdjacencyPolicy(min_shared_length=15.0, corner_touch=CornerTouch.ADJACENT)
    adjacency = Topology.build(grid.map).adjacency()
    assert adjacency[frozenset(("a00", "a02"))] == pytest.approx(10.0)


def test_face_without_anchor_is_a_gap(grid: Scenario) -> None:
    grid.map.areas = [a for a in grid.map.areas if a.id != "a11"]
    topology = Topology.build(grid.map)
    gaps = topology.gaps()
    assert len(gaps) == 1
    assert topology.face(gaps[0]).bounds == (10.0, 10.0, 20.0, 20.0)
    assert topology.area_at(15, 15) is None
    # The border of a gap has None on the gap's side.
    left, right = topology.boundary_sides()["v11"]
    assert (left, right) == ("a10", None)


def test_face_with_two_anchors_is_shared(grid: Scenario) -> None:
    grid.area("a00").anchors.append((15.0, 15.0))
    grid.area("a00").anchors = list(grid.area("a00").anchors)
    topology = Topology.build(grid.map)
    shared = topology.shared_faces()
    assert list(shared.values()) == [["a00", "a11"]]
    assert topology.area_faces("a00") == [topology.face_at(5, 5), topology.face_at(15, 15)]


def test_anchor_outside_or_on_a_line_is_stray(grid: Scenario) -> None:
    grid.area("a22").anchors = [(25.0, 25.0), (100.0, 100.0)]
    grid.area("a21").anchors = [(20.0, 25.0)]  # on the border v22
    topology = Topology.build(grid.map)
    assert topology.stray_anchors() == [("a21", 0), ("a22", 1)]
    assert topology.area_faces("a21") == []
    assert topology.area_geometry("a21") is None
    assert frozenset(("a21", "a20")) not in topology.adjacency()


def test_islands_make_a_multi_part_area_with_holes_in_the_sea(grid: Scenario) -> None:
    grid.map.boundaries += [
        Boundary(id="i1", points=ring(11, 31, 14, 34)),
        Boundary(id="i2", points=ring(21, 31, 24, 34)),
    ]
    grid.map.areas.append(Area(id="isles", name="Isles", anchors=[(12.0, 32.0), (22.0, 32.0)]))
    topology = Topology.build(grid.map)
    shape = topology.area_geometry("isles")
    assert isinstance(shape, MultiPolygon)
    assert shape.area == pytest.approx(18.0)
    sea = topology.area_geometry("s1")
    assert isinstance(sea, Polygon)
    assert sea.area == pytest.approx(91.0)
    assert len(sea.interiors) == 1
    adjacency = topology.adjacency()
    assert adjacency[frozenset(("isles", "s1"))] == pytest.approx(12.0)
    assert adjacency[frozenset(("isles", "s2"))] == pytest.approx(12.0)
    assert frozenset(("isles", "a21")) not in adjacency
    assert topology.area_at(12.5, 32.5) == "isles"
    assert topology.area_at(16, 36) == "s1"
    assert topology.linework_problems() == []


def test_boundary_sides_left_and_right(grid: Scenario) -> None:
    sides = Topology.build(grid.map).boundary_sides()
    # h00 runs +x along the top: the square below (larger y) is on its left in x-right, y-up terms.
    assert sides["h00"] == ("a00", None)
    assert sides["v01"] == ("a00", "a01")
    assert sides["h11"] == ("a11", "a01")
    assert sides["h40"] == (None, "s0")
    assert len(sides) == len(grid.map.boundaries)


def test_face_at_and_area_at(grid: Scenario) -> None:
    topology = Topology.build(grid.map)
    assert topology.area_at(25, 35) == "s2"
    assert topology.area_at(-5, 5) is None
    assert topology.face_at(-5, 5) is None
    assert topology.face_at(10, 5) is not None  # on a border: one of the two faces


def problems_of(boundaries: list[Boundary]) -> list[tuple[str, tuple[str, ...]]]:
    from model.scenario import MapData

    topology = Topology.build(MapData(boundaries=boundaries))
    return sorted((p.code, p.boundary_ids) for p in topology.linework_problems())


def test_linework_problems_each_code() -> None:
    square = Boundary(id="sq", points=ring(0, 0, 10, 10))
    assert problems_of([square]) == []
    bow = Boundary(id="bow", points=[(0, 0), (10, 10), (10, 0), (0, 10), (0, 0)])
    assert problems_of([bow]) == [("BOUNDARY_SELF_CROSSING", ("bow",))]
    cross = Boundary(id="x", points=[(5, -5), (5, 15)])
    found = problems_of([square, cross])
    assert ("BOUNDARY_CROSSING", ("sq", "x")) in found
    assert ("BOUNDARY_DANGLING", ("x",)) in found
    twin = Boundary(id="twin", points=ring(0, 0, 10, 10))
    assert ("BOUNDARY_DUPLICATE", ("sq", "twin")) in problems_of([square, twin])
    repeat = Boundary(id="r", points=[(0, 0), (3, 0), (3, 0), (0, 5), (0, 0)])
    assert problems_of([repeat]) == [("BOUNDARY_DEGENERATE", ("r",))]
    zero = Boundary(id="z", points=[(2, 2), (2, 2)])
    assert ("BOUNDARY_DEGENERATE", ("z",)) in problems_of([zero])
    tee = Boundary(id="t", points=[(5, 0), (5, -5), (20, -5), (20, 5), (10, 5)])
    found = problems_of([square, tee])
    assert ("BOUNDARY_CROSSING", ("sq", "t")) in found


def test_linework_problem_locations_and_messages() -> None:
    from model.scenario import MapData

    square = Boundary(id="sq", points=ring(0, 0, 10, 10))
    cross = Boundary(id="x", points=[(5, -5), (5, 15)])
    topology = Topology.build(MapData(boundaries=[square, cross]))
    crossing = next(p for p in topology.linework_problems() if p.code == "BOUNDARY_CROSSING")
    assert crossing.location in ((5.0, 0.0), (5.0, 10.0))
    assert "sq" in crossing.message and "x" in crossing.message
    dangling = next(p for p in topology.linework_problems() if p.code == "BOUNDARY_DANGLING")
    assert dangling.location in ((5.0, -5.0), (5.0, 15.0))


def test_ring_touching_another_at_its_node_is_clean() -> None:
    from model.scenario import MapData

    outer = Boundary(id="o", points=ring(0, 0, 10, 10))
    inner = Boundary(id="i", points=[(0, 0), (5, 2), (2, 5), (0, 0)])
    topology = Topology.build(MapData(boundaries=[outer, inner]))
    assert topology.linework_problems() == []
    assert len(topology.face_ids()) == 2


# --- local updates equal a fresh build ------------------------------------------------------


def check_same(topology: Topology, scenario: Scenario) -> None:
    fresh = Topology.build(scenario.map)
    assert topology.canonical() == fresh.canonical()
    assert len(topology.gaps()) == len(fresh.gaps())
    assert topology.stray_anchors() == fresh.stray_anchors()
    assert sorted(topology.linework_problems(), key=repr) == sorted(fresh.linework_problems(), key=repr)
    assert topology.adjacency() == pytest.approx(fresh.adjacency())
    assert topology.boundary_sides() == fresh.boundary_sides()
    for area in scenario.map.areas:
        mine, theirs = topology.area_geometry(area.id), fresh.area_geometry(area.id)
        assert (mine is None) == (theirs is None)
        if mine is not None and theirs is not None:
            # No overlay here: with crossing linework the faces may overlap, which GEOS refuses.
            assert mine.area == pytest.approx(theirs.area)
            assert mine.bounds == pytest.approx(theirs.bounds)


def move_node(scenario: Scenario, node: tuple[float, float], to: tuple[float, float]) -> list[str]:
    """Move a node in every boundary that ends there (what ``ops.move_vertex`` does)."""
    changed = []
    for boundary in scenario.map.boundaries:
        if node in (boundary.points[0], boundary.points[-1]):
            boundary.points = [to if p == node else p for p in boundary.points]
            changed.append(boundary.id)
    return changed


def test_update_after_moving_a_node_is_local_and_exact(grid: Scenario) -> None:
    topology = Topology.build(grid.map)
    changed = move_node(grid, (10.0, 10.0), (13.0, 12.0))
    topology.update(grid.map, changed)
    assert topology.last_update_was_local
    check_same(topology, grid)
    # v01 now runs from (10, 0) to (13, 12).
    assert topology.adjacency()[frozenset(("a00", "a01"))] == pytest.approx((9 + 144) ** 0.5)
    assert topology.area_geometry("a00").area == pytest.approx(100 + 0.5 * 10 * 3 + 0.5 * 10 * 2)  # type: ignore[union-attr]


def test_update_after_deleting_a_boundary_merges_faces(grid: Scenario) -> None:
    topology = Topology.build(grid.map)
    grid.map.boundaries = [b for b in grid.map.boundaries if b.id != "v11"]
    topology.update(grid.map)
    assert topology.last_update_was_local
    check_same(topology, grid)
    assert list(topology.shared_faces().values()) == [["a10", "a11"]]


def test_update_after_adding_a_splitting_boundary_and_an_area(grid: Scenario) -> None:
    topology = Topology.build(grid.map)
    grid.map.boundaries.append(Boundary(id="d1", points=[(10.0, 10.0), (20.0, 20.0)]))
    grid.map.areas.append(Area(id="new", name="New", anchors=[(18.0, 12.0)]))
    grid.area("a11").anchors = [(12.0, 18.0)]
    topology.update(grid.map, ["d1"], ["new", "a11"])
    assert topology.last_update_was_local
    check_same(topology, grid)
    assert topology.area_geometry("new").area == pytest.approx(50.0)  # type: ignore[union-attr]
    assert topology.adjacency()[frozenset(("a11", "new"))] == pytest.approx(200**0.5)


def test_update_moving_the_outer_edge_out_is_local(grid: Scenario) -> None:
    """A node of the map's outer edge dragged outwards (``model.topology_outer``)."""
    topology = Topology.build(grid.map)
    changed = move_node(grid, (0.0, 10.0), (-4.0, 10.0))
    topology.update(grid.map, changed)
    assert topology.last_update_was_local, topology.last_full_build_reason
    check_same(topology, grid)


def test_update_with_anchor_moves_only(grid: Scenario) -> None:
    topology = Topology.build(grid.map)
    grid.area("a11").anchors = [(100.0, 100.0)]
    grid.map.areas = [a for a in grid.map.areas if a.id != "a22"]
    topology.update(grid.map, changed_areas=["a11"])
    check_same(topology, grid)
    assert topology.stray_anchors() == [("a11", 0)]
    assert len(topology.gaps()) == 2


NODES = [(float(c * 10), float(r * 10)) for r in range(1, 4) for c in range(1, 3)]
# and nodes of the map's outer edge, whose moves out reach past every face
NODES += [(x, float(r * 10)) for x in (0.0, 30.0) for r in range(1, 4)] + [(10.0, 0.0), (20.0, 40.0)]

edit = st.one_of(
    st.tuples(st.just("move"), st.sampled_from(NODES), st.integers(-3, 3), st.integers(-3, 3)),
    st.tuples(st.just("delete"), st.integers(0, 40)),
    st.tuples(st.just("diagonal"), st.integers(0, 2), st.integers(0, 3)),
    st.tuples(st.just("anchor"), st.integers(0, 11), st.integers(1, 39), st.integers(1, 39)),
    st.tuples(st.just("bend"), st.integers(0, 40), st.integers(-2, 2)),
    st.tuples(st.just("island"), st.integers(2, 28), st.integers(2, 38), st.integers(1, 4)),
    st.tuples(st.just("island_anchor"), st.integers(0, 11)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(edit, min_size=1, max_size=6))
def test_update_equals_fresh_build_after_random_edits(make_grid: Factory, edits: list[tuple]) -> None:
    scenario = make_grid()
    topology = Topology.build(scenario.map)
    serial = 0
    moved = dict(zip(NODES, NODES, strict=True))
    for item in edits:
        changed: list[str] = []
        areas: list[str] = []
        kind = item[0]
        if kind == "move":
            _, node, dx, dy = item
            current = moved[node]
            target = (node[0] + dx, node[1] + dy)
            changed = move_node(scenario, current, target)
            moved[node] = target
        elif kind == "delete" and scenario.map.boundaries:
            victim = scenario.map.boundaries[item[1] % len(scenario.map.boundaries)]
            scenario.map.boundaries = [b for b in scenario.map.boundaries if b is not victim]
        elif kind == "diagonal":
            _, r, c = item
            serial += 1
            corner = moved.get((c * 10.0, r * 10.0), (c * 10.0, r * 10.0))
            far = moved.get((c * 10.0 + 10, r * 10.0 + 10), (c * 10.0 + 10, r * 10.0 + 10))
            if corner != far:
                scenario.map.boundaries.append(Boundary(id=f"d{serial}", points=[corner, far]))
        elif kind == "anchor":
            _, index, x, y = item
            area = scenario.map.areas[index]
            area.anchors = [(float(x), float(y))]
            areas = [area.id]
        elif kind == "bend" and scenario.map.boundaries:
            boundary = scenario.map.boundaries[item[1] % len(scenario.map.boundaries)]
            (x0, y0), (x1, y1) = boundary.points[0], boundary.points[-1]
            middle = ((x0 + x1) / 2 + item[2], (y0 + y1) / 2 - item[2])
            boundary.points = [boundary.points[0], *boundary.points[1:-1], middle, boundary.points[-1]]
            changed = [boundary.id]
        elif kind == "island":
            _, cx, cy, half = item
            serial += 1
            ring = [
                (cx - half, cy - half),
                (cx + half, cy - half),
                (cx + half, cy + half),
                (cx - half, cy + half),
            ]
            points = [(float(x), float(y)) for x, y in [*ring, ring[0]]]
            scenario.map.boundaries.append(Boundary(id=f"i{serial}", points=points))
        elif kind == "island_anchor":
            rings = [b for b in scenario.map.boundaries if b.id.startswith("i")]
            if rings:
                ring = rings[item[1] % len(rings)]
                area = scenario.map.areas[item[1] % len(scenario.map.areas)]
                x0, y0 = ring.points[0]
                area.anchors = [*area.anchors, (x0 + 0.5, y0 + 0.5)]
                areas = [area.id]
        topology.update(scenario.map, changed, areas)
        check_same(topology, scenario)


def test_sea_kind_does_not_change_faces(grid: Scenario) -> None:
    grid.area("a11").kind = AreaKind.SEA
    assert Topology.build(grid.map).area_at(15, 15) == "a11"


# --- geometry helpers (model.linework, model.geometry) -------------------------------------


def test_polygons_to_linework_stores_each_shared_border_once() -> None:
    from shapely.geometry import box

    from model.io import quantize_point
    from model.linework import polygons_to_linework
    from model.scenario import MapData

    # The right square's shared edge is off by less than a grid step: snapping joins them.
    shapes = [box(0, 0, 10, 10), box(10.001, 0, 20, 10), box(3, 13, 5, 15), box(30, 30, 30.001, 30.001)]
    linework = polygons_to_linework(shapes, grid=0.01)
    total = sum(LineString(line).length for line in linework.lines)
    assert total == pytest.approx(40 + 20 + 10 + 8)  # outline 60, shared edge 10 once, island 8
    assert all(quantize_point(p, 0.01) == p for line in linework.lines for p in line)  # as saved
    anchors = linework.anchors_by_owner(len(shapes))
    assert anchors[3] == []  # smaller than the grid: vanished
    areas = [Area(id=f"p{i}", name=f"P{i}", anchors=points) for i, points in enumerate(anchors[:3])]
    boundaries = [Boundary(id=f"b{i}", points=line) for i, line in enumerate(linework.lines)]
    topology = Topology.build(MapData(boundaries=boundaries, areas=areas))
    assert topology.linework_problems() == []
    assert topology.gaps() == [] and topology.stray_anchors() == []
    assert topology.adjacency() == {frozenset(("p0", "p1")): pytest.approx(10.0)}


def test_split_line_at_cuts_on_and_between_vertices() -> None:
    from model.geometry import split_line_at

    assert split_line_at([(0, 0), (10, 0), (10, 10)], [(5, 0), (10, 0), (10, 4)]) == [
        [(0.0, 0.0), (5.0, 0.0)],
        [(5.0, 0.0), (10.0, 0.0)],
        [(10.0, 0.0), (10.0, 4.0)],
        [(10.0, 4.0), (10.0, 10.0)],
    ]
    assert split_line_at([(0, 0), (10, 0)], [(0, 0), (10, 0)]) == [[(0.0, 0.0), (10.0, 0.0)]]
    ring_pieces = split_line_at([(0, 0), (10, 0), (10, 10), (0, 0)], [(10, 5)])
    assert ring_pieces == [[(0.0, 0.0), (10.0, 0.0), (10.0, 5.0)], [(10.0, 5.0), (10.0, 10.0), (0.0, 0.0)]]


def test_generated_test_map_is_clean() -> None:
    from model.geometry import generate_test_map

    scenario = generate_test_map(200, seed=3)
    topology = Topology.build(scenario.map)
    assert len(scenario.map.areas) == 200
    assert len(topology.face_ids()) == 200
    assert topology.gaps() == [] and topology.shared_faces() == {} and topology.stray_anchors() == []
    assert topology.linework_problems() == []
    kinds = {area.kind for area in scenario.map.areas}
    assert kinds == {AreaKind.LAND, AreaKind.SEA}
    assert generate_test_map(200, seed=3).model_dump() == scenario.model_dump()  # deterministic
