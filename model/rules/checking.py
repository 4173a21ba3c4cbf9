"""What the rulesets' scenario checks share: where an area is and what it is called in a message,
and the map's graphs, built once on first use.

A ruleset's checks (``RulesetSpec.checks``) keep their indexes in a checker object; they derive it
from :class:`AreaChecker` so that every ruleset points at and names areas alike and builds the
graphs only when a check needs them (a coast check, say).
"""

from __future__ import annotations

from model.graph import MapGraphs
from model.scenario import Area, Point, Scenario
from model.topology import Topology


class AreaChecker:
    """The scenario, its areas by id and its graphs (given, or built on first use)."""

    def __init__(self, scenario: Scenario, graphs: MapGraphs | None) -> None:
        self.scenario = scenario
        self.graphs = graphs
        self.areas: dict[str, Area] = scenario.area_index()

    def where(self, area_id: str) -> Point | None:
        """A point of the area to zoom to (its label, else its first anchor); None for no area."""
        area = self.areas.get(area_id)
        return None if area is None else (area.label or area.anchors[0])

    def name(self, area_id: str) -> str:
        """The area's name and id for messages (the quoted id for an unknown area)."""
        area = self.areas.get(area_id)
        return f"{area.name!r} ({area_id})" if area is not None else repr(area_id)

    def map_graphs(self) -> MapGraphs | None:
        """The scenario's graphs; None when the map's geometry cannot be built (the validator
        reports why), so the checks that need them are skipped."""
        if self.graphs is None:
            try:
                self.graphs = MapGraphs.from_scenario(self.scenario, Topology.build(self.scenario.map))
            except Exception:  # no usable geometry: skip the checks that need the graphs
                return None
        return self.graphs
