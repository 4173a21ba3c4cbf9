"""Map modes: what colour each area is filled with, and the legend that explains the colours.

A mode is a function of the scenario (and the current issues, for the validation mode) that
returns a colour per area id plus legend entries. Attribute values are read through the ruleset's
pydantic models so that a missing value shows its default, as the inspector does.
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

# Social state -3..+3: red (unrest-prone) through neutral to green (settled).
SOCIAL = {-3: "#b2182b", -2: "#ef8a62", -1: "#fddbc7", 0: "#f7f7f7", 1: "#d9f0d3", 2: "#7fbf7b", 3: "#1b7837"}
# Population -9..9 on a sequential ramp (pale to dark brown); negative values are a cold blue.
POPULATION_RAMP = (
    "#fff7ec",
    "#fee8c8",
    "#fdd49e",
    "#fdbb84",
    "#fc8d59",
    "#ef6548",
    "#d7301f",
    "#b30000",
    "#7f0000",
)
NEGATIVE_POPULATION = "#9ecae1"
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


def _categorical(
    scenario: Scenario, key: str, catalog: Iterable[tuple[str, str]], unset_label: str
) -> Colouring:
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


def _by_religion(scenario: Scenario, issues: list[Issue]) -> Colouring:
    catalog = [(r.id, r.name) for r in scenario.catalogs.religions]
    return _categorical(scenario, "religion", catalog, "No religion set")


def _by_language(scenario: Scenario, issues: list[Issue]) -> Colouring:
    catalog = [(lang.id, lang.name) for lang in scenario.catalogs.languages]
    return _categorical(scenario, "language", catalog, "No language set")


def _by_social_state(scenario: Scenario, issues: list[Issue]) -> Colouring:
    fills: dict[str, str] = {}
    used: set[int] = set()
    kinds = {area.id: area.kind for area in scenario.map.areas}
    for area_id, values in area_values(scenario).items():
        if kinds[area_id] is AreaKind.SEA:
            fills[area_id] = SEA
            continue
        state = values.get("social_state", 0)
        state = state if isinstance(state, int) and state in SOCIAL else 0
        used.add(state)
        fills[area_id] = SOCIAL[state]
    legend = [LegendEntry(SOCIAL[s], f"Social state {s:+d}" if s else "Social state 0") for s in sorted(used)]
    return Colouring(fills, legend)


def _population_colour(value: int) -> str:
    if value < 0:
        return NEGATIVE_POPULATION
    return POPULATION_RAMP[min(value, len(POPULATION_RAMP) - 1)]


def _by_population(scenario: Scenario, issues: list[Issue]) -> Colouring:
    fills: dict[str, str] = {}
    used: set[int] = set()
    kinds = {area.id: area.kind for area in scenario.map.areas}
    for area_id, values in area_values(scenario).items():
        if kinds[area_id] is AreaKind.SEA:
            fills[area_id] = SEA
            continue
        population = values.get("population", 0)
        population = population if isinstance(population, int) else 0
        used.add(population)
        fills[area_id] = _population_colour(population)
    legend = [LegendEntry(_population_colour(p), f"Population {p}") for p in sorted(used)]
    return Colouring(fills, legend)


def _by_kind(scenario: Scenario, issues: list[Issue]) -> Colouring:
    fills = {a.id: SEA if a.kind is AreaKind.SEA else LAND for a in scenario.map.areas}
    return Colouring(fills, [LegendEntry(LAND, "Land"), LegendEntry(SEA, "Sea")])


def _by_seafaring(scenario: Scenario, issues: list[Issue]) -> Colouring:
    fills: dict[str, str] = {}
    kinds = {area.id: area.kind for area in scenario.map.areas}
    for area_id, values in area_values(scenario).items():
        if kinds[area_id] is AreaKind.SEA:
            fills[area_id] = SEA
        else:
            fills[area_id] = "#2b8cbe" if values.get("seafaring_home") else LAND
    legend = [
        LegendEntry("#2b8cbe", "Seafaring home"),
        LegendEntry(LAND, "Other land"),
        LegendEntry(SEA, "Sea"),
    ]
    return Colouring(fills, legend)


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
        MapMode("owner", "Owner", _by_owner),
        MapMode("religion", "Religion", _by_religion),
        MapMode("language", "Language", _by_language),
        MapMode("social_state", "Social state", _by_social_state),
        MapMode("population", "Population", _by_population),
        MapMode("kind", "Land and sea", _by_kind),
        MapMode("seafaring", "Seafaring homes", _by_seafaring),
        MapMode("validation", "Validation status", _by_validation),
    )
}
"""Every map mode by id, in menu order."""


_MODE_OF_ATTRIBUTE = {"seafaring_home": "seafaring"}
"""Attributes whose map mode has another id than the attribute (the others share it)."""


def mode_for_attribute(key: str) -> str | None:
    """The map mode that colours areas by an attribute (what the Paint brush sets), if any."""
    mode_id = _MODE_OF_ATTRIBUTE.get(key, key)
    return mode_id if mode_id in MODES else None


def get_mode(mode_id: str) -> MapMode:
    """Return the map mode with this id; raise ``KeyError`` listing the known ones."""
    try:
        return MODES[mode_id]
    except KeyError:
        raise KeyError(f"unknown map mode {mode_id!r}; known modes: {', '.join(MODES)}") from None
