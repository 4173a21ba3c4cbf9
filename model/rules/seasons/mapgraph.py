"""The adjacency the Seasons engine and checks need: one symmetric map of every area's neighbours.

It comes from the shared map graphs (``model.graph``), so the rules see exactly the land-land,
land-sea and sea-sea links that the editor draws and the validator checks, typed connections
included.
"""

from __future__ import annotations

from collections.abc import Collection

from model.graph import MapGraphs
from model.scenario import Scenario

Adjacency = dict[str, frozenset[str]]

MOVE_KINDS = {(True, True): "land", (True, False): "embark", (False, False): "sail", (False, True): "landing"}
"""Seasons: Tokens / Move and Units / War Boat: a move by (from land, to land)."""


def adjacency(scenario: Scenario, graphs: MapGraphs | None = None) -> Adjacency:
    """Return every area's neighbours (areas without faces have none)."""
    graphs = graphs if graphs is not None else MapGraphs.from_scenario(scenario)
    return {area.id: frozenset(graphs.neighbours(area.id)) for area in scenario.map.areas}


def move_kind(land: Collection[str], source: str, target: str) -> str:
    """Return which kind of move goes from source to target: land, embark, sail or landing."""
    return MOVE_KINDS[(source in land, target in land)]
