"""The tiny 7 Ages scenario the sevenages tests build on (``tiny_sevenages_scenario()``).

Import it by this module's unique name (``from sevenages_scenario import tiny_sevenages_scenario``):
several test folders have a conftest module. The ``tiny`` fixture (conftest.py) gives a fresh copy.

A 4 x 2 grid of 10 x 10 land squares above two sea areas, each two squares wide::

    row 0 (inland):   highland  steppe   forest   desert
    row 1 (coastal):  delta     valley   coast    cape
    row 2 (sea):      west_sea (cols 0-1)  east_sea (cols 2-3)

Three players (ann, ben, cid; ann holds the turn marker). Four empire cards: Egypt (ann) and
Scythia (ben, a barbarian with no cities in ages 1-2) are on the map with units; Persia and
Greece are in the deck. Egypt's capital is a level-2 fortified city in the delta. White neutrals
hold the forest (a level-1 city; spearmen and light horse: age 1) and the coast (a fort; spearmen
and a catapult: age 2, the E&N economic-aid example); the cape is vacated (a city, no units).
Regions: north (row 0), south (row 1) and the east glory zone (columns 2-3).
"""

from __future__ import annotations

from typing import Any

from model.scenario import (
    Area,
    AreaKind,
    AreaSetup,
    Boundary,
    Empire,
    Magnate,
    MapData,
    Metadata,
    RulesetRef,
    Scenario,
    Setup,
    Unit,
)

CELL = 10.0
COLUMNS = 4
ROWS = 3  # two land rows and the sea row
LAND = (
    ("highland", "Highland", "mountain"),
    ("steppe", "Steppe", "steppe"),
    ("forest", "Forest", "forest"),
    ("desert", "Desert", "desert"),
    ("delta", "Delta", "fertile"),
    ("valley", "Valley", "fertile"),
    ("coast", "Coast", "fertile"),
    ("cape", "Cape", "jungle"),
)
"""Land areas row by row: (id, name, terrain)."""
SEAS = (("west_sea", "West Sea", 0), ("east_sea", "East Sea", 2))
"""Sea areas: (id, name, first column); each spans two columns of the bottom row."""


def _boundaries() -> list[Boundary]:
    """Every grid edge, except the ones inside a two-square sea area."""
    boundaries = []
    for r in range(ROWS + 1):
        for c in range(COLUMNS):
            start = (c * CELL, r * CELL)
            boundaries.append(Boundary(id=f"h{r}{c}", points=[start, (start[0] + CELL, start[1])]))
    inside_seas = {(ROWS - 1, first + 1) for _, _, first in SEAS}
    for r in range(ROWS):
        for c in range(COLUMNS + 1):
            if (r, c) in inside_seas:
                continue
            start = (c * CELL, r * CELL)
            boundaries.append(Boundary(id=f"v{r}{c}", points=[start, (start[0], start[1] + CELL)]))
    return boundaries


def _centre(row: int, column: int) -> tuple[float, float]:
    return (column * CELL + CELL / 2, row * CELL + CELL / 2)


def _areas() -> list[Area]:
    areas = []
    for index, (area_id, name, terrain) in enumerate(LAND):
        row, column = divmod(index, COLUMNS)
        regions = ["north" if row == 0 else "south"] + (["east"] if column >= 2 else [])
        attributes: dict[str, Any] = {"regions": regions, "terrain": terrain}
        if area_id == "valley":
            attributes["resource"] = True
            attributes["resource_type"] = "grain"
        if area_id == "coast":
            attributes["income"] = 2
        areas.append(Area(id=area_id, name=name, anchors=[_centre(row, column)], attributes=attributes))
    for area_id, name, first in SEAS:
        regions = ["east"] if first >= 2 else []
        areas.append(
            Area(
                id=area_id,
                name=name,
                kind=AreaKind.SEA,
                anchors=[_centre(ROWS - 1, first)],
                attributes={"regions": regions},
            )
        )
    return areas


def _empires() -> list[Empire]:
    egypt = {
        "value": 5,
        "ages": [1, 2],
        "start_areas": ["delta", "valley"],
        "start_money": 6,
        "has_capital": True,
        "homeland": True,
        "glory": [
            {"category": "AREAS", "points": 3, "region": "south"},
            {"category": "CITIES", "points": 2},
        ],
        "event": "PLAGUE",
        "player": "ann",
        "progress": 4,
        "treasury": 2,
        "shade": "light",
    }
    scythia = {
        "value": 3,
        "ages": [1, 2, 3],
        "start_areas": ["steppe", "highland"],
        "start_money": 4,
        "has_capital": False,
        "homeland": True,
        "no_cities_ages": [1, 2],
        "convert": "any",
        "glory": [{"category": "UNITS", "points": 2}],
        "event": "REVOLT",
        "player": "ben",
        "progress": 2,
        "treasury": 1,
        "shade": "dark",
    }
    persia = {
        "value": 6,
        "ages": [2, 3],
        "start_areas": ["desert", "forest"],
        "start_money": 8,
        "convert": "egypt",
        "glory": [{"category": "AREAS", "points": 3, "region": "east", "with_seas": True}],
        "event": "GOLDEN_AGE",
    }
    greece = {
        "value": 4,
        "ages": [2, 3, 4],
        "start_areas": ["cape", "coast"],
        "start_money": 7,
        "homeland": True,
        "glory": [{"category": "SEA_AREAS", "points": 2}, {"category": "MONEY", "points": 2}],
        "event": "MIGRATION",
    }
    return [
        Empire(id="egypt", name="Egypt", colour="#d4a017", attributes=egypt),
        Empire(id="scythia", name="Scythia", colour="#8b4513", attributes=scythia),
        Empire(id="persia", name="Persia", colour="#6a0dad", attributes=persia),
        Empire(id="greece", name="Greece", colour="#1f77b4", attributes=greece),
    ]


def _units() -> list[Unit]:
    rows = (
        ("u1", "spearmen", "egypt", "delta", 2, None),
        ("u2", "archers", "egypt", "valley", 1, None),
        ("u3", "galley", "egypt", "west_sea", 1, None),
        ("u4", "chariots", "scythia", "steppe", 2, None),
        ("u5", "spearmen", "scythia", "highland", 1, 2),
        ("u6", "spearmen", "neutral", "forest", 2, 1),
        ("u7", "light_horse", "neutral", "forest", 1, 6),
        ("u8", "catapult", "neutral", "coast", 1, 11),
        ("u9", "spearmen", "neutral", "coast", 1, 1),
    )
    return [
        Unit(
            id=unit_id,
            kind=kind,
            owner=owner,
            area=area,
            strength=strength,
            attributes={} if level is None else {"level": level},
        )
        for unit_id, kind, owner, area, strength, level in rows
    ]


def tiny_sevenages_scenario() -> Scenario:
    """A fresh copy of the tiny 7 Ages scenario (see the module docstring); it validates clean."""
    areas = {
        "delta": AreaSetup(owner="egypt", attributes={"city": 2, "capital": True, "fort": True}),
        "valley": AreaSetup(owner="egypt", attributes={"city": 1}),
        "steppe": AreaSetup(owner="scythia"),
        "highland": AreaSetup(owner="scythia"),
        "forest": AreaSetup(owner="neutral", attributes={"city": 1}),
        "coast": AreaSetup(owner="neutral", attributes={"fort": True}),
        "cape": AreaSetup(owner=None, attributes={"city": 1}),
    }
    setup = Setup(
        empires=_empires(),
        magnates=[Magnate(id="neutral", name="Neutrals", colour="#ffffff")],
        areas=areas,
        units=_units(),
        attributes={
            "players": [
                {"id": "ann", "name": "Ann"},
                {"id": "ben", "name": "Ben"},
                {"id": "cid", "name": "Cid", "glory": 1},
            ],
            "regions": [
                {"id": "north", "name": "North"},
                {"id": "south", "name": "South"},
                {"id": "east", "name": "The East"},
            ],
            "first_player": "ann",
            "turn_limit": 12,
            "start_age": 1,
        },
    )
    return Scenario(
        metadata=Metadata(title="Tiny 7 Ages"),
        map=MapData(grid=0.01, boundaries=_boundaries(), areas=_areas()),
        ruleset=RulesetRef(id="sevenages"),
        setup=setup,
        next_serial=100,
    )
