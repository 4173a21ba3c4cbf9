"""Typed connections from a CSV table: the straits, sea lanes and crossings polygons cannot show.

The table has a header with the columns ``from``, ``to`` and ``type`` (``a``/``b``/``kind`` are
accepted too) and optionally ``name`` and ``one_way``. Areas are named by id or by name (names
compared without case); a type is a connection kind (``strait``, ``sea_lane``, ``river_crossing``,
``impassable``; spaces and dashes may stand for ``_``). Every problem of the table is collected and
reported together, with its line, and close matches for names it cannot find; a table with any
problem changes nothing.
"""

from __future__ import annotations

import csv
import difflib
import io as textio
import os
from dataclasses import dataclass, field
from pathlib import Path

from model import ops
from model.scenario import ConnectionKind, Scenario

COLUMNS = {
    "from": ("from", "a", "area_a", "source"),
    "to": ("to", "b", "area_b", "target"),
    "type": ("type", "kind", "connection"),
    "name": ("name", "label"),
    "one_way": ("one_way", "oneway", "one-way"),
}
"""Each column and the header names it may go by (compared without case)."""

MAX_BYTES = 16 * 1024 * 1024
"""A connections table larger than this is refused before reading."""


class ConnectionsError(ValueError):
    """A table that cannot be applied: every problem, each with its line."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        listed = "\n  ".join(problems)
        super().__init__(
            f"{source}: {len(problems)} problem(s), nothing was added:\n  {listed}"
            if len(problems) > 1
            else f"{source}: {problems[0]}; nothing was added"
        )


@dataclass
class Added:
    """What applying a table did: connections added, rows already present (skipped)."""

    added: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def _read(source: str) -> list[list[str]]:
    try:
        if os.path.getsize(source) > MAX_BYTES:
            raise ConnectionsError(
                source, [f"larger than {MAX_BYTES // 2**20} MB; is it a connections table?"]
            )
        data = Path(source).read_bytes()
    except OSError as error:
        raise ConnectionsError(source, [f"cannot read ({error.strerror or error})"]) from error
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ConnectionsError(
            source, [f"byte {error.start} is not UTF-8; save the table as UTF-8"]
        ) from error
    try:
        return list(csv.reader(textio.StringIO(text)))
    except csv.Error as error:
        raise ConnectionsError(source, [f"not a readable CSV table ({error})"]) from error


def _header(row: list[str], source: str) -> dict[str, int]:
    found: dict[str, int] = {}
    names = [cell.strip().lower() for cell in row]
    for column, aliases in COLUMNS.items():
        for index, name in enumerate(names):
            if name in aliases:
                found[column] = index
                break
    missing = [column for column in ("from", "to", "type") if column not in found]
    if missing:
        raise ConnectionsError(
            source,
            [
                f"line 1: the header needs the columns from, to and type; missing {', '.join(missing)} "
                f"(the header is: {', '.join(row) or 'empty'})"
            ],
        )
    return found


def _kind(text: str) -> ConnectionKind | None:
    key = text.strip().lower().replace(" ", "_").replace("-", "_")
    try:
        return ConnectionKind(key)
    except ValueError:
        return None


def _truthy(text: str) -> bool:
    return text.strip().lower() in ("1", "true", "yes", "y", "x")


def add_connections(scenario: Scenario, source: str | os.PathLike[str]) -> Added:
    """Add the table's connections to ``scenario`` (changed in place only when the table is sound).

    Raise ``ConnectionsError`` listing every problem (with its line) and leave the scenario as it
    was. A row whose connection is already there (same ends and type) is skipped and reported.
    """
    path = os.fspath(source)
    rows = _read(path)
    if not rows:
        raise ConnectionsError(path, ["the table is empty; it needs a header: from,to,type"])
    columns = _header(rows[0], path)
    by_id = {area.id: area.id for area in scenario.map.areas}
    by_name: dict[str, list[str]] = {}
    for area in scenario.map.areas:
        by_name.setdefault(area.name.strip().lower(), []).append(area.id)
    known = sorted({area.id for area in scenario.map.areas} | {area.name for area in scenario.map.areas})
    problems: list[str] = []
    wanted: list[tuple[int, str, str, ConnectionKind, str, bool]] = []

    def resolve(text: str, line: int, column: str) -> str | None:
        value = text.strip()
        if value in by_id:
            return value
        ids = by_name.get(value.lower(), [])
        if len(ids) == 1:
            return ids[0]
        if len(ids) > 1:
            problems.append(
                f"line {line}: {column} {value!r} names {len(ids)} areas ({', '.join(ids)}); use an id"
            )
            return None
        close: list[str] = []
        for match in difflib.get_close_matches(value, known, n=6, cutoff=0.6):
            if match.lower() not in {c.lower() for c in close}:
                close.append(match)
        close = close[:3]
        hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
        problems.append(f"line {line}: {column} {value!r} is no area's id or name{hint}")
        return None

    width = max(columns.values()) + 1
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) < width:
            problems.append(f"line {line}: {len(row)} column(s); the header has at least {width}")
            continue
        a = resolve(row[columns["from"]], line, "from")
        b = resolve(row[columns["to"]], line, "to")
        kind = _kind(row[columns["type"]])
        if kind is None:
            choices = ", ".join(k.value for k in ConnectionKind)
            problems.append(f"line {line}: type {row[columns['type']].strip()!r} is not one of {choices}")
        if a is not None and b is not None and a == b:
            problems.append(f"line {line}: from and to are the same area ({a})")
            continue
        if a is None or b is None or kind is None:
            continue
        name = row[columns["name"]].strip() if "name" in columns and columns["name"] < len(row) else ""
        one_way = "one_way" in columns and columns["one_way"] < len(row) and _truthy(row[columns["one_way"]])
        wanted.append((line, a, b, kind, name, one_way))
    if problems:
        raise ConnectionsError(path, problems)
    result = Added()
    existing = {(frozenset((c.a, c.b)), c.kind) for c in scenario.map.connections}
    for line, a, b, kind, name, one_way in wanted:
        if (frozenset((a, b)), kind) in existing:
            result.skipped.append(f"line {line}: {a} and {b} already have a {kind.value} connection")
            continue
        change = ops.add_connection(scenario, a, b, kind, name=name, one_way=one_way)
        existing.add((frozenset((a, b)), kind))
        result.added.extend(change.created)
    return result
