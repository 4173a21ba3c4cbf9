"""Edit operations on areas: add, delete (with its cascade), kind, anchors, label and fields."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from model.ops.core import (
    Change,
    InvalidGeometryError,
    PreconditionError,
    Recorder,
    Touched,
    index_of,
    revalidate,
    snap,
    unique,
)
from model.scenario import Area, AreaKind, Point, Scenario

AREAS = ("map", "areas")


def _area(scenario: Scenario, area_id: str) -> tuple[int, Area]:
    at = index_of(scenario.map.areas, area_id, "area")
    return at, scenario.map.areas[at]


def _describe(verb: str, ids: list[str]) -> str:
    return f"{verb} {ids[0]}" if len(ids) == 1 else f"{verb} {len(ids)} areas"


def add_area(
    scenario: Scenario,
    anchor: Point,
    kind: AreaKind | str = AreaKind.LAND,
    name: str = "",
    attributes: dict[str, Any] | None = None,
) -> Change:
    """Add an area anchored at a point (the face there becomes it); its id is ``Change.new_id``."""
    try:
        kind = AreaKind(kind)
    except ValueError as error:
        raise PreconditionError(f"unknown area kind {kind!r}: use land or sea") from error
    point = snap(anchor, scenario.map.grid)
    rec = Recorder(scenario)
    rec.save(AREAS)
    area_id = rec.new_id("a")
    area = Area(
        id=area_id,
        name=name or ("New sea" if kind == AreaKind.SEA else "New area"),
        kind=kind,
        anchors=[point],
        attributes=dict(attributes or {}),
    )
    scenario.map.areas.append(area)
    return rec.change(f"Add area {area_id}", Touched(areas=frozenset({area_id})), created=[area_id])


def remove_area_references(rec: Recorder, area_id: str, replacement: str | None = None) -> Touched:
    """Cascade of deleting (or merging away) an area: its setup entry, units, connections, courts.

    With a ``replacement``, units move there and connections and references are re-pointed to it
    (connections that would join it to itself, or repeat an existing one, are removed); without,
    they are removed. Returns what it touched.
    """
    scenario = rec.scenario
    touched_units: set[str] = set()
    touched_connections: set[str] = set()
    touched_empires: set[str] = set()
    touched_magnates: set[str] = set()
    if area_id in scenario.setup.areas:
        rec.save(("setup", "areas"))
        del scenario.setup.areas[area_id]
    units = scenario.setup.units
    if any(u.area == area_id for u in units):
        rec.save(("setup", "units"))
        kept = []
        for unit in units:
            if unit.area != area_id:
                kept.append(unit)
                continue
            touched_units.add(unit.id)
            if replacement is not None:
                kept.append(revalidate(unit, {"area": replacement}))
        units[:] = kept
    connections = scenario.map.connections
    if any(area_id in (c.a, c.b) for c in connections):
        rec.save(("map", "connections"))
        seen = {(frozenset((c.a, c.b)), c.kind) for c in connections if area_id not in (c.a, c.b)}
        kept_connections = []
        for connection in connections:
            if area_id not in (connection.a, connection.b):
                kept_connections.append(connection)
                continue
            touched_connections.add(connection.id)
            if replacement is None:
                continue
            a = replacement if connection.a == area_id else connection.a
            b = replacement if connection.b == area_id else connection.b
            key = (frozenset((a, b)), connection.kind)
            if a == b or key in seen:
                continue
            seen.add(key)
            kept_connections.append(revalidate(connection, {"a": a, "b": b}))
        connections[:] = kept_connections
    groups: list[tuple[tuple[str, str], list[Any], set[str]]] = [
        (("setup", "empires"), scenario.setup.empires, touched_empires),
        (("setup", "magnates"), scenario.setup.magnates, touched_magnates),
    ]
    for path, items, touched in groups:
        for i, item in enumerate(items):
            refs = [key for key, value in item.attributes.items() if value == area_id]
            if not refs:
                continue
            rec.save(path)
            attributes = dict(item.attributes)
            for key in refs:
                if replacement is None:
                    del attributes[key]
                else:
                    attributes[key] = replacement
            items[i] = revalidate(item, {"attributes": attributes})
            touched.add(item.id)
    return Touched(
        units=frozenset(touched_units),
        connections=frozenset(touched_connections),
        empires=frozenset(touched_empires),
        magnates=frozenset(touched_magnates),
    )


def delete_area(scenario: Scenario, area_ids: str | Sequence[str]) -> Change:
    """Delete areas; their faces become gaps. Cascades: setup entries, units, connections, courts."""
    ids = unique([area_ids] if isinstance(area_ids, str) else area_ids, "area")
    for area_id in ids:
        _area(scenario, area_id)
    rec = Recorder(scenario)
    rec.save(AREAS)
    gone = set(ids)
    scenario.map.areas[:] = [a for a in scenario.map.areas if a.id not in gone]
    touched = Touched(areas=frozenset(ids))
    for area_id in ids:
        touched = touched | remove_area_references(rec, area_id)
    return rec.change(_describe("Delete", ids), touched, removed=ids)


def set_area_fields(scenario: Scenario, area_ids: str | Sequence[str], **fields: Any) -> Change:
    """Set plain fields (``name``, ``kind``, ``label``...) of one or more areas in one step.

    ``id`` and ``attributes`` are refused here (ids never change; use ``set_attributes``).
    """
    ids = unique([area_ids] if isinstance(area_ids, str) else area_ids, "area")
    if not fields:
        raise PreconditionError("no field given")
    refused = {"id", "attributes"} & fields.keys()
    unknown = fields.keys() - Area.model_fields.keys()
    if refused or unknown:
        raise PreconditionError(f"cannot set area field(s) {', '.join(sorted(refused | unknown))}")
    if "anchors" in fields:
        fields["anchors"] = [snap(p, scenario.map.grid) for p in fields["anchors"]]
    if fields.get("label") is not None:
        fields["label"] = snap(fields["label"], scenario.map.grid)
    replaced = {}
    for area_id in ids:
        at, area = _area(scenario, area_id)
        replaced[at] = revalidate(area, fields)
    rec = Recorder(scenario)
    rec.save(AREAS)
    for at, area in replaced.items():
        scenario.map.areas[at] = area
    what = ", ".join(sorted(fields))
    return rec.change(f"{_describe('Set ' + what + ' of', ids)}", Touched(areas=frozenset(ids)))


def set_area_kind(scenario: Scenario, area_ids: str | Sequence[str], kind: AreaKind | str) -> Change:
    """Make areas land or sea."""
    try:
        kind = AreaKind(kind)
    except ValueError as error:
        raise PreconditionError(f"unknown area kind {kind!r}: use land or sea") from error
    return set_area_fields(scenario, area_ids, kind=kind)


def set_label(scenario: Scenario, area_id: str, point: Point | None) -> Change:
    """Place an area's name at a point (None: back at its anchor)."""
    return set_area_fields(scenario, area_id, label=point)


def _set_anchors(scenario: Scenario, area_id: str, anchors: list[Point], description: str) -> Change:
    at, area = _area(scenario, area_id)
    if len(set(anchors)) != len(anchors):
        raise InvalidGeometryError(f"area {area_id} would have two anchors at the same point")
    new = revalidate(area, {"anchors": anchors})
    rec = Recorder(scenario)
    rec.save(AREAS)
    scenario.map.areas[at] = new
    return rec.change(description, Touched(areas=frozenset({area_id})))


def move_anchor(scenario: Scenario, area_id: str, index: int, point: Point) -> Change:
    """Move one anchor of an area (the area then holds the face under the new point)."""
    _, area = _area(scenario, area_id)
    if not 0 <= index < len(area.anchors):
        raise PreconditionError(f"area {area_id} has no anchor {index} (it has {len(area.anchors)})")
    anchors = list(area.anchors)
    anchors[index] = snap(point, scenario.map.grid)
    return _set_anchors(scenario, area_id, anchors, f"Move anchor {index} of {area_id}")


def add_anchor(scenario: Scenario, area_id: str, point: Point) -> Change:
    """Give an area one more anchor (it then also holds the face under the point: islands)."""
    _, area = _area(scenario, area_id)
    anchors = [*area.anchors, snap(point, scenario.map.grid)]
    return _set_anchors(scenario, area_id, anchors, f"Add an anchor to {area_id}")


def remove_anchor(scenario: Scenario, area_id: str, index: int) -> Change:
    """Remove one anchor of an area (an area keeps at least one)."""
    _, area = _area(scenario, area_id)
    if not 0 <= index < len(area.anchors):
        raise PreconditionError(f"area {area_id} has no anchor {index} (it has {len(area.anchors)})")
    if len(area.anchors) == 1:
        raise PreconditionError(f"area {area_id} has only one anchor; delete the area instead")
    anchors = [a for i, a in enumerate(area.anchors) if i != index]
    return _set_anchors(scenario, area_id, anchors, f"Remove anchor {index} of {area_id}")
