"""7 Ages map modes: region, terrain, income value, cities and capitals, neutral areas.

Each reads an area's attributes through the ruleset's pydantic models (``area_values``), so a
missing value shows its default, as the inspector does. Plain colours, no Qt: the spec's
``map_modes`` names ``MAP_MODES``, and the editor and headless rendering both colour by them.
"""

from __future__ import annotations

from collections import defaultdict

from model.colours import catalog_colours
from model.issues import Issue
from model.rules.mapmodes import LAND, SEA, UNSET, Colouring, LegendEntry, MapMode, area_values
from model.rules.sevenages.schema import NEUTRAL, AreaSetup, Terrain
from model.rules.sevenages.tables import for_scenario_or_shipped
from model.scenario import AreaKind, Scenario

TERRAIN_COLOURS = {
    Terrain.FERTILE: "#a6d96a",
    Terrain.FOREST: "#1a9641",
    Terrain.MOUNTAIN: "#8c6d31",
    Terrain.DESERT: "#fee08b",
    Terrain.TUNDRA: "#d9e3e8",
    Terrain.STEPPE: "#d9c27a",
    Terrain.JUNGLE: "#00634a",
}
# Income values 0..8+ on a sequential ramp (pale to dark green).
INCOME_RAMP = (
    "#f7fcf5",
    "#e5f5e0",
    "#c7e9c0",
    "#a1d99b",
    "#74c476",
    "#41ab5d",
    "#238b45",
    "#006d2c",
    "#00441b",
)
# City levels 1..7 (pale to dark purple); a capital stands out in red.
CITY_RAMP = ("#efedf5", "#dadaeb", "#bcbddc", "#9e9ac8", "#807dba", "#6a51a3", "#4a1486")
CAPITAL = "#d7301f"
NEUTRAL_AREA = "#f7f7f7"
VACATED = "#bdbdbd"
EMPIRE = "#fdae61"
CONTESTED = "#d7191c"
EMPTY = LAND


def _kinds(scenario: Scenario) -> dict[str, AreaKind]:
    return {area.id: area.kind for area in scenario.map.areas}


def _by_region(scenario: Scenario, issues: list[Issue]) -> Colouring:
    """Each area in the colour of the first region it lists (its main one, 7A facts 4)."""
    regions = scenario.setup.attributes.get("regions")
    names: dict[str, str] = {}
    if isinstance(regions, list):
        for entry in regions:
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                names[str(entry["id"])] = str(entry.get("name") or entry["id"])
    colours = catalog_colours(names)
    kinds = _kinds(scenario)
    fills: dict[str, str] = {}
    used: set[str | None] = set()
    for area_id, values in area_values(scenario).items():
        listed = values.get("regions")
        first = listed[0] if isinstance(listed, list) and listed and isinstance(listed[0], str) else None
        if kinds[area_id] is AreaKind.SEA and first is None:
            fills[area_id] = SEA
            continue
        used.add(first)
        fills[area_id] = colours.get(first, UNSET) if first is not None else UNSET
    legend = [LegendEntry(colours[i], names[i]) for i in names if i in used]
    legend += [
        LegendEntry(UNSET, f"{v} (not a region)") for v in sorted(v for v in used if v and v not in names)
    ]
    if None in used:
        legend.append(LegendEntry(UNSET, "No region"))
    return Colouring(fills, legend)


def _by_terrain(scenario: Scenario, issues: list[Issue]) -> Colouring:
    """Land by terrain, the defender's bonus in conflict (7A facts 2.7)."""
    kinds = _kinds(scenario)
    fills: dict[str, str] = {}
    used: set[Terrain] = set()
    for area_id, values in area_values(scenario).items():
        if kinds[area_id] is AreaKind.SEA:
            fills[area_id] = SEA
            continue
        try:
            terrain = Terrain(values.get("terrain", Terrain.FERTILE))
        except ValueError:
            fills[area_id] = UNSET
            continue
        used.add(terrain)
        fills[area_id] = TERRAIN_COLOURS[terrain]
    legend = [
        LegendEntry(colour, terrain.value.capitalize())
        for terrain, colour in TERRAIN_COLOURS.items()
        if terrain in used
    ]
    return Colouring(fills, legend)


def income_values(scenario: Scenario) -> dict[str, int]:
    """Every area's total income value: base (or the economy table's default by kind) + resource +
    city level (7A facts 2.8; E&N: Economic Aid counts the resource and city bonus)."""
    tables = for_scenario_or_shipped(scenario)
    kinds = _kinds(scenario)
    found: dict[str, int] = {}
    for area_id, values in area_values(scenario).items():
        base = values.get("income")
        city = values.get("city")
        found[area_id] = tables.area_income(
            kinds[area_id] is AreaKind.SEA,
            base if isinstance(base, int) else None,
            values.get("resource") is True,
            city if isinstance(city, int) else 0,
        )
    return found


def _income_colour(value: int) -> str:
    return INCOME_RAMP[min(max(value, 0), len(INCOME_RAMP) - 1)]


def _by_income(scenario: Scenario, issues: list[Issue]) -> Colouring:
    """Every area by its total income value; seas with no income keep the sea colour."""
    kinds = _kinds(scenario)
    fills: dict[str, str] = {}
    used: set[int] = set()
    for area_id, value in income_values(scenario).items():
        if kinds[area_id] is AreaKind.SEA and value == 0:
            fills[area_id] = SEA
            continue
        used.add(value)
        fills[area_id] = _income_colour(value)
    return Colouring(fills, [LegendEntry(_income_colour(v), f"Income {v}") for v in sorted(used)])


def _by_cities(scenario: Scenario, issues: list[Issue]) -> Colouring:
    """Land by city level, capitals apart (7A facts 2.14)."""
    kinds = _kinds(scenario)
    fills: dict[str, str] = {}
    used: set[int] = set()
    capitals = False
    for area_id, values in area_values(scenario).items():
        if kinds[area_id] is AreaKind.SEA:
            fills[area_id] = SEA
            continue
        city = values.get("city")
        level = city if isinstance(city, int) and city > 0 else 0
        if values.get("capital") is True:
            capitals = True
            fills[area_id] = CAPITAL
        elif level:
            used.add(level)
            fills[area_id] = CITY_RAMP[min(level, len(CITY_RAMP)) - 1]
        else:
            fills[area_id] = LAND
    legend = [LegendEntry(CAPITAL, "Capital")] if capitals else []
    legend += [LegendEntry(CITY_RAMP[min(v, len(CITY_RAMP)) - 1], f"City level {v}") for v in sorted(used)]
    legend.append(LegendEntry(LAND, "No city"))
    return Colouring(fills, legend)


def area_sides(scenario: Scenario) -> dict[str, str]:
    """Each area's status at the start from the units in it (7A facts 2.6; E&N: Neutral Areas):
    ``neutral`` (neutral units only), ``empire`` (empire units only), ``contested`` (both),
    ``vacated`` (no units but a city or fort) or ``empty``."""
    owners: dict[str, set[str]] = defaultdict(set)
    for unit in scenario.setup.units:
        owners[unit.area].add(unit.owner)
    sides: dict[str, str] = {}
    for area in scenario.map.areas:
        present = owners.get(area.id, set())
        if present:
            neutral = NEUTRAL in present
            others = bool(present - {NEUTRAL})
            sides[area.id] = "contested" if neutral and others else "neutral" if neutral else "empire"
            continue
        setup = scenario.setup.areas.get(area.id)
        state = _setup(setup.attributes if setup else {})
        sides[area.id] = "vacated" if state is not None and (state.city > 0 or state.fort) else "empty"
    return sides


def _setup(raw: dict[str, object]) -> AreaSetup | None:
    try:
        return AreaSetup.model_validate(raw)
    except ValueError:
        return None


SIDE_COLOURS = {
    "neutral": (NEUTRAL_AREA, "Neutral area (white neutral units)"),
    "vacated": (VACATED, "Vacated area (a city or fort, no units)"),
    "empire": (EMPIRE, "Empire units"),
    "contested": (CONTESTED, "Empire and neutral units (conflict)"),
}


def _by_neutral_areas(scenario: Scenario, issues: list[Issue]) -> Colouring:
    """Neutral, vacated, empire and contested areas at the start (E&N: Neutral and Vacated Areas)."""
    kinds = _kinds(scenario)
    fills: dict[str, str] = {}
    used: set[str] = set()
    for area_id, side in area_sides(scenario).items():
        if side == "empty":
            fills[area_id] = SEA if kinds[area_id] is AreaKind.SEA else EMPTY
            continue
        used.add(side)
        fills[area_id] = SIDE_COLOURS[side][0]
    legend = [LegendEntry(colour, label) for side, (colour, label) in SIDE_COLOURS.items() if side in used]
    legend.append(LegendEntry(EMPTY, "No units"))
    return Colouring(fills, legend)


MAP_MODES = (
    MapMode("region", "Region", _by_region, rank=110),
    MapMode("terrain", "Terrain", _by_terrain, rank=111),
    MapMode("income", "Income value", _by_income, rank=112),
    MapMode("cities", "Cities and capitals", _by_cities, rank=113),
    MapMode("neutral_areas", "Neutral areas", _by_neutral_areas, rank=114),
)
"""The 7 Ages map modes. The editor's menu holds the modes of every ruleset in rank order, each
with a fixed Alt+N key; ranking these after every existing mode (the last, the editor's range
mode, is 100) leaves the keys of the other rulesets' modes where they were."""
