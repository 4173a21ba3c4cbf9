"""Build the shipped medieval Europe scenarios from the tables beside this file.

Run from the repository root::

    PYTHONPATH=. python scenarios/sources/medieval-europe/build.py [--out DIR]

It writes ``medieval-europe-771.mappa.json``, ``-976`` and ``-1136`` into ``DIR`` (default:
``scenarios/``) and fails, writing nothing, when a scenario does not validate cleanly. Running it
again on unchanged tables gives byte-identical files (a test checks the committed ones).

Step 1, the map, is exactly what this command line makes (the constants below)::

    mappa generate --basemap resources/basemaps/natural-earth/europe-land-50m.geojson \\
        --points regions.csv --seas seas.csv --straits straits.csv --catalogs catalogs.json \\
        --bbox -12.5,26,52,66.5 --tolerance 2 --grid 0.1 --title "Medieval Europe" -o map.mappa.json

Step 2 applies each ``scenario-YEAR.json``: title, description, start year and rounds; the
ruleset options; ``area_overrides`` (language and religion as they stood at that date); the
empires (colour, court, leader, treasury, handicap and protected rounds when given, their areas
with social state and forts); independent areas; Magnates, their areas and courts (the first
area listed); claims and ties; starting units (ids made from owner and kind).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from model.generate.files import generate_files
from model.io import dumps
from model.issues import Severity
from model.projection import BBox
from model.rules.eotma.schema import AreaAttributes, AreaSetup, EmpireAttributes, MagnateAttributes, Options
from model.scenario import AreaSetup as AreaStart
from model.scenario import Empire, Magnate, Metadata, RulesetRef, Scenario, Setup, Unit
from model.validate import validate

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
BASEMAP = ROOT / "resources" / "basemaps" / "natural-earth" / "europe-land-50m.geojson"
BBOX = BBox(-12.5, 26.0, 52.0, 66.5)
TOLERANCE = 2.0
GRID = 0.1
YEARS = (771, 976, 1136)
SCHISM_YEAR = 1054
"""The churches are in schism at the start of scenarios from this year on (23.1)."""


class BuildError(ValueError):
    """A scenario table that cannot be applied, or a scenario that does not validate."""


def build_map() -> Scenario:
    """Generate the map shared by every scenario (step 1)."""
    generation = generate_files(
        BASEMAP,
        HERE / "regions.csv",
        HERE / "seas.csv",
        HERE / "straits.csv",
        HERE / "catalogs.json",
        bbox=BBOX,
        tolerance=TOLERANCE,
        grid=GRID,
        title="Medieval Europe",
    )
    return generation.scenario


def _checked(model: type[Any], data: dict[str, Any], where: str) -> dict[str, Any]:
    """Validate an attributes dict with the ruleset model; keep only what the table gave."""
    try:
        model.model_validate(data)
    except ValueError as error:
        raise BuildError(f"{where}: {error}") from error
    return dict(data)


def apply_setup(base: Scenario, table: dict[str, Any], source: str) -> Scenario:
    """A copy of the map with one scenario table applied (step 2)."""
    scenario = base.model_copy(deep=True)
    scenario.metadata = Metadata(
        title=table["title"],
        author="Mappa project",
        description=table.get("description", ""),
        start_year=table["start_year"],
        rounds=table["rounds"],
        tags=["eotma", "historical", "medieval-europe"],
    )
    scenario.ruleset = RulesetRef(
        id="eotma", options=_checked(Options, table.get("options", {}), f"{source}: options")
    )
    areas = scenario.area_index()
    for area_id, override in sorted(table.get("area_overrides", {}).items()):
        if area_id not in areas:
            raise BuildError(f"{source}: area_overrides: no area {area_id!r}")
        merged = {**areas[area_id].attributes, **override}
        areas[area_id].attributes = _checked(AreaAttributes, merged, f"{source}: area_overrides.{area_id}")

    starts: dict[str, AreaStart] = {}

    def start(area_id: str, owner: str | None, attributes: dict[str, Any], where: str) -> None:
        if area_id not in areas:
            raise BuildError(f"{where}: no area {area_id!r}")
        if area_id in starts:
            raise BuildError(f"{where}: area {area_id!r} is set up twice")
        starts[area_id] = AreaStart(
            owner=owner, attributes=_checked(AreaSetup, attributes, f"{where}.{area_id}")
        )

    empires = []
    for index, item in enumerate(table.get("empires", [])):
        where = f"{source}: empires[{index}]"
        attributes = {"leader": item["leader"], "court": item["court"], "treasury": item.get("treasury", 12)}
        if item.get("optional"):
            attributes["optional"] = True
        for key in ("handicap", "protected_rounds"):  # 27.7, 27.92: scenario rules of one empire
            if key in item:
                attributes[key] = item[key]
        empires.append(
            Empire(
                id=item["id"],
                name=item["name"],
                colour=item.get("colour", "#808080"),
                attributes=_checked(EmpireAttributes, attributes, where),
            )
        )
        for area_id, state in item.get("areas", {}).items():
            start(area_id, item["id"], state, f"{where}.areas")
    for area_id, state in table.get("independent", {}).items():
        start(area_id, None, state, f"{source}: independent")
    magnates = []
    for index, item in enumerate(table.get("magnates", [])):
        where = f"{source}: magnates[{index}]"
        # The table lists the Magnate's court first (24.5).
        court = {"court": item["areas"][0]} if item.get("areas") else {}
        attributes = _checked(MagnateAttributes, {**court, **item.get("attributes", {})}, where)
        magnates.append(
            Magnate(
                id=item["id"], name=item["name"], colour=item.get("colour", "#606060"), attributes=attributes
            )
        )
        for area_id in item.get("areas", []):
            start(area_id, item["id"], {}, f"{where}.areas")
    for key in ("claims", "ties"):
        for index, link in enumerate(table.get(key, [])):
            where = f"{source}: {key}[{index}]"
            if link["area"] not in areas:
                raise BuildError(f"{where}: no area {link['area']!r}")
            entry = starts.setdefault(link["area"], AreaStart())
            entry.attributes = _checked(
                AreaSetup, {**entry.attributes, key: [*entry.attributes.get(key, []), link["empire"]]}, where
            )
    units = []
    counts: dict[tuple[str, str], int] = {}
    for item in table.get("units", []):
        key = (item["owner"], item["kind"])
        counts[key] = counts.get(key, 0) + 1
        units.append(
            Unit(
                id=item.get("id", f"{item['owner']}-{item['kind']}-{counts[key]}"),
                kind=item["kind"],
                owner=item["owner"],
                area=item["area"],
                strength=item.get("strength", 1),
            )
        )
    scenario.setup = Setup(
        empires=empires,
        magnates=magnates,
        areas={area_id: starts[area_id] for area_id in sorted(starts)},
        units=units,
        attributes={"schism": table.get("schism_at_start", table["start_year"] >= SCHISM_YEAR)},
    )
    return scenario


def build(out: Path, years: Sequence[int] = YEARS) -> list[Path]:
    """Build every scenario into ``out``; raise ``BuildError`` listing validation problems."""
    base = build_map()
    built: list[tuple[Path, str]] = []
    problems: list[str] = []
    for year in years:
        source = f"scenario-{year}.json"
        table = json.loads((HERE / source).read_text(encoding="utf-8"))
        scenario = apply_setup(base, table, source)
        for issue in validate(scenario):
            if issue.severity in (Severity.ERROR, Severity.WARNING):
                problems.append(f"{source}: {issue.severity.value} {issue.code}: {issue.message}")
        built.append((out / f"medieval-europe-{year}.mappa.json", dumps(scenario)))
    if problems:
        raise BuildError("the scenarios do not validate cleanly:\n  " + "\n  ".join(problems))
    out.mkdir(parents=True, exist_ok=True)
    for path, text in built:
        path.write_text(text, encoding="utf-8")
    return [path for path, _ in built]


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry: build into ``--out`` (default ``scenarios/``)."""
    parser = argparse.ArgumentParser(description="Build the medieval Europe scenarios from their tables.")
    parser.add_argument("--out", type=Path, default=ROOT / "scenarios", help="folder to write into")
    args = parser.parse_args(argv)
    try:
        paths = build(args.out)
    except (BuildError, ValueError) as error:
        print(f"build: {error}", file=sys.stderr)
        return 1
    for path in paths:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
