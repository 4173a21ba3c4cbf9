"""The ``mappa`` command: the editor (no arguments, or ``edit``) and headless subcommands.

Each subcommand is a pair of small functions (one adds its arguments, one runs it) registered in
``COMMANDS``; adding a subcommand is one more entry. A subcommand returns the exit status; every
expected failure is raised as ``CliError`` (or ``LoadError``) and printed to stderr as a message
that names the file, the place and what to do; never a traceback (set ``MAPPA_DEBUG=1`` to see
one for a crash). Exit status 2 means a file could not be read or written.

The headless subcommands never import Qt: the editor is imported inside ``edit`` only.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import sys
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from model import io
from model.issues import Issue, Severity
from model.scenario import AreaKind, Scenario


class CliError(Exception):
    """An expected failure: the message says what, where and what to do; exit status 2."""


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, one-line help, how it adds its arguments, and what it runs."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


# --- validate ----------------------------------------------------------------------------------


def _configure_validate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE", help="scenario files to check")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    parser.add_argument("--list-codes", action="store_true", help="print every issue code and exit")
    parser.add_argument(
        "--smoke",
        type=int,
        default=0,
        metavar="N",
        help="also play N quick AI games and report engine errors and broken invariants",
    )


def _run_validate(args: argparse.Namespace) -> int:
    from model.validate import all_codes, validate

    if args.list_codes:
        codes = all_codes()
        if args.format == "json":
            listed = [
                {"code": c, "severity": s.value, "description": d, "source": o}
                for c, (s, d, o) in sorted(codes.items())
            ]
            _print_json(listed)
        else:
            for code, (severity, text, origin) in sorted(codes.items()):
                print(f"{code:<28} {severity.value:<8} {text}" + (f" [{origin}]" if origin != "core" else ""))
        return 0
    if not args.files:
        raise CliError("validate: name at least one scenario file (or pass --list-codes)")
    status = 0
    reports: list[dict[str, Any]] = []
    for name in args.files:
        try:
            scenario = io.load(name)
        except io.LoadError as error:
            status = 2
            if args.format == "json":
                reports.append({"file": name, "readable": False, "error": str(error)})
            else:
                print(str(error), file=sys.stderr)
            continue
        found = validate(scenario)
        if args.smoke > 0 and not any(item.severity is Severity.ERROR for item in found):
            from model.playtest.smoke import smoke_test

            found += smoke_test(scenario, args.smoke, source=name)
        counts = Counter(item.severity for item in found)
        if counts[Severity.ERROR]:
            status = max(status, 1)
        if args.format == "json":
            reports.append(
                {
                    "file": name,
                    "readable": True,
                    "errors": counts[Severity.ERROR],
                    "warnings": counts[Severity.WARNING],
                    "issues": [i.to_json() for i in found],
                }
            )
        else:
            for item in found:
                print(_issue_line(name, item))
            print(
                f"{name}: {_plural(counts[Severity.ERROR], 'error')}, "
                f"{_plural(counts[Severity.WARNING], 'warning')}, {_plural(counts[Severity.INFO], 'note')}"
            )
    if args.format == "json":
        _print_json(reports)
    return status


def _issue_line(name: str, item: Issue) -> str:
    ids = f" [{', '.join(item.ids)}]" if item.ids else ""
    rule = f" (rule {item.rule})" if item.rule else ""
    where = f" at {item.path}" if item.path and item.path not in item.message else ""
    return f"{name}: {item.severity.value} {item.code}{ids} {item.message}{where}{rule}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# --- info --------------------------------------------------------------------------------------


def _configure_info(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a scenario file")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def summary(scenario: Scenario) -> dict[str, Any]:
    """Return the counts, ruleset and extent of a scenario (what ``mappa info`` prints)."""
    from model.rules import registry

    areas = scenario.map.areas
    spec = registry.get(scenario.ruleset.id)
    points = [p for b in scenario.map.boundaries for p in b.points] or [p for a in areas for p in a.anchors]
    bounds: dict[str, float] | None = None
    if scenario.map.bounds is not None:
        bounds = scenario.map.bounds.model_dump()
    elif points:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        bounds = {"min_x": min(xs), "min_y": min(ys), "max_x": max(xs), "max_y": max(ys)}
    return {
        "title": scenario.metadata.title,
        "start_year": scenario.metadata.start_year,
        "rounds": scenario.metadata.rounds,
        "schema_version": scenario.schema_version,
        "ruleset": {
            "id": scenario.ruleset.id,
            "name": spec.name if spec else None,
            "known": spec is not None,
            "options_on": sorted(k for k, v in scenario.ruleset.options.items() if v is True),
            "table_overrides": sorted(scenario.ruleset.tables),
        },
        "areas": {
            "land": sum(1 for a in areas if a.kind is AreaKind.LAND),
            "sea": sum(1 for a in areas if a.kind is AreaKind.SEA),
        },
        "boundaries": len(scenario.map.boundaries),
        "connections": dict(sorted(Counter(c.kind.value for c in scenario.map.connections).items())),
        "empires": len(scenario.setup.empires),
        "magnates": len(scenario.setup.magnates),
        "units": dict(sorted(Counter(u.kind for u in scenario.setup.units).items())),
        "units_total": len(scenario.setup.units),
        "units_map": scenario.map.units,
        "projection": scenario.map.projection.crs if scenario.map.projection else None,
        "bounds": bounds,
    }


def _run_info(args: argparse.Namespace) -> int:
    scenario = io.load(args.file)
    data = summary(scenario)
    if args.json:
        _print_json({"file": args.file, **data})
        return 0
    years = f", from {data['start_year']}" if data["start_year"] is not None else ""
    rounds = f", {data['rounds']} rounds" if data["rounds"] else ""
    ruleset = data["ruleset"]
    print(f"{args.file}: {data['title']}{years}{rounds}")
    print(
        f"  ruleset      {ruleset['id']}"
        + (f" ({ruleset['name']})" if ruleset["name"] else " (unknown)")
        + (f"; options on: {', '.join(ruleset['options_on'])}" if ruleset["options_on"] else "")
    )
    print(f"  areas        {data['areas']['land']} land, {data['areas']['sea']} sea")
    print(f"  boundaries   {data['boundaries']}")
    kinds = ", ".join(f"{n} {k}" for k, n in data["connections"].items()) or "none"
    print(f"  connections  {kinds}")
    print(f"  empires      {data['empires']}; Magnates {data['magnates']}")
    units = ", ".join(f"{n} {k}" for k, n in data["units"].items()) or "none"
    print(f"  units        {units}")
    if data["bounds"]:
        b = data["bounds"]
        print(
            f"  bounds       ({b['min_x']:g}, {b['min_y']:g}) to ({b['max_x']:g}, {b['max_y']:g}) "
            f"{data['units_map']}" + (f", projection {data['projection']}" if data["projection"] else "")
        )
    return 0


# --- schema ------------------------------------------------------------------------------------


def schema_text() -> str:
    """Return the JSON Schema of the file format as written by ``mappa schema``."""
    return json.dumps(io.json_schema(), indent=2, ensure_ascii=False) + "\n"


def _configure_schema(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", metavar="OUT", help="write to this file instead of stdout")


def _run_schema(args: argparse.Namespace) -> int:
    text = schema_text()
    if args.output:
        _write(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


# --- migrate -----------------------------------------------------------------------------------


def _configure_migrate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a scenario file written by an older Mappa")
    parser.add_argument("-o", "--output", metavar="OUT", help="write here (default: replace FILE)")


def _run_migrate(args: argparse.Namespace) -> int:
    scenario = io.load(args.file)  # migrates on the way in; refuses newer files
    version = _file_version(args.file)
    target = args.output or args.file
    if version == scenario.schema_version and not args.output:
        print(f"{args.file}: already at schema version {version}; nothing to do")
        return 0
    _write(target, io.dumps(scenario))
    print(f"{args.file}: migrated from schema version {version} to {scenario.schema_version}; wrote {target}")
    return 0


def _file_version(path: str) -> object:
    """Return the schema version a file declares (the file was just read successfully)."""
    raw = json.loads(Path(path).read_bytes())
    return raw.get("schema_version", raw.get("version"))


# --- import ------------------------------------------------------------------------------------


def _configure_import(parser: argparse.ArgumentParser) -> None:
    from model.exchange.import_command import configure

    configure(parser)


def _run_import(args: argparse.Namespace) -> int:
    from model.exchange.import_command import ERRORS, run

    try:
        return run(args)
    except ERRORS as error:
        raise CliError(str(error)) from error


def _configure_export(parser: argparse.ArgumentParser) -> None:
    from model.exchange.export_command import configure

    configure(parser)


def _run_export(args: argparse.Namespace) -> int:
    from model.exchange.export_command import ERRORS, run

    try:
        return run(args)
    except ERRORS as error:
        raise CliError(str(error)) from error


# --- generate ----------------------------------------------------------------------------------


def _configure_generate(parser: argparse.ArgumentParser) -> None:
    from model.generate.command import configure

    configure(parser)


def _run_generate(args: argparse.Namespace) -> int:
    from model.generate.command import ERRORS, run

    try:
        return run(args)
    except ERRORS as error:
        raise CliError(str(error)) from error


def _configure_playtest(parser: argparse.ArgumentParser) -> None:
    from model.playtest.command import configure

    configure(parser)


def _run_playtest(args: argparse.Namespace) -> int:
    from model.playtest.command import ERRORS, run

    try:
        return run(args)
    except ERRORS as error:
        raise CliError(str(error)) from error


# --- edit --------------------------------------------------------------------------------------


def _configure_edit(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", metavar="FILE", help="scenario to open (default: the default one)")


def _run_edit(args: argparse.Namespace) -> int:
    # Without a display Qt aborts the process with a core dump; say what to do instead.
    display_vars = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    if sys.platform.startswith("linux") and not any(os.environ.get(name) for name in display_vars):
        raise CliError(
            "the editor needs a display, and none is set (DISPLAY or WAYLAND_DISPLAY): run it on a desktop, "
            "under xvfb-run, or set QT_QPA_PLATFORM=offscreen; the headless commands (validate, info...) "
            "work anywhere"
        )
    # Imported by name, here only: the headless commands never load Qt, and model/ has no static
    # dependency on the editor package (the import contract forbids one).
    try:
        app = importlib.import_module("editor.app")
    except ModuleNotFoundError as error:
        missing = error.name or "editor.app"
        raise CliError(
            f"the editor cannot start: module {missing!r} is missing (the editor or PySide6 is not "
            "installed); the headless commands (validate, info, import...) still work"
        ) from error
    editor_main: Callable[[list[str]], int | None] = app.main
    status = editor_main([args.file] if args.file else [])
    return int(status or 0)


# --- render ------------------------------------------------------------------------------------


def _configure_render(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="scenario to draw")
    parser.add_argument("-o", "--output", required=True, metavar="OUT", help="OUT.png, OUT.svg or OUT.pdf")
    parser.add_argument(
        "--mode",
        default="owner",
        help="map mode: owner, religion, language, social_state, population, kind, seafaring, validation",
    )
    parser.add_argument("--width", type=int, default=2000, metavar="PX", help="image width in pixels")
    parser.add_argument(
        "--sheet",
        action="store_true",
        help="print-and-play PDF: the map tiled across pages, a legend and the setup tables",
    )
    parser.add_argument("--paper", default="A4", help="paper of the --sheet pages: A4, A3 or Letter")
    parser.add_argument(
        "--pages-across", type=int, default=2, metavar="N", help="how many pages the --sheet map spans across"
    )


def _run_render_sheet(args: argparse.Namespace) -> int:
    """``mappa render FILE -o OUT.pdf --sheet``: the print-and-play sheet (editor.export.pdf_sheet)."""
    try:
        sheet = importlib.import_module("editor.export.pdf_sheet")
    except ModuleNotFoundError as error:
        raise CliError(f"rendering needs the editor and PySide6: module {error.name!r} is missing") from error
    scenario = io.load(args.file)
    options = sheet.SheetOptions(paper=args.paper, pages_across=args.pages_across, mode=args.mode)
    try:
        result = sheet.render_sheet(scenario, args.output, options)
    except KeyError as error:
        raise CliError(str(error.args[0]) if error.args else str(error)) from error
    except (ValueError, OSError) as error:
        raise CliError(str(error)) from error
    print(f"wrote {result.path} ({len(result.pages)} pages, map on {result.layout.pages})")
    return 0


def _run_render(args: argparse.Namespace) -> int:
    # Qt is imported here only, by name (model/ has no static dependency on the editor package).
    if args.sheet:
        return _run_render_sheet(args)
    try:
        render = importlib.import_module("editor.render")
    except ModuleNotFoundError as error:
        raise CliError(f"rendering needs the editor and PySide6: module {error.name!r} is missing") from error
    scenario = io.load(args.file)
    try:
        path = render.render_scenario(scenario, args.output, mode=args.mode, width=args.width)
    except KeyError as error:
        raise CliError(str(error.args[0]) if error.args else str(error)) from error
    except (ValueError, OSError) as error:
        raise CliError(str(error)) from error
    print(f"wrote {path}")
    return 0


# --- the table of subcommands and the entry point ----------------------------------------------

COMMANDS: list[Command] = [
    Command("edit", "open the editor (the default with no subcommand)", _configure_edit, _run_edit),
    Command("validate", "check scenario files and list every issue", _configure_validate, _run_validate),
    Command("info", "counts, ruleset and extent of a scenario", _configure_info, _run_info),
    Command("schema", "print the JSON Schema of the file format", _configure_schema, _run_schema),
    Command("migrate", "upgrade a file written by an older Mappa", _configure_migrate, _run_migrate),
    Command(
        "import",
        "make a scenario map from another format (mappa import FORMAT --help)",
        _configure_import,
        _run_import,
    ),
    Command(
        "export",
        "write the map in another format (mappa export FORMAT --help)",
        _configure_export,
        _run_export,
    ),
    Command(
        "generate", "make a map from named points on a basemap (Voronoi)", _configure_generate, _run_generate
    ),
    Command("playtest", "play AI games and write a balance report", _configure_playtest, _run_playtest),
    Command("render", "draw the map to PNG, SVG or PDF (headless)", _configure_render, _run_render),
]
"""Every subcommand, in the order ``mappa --help`` lists them; add new ones here."""


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="mappa",
        description="Map editor and scenario designer for "
        "area-movement board games. With no subcommand, opens the editor.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        sub = subparsers.add_parser(command.name, help=command.help, description=command.help)
        command.configure(sub)
        sub.set_defaults(run=command.run)
    return parser


def _write(path: str, text: str) -> None:
    try:
        io.atomic_write(path, text.encode("utf-8"))
    except OSError as error:
        raise CliError(
            f"{path}: cannot write ({error.strerror or error}): check the folder exists and is writable"
        ) from error


def _print_json(data: object, stream: TextIO | None = None) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False), file=stream or sys.stdout)


def _join_negative_values(argv: list[str]) -> list[str]:
    """Let ``--bbox -11,35,32,60`` work: argparse would take the value for an option (it starts with -)."""
    out: list[str] = []
    for arg in argv:
        if out and out[-1].startswith("--") and "=" not in out[-1] and re.match(r"^-\d[\d.]*,", arg):
            out[-1] = f"{out[-1]}={arg}"
        else:
            out.append(arg)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``mappa`` command with ``argv`` (default: the process arguments); return the exit status."""
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    if words and words[0].endswith(".json"):
        words.insert(0, "edit")  # ``mappa FILE`` opens the file, as a desktop file association does
    args = parser.parse_args(_join_negative_values(words))
    run: Callable[[argparse.Namespace], int] = getattr(args, "run", _run_edit)
    if args.command is None:
        args.file = None
    try:
        return run(args)
    except (CliError, io.LoadError) as error:
        print(f"mappa: {error}" if isinstance(error, CliError) else str(error), file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader of our output stopped early (``mappa info x | head``): not a failure of ours.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        print("mappa: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # a bug: one clear line, the traceback only on request
        if os.environ.get("MAPPA_DEBUG"):
            traceback.print_exc()
        print(
            f"mappa: internal error ({type(error).__name__}: {error}); please report it "
            "(set MAPPA_DEBUG=1 to see the traceback)",
            file=sys.stderr,
        )
        return 2


if __name__ == "__main__":
    sys.exit(main())
