"""The setup table of a scenario as plain rows: empires, areas and units, ready to print.

Columns come from the ruleset's schema (``model.rules.registry``) rather than a fixed list, so a
ruleset with other attributes prints its own; a column is kept only when some row has a value other
than the schema's default, so that a printed sheet shows what the author actually set. References
(owners, languages, religions, courts) are printed by name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from model.rules import registry
from model.scenario import AreaKind, Scenario


@dataclass(frozen=True)
class SetupTable:
    """One printed table: a title, column headers and rows of text cells."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def text(self) -> str:
        """All the cells as text, one row a line (what a reader of the sheet sees)."""
        lines = [self.title, " | ".join(self.headers)]
        lines += [" | ".join(row) for row in self.rows]
        return "\n".join(lines)


def _flatten(values: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested records become dotted columns (``leader.combat``)."""
    flat: dict[str, Any] = {}
    for key, value in values.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and value and all(isinstance(k, str) for k in value):
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = value
    return flat


def _with_defaults(model: type[BaseModel] | None, data: dict[str, Any]) -> dict[str, Any]:
    if model is None:
        return dict(data)
    try:
        return model.model_validate(data).model_dump(mode="json")
    except ValidationError:
        # A hand-edited value the validator reports; print what the file says.
        return dict(data)


def _defaults(model: type[BaseModel] | None) -> dict[str, Any]:
    if model is None:
        return {}
    try:
        return _flatten(model().model_dump(mode="json"))
    except ValidationError:
        return {}


def _cell(value: Any, names: dict[str, str]) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_cell(v, names) for v in value) or "–"
    if isinstance(value, dict):
        return ", ".join(f"{_cell(k, names)} {_cell(v, names)}" for k, v in value.items()) or "–"
    if isinstance(value, str):
        return names.get(value, value)
    return str(value)


def _header(column: str) -> str:
    return column.replace("_", " ").replace(".", " ").strip().capitalize()


ALWAYS = ("owner", "court", "treasury", "social_state", "population", "language", "religion", "fortification")
"""Columns printed even when every row holds the default: what players set up from (a treasury of
12 in every empire is still worth printing)."""


def _columns(records: Iterable[dict[str, Any]], defaults: dict[str, Any], always: Iterable[str]) -> list[str]:
    """Columns in schema order that some record sets away from the default (plus ``always``)."""
    records = list(records)
    order: list[str] = list(always)
    for record in records:
        for key in record:
            if key not in order:
                order.append(key)
    keep = set(always) | {key for key in ALWAYS if any(key in r for r in records)}
    for key in order:
        if any(key in r and r[key] != defaults.get(key) for r in records):
            keep.add(key)
    return [key for key in order if key in keep]


def _names(scenario: Scenario) -> dict[str, str]:
    """Display names of everything a cell may refer to by id."""
    names: dict[str, str] = {}
    catalogs = scenario.catalogs
    groups: list[Iterable[Any]] = [
        scenario.map.areas,
        scenario.setup.empires,
        scenario.setup.magnates,
        catalogs.languages,
        catalogs.religions,
        catalogs.language_families,
        catalogs.religion_groups,
    ]
    for group in groups:
        names.update({item.id: item.name for item in group})
    return names


def empire_table(scenario: Scenario) -> SetupTable:
    """Empires (and Magnates) with their ruleset attributes: leader statures, court, treasury..."""
    spec = registry.get(scenario.ruleset.id)
    names = _names(scenario)
    label = (spec.player_label if spec else "empire").capitalize()
    records = [
        _flatten(_with_defaults(spec.empire_attributes if spec else None, e.attributes))
        for e in scenario.setup.empires
    ]
    defaults = _defaults(spec.empire_attributes if spec else None)
    columns = _columns(records, defaults, ())
    rows = [
        (empire.name, *(_cell(record.get(c), names) for c in columns))
        for empire, record in zip(scenario.setup.empires, records, strict=True)
    ]
    rows += [(f"{m.name} (Magnate)", *("" for _ in columns)) for m in scenario.setup.magnates]
    return SetupTable(f"{label}s", (label, *(_header(c) for c in columns)), tuple(rows))


def area_table(scenario: Scenario) -> SetupTable:
    """Land areas with owner and every attribute set (social state, population, language...)."""
    spec = registry.get(scenario.ruleset.id)
    names = _names(scenario)
    area_model = spec.area_attributes if spec else None
    setup_model = spec.area_setup if spec else None
    defaults = {**_defaults(area_model), **_defaults(setup_model)}
    lands = sorted((a for a in scenario.map.areas if a.kind is AreaKind.LAND), key=lambda a: a.name.lower())
    records = []
    for area in lands:
        setup = scenario.setup.areas.get(area.id)
        record = {"owner": setup.owner if setup else None}
        record.update(_flatten(_with_defaults(area_model, area.attributes)))
        record.update(_flatten(_with_defaults(setup_model, setup.attributes if setup else {})))
        records.append(record)
    columns = _columns(records, defaults, ("owner",))
    rows = [
        (area.name, *(_cell(record.get(c), names) for c in columns))
        for area, record in zip(lands, records, strict=True)
    ]
    return SetupTable("Areas", ("Area", *(_header(c) for c in columns)), tuple(rows))


def unit_table(scenario: Scenario) -> SetupTable:
    """Starting units: kind, owner, area and strength."""
    spec = registry.get(scenario.ruleset.id)
    names = _names(scenario)
    kinds = {k.id: k.name for k in spec.unit_kinds} if spec else {}
    rows = [
        (kinds.get(u.kind, u.kind), _cell(u.owner, names), _cell(u.area, names), str(u.strength))
        for u in sorted(scenario.setup.units, key=lambda u: (u.owner, u.area, u.kind))
    ]
    return SetupTable("Units", ("Unit", "Owner", "Area", "Strength"), tuple(rows))


def setup_tables(scenario: Scenario) -> list[SetupTable]:
    """The tables a print-and-play sheet carries, in print order (units only when there are some)."""
    tables = [empire_table(scenario), area_table(scenario)]
    if scenario.setup.units:
        tables.append(unit_table(scenario))
    return tables
