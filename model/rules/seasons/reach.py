"""The reaches Seasons offers on the map (``model.rules.reach``): moves of land units and war boats.

A move token takes units to an adjacent area, one area per season (Seasons: Tokens / Move); what
may make a move depends on its kind (``mapgraph.move_kind``, the engine's own): infantry and
cavalry march from land to land, embark onto war boats and land from them; war boats sail from
sea area to sea area carrying them (Units / War Boat). Distances count moves, on the engine's
links (``mapgraph.adjacency``).
"""

from __future__ import annotations

from collections.abc import Callable

from model.graph import MapGraphs
from model.rules.reach import Distances, Reach, Reacher, bfs, require_area
from model.rules.seasons.mapgraph import adjacency, move_kind
from model.scenario import AreaKind, Scenario


def _moves(kinds: frozenset[str]) -> Callable[[Scenario, MapGraphs], Reacher]:
    def prepare(scenario: Scenario, graphs: MapGraphs) -> Reacher:
        links = adjacency(scenario, graphs)
        land = {area.id for area in scenario.map.areas if area.kind == AreaKind.LAND}

        def distances(start: str) -> Distances:
            require_area(graphs, start)
            return bfs(
                start, lambda area: sorted(b for b in links[area] if move_kind(land, area, b) in kinds)
            )

        return distances

    return prepare


def reaches() -> list[Reach]:
    """Return the Seasons reaches (the registry's ``reaches`` entry for ``seasons``)."""
    return [
        Reach(
            id="move",
            name="Moves (with war boats)",
            unit="moves",
            description=(
                "Moves a land unit needs to get there (one move token, one area per season): "
                "over land, and by embarking, sailing and landing with war boats."
            ),
            rule="Seasons: Tokens / Move; Units / War Boat",
            prepare=_moves(frozenset({"land", "embark", "sail", "landing"})),
        ),
        Reach(
            id="march",
            name="March (land only)",
            unit="moves",
            description="Moves infantry or cavalry need to get there over land (one area per season).",
            rule="Seasons: Tokens / Move",
            prepare=_moves(frozenset({"land"})),
        ),
        Reach(
            id="sail",
            name="Sail (war boats)",
            unit="moves",
            description="Moves a war boat needs to sail there, from sea area to sea area (one per season).",
            rule="Seasons: Units / War Boat",
            prepare=_moves(frozenset({"sail"})),
        ),
    ]
