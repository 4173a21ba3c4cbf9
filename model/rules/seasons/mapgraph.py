"""The adjacency the Seasons engine and checks need, derived from the scenario's linework.

It polygonizes the boundaries itself, because the rules need land-land, land-sea and sea-sea links
in one symmetric map: an area is the union of the faces holding its anchors, two areas are
adjacent when their borders share a line longer than the map's minimum, and typed connections add
(strait, sea lane) or remove (impassable) links.
"""

from __future__ import annotations

from typing import Any

from model.scenario import ConnectionKind, Scenario

Adjacency = dict[str, frozenset[str]]


def _derive(scenario: Scenario) -> Adjacency:
    from shapely import LineString, Point, polygonize, unary_union

    lines = [LineString(boundary.points) for boundary in scenario.map.boundaries]
    links: dict[str, set[str]] = {area.id: set() for area in scenario.map.areas}
    if lines:
        faces = list(polygonize([unary_union(lines)]).geoms)
        shapes: dict[str, Any] = {}
        for area in scenario.map.areas:
            held = [face for face in faces if any(face.covers(Point(anchor)) for anchor in area.anchors)]
            if held:
                shapes[area.id] = unary_union(held)
        minimum = scenario.map.adjacency.min_shared_length
        ids = sorted(shapes)
        for index, first in enumerate(ids):
            for second in ids[index + 1 :]:
                a, b = shapes[first], shapes[second]
                if not a.intersects(b):
                    continue
                shared = a.boundary.intersection(b.boundary).length
                if shared > minimum:
                    links[first].add(second)
                    links[second].add(first)
    _apply_connections(scenario, links)
    return {area: frozenset(others) for area, others in links.items()}


def _apply_connections(scenario: Scenario, links: dict[str, set[str]]) -> None:
    for connection in scenario.map.connections:
        if connection.a not in links or connection.b not in links:
            continue
        if connection.kind is ConnectionKind.IMPASSABLE:
            links[connection.a].discard(connection.b)
            links[connection.b].discard(connection.a)
        elif connection.kind in (ConnectionKind.STRAIT, ConnectionKind.SEA_LANE):
            links[connection.a].add(connection.b)
            links[connection.b].add(connection.a)


def adjacency(scenario: Scenario) -> Adjacency:
    """Return every area's neighbours (a symmetric map; areas without faces have none)."""
    return _derive(scenario)
