"""The starting state on the editing map: small chips over each area's name (a fort, unrest, a
court...), read from the ruleset's schema so that no ruleset needs drawing code of its own.

A field of an area's starting values shows as a chip when its schema says how
(``json_schema_extra={"marker": ...}``) and its value is set and not the field's default:

- ``"marker": "F{}"``: a text with the value in place of ``{}`` (a fort of strength 2 is "F2");
- ``"marker": {"tower": "T", ...}``: a text per value (an enumeration).

A power's field that names an area (``{"ref": "area", "marker": "♛"}``, an empire's court) puts
the chip on that area, in the power's colour.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import BaseModel

from editor.mapview.chips_item import Chip
from model.rules import registry
from model.scenario import Scenario

PLAIN = "#f4f4f0"
"""The fill of a chip of the area's own state (a power's chip has the power's colour)."""


def _marked_fields(model: type[BaseModel] | None) -> Iterator[tuple[str, Any, Any, str]]:
    """(field name, marker, default, description) of each field the schema marks."""
    if model is None:
        return
    for name, info in model.model_fields.items():
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        marker = extra.get("marker")
        if marker is not None:
            default = None if info.is_required() else info.get_default(call_default_factory=True)
            yield name, marker, default, info.description or name.replace("_", " ")


def _text(marker: Any, value: Any) -> str | None:
    """The chip's text for a value, or None when the value shows nothing."""
    if value is None or value is False or value == 0 or value == "":
        return None
    if isinstance(marker, Mapping):
        found = marker.get(str(getattr(value, "value", value)))
        return str(found) if found is not None else None
    return str(marker).replace("{}", str(getattr(value, "value", value)))


def setup_chips(scenario: Scenario) -> dict[str, tuple[Chip, ...]]:
    """Area id -> the chips of its starting state (areas without any are left out)."""
    spec = registry.get(scenario.ruleset.id)
    if spec is None:
        return {}
    chips: dict[str, list[Chip]] = {}
    area_fields = list(_marked_fields(spec.area_setup))
    if area_fields:
        for area_id, entry in scenario.setup.areas.items():
            for name, marker, default, description in area_fields:
                value = entry.attributes.get(name)
                text = _text(marker, value) if value != default else None
                if text is not None:
                    tip = f"{description} ({value})" if not isinstance(value, bool) else description
                    chips.setdefault(area_id, []).append(Chip(text, PLAIN, tip))
    for powers, model in (
        (scenario.setup.empires, spec.empire_attributes),
        (scenario.setup.magnates, spec.magnate_attributes),
    ):
        fields = [f for f in _marked_fields(model) if _refers_to_area(model, f[0])]
        for power in powers:
            for name, marker, _default, description in fields:
                area_id = power.attributes.get(name)
                if isinstance(area_id, str) and isinstance(marker, str):
                    tip = f"{description.rstrip('.')}: {power.name}"
                    chips.setdefault(area_id, []).insert(0, Chip(marker, power.colour, tip))
    return {area_id: tuple(found) for area_id, found in chips.items()}


def _refers_to_area(model: type[BaseModel], name: str) -> bool:
    extra = model.model_fields[name].json_schema_extra
    return isinstance(extra, dict) and extra.get("ref") == "area"
