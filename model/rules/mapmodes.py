"""Map modes: what colour each area is filled with, and the legend that explains the colours.

A mode is a function of the scenario (and the current issues, for the validation mode) that
returns a colour (``#rrggbb``) per area id plus legend entries; it needs no Qt, so headless
rendering and the editor colour a map the same way (the editor turns the strings into QColors).
Attribute values are read through the ruleset's pydantic models so that a missing value shows its
default, as the inspector does.

The shared modes (owner, land and sea, validation) live here; a ruleset declares its own in its
spec (``RulesetSpec.map_modes``, ``module:attribute`` of a tuple of :class:`MapMode`), asked by
:func:`ruleset_modes`, so this module never names a ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from model.colours import LAND as LAND  # re-exported: the map's land and sea fills live there
from model.colours import PALETTE as PALETTE
from model.colours import SEA as SEA
from model.colours import catalog_colours
from model.issues import Issue, Severity
from model.rules import registry
from model.scenario import AreaKind, Scenario

UNSET = "#d0d0d0"
INDEPENDENT = "#f2efe6"

ISSUE_COLOURS = {Severity.ERROR: "#e34a33", Severity.WARNING: "#fdae6b", Severity.INFO: "#c6dbef"}
VALID = "#a1d99b"


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend: a swatch colour and what it means."""

    colour: str
    label: str


@dataclass(frozen=True)
class Colouring:
    """A mode's result: a fill colour per area id and the legend."""

    fills: dict[str, str]
    legend: list[LegendEntry]


ModeFunction = Callable[[Scenario, list[Issue]], Colouring]


@dataclass(frozen=True)
class MapMode:
    """A named way of colouring the map."""

    id: str
    name: str
    function: ModeFunction
    rank: float = 50
    """Where the mode stands in View > Map mode (and so its Alt+N key): lower ranks first."""

    def colour(self, scenario: Scenario, issues: list[Issue] | None = None) -> Colouring:
        """Return the colours and legend for this scenario (sea zones get their own legend line)."""
        colouring = self.function(scenario, issues or [])
        has_sea = any(colour == SEA for colour in colouring.fills.values())
        if has_sea and all(entry.colour != SEA for entry in colouring.legend):
            colouring.legend.append(LegendEntry(SEA, "Sea zone"))
        return colouring


def model_values(model: type[BaseModel] | None, data: dict[str, Any]) -> dict[str, Any]:
    """Return the attributes with the model's defaults filled in (raw data when it does not validate)."""
    if model is None:
        return dict(data)
    try:
        return model.model_validate(data).model_dump()
    except ValidationError:
        defaults: dict[str, Any] = {}
        for name, info in model.model_fields.items():
            if not info.is_required():
                defaults[name] = info.get_default(call_default_factory=True)
        return {**defaults, **data}


def area_values(scenario: Scenario, only: Collection[str] | None = None) -> dict[str, dict[str, Any]]:
    """Return, per area id, its map attributes and setup attributes (with defaults) and its owner.

    ``only`` limits the work to some areas (a table updating the rows an edit touched).
    """
    spec = registry.get(scenario.ruleset.id)
    area_model = spec.area_attributes if spec else None
    setup_model = spec.area_setup if spec else None
    values: dict[str, dict[str, Any]] = {}
    for area in scenario.map.areas:
        if only is not None and area.id not in only:
            continue
        setup = scenario.setup.areas.get(area.id)
        merged = model_values(area_model, area.attributes)
        merged.update(model_values(setup_model, setup.attributes if setup else {}))
        merged["owner"] = setup.owner if setup else None
        values[area.id] = merged
    return values


def categorical(
    scenario: Scenario, key: str, catalog: Iterable[tuple[str, str]], unset_label: str
) -> Colouring:
    """Colour land by a catalog value (religion, language...) read from each area's attributes."""
    names = dict(catalog)
    colours = catalog_colours(names)  # by a hash of the id: removing an entry recolours no other
    fills: dict[str, str] = {}
    used: set[str | None] = set()
    kinds = {area.id: area.kind for area in scenario.map.areas}
    for area_id, values in area_values(scenario).items():
        if kinds[area_id] is AreaKind.SEA:
            fills[area_id] = SEA
            continue
        value = values.get(key)
        used.add(value)
        fills[area_id] = colours.get(value, UNSET) if value is not None else UNSET
    legend = [LegendEntry(colours[i], names[i]) for i in names if i in used]
    unknown = sorted(v for v in used if v is not None and v not in names)
    legend += [LegendEntry(UNSET, f"{v} (not in the catalog)") for v in unknown]
    if None in used:
        legend.append(LegendEntry(UNSET, unset_label))
    return Colouring(fills, legend)


def graded(
    scenario: Scenario,
    key: str,
    colour: Callable[[int], str],
    label: Callable[[int], str],
    allowed: Callable[[int], bool] = lambda value: True,
) -> Colouring:
    """Colour land by a whole-number attribute (a level, a count) read from each area's attributes.

    A value that is not a whole number, or one ``allowed`` refuses, counts as 0; the legend lists
    the values in use, lowest first, each with its ``colour`` and ``label``.
    """
    fills: dict[str, str] = {}
    used: set[int] = set()
    kinds = {area.id: area.kind for area in scenario.map.areas}
    for area_id, values in area_values(scenario).items():
        if kinds[area_id] is AreaKind.SEA:
            fills[area_id] = SEA
            continue
        value = values.get(key, 0)
        value = value if isinstance(value, int) and allowed(value) else 0
        used.add(value)
        fills[area_id] = colour(value)
    return Colouring(fills, [LegendEntry(colour(v), label(v)) for v in sorted(used)])


def _by_owner(scenario: Scenario, issues: list[Issue]) -> Colouring:
    owners = {e.id: (e.colour, e.name) for e in scenario.setup.empires}
    owners.update({m.id: (m.colour, f"{m.name} (Magnate)") for m in scenario.setup.magnates})
    fills: dict[str, str] = {}
    used: set[str | None] = set()
    for area in scenario.map.areas:
        if area.kind is AreaKind.SEA:
            fills[area.id] = SEA
            continue
        owner = scenario.owner_of(area.id)
        used.add(owner)
        fills[area.id] = owners[owner][0] if owner in owners else INDEPENDENT
    legend = [LegendEntry(colour, name) for owner_id, (colour, name) in owners.items() if owner_id in used]
    if None in used or any(o not in owners for o in used):
        legend.append(LegendEntry(INDEPENDENT, "Independent"))
    return Colouring(fills, legend)


def _by_kind(scenario: Scenario, issues: list[Issue]) -> Colouring:
    fills = {a.id: SEA if a.kind is AreaKind.SEA else LAND for a in scenario.map.areas}
    return Colouring(fills, [LegendEntry(LAND, "Land"), LegendEntry(SEA, "Sea")])


def worst_severity(issues: Iterable[Issue]) -> dict[str, Severity]:
    """Return the worst severity of the issues concerning each id."""
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    worst: dict[str, Severity] = {}
    for issue in issues:
        for item_id in issue.ids:
            current = worst.get(item_id)
            if current is None or order[issue.severity] < order[current]:
                worst[item_id] = issue.severity
    return worst


def _by_validation(scenario: Scenario, issues: list[Issue]) -> Colouring:
    worst = worst_severity(issues)
    fills: dict[str, str] = {}
    for area in scenario.map.areas:
        severity = worst.get(area.id)
        fills[area.id] = ISSUE_COLOURS[severity] if severity else VALID
    legend = [
        LegendEntry(ISSUE_COLOURS[Severity.ERROR], "Has errors"),
        LegendEntry(ISSUE_COLOURS[Severity.WARNING], "Has warnings"),
        LegendEntry(ISSUE_COLOURS[Severity.INFO], "Has notes"),
        LegendEntry(VALID, "No issues"),
    ]
    return Colouring(fills, legend)


MODES: dict[str, MapMode] = {
    mode.id: mode
    for mode in (
        MapMode("owner", "Owner", _by_owner, rank=10),
        MapMode("kind", "Land and sea", _by_kind, rank=60),
        MapMode("validation", "Validation status", _by_validation, rank=80),
    )
}
"""The map modes every ruleset shares, by id; a ruleset declares its own in its spec
(``RulesetSpec.map_modes``)."""

SHARED_PAINT_FIELDS = {"owner": "owner", "kind": "kind"}
"""Shared map mode -> the field its colours show (what the editor's Paint tool brushes in it)."""


def ruleset_modes(ruleset_id: str) -> tuple[MapMode, ...]:
    """The map modes a ruleset declares in its spec (none for an unknown ruleset or one without)."""
    spec = registry.get(ruleset_id)
    return spec.ruleset_map_modes() if spec is not None else ()


def model_modes() -> dict[str, MapMode]:
    """The shared modes and those of every known ruleset, in menu order (by rank)."""
    found = dict(MODES)
    for ruleset_id in registry.known():
        for mode in ruleset_modes(ruleset_id):
            found.setdefault(mode.id, mode)
    return {mode.id: mode for mode in sorted(found.values(), key=lambda mode: mode.rank)}
