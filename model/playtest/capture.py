"""Capture: turn a position reached in play into a new scenario setup (pure, no Qt).

"Use this position as the scenario setup" (issue 5) writes the game state back into the
scenario. The ruleset computes the new :class:`model.scenario.Setup` and the map attributes play
changed from its state (``RulesetSpec.capture``, asked through the registry); this module checks
them against the ruleset's schema and writes a human summary of what differs;
``model.ops.replace_position`` applies both as one undoable change.

The *setup* layer gets owners, area starting state, empires, units and scenario-wide setup
attributes. Map attributes that play can change are written too, since a new game from the
position must start from them. The summary marks those lines "(map)".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from model.rules import registry
from model.rules.capture import Captured, CaptureError
from model.scenario import AreaKind, AreaSetup, Scenario, Setup

__all__ = ["CaptureError", "Captured", "capture", "capture_setup", "summarize"]


def capture(scenario: Scenario, state: Any) -> Captured:
    """Return the setup and map attributes that start a new game from ``state``.

    ``state`` is a state of ``scenario``'s engine. Raises :class:`CaptureError` for a ruleset
    without capture support or a value the ruleset's schema refuses.
    """
    ruleset = scenario.ruleset.id
    spec = registry.get(ruleset)
    if spec is None:
        raise CaptureError(f"capture is not available: {registry.why_unknown(ruleset)}")
    try:
        function = spec.capture_function()
    except LookupError as error:
        raise CaptureError(str(error)) from error
    captured = function(scenario, state)
    _validate(spec, captured.setup, captured.areas)
    return captured


def capture_setup(scenario: Scenario, state: Any) -> Setup:
    """Return only the setup part of :func:`capture` (the map attributes left out)."""
    return capture(scenario, state).setup


# --- checks and summary --------------------------------------------------------------------------


def _validate(spec: registry.RulesetSpec, setup: Setup, map_areas: Mapping[str, Mapping[str, Any]]) -> None:
    """Check every written attribute against the ruleset's schema (a play value out of range)."""
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
