"""Edit operations on everything but geometry: ruleset attributes, connections, empires, Magnates,
owners and units. Attribute values are checked against the ruleset's pydantic models
(``model.rules.registry``); a refused value raises ``InvalidValueError`` with the schema's reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from model.ops.core import (
    Change,
    InvalidValueError,
    Path,
    PreconditionError,
    Recorder,
    Touched,
    UnknownIdError,
    index_of,
    reasons,
    revalidate,
    unique,
)
from model.rules import registry
from model.rules.registry import RulesetSpec
from model.scenario import (
    AdjacencyPolicy,
    AreaSetup,
    Connection,
    ConnectionKind,
    CornerTouch,
    Empire,
    Magnate,
    Scenario,
    Unit,
)

CONNECTIONS = ("map", "connections")
EMPIRES = ("setup", "empires")
MAGNATES = ("setup", "magnates")
UNITS = ("setup", "units")
AREA_SETUP = ("setup", "areas")

TARGETS = ("area", "area_setup", "empire", "magnate", "unit", "connection", "setup", "options")
"""What ``set_attributes`` can set: the ``attributes`` of these objects, or the scenario-wide
``setup`` attributes and ruleset ``options`` (ids are ignored for the last two)."""


def _ids(ids: str | Sequence[str], what: str) -> list[str]:
    return unique([ids] if isinstance(ids, str) else ids, what)


def _spec(scenario: Scenario) -> RulesetSpec:
    spec = registry.get(scenario.ruleset.id)
    if spec is None:
        raise PreconditionError(
            f"ruleset {scenario.ruleset.id!r} is unknown, so its attributes cannot be checked; "
            f"known rulesets: {', '.join(registry.known())}"
        )
    return spec


def _checked(model: type[BaseModel] | None, current: dict[str, Any], key: str, value: Any, where: str) -> Any:
    """Return ``current`` with ``key`` set to the validated ``value`` (dropped when it is the default)."""
    updated = dict(current)
    updated[key] = value
    if model is None:
        return updated
    try:
        validated = model.model_validate(updated)
    except ValidationError as error:
        own = [item for item in error.errors() if item["loc"][:1] == (key,)]
        if own or key not in model.model_fields:
            detail = (
                reasons(error)
                if not own
                else "; ".join(f"{'.'.join(str(x) for x in item['loc'])}: {item['msg']}" for item in own)
            )
            raise InvalidValueError(f"{where}: cannot set {key} to {value!r}: {detail}") from error
        # Another key is already invalid (a hand-edited file); the validator reports that one.
        validated = None
    if validated is not None:
        value = validated.model_dump(mode="json")[key]
        info = model.model_fields[key]
        default = info.get_default(call_default_factory=True)
        if isinstance(default, BaseModel):
            default = default.model_dump(mode="json")
        if value == default:
            updated.pop(key)
            return updated
    updated[key] = value
    return updated


def set_attributes(scenario: Scenario, target: str, ids: str | Sequence[str], key: str, value: Any) -> Change:
    """Set one ruleset attribute on one or more objects in one step, validated by the ruleset.

    ``target`` is one of ``TARGETS``. A value equal to the attribute's default is removed from the
    file instead of being written.
    """
    if target not in TARGETS:
        raise PreconditionError(f"unknown attribute target {target!r}: use one of {', '.join(TARGETS)}")
    if target == "area_setup":
        return set_setup_attributes(scenario, ids, key, value)
    spec = _spec(scenario) if target != "connection" else registry.get(scenario.ruleset.id)
    if target in ("setup", "options"):
        model = spec.setup_attributes if target == "setup" else spec.options  # type: ignore[union-attr]
        owner: Any = scenario.setup if target == "setup" else scenario.ruleset
        name = "attributes" if target == "setup" else "options"
        updated = _checked(model, getattr(owner, name), key, value, f"scenario {target}")
        rec = Recorder(scenario)
        path: Path = ("setup", "attributes") if target == "setup" else ("ruleset", "options")
        rec.save(path)
        current = getattr(owner, name)
        current.clear()
        current.update(updated)
        return rec.change(f"Set {target} {key}", Touched())
    paths: dict[str, tuple[Path, list[Any], type[BaseModel] | None]] = {
        "area": (("map", "areas"), scenario.map.areas, spec.area_attributes if spec else None),
        "empire": (EMPIRES, scenario.setup.empires, spec.empire_attributes if spec else None),
        "magnate": (MAGNATES, scenario.setup.magnates, spec.magnate_attributes if spec else None),
        "unit": (UNITS, scenario.setup.units, spec.unit_attributes if spec else None),
        "connection": (CONNECTIONS, scenario.map.connections, None),
    }
    path, items, model = paths[target]
    selected = _ids(ids, target)
    replaced: dict[int, Any] = {}
    for item_id in selected:
        at = index_of(items, item_id, target)
        item = items[at]
        updated = _checked(model, item.attributes, key, value, f"{target} {item_id}")
        replaced[at] = revalidate(item, {"attributes": updated})
    rec = Recorder(scenario)
    rec.save(path)
    for at, item in replaced.items():
        items[at] = item
    touched = Touched(**{_touched_field(target): frozenset(selected)})
    what = selected[0] if len(selected) == 1 else f"{len(selected)} {target}s"
    return rec.change(f"Set {key} of {what}", touched)


def _touched_field(target: str) -> str:
    return {"area": "areas", "empire": "empires", "magnate": "magnates", "unit": "units"}.get(
        target, "connections"
    )


def set_setup_attributes(scenario: Scenario, area_ids: str | Sequence[str], key: str, value: Any) -> Change:
    """Set one attribute of the starting state of areas (social state, unrest...), validated."""
    spec = _spec(scenario)
    selected = _ids(area_ids, "area")
    known = {a.id for a in scenario.map.areas}
    new: dict[str, AreaSetup] = {}
    for area_id in selected:
        if area_id not in known:
            raise UnknownIdError(f"no area with id {area_id!r}")
        entry = scenario.setup.areas.get(area_id) or AreaSetup()
        updated = _checked(spec.area_setup, entry.attributes, key, value, f"setup of area {area_id}")
        new[area_id] = AreaSetup(owner=entry.owner, attributes=updated)
    rec = Recorder(scenario)
    rec.save(AREA_SETUP)
    for area_id, entry in new.items():
        _put_setup(scenario, area_id, entry)
    what = selected[0] if len(selected) == 1 else f"{len(selected)} areas"
    return rec.change(f"Set starting {key} of {what}", Touched(areas=frozenset(selected)))


def _put_setup(scenario: Scenario, area_id: str, entry: AreaSetup) -> None:
    """Store an area's setup entry, or drop it when it says nothing (independent, defaults)."""
    if entry.owner is None and not entry.attributes:
        scenario.setup.areas.pop(area_id, None)
    else:
        scenario.setup.areas[area_id] = entry


# --- connections ----------------------------------------------------------------------------------


def _check_ends(scenario: Scenario, a: str, b: str) -> None:
    known = {area.id for area in scenario.map.areas}
    for end in (a, b):
        if end not in known:
            raise UnknownIdError(f"no area with id {end!r} to connect")
    if a == b:
        raise PreconditionError(f"a connection joins two different areas, not {a} with itself")


def add_connection(
    scenario: Scenario,
    a: str,
    b: str,
    kind: ConnectionKind | str,
    name: str = "",
    one_way: bool = False,
) -> Change:
    """Add a typed connection between two areas (a strait, sea lane, river crossing or impassable)."""
    try:
        kind = ConnectionKind(kind)
    except ValueError as error:
        choices = ", ".join(k.value for k in ConnectionKind)
        raise PreconditionError(f"unknown connection kind {kind!r}: use one of {choices}") from error
    _check_ends(scenario, a, b)
    for existing in scenario.map.connections:
        if {existing.a, existing.b} == {a, b} and existing.kind == kind:
            raise PreconditionError(f"{a} and {b} already have a {kind.value} connection ({existing.id})")
    rec = Recorder(scenario)
    rec.save(CONNECTIONS)
    connection_id = rec.new_id("c")
    scenario.map.connections.append(
        Connection(id=connection_id, a=a, b=b, kind=kind, name=name, one_way=one_way)
    )
    touched = Touched(connections=frozenset({connection_id}), areas=frozenset({a, b}))
    return rec.change(f"Add {kind.value} {a}-{b}", touched, created=[connection_id])


def remove_connection(scenario: Scenario, connection_ids: str | Sequence[str]) -> Change:
    """Remove connections."""
    selected = _ids(connection_ids, "connection")
    ends: set[str] = set()
    for connection_id in selected:
        connection = scenario.map.connections[index_of(scenario.map.connections, connection_id, "connection")]
        ends.update((connection.a, connection.b))
    rec = Recorder(scenario)
    rec.save(CONNECTIONS)
    gone = set(selected)
    scenario.map.connections[:] = [c for c in scenario.map.connections if c.id not in gone]
    touched = Touched(connections=frozenset(selected), areas=frozenset(ends))
    what = selected[0] if len(selected) == 1 else f"{len(selected)} connections"
    return rec.change(f"Remove {what}", touched, removed=selected)


def set_connection(scenario: Scenario, connection_id: str, **fields: Any) -> Change:
    """Change fields of a connection (``a``, ``b``, ``kind``, ``name``, ``one_way``)."""
    at = index_of(scenario.map.connections, connection_id, "connection")
    connection = scenario.map.connections[at]
    allowed = {"a", "b", "kind", "name", "one_way"}
    if not fields or fields.keys() - allowed:
        raise PreconditionError(f"set_connection changes {', '.join(sorted(allowed))}; got {sorted(fields)}")
    new = revalidate(connection, fields)
    _check_ends(scenario, new.a, new.b)
    rec = Recorder(scenario)
    rec.save(CONNECTIONS)
    scenario.map.connections[at] = new
    ends = frozenset({connection.a, connection.b, new.a, new.b})
    return rec.change(
        f"Edit connection {connection_id}", Touched(connections=frozenset({connection_id}), areas=ends)
    )


# --- empires and Magnates ----------------------------------------------------------------------------


def _powers(scenario: Scenario) -> set[str]:
    return {e.id for e in scenario.setup.empires} | {m.id for m in scenario.setup.magnates}


def _add_power(scenario: Scenario, kind: type[Empire] | type[Magnate], name: str, colour: str) -> Change:
    """Add an empire or a Magnate with a new id (the id is ``Change.new_id``)."""
    label = "empire" if kind is Empire else "Magnate"
    try:
        kind(id="check", name=name, colour=colour)
    except ValidationError as error:
        raise InvalidValueError(f"new {label}: {reasons(error)}") from error
    rec = Recorder(scenario)
    if kind is Empire:
        rec.save(EMPIRES)
        power_id = rec.new_id("e")
        scenario.setup.empires.append(Empire(id=power_id, name=name, colour=colour))
        touched = Touched(empires=frozenset({power_id}))
    else:
        rec.save(MAGNATES)
        power_id = rec.new_id("m")
        scenario.setup.magnates.append(Magnate(id=power_id, name=name, colour=colour))
        touched = Touched(magnates=frozenset({power_id}))
    return rec.change(f"Add {label} {name}", touched, created=[power_id])


def add_empire(scenario: Scenario, name: str, colour: str = "#808080") -> Change:
    """Add an empire (a player's power); its id is ``Change.new_id``."""
    return _add_power(scenario, Empire, name, colour)


def add_magnate(scenario: Scenario, name: str, colour: str = "#606060") -> Change:
    """Add a Magnate (a non-player power, EotMA 24); its id is ``Change.new_id``."""
    return _add_power(scenario, Magnate, name, colour)


def _without(value: Any, power: str) -> Any:
    """A setup attribute value with references to ``power`` removed (lists and dict keys)."""
    if isinstance(value, list):
        return [v for v in value if v != power]
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if k != power}
    return value


def _remove_powers(scenario: Scenario, ids: list[str], path: Path, items: list[Any], what: str) -> Change:
    for power in ids:
        index_of(items, power, what)
    gone = set(ids)
    rec = Recorder(scenario)
    rec.save(path)
    items[:] = [item for item in items if item.id not in gone]
    touched_areas: set[str] = set()
    new_setup: dict[str, AreaSetup] = {}
    for area_id, entry in scenario.setup.areas.items():
        owner = None if entry.owner in gone else entry.owner
        attributes = dict(entry.attributes)
        for power in gone:
            attributes = {key: _without(value, power) for key, value in attributes.items()}
        if owner != entry.owner or attributes != entry.attributes:
            new_setup[area_id] = AreaSetup(owner=owner, attributes=attributes)
    if new_setup:
        rec.save(AREA_SETUP)
        for area_id, entry in new_setup.items():
            _put_setup(scenario, area_id, entry)
            touched_areas.add(area_id)
    units = [u.id for u in scenario.setup.units if u.owner in gone]
    if units:
        rec.save(UNITS)
        scenario.setup.units[:] = [u for u in scenario.setup.units if u.owner not in gone]
    field = "empires" if what == "empire" else "magnates"
    touched = Touched(areas=frozenset(touched_areas), units=frozenset(units), **{field: frozenset(ids)})
    label = ids[0] if len(ids) == 1 else f"{len(ids)} {what}s"
    return rec.change(f"Remove {label}", touched, removed=[*ids, *units])


def remove_empire(scenario: Scenario, empire_ids: str | Sequence[str]) -> Change:
    """Remove empires: their areas become independent, their units go, ties and claims to them go."""
    return _remove_powers(scenario, _ids(empire_ids, "empire"), EMPIRES, scenario.setup.empires, "empire")


def remove_magnate(scenario: Scenario, magnate_ids: str | Sequence[str]) -> Change:
    """Remove Magnates: their areas become independent and their units go."""
    return _remove_powers(
        scenario, _ids(magnate_ids, "Magnate"), MAGNATES, scenario.setup.magnates, "Magnate"
    )


def set_empire_fields(scenario: Scenario, empire_id: str, **fields: Any) -> Change:
    """Change an empire's ``name`` or ``colour``."""
    at = index_of(scenario.setup.empires, empire_id, "empire")
    if not fields or fields.keys() - {"name", "colour"}:
        raise PreconditionError(f"set_empire_fields changes name and colour; got {sorted(fields)}")
    new = revalidate(scenario.setup.empires[at], fields)
    rec = Recorder(scenario)
    rec.save(EMPIRES)
    scenario.setup.empires[at] = new
    return rec.change(f"Edit empire {empire_id}", Touched(empires=frozenset({empire_id})))


def set_magnate_fields(scenario: Scenario, magnate_id: str, **fields: Any) -> Change:
    """Change a Magnate's ``name`` or ``colour``."""
    at = index_of(scenario.setup.magnates, magnate_id, "Magnate")
    if not fields or fields.keys() - {"name", "colour"}:
        raise PreconditionError(f"set_magnate_fields changes name and colour; got {sorted(fields)}")
    new = revalidate(scenario.setup.magnates[at], fields)
    rec = Recorder(scenario)
    rec.save(MAGNATES)
    scenario.setup.magnates[at] = new
    return rec.change(f"Edit Magnate {magnate_id}", Touched(magnates=frozenset({magnate_id})))


def set_metadata(scenario: Scenario, **fields: Any) -> Change:
    """Change the scenario's metadata (``title``, ``author``, ``description``, ``start_year``...)."""
    if not fields:
        raise PreconditionError("no metadata field given")
    unknown = fields.keys() - type(scenario.metadata).model_fields.keys()
    if unknown:
        raise PreconditionError(f"unknown metadata field(s): {', '.join(sorted(unknown))}")
    new = revalidate(scenario.metadata, fields)
    rec = Recorder(scenario)
    rec.save(("metadata",))
    scenario.metadata = new
    return rec.change(f"Edit {', '.join(sorted(fields))}", Touched())


def set_owner(scenario: Scenario, area_ids: str | Sequence[str], owner: str | None) -> Change:
    """Give areas to an empire or Magnate at the start (None: independent)."""
    selected = _ids(area_ids, "area")
    known = {a.id for a in scenario.map.areas}
    for area_id in selected:
        if area_id not in known:
            raise UnknownIdError(f"no area with id {area_id!r}")
    if owner is not None and owner not in _powers(scenario):
        raise UnknownIdError(f"no empire or Magnate with id {owner!r}")
    rec = Recorder(scenario)
    rec.save(AREA_SETUP)
    for area_id in selected:
        entry = scenario.setup.areas.get(area_id) or AreaSetup()
        _put_setup(scenario, area_id, AreaSetup(owner=owner, attributes=dict(entry.attributes)))
    what = selected[0] if len(selected) == 1 else f"{len(selected)} areas"
    holder = owner or "independent"
    return rec.change(f"Give {what} to {holder}", Touched(areas=frozenset(selected)))


# --- units ----------------------------------------------------------------------------------------


def _check_unit(scenario: Scenario, kind: str, area_id: str, strength: int) -> None:
    at = index_of(scenario.map.areas, area_id, "area")
    spec = registry.get(scenario.ruleset.id)
    if spec is None or not spec.unit_kinds:
        if strength < 1:
            raise InvalidValueError(f"unit strength must be at least 1, not {strength}")
        return
    unit_kind = spec.unit_kind(kind)
    if unit_kind is None:
        kinds = ", ".join(k.id for k in spec.unit_kinds)
        raise InvalidValueError(f"ruleset {spec.id} has no unit kind {kind!r}; use one of {kinds}")
    if not unit_kind.min_strength <= strength <= unit_kind.max_strength:
        raise InvalidValueError(
            f"{unit_kind.name} strength must be {unit_kind.min_strength} to {unit_kind.max_strength}"
            f"{f' ({unit_kind.rule})' if unit_kind.rule else ''}, not {strength}"
        )
    area_kind = scenario.map.areas[at].kind
    if area_kind not in unit_kind.allowed_on:
        raise PreconditionError(f"a {unit_kind.name} cannot stand in {area_kind.value} area {area_id}")


def place_unit(
    scenario: Scenario,
    kind: str,
    owner: str,
    area_id: str,
    strength: int = 1,
    attributes: Mapping[str, Any] | None = None,
) -> Change:
    """Place a starting unit of an empire or Magnate; its id is ``Change.new_id``.

    ``attributes`` are the unit's ruleset attributes, validated by the ruleset's
    ``unit_attributes`` model as :func:`set_attributes` does (a value equal to its default is left
    out, so the file holds only what the author set).
    """
    if owner not in _powers(scenario):
        raise UnknownIdError(f"no empire or Magnate with id {owner!r} to own the unit")
    _check_unit(scenario, kind, area_id, strength)
    spec = registry.get(scenario.ruleset.id)
    values: dict[str, Any] = {}
    for key, value in (attributes or {}).items():
        values = _checked(spec.unit_attributes if spec else None, values, key, value, f"new {kind}")
    rec = Recorder(scenario)
    rec.save(UNITS)
    unit_id = rec.new_id("u")
    scenario.setup.units.append(
        Unit(id=unit_id, kind=kind, owner=owner, area=area_id, strength=strength, attributes=values)
    )
    touched = Touched(units=frozenset({unit_id}), areas=frozenset({area_id}))
    return rec.change(f"Place {kind} in {area_id}", touched, created=[unit_id])


def move_unit(scenario: Scenario, unit_id: str, area_id: str) -> Change:
    """Move a starting unit to another area."""
    at = index_of(scenario.setup.units, unit_id, "unit")
    unit = scenario.setup.units[at]
    _check_unit(scenario, unit.kind, area_id, unit.strength)
    rec = Recorder(scenario)
    rec.save(UNITS)
    scenario.setup.units[at] = revalidate(unit, {"area": area_id})
    touched = Touched(units=frozenset({unit_id}), areas=frozenset({unit.area, area_id}))
    return rec.change(f"Move {unit_id} to {area_id}", touched)


def remove_unit(scenario: Scenario, unit_ids: str | Sequence[str]) -> Change:
    """Remove starting units."""
    selected = _ids(unit_ids, "unit")
    areas = {scenario.setup.units[index_of(scenario.setup.units, u, "unit")].area for u in selected}
    rec = Recorder(scenario)
    rec.save(UNITS)
    gone = set(selected)
    scenario.setup.units[:] = [u for u in scenario.setup.units if u.id not in gone]
    what = selected[0] if len(selected) == 1 else f"{len(selected)} units"
    return rec.change(
        f"Remove {what}", Touched(units=frozenset(selected), areas=frozenset(areas)), removed=selected
    )


def set_unit_strength(scenario: Scenario, unit_ids: str | Sequence[str], strength: int) -> Change:
    """Set the strength of starting units (within the ruleset's range for their kind)."""
    selected = _ids(unit_ids, "unit")
    replaced = {}
    for unit_id in selected:
        at = index_of(scenario.setup.units, unit_id, "unit")
        unit = scenario.setup.units[at]
        _check_unit(scenario, unit.kind, unit.area, strength)
        replaced[at] = revalidate(unit, {"strength": strength})
    rec = Recorder(scenario)
    rec.save(UNITS)
    for at, unit in replaced.items():
        scenario.setup.units[at] = unit
    what = selected[0] if len(selected) == 1 else f"{len(selected)} units"
    return rec.change(f"Set strength of {what} to {strength}", Touched(units=frozenset(selected)))


# --- map settings ---------------------------------------------------------------------------------


def set_adjacency_policy(
    scenario: Scenario,
    min_shared_length: float | None = None,
    corner_touch: CornerTouch | str | None = None,
) -> Change:
    """Change how adjacency is derived (minimum shared border length, corner touches)."""
    current = scenario.map.adjacency
    data = current.model_dump()
    if min_shared_length is not None:
        data["min_shared_length"] = min_shared_length
    if corner_touch is not None:
        data["corner_touch"] = corner_touch
    try:
        policy = AdjacencyPolicy.model_validate(data)
    except ValidationError as error:
        raise InvalidValueError(f"adjacency policy: {reasons(error)}") from error
    rec = Recorder(scenario)
    rec.save(("map", "adjacency"))
    scenario.map.adjacency = policy
    return rec.change("Change the adjacency rule", Touched(areas=frozenset(a.id for a in scenario.map.areas)))
