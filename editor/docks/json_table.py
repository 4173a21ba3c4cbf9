"""JSON values seen as tables: which parts of a ruleset table are tabular, their cells, and edits.

Ruleset tables are free-form JSON (each ruleset documents its own shapes). Two shapes read well as
a spreadsheet: a list of records (``[{"id": 1, "result": "C"}, ...]``) and a dict of rows
(``{"roman_catholic": {"convictional": 10}, ...}``). A table is often a dict holding such parts
beside notes, so ``sections`` lists the table itself and each top-level part that is tabular.
Everything here is plain Python; the dock turns it into Qt models.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

Path = tuple[str | int, ...]
"""Where a value sits inside a table: dict keys and list positions from the top."""

KEY_COLUMN = "(key)"
"""The first column of a dict of rows: the row's key (read-only)."""


class CellError(ValueError):
    """Text typed into a cell that cannot become the cell's value; the message says why."""


def is_records(value: Any) -> bool:
    """A non-empty list whose items are all JSON objects."""
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)


def is_rows(value: Any) -> bool:
    """A non-empty dict whose values are all JSON objects."""
    return isinstance(value, dict) and bool(value) and all(isinstance(item, dict) for item in value.values())


def is_tabular(value: Any) -> bool:
    """Whether the value reads as a spreadsheet (records or rows)."""
    return is_records(value) or is_rows(value)


def sections(value: Any) -> list[Path]:
    """The tabular parts of a table: the table itself, else each tabular top-level entry."""
    if is_tabular(value):
        return [()]
    if isinstance(value, dict):
        return [(key,) for key, item in value.items() if is_tabular(item)]
    return []


def get_at(value: Any, path: Path) -> Any:
    """The value at ``path`` (raises ``KeyError``/``IndexError`` when it is not there)."""
    for step in path:
        value = value[step]
    return value


def set_at(value: Any, path: Path, new: Any) -> Any:
    """Return a deep copy of ``value`` with ``new`` at ``path`` (the original is never changed)."""
    if not path:
        return copy.deepcopy(new)
    result = copy.deepcopy(value)
    parent = get_at(result, path[:-1])
    parent[path[-1]] = copy.deepcopy(new)
    return result


@dataclass(frozen=True)
class Grid:
    """A tabular section as rows and columns; ``paths[r][c]`` is where cell (r, c) lives (None: key)."""

    columns: tuple[str, ...]
    row_names: tuple[str, ...]
    cells: tuple[tuple[Any, ...], ...]
    paths: tuple[tuple[Path | None, ...], ...]


_ABSENT = object()
"""A record that lacks a column: shown empty, created when typed into."""


def grid(value: Any, base: Path = ()) -> Grid:
    """Lay out a list of records or a dict of rows; columns are every key, in first-seen order."""
    if is_records(value):
        items = list(enumerate(value))
        keyed = False
    elif is_rows(value):
        items = list(value.items())
        keyed = True
    else:
        raise CellError("this part of the table is not a list of records or a dict of rows")
    columns: list[str] = []
    for _key, record in items:
        for column in record:
            if column not in columns:
                columns.append(column)
    cells = []
    paths = []
    for key, record in items:
        row_cells: list[Any] = [record.get(c, _ABSENT) for c in columns]
        row_paths: list[Path | None] = [(*base, key, c) for c in columns]
        if keyed:
            row_cells.insert(0, key)
            row_paths.insert(0, None)
        cells.append(tuple(row_cells))
        paths.append(tuple(row_paths))
    shown = (KEY_COLUMN, *columns) if keyed else tuple(columns)
    names = tuple(str(key) if keyed else str(key + 1) for key, _ in items)  # type: ignore[operator]
    return Grid(shown, names, tuple(cells), tuple(paths))


def cell_text(value: Any) -> str:
    """How a cell shows: text as itself, anything else as compact JSON, an absent key as nothing."""
    if value is _ABSENT:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def parse_cell(text: str, old: Any) -> Any:
    """The value typed text stands for: JSON, or plain text where the cell held text (or nothing).

    Raises ``CellError`` naming the JSON error when a non-text cell gets text that is not JSON.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        if old is _ABSENT or isinstance(old, str) or (old is None and not text.strip()):
            return text
        kind = type(old).__name__ if old is not None else "null"
        kind = {
            "int": "number",
            "float": "number",
            "bool": "true/false",
            "dict": "object",
            "list": "list",
        }.get(kind, kind)
        raise CellError(
            f"{text!r} is not JSON ({error.msg} at column {error.colno}); the cell holds a {kind}"
        ) from error
