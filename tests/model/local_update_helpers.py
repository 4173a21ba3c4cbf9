"""Shared by the tests that prove local topology updates equal a fresh build (issue 15).

A small generated map, copied afresh for every example, and the check that an updated topology is
exactly what a full build of the same map gives.
"""

from __future__ import annotations

from functools import cache

from model import ops
from model.geometry import generate_test_map
from model.ops.core import OpError
from model.scenario import Scenario
from model.topology import Topology

AREAS = 120
"""The generated map of the property tests: small, so that a fresh build after every edit is quick."""


@cache
def _generated(n_areas: int, seed: int) -> Scenario:
    return generate_test_map(n_areas, seed=seed)


def generated_map(n_areas: int, seed: int) -> Scenario:
    """A private copy of the generated map of ``n_areas`` areas and ``seed`` (made once, copied)."""
    return _generated(n_areas, seed).model_copy(deep=True)


def assert_fresh(scenario: Scenario, topology: Topology) -> None:
    """The updated topology is what a full build of the map gives: faces, anchors, adjacency,
    sides, and the linework problems in the same order."""
    fresh = Topology.build(scenario.map)
    assert topology.canonical() == fresh.canonical()
    assert topology.linework_problems() == fresh.linework_problems()


def drag_and_check(
    scenario: Scenario,
    topology: Topology,
    boundary_id: str,
    index: int,
    target: tuple[float, float],
    undo: bool,
) -> None:
    """Move a boundary's node to ``target`` (and, with ``undo``, back where it was), updating the
    topology after each move and checking it against a fresh build; a move the op refuses (a point
    off the map, a degenerate line) ends the drag."""
    start = scenario.boundary_index()[boundary_id].points[index]
    for point in [target, start] if undo else [target]:
        try:
            change = ops.move_vertex(scenario, boundary_id, index, point)
        except OpError:
            return
        topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
        assert topology.last_update_was_local == (topology.last_full_build_reason == "")
        assert_fresh(scenario, topology)
