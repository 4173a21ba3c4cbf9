"""A topology built for reading only (``Topology.build(..., for_edits=False)``, the validator's)
derives the same adjacency and linework problems without the tables edits read, and an update
of it still equals a fresh build."""

from __future__ import annotations

import pytest

from model.geometry import generate_test_map
from model.scenario import Boundary, CornerTouch, Scenario
from model.topology import Topology


def test_read_only_build_derives_the_same(grid: Scenario) -> None:
    # A dangling boundary and a free-standing one, so the dangling check has work to do.
    grid.map.boundaries.append(Boundary(id="spur", points=[(10.0, 10.0), (14.0, 13.0)]))
    grid.map.boundaries.append(Boundary(id="loose", points=[(50.0, 50.0), (60.0, 55.0)]))
    full = Topology.build(grid.map)
    lean = Topology.build(grid.map, for_edits=False)
    assert list(lean.adjacency().items()) == list(full.adjacency().items())
    assert lean.linework_problems() == full.linework_problems()
    assert {p.boundary_ids[0] for p in lean.linework_problems()} == {"spur", "loose"}
    assert lean.boundary_sides() == full.boundary_sides()
    assert lean.adjacency()[frozenset(("a00", "a01"))] == pytest.approx(10.0)
    assert lean.last_refresh_boundaries == len(grid.map.boundaries)


def test_read_only_build_of_a_generated_map_keeps_the_order() -> None:
    scenario = generate_test_map(400, seed=5)
    full = Topology.build(scenario.map)
    lean = Topology.build(scenario.map, for_edits=False)
    assert list(lean.adjacency().items()) == list(full.adjacency().items())
    assert lean.linework_problems() == full.linework_problems()


def test_corner_policy_takes_the_full_derivation(grid: Scenario) -> None:
    grid.map.adjacency.corner_touch = CornerTouch.ADJACENT
    full = Topology.build(grid.map)
    lean = Topology.build(grid.map, for_edits=False)
    assert lean.adjacency() == full.adjacency()
    assert frozenset(("a00", "a11")) in lean.adjacency()  # diagonal neighbours meet at a corner


def test_update_after_a_read_only_build_equals_a_fresh_build(grid: Scenario) -> None:
    topology = Topology.build(grid.map, for_edits=False)
    topology.adjacency()
    boundary = next(b for b in grid.map.boundaries if b.id == "v11")
    boundary.points = [boundary.points[0], (13.0, 15.0), boundary.points[-1]]
    topology.update(grid.map, ["v11"])
    fresh = Topology.build(grid.map)
    assert topology.adjacency() == pytest.approx(fresh.adjacency())
    assert topology.linework_problems() == fresh.linework_problems()
    assert topology.canonical() == fresh.canonical()
    assert topology.last_update_was_local
    # The derivation started again, with the tables of edits: a second edit is derived locally.
    boundary.points = [boundary.points[0], (14.0, 16.0), boundary.points[-1]]
    topology.update(grid.map, ["v11"])
    assert topology.adjacency() == pytest.approx(Topology.build(grid.map).adjacency())
    assert topology.last_refresh_boundaries < len(grid.map.boundaries)
