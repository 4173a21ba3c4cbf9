"""The 7 Ages map modes on the tiny scenario: region, terrain, income value, cities and capitals,
neutral areas; each a colour per area and a legend that explains it."""

from __future__ import annotations

import pytest
from sevenages_scenario import tiny_sevenages_scenario

from model.rules.mapmodes import LAND, SEA, UNSET, Colouring, model_modes
from model.rules.sevenages import mapmodes
from model.scenario import Scenario


def _colour(mode_id: str, scenario: Scenario | None = None) -> Colouring:
    mode = next(m for m in mapmodes.MAP_MODES if m.id == mode_id)
    return mode.colour(scenario or tiny_sevenages_scenario())


def _labels(colouring: Colouring) -> list[str]:
    return [entry.label for entry in colouring.legend]


def test_the_modes_come_after_every_other_mode_in_rank_order() -> None:
    ids = list(model_modes())
    for mode_id in ("region", "terrain", "income", "cities", "neutral_areas"):
        assert mode_id in ids
    assert ids.index("owner") < ids.index("validation") < ids.index("region") < ids.index("neutral_areas")


def test_region_mode_colours_by_the_first_region() -> None:
    colouring = _colour("region")
    fills = colouring.fills
    assert fills["highland"] == fills["forest"]  # both list north first
    assert fills["delta"] == fills["cape"]  # south
    assert fills["highland"] != fills["delta"]
    assert fills["west_sea"] == SEA  # a sea in no region keeps the sea colour
    assert fills["east_sea"] not in (SEA, fills["highland"], fills["delta"])  # the east zone
    assert _labels(colouring) == ["North", "South", "The East", "Sea zone"]


def test_region_mode_shows_areas_of_no_or_unknown_region() -> None:
    scenario = tiny_sevenages_scenario()
    scenario.map.areas[0].attributes["regions"] = []
    scenario.map.areas[1].attributes["regions"] = ["atlantis"]
    colouring = _colour("region", scenario)
    assert colouring.fills["highland"] == UNSET
    assert colouring.fills["steppe"] == UNSET
    assert "atlantis (not a region)" in _labels(colouring)
    assert "No region" in _labels(colouring)


def test_terrain_mode() -> None:
    colouring = _colour("terrain")
    colours = mapmodes.TERRAIN_COLOURS
    assert colouring.fills["highland"] == colours[mapmodes.Terrain.MOUNTAIN]
    assert colouring.fills["cape"] == colours[mapmodes.Terrain.JUNGLE]
    assert colouring.fills["delta"] == colours[mapmodes.Terrain.FERTILE]
    assert colouring.fills["east_sea"] == SEA
    assert "Tundra" not in _labels(colouring)  # only terrains in use
    assert "Mountain" in _labels(colouring)


def test_income_values_count_base_resource_and_city() -> None:
    """7A facts 2.8: delta 1 + city 2 = 3; valley 1 + resource + city 1 = 3; coast base 2; seas 0."""
    values = mapmodes.income_values(tiny_sevenages_scenario())
    assert values == {
        "highland": 1,
        "steppe": 1,
        "forest": 2,
        "desert": 1,
        "delta": 3,
        "valley": 3,
        "coast": 2,
        "cape": 2,
        "west_sea": 0,
        "east_sea": 0,
    }
    colouring = _colour("income")
    assert colouring.fills["delta"] == mapmodes.INCOME_RAMP[3]
    assert colouring.fills["west_sea"] == SEA
    assert _labels(colouring) == ["Income 1", "Income 2", "Income 3", "Sea zone"]


def test_income_follows_an_economy_override() -> None:
    scenario = tiny_sevenages_scenario()
    economy = {
        "house_default": True,
        "income": {"land": 2, "sea": 1},
        "resource_bonus": 3,
        "city_income_per_level": 1,
        "disorder_income": 0,
        "upkeep_divisor": 2,
        "city_build_cost": 3,
        "city_build_level": 1,
        "city_upgrade_cost_per_level": 2,
        "fort_cost": 3,
        "max_city_level": 7,
        "capital_start_level": 1,
    }
    scenario.ruleset.tables["economy"] = economy
    values = mapmodes.income_values(scenario)
    assert (values["highland"], values["valley"], values["west_sea"]) == (2, 6, 1)


def test_cities_mode_sets_capitals_apart() -> None:
    colouring = _colour("cities")
    assert colouring.fills["delta"] == mapmodes.CAPITAL
    assert colouring.fills["valley"] == mapmodes.CITY_RAMP[0]
    assert colouring.fills["desert"] == LAND
    assert _labels(colouring) == ["Capital", "City level 1", "No city", "Sea zone"]


@pytest.mark.parametrize(
    ("area", "side"),
    [
        ("forest", "neutral"),
        ("coast", "neutral"),
        ("cape", "vacated"),
        ("delta", "empire"),
        ("west_sea", "empire"),
        ("desert", "empty"),
        ("east_sea", "empty"),
    ],
)
def test_neutral_areas(area: str, side: str) -> None:
    """E&N: neutral areas hold neutral units; vacated ones a city or fort and no units."""
    assert mapmodes.area_sides(tiny_sevenages_scenario())[area] == side


def test_neutral_areas_mode_colours_and_contested_areas() -> None:
    scenario = tiny_sevenages_scenario()
    scenario.setup.units[0].area = "forest"  # Egypt's spearmen join the forest neutrals
    colouring = _colour("neutral_areas", scenario)
    assert colouring.fills["forest"] == mapmodes.CONTESTED
    assert colouring.fills["coast"] == mapmodes.NEUTRAL_AREA
    assert colouring.fills["cape"] == mapmodes.VACATED
    assert colouring.fills["desert"] == LAND
    assert colouring.fills["east_sea"] == SEA
    assert _labels(colouring)[:4] == [
        "Neutral area (white neutral units)",
        "Vacated area (a city or fort, no units)",
        "Empire units",
        "Empire and neutral units (conflict)",
    ]
