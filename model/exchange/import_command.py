"""The ``mappa import`` subcommand: one sub-subcommand per registered format.

``mappa import FORMAT SRC -o OUT [options]`` takes the options the format declares
(``model.importers.registry``); the arguments are built from the registry, so a new format needs
no change here. ``mappa import connections SCENARIO CSV [-o OUT]`` adds typed connections to a
scenario (``model.exchange.connections``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from model import io
from model.exchange import connections_command
from model.exchange.connections import ConnectionsError
from model.exchange.run import run_import
from model.importers.common import SourceError
from model.importers.registry import Importer, Option, importers, make_options
from model.scenario import AreaKind

ERRORS = (SourceError, ConnectionsError)
"""What ``run`` raises for a failure the user can fix (the CLI prints it and exits 2)."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add one subcommand per registered format to ``mappa import``."""
    formats = parser.add_subparsers(dest="format", metavar="FORMAT", required=True)
    for importer in importers():
        sub = formats.add_parser(
            importer.name, help=importer.help or importer.title, description=importer.help or importer.title
        )
        sub.add_argument("source", metavar="SRC", help=importer.source.description)
        sub.add_argument("-o", "--output", metavar="OUT", required=True, help="the scenario file to write")
        for option in importer.options:
            add_option(sub, option)
        sub.set_defaults(importer=importer)
    connections = formats.add_parser(
        "connections",
        help="add typed connections (straits, sea lanes...) from a CSV table to a scenario",
        description=connections_command.DESCRIPTION,
    )
    connections_command.configure(connections)


def add_option(parser: argparse.ArgumentParser, option: Option) -> None:
    """Add one declared option to a command's parser (flags as switches, the rest as text)."""
    if option.kind == "flag":
        parser.add_argument(option.flag, dest=option.dest, action="store_true", help=option.help)
        return
    parser.add_argument(
        option.flag,
        dest=option.dest,
        metavar=option.metavar or None,
        choices=option.choices or None,
        help=option.help,
    )


def option_values(options: Sequence[Option], args: argparse.Namespace) -> dict[str, Any]:
    """The values of a format's options as given on the command line (keyed by option key)."""
    return {option.key: getattr(args, option.dest, None) for option in options}


def run(args: argparse.Namespace) -> int:
    """Import and write; print the notes, then the warnings (stderr), then what was written."""
    if args.format == "connections":
        return connections_command.run(args)
    importer: Importer = args.importer
    options = make_options(importer, option_values(importer.options, args))
    result = run_import(importer.name, args.source, options)
    for note in result.notes:
        print(f"{args.source}: {note}")
    for warning in result.warnings:
        print(f"{args.source}: warning: {warning}", file=sys.stderr)
    try:
        io.atomic_write(args.output, io.dumps(result.scenario).encode("utf-8"))
    except OSError as error:
        raise SourceError(
            f"{args.output}: cannot write ({error.strerror or error}): check the folder exists and is "
            "writable"
        ) from error
    areas = result.scenario.map.areas
    land = sum(1 for area in areas if area.kind is AreaKind.LAND)
    count = len(result.warnings)
    print(
        f"wrote {args.output}: {land} land and {len(areas) - land} sea areas, "
        f"{len(result.scenario.map.boundaries)} boundaries, {len(result.scenario.map.connections)} "
        f"connections ({count} warning{'' if count == 1 else 's'} during import)"
    )
    return 0
