"""Capture: turn a position reached in play into a new scenario setup (pure, no Qt).

"Use this position as the scenario setup" (issue 5) writes the game state back into the
scenario. This module computes the new :class:`model.scenario.Setup` and the map attributes play
changed from the state's plain data, and a human summary of what differs;
``model.ops.replace_position`` applies both as one undoable change.

The *setup* layer gets owners, area starting state, empires, units and scenario-wide setup
attributes. Map attributes that play can change are written too, since a new game from the
position must start from them: an EotMA area's religion after a conversion (22), a Seasons
area's resource number after a raise or a pillage. The summary marks those lines "(map)".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from model.rules import registry
from model.scenario import AreaKind, AreaSetup, Empire, Scenario, Setup, Unit

CATHEDRAL_BIT = 1
"""EotMA civilisation markers are bits of ``civilisation``; the cathedral is the lowest (35)."""


class CaptureError(ValueError):
    """A position that cannot be written back as a setup; the message names the ruleset or value."""


@dataclass(frozen=True)
class Captured:
    """A position to write back: the new setup and the map areas whose attributes change.

    ``areas`` maps an area id to the area's complete new ``attributes`` (only areas that differ),
    the form ``model.ops.replace_position`` takes.
    """

    setup: Setup
    areas: dict[str, dict[str, Any]] = field(default_factory=dict)


def capture(scenario: Scenario, state: Any) -> Captured:
    """Return the setup and map attributes that start a new game from ``state``.

    ``state`` is a state of ``scenario``'s engine. Raises :class:`CaptureError` for a ruleset
    without capture support or a value the ruleset's schema refuses.
    """
    ruleset = scenario.ruleset.id
    if ruleset == "eotma":
        view = state.view()
        setup = _eotma_setup(scenario, view, getattr(state.game, "union_at_start", None))
        values = {a: {"religion": v.get("religion")} for a, v in view["areas"].items()}
        areas = _map_attributes(scenario, values, {"religion": None})
    elif ruleset == "seasons":
        board = state.to_json()["board"]
        setup = _seasons_setup(scenario, board)
        values = {a: {"resources": int(v["resources"])} for a, v in board["areas"].items()}
        areas = _map_attributes(scenario, values, {"resources": 1})
    else:
        raise CaptureError(f"capture is not available for ruleset {ruleset!r} (eotma and seasons only)")
    _validate(scenario, setup, areas)
    return Captured(setup, areas)


def capture_setup(scenario: Scenario, state: Any) -> Setup:
    """Return only the setup part of :func:`capture` (the map attributes left out)."""
    return capture(scenario, state).setup


def _map_attributes(
    scenario: Scenario, values: Mapping[str, Mapping[str, Any]], defaults: Mapping[str, Any]
) -> dict[str, dict[str, Any]]:
    """The new attributes of each map area whose played ``values`` differ from the file's."""
    changed: dict[str, dict[str, Any]] = {}
    for area in scenario.map.areas:
        if area.id not in values:
            continue  # sea areas and anything else the engine does not track
        merged = _merge(area.attributes, values[area.id], defaults)
        if merged != area.attributes:
            changed[area.id] = merged
    return changed


# --- EotMA ---------------------------------------------------------------------------------------


EOTMA_AREA_DEFAULTS: dict[str, Any] = {
    "social_state": 0,
    "unrest": False,
    "fortification": 0,
    "ties": [],
    "claims": [],
    "partial_conquest": {},
    "cathedral": False,
}
"""The EotMA area starting attributes a capture writes, with their schema defaults."""


def _merge(
    previous: Mapping[str, Any], values: Mapping[str, Any], defaults: Mapping[str, Any]
) -> dict[str, Any]:
    """Return ``previous`` updated with ``values``; a default is written only where the file had a key.

    So an unchanged position gives back the file's own attributes, explicit defaults included.
    """
    merged = dict(previous)
    for key, value in values.items():
        if value == defaults.get(key) and key not in previous:
            continue
        merged[key] = value
    return merged


def _eotma_area_values(area: Mapping[str, Any]) -> dict[str, Any]:
    """The area's starting attributes in the file's form."""
    partial = {k: int(v) for k, v in dict(area.get("partial_conquest") or {}).items() if v}
    return {
        "social_state": int(area.get("social_state", 0)),
        "unrest": bool(area.get("unrest", False)),
        "fortification": int(area.get("fortification", 0)),
        "ties": sorted(area.get("ties") or []),
        "claims": sorted(area.get("claims") or []),
        "partial_conquest": dict(sorted(partial.items())),
        "cathedral": bool(int(area.get("civilisation", 0)) & CATHEDRAL_BIT),
    }


def _eotma_setup(scenario: Scenario, view: Mapping[str, Any], union_at_start: bool | None) -> Setup:
    old = scenario.setup
    areas: dict[str, AreaSetup] = {}
    # Sea areas and anything the engine does not track keep their entry as it was.
    for area_id, entry in old.areas.items():
        if area_id not in view["areas"]:
            areas[area_id] = entry
    for area_id, area in view["areas"].items():
        previous = old.areas.get(area_id)
        before = previous.attributes if previous else {}
        attributes = _merge(before, _eotma_area_values(area), EOTMA_AREA_DEFAULTS)
        owner = area.get("owner")
        if owner is not None or attributes:
            areas[area_id] = AreaSetup(owner=owner, attributes=attributes)
    empires = []
    for empire in old.empires:
        data = view["empires"].get(empire.id)
        if data is None:
            empires.append(empire)
            continue
        previous_leader = dict(empire.attributes.get("leader") or {})
        leader = _merge(
            previous_leader,
            {k: int(v) for k, v in data["leader"].items()},
            {"combat": 3, "administrative": 3, "diplomatic": 3},
        )
        values: dict[str, Any] = {"treasury": int(data["treasury"]), "court": data.get("court")}
        if leader:
            values["leader"] = leader
        attributes = _merge(empire.attributes, values, {"treasury": 12, "court": None})
        if attributes.get("court") is None:
            attributes.pop("court", None)  # an exiled leader has no court (21)
        empires.append(Empire(id=empire.id, name=empire.name, colour=empire.colour, attributes=attributes))
    units = _eotma_units(scenario, view)
    attributes = dict(old.attributes)
    united = view.get("churches_united")
    # Without the key the engine derives the schism from the start year (23.1): keep it so.
    if united is not None and ("schism" in attributes or united != union_at_start):
        attributes["schism"] = not bool(united)
    return Setup(
        empires=empires,
        magnates=list(old.magnates),
        areas=dict(sorted(areas.items())),
        units=units,
        attributes=attributes,
    )


def _eotma_units(scenario: Scenario, view: Mapping[str, Any]) -> list[Unit]:
    """One unit per area and kind (armies and fleets belong to the area's owner, 33.31, 34.22).

    A unit that stands where a scenario unit of the same kind and owner stood keeps its id, so
    that a capture of an unchanged position changes no unit.
    """
    existing = {(u.kind, u.owner, u.area): u for u in scenario.setup.units}
    wanted: list[tuple[str, str, str, int]] = []
    for area_id, area in view["areas"].items():
        owner = area.get("owner")
        for kind in ("army", "fleet"):
            strength = int(area.get(kind, 0))
            if strength > 0 and owner is not None:
                wanted.append((kind, owner, area_id, strength))
    units: list[Unit] = []
    fresh: list[tuple[str, str, str, int]] = []
    for kind, owner, area_id, strength in wanted:
        unit = existing.get((kind, owner, area_id))
        if unit is not None:
            units.append(Unit(id=unit.id, kind=kind, owner=owner, area=area_id, strength=strength))
        else:
            fresh.append((kind, owner, area_id, strength))
    serial = scenario.next_serial
    taken = _all_ids(scenario)
    for kind, owner, area_id, strength in fresh:
        # Ids of units that left may not be reused (ids are never reused): start past every id.
        while f"u{serial}" in taken:
            serial += 1
        unit_id = f"u{serial}"
        taken.add(unit_id)
        units.append(Unit(id=unit_id, kind=kind, owner=owner, area=area_id, strength=strength))
    return units


# --- Seasons -------------------------------------------------------------------------------------


def _seasons_setup(scenario: Scenario, board: Mapping[str, Any]) -> Setup:
    old = scenario.setup
    areas: dict[str, AreaSetup] = {}
    for area_id, entry in old.areas.items():
        if area_id not in board["areas"]:
            areas[area_id] = entry
    for area_id, area in board["areas"].items():
        previous = old.areas.get(area_id)
        before = previous.attributes if previous else {}
        values = {"building": area.get("building"), "building_damage": int(area.get("damage") or 0)}
        attributes = _merge(before, values, {"building": None, "building_damage": 0})
        owner = area.get("owner")
        if owner is not None or attributes:
            areas[area_id] = AreaSetup(owner=owner, attributes=attributes)
    empires = []
    for empire in old.empires:
        nation = board["nations"].get(empire.id)
        if nation is None:
            empires.append(empire)
            continue
        values = {"resources": int(nation["resources"]), "supply": int(nation["supply"])}
        attributes = _merge(empire.attributes, values, {"resources": 6, "supply": 0})
        empires.append(Empire(id=empire.id, name=empire.name, colour=empire.colour, attributes=attributes))
    units = []
    old_units = {u.id: u for u in old.units}
    # Units keep the file's order; units bought in play follow in the order the engine made them.
    order = {u.id: i for i, u in enumerate(old.units)}
    ranked = sorted(board["units"].items(), key=lambda item: (order.get(item[0], len(order)), item[0]))
    for unit_id, unit in ranked:
        previous_unit = old_units.get(unit_id)
        attributes = _merge(
            previous_unit.attributes if previous_unit else {},
            {"trained": bool(unit.get("trained", True))},
            {"trained": True},
        )
        units.append(
            Unit(
                id=unit_id, kind=unit["kind"], owner=unit["nation"], area=unit["area"], attributes=attributes
            )
        )
    return Setup(
        empires=empires,
        magnates=list(old.magnates),
        areas=dict(sorted(areas.items())),
        units=units,
        attributes=dict(old.attributes),
    )


# --- checks and summary --------------------------------------------------------------------------


def _all_ids(scenario: Scenario) -> set[str]:
    ids = {a.id for a in scenario.map.areas} | {b.id for b in scenario.map.boundaries}
    ids |= {c.id for c in scenario.map.connections} | {u.id for u in scenario.setup.units}
    ids |= {e.id for e in scenario.setup.empires} | {m.id for m in scenario.setup.magnates}
    return ids


def _validate(scenario: Scenario, setup: Setup, map_areas: Mapping[str, Mapping[str, Any]]) -> None:
    """Check every written attribute against the ruleset's schema (a play value out of range)."""
    spec = registry.get(scenario.ruleset.id)
    if spec is None:
        return
    where = ""
    try:
        for area_id, attributes in map_areas.items():
            where = f"map area {area_id}"
            spec.area_attributes.model_validate(dict(attributes))
        for area_id, entry in setup.areas.items():
            where = f"area {area_id}"
            spec.area_setup.model_validate(entry.attributes)
        for empire in setup.empires:
            where = f"empire {empire.id}"
            spec.empire_attributes.model_validate(empire.attributes)
        for unit in setup.units:
            where = f"unit {unit.id}"
            spec.unit_attributes.model_validate(unit.attributes)
    except ValidationError as error:
        raise CaptureError(f"the position cannot be a setup: {where}: {error.errors()[0]['msg']}") from error


class _Words:
    """Formats captured values for people: names for ids, yes/no, and the ruleset's defaults for
    values a file leaves out (an area without a fortification entry has fortification 0)."""

    def __init__(self, scenario: Scenario) -> None:
        c = scenario.catalogs
        groups = (
            scenario.map.areas,
            scenario.setup.empires,
            scenario.setup.magnates,
            c.languages,
            c.religions,
        )
        self.names = {item.id: item.name or item.id for group in groups for item in group}
        spec = registry.get(scenario.ruleset.id)
        self.defaults: dict[str, dict[str, Any]] = {}
        if spec is not None:
            for kind, model in (
                ("area", spec.area_setup),
                ("map", spec.area_attributes),
                ("empire", spec.empire_attributes),
            ):
                self.defaults[kind] = {
                    name: info.get_default(call_default_factory=True)
                    for name, info in model.model_fields.items()
                    if not info.is_required()
                }

    def value(self, value: Any, kind: str = "", key: str = "") -> str:
        """One value in words (``kind`` and ``key`` find the default of a missing one)."""
        if value is None:
            value = self.defaults.get(kind, {}).get(key)
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, str):
            return self.names.get(value, value)
        if isinstance(value, list):
            return ", ".join(self.value(v) for v in value) or "none"
        if isinstance(value, dict):
            return ", ".join(f"{self.value(k)} {self.value(v)}" for k, v in value.items()) or "none"
        return str(value)

    def unit(self, kind: str, strength: int, owner: str, area: str) -> str:
        """A unit in words: ``army 2 of German Empire in Saxony``."""
        return f"{kind} {strength} of {self.value(owner)} in {self.value(area)}"


def summarize(scenario: Scenario, new: Setup | Captured, limit: int = 60) -> list[str]:
    """Return one line per difference between the scenario and ``new`` (at most ``limit``).

    ``new`` is a captured position (its map attribute lines end with "(map)") or a bare setup.
    Values read as people name them (areas, powers and catalog entries by name, the ruleset's
    defaults for values the file leaves out). The last line says how many more there are when the
    list is cut.
    """
    map_areas = new.areas if isinstance(new, Captured) else {}
    if isinstance(new, Captured):
        new = new.setup
    old = scenario.setup
    words = _Words(scenario)
    lines: list[str] = []
    for area in scenario.map.areas:
        if area.kind is AreaKind.SEA and area.id not in new.areas and area.id not in old.areas:
            continue
        before = old.areas.get(area.id) or AreaSetup()
        after = new.areas.get(area.id) or AreaSetup()
        label = words.value(area.id)
        if before.owner != after.owner:
            lines.append(f"{label}: owner {words.value(before.owner)} -> {words.value(after.owner)}")
        for key in sorted(before.attributes.keys() | after.attributes.keys()):
            was, now = before.attributes.get(key), after.attributes.get(key)
            if was != now:
                was_text, now_text = words.value(was, "area", key), words.value(now, "area", key)
                if was_text != now_text:  # a default written out is no change
                    lines.append(f"{label}: {key.replace('_', ' ')} {was_text} -> {now_text}")
        if area.id in map_areas:
            after_map = map_areas[area.id]
            for key in sorted(area.attributes.keys() | after_map.keys()):
                was, now = area.attributes.get(key), after_map.get(key)
                if was != now:
                    was_text, now_text = words.value(was, "map", key), words.value(now, "map", key)
                    lines.append(f"{label}: {key.replace('_', ' ')} {was_text} -> {now_text} (map)")
    old_empires = {e.id: e for e in old.empires}
    for empire in new.empires:
        before_attrs = old_empires[empire.id].attributes if empire.id in old_empires else {}
        for key in sorted(before_attrs.keys() | empire.attributes.keys()):
            was, now = before_attrs.get(key), empire.attributes.get(key)
            if was != now:
                lines.append(
                    f"{empire.name}: {key} {words.value(was, 'empire', key)} -> "
                    f"{words.value(now, 'empire', key)}"
                )
    old_units = {(u.id, u.kind, u.owner, u.area, u.strength) for u in old.units}
    new_units = {(u.id, u.kind, u.owner, u.area, u.strength) for u in new.units}
    for unit_id, kind, owner, area_id, strength in sorted(old_units - new_units):
        lines.append(f"unit {unit_id} ({words.unit(kind, strength, owner, area_id)}) removed")
    for unit_id, kind, owner, area_id, strength in sorted(new_units - old_units):
        lines.append(f"unit {unit_id} ({words.unit(kind, strength, owner, area_id)}) placed")
    for key in sorted(old.attributes.keys() | new.attributes.keys()):
        if old.attributes.get(key) != new.attributes.get(key):
            lines.append(
                f"scenario {key}: {words.value(old.attributes.get(key))} -> "
                f"{words.value(new.attributes.get(key))}"
            )
    if len(lines) > limit:
        more = len(lines) - limit
        lines = [*lines[:limit], f"... and {more} more changes"]
    return lines
