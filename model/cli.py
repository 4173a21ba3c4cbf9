"""The ``mappa`` command: the editor (no arguments, or ``edit``) and headless subcommands.

Each subcommand is a pair of small functions (one adds its arguments, one runs it) registered in
``COMMANDS``; adding a subcommand is one more entry. A subcommand returns the exit status; every
expected failure is raised as ``CliError`` (or ``LoadError``) and printed to stderr as a message
that names the file, the place and what to do; never a traceback (set ``MAPPA_DEBUG=1`` to see
one for a crash).

Exit status: 0 success; 1 ``validate`` found errors, ``diff`` found changes, ``merge`` recorded
conflicts; 2 a file could not be read or written (or a command line mistake, or a play-test
cluster that cannot be reached or used: the message says what to do, and whether ``--resume``
continues the run);
3 an internal error, a bug in Mappa (the message names the file being worked on and asks for a
report); 130 interrupted; 141 the output pipe closed early.

The subcommands here never import Qt or the editor. The console script starts one layer up,
in ``editor.cli_entry``, which adds the editor's commands (``edit``, the default, and ``render``)
and hands every command line to :func:`main`.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from model import about, io
from model.issues import Issue, Severity
from model.scenario import AreaKind, Scenario


class CliError(Exception):
    """An expected failure: the message says what, where and what to do; exit status 2."""


EXIT_ISSUES = 1
EXIT_UNREADABLE = 2
EXIT_INTERNAL = 3
EXIT_CODES_HELP = (
    "exit status: 0 success, 1 validation found errors (diff: the files differ; merge: conflicts), "
    "2 a file could not be read or written (or a play-test cluster cannot be reached or used), "
    "3 internal error (a bug in Mappa: please report it)"
)


class InternalError(Exception):
    """A crash while working on a known file (a bug): ``main`` reports it with the file, exit 3."""

    def __init__(self, file: str, error: Exception) -> None:
        super().__init__(f"{type(error).__name__}: {error}")
        self.file = file
        self.error = error


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, one-line help, how it adds its arguments, and what it runs."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    gui: bool = False
    """Whether the command runs the editor's own code (which sets up its own logging)."""


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
    from model.validate.underlays import underlay_files

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
            status = max(status, EXIT_UNREADABLE)
            if args.format == "json":
                reports.append({"file": name, "readable": False, "error": str(error)})
            else:
                print(str(error), file=sys.stderr)
            continue
        except Exception as error:  # a bug: name the file, then stop (exit 3)
            raise InternalError(name, error) from error
        try:
            found = validate(scenario) + underlay_files(scenario, Path(name).resolve().parent)
        except Exception as error:
            raise InternalError(name, error) from error
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


PLAYTEST_COMPARE = "playtest compare"
"""``mappa playtest compare A B``: one subcommand word to argparse (``main`` joins the two words),
since ``mappa playtest`` itself takes a scenario FILE as its first word."""


PLAYTEST_HANDICAPS = "playtest handicaps"
"""``mappa playtest handicaps FILE OUT``: handicaps that even out the win rates of a finished run."""

TWO_WORDS = (PLAYTEST_COMPARE, PLAYTEST_HANDICAPS)
"""Subcommands of two words, which ``main`` joins into one for argparse."""


def _configure_playtest_handicaps(parser: argparse.ArgumentParser) -> None:
    from model.playtest.command import configure_handicaps

    configure_handicaps(parser)


def _run_playtest_handicaps(args: argparse.Namespace) -> int:
    from model.playtest.command import ERRORS, run_handicaps

    try:
        return run_handicaps(args)
    except ERRORS as error:
        raise CliError(str(error)) from error


def _configure_playtest_compare(parser: argparse.ArgumentParser) -> None:
    from model.playtest.command import configure_compare

    configure_compare(parser)


def _run_playtest_compare(args: argparse.Namespace) -> int:
    from model.playtest.command import ERRORS, run_compare

    try:
        return run_compare(args)
    except ERRORS as error:
        raise CliError(str(error)) from error


# --- graph ---------------------------------------------------------------------------------------


def _configure_graph(parser: argparse.ArgumentParser) -> None:
    from model.graph_command import configure

    configure(parser)


def _run_graph(args: argparse.Namespace) -> int:
    from model.graph_command import GraphCommandError, run

    try:
        status, text = run(args)
    except GraphCommandError as error:
        raise CliError(str(error)) from error
    if args.output:
        _write(args.output, text)
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(text)
    return status


# --- diff and merge ------------------------------------------------------------------------------


def _configure_diff(parser: argparse.ArgumentParser) -> None:
    from model.diff.command import configure

    configure(parser)


def _run_diff(args: argparse.Namespace) -> int:
    from model.diff.command import ERRORS, run

    try:
        return run(args)
    except ERRORS as error:
        raise CliError(str(error)) from error


def _configure_merge(parser: argparse.ArgumentParser) -> None:
    from model.merge.command import configure

    configure(parser)


def _run_merge(args: argparse.Namespace) -> int:
    from model.merge.command import ERRORS, run

    try:
        return run(args)
    except ERRORS as error:
        raise CliError(str(error)) from error


# --- the table of subcommands and the entry point ----------------------------------------------

COMMANDS: list[Command] = [
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
    Command(
        PLAYTEST_COMPARE,
        "compare two balance reports: win rates, mean VP, events, with significance tests",
        _configure_playtest_compare,
        _run_playtest_compare,
    ),
    Command(
        PLAYTEST_HANDICAPS,
        "handicaps that would even out the win rates of a finished play-test run (its games.jsonl)",
        _configure_playtest_handicaps,
        _run_playtest_handicaps,
    ),
    Command(
        "graph",
        "write the map's graphs (networkx, Gephi, Graphviz) or distances",
        _configure_graph,
        _run_graph,
    ),
    Command(
        "diff",
        "what changed between two versions of a scenario (exit 1 when they differ)",
        _configure_diff,
        _run_diff,
    ),
    Command(
        "merge", "three-way merge of two authors' versions (git merge driver)", _configure_merge, _run_merge
    ),
]
"""Every headless subcommand, in the order ``mappa --help`` lists them; add new ones here.

The ``mappa`` console script is ``editor.cli_entry:main``: it adds the commands that need the
editor (``edit``, ``render``) and hands everything to :func:`main`; the model never imports the
editor."""


class _VersionAction(argparse.Action):
    """``--version``: print what ``report`` returns (computed only when asked) and exit 0."""

    def __init__(self, option_strings: Sequence[str], dest: str, report: Callable[[], str]) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=VERSION_HELP)
        self.report = report

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        try:
            print(self.report(), flush=True)
        except BrokenPipeError:  # ``mappa --version | head -1``
            parser.exit(_output_closed())
        parser.exit()


VERSION_HELP = "print Mappa's version and those of Python, Qt and every dependency, then exit"


def build_parser(
    commands: Sequence[Command] | None = None, version: Callable[[], str] = about.version_text
) -> argparse.ArgumentParser:
    """Return the argument parser with ``commands`` (default: every headless subcommand); ``--version``
    prints what ``version`` returns (the editor's entry point adds the Qt version)."""
    parser = argparse.ArgumentParser(
        prog="mappa",
        description="Map editor and scenario designer for "
        "area-movement board games. With no subcommand, opens the editor.",
        epilog=EXIT_CODES_HELP,
    )
    parser.add_argument("--version", action=_VersionAction, report=version)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS if commands is None else commands:
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


def main(
    argv: Sequence[str] | None = None,
    commands: Sequence[Command] | None = None,
    default: str | None = None,
    version: Callable[[], str] = about.version_text,
) -> int:
    """Run the ``mappa`` command with ``argv`` (default: the process arguments); return the exit status.

    ``commands`` are the subcommands offered (default: :data:`COMMANDS`, the headless ones);
    ``default`` names the one run without a subcommand, and with a scenario file as the first
    word (``mappa FILE``). The editor's entry point passes its ``edit`` and ``render`` here, and the
    ``version`` report with the Qt version.
    """
    offered = list(COMMANDS if commands is None else commands)
    parser = build_parser(offered, version)
    by_name = {command.name: command for command in offered}
    words = list(sys.argv[1:] if argv is None else argv)
    for joined in TWO_WORDS:
        if words[:2] == joined.split() and joined in by_name:
            words[:2] = [joined]
    if default is not None and words and words[0].endswith(".json"):
        words.insert(0, default)  # ``mappa FILE`` opens the file, as a desktop file association does
    args = parser.parse_args(_join_negative_values(words))
    if args.command is None:
        if default is None:
            parser.print_usage(sys.stderr)
            print("mappa: name a subcommand (mappa --help lists them)", file=sys.stderr)
            return EXIT_UNREADABLE
        args = parser.parse_args([default])
        args.file = None
        args.command = None
    command = by_name[str(default if args.command is None else args.command)]
    run: Callable[[argparse.Namespace], int] = command.run
    for stream in (sys.stdout, sys.stderr):  # never crash on printing text the terminal cannot show
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    if not command.gui:  # the editor sets up its own logging
        logging.basicConfig(level=logging.WARNING, format="mappa: %(message)s")
    try:
        return run(args)
    except (CliError, io.LoadError) as error:
        print(f"mappa: {error}" if isinstance(error, CliError) else str(error), file=sys.stderr)
        return EXIT_UNREADABLE
    except BrokenPipeError:
        return _output_closed()
    except KeyboardInterrupt:
        print("mappa: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # a bug: one clear line, the traceback only on request
        if os.environ.get("MAPPA_DEBUG"):
            traceback.print_exc()
        print(_internal_error_message(args, error), file=sys.stderr)
        return EXIT_INTERNAL


def _output_closed() -> int:
    """The reader of our output stopped early (``mappa info x | head``): not a failure of ours.

    Standard output goes to the null device so that Python's own flush at exit does not fail
    again; the status is the shell's for a closed pipe.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 141


def _internal_error_message(args: argparse.Namespace, error: Exception) -> str:
    """The one line a crash prints: the file being worked on, the error, and a request to report it."""
    if isinstance(error, InternalError):
        files, error = [error.file], error.error
    else:
        named = getattr(args, "file", None) or getattr(args, "files", None) or []
        files = [named] if isinstance(named, str) else [str(name) for name in named]
    where = f" while working on {', '.join(files)}" if files else ""
    command = f"mappa {args.command}" if getattr(args, "command", None) else "mappa"
    return (
        f"mappa: internal error{where} ({type(error).__name__}: {error}): a bug in Mappa; please report "
        f"it with the command ({command}) and the file if you can (set MAPPA_DEBUG=1 to see the traceback)"
    )


if __name__ == "__main__":
    sys.exit(main())
