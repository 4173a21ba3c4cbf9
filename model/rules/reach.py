"""Reaches: how far each area is from one area, by a kind of movement a ruleset defines.

A reach answers "from this area, how many steps to every other area?" for one way of moving:
plain graph distance (every ruleset), land steps or seafaring reach across sea areas (EotMA 9.53,
34.32), a Seasons move, and so on. The ruleset declares the reaches it offers in its package
(``RulesetSpec.reaches`` names a ``module:function`` returning them); this module adds the shared
plain distance and is what the CLI and the editor ask. It never names a ruleset.

A reach is prepared once for a scenario and its graphs (a ruleset may compile the map for its
engine then) and then asked for any number of start areas: the answer maps every area it reaches
to its distance; an unreachable area is absent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import networkx as nx

from model.graph import MapGraphs
from model.rules import registry
from model.scenario import Scenario

Distances = dict[str, int]
"""Area id -> distance from the start area (the start at 0); unreachable areas are absent."""

Reacher = Callable[[str], Distances]
"""Distances from one start area, for a reach prepared on one scenario."""


@dataclass(frozen=True)
class Reach:
    """One kind of reach a ruleset offers: its id, how it reads, and how to compute it."""

    id: str
    name: str
    unit: str
    """What the distance counts, plural (``steps``, ``sea areas``, ``moves``)."""
    description: str
    rule: str
    """The rules behind it (``9.53, 34.32``); empty for plain graph distance."""
    prepare: Callable[[Scenario, MapGraphs], Reacher]
    """Return the function that gives the distances from a start area on this scenario's map."""


class UnknownReachError(KeyError):
    """No reach of that id for the scenario's ruleset (the message lists those there are)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown reach"


def _plain_distance(scenario: Scenario, graphs: MapGraphs) -> Reacher:
    def distances(start: str) -> Distances:
        require_area(graphs, start)
        return dict(nx.single_source_shortest_path_length(graphs.full, start))

    return distances


PLAIN = Reach(
    id="distance",
    name="Graph distance",
    unit="steps",
    description="Fewest steps between adjacent areas (land, sea, coast and connections alike).",
    rule="",
    prepare=_plain_distance,
)
"""The reach every ruleset has: breadth-first distance in the full adjacency graph."""


def require_area(graphs: MapGraphs, start: str) -> None:
    """Raise KeyError when the start area is not on the map (for a ruleset's reaches too)."""
    if start not in graphs.full:
        raise KeyError(f"no area with id {start!r} on the map")


def reaches(scenario: Scenario) -> list[Reach]:
    """Return the reaches the scenario's ruleset offers, plain graph distance first."""
    found = [PLAIN]
    spec = registry.get(scenario.ruleset.id)
    if spec is not None:
        found.extend(spec.ruleset_reaches())
    return found


def find(scenario: Scenario, reach_id: str) -> Reach:
    """Return the reach with this id for the scenario's ruleset, or raise UnknownReachError."""
    offered = reaches(scenario)
    for reach in offered:
        if reach.id == reach_id:
            return reach
    names = ", ".join(reach.id for reach in offered)
    raise UnknownReachError(
        f"the {scenario.ruleset.id} ruleset has no reach {reach_id!r}; it offers: {names}"
    )


def bfs(start: str, steps: Callable[[str], list[str]]) -> Distances:
    """Return the breadth-first distance of every area reachable through ``steps`` (a helper for rulesets)."""
    found: Distances = {start: 0}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for area in frontier:
            distance = found[area] + 1
            for other in steps(area):
                if other not in found:
                    found[other] = distance
                    following.append(other)
        frontier = following
    return found
