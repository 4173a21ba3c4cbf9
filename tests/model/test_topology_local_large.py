"""Edits on big generated maps stay local and give what a fresh build gives (issue 15).

The counters the topology exposes say how much an edit touched: ``last_update_was_local`` and
``last_update_faces`` for the re-polygonizing, ``last_refresh_boundaries`` for the adjacency,
boundary sides and linework check after it. A crossing somewhere else in the map must not make
edits full builds (a big map more often has one somewhere), and an edit of a crossing boundary is
local too (``model.topology_broken``).
"""

from __future__ import annotations

from functools import cache

import pytest

from model import ops
from model.geometry import generate_test_map
from model.scenario import AdjacencyPolicy, Boundary, CornerTouch, Scenario
from model.topology import Topology


@cache
def _generated(n_areas: int) -> Scenario:
    return generate_test_map(n_areas, seed=7)


def _map(n_areas: int) -> Scenario:
    """A fresh copy of a generated map (the generated one is cached: 20,000 areas take seconds)."""
    return _generated(n_areas).model_copy(deep=True)


def _inner_nodes(scenario: Scenario, count: int) -> list[tuple[str, int]]:
    """Start points of boundaries nearest to points spread over the middle of the map."""
    targets = [(4000.0, 4000.0), (6000.0, 4000.0), (4000.0, 6000.0), (6000.0, 6000.0)][:count]
    picks = []
    for tx, ty in targets:
        nearest = min(
            scenario.map.boundaries,
            key=lambda b: (b.points[0][0] - tx) ** 2 + (b.points[0][1] - ty) ** 2,
        )
        picks.append((nearest.id, 0))
    return picks


def _edit_and_check(scenario: Scenario, topology: Topology, picks: list[tuple[str, int]]) -> None:
    """Move each node a little; every update is local, small, and equal to a fresh build."""
    for boundary_id, index in picks:
        x, y = scenario.boundary_index()[boundary_id].points[index]
        change = ops.move_vertex(scenario, boundary_id, index, (x + 3.0, y + 2.0))
        topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
        assert topology.last_update_was_local
        # A node where three borders meet: its three faces (a few more when a neighbour's box
        # meets the moved lines), never a share of the map.
        assert 3 <= topology.last_update_faces <= 12
        topology.adjacency()
        topology.linework_problems()
        # The rings of the changed faces (a Voronoi cell has about six sides) and the boundaries
        # ending at their nodes: dozens, where the map has thousands.
        assert 3 <= topology.last_refresh_boundaries <= 80
    fresh = Topology.build(scenario.map)
    assert topology.canonical() == fresh.canonical()
    assert topology.linework_problems() == fresh.linework_problems()
    assert topology.adjacency() == fresh.adjacency()


def _check_large(n_areas: int) -> None:
    scenario = _map(n_areas)
    topology = Topology.build(scenario.map)
    topology.prepare_for_edits()
    topology.adjacency()
    assert topology.last_refresh_boundaries == len(scenario.map.boundaries)  # the first: all
    picks = _inner_nodes(scenario, 4)
    assert len(picks) == 4
    _edit_and_check(scenario, topology, picks)


def test_edits_on_5000_areas_stay_local_and_equal_a_fresh_build() -> None:
    _check_large(5000)


@pytest.mark.slow
def test_edits_on_20000_areas_stay_local_and_equal_a_fresh_build() -> None:
    _check_large(20_000)


def _with_crossing(scenario: Scenario) -> str:
    """Add a boundary near a corner of the map that crosses borders away from their nodes."""
    crossing = Boundary(id="crossing", points=[(500.0, 503.0), (1500.0, 1497.0)])
    scenario.map.boundaries.append(crossing)
    return crossing.id


def test_a_crossing_elsewhere_does_not_make_edits_full_builds() -> None:
    scenario = _map(5000)
    crossing = _with_crossing(scenario)
    topology = Topology.build(scenario.map)
    problems = topology.linework_problems()
    assert any(p.code == "BOUNDARY_CROSSING" and crossing in p.boundary_ids for p in problems)
    _edit_and_check(scenario, topology, _inner_nodes(scenario, 3))
    # The crossing is still reported, exactly as a fresh build reports it.
    assert topology.linework_problems() == Topology.build(scenario.map).linework_problems()


def test_an_edit_of_a_crossing_boundary_stays_local() -> None:
    """Moving a vertex of the crossing boundary is re-polygonized locally (``model.topology_broken``)
    and gives what a full build gives, problems too."""
    scenario = _map(5000)
    crossing = _with_crossing(scenario)
    topology = Topology.build(scenario.map)
    topology.prepare_for_edits()
    change = ops.move_vertex(scenario, crossing, 1, (1400.0, 1397.0))
    topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
    assert topology.last_update_was_local, topology.last_full_build_reason
    fresh = Topology.build(scenario.map)
    assert topology.canonical() == fresh.canonical()
    assert topology.linework_problems() == fresh.linework_problems()


@pytest.mark.parametrize("min_length", [0.0, 15.0])
def test_corner_adjacency_is_kept_up_to_date_locally(grid: Scenario, min_length: float) -> None:
    """Pairs meeting only at a node count when the policy says so; edits keep them right.

    Moving the node where four cells meet makes two of them share a short border and leaves
    the other two meeting at a corner no more; a pair shorter than ``min_length`` stays by the
    corner rule. Each step is compared with a fresh build.
    """
    grid.map.adjacency = AdjacencyPolicy(min_shared_length=min_length, corner_touch=CornerTouch.ADJACENT)
    topology = Topology.build(grid.map)
    before = topology.adjacency()
    assert before[frozenset(("a00", "a11"))] == 0.0  # diagonal cells: a corner only
    for step in range(1, 4):
        change = ops.move_vertex(grid, "h11", 0, (10.0 + step, 10.0 + step / 2))
        topology.update(grid.map, change.touched.boundaries, change.touched.areas)
        assert topology.last_update_was_local
        fresh = Topology.build(grid.map)
        assert topology.adjacency() == fresh.adjacency()
        assert topology.boundary_sides() == fresh.boundary_sides()
        assert topology.linework_problems() == fresh.linework_problems()
    assert topology.adjacency() != before
