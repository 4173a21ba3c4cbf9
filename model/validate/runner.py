"""``validate``: run every check, then the ruleset's own, and give the issues map points."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

import networkx as nx

from model.graph import MapGraphs
from model.issues import Issue, Severity
from model.perf import gc_paused
from model.rules import registry
from model.scenario import Point, Scenario
from model.topology import Topology
from model.validate import conflicts, connections, geometry, identity, playable, ruleset_data, underlays
from model.validate.codes import internal_error
from model.validate.context import Check, Context

CHECKS: list[tuple[str, Check]] = [
    ("linework", geometry.linework),
    ("faces", geometry.faces),
    ("neighbours", geometry.neighbours),
    ("ids", identity.ids),
    ("names", identity.names),
    ("references", identity.references),
    ("connections", connections.connections),
    ("ruleset", ruleset_data.ruleset),
    ("attributes", ruleset_data.attributes),
    ("units", ruleset_data.units),
    ("underlays", underlays.underlays),
    ("table overrides", playable.table_overrides),
    ("merge conflicts", conflicts.merge_conflicts),
]
"""The core checks in the order they run, each with the name an INTERNAL_ERROR gives if it crashes."""


def validate(
    scenario: Scenario, *, topology: Topology | None = None, graphs: MapGraphs | None = None
) -> list[Issue]:
    """Return every issue found in the scenario (core checks, then the ruleset's); never raises.

    ``topology`` (a ``model.topology.Topology``) and ``graphs`` (a ``model.graph.MapGraphs``) of
    this very scenario may be passed to skip rebuilding them.

    The cyclic garbage collector is paused meanwhile (what the checks build is freed when they
    end, and collected after): its passes over a 20,000-area map's objects took a fifth of a run.
    """
    with gc_paused():
        return _validate(scenario, topology, graphs)


def _validate(scenario: Scenario, topology: Topology | None, graphs: MapGraphs | None) -> list[Issue]:
    try:
        spec = registry.get(scenario.ruleset.id)
    except Exception as error:
        return [internal_error("ruleset registry", error)]
    context = Context(scenario, spec, topology, graphs)
    found: list[Issue] = []
    for name, function in CHECKS:
        try:
            found.extend(function(context))
        except Exception as error:  # never raise: a crashing check becomes one issue
            found.append(internal_error(name, error))
    if context.geometry_issue is not None:
        found.append(context.geometry_issue)
    if spec is not None:
        try:
            geometry = context.geometry()
            extra = {"graphs": geometry[1]} if geometry is not None else {}
            found.extend(spec.run_checks(scenario, **extra))
        except Exception as error:
            found.append(internal_error(f"{spec.id} ruleset checks", error))
    if not has_errors(found):  # what validates clean must play: ask the engine to set it up
        try:
            found.extend(playable.engine_setup(context))
        except Exception as error:
            found.append(internal_error("engine set-up", error))
    if graphs is None and context.graphs is not None:
        _release(context.graphs)
    try:
        return _with_locations(found, scenario)
    except Exception:  # locating is a convenience: never lose the issues over it
        return found


def _release(graphs: MapGraphs) -> None:
    """Empty graphs that only this run used, so that they are freed now.

    A networkx graph refers to itself through the views it caches (``nodes``, ``degree``...), so a
    dropped one is left to the cyclic garbage collector: on a 5,000-area map some 50,000 dicts,
    sets and lists per run, whose collection holds the GIL for tens of milliseconds (the editor's
    UI stalls while its live validation runs). Emptied, their contents are freed at once.

    They are emptied a node's neighbours at a time: ``Graph.clear`` frees a whole graph's contents
    in one C call, which holds the GIL for 100-200 ms on a 30,000-area map; node by node, other
    threads (the editor's UI thread) run in between. Each node's dict of neighbours is cleared in
    place (an edge's data goes with the second of its two ends), which is a fifth of the cost of
    ``remove_node`` (that looks up every neighbour's entry too).
    """
    for value in vars(graphs).values():
        if isinstance(value, nx.Graph):
            for neighbours in value._adj.values():
                neighbours.clear()
            value.clear()


def _with_locations(found: list[Issue], scenario: Scenario) -> list[Issue]:
    """Give a map point to issues that name objects but no point, so the editor can zoom to them."""
    if all(item.location is not None or not item.ids for item in found):
        return found
    points = _object_points(scenario)
    located = []
    for item in found:
        if item.location is None:
            point = next((points[i] for i in item.ids if i in points), None)
            if point is not None:
                item = dataclasses.replace(item, location=point)
        located.append(item)
    return located


def _object_points(scenario: Scenario) -> dict[str, Point]:
    """A point for every object that has a place on the map: areas, boundaries, units, courts..."""
    points: dict[str, Point] = {}
    for boundary in scenario.map.boundaries:
        points[boundary.id] = boundary.points[len(boundary.points) // 2]
    for area in scenario.map.areas:
        points[area.id] = area.label or area.anchors[0]
    for connection in scenario.map.connections:
        if connection.a in points:
            points.setdefault(connection.id, points[connection.a])
    for unit in scenario.setup.units:
        if unit.area in points:
            points.setdefault(unit.id, points[unit.area])
    for empire in scenario.setup.empires:
        court = empire.attributes.get("court")
        if isinstance(court, str) and court in points:
            points.setdefault(empire.id, points[court])
    for area_id, setup in scenario.setup.areas.items():
        if setup.owner is not None and area_id in points:
            points.setdefault(
                setup.owner, points[area_id]
            )  # a Magnate (or courtless empire): one of its areas
    return points


def has_errors(issues: Iterable[Issue]) -> bool:
    """Return whether any of the issues is an error."""
    return any(item.severity is Severity.ERROR for item in issues)
