"""The ``mappa generate`` subcommand: its arguments and what it runs (registered in ``model.cli``)."""

from __future__ import annotations

import argparse
import sys

from model.generate.files import generate_files
from model.generate.tables import GenerateError
from model.io import atomic_write, dumps
from model.projection import BBox, MapProjection, ProjectionError
from model.scenario import DEFAULT_RULESET_ID, AreaKind


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``mappa generate``."""
    parser.add_argument(
        "--basemap", required=True, metavar="LAND.json", help="land or countries, TopoJSON or GeoJSON"
    )
    parser.add_argument(
        "--points", required=True, metavar="REGIONS.csv", help="id,name,lon,lat and area attribute columns"
    )
    parser.add_argument("--seas", metavar="SEAS.csv", help="id,name,lon,lat of the sea zones")
    parser.add_argument(
        "--straits", metavar="STRAITS.csv", help="id,a,b,name: land regions facing across water"
    )
    parser.add_argument("--catalogs", metavar="CATALOGS.json", help="languages, families, religions, groups")
    parser.add_argument(
        "--bbox", metavar="W,S,E,N", help="lon/lat box of the map (default: around the points)"
    )
    parser.add_argument(
        "--projection",
        metavar="CRS",
        help="projected CRS (PROJ string or EPSG:n; metres become km; default: equal-area on the box)",
    )
    parser.add_argument("--grid", type=float, default=0.1, metavar="G", help="coordinate grid in map units")
    parser.add_argument(
        "--tolerance",
        type=float,
        default=2.0,
        metavar="T",
        help="coast simplification in map units (default 2)",
    )
    parser.add_argument(
        "--min-island-area",
        type=float,
        default=40.0,
        metavar="A",
        help="drop islands and lakes smaller than this (map units squared, default 40)",
    )
    parser.add_argument(
        "--narrows",
        type=float,
        default=3.0,
        metavar="W",
        help="cut sea zones at straits narrower than twice W map units (default 3; 0: never)",
    )
    parser.add_argument(
        "--ruleset",
        default=DEFAULT_RULESET_ID,
        help=f"ruleset whose area attributes the columns are (default {DEFAULT_RULESET_ID})",
    )
    parser.add_argument("--title", default="Generated map", metavar="T", help="scenario title")
    parser.add_argument("-o", "--output", required=True, metavar="OUT", help="the scenario file to write")


def run(args: argparse.Namespace) -> int:
    """Generate the map and write it; ``GenerateError``/``ProjectionError`` carry the user's message."""
    box = BBox.parse(args.bbox) if args.bbox else None
    try:
        projection = MapProjection.in_km(args.projection) if args.projection else None
    except ProjectionError as error:  # say which option the CRS came from
        raise ProjectionError(f"--projection {args.projection}: {error}") from error
    generation = generate_files(
        args.basemap,
        args.points,
        args.seas,
        args.straits,
        args.catalogs,
        bbox=box,
        projection=projection,
        grid=args.grid,
        tolerance=args.tolerance,
        min_island_area=args.min_island_area,
        narrows=args.narrows,
        title=args.title,
        ruleset=args.ruleset,
    )
    for note in generation.notes:
        print(f"{args.points}: note: {note}", file=sys.stderr)
    scenario = generation.scenario
    try:
        atomic_write(args.output, dumps(scenario).encode("utf-8"))
    except OSError as error:
        raise GenerateError(f"{args.output}: cannot write ({error.strerror or error})") from error
    land = sum(1 for area in scenario.map.areas if area.kind is AreaKind.LAND)
    print(
        f"wrote {args.output}: {land} land and {len(scenario.map.areas) - land} sea areas, "
        f"{len(scenario.map.boundaries)} boundaries, {len(scenario.map.connections)} straits"
    )
    return 0


ERRORS = (GenerateError, ProjectionError)
"""What ``run`` raises for bad input (the CLI prints the message and exits with status 2)."""
