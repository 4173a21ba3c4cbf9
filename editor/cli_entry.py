"""The ``mappa`` console script: the editor's commands on top of the model's headless ones.

The entry point sits above the model (pyproject.toml ``[project.scripts]``): it adds the commands
that need the editor, ``edit`` (the default: ``mappa`` and ``mappa FILE`` open the editor) and
``render`` (map pictures and the print-and-play sheet, drawn with Qt without a window), and hands
every command line to ``model.cli.main``, which runs the headless commands. So the model never
reaches into the editor, and the headless commands still load no Qt: the editor's modules are
imported inside ``edit`` and ``render`` only.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType

from model import io
from model.cli import COMMANDS as HEADLESS
from model.cli import CliError, Command
from model.cli import main as model_main

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
    # Before Qt loads: a missing system library (libxcb-cursor0...) is named with its install
    # command, instead of Qt's bare "could not load the Qt platform plugin xcb".
    try:
        system_libs = importlib.import_module("editor.system_libs")
    except ModuleNotFoundError:
        system_libs = None  # no editor package: importing editor.app below says so
    problem: str | None = system_libs.check() if system_libs is not None else None
    if problem is not None:
        raise CliError(problem)
    # Imported here only, so that the headless commands never load Qt.
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
        help="map mode id: owner, kind, validation or one of the ruleset (an unknown id lists all)",
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
    parser.add_argument(
        "--style",
        default="plain",
        choices=("plain", "board"),
        help="board: smoothed borders, water lines along the coast, tinted land and sea, serif names",
    )
    parser.add_argument(
        "--orientation",
        default="auto",
        choices=("auto", "portrait", "landscape"),
        help="page orientation of the --sheet map (auto: whichever needs fewer pages)",
    )


def _rendering_module(name: str) -> ModuleType:
    """Import the editor module ``name`` that draws (here only: the headless commands never load Qt)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        raise CliError(f"rendering needs the editor and PySide6: module {error.name!r} is missing") from error


@contextmanager
def _drawing_errors() -> Iterator[None]:
    """Turn a drawing's expected failures (an unknown mode or paper, a file not written) into ``CliError``."""
    try:
        yield
    except KeyError as error:
        raise CliError(str(error.args[0]) if error.args else str(error)) from error
    except (ValueError, OSError) as error:
        raise CliError(str(error)) from error


def _run_render_sheet(args: argparse.Namespace) -> int:
    """``mappa render FILE -o OUT.pdf --sheet``: the print-and-play sheet (editor.export.pdf_sheet)."""
    sheet = _rendering_module("editor.export.pdf_sheet")
    scenario = io.load(args.file)
    options = sheet.SheetOptions(
        paper=args.paper,
        pages_across=args.pages_across,
        mode=args.mode,
        orientation=args.orientation,
        board=args.style == "board",
    )
    with _drawing_errors():
        # Say how many pages it will be before writing (render_sheet prints through ``announce``).
        result = sheet.render_sheet(
            scenario,
            args.output,
            options,
            announce=lambda plan: print(f"the sheet will be {plan}", flush=True),
        )
    print(f"wrote {result.path} ({len(result.pages)} pages, map on {result.layout.pages})")
    return 0


def _run_render(args: argparse.Namespace) -> int:
    # Qt is imported here only (the headless commands never load it).
    if args.sheet:
        return _run_render_sheet(args)
    render = _rendering_module("editor.render")
    scenario = io.load(args.file)
    with _drawing_errors():
        path = render.render_scenario(
            scenario, args.output, mode=args.mode, width=args.width, board=args.style == "board"
        )
    print(f"wrote {path}")
    return 0


EDIT = Command(
    "edit", "open the editor (the default with no subcommand)", _configure_edit, _run_edit, gui=True
)
RENDER = Command("render", "draw the map to PNG, SVG or PDF (headless)", _configure_render, _run_render)

COMMANDS: list[Command] = [EDIT, *HEADLESS, RENDER]
"""Every subcommand of the ``mappa`` script, in the order ``mappa --help`` lists them."""


def _version_text() -> str:
    """What ``mappa --version`` prints: the model's report with the Qt version (``editor.about``,
    imported only when asked, like the editor's other modules)."""
    about = importlib.import_module("editor.about")
    text: str = about.version_text()
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """The ``mappa`` console script: run ``argv`` (default: the process arguments); return the status."""
    return model_main(argv, commands=COMMANDS, default=EDIT.name, version=_version_text)


if __name__ == "__main__":
    raise SystemExit(main())
