"""The ``mappa export`` subcommand: one sub-subcommand per registered export format."""

from __future__ import annotations

import argparse

from model import io
from model.exchange.import_command import add_option, option_values
from model.exporters.registry import Exporter, ExportError, ExportOptions, exporters
from model.importers.common import SourceError
from model.importers.registry import convert_values

ERRORS = (ExportError, SourceError)
"""What ``run`` raises for a failure the user can fix (the CLI prints it and exits 2)."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add one subcommand per registered export format to ``mappa export``."""
    formats = parser.add_subparsers(dest="format", metavar="FORMAT", required=True)
    for exporter in exporters():
        sub = formats.add_parser(
            exporter.name, help=exporter.help or exporter.title, description=exporter.help or exporter.title
        )
        sub.add_argument("file", metavar="FILE", help="the scenario to export")
        sub.add_argument("-o", "--output", metavar="OUT", required=True, help=exporter.target.description)
        for option in exporter.options:
            add_option(sub, option)
        sub.set_defaults(exporter=exporter)


def run(args: argparse.Namespace) -> int:
    """Read the scenario, write it in the chosen format, and say what was written."""
    exporter: Exporter = args.exporter
    scenario = io.load(args.file)
    values = option_values(exporter.options, args)
    extra = convert_values(exporter.options, values, f"{exporter.name} export")
    result = exporter.run(scenario, args.output, ExportOptions(extra))
    for note in result.notes[1:]:
        print(f"{args.output}: {note}")
    print(f"wrote {', '.join(result.written) or args.output}: {result.notes[0] if result.notes else 'done'}")
    return 0
