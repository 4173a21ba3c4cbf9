"""What the checks share: the scenario with indexes and derived geometry built once, and helpers."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from model.graph import MapGraphs
from model.issues import Issue
from model.rules.registry import RulesetSpec
from model.scenario import Area, Point, Scenario
from model.topology import Topology
from model.validate.codes import internal_error, issue
from model.validate.geometry_failure import FAILURES, geometry_failed


@dataclass
class Context:
    """The scenario plus indexes and derived geometry that several checks need (built once)."""

    scenario: Scenario
    spec: RulesetSpec | None
    topology: Topology | None = None
    graphs: MapGraphs | None = None
    geometry_issue: Issue | None = None
    areas: dict[str, Area] = field(init=False)
    empires: set[str] = field(init=False)
    magnates: set[str] = field(init=False)
    _known: dict[str, set[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.areas = {area.id: area for area in self.scenario.map.areas}
        self.empires = {empire.id for empire in self.scenario.setup.empires}
        self.magnates = {magnate.id for magnate in self.scenario.setup.magnates}

    def location_of(self, area_id: str) -> Point | None:
        """Return a point to zoom to for an area (its label, else its first anchor)."""
        area = self.areas.get(area_id)
        if area is None:
            return None
        return area.label or area.anchors[0]

    def known_ids(self) -> dict[str, set[str]]:
        """Return the ids of each kind that attribute fields may refer to (built once)."""
        if not self._known:
            catalogs = self.scenario.catalogs
            self._known = {
                "area": set(self.areas),
                "empire": self.empires,
                "magnate": self.magnates,
                "language": {item.id for item in catalogs.languages},
                "religion": {item.id for item in catalogs.religions},
                "language_family": {item.id for item in catalogs.language_families},
                "religion_group": {item.id for item in catalogs.religion_groups},
            }
        return self._known

    def geometry(self) -> tuple[Topology, MapGraphs] | None:
        """Return the topology and graphs, built on first use; None when building them failed."""
        if self.topology is not None and self.graphs is not None:
            return self.topology, self.graphs
        if self.geometry_issue is not None:
            return None
        try:
            if self.topology is None:
                # Read and dropped: without the tables that only edits of it would read.
                self.topology = Topology.build(self.scenario.map, for_edits=False)
            if self.graphs is None:
                self.graphs = MapGraphs.from_scenario(self.scenario, self.topology)
        except FAILURES as error:  # GEOS out of memory or not converging: the file's doing
            self.geometry_issue = geometry_failed(self.scenario, "map's faces", error)
            return None
        except Exception as error:  # a topology bug must not stop the other checks
            self.geometry_issue = internal_error("topology", error)
            return None
        return self.topology, self.graphs


Check = Callable[[Context], Iterable[Issue]]
"""A check: the issues it finds in the context's scenario (it may raise: the runner reports that)."""


def label(context: Context, area_id: str) -> str:
    """An area as the messages name it: its name and id, or its id."""
    area = context.areas.get(area_id)
    return f"{area.name!r} ({area_id})" if area is not None and area.name else repr(area_id)


def unknown_reference(
    what: str, value: str, path: str, expected: str, ids: Iterable[str] = (), location: Point | None = None
) -> Issue:
    """An UNKNOWN_REFERENCE issue: ``what`` names ``value``, which is no ``expected``."""
    return issue(
        "UNKNOWN_REFERENCE",
        f"{what} names {value!r}, which is no {expected}: pick an existing one or add it",
        ids=(*ids, value),
        path=path,
        location=location,
    )
