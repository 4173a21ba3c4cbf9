"""The importer registry: every source format, shared by ``mappa import``, File > Import and the tests.

A format is one module under ``model/importers/`` that registers itself when it is imported::

    from model.importers.registry import Importer, Option, Source, register, shared

    def read(source: str, options: ImportOptions) -> ImportResult: ...

    register(Importer(
        name="svg",                                   # mappa import svg ...
        title="SVG drawing",                          # menus and the dialog
        source=Source("an SVG file", suffixes=(".svg",)),   # or Source("a map folder", folder=True)
        read=read,                                    # source path + options -> ImportResult
        options=shared("close_gaps", "grid", "title") + (
            Option("id_attr", "--id-attr", "text", "attribute holding each shape's id", "A"),
        ),
    ))

``shared`` names options every format understands the same way (they are fields of
``ImportOptions``); a format's own options (``Option`` with a key that is not a field) arrive in
``ImportOptions.extra`` under their key. Nothing else needs editing: ``importers()`` imports every
module of this package once and so finds each format; the command line builds one ``mappa import
FORMAT`` subcommand per format with its options, and the editor builds its dialog from the same
declarations. ``make_options`` turns typed text (a command line, a dialog) into ``ImportOptions``
with one set of checks and messages.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import os
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from shapely.errors import GEOSException

from model.importers import guards
from model.importers.common import ImportOptions, ImportResult, SourceError, parse_bbox, parse_sea_when

OptionKind = Literal["text", "number", "flag", "file", "choice", "bbox"]
"""How an option is typed: free text, a number, an on/off flag, a file path, one of ``choices``,
or a ``W,S,E,N`` box."""


@dataclass(frozen=True)
class Option:
    """One option of a format: its key, its command-line flag, how it is typed and its help."""

    key: str
    """A field of ``ImportOptions`` (a shared option) or a key of ``ImportOptions.extra``."""
    flag: str
    kind: OptionKind
    help: str
    metavar: str = ""
    choices: tuple[str, ...] = ()
    suffixes: tuple[str, ...] = ()
    """For a ``file`` option: the file name endings it takes (the dialog's file filter)."""
    label: str = ""
    """The dialog's label (default: the flag without dashes, capitalised)."""

    @property
    def dest(self) -> str:
        """The attribute name argparse stores the value under."""
        return self.flag.lstrip("-").replace("-", "_")

    @property
    def caption(self) -> str:
        """The label shown beside the option's field in the dialog."""
        return self.label or self.flag.lstrip("-").replace("-", " ").capitalize()


@dataclass(frozen=True)
class Source:
    """What a format reads: a file with one of ``suffixes``, or a folder."""

    description: str
    suffixes: tuple[str, ...] = ()
    folder: bool = False


@dataclass(frozen=True)
class Importer:
    """A registered format: its name on the command line, its title in menus, what it reads, how."""

    name: str
    title: str
    source: Source
    read: Callable[[str, ImportOptions], ImportResult]
    options: tuple[Option, ...] = ()
    help: str = ""

    def run(self, source: str | os.PathLike[str], options: ImportOptions | None = None) -> ImportResult:
        """Check that the source is what this format reads, then read it; raise ``SourceError``."""
        return self.run_to_text(source, options)[0]

    def run_to_text(
        self, source: str | os.PathLike[str], options: ImportOptions | None = None
    ) -> tuple[ImportResult, str]:
        """``run``, with the scenario's canonical text that the output check made (for a caller
        that reads it back, so that the scenario is not written out twice)."""
        path = os.fspath(source)
        if not os.path.exists(path):
            raise SourceError(f"{path}: no such {'folder' if self.source.folder else 'file'}")
        if self.source.folder and not os.path.isdir(path):
            raise SourceError(f"{path}: {self.title} import reads a folder ({self.source.description})")
        if not self.source.folder and os.path.isdir(path):
            raise SourceError(f"{path}: is a folder; {self.title} import reads {self.source.description}")
        try:
            result = self.read(path, options or ImportOptions())
        except (MemoryError, GEOSException) as error:  # the geometry library gave up on this source
            raise SourceError(
                f"{path}: the geometry library failed on these shapes ({type(error).__name__}: "
                f"{str(error)[:200]}); clip the source with --bbox or simplify it first"
            ) from error
        text = guards.check_output(result.scenario, path)  # never hand on what the loader would refuse
        return result, text


SHARED: dict[str, Option] = {
    option.key: option
    for option in (
        Option("layer", "--layer", "text", "which layer or object of the source to read", "NAME"),
        Option(
            "name_property",
            "--name-property",
            "text",
            "property naming each area (default: the first of name, NAME, ADMIN that features have)",
            "P",
        ),
        Option("id_property", "--id-property", "text", "property to make area ids from", "P"),
        Option(
            "bbox",
            "--bbox",
            "bbox",
            "keep only what lies in this box, in the data's own coordinates (degrees for lon/lat)",
            "W,S,E,N",
            label="Bounding box",
        ),
        Option(
            "coordinates",
            "--coordinates",
            "choice",
            "what the numbers are: lonlat (degrees) or planar (pixels, metres...); default: a guess "
            "from their range, said in the summary",
            "KIND",
            choices=("lonlat", "planar"),
        ),
        Option(
            "project",
            "--project",
            "text",
            "projected CRS for lon/lat data (default: equal-area for the extent, in km); "
            "'none' keeps the source coordinates",
            "CRS",
            label="Projection",
        ),
        Option("grid", "--grid", "number", "coordinate grid in map units (default: from the extent)", "G"),
        Option(
            "close_gaps",
            "--close-gaps",
            "number",
            "shapes whose borders lie within D data units share one border; thinner gaps vanish",
            "D",
        ),
        Option("flip_y", "--flip-y", "flag", "y grows downwards (image coordinates)", label="Y down"),
        Option(
            "sea_when",
            "--sea-when",
            "text",
            "features with this property (true, or equal to VALUE) are sea (default: a guess from "
            "names such as water, sea, is_water)",
            "PROPERTY[=VALUE]",
            label="Sea when",
        ),
        Option("title", "--title", "text", "scenario title (default: from the file name)", "T"),
    )
}
"""Options every format understands the same way (each is a field of ``ImportOptions``)."""

_FIELDS = {f.name for f in dataclasses.fields(ImportOptions)}
_REGISTRY: dict[str, Importer] = {}
_LOADED = False


def shared(*keys: str) -> tuple[Option, ...]:
    """The shared options of these keys, in this order (a format lists those it honours)."""
    unknown = [key for key in keys if key not in SHARED]
    if unknown:
        raise KeyError(f"no shared import option {', '.join(unknown)}; known: {', '.join(SHARED)}")
    return tuple(SHARED[key] for key in keys)


def register(importer: Importer) -> Importer:
    """Add a format (called by its module when imported); a name may be registered once."""
    known = _REGISTRY.get(importer.name)
    if known is not None and known.read is not importer.read:
        raise ValueError(f"import format {importer.name!r} is registered twice")
    flags = [option.flag for option in importer.options]
    if len(set(flags)) != len(flags):
        raise ValueError(f"import format {importer.name!r} declares an option twice: {flags}")
    _REGISTRY[importer.name] = importer
    return importer


def _load() -> None:
    """Import every module of this package once, so that each format registers itself."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    package = importlib.import_module("model.importers")
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"model.importers.{module.name}")


def importers() -> list[Importer]:
    """Every registered format, by name."""
    _load()
    return [_REGISTRY[name] for name in sorted(_REGISTRY)]


def get(name: str) -> Importer:
    """The format called ``name``; ``SourceError`` lists the known ones otherwise."""
    _load()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise SourceError(
            f"unknown import format {name!r}; use one of {', '.join(sorted(_REGISTRY))}"
        ) from None


def known_suffixes() -> tuple[str, ...]:
    """Every file name ending a registered format reads (and ``.json``), longest first."""
    suffixes = {".json"} | {s.lower() for i in importers() for s in i.source.suffixes}
    return tuple(sorted(suffixes, key=lambda s: (-len(s), s)))


def title_from_source(source: str | os.PathLike[str]) -> str:
    """A title from the file name with only known extensions removed (``map.v2.geojson`` -> ``map.v2``)."""
    name = Path(os.fspath(source).rstrip("/\\")).name
    suffixes = known_suffixes()
    stripped = True
    while stripped:
        stripped = False
        for suffix in suffixes:
            if name.lower().endswith(suffix) and len(name) > len(suffix):
                name, stripped = name[: -len(suffix)], True
                break
    return name.replace("_", " ").replace("-", " ").strip() or "Import"


def make_options(importer: Importer, values: Mapping[str, Any]) -> ImportOptions:
    """Build ``ImportOptions`` from typed values (text from a command line or a dialog).

    ``values`` maps option keys to text, numbers or booleans; empty text and None mean "not
    given"; ``progress`` may carry a progress callback. Keys the format does not declare are
    refused. Raise ``SourceError`` naming the option, the value and what is expected.
    """
    progress = values.get("progress")
    given = {key: value for key, value in values.items() if key != "progress"}
    fields: dict[str, Any] = {"progress": progress} if progress is not None else {}
    extra: dict[str, Any] = {}
    for key, value in convert_values(importer.options, given, f"{importer.name} import").items():
        (fields if key in _FIELDS else extra)[key] = value
    return ImportOptions(**fields, extra=extra)


def convert_values(options: tuple[Option, ...], values: Mapping[str, Any], what: str) -> dict[str, Any]:
    """Check and convert typed option values by the options' kinds; leave out those not given.

    Shared by importers and exporters, so that both take and refuse values alike; ``what``
    names the command in the message for an option it does not take.
    """
    declared = {option.key: option for option in options}
    out: dict[str, Any] = {}
    for key, raw in values.items():
        option = declared.get(key)
        if option is None:
            raise SourceError(f"{what} takes no option {key!r}")
        value = _convert(option, raw)
        if value is not None:
            out[key] = value
    return out


def _convert(option: Option, raw: Any) -> Any:
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    if option.kind == "flag":
        return bool(raw) or None
    text = raw.strip() if isinstance(raw, str) else raw
    if option.kind == "number":
        try:
            number = float(text)
        except (TypeError, ValueError):
            raise SourceError(f"{option.flag} {raw!r}: expected a number") from None
        if not (math.isfinite(number) and number > 0):
            raise SourceError(f"{option.flag} {raw!r}: must be a positive number of map units")
        return number
    if option.kind == "bbox":
        return text if isinstance(text, tuple) else parse_bbox(str(text))
    if option.kind == "choice" and text not in option.choices:
        raise SourceError(f"{option.flag} {raw!r}: choose one of {', '.join(option.choices)}")
    if option.key == "sea_when":
        parse_sea_when(str(text))  # refuse a malformed rule now, with the option's name
    return str(text)


__all__ = [
    "SHARED",
    "Importer",
    "Option",
    "OptionKind",
    "Source",
    "convert_values",
    "get",
    "importers",
    "known_suffixes",
    "make_options",
    "register",
    "shared",
    "title_from_source",
]
