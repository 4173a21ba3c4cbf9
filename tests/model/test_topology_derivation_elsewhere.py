"""The first derivation of adjacency as work for another thread (``Topology.adjacency_derivation``):
run on another thread, it gives what ``adjacency`` gives, and the topology takes it back only while
its faces are those it read."""

from __future__ import annotations

from model import ops
from model.geometry import generate_test_map
from model.scenario import Boundary, Scenario
from model.topology import Topology


def _inner(scenario: Scenario, topology: Topology) -> Boundary:
    """A boundary with faces on both sides, starting nearest to the middle of the map."""
    bounds = scenario.map.bounds
    assert bounds is not None
    cx, cy = (bounds.min_x + bounds.max_x) / 2, (bounds.min_y + bounds.max_y) / 2
    inner = [b for b in scenario.map.boundaries if len(topology.boundary_faces(b.id)) == 2]
    return min(inner, key=lambda b: (b.points[0][0] - cx) ** 2 + (b.points[0][1] - cy) ** 2)


def test_a_derivation_elsewhere_gives_the_same_adjacency_and_is_taken_back() -> None:
    scenario = generate_test_map(150, seed=3)
    topology = Topology.build(scenario.map)
    work = topology.adjacency_derivation()
    assert work is not None
    derived = work.run()
    fresh = Topology.build(scenario.map)
    assert derived.adjacency == fresh.adjacency()
    assert topology.accept_adjacency(work, derived)
    assert topology.adjacency_derivation() is None  # derived now: ``adjacency`` is quick
    assert topology.adjacency() == fresh.adjacency()
    assert topology.boundary_sides() == fresh.boundary_sides()
    # Later edits bring the taken derivation up to date one boundary at a time, as usual.
    boundary = _inner(scenario, topology)
    x, y = boundary.points[0]
    change = ops.move_vertex(scenario, boundary.id, 0, (x + 0.5, y + 0.25))
    topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
    assert topology.last_update_was_local
    assert topology.adjacency() == Topology.build(scenario.map).adjacency()
    assert topology.last_refresh_boundaries < len(scenario.map.boundaries)


def test_a_derivation_of_faces_updated_since_is_not_taken() -> None:
    scenario = generate_test_map(120, seed=4)
    topology = Topology.build(scenario.map)
    work = topology.adjacency_derivation()
    assert work is not None
    boundary = _inner(scenario, topology)
    x, y = boundary.points[0]
    change = ops.move_vertex(scenario, boundary.id, 0, (x + 0.5, y + 0.25))
    topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
    derived = work.run()  # of the faces before the edit
    assert not topology.accept_adjacency(work, derived)
    assert topology.adjacency() == Topology.build(scenario.map).adjacency()
    # Derived here meanwhile: a late one is not taken either.
    other = Topology.build(scenario.map)
    late = other.adjacency_derivation()
    assert late is not None
    other.adjacency()
    assert not other.accept_adjacency(late, late.run())
