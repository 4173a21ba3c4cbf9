"""Checks and random points shared by the tests of the linework ops (drawing, splitting, joining)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import shapely
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon

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


def point_in_face(data: st.DataObject, face: Polygon, margin: float) -> tuple[float, float]:
    """A point inside ``face`` drawn by hypothesis: on a random chord at a random height.

    The chord's height lies between ``margin`` and ``1 - margin`` of the face's height, the point
    between 0.1 and 0.9 of the chord; a face with no chord there gives its ``point_on_surface``.
    """
    west, south, east, north = face.bounds
    y = south + (north - south) * data.draw(st.floats(margin, 1 - margin))
    chord = face.intersection(LineString([(west - 1, y), (east + 1, y)]))
    pieces = [p for p in shapely.get_parts(chord) if p.length > 0]
    if not pieces:
        point = face.point_on_surface()
        return (point.x, point.y)
    at = data.draw(st.sampled_from(pieces)).interpolate(data.draw(st.floats(0.1, 0.9)), normalized=True)
    return (at.x, at.y)
