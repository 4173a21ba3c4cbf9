"""The adjacency the Seasons engine and checks need: one symmetric map of every area's neighbours.

It comes from the shared map graphs (``model.graph``), so the rules see exactly the land-land,
land-sea and sea-sea links that the editor draws and the validator checks, typed connections
included.
"""

from __future__ import annotations

from model.graph import MapGraphs
from model.scenario import Scenario

Adjacency = dict[str, frozenset[str]]


def adjacency(scenario: Scenario) -> Adjacency:
    """Return every area's neighbours (areas without faces have none)."""
    graphs = MapGraphs.from_scenario(scenario)
    return {area.id: frozenset(graphs.neighbours(area.id)) for area in scenario.map.areas}
