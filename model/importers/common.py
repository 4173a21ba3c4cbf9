"""What every importer shares: the options, the errors, reading a JSON source, and making ids.

The import itself is ``model.importers.pipeline.build_scenario``; reading features into polygons
is ``model.importers.features``.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from model.json_places import unreadable_json
from model.scenario import Scenario

MAX_SOURCE_BYTES = 512 * 1024 * 1024
"""Source files larger than this are refused before reading."""


class SourceError(ValueError):
    """A source that cannot be imported; the message names the file, the place and what to do."""


ProgressCallback = Callable[[float, str], None]
"""Told the fraction done (0 to 1) and what the import is doing, from the thread that imports."""


@dataclass(frozen=True)
class ImportOptions:
    """How to import; the shared options every format reads the same way, and a format's own.

    ``bbox`` is in the source's own coordinates (degrees for lon/lat). ``close_gaps`` (source
    units) joins shapes whose borders lie that close; ``flip_y`` says y grows downwards (image
    coordinates); ``sea_when`` is ``PROPERTY`` or ``PROPERTY=VALUE`` marking sea features;
    ``coordinates`` overrides the lon/lat-or-planar guess (``"lonlat"`` or ``"planar"``).
    ``extra`` holds the options a format declares for itself (see ``model.importers.registry``).
    """

    layer: str | None = None
    name_property: str | None = None
    id_property: str | None = None
    bbox: tuple[float, float, float, float] | None = None
    project: str | None = None
    grid: float | None = None
    title: str | None = None
    close_gaps: float | None = None
    flip_y: bool = False
    sea_when: str | None = None
    coordinates: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    progress: ProgressCallback | None = field(default=None, compare=False, repr=False)

    @classmethod
    def from_text(
        cls,
        *,
        layer: str | None = None,
        name_property: str | None = None,
        id_property: str | None = None,
        bbox: str | None = None,
        project: str | None = None,
        grid: float | None = None,
        title: str | None = None,
    ) -> ImportOptions:
        """Build options from command-line text (``bbox`` as ``W,S,E,N``); raise ``SourceError``."""
        box = parse_bbox(bbox) if bbox else None
        if grid is not None and not (math.isfinite(grid) and grid > 0):
            raise SourceError(f"--grid {grid}: the grid must be a positive number of map units")
        return cls(layer, name_property, id_property, box, project, grid, title)

    def report(self, fraction: float, what: str) -> None:
        """Tell the progress callback, if any, how far the import is."""
        if self.progress is not None:
            self.progress(min(max(fraction, 0.0), 1.0), what)


def parse_bbox(text: str) -> tuple[float, float, float, float]:
    """Read a ``W,S,E,N`` box in the data's own coordinates; raise ``SourceError`` saying what is wrong."""
    parts = text.split(",")
    try:
        west, south, east, north = (float(part) for part in parts)
    except ValueError as error:
        raise SourceError(
            f"--bbox {text!r}: expected four numbers W,S,E,N in the data's coordinates, e.g. -11,35,32,60"
        ) from error
    if not all(math.isfinite(v) for v in (west, south, east, north)):
        raise SourceError(f"--bbox {text!r}: the four numbers must be finite")
    if not (west < east and south < north):
        raise SourceError(f"--bbox {text!r}: need W < E and S < N")
    return (west, south, east, north)


def parse_sea_when(text: str) -> tuple[str, str | None]:
    """Read ``PROPERTY`` or ``PROPERTY=VALUE`` (``--sea-when``); raise ``SourceError`` when empty."""
    name, sep, value = text.partition("=")
    if not name.strip():
        raise SourceError(f"--sea-when {text!r}: name the property, as PROPERTY or PROPERTY=VALUE")
    return name.strip(), value.strip() if sep else None


@dataclass
class ImportResult:
    """The imported scenario, what the import found (``notes``), what it repaired or dropped, counts.

    ``notes`` say what was detected and decided (coordinates, units, sea features, gaps closed);
    ``warnings`` what the author may want to fix.
    """

    scenario: Scenario
    warnings: list[str] = field(default_factory=list)
    features_read: int = 0
    features_outside: int = 0
    notes: list[str] = field(default_factory=list)


def check_source_size(source: str, what: str, advice: str = "") -> None:
    """Raise ``SourceError`` when the file ``source`` is over ``MAX_SOURCE_BYTES``.

    ``what`` names the kind of file in the message, ``advice`` (": clip it first") ends it; an
    unreadable file raises the ``OSError`` of ``os.path.getsize`` for the caller to word.
    """
    size = os.path.getsize(source)
    if size > MAX_SOURCE_BYTES:
        raise SourceError(
            f"{source}: the file is {size / 1e6:.0f} MB; the limit for {what} is "
            f"{MAX_SOURCE_BYTES / 1e6:.0f} MB{advice}"
        )


def read_json(path: str | os.PathLike[str], what: str) -> Any:
    """Read a JSON source file; raise ``SourceError`` naming the file and the place of any problem."""
    source = os.fspath(path)
    try:
        check_source_size(source, what, ": clip it first")
        data = Path(source).read_bytes()
    except OSError as error:
        raise SourceError(f"{source}: cannot read ({error.strerror or error})") from error
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SourceError(
            f"{source}: byte {error.start} is not UTF-8; {what} files are UTF-8 JSON"
        ) from error
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise SourceError(
            f"{source}: line {error.lineno}, column {error.colno}: JSON syntax error: {error.msg} "
            f"(is it {what}, and complete?)"
        ) from error
    except (ValueError, RecursionError) as error:  # nesting, a huge integer, NaN: say where
        digits = sys.get_int_max_str_digits() or 4300
        raise SourceError(f"{source}: {unreadable_json(text, error, digits)}") from error


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows; replace it with a real value")


def slug(text: str) -> str:
    """Return an id made from a name: ASCII letters, digits and ``_``, lower case, at most 48 characters."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    cleaned = re.sub(r"[^a-z0-9]+", "_", ascii_text.lower()).strip("_")[:48].strip("_")
    return cleaned or "area"


def unique_ids(texts: Iterable[str], taken: set[str]) -> list[str]:
    """Slug each text and make the ids unique (``_2``, ``_3``...), adding them to ``taken``."""
    ids = []
    for text in texts:
        base = slug(text)
        candidate, number = base, 2
        while candidate in taken:
            candidate, number = f"{base}_{number}", number + 1
        taken.add(candidate)
        ids.append(candidate)
    return ids
