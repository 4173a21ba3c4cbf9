"""Reading the tables a map is generated from: named points (regions, seas) and straits.

The tables are CSV (UTF-8, a header row, a byte-order mark tolerated). Points tables have the
columns ``id, name, lon, lat`` and, for land regions, any attribute columns of the ruleset's area
attributes (``language, religion, population, seafaring_home`` for EotMA); an empty cell leaves
the attribute at its default. Straits tables have ``id, a, b`` and optionally ``name``.

Every problem is a ``TableError`` naming the file, the row (the line number in the file, the
header being row 1) and the column, so that an author can go straight to the bad cell.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from model.scenario import is_valid_id


class GenerateError(ValueError):
    """Generating a map failed (bad tables, an unusable basemap, points the map cannot hold)."""


class TableError(GenerateError):
    """A bad value in a table: which file, row and column, and why."""

    def __init__(self, source: str, row: int | None, column: str | None, message: str) -> None:
        self.source = source
        self.row = row
        self.column = column
        self.reason = message
        where = source
        if row is not None:
            where += f", row {row}"
        if column is not None:
            where += f", column {column}"
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class NamedPoint:
    """A region or sea zone to be: its id, display name, position (degrees) and area attributes.

    ``source`` and ``row`` say where it was read, so that later checks (a point in the sea, a
    duplicate id) can name the row.
    """

    id: str
    name: str
    lon: float
    lat: float
    attributes: dict[str, Any] = field(default_factory=dict)
    source: str = "<points>"
    row: int | None = None
    columns: tuple[str, ...] = ("lon", "lat")
    """The header names of the position columns, for messages."""

    def fail(self, message: str, column: str | None = None) -> TableError:
        """An error about this point, naming its table, row and (by default) position columns."""
        where = column if column is not None else ", ".join(self.columns)
        return TableError(self.source, self.row, where, f"{self.id!r}: {message}")


@dataclass(frozen=True)
class StraitRow:
    """Two land regions facing each other across narrow water (a connection of kind strait)."""

    id: str
    a: str
    b: str
    name: str = ""
    source: str = "<straits>"
    row: int | None = None

    def fail(self, message: str, column: str) -> TableError:
        """An error about this strait, naming its table, row and column."""
        return TableError(self.source, self.row, column, f"{self.id!r}: {message}")


POINT_COLUMNS = ("id", "name", "lon", "lat")
STRAIT_COLUMNS = ("id", "a", "b")
COMMENT_COLUMNS = frozenset({"note", "notes", "comment", "comments"})
"""Columns kept for people (sources, remarks) and never turned into attributes."""


def _rows(text: str, source: str, required: Sequence[str]) -> Iterable[tuple[int, dict[str, str]]]:
    """Yield ``(row number, cells by column)`` for every data row, skipping blank and ``#`` lines."""
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff")))
    header: list[str] | None = None
    for line in reader:
        row = reader.line_num
        if not line or all(not cell.strip() for cell in line) or line[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = [cell.strip() for cell in line]
            for index, name in enumerate(header):
                if not name:
                    raise TableError(source, row, f"{index + 1}", "empty column name in the header")
                if header.index(name) != index:
                    raise TableError(source, row, name, "the column appears twice in the header")
            missing = [name for name in required if name not in header]
            if missing:
                raise TableError(
                    source,
                    row,
                    None,
                    f"the header lacks the column(s) {', '.join(missing)} (has {', '.join(header)})",
                )
            continue
        if len(line) > len(header):
            raise TableError(source, row, None, f"{len(line)} cells but the header has {len(header)} columns")
        padded = [*line, *[""] * (len(header) - len(line))]
        cells = {name: padded[index].strip() for index, name in enumerate(header)}
        yield row, cells
    if header is None:
        raise TableError(source, None, None, "the table is empty (no header row)")


def _number(cells: dict[str, str], column: str, low: float, high: float, source: str, row: int) -> float:
    text = cells[column]
    try:
        value = float(text)
    except ValueError:
        raise TableError(source, row, column, f"{text!r} is not a number") from None
    if not math.isfinite(value) or not low <= value <= high:
        raise TableError(source, row, column, f"{text} is outside {low:g}..{high:g} degrees")
    return value


def _identifier(cells: dict[str, str], column: str, source: str, row: int) -> str:
    text = cells[column]
    if not text:
        raise TableError(source, row, column, "empty id")
    if not is_valid_id(text):
        raise TableError(
            source, row, column, f"{text!r} is not a valid id (letters, digits, _ . -; at most 64 characters)"
        )
    return text


def _attribute(model: type[BaseModel] | None, column: str, text: str, source: str, row: int) -> Any:
    """Turn a cell into an attribute value, typed and checked by the ruleset's area attributes model."""
    if model is None:
        return text
    if column not in model.model_fields:
        known = ", ".join(sorted(model.model_fields))
        raise TableError(source, row, column, f"unknown attribute column (the area attributes are: {known})")
    try:
        checked = model.model_validate({column: text})
    except ValidationError as error:
        reason = "; ".join(str(item["msg"]) for item in error.errors())
        raise TableError(source, row, column, f"{text!r}: {reason}") from None
    return checked.model_dump(mode="json")[column]


def parse_points(
    text: str, source: str = "<points>", attribute_model: type[BaseModel] | None = None
) -> list[NamedPoint]:
    """Read a points table; extra columns become area attributes, checked by ``attribute_model``.

    Ids must be unique in the table (cross-table uniqueness is checked by the generator).
    """
    points: list[NamedPoint] = []
    seen: dict[str, int] = {}
    for row, cells in _rows(text, source, POINT_COLUMNS):
        point_id = _identifier(cells, "id", source, row)
        if point_id in seen:
            raise TableError(source, row, "id", f"duplicate id {point_id!r} (first on row {seen[point_id]})")
        seen[point_id] = row
        name = cells["name"] or point_id
        lon = _number(cells, "lon", -180, 180, source, row)
        lat = _number(cells, "lat", -90, 90, source, row)
        attributes: dict[str, Any] = {}
        for column, value in cells.items():
            if column in POINT_COLUMNS or column.lower() in COMMENT_COLUMNS or not value:
                continue
            attributes[column] = _attribute(attribute_model, column, value, source, row)
        points.append(NamedPoint(point_id, name, lon, lat, attributes, source, row))
    return points


def parse_straits(text: str, source: str = "<straits>") -> list[StraitRow]:
    """Read a straits table (``id, a, b[, name]``); the area ids are checked by the generator."""
    straits: list[StraitRow] = []
    seen: dict[str, int] = {}
    for row, cells in _rows(text, source, STRAIT_COLUMNS):
        strait_id = _identifier(cells, "id", source, row)
        if strait_id in seen:
            raise TableError(
                source, row, "id", f"duplicate id {strait_id!r} (first on row {seen[strait_id]})"
            )
        seen[strait_id] = row
        a = _identifier(cells, "a", source, row)
        b = _identifier(cells, "b", source, row)
        if a == b:
            raise TableError(source, row, "b", f"a strait joins two different areas, not {a!r} to itself")
        straits.append(StraitRow(strait_id, a, b, cells.get("name", ""), source, row))
    return straits


def _read(path: str | Path) -> tuple[str, str]:
    source = Path(path).name
    try:
        return Path(path).read_text(encoding="utf-8"), source
    except OSError as error:
        raise TableError(str(path), None, None, error.strerror or str(error)) from error
    except UnicodeDecodeError as error:
        raise TableError(str(path), None, None, f"not UTF-8 text (byte {error.start})") from error


def read_points(path: str | Path, attribute_model: type[BaseModel] | None = None) -> list[NamedPoint]:
    """Read a points table from a CSV file (messages name the file by its name)."""
    text, source = _read(path)
    return parse_points(text, source, attribute_model)


def read_straits(path: str | Path) -> list[StraitRow]:
    """Read a straits table from a CSV file."""
    text, source = _read(path)
    return parse_straits(text, source)
