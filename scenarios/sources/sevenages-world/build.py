"""Build the shipped 7 Ages world scenario from the tables beside this file.

Run from the repository root::

    PYTHONPATH=. python scenarios/sources/sevenages-world/build.py [--out DIR]

It writes ``sevenages-world.mappa.json`` into ``DIR`` (default: ``scenarios/``) and fails, writing
nothing, when the scenario does not validate cleanly (no errors, no warnings). Running it again on
unchanged tables gives a byte-identical file (``tests/rules/sevenages/test_world_scenario.py``
checks the committed one).

Step 1, the map: the generator of ``mappa generate`` (``model.generate``) divides the Natural Earth
land of ``land.geojson`` among the points of ``regions.csv`` and the sea inside the box among the
points of ``seas.csv``, and turns ``straits.csv`` into strait connections. Only the ``id, name,
lon, lat`` columns go to the generator; it is the same as::

    mappa generate --basemap land.geojson --points regions.csv --seas seas.csv --straits straits.csv \\
        --bbox=-20,-40,155,66 --projection "+proj=eqearth +lon_0=67.5 ..." (see PROJECTION)

with the attribute columns left out (they are 7 Ages attributes, applied in step 2), and with
``--grid 1 --tolerance 8 --min-island-area 300 --narrows 15``: that command gives the same
boundaries, anchors and straits (only the projection's description differs).

Step 2 applies ``regions.csv``'s attribute columns (map regions, terrain, income, resource),
``seas.csv``'s zones and ``scenario.json``: title and description, ruleset options, players, the
map regions, every empire card (those with ``on_map`` are on the map at the start), the neutral
side, the starting cities and owners, and the starting units.
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from model.generate.basemap import read_land
from model.generate.core import GenerateOptions, generate
from model.generate.tables import NamedPoint, read_points, read_straits
from model.io import dumps
from model.issues import Severity
from model.projection import BBox, MapProjection
from model.scenario import AreaKind, AreaSetup, Empire, Magnate, Metadata, RulesetRef, Scenario, Setup, Unit
from model.validate import validate

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
OUTPUT = "sevenages-world.mappa.json"
RULESET = "sevenages"
BBOX = BBox(-20.0, -40.0, 155.0, 66.0)
"""West, south, east, north: Iceland and the Americas left out, the Cape, Australia and Japan in."""
PROJECTION = "+proj=eqearth +lon_0=67.5 +x_0=0 +y_0=0 +ellps=WGS84 +units=m +no_defs"
"""Equal Earth centred on 67.5 E (the middle of the box): areas keep their true sizes, which
matters for a game where the size of a land is a rough guide to its worth."""
GRID = 1.0
"""Map units are km; a 1 km grid is far finer than anything a world game map shows."""
TOLERANCE = 8.0
"""Coast simplification in km: keeps the file small and the coasts recognisable at world scale."""
MIN_ISLAND_AREA = 300.0
"""Islands smaller than this (km²) are dropped; Bahrain (about 780 km²) and Malta-sized specks
decide the value: Bahrain stays with Dilmun, the smaller specks go."""
NARROWS = 15.0
"""Sea zones are cut at channels narrower than 30 km, so a sea never reaches through a strait."""
ATTRIBUTE_COLUMNS = ("subregion", "zones", "terrain", "income", "resource")


class BuildError(ValueError):
    """A table that cannot be applied, or a scenario that does not validate."""


def _anchor_only(points: list[NamedPoint]) -> list[NamedPoint]:
    """The points without their attribute columns (step 2 applies those)."""
    return [dataclasses.replace(point, attributes={}) for point in points]


def _table(name: str) -> dict[str, dict[str, str]]:
    """A CSV table of this folder as ``{id: {column: cell}}`` (cells stripped)."""
    with (HERE / name).open(encoding="utf-8", newline="") as handle:
        return {
            row["id"].strip(): {k: (v or "").strip() for k, v in row.items()}
            for row in csv.DictReader(handle)
        }


def build_map() -> Scenario:
    """Generate the map (step 1)."""
    land = read_land(HERE / "land.geojson", clip=BBOX.outline().buffer(1.0))
    options = GenerateOptions(
        bbox=BBOX,
        projection=MapProjection(PROJECTION, 0.001, "Equal Earth centred on 67.5 E, km"),
        grid=GRID,
        tolerance=TOLERANCE,
        min_island_area=MIN_ISLAND_AREA,
        narrows=NARROWS,
        title="7 Ages: The Old World",
        ruleset=RULESET,
    )
    generation = generate(
        land,
        _anchor_only(read_points(HERE / "regions.csv")),
        _anchor_only(read_points(HERE / "seas.csv")),
        read_straits(HERE / "straits.csv"),
        options,
    )
    return generation.scenario


def _memberships(cells: dict[str, str], parents: dict[str, str | None], where: str) -> list[str]:
    """The area's regions: its subregion, the continent that holds it, then its glory zones."""
    regions: list[str] = []
    subregion = cells.get("subregion", "")
    if subregion:
        if subregion not in parents:
            raise BuildError(f"{where}: unknown region {subregion!r}")
        parent = parents[subregion]
        regions += [parent, subregion] if parent else [subregion]
    for zone in cells.get("zones", "").split():
        if zone not in parents:
            raise BuildError(f"{where}: unknown region {zone!r}")
        regions.append(zone)
    return regions


def _area_attributes(cells: dict[str, str], parents: dict[str, str | None], where: str) -> dict[str, Any]:
    """The 7 Ages area attributes of one land row (contract of issue 14: AreaAttributes)."""
    attributes: dict[str, Any] = {
        "regions": _memberships(cells, parents, where),
        "terrain": cells.get("terrain") or "fertile",
        "income": int(cells["income"]) if cells.get("income") else None,
        "resource": bool(cells.get("resource")),
        "resource_type": cells.get("resource") or None,
    }
    return attributes


def _empire(item: dict[str, Any]) -> Empire:
    """An empire card; ``on_map`` holds the state of a card already on the map at the start."""
    attributes: dict[str, Any] = {
        "value": item["value"],
        "ages": item["ages"],
        "start_areas": item["start_areas"],
        "start_money": item["start_money"],
        "has_capital": item["has_capital"],
        "homeland": item.get("homeland", False),
        "no_cities_ages": item.get("no_cities_ages", []),
        "convert": item.get("convert", "none"),
        "glory": [
            {
                "category": glory["category"],
                "points": glory["points"],
                "region": glory.get("region"),
                "with_seas": glory.get("with_seas", False),
            }
            for glory in item["glory"]
        ],
        "event": item.get("event"),
    }
    on_map = item.get("on_map")
    attributes["player"] = on_map["player"] if on_map else None
    if on_map:
        attributes["progress"] = on_map["progress"]
        attributes["treasury"] = on_map["treasury"]
        attributes["shade"] = on_map["shade"]
    return Empire(id=item["id"], name=item["name"], colour=item["colour"], attributes=attributes)


def apply_setup(base: Scenario, table: dict[str, Any]) -> Scenario:
    """A copy of the map with the attribute columns and ``scenario.json`` applied (step 2)."""
    scenario = base.model_copy(deep=True)
    scenario.metadata = Metadata(
        title=table["title"],
        author="Mappa project",
        description=table["description"],
        tags=["sevenages", "historical", "world"],
    )
    scenario.ruleset = RulesetRef(id=RULESET, options=dict(table["options"]))
    parents: dict[str, str | None] = {region["id"]: region["within"] for region in table["regions"]}
    lands = _table("regions.csv")
    seas = _table("seas.csv")
    for area in scenario.map.areas:
        if area.kind is AreaKind.LAND:
            area.attributes = _area_attributes(lands[area.id], parents, f"regions.csv: {area.id}")
        else:
            zones = _memberships({"zones": seas[area.id].get("zones", "")}, parents, f"seas.csv: {area.id}")
            area.attributes = {"regions": zones} if zones else {}
    known = {area.id for area in scenario.map.areas}
    starts: dict[str, AreaSetup] = {}
    for area_id, item in sorted(table["areas"].items()):
        if area_id not in known:
            raise BuildError(f"scenario.json: areas: no area {area_id!r}")
        state = {key: item[key] for key in ("city", "capital", "fort", "disorder") if key in item}
        starts[area_id] = AreaSetup(owner=item.get("owner"), attributes=state)
    units = []
    counts: dict[tuple[str, str], int] = {}
    for item in table["units"]:
        if item["area"] not in known:
            raise BuildError(f"scenario.json: units: no area {item['area']!r}")
        key = (item["owner"], item["kind"])
        counts[key] = counts.get(key, 0) + 1
        units.append(
            Unit(
                id=f"{item['owner']}-{item['kind']}-{counts[key]}",
                kind=item["kind"],
                owner=item["owner"],
                area=item["area"],
                strength=item.get("strength", 1),
                attributes={"level": item["level"]} if "level" in item else {},
            )
        )
    neutral = table["neutral"]
    attributes: dict[str, object] = {
        "players": table["players"],
        "first_player": table["first_player"],
        "turn_limit": table["turn_limit"],
        "start_age": table["start_age"],
    }
    if "progress_limit" in table:
        # Optional: unset, the progress table's limit holds (7A facts 1).
        attributes["progress_limit"] = table["progress_limit"]
    attributes["regions"] = [{"id": region["id"], "name": region["name"]} for region in table["regions"]]
    scenario.setup = Setup(
        empires=[_empire(item) for item in table["empires"]],
        magnates=[Magnate(id=neutral["id"], name=neutral["name"], colour=neutral["colour"])],
        areas=starts,
        units=units,
        attributes=attributes,
    )
    return scenario


def build_text() -> str:
    """The scenario file's text; raise ``BuildError`` listing validation errors and warnings."""
    table = json.loads((HERE / "scenario.json").read_text(encoding="utf-8"))
    scenario = apply_setup(build_map(), table)
    problems = [
        f"{issue.severity.value} {issue.code}: {issue.message}"
        for issue in validate(scenario)
        if issue.severity in (Severity.ERROR, Severity.WARNING)
    ]
    if problems:
        raise BuildError("the scenario does not validate cleanly:\n  " + "\n  ".join(problems))
    return dumps(scenario)


def build(out: Path) -> Path:
    """Build the scenario into ``out``; raise ``BuildError`` when it does not validate."""
    text = build_text()
    out.mkdir(parents=True, exist_ok=True)
    path = out / OUTPUT
    path.write_text(text, encoding="utf-8")
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry: build into ``--out`` (default ``scenarios/``)."""
    parser = argparse.ArgumentParser(description="Build the 7 Ages world scenario from its tables.")
    parser.add_argument("--out", type=Path, default=ROOT / "scenarios", help="folder to write into")
    args = parser.parse_args(argv)
    try:
        path = build(args.out)
    except (BuildError, ValueError) as error:
        print(f"build: {error}", file=sys.stderr)
        return 1
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
