"""Builds scenarios/default.mappa.json: a small invented medieval coast, the bundled example.

The map is drawn from polygons: a mainland outline split into named land areas (a Voronoi
partition of their seed points), an island, and the sea around them split the same way into sea
areas. The polygons become linework through the importers' code path
(``model.importers.pipeline.map_from_polygons``), so the file holds shared borders once.

Run from the repository root:  .venv/bin/python scenarios/sources/default/make_default.py
The output is canonical: running it twice writes identical bytes.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box

from model import io
from model.importers.pipeline import map_from_polygons
from model.scenario import (
    AreaKind,
    AreaSetup,
    Catalogs,
    Connection,
    Empire,
    Magnate,
    MapData,
    Metadata,
    Scenario,
    Setup,
)
from model.validate import validate

ROOT = Path(__file__).resolve().parents[3]
OUTPUT = ROOT / "scenarios" / "default.mappa.json"
CANVAS = box(0, 0, 1200, 800)

MAINLAND = Polygon(
    [
        (0, 0),
        (1200, 0),
        (1200, 800),
        (820, 800),
        (760, 700),
        (800, 600),
        (700, 520),
        (560, 560),
        (480, 500),
        (380, 520),
        (300, 440),
        (200, 420),
        (120, 340),
        (0, 320),
    ]
)
"""The coast, clockwise from the north-west corner; the sea lies to the south-west (y grows down)."""

ISLAND = Point(430, 670).buffer(58, quad_segs=4)
WOBBLE = 6.0
"""How far, in px, the borders wander from the straight lines of the partition."""

# id: (name, seed point, language, religion, population, seafaring home)
LAND: dict[str, tuple[str, tuple[float, float], str, str, int, bool]] = {
    "westmarch": ("Westmarch", (120, 220), "aldic", "latin", 1, False),
    "aldmoor": ("Aldmoor", (330, 200), "aldic", "latin", 2, False),
    "brennland": ("Brennland", (560, 150), "kestrian", "latin", 1, False),
    "kestria": ("Kestria", (850, 120), "kestrian", "latin", 2, False),
    "oster_vale": ("Oster Vale", (1080, 200), "kestrian", "old_faith", 0, False),
    "lowen": ("Lowen", (420, 400), "lowenish", "latin", 1, True),
    "marrach": ("Marrach", (650, 330), "lowenish", "latin", 0, False),
    "dravia": ("Dravia", (900, 380), "sarnic", "old_faith", -1, False),
    "veluna": ("Veluna", (620, 470), "lowenish", "eastern", 3, False),
    "sarnia": ("Sarnia", (1080, 520), "sarnic", "eastern", 2, False),
    "tarsk": ("Tarsk", (880, 660), "sarnic", "eastern", 1, True),
    "halden": ("Halden", (1080, 730), "sarnic", "eastern", -2, False),
}
ISLAND_AREA = ("corvant", "Corvant", "lowenish", "eastern", 0, True)

# id: (name, seed point)
SEA: dict[str, tuple[str, tuple[float, float]]] = {
    "western_ocean": ("Western Ocean", (80, 560)),
    "southern_sea": ("Southern Sea", (300, 760)),
    "corvant_sound": ("Corvant Sound", (560, 660)),
    "mirror_bay": ("Mirror Bay", (700, 620)),
}

CATALOGS: dict[str, Any] = {
    "language_families": [{"id": "westric", "name": "Westric"}, {"id": "eastric", "name": "Eastric"}],
    "languages": [
        {"id": "aldic", "name": "Aldic", "family": "westric"},
        {"id": "lowenish", "name": "Lowenish", "family": "westric"},
        {"id": "kestrian", "name": "Kestrian", "family": "eastric"},
        {"id": "sarnic", "name": "Sarnic", "family": "eastric"},
    ],
    "religion_groups": [
        {"id": "christian", "name": "Christian churches", "kind": "christian"},
        {"id": "pagan", "name": "Pagan faiths", "kind": "pagan"},
    ],
    "religions": [
        {"id": "latin", "name": "Latin Church", "group": "christian"},
        {"id": "eastern", "name": "Eastern Church", "group": "christian"},
        {"id": "old_faith", "name": "Old Faith", "group": "pagan"},
    ],
}

EMPIRES = [
    Empire(
        id="aldmoor_kingdom",
        name="Kingdom of Aldmoor",
        colour="#3b6fb6",
        attributes={
            "leader": {"name": "Aldric the Tall", "combat": 3, "administrative": 4, "diplomatic": 2},
            "court": "aldmoor",
            "treasury": 12,
        },
    ),
    Empire(
        id="kestrian_duchy",
        name="Duchy of Kestria",
        colour="#b63b3b",
        attributes={
            "leader": {"name": "Ottokar", "combat": 4, "administrative": 2, "diplomatic": 3},
            "court": "kestria",
            "treasury": 12,
        },
    ),
    Empire(
        id="sarnian_league",
        name="Sarnian League",
        colour="#3bb66f",
        attributes={
            "leader": {"name": "Doge Velin", "combat": 2, "administrative": 3, "diplomatic": 4},
            "court": "sarnia",
            "treasury": 12,
        },
    ),
]
MAGNATES = [Magnate(id="count_of_dravia", name="Count of Dravia", attributes={"combat": 2})]

# area id: owner (None: independent), social state, fortification, extra attributes
AREA_SETUP: dict[str, tuple[str | None, int, int, dict[str, Any]]] = {
    "aldmoor": ("aldmoor_kingdom", 2, 2, {}),
    "westmarch": ("aldmoor_kingdom", 1, 0, {}),
    "lowen": ("aldmoor_kingdom", 0, 0, {"claims": ["kestrian_duchy"]}),
    "kestria": ("kestrian_duchy", 2, 2, {}),
    "brennland": ("kestrian_duchy", 1, 0, {}),
    "oster_vale": ("kestrian_duchy", -1, 0, {}),
    "sarnia": ("sarnian_league", 2, 3, {}),
    "tarsk": ("sarnian_league", 1, 0, {}),
    "dravia": ("count_of_dravia", 0, 2, {}),
    "marrach": (None, 1, 2, {"ties": ["kestrian_duchy"]}),
    "veluna": (None, 2, 3, {"ties": ["aldmoor_kingdom", "sarnian_league"]}),
    "halden": (None, -1, 0, {}),
    "corvant": (None, 0, 2, {}),
}

UNITS: list[dict[str, Any]] = [
    {"id": "army_aldmoor", "kind": "army", "owner": "aldmoor_kingdom", "area": "aldmoor", "strength": 2},
    {"id": "army_kestria", "kind": "army", "owner": "kestrian_duchy", "area": "brennland", "strength": 3},
    {"id": "fleet_sarnia", "kind": "fleet", "owner": "sarnian_league", "area": "tarsk", "strength": 1},
]


def _cells(region: Polygon, seeds: dict[str, tuple[float, float]]) -> dict[str, Any]:
    """Split a region into one cell per seed point (a Voronoi partition clipped to the region)."""
    cells = shapely.voronoi_polygons(MultiPoint(list(seeds.values())), extend_to=CANVAS.buffer(100))
    result: dict[str, Any] = {}
    for area_id, seed in seeds.items():
        cell = next(c for c in cells.geoms if c.contains(Point(seed)))
        result[area_id] = cell.intersection(region)
    return result


def _displacement(x: float, y: float) -> tuple[float, float]:
    """A smooth wobble (a few px) that fades out at the canvas edge, so straight Voronoi edges look drawn.

    Its slope stays well below 1, so it moves every point without folding the map: borders that
    did not cross still do not, and each anchor stays inside its (moved) face.
    """
    fade = min(1.0, x / 40, (1200 - x) / 40, y / 40, (800 - y) / 40)
    dx = math.sin(y / 37 + 1.3) + 0.6 * math.sin((x + y) / 23)
    dy = math.sin(x / 41 + 0.7) + 0.6 * math.sin((x - y) / 29)
    return (x + WOBBLE * fade * dx, y + WOBBLE * fade * dy)


def _roughen(map_data: MapData) -> None:
    """Move every boundary (given more vertices first) and anchor by the wobble."""
    for boundary in map_data.boundaries:
        line = shapely.segmentize(LineString(boundary.points), 10.0)
        boundary.points = [_displacement(x, y) for x, y in line.coords]
    for area in map_data.areas:
        area.anchors = [_displacement(x, y) for x, y in area.anchors]


def build() -> Scenario:
    """Return the default scenario."""
    mainland = MAINLAND.intersection(CANVAS)
    sea = CANVAS.difference(mainland).difference(ISLAND)
    land_cells = _cells(mainland, {k: v[1] for k, v in LAND.items()})
    sea_cells = _cells(sea, {k: v[1] for k, v in SEA.items()})
    shapes = [(k, LAND[k][0], AreaKind.LAND, land_cells[k]) for k in LAND]
    shapes.append((ISLAND_AREA[0], ISLAND_AREA[1], AreaKind.LAND, ISLAND))
    shapes += [(k, SEA[k][0], AreaKind.SEA, sea_cells[k]) for k in SEA]
    map_data = map_from_polygons(shapes, grid=0.5, units="px")
    _roughen(map_data)
    land_attributes = {k: v[2:] for k, v in LAND.items()} | {ISLAND_AREA[0]: ISLAND_AREA[2:]}
    for area in map_data.areas:
        if area.id in land_attributes:
            language, religion, population, seafaring = land_attributes[area.id]
            area.attributes = {"language": language, "religion": religion, "population": population}
            if seafaring:
                area.attributes["seafaring_home"] = True
    map_data.connections = [
        Connection(id="corvant_strait", a="lowen", b="corvant", kind="strait", name="Corvant Narrows"),
    ]
    areas = {
        area_id: AreaSetup(owner=owner, attributes={"social_state": social, "fortification": fort, **extra})
        for area_id, (owner, social, fort, extra) in AREA_SETUP.items()
    }
    return Scenario(
        metadata=Metadata(
            title="The Narrow Sea (example)",
            author="Mappa",
            description="An invented medieval coast: three realms, a Magnate, independent lands and an "
            "island across a strait. A small example of every part of a scenario.",
            start_year=1001,
            rounds=10,
            tags=["example", "eotma"],
        ),
        map=map_data,
        catalogs=Catalogs.model_validate(CATALOGS),
        ruleset={"id": "eotma", "options": {"armies_fleets": True, "magnates": True}},
        setup=Setup(empires=EMPIRES, magnates=MAGNATES, areas=areas, units=UNITS),
        next_serial=len(map_data.boundaries) + 1,
    )


def main() -> int:
    """Write the default scenario, refusing to when it does not validate clean."""
    scenario = build()
    issues = validate(scenario)
    for issue in issues:
        print(f"{issue.severity.value} {issue.code} {list(issue.ids)} {issue.message}", file=sys.stderr)
    if issues:
        return 1
    io.save(scenario, OUTPUT)
    counts = f"{len(scenario.map.areas)} areas, {len(scenario.map.boundaries)} boundaries"
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
