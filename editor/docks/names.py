"""Names of scenario objects for headers and the status bar: what the author called them, not ids."""

from __future__ import annotations

from editor.edge_ids import parse_edge_id
from model.rules import registry
from model.scenario import Scenario


def kind_of(scenario: Scenario, object_id: str) -> str | None:
    """What an id names: area, empire, magnate, connection, unit, boundary, adjacency (or None)."""
    if any(a.id == object_id for a in scenario.map.areas):
        return "area"
    if any(e.id == object_id for e in scenario.setup.empires):
        return "empire"
    if any(c.id == object_id for c in scenario.map.connections):
        return "connection"
    if any(u.id == object_id for u in scenario.setup.units):
        return "unit"
    if any(b.id == object_id for b in scenario.map.boundaries):
        return "boundary"
    if any(m.id == object_id for m in scenario.setup.magnates):
        return "magnate"
    if parse_edge_id(object_id) is not None:
        return "adjacency"
    return None


def name_of(scenario: Scenario, object_id: str) -> str:
    """The display name of an object (an area, empire, Magnate, connection or unit), else its id."""
    for group in (scenario.map.areas, scenario.setup.empires, scenario.setup.magnates):
        for item in group:
            if item.id == object_id:
                return item.name or object_id
    pair = parse_edge_id(object_id)
    if pair is not None:
        return f"{name_of(scenario, pair[0])} – {name_of(scenario, pair[1])}"
    for connection in scenario.map.connections:
        if connection.id == object_id:
            ends = f"{name_of(scenario, connection.a)} – {name_of(scenario, connection.b)}"
            return f"{connection.name} ({ends})" if connection.name else ends
    for unit in scenario.setup.units:
        if unit.id == object_id:
            spec = registry.get(scenario.ruleset.id)
            kind = spec.unit_kind(unit.kind) if spec is not None else None
            what = kind.name if kind is not None else unit.kind.capitalize()
            return f"{what} of {name_of(scenario, unit.owner)} in {name_of(scenario, unit.area)}"
    return object_id


def describe(scenario: Scenario, object_id: str) -> str:
    """``Kind name (id)``, e.g. "Empire Empire 2 (e12)"; a boundary or unknown id is just named."""
    kind = kind_of(scenario, object_id)
    if kind is None:
        return object_id
    name = name_of(scenario, object_id)
    if kind == "adjacency":  # its id only repeats the two areas' ids
        return f"Adjacency {name}"
    return f"{kind.capitalize()} {name} ({object_id})" if name != object_id else f"{kind.capitalize()} {name}"


def describe_selection(scenario: Scenario, ids: tuple[str, ...]) -> str:
    """A short description of a selection: nothing, one object by name, or a count by kind."""
    if not ids:
        return "Nothing selected"
    if len(ids) == 1:
        return describe(scenario, ids[0])
    # One pass over the scenario, not one per selected id: a selection may hold thousands.
    by_id: dict[str, str] = {}
    for kind, items in (
        ("magnate", scenario.setup.magnates),
        ("boundary", scenario.map.boundaries),
        ("unit", scenario.setup.units),
        ("connection", scenario.map.connections),
        ("empire", scenario.setup.empires),
        ("area", scenario.map.areas),
    ):
        by_id.update((item.id, kind) for item in items)
    kinds = {by_id.get(i) for i in ids}
    if len(kinds) == 1 and None not in kinds:
        return f"{len(ids)} {next(iter(kinds))}s"
    return f"{len(ids)} selected"
