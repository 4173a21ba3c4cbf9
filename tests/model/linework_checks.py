"""Checks shared by the tests of the linework ops (drawing a border, joining a dragged vertex)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from model import io, ops
from model.scenario import Scenario
from model.topology import Topology


def degrees(scenario: Scenario) -> Counter[tuple[float, float]]:
    """Node -> how many boundary ends meet there."""
    ends: Counter[tuple[float, float]] = Counter()
    for boundary in scenario.map.boundaries:
        ends[boundary.points[0]] += 1
        ends[boundary.points[-1]] += 1
    return ends


def checked_edit(scenario: Scenario, edit: Callable[[Topology], ops.Change]) -> ops.Change:
    """Run ``edit`` with an up-to-date topology; check the topology's local update and byte-exact undo."""
    before = io.dumps(scenario)
    topology = Topology.build(scenario.map)
    change = edit(topology)
    topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
    assert topology.canonical() == Topology.build(scenario.map).canonical()
    after = io.dumps(scenario)
    redo = change.revert(scenario)
    assert io.dumps(scenario) == before
    redo.revert(scenario)
    assert io.dumps(scenario) == after
    return change
