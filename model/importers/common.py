"""What every importer shares: the options, the errors, reading a JSON source, and making ids.

The import itself is ``model.importers.pipeline.build_scenario``; reading features into polygons
is ``model.importers.features``.
"""

from __future__ import annotations

import json
import math
import os
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from model.scenario import Scenario

MAX_SOURCE_BYTES = 512 * 1024 * 1024
"""Source files larger than this are refused before reading."""


class SourceError(ValueError):
    """A source that cannot be imported; the message names the file, the place and what to do."""


@dataclass(frozen=True)
class ImportOptions:
    """How to import: which layer and properties, the box to keep, the projection and the grid."""

    layer: str | None = None
    name_property: str | None = None
    id_property: str | None = None
    bbox: tuple[float, float, float, float] | None = None
    project: str | None = None
    grid: float | None = None
    title: str | None = None

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


def parse_bbox(text: str) -> tuple[float, float, float, float]:
    """Read a ``W,S,E,N`` box in degrees; raise ``SourceError`` saying what is wrong."""
    parts = text.split(",")
    try:
        west, south, east, north = (float(part) for part in parts)
    except ValueError as error:
        raise SourceError(
            f"--bbox {text!r}: expected four numbers W,S,E,N (degrees), e.g. -11,35,32,60"
        ) from error
    if not (-180 <= west < east <= 180 and -90 <= south < north <= 90):
        raise SourceError(f"--bbox {text!r}: need -180 <= W < E <= 180 and -90 <= S < N <= 90")
    return (west, south, east, north)


@dataclass
class ImportResult:
    """The imported scenario, the warnings about what was repaired or dropped, and counts."""

    scenario: Scenario
    warnings: list[str] = field(default_factory=list)
    features_read: int = 0
    features_outside: int = 0


def read_json(path: str | os.PathLike[str], what: str) -> Any:
    """Read a JSON source file; raise ``SourceError`` naming the file and the place of any problem."""
    source = os.fspath(path)
    try:
        size = os.path.getsize(source)
        if size > MAX_SOURCE_BYTES:
            raise SourceError(
                f"{source}: the file is {size / 1e6:.0f} MB; the limit for {what} is "
                f"{MAX_SOURCE_BYTES / 1e6:.0f} MB: clip it first"
            )
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
    except (ValueError, RecursionError) as error:
        raise SourceError(f"{source}: not readable JSON: {error}") from error


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
