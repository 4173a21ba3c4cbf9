"""The exporter registry: every format a map can be written in, for ``mappa export`` and the tests.

A format is one module under ``model/exporters/`` that registers itself when imported::

    from model.exporters.registry import Exporter, ExportOptions, ExportResult, Target, register

    def write(scenario: Scenario, target: str, options: ExportOptions) -> ExportResult: ...

    register(Exporter(
        name="triplea",                              # mappa export triplea FILE -o FOLDER
        title="TripleA map folder",
        target=Target("a folder for the map", folder=True),   # or Target("a GeoJSON file", (".geojson",))
        write=write,
        options=(Option("game_name", "--game-name", "text", "the game's name in the XML", "NAME"),),
    ))

``options`` use the importers' ``Option`` (key, flag, kind, help); their values arrive in
``ExportOptions.extra`` under their key. ``exporters()`` imports every module of this package
once, so a new format needs no other edit.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from model.importers.registry import Option
from model.scenario import Scenario


class ExportError(ValueError):
    """An export that cannot be written; the message names the file and what to do."""


@dataclass(frozen=True)
class ExportOptions:
    """Options of an export: the format's own, by key."""

    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class ExportResult:
    """What was written (paths) and what the author should know about it (notes)."""

    written: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Target:
    """What a format writes: a file with one of ``suffixes``, or a folder."""

    description: str
    suffixes: tuple[str, ...] = ()
    folder: bool = False


@dataclass(frozen=True)
class Exporter:
    """A registered format: its name on the command line, its title, what it writes, and how."""

    name: str
    title: str
    target: Target
    write: Callable[[Scenario, str, ExportOptions], ExportResult]
    options: tuple[Option, ...] = ()
    help: str = ""

    def run(
        self, scenario: Scenario, target: str | os.PathLike[str], options: ExportOptions | None = None
    ) -> ExportResult:
        """Write the scenario to ``target``; raise ``ExportError``."""
        path = os.fspath(target)
        if not self.target.folder and os.path.isdir(path):
            raise ExportError(f"{path}: is a folder; {self.title} export writes {self.target.description}")
        return self.write(scenario, path, options or ExportOptions())


_REGISTRY: dict[str, Exporter] = {}
_LOADED = False


def register(exporter: Exporter) -> Exporter:
    """Add a format (called by its module when imported); a name may be registered once."""
    known = _REGISTRY.get(exporter.name)
    if known is not None and known.write is not exporter.write:
        raise ValueError(f"export format {exporter.name!r} is registered twice")
    _REGISTRY[exporter.name] = exporter
    return exporter


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    package = importlib.import_module("model.exporters")
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"model.exporters.{module.name}")


def exporters() -> list[Exporter]:
    """Every registered export format, by name."""
    _load()
    return [_REGISTRY[name] for name in sorted(_REGISTRY)]


def get(name: str) -> Exporter:
    """The export format called ``name``; ``ExportError`` lists the known ones otherwise."""
    _load()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ExportError(
            f"unknown export format {name!r}; use one of {', '.join(sorted(_REGISTRY))}"
        ) from None
