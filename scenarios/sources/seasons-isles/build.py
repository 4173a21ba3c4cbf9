"""Builds scenarios/seasons-isles.mappa.json: four nations on an invented island (Seasons ruleset).

The island is a 5 x 5 block of irregular quadrilaterals (a jittered grid) inside a ring of eight
ocean areas. Each nation starts in one corner with four areas, a tower, an army and a war boat;
the nine middle areas are unclaimed. Run from the repository root:

    .venv/bin/python scenarios/sources/seasons-isles/build.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from shapely.geometry import Polygon
from shapely.ops import unary_union

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from model import io  # noqa: E402
from model.linework import polygons_to_linework  # noqa: E402
from model.scenario import (  # noqa: E402
    Area,
    AreaKind,
    AreaSetup,
    Boundary,
    Bounds,
    Empire,
    MapData,
    Metadata,
    RulesetRef,
    Scenario,
    Setup,
    Unit,
)

CELL = 100.0
SIZE = 7  # cells per side: a ring of ocean around 5 x 5 land cells
SEED = 1204

LAND_NAMES = [
    ["Harrowmere", "Caldwick", "Brenmoor", "Ashfell", "Dunhollow"],
    ["Greywater", "Fennick", "Oldstone", "Marrow", "Thistlebrook"],
    ["Wyndham", "Corrin", "Heartland", "Stavely", "Eastreach"],
    ["Lowmarsh", "Pellam", "Rookby", "Sallow", "Quarry"],
    ["Southfold", "Tamsin", "Verrow", "Kestle", "Farpoint"],
]
RESOURCES = [
    [3, 2, 2, 2, 3],
    [2, 1, 2, 1, 2],
    [2, 2, 4, 2, 2],
    [2, 1, 2, 1, 2],
    [3, 2, 2, 2, 3],
]
OCEANS = [
    ("north_sea", "Northern Sea", [(1, 0), (2, 0), (3, 0)]),
    ("north_east_sea", "Gull Waters", [(4, 0), (5, 0), (6, 0), (6, 1)]),
    ("east_sea", "Eastern Sea", [(6, 2), (6, 3), (6, 4)]),
    ("south_east_sea", "Seal Bay", [(6, 5), (6, 6), (5, 6)]),
    ("south_sea", "Southern Sea", [(2, 6), (3, 6), (4, 6)]),
    ("south_west_sea", "Wreck Sound", [(0, 6), (1, 6), (0, 5)]),
    ("west_sea", "Western Sea", [(0, 2), (0, 3), (0, 4)]),
    ("north_west_sea", "Mist Reach", [(0, 0), (0, 1)]),
]
NATIONS = [
    # id, name, colour, corner cells (col, row) of the land block, capital, inner area, home ocean
    (
        "vellmark",
        "Vellmark",
        "#b03a2e",
        [(0, 0), (1, 0), (0, 1), (1, 1)],
        "harrowmere",
        "fennick",
        "north_west_sea",
    ),
    (
        "ostrand",
        "Ostrand",
        "#1f618d",
        [(3, 0), (4, 0), (3, 1), (4, 1)],
        "dunhollow",
        "marrow",
        "north_east_sea",
    ),
    (
        "suderland",
        "Suderland",
        "#1e8449",
        [(0, 3), (1, 3), (0, 4), (1, 4)],
        "southfold",
        "pellam",
        "south_west_sea",
    ),
    (
        "kessary",
        "Kessary",
        "#b7950b",
        [(3, 3), (4, 3), (3, 4), (4, 4)],
        "farpoint",
        "sallow",
        "south_east_sea",
    ),
]


PACT = ("vellmark", "kessary")
PACT_TREASURY = {"resources": 6, "supply": 4}
LONE_TREASURY = {"resources": 14, "supply": 10}
"""Starting resources and supply: the nations outside the pact get more (balanced by bot games)."""


def _vertices() -> list[list[tuple[float, float]]]:
    rng = random.Random(SEED)
    grid: list[list[tuple[float, float]]] = []
    for row in range(SIZE + 1):
        line = []
        for col in range(SIZE + 1):
            inner = 0 < row < SIZE and 0 < col < SIZE
            jitter = 28.0 if inner else 0.0
            line.append(
                (col * CELL + rng.uniform(-jitter, jitter), row * CELL + rng.uniform(-jitter, jitter))
            )
        grid.append(line)
    return grid


def _cell(grid: list[list[tuple[float, float]]], col: int, row: int) -> Polygon:
    return Polygon([grid[row][col], grid[row][col + 1], grid[row + 1][col + 1], grid[row + 1][col]])


def _slug(name: str) -> str:
    return name.lower().replace(" ", "_")


def build() -> Scenario:
    """Return the scenario."""
    grid = _vertices()
    shapes: list[Polygon] = []
    areas: list[tuple[str, str, AreaKind, dict[str, int]]] = []
    for row in range(5):
        for col in range(5):
            shapes.append(_cell(grid, col + 1, row + 1))
            name = LAND_NAMES[row][col]
            areas.append((_slug(name), name, AreaKind.LAND, {"resources": RESOURCES[row][col]}))
    for ocean_id, name, cells in OCEANS:
        shapes.append(unary_union([_cell(grid, col, row) for col, row in cells]))
        areas.append((ocean_id, name, AreaKind.SEA, {}))
    linework = polygons_to_linework(shapes, grid=1.0)
    map_areas = [
        Area(id=area_id, name=name, kind=kind, anchors=anchors, attributes=attributes)
        for (area_id, name, kind, attributes), anchors in zip(
            areas, linework.anchors_by_owner(len(shapes)), strict=True
        )
    ]
    boundaries = [
        Boundary(id=f"b{index + 1}", points=points) for index, points in enumerate(sorted(linework.lines))
    ]

    empires: list[Empire] = []
    setups: dict[str, AreaSetup] = {}
    units: list[Unit] = []
    for nation, name, colour, cells, capital, inner, ocean in NATIONS:
        treasury = LONE_TREASURY if nation not in PACT else PACT_TREASURY
        empires.append(Empire(id=nation, name=name, colour=colour, attributes=dict(treasury)))
        held = [_slug(LAND_NAMES[row][col]) for col, row in cells]
        for area_id in held:
            setups[area_id] = AreaSetup(owner=nation)
        setups[capital] = AreaSetup(owner=nation, attributes={"building": "tower"})
        # The same position for everyone: the capital on the coast, a guard on the inner corner.
        placed = [("infantry", capital), ("infantry", capital), ("cavalry", capital), ("infantry", inner)]
        placed += [("war_boat", ocean)]
        for number, (kind, area_id) in enumerate(placed, start=1):
            units.append(Unit(id=f"{nation}_{number}", kind=kind, owner=nation, area=area_id))

    return Scenario(
        metadata=Metadata(
            title="The Four Isles (Seasons)",
            author="Mappa",
            description=(
                "Four nations share an invented island: each starts in a corner with a tower, three "
                "infantry, a cavalry unit and a war boat; the rich Heartland lies in the middle. "
                "Two years of seasons. Vellmark and Kessary are allied (the Old Pact); Ostrand and "
                "Suderland stand alone and start with a richer treasury to make up for it."
            ),
            rounds=8,
            tags=["seasons", "invented", "four players"],
        ),
        map=MapData(
            units="px",
            bounds=Bounds(min_x=0, min_y=0, max_x=SIZE * CELL, max_y=SIZE * CELL),
            grid=1.0,
            boundaries=boundaries,
            areas=map_areas,
        ),
        ruleset=RulesetRef(id="seasons", options={"turns": 8, "start_season": "spring"}),
        setup=Setup(
            empires=empires,
            areas=dict(sorted(setups.items())),
            units=units,
            attributes={"alliances": [{"id": "old_pact", "name": "The Old Pact", "members": list(PACT)}]},
        ),
        next_serial=1000,
    )


def main() -> None:
    """Write the scenario file next to the other shipped scenarios."""
    target = ROOT / "scenarios" / "seasons-isles.mappa.json"
    io.save(build(), target)
    print(f"wrote {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
