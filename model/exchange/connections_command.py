"""``mappa import connections SCENARIO CONNECTIONS.csv [-o OUT]``: typed connections from a table."""

from __future__ import annotations

import argparse

from model import io
from model.exchange.connections import ConnectionsError, add_connections
from model.validate import validate

DESCRIPTION = (
    "add typed connections (strait, sea_lane, river_crossing, impassable) from a CSV table with the "
    "columns from, to, type (and optionally name, one_way); areas by id or name. Every name it "
    "cannot find is reported with its line and close matches, and then nothing is written"
)


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``mappa import connections``."""
    parser.add_argument("scenario", metavar="SCENARIO", help="the scenario to add the connections to")
    parser.add_argument("table", metavar="CONNECTIONS.csv", help="the table of connections")
    parser.add_argument("-o", "--output", metavar="OUT", help="write here (default: replace SCENARIO)")


def run(args: argparse.Namespace) -> int:
    """Add the table's connections and write the scenario; the CLI turns errors into exit 2."""
    scenario = io.load(args.scenario)
    result = add_connections(scenario, args.table)
    for skipped in result.skipped:
        print(f"{args.table}: {skipped}; skipped")
    target = args.output or args.scenario
    try:
        io.atomic_write(target, io.dumps(scenario).encode("utf-8"))
    except OSError as error:
        raise ConnectionsError(target, [f"cannot write ({error.strerror or error})"]) from error
    errors = sum(1 for issue in validate(scenario) if issue.severity.value == "error")
    print(
        f"wrote {target}: {len(result.added)} connection(s) added, {len(result.skipped)} already there"
        + (f"; mappa validate reports {errors} error(s)" if errors else "")
    )
    return 0
