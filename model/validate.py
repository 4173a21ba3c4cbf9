"""The validator: every problem in a scenario as a list of coded issues; it never raises.

``validate(scenario)`` runs the checks below in order, then the ruleset's own checks
(``RulesetSpec.run_checks``). Each check is a small function; one that crashes becomes an
``INTERNAL_ERROR`` issue naming it, so that one bug never hides the other findings. Codes are
stable (scripts and the editor's Issues dock rely on them) and documented in ``CODES``; a ruleset
documents its own codes in a ``CODES`` dict beside its checks function (``all_codes`` merges them).

The geometric checks use ``model.topology`` and ``model.graph``; callers that already hold a
``Topology`` or ``MapGraphs`` of the scenario pass them in to avoid rebuilding them.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from model.graph import MapGraphs
from model.issues import Issue, Severity
from model.rules import registry, tables
from model.rules.registry import RulesetSpec
from model.scenario import Area, AreaKind, ConnectionKind, Point, Scenario
from model.topology import Topology

E, W = Severity.ERROR, Severity.WARNING

CODES: dict[str, tuple[Severity, str]] = {
    # linework (model.topology)
    "BOUNDARY_SELF_CROSSING": (E, "A boundary crosses itself."),
    "BOUNDARY_CROSSING": (
        E,
        "Two boundaries cross away from a shared end point (borders must meet at nodes).",
    ),
    "BOUNDARY_DANGLING": (W, "A boundary end touches no other boundary, so it encloses nothing."),
    "BOUNDARY_DEGENERATE": (E, "A boundary has no length (all its points coincide)."),
    "BOUNDARY_DUPLICATE": (E, "Two boundaries run along the same line (each border is stored once)."),
    "BOUNDARY_INVALID": (E, "A boundary the topology cannot use, for a reason given in the message."),
    # faces and anchors
    "AREA_GAP": (E, "A face of the linework holds no anchor: it belongs to no area."),
    "AREA_SHARED_FACE": (E, "One face holds anchors of two or more areas."),
    "ANCHOR_OUTSIDE": (E, "An area's anchor lies outside every face of the linework."),
    "AREA_ISOLATED": (W, "An area has no neighbour at all (no shared border, no connection)."),
    "SEA_NO_COAST": (W, "A sea area touches no land area."),
    "MAP_EMPTY": (W, "The map has no areas."),
    # ids and names
    "DUPLICATE_ID": (E, "Two objects share an id; ids must be unique across the whole scenario."),
    "UNKNOWN_REFERENCE": (E, "A field names an id that no object of the expected kind has."),
    "NAME_MISSING": (W, "An area, empire, Magnate or catalog entry has an empty name."),
    "NAME_DUPLICATE": (W, "Two areas have the same name, which players cannot tell apart."),
    # connections
    "CONNECTION_SELF": (E, "A connection links an area to itself."),
    "CONNECTION_DUPLICATE": (E, "Two connections of the same kind link the same two areas."),
    "CONNECTION_CONFLICT": (W, "The same two areas are both connected and made impassable."),
    "CONNECTION_ONE_WAY": (W, "A one-way connection: the rulesets treat every link as two-way."),
    "CONNECTION_KIND_MISMATCH": (
        E,
        "A connection's kind does not fit its ends (e.g. a strait between seas).",
    ),
    "CONNECTION_REDUNDANT": (W, "A connection that changes nothing (a strait between neighbours...)."),
    # ruleset data
    "RULESET_UNKNOWN": (E, "The scenario names a ruleset this Mappa does not know."),
    "ATTRIBUTE_INVALID": (E, "An attributes value fails the ruleset's schema (the path says which)."),
    "POPULATION_OUT_OF_RANGE": (E, "An area's population is outside the ruleset's limits table."),
    "SOCIAL_STATE_OUT_OF_RANGE": (E, "An area's social state is outside the ruleset's limits table."),
    "VALUE_OUT_OF_RANGE": (E, "A value is outside the range of the ruleset's limits table."),
    "TABLE_INVALID": (E, "A ruleset table (shipped default or scenario override) is malformed."),
    "UNIT_KIND_UNKNOWN": (E, "A unit's kind is not one of the ruleset's unit kinds."),
    "UNIT_STRENGTH_OUT_OF_RANGE": (E, "A unit's strength is outside its kind's range."),
    "UNIT_AREA_KIND": (E, "A unit stands on an area of a kind it may not (e.g. an army at sea)."),
    # the validator itself
    "INTERNAL_ERROR": (E, "A check crashed: a bug in Mappa; the message names the check."),
}
"""Every code the core validator emits: code -> (severity, one-line description)."""

_RANGE_CODES = {"population": "POPULATION_OUT_OF_RANGE", "social_state": "SOCIAL_STATE_OUT_OF_RANGE"}
"""Limits whose violation has a code of its own; every other limit reports VALUE_OUT_OF_RANGE."""

_RANGE_ERRORS = {"greater_than", "greater_than_equal", "less_than", "less_than_equal"}
"""Pydantic error types that a limits-table check reports instead (so a value is reported once)."""


def issue(
    code: str,
    message: str,
    *,
    ids: Iterable[str] = (),
    path: str = "",
    location: Point | None = None,
    rule: str = "",
    codes: dict[str, tuple[Severity, str]] | None = None,
) -> Issue:
    """Build an issue whose severity comes from the code table (``CODES`` unless ``codes`` is given)."""
    severity = (codes or CODES)[code][0]
    return Issue(code, severity, message, tuple(ids), path, location, rule)


SMOKE_CODES: dict[str, tuple[Severity, str]] = {
    "ENGINE_ERROR": (E, "A quick AI game of the scenario stopped with an engine error."),
    "ENGINE_INVARIANT": (E, "A quick AI game reached a position that breaks a rule invariant."),
    "ENGINE_UNAVAILABLE": (W, "The smoke test could not start a game of this scenario."),
}
"""The codes of ``mappa validate --smoke``: issued by ``model.playtest.smoke``, documented here so
that the validator does not depend on the play-test layer (which depends on it)."""


def all_codes() -> dict[str, tuple[Severity, str, str]]:
    """Return every documented code, core, smoke and ruleset: code -> (severity, description, where from)."""
    merged: dict[str, tuple[Severity, str, str]] = {
        code: (severity, text, "core") for code, (severity, text) in CODES.items()
    }
    for code, (severity, text) in SMOKE_CODES.items():
        merged[code] = (severity, text, "smoke")
    for ruleset_id in registry.known():
        spec = registry.get(ruleset_id)
        if spec is None or not spec.checks:
            continue
        module = importlib.import_module(spec.checks.partition(":")[0])
        for code, (severity, text) in getattr(module, "CODES", {}).items():
            merged.setdefault(code, (severity, text, ruleset_id))
    return merged


# --- context shared by the checks ------------------------------------------------------------


@dataclass
class _Context:
    """The scenario plus indexes and derived geometry that several checks need (built once)."""

    scenario: Scenario
    spec: RulesetSpec | None
    topology: Topology | None = None
    graphs: MapGraphs | None = None
    geometry_issue: Issue | None = None
    areas: dict[str, Area] = field(default_factory=dict)
    empires: set[str] = field(default_factory=set)
    magnates: set[str] = field(default_factory=set)
    _known: dict[str, set[str]] = field(default_factory=dict)

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
                self.topology = Topology.build(self.scenario.map)
            if self.graphs is None:
                self.graphs = MapGraphs.from_scenario(self.scenario, self.topology)
        except Exception as error:  # a topology bug must not stop the other checks
            self.geometry_issue = _internal("topology", error)
            return None
        return self.topology, self.graphs


def _internal(check: str, error: BaseException) -> Issue:
    return issue(
        "INTERNAL_ERROR",
        f"the check {check!r} crashed ({type(error).__name__}: {error}); "
        "please report this with the scenario file",
    )


Check = Callable[[_Context], Iterable[Issue]]
_CHECKS: list[tuple[str, Check]] = []


def _check(name: str) -> Callable[[Check], Check]:
    def register(function: Check) -> Check:
        _CHECKS.append((name, function))
        return function

    return register


def validate(
    scenario: Scenario, *, topology: Topology | None = None, graphs: MapGraphs | None = None
) -> list[Issue]:
    """Return every issue found in the scenario (core checks, then the ruleset's); never raises.

    ``topology`` (a ``model.topology.Topology``) and ``graphs`` (a ``model.graph.MapGraphs``) of
    this very scenario may be passed to skip rebuilding them.
    """
    try:
        spec = registry.get(scenario.ruleset.id)
    except Exception as error:
        return [_internal("ruleset registry", error)]
    context = _Context(scenario, spec, topology, graphs)
    context.areas = {area.id: area for area in scenario.map.areas}
    context.empires = {empire.id for empire in scenario.setup.empires}
    context.magnates = {magnate.id for magnate in scenario.setup.magnates}
    found: list[Issue] = []
    for name, function in _CHECKS:
        try:
            found.extend(function(context))
        except Exception as error:  # never raise: a crashing check becomes one issue
            found.append(_internal(name, error))
    if context.geometry_issue is not None:
        found.append(context.geometry_issue)
    if spec is not None:
        try:
            geometry = context.geometry()
            extra = {"graphs": geometry[1]} if geometry is not None else {}
            found.extend(spec.run_checks(scenario, **extra))
        except Exception as error:
            found.append(_internal(f"{spec.id} ruleset checks", error))
    try:
        return _with_locations(found, scenario)
    except Exception:  # locating is a convenience: never lose the issues over it
        return found


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


# --- linework, faces, anchors ------------------------------------------------------------------


@_check("linework")
def _linework(context: _Context) -> Iterator[Issue]:
    geometry = context.geometry() if context.scenario.map.boundaries else None
    if geometry is None:
        return
    for problem in geometry[0].linework_problems():
        code = problem.code if problem.code in CODES else "BOUNDARY_INVALID"
        yield issue(code, problem.message, ids=problem.boundary_ids, location=problem.location)


@_check("faces")
def _faces(context: _Context) -> Iterator[Issue]:
    if not context.scenario.map.areas:
        yield issue("MAP_EMPTY", "the map has no areas yet: draw boundaries and add areas")
        return
    geometry = context.geometry()
    if geometry is None:
        return
    topology = geometry[0]
    for face in topology.gaps():
        point = _point_in(topology.face(face))
        yield issue(
            "AREA_GAP",
            f"a face near ({point[0]:g}, {point[1]:g}) belongs to no area: "
            "add an anchor to it, or delete the boundaries that enclose it",
            location=point,
        )
    for face, area_ids in sorted(topology.shared_faces().items()):
        names = ", ".join(_label(context, area_id) for area_id in area_ids)
        yield issue(
            "AREA_SHARED_FACE",
            f"one face holds anchors of {names}: split it with a boundary or move an anchor",
            ids=area_ids,
            location=_point_in(topology.face(face)),
        )
    for area_id, index in topology.stray_anchors():
        area = context.areas[area_id]
        point = area.anchors[index]
        yield issue(
            "ANCHOR_OUTSIDE",
            f"anchor {index} of {_label(context, area_id)} at ({point[0]:g}, "
            f"{point[1]:g}) lies outside every face: move it inside a closed outline",
            ids=(area_id,),
            path=f"{_area_path(context, area_id)}.anchors[{index}]",
            location=point,
        )


@_check("neighbours")
def _neighbours(context: _Context) -> Iterator[Issue]:
    geometry = context.geometry() if len(context.areas) >= 2 else None
    if geometry is None:
        return
    graphs = geometry[1]
    for area_id in sorted(graphs.isolated()):
        yield issue(
            "AREA_ISOLATED",
            f"{_label(context, area_id)} has no neighbour: it shares no border "
            "and no connection with any area",
            ids=(area_id,),
            location=context.location_of(area_id),
        )
    for area in context.scenario.map.areas:
        if area.kind is not AreaKind.SEA or area.id not in graphs.full:
            continue
        land = [
            n
            for n in graphs.full.neighbors(area.id)
            if n in context.areas and context.areas[n].kind is AreaKind.LAND
        ]
        if not land and graphs.full.degree(area.id) > 0:
            yield issue(
                "SEA_NO_COAST",
                f"sea area {_label(context, area.id)} touches no land area",
                ids=(area.id,),
                location=context.location_of(area.id),
            )


def _point_in(polygon: Any) -> Point:
    point = polygon.representative_point()
    return (float(point.x), float(point.y))


def _label(context: _Context, area_id: str) -> str:
    area = context.areas.get(area_id)
    return f"{area.name!r} ({area_id})" if area is not None and area.name else repr(area_id)


def _area_path(context: _Context, area_id: str) -> str:
    for index, area in enumerate(context.scenario.map.areas):
        if area.id == area_id:
            return f"map.areas[{index}]"
    return "map.areas"


# --- ids and names -----------------------------------------------------------------------------


_UNNAMED_KINDS = ("boundary", "connection", "underlay", "unit")
"""Objects whose name is optional (or that have none)."""


def _identified(scenario: Scenario) -> Iterator[tuple[str, str, str, str]]:
    """Yield ``(id, kind, JSON path, name)`` of every object that carries an id."""
    groups: list[tuple[str, str, list[Any]]] = [
        ("boundary", "map.boundaries", scenario.map.boundaries),
        ("area", "map.areas", scenario.map.areas),
        ("connection", "map.connections", scenario.map.connections),
        ("underlay", "map.underlays", scenario.map.underlays),
        ("language family", "catalogs.language_families", scenario.catalogs.language_families),
        ("language", "catalogs.languages", scenario.catalogs.languages),
        ("religion group", "catalogs.religion_groups", scenario.catalogs.religion_groups),
        ("religion", "catalogs.religions", scenario.catalogs.religions),
        ("empire", "setup.empires", scenario.setup.empires),
        ("Magnate", "setup.magnates", scenario.setup.magnates),
        ("unit", "setup.units", scenario.setup.units),
    ]
    for kind, path, items in groups:
        for index, item in enumerate(items):
            name = item.name if "name" in type(item).model_fields else "-"
            yield item.id, kind, f"{path}[{index}]", name


@_check("ids")
def _ids(context: _Context) -> Iterator[Issue]:
    seen: dict[str, tuple[str, str]] = {}
    for object_id, kind, path, _ in _identified(context.scenario):
        if object_id in seen:
            first_kind, first_path = seen[object_id]
            yield issue(
                "DUPLICATE_ID",
                f"id {object_id!r} is used by the {first_kind} at {first_path} and "
                f"the {kind} at {path}: give one of them a new id",
                ids=(object_id,),
                path=path,
                location=context.location_of(object_id),
            )
        else:
            seen[object_id] = (kind, path)


@_check("names")
def _names(context: _Context) -> Iterator[Issue]:
    for object_id, kind, path, name in _identified(context.scenario):
        if kind not in _UNNAMED_KINDS and not name.strip():
            yield issue(
                "NAME_MISSING",
                f"the {kind} {object_id!r} has no name: type one in",
                ids=(object_id,),
                path=f"{path}.name",
                location=context.location_of(object_id),
            )
    by_name: dict[str, list[str]] = defaultdict(list)
    for area in context.scenario.map.areas:
        if area.name.strip():
            by_name[area.name.strip().casefold()].append(area.id)
    for area_ids in by_name.values():
        if len(area_ids) > 1:
            name = context.areas[area_ids[0]].name
            yield issue(
                "NAME_DUPLICATE",
                f"{len(area_ids)} areas are named {name!r} ({', '.join(area_ids)})",
                ids=area_ids,
                location=context.location_of(area_ids[0]),
            )


def _unknown(
    what: str, value: str, path: str, expected: str, ids: Iterable[str] = (), location: Point | None = None
) -> Issue:
    return issue(
        "UNKNOWN_REFERENCE",
        f"{what} names {value!r}, which is no {expected}: pick an existing one or add it",
        ids=(*ids, value),
        path=path,
        location=location,
    )


@_check("references")
def _references(context: _Context) -> Iterator[Issue]:
    scenario = context.scenario
    holders = context.empires | context.magnates
    for index, connection in enumerate(scenario.map.connections):
        for end in ("a", "b"):
            value = getattr(connection, end)
            if value not in context.areas:
                yield _unknown(
                    f"connection {connection.id!r}",
                    value,
                    f"map.connections[{index}].{end}",
                    "area",
                    (connection.id,),
                )
    families = {family.id for family in scenario.catalogs.language_families}
    for index, language in enumerate(scenario.catalogs.languages):
        if language.family is not None and language.family not in families:
            yield _unknown(
                f"language {language.id!r}",
                language.family,
                f"catalogs.languages[{index}].family",
                "language family",
                (language.id,),
            )
    groups = {group.id for group in scenario.catalogs.religion_groups}
    for index, religion in enumerate(scenario.catalogs.religions):
        if religion.group is not None and religion.group not in groups:
            yield _unknown(
                f"religion {religion.id!r}",
                religion.group,
                f"catalogs.religions[{index}].group",
                "religion group",
                (religion.id,),
            )
    for area_id, setup in scenario.setup.areas.items():
        path = f"setup.areas.{area_id}"
        if area_id not in context.areas:
            yield _unknown("the setup", area_id, path, "area")
        if setup.owner is not None and setup.owner not in holders:
            yield _unknown(
                f"the owner of area {area_id!r}",
                setup.owner,
                f"{path}.owner",
                "empire or Magnate",
                (area_id,),
                context.location_of(area_id),
            )
    for index, unit in enumerate(scenario.setup.units):
        path = f"setup.units[{index}]"
        if unit.area not in context.areas:
            yield _unknown(f"unit {unit.id!r}", unit.area, f"{path}.area", "area", (unit.id,))
        if unit.owner not in holders:
            yield _unknown(
                f"unit {unit.id!r}",
                unit.owner,
                f"{path}.owner",
                "empire or Magnate",
                (unit.id,),
                context.location_of(unit.area),
            )


# --- connections -------------------------------------------------------------------------------

_LAND_ONLY = {ConnectionKind.STRAIT, ConnectionKind.RIVER_CROSSING}


@_check("connections")
def _connections(context: _Context) -> Iterator[Issue]:
    by_pair: dict[tuple[frozenset[str], ConnectionKind], str] = {}
    kinds_by_pair: dict[frozenset[str], set[ConnectionKind]] = defaultdict(set)
    for index, connection in enumerate(context.scenario.map.connections):
        path = f"map.connections[{index}]"
        ends = (connection.a, connection.b)
        where = context.location_of(connection.a)
        if connection.a == connection.b:
            yield issue(
                "CONNECTION_SELF",
                f"connection {connection.id!r} links {connection.a!r} to itself",
                ids=(connection.id, connection.a),
                path=path,
                location=where,
            )
            continue
        pair = frozenset(ends)
        if (pair, connection.kind) in by_pair:
            yield issue(
                "CONNECTION_DUPLICATE",
                f"connections {by_pair[pair, connection.kind]!r} and "
                f"{connection.id!r} are both {connection.kind.value} links between {connection.a!r} "
                f"and {connection.b!r}: delete one",
                ids=(connection.id, *ends),
                path=path,
                location=where,
            )
        by_pair.setdefault((pair, connection.kind), connection.id)
        kinds_by_pair[pair].add(connection.kind)
        if connection.one_way:
            yield issue(
                "CONNECTION_ONE_WAY",
                f"connection {connection.id!r} is one-way, but links are used both ways: clear one_way",
                ids=(connection.id,),
                path=f"{path}.one_way",
                location=where,
            )
        areas = [context.areas.get(end) for end in ends]
        if None in areas:
            continue  # reported by the reference check
        kinds = [area.kind for area in areas if area is not None]
        if connection.kind in _LAND_ONLY and AreaKind.SEA in kinds:
            yield issue(
                "CONNECTION_KIND_MISMATCH",
                f"connection {connection.id!r} is a {connection.kind.value}, "
                "which joins two land areas, but one end is a sea area: make it a sea_lane",
                ids=(connection.id, *ends),
                path=f"{path}.kind",
                location=where,
            )
        if connection.kind is ConnectionKind.SEA_LANE and AreaKind.SEA not in kinds:
            yield issue(
                "CONNECTION_KIND_MISMATCH",
                f"connection {connection.id!r} is a sea lane between two land areas: make it a strait",
                ids=(connection.id, *ends),
                path=f"{path}.kind",
                location=where,
            )
    for pair, linked in kinds_by_pair.items():
        if ConnectionKind.IMPASSABLE in linked and linked & {ConnectionKind.STRAIT, ConnectionKind.SEA_LANE}:
            a, b = sorted(pair)
            yield issue(
                "CONNECTION_CONFLICT",
                f"{a!r} and {b!r} are both connected and made impassable",
                ids=(a, b),
                location=context.location_of(a),
            )
    yield from _redundant_connections(context)


def _redundant_connections(context: _Context) -> Iterator[Issue]:
    geometry = context.geometry() if context.scenario.map.connections else None
    if geometry is None:
        return
    adjacent = geometry[0].adjacency()
    for index, connection in enumerate(context.scenario.map.connections):
        pair = frozenset((connection.a, connection.b))
        if len(pair) < 2 or not pair <= context.areas.keys():
            continue
        touching = pair in adjacent
        text = ""
        if connection.kind in (ConnectionKind.STRAIT, ConnectionKind.SEA_LANE) and touching:
            text = f"is a {connection.kind.value.replace('_', ' ')} between areas that already share a border"
        elif connection.kind is ConnectionKind.IMPASSABLE and not touching:
            text = "makes impassable a border that does not exist"
        elif connection.kind is ConnectionKind.RIVER_CROSSING and not touching:
            text = "is a river crossing between areas that share no border"
        if text:
            yield issue(
                "CONNECTION_REDUNDANT",
                f"connection {connection.id!r} {text}",
                ids=(connection.id, connection.a, connection.b),
                path=f"map.connections[{index}]",
                location=context.location_of(connection.a),
            )


# --- ruleset data: attributes, references inside them, limits, units ---------------------------


@_check("ruleset")
def _ruleset(context: _Context) -> Iterator[Issue]:
    if context.spec is None:
        known = ", ".join(registry.known()) or "none"
        yield issue(
            "RULESET_UNKNOWN",
            f"ruleset {context.scenario.ruleset.id!r} is unknown (known: {known}): fix ruleset.id",
            path="ruleset.id",
        )


def _attribute_targets(context: _Context) -> Iterator[tuple[str, type[BaseModel], dict[str, Any], str, str]]:
    """Yield ``(object kind, model, attributes, JSON path, owner id)`` for every attributes dict."""
    spec = context.spec
    assert spec is not None
    scenario = context.scenario
    for index, area in enumerate(scenario.map.areas):
        yield "area", spec.area_attributes, area.attributes, f"map.areas[{index}].attributes", area.id
    for area_id, setup in scenario.setup.areas.items():
        yield "area_setup", spec.area_setup, setup.attributes, f"setup.areas.{area_id}.attributes", area_id
    for index, empire in enumerate(scenario.setup.empires):
        yield (
            "empire",
            spec.empire_attributes,
            empire.attributes,
            f"setup.empires[{index}].attributes",
            empire.id,
        )
    for index, magnate in enumerate(scenario.setup.magnates):
        path = f"setup.magnates[{index}].attributes"
        yield "magnate", spec.magnate_attributes, magnate.attributes, path, magnate.id
    for index, unit in enumerate(scenario.setup.units):
        yield "unit", spec.unit_attributes, unit.attributes, f"setup.units[{index}].attributes", unit.id
    yield "options", spec.options, scenario.ruleset.options, "ruleset.options", ""
    yield "setup", spec.setup_attributes, scenario.setup.attributes, "setup.attributes", ""


def _limits(context: _Context) -> tuple[dict[str, dict[str, dict[str, Any]]], list[Issue]]:
    """Return the limits table as ``{object kind: {field: entry}}`` and the problems found in it."""
    try:
        raw = tables.table(context.scenario, "limits")
    except tables.TableError:
        return {}, []
    where = (
        "ruleset.tables.limits" if tables.is_overridden(context.scenario, "limits") else "the shipped limits"
    )
    if not isinstance(raw, dict):
        return {}, [issue("TABLE_INVALID", f"{where} table is not an object of field -> range", path=where)]
    limits: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    problems: list[Issue] = []
    for name, entry in raw.items():
        ok = (
            isinstance(entry, dict)
            and isinstance(entry.get("applies_to"), str)
            and all(
                isinstance(entry.get(bound), int | float) or entry.get(bound) is None
                for bound in ("min", "max")
            )
        )
        if not ok:
            problems.append(
                issue(
                    "TABLE_INVALID",
                    f"{where}: entry {name!r} needs applies_to and numeric min/max",
                    path=f"{where}.{name}",
                )
            )
            continue
        limits[entry["applies_to"]][name] = entry
    return limits, problems


@_check("attributes")
def _attributes(context: _Context) -> Iterator[Issue]:
    if context.spec is None:
        return
    limits, problems = _limits(context)
    yield from problems
    for kind, model, attributes, path, owner in _attribute_targets(context):
        bounded = limits.get(kind, {})
        location = context.location_of(owner) if kind in ("area", "area_setup") else None
        ids = (owner,) if owner else ()
        try:
            model.model_validate(attributes)
        except ValidationError as error:
            for item in error.errors():
                loc = tuple(item["loc"])
                if loc and loc[0] in bounded and item["type"] in _RANGE_ERRORS:
                    continue  # the limits check below reports it, with the table's range
                field_path = path + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc)
                got = f" (got {item['input']!r})" if "input" in item and loc else ""
                yield issue(
                    "ATTRIBUTE_INVALID",
                    f"{field_path}: {item['msg']}{got}",
                    ids=ids,
                    path=field_path,
                    location=location,
                )
        for name, entry in bounded.items():
            yield from _range(name, entry, attributes.get(name), f"{path}.{name}", ids, location)
        yield from _attribute_references(context, model, attributes, path, ids, location)


def _range(
    name: str, entry: dict[str, Any], value: Any, path: str, ids: tuple[str, ...], location: Point | None
) -> Iterator[Issue]:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        return
    low, high = entry.get("min"), entry.get("max")
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            shown = f"outside {low}..{high}"
        else:
            shown = f"below the minimum {low}" if low is not None else f"above the maximum {high}"
        rule = str(entry.get("rule", ""))
        code = _RANGE_CODES.get(name, "VALUE_OUT_OF_RANGE")
        owner = f" of {ids[0]!r}" if ids else ""
        yield issue(
            code,
            f"{name.replace('_', ' ')}{owner} is {value}, {shown}{f' ({rule})' if rule else ''}",
            ids=ids,
            path=path,
            location=location,
            rule=rule,
        )


def _attribute_references(
    context: _Context,
    model: type[BaseModel],
    attributes: dict[str, Any],
    path: str,
    ids: tuple[str, ...],
    location: Point | None,
) -> Iterator[Issue]:
    """Check fields that the ruleset marks as references (``json_schema_extra={"ref": kind}``)."""
    known = context.known_ids()
    for name, info in model.model_fields.items():
        extra = info.json_schema_extra
        target = extra.get("ref") if isinstance(extra, dict) else None
        if not isinstance(target, str) or target not in known or name not in attributes:
            continue
        value = attributes[name]
        values = value if isinstance(value, list) else [value]
        for item in values:
            if isinstance(item, str) and item not in known[target]:
                owner = f"{ids[0]!r}" if ids else "the scenario"
                expected = target.replace("_", " ")
                yield _unknown(f"the {name} of {owner}", item, f"{path}.{name}", expected, ids, location)


@_check("units")
def _units(context: _Context) -> Iterator[Issue]:
    spec = context.spec
    if spec is None:
        return
    for index, unit in enumerate(context.scenario.setup.units):
        path = f"setup.units[{index}]"
        where = context.location_of(unit.area)
        kind = spec.unit_kind(unit.kind)
        if kind is None:
            choices = ", ".join(k.id for k in spec.unit_kinds) or "none"
            yield issue(
                "UNIT_KIND_UNKNOWN",
                f"unit {unit.id!r} is a {unit.kind!r}; the {spec.id} ruleset has {choices}",
                ids=(unit.id,),
                path=f"{path}.kind",
                location=where,
            )
            continue
        if not kind.min_strength <= unit.strength <= kind.max_strength:
            rule = f" ({kind.rule})" if kind.rule else ""
            yield issue(
                "UNIT_STRENGTH_OUT_OF_RANGE",
                f"unit {unit.id!r} ({kind.name.lower()}) has strength "
                f"{unit.strength}; it must be {kind.min_strength}..{kind.max_strength}{rule}",
                ids=(unit.id,),
                path=f"{path}.strength",
                location=where,
                rule=kind.rule,
            )
        area = context.areas.get(unit.area)
        if area is not None and area.kind not in kind.allowed_on:
            allowed = " or ".join(k.value for k in kind.allowed_on)
            yield issue(
                "UNIT_AREA_KIND",
                f"unit {unit.id!r} ({kind.name.lower()}) stands in {area.kind.value} "
                f"area {_label(context, area.id)}; it may only stand on {allowed}",
                ids=(unit.id, area.id),
                path=f"{path}.area",
                location=where,
                rule=kind.rule,
            )
