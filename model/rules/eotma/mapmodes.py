"""EotMA map modes: religion, language, social state, population and seafaring homes, with legends.

Each reads an area's attributes through the ruleset's pydantic models (``area_values``), so a
missing value shows its default, as the inspector does. Plain colours, no Qt: the spec's
``map_modes`` names ``MAP_MODES``, and the editor and headless rendering both colour by them.
"""

from __future__ import annotations

from model.issues import Issue
from model.rules.mapmodes import (
    LAND,
    SEA,
    Colouring,
    LegendEntry,
    MapMode,
    area_values,
    categorical,
    graded,
)
from model.scenario import AreaKind, Scenario

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


def _by_religion(scenario: Scenario, issues: list[Issue]) -> Colouring:
    catalog = [(r.id, r.name) for r in scenario.catalogs.religions]
    return categorical(scenario, "religion", catalog, "No religion set")


def _by_language(scenario: Scenario, issues: list[Issue]) -> Colouring:
    catalog = [(lang.id, lang.name) for lang in scenario.catalogs.languages]
    return categorical(scenario, "language", catalog, "No language set")


def _by_social_state(scenario: Scenario, issues: list[Issue]) -> Colouring:
    return graded(
        scenario,
        "social_state",
        SOCIAL.__getitem__,
        lambda s: f"Social state {s:+d}" if s else "Social state 0",
        allowed=SOCIAL.__contains__,
    )


def _population_colour(value: int) -> str:
    if value < 0:
        return NEGATIVE_POPULATION
    return POPULATION_RAMP[min(value, len(POPULATION_RAMP) - 1)]


def _by_population(scenario: Scenario, issues: list[Issue]) -> Colouring:
    return graded(scenario, "population", _population_colour, lambda p: f"Population {p}")


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


MAP_MODES = (
    MapMode("religion", "Religion", _by_religion, rank=20),
    MapMode("language", "Language", _by_language, rank=30),
    MapMode("social_state", "Social state", _by_social_state, rank=40),
    MapMode("population", "Population", _by_population, rank=50),
    MapMode("seafaring", "Seafaring homes", _by_seafaring, rank=70),
)
"""EotMA's map modes; the ranks keep their places (and Alt+2..5, Alt+7) among the shared ones."""
