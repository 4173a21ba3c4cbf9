"""Reading and writing scenario files.

* ``load``/``loads``: size limit, UTF-8 and JSON syntax errors with line and column, a file newer
  than this version refused, older files migrated (``MIGRATIONS``), schema errors with the JSON path
  of every bad field. Every failure is a ``LoadError`` that names the file.
* ``save``/``dumps``: canonical text (model field order, sorted free-form keys, coordinates
  quantized to the map grid, one point per line) so that saving twice gives identical bytes and
  git diffs stay small; the write is atomic (temporary file, fsync, rename), through a symbolic
  link to its target. Temporaries left by a killed save are removed at the next load or save of
  that file (``remove_stale_temporaries``, logged); a save locks its temporary, so one still being
  written is never taken.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from model.json_places import (
    constant_offset,
    deepest,
    first_value_offset,
    join_path,
    line_column,
    lone_surrogate,
    long_integer_offset,
    path_at,
    short_path,
    too_deep_offset,
)
from model.limits import LOAD_PROBLEMS_LISTED
from model.perf import gc_paused
from model.scenario import SCHEMA_VERSION, Point, Scenario

try:  # advisory locks tell a running save's temporary from a killed one's (not on Windows)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

APP_VERSION = "0.1.0"
MAX_FILE_BYTES = 100 * 1024 * 1024
"""Files larger than this are refused before reading (a 5,000-area map is about 5 MB)."""

FILE_SUFFIX = ".mappa.json"


@dataclass(frozen=True)
class Problem:
    """One reason a file cannot be read: where (a JSON path, or line and column) and what."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class LoadError(ValueError):
    """A scenario file that cannot be read; ``problems`` lists every reason found."""

    def __init__(self, source: str, problems: list[Problem], hint: str = "") -> None:
        self.source = source
        self.problems = problems
        self.hint = hint
        lines = [f"{source}: cannot read the scenario"]
        lines += [f"  {problem}" for problem in problems[:50]]
        if len(problems) > 50:
            lines.append(f"  ... and {len(problems) - 50} more problems")
        if hint:
            lines.append(hint)
        super().__init__("\n".join(lines))


# --- migrations --------------------------------------------------------------------------------

Migrator = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migrator] = {}
"""``MIGRATIONS[n]`` turns a raw file dict of schema version ``n`` into version ``n + 1``."""


def migrator(from_version: int) -> Callable[[Migrator], Migrator]:
    """Register a function that upgrades a raw file dict from ``from_version`` to the next version."""

    def decorate(function: Migrator) -> Migrator:
        if from_version in MIGRATIONS:
            raise ValueError(f"two migrators from schema version {from_version}")
        MIGRATIONS[from_version] = function
        return function

    return decorate


class MigrationProblem(ValueError):
    """A field an old file should have, missing or of the wrong kind: ``where`` is its JSON path."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


_JSON_KINDS: dict[type, str] = {dict: "an object", list: "an array", str: "a string"}


def _field(node: dict[str, Any], key: str, kind: type, where: str, default: Any = None) -> Any:
    """``node[key]`` when it is of ``kind`` (``default`` when absent and a default is given)."""
    path = f"{where}.{key}" if where else key
    if key not in node:
        if default is not None:
            return default
        raise MigrationProblem(path, "required field is missing")
    value = node[key]
    if not isinstance(value, kind):
        raise MigrationProblem(path, f"should be {_JSON_KINDS.get(kind, kind.__name__)}")
    return value


@migrator(0)
def _from_prototype(raw: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (the prototype format): flat title, ``land`` flags, single ``anchor``, inline owners."""
    areas = []
    setup_areas: dict[str, Any] = {}
    old_map = _field(raw, "map", dict, "", {})
    for index, area in enumerate(_field(old_map, "areas", list, "map", [])):
        where = f"map.areas[{index}]"
        if not isinstance(area, dict):
            raise MigrationProblem(where, "should be an object (an area)")
        area_id = _field(area, "id", str, where)
        new = {
            "id": area_id,
            "name": area.get("name", area_id),
            "kind": "land" if area.get("land", True) else "sea",
            "anchors": [area["anchor"]] if "anchor" in area else area.get("anchors", []),
            "attributes": area.get("attributes", {}),
        }
        areas.append(new)
        if area.get("owner") is not None:
            setup_areas[area_id] = {"owner": area["owner"]}
    boundaries = []
    for index, boundary in enumerate(_field(old_map, "boundaries", list, "map", [])):
        where = f"map.boundaries[{index}]"
        if not isinstance(boundary, dict):
            raise MigrationProblem(where, "should be an object (a boundary)")
        boundaries.append(
            {"id": _field(boundary, "id", str, where), "points": _field(boundary, "coords", list, where)}
        )
    return {
        "schema_version": 1,
        "app_version": raw.get("app_version", ""),
        "metadata": {"title": raw.get("title", "Untitled"), "description": raw.get("description", "")},
        "map": {"units": old_map.get("units", "px"), "boundaries": boundaries, "areas": areas},
        "ruleset": {"id": raw.get("ruleset", "eotma")},
        "setup": {"empires": raw.get("empires", []), "areas": setup_areas, "units": raw.get("units", [])},
    }


def migrate(raw: dict[str, Any], source: str = "<scenario>") -> dict[str, Any]:
    """Upgrade a raw file dict to the current schema version, one registered step at a time."""
    version = raw.get("schema_version", raw.get("version"))
    if not isinstance(version, int) or isinstance(version, bool):
        raise LoadError(
            source,
            [Problem("schema_version", "missing or not a whole number")],
            "Is this a Mappa scenario file?",
        )
    if version > SCHEMA_VERSION:
        raise LoadError(
            source,
            [
                Problem(
                    "schema_version",
                    f"the file is version {version}; this Mappa reads up to {SCHEMA_VERSION}",
                )
            ],
            "It was saved by a newer Mappa: update Mappa to open it.",
        )
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise LoadError(source, [Problem("schema_version", f"no migration from version {version}")])
        try:
            raw = step(raw)
        except MigrationProblem as error:
            raise LoadError(
                source,
                [Problem(error.where, f"{error.message} (reading the version {version} format)")],
                f"The file says it is schema version {version}, an old format: fix this field, or the "
                "schema_version if the file is in fact newer.",
            ) from error
        except (KeyError, IndexError, TypeError, AttributeError, ValueError) as error:
            raise LoadError(
                source,
                [
                    Problem(
                        "schema_version", f"cannot upgrade from version {version}: malformed field {error}"
                    )
                ],
                f"The file says it is schema version {version}, an old format, but does not look like one.",
            ) from error
        version += 1
    return raw


# --- loading -----------------------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _constant_place(text: str) -> str:
    """Return the line and column of the first NaN or Infinity outside a string, or ''."""
    offset = constant_offset(text)
    return "" if offset is None else line_column(text, offset)


def _describe(raw: dict[str, Any], location: tuple[int | str, ...]) -> str:
    """Add the id of the object holding a bad field, so that a stranger can find it in the file."""
    path = join_path(location)
    node: Any = raw
    described = path
    for index, part in enumerate(location[:-1]):
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(part, int) and isinstance(node, dict) and isinstance(node.get("id"), str):
            described = f"{path} (in {join_path(location[: index + 1])}, id {node['id']!r})"
    return described


def loads(text: str | bytes, source: str = "<scenario>") -> Scenario:
    """Parse scenario text; raise ``LoadError`` naming ``source`` and every problem found.

    The cyclic garbage collector is paused meanwhile: parsed JSON and the models made from it
    hold no cycles, and the collections that their hundreds of thousands of objects set off
    took two thirds of loading a 20,000-area map.
    """
    try:
        with gc_paused():
            return _loads(text, source)
    except MemoryError as error:  # a file that expands beyond memory: refuse it, do not crash
        raise LoadError(
            source,
            [Problem("", f"not enough memory to read the scenario ({len(text) / 2**20:.1f} MB of text)")],
            "Close other programs and try again; a scenario is normally a few MB.",
        ) from error


def _loads(text: str | bytes, source: str) -> Scenario:
    if isinstance(text, bytes):
        if len(text) > MAX_FILE_BYTES:
            raise _too_big(source, len(text))
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise LoadError(
                source,
                [Problem(f"byte {error.start}", "not UTF-8 text")],
                "Scenario files are UTF-8 JSON; re-save it as UTF-8.",
            ) from error
    try:
        raw = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise LoadError(
            source,
            [Problem(f"line {error.lineno}, column {error.colno}", f"JSON syntax error: {error.msg}")],
            "The file is not valid JSON (was it cut short or edited by hand?).",
        ) from error
    except RecursionError as error:
        raise _too_deep(source, text, None) from error
    except ValueError as error:
        if "integer string conversion" in str(error):  # more digits than Python converts
            raise _long_integer(source, text) from error
        # NaN or Infinity, which JSON does not allow
        raise LoadError(
            source,
            [Problem(_constant_place(text), f"not readable JSON: {error}")],
            "Replace it with a number (JSON has no NaN or Infinity).",
        ) from error
    if not isinstance(raw, dict):
        kind = {list: "an array ([...])", str: "a string", bool: "true or false", type(None): "null"}
        raise LoadError(
            source,
            [
                Problem(
                    line_column(text, first_value_offset(text)),
                    f"the file holds {kind.get(type(raw), 'a number')} at the top level, "
                    "but a scenario is a JSON object ({...})",
                )
            ],
            "Is this a Mappa scenario file? One starts with '{' and \"schema_version\".",
        )
    too_deep = deepest(raw, MAX_NESTING, _SHAPED_LISTS)
    if too_deep is not None:
        raise _too_deep(source, text, too_deep, _holder(raw, too_deep))
    if _MAY_HOLD_SURROGATE.search(text):
        found = lone_surrogate(raw)
        if found is not None:
            raise _surrogate(source, *found, _holder(raw, found[0]))
    raw = migrate(raw, source)
    try:
        return Scenario.model_validate(raw)
    except ValidationError as error:
        items = error.errors(include_url=False)
        listed = LOAD_PROBLEMS_LISTED.value
        problems = [Problem(_describe(raw, tuple(item["loc"])), _message(item)) for item in items[:listed]]
        if len(items) > listed:
            problems.append(
                Problem(
                    "", f"... and {len(items) - listed:,} more problems; {LOAD_PROBLEMS_LISTED.explain()}"
                )
            )
        raise LoadError(
            source, problems, "Fix these fields (or re-save from Mappa) and try again."
        ) from error
    except RecursionError as error:
        raise _too_deep(source, text, None) from error


MAX_NESTING = 64
"""The deepest nesting of objects and arrays a file may have: Mappa's own files are under 10 levels
deep; free-form attributes and table overrides get room, and saving never runs out of stack."""

_SHAPED_LISTS: frozenset[tuple[str | None, ...]] = frozenset(
    {("map", "boundaries", None, "points"), ("map", "areas", None, "anchors")}
)
"""Lists whose shape the schema fixes (points): the nesting walk skips them, which keeps it fast."""

_MAY_HOLD_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
"""A ``\\uD800``-``\\uDFFF`` escape (or such a character): only then is the data searched for a lone one."""


def _holder(raw: dict[str, Any], parts: list[str | int]) -> str:
    """`` (in map.areas[3], id 'x')`` for the innermost object with an id that holds a path, or ""."""
    described = _describe(raw, (*parts, ""))
    return described[len(join_path([*parts, ""])) :]


def _too_deep(source: str, text: str, parts: list[str | int] | None, holder: str = "") -> LoadError:
    offset = too_deep_offset(text, MAX_NESTING)
    if parts is None and offset is not None:
        parts = path_at(text, offset)
    where = [line_column(text, offset)] if offset is not None else []
    if parts:
        where.append(short_path(parts) + holder)
    return LoadError(
        source,
        [Problem(", ".join(where), f"objects or arrays nested more than {MAX_NESTING} levels deep")],
        "Scenario files are only a few levels deep: this value was probably pasted or generated by "
        "mistake; remove the nesting.",
    )


def _long_integer(source: str, text: str) -> LoadError:
    limit = sys.get_int_max_str_digits() or 4300
    offset = long_integer_offset(text, limit)
    where = ""
    digits = 0
    if offset is not None:
        where = f"{line_column(text, offset)}, {join_path(path_at(text, offset)) or 'top level'}"
        digits = len(re.match(r"-?\d*", text[offset:]).group().lstrip("-"))  # type: ignore[union-attr]
    count = f"{digits:,} digits" if digits else f"more than {limit:,} digits"
    return LoadError(
        source,
        [Problem(where, f"a whole number with {count}; Mappa reads numbers of at most {limit:,} digits")],
        "No value in a scenario needs such a number: replace it with the value meant.",
    )


def _surrogate(source: str, parts: list[str | int], value: str, holder: str = "") -> LoadError:
    shown = value.encode("utf-8", "backslashreplace").decode("utf-8")
    return LoadError(
        source,
        [
            Problem(
                join_path(parts) + holder,
                f'the text "{shown[:60]}" holds half of a UTF-16 surrogate pair (a \\uD800-\\uDFFF '
                "escape with no partner), which is not a character and cannot be saved",
            )
        ],
        "Remove that \\u escape or replace it with the character meant (a full pair such as "
        "\\ud83d\\ude00 is fine).",
    )


def _message(item: Any) -> str:
    kind = item.get("type", "")
    if kind == "extra_forbidden":
        return "unknown field (not part of the format; remove it or check its spelling)"
    if kind == "missing":
        return "required field is missing"
    text = str(item.get("msg", "invalid"))
    if kind == "value_error":  # our own validators' words, without pydantic's prefix
        text = text.removeprefix("Value error, ")
    if "input" in item and kind not in ("model_type", "dict_type", "list_type"):
        shown = repr(item["input"])
        text += f" (got {shown[:60]}{'...' if len(shown) > 60 else ''})"
    return text


def _too_big(source: str, size: int) -> LoadError:
    return LoadError(
        source,
        [Problem("", f"the file is {size / 2**20:.0f} MB; the limit is {MAX_FILE_BYTES / 2**20:.0f} MB")],
        "Scenario files are normally a few MB; is this the right file?",
    )


def load(path: str | os.PathLike[str]) -> Scenario:
    """Read a scenario file; raise ``LoadError`` naming the file and every problem found."""
    source = os.fspath(path)
    try:
        size = os.path.getsize(source)
    except OSError as error:
        raise LoadError(source, [Problem("", error.strerror or str(error))]) from error
    if size > MAX_FILE_BYTES:
        raise _too_big(source, size)
    remove_stale_temporaries(source)  # left by a save that was killed: ours, so tidy them now
    try:
        data = Path(source).read_bytes()
    except OSError as error:
        raise LoadError(source, [Problem("", error.strerror or str(error))]) from error
    except MemoryError as error:
        raise LoadError(
            source,
            [Problem("", f"not enough memory to read the file ({size / 2**20:.1f} MB)")],
            "Close other programs and try again.",
        ) from error
    return loads(data, source)


# --- saving ------------------------------------------------------------------------------------


@functools.cache  # called for every coordinate saved or quantized: one grid, one answer
def _decimals(grid: float) -> int:
    """Digits after the point needed to write multiples of ``grid`` exactly."""
    for digits in range(0, 10):
        if abs(round(grid, digits) - grid) < 1e-12:
            return digits
    return 9


def quantize(value: float, grid: float) -> float:
    """Snap a coordinate to the grid (and make it print the same way every time)."""
    return round(round(value / grid) * grid, _decimals(grid))


def quantize_point(point: Point, grid: float) -> Point:
    """Snap a point to the grid."""
    return (quantize(point[0], grid), quantize(point[1], grid))


_FREE_DICTS = ("attributes", "options", "tables")
"""Fields whose dicts hold free-form JSON: written with sorted keys, at every depth."""


def _sorted_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(key): _sorted_json(value[key]) for key in sorted(value, key=str)}
    if isinstance(value, list):
        return [_sorted_json(item) for item in value]
    return value


def _sort_free_dicts(node: Any) -> None:
    """Sort, in place, the free-form dicts below model data (model fields keep their order)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in _FREE_DICTS and isinstance(value, dict):
                node[key] = _sorted_json(value)
            else:
                _sort_free_dicts(value)
    elif isinstance(node, list):
        for item in node:
            _sort_free_dicts(item)


def _integral(value: Any) -> Any:
    """Write whole floats as integers (for maps whose grid is a whole number)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: _integral(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_integral(item) for item in value]
    return value


def _canonical_data(scenario: Scenario) -> dict[str, Any]:
    """The scenario as JSON data: model field order, defaults left out, free dicts sorted,
    coordinates snapped to the grid."""
    data = scenario.model_dump(mode="json", exclude_defaults=True)
    grid = scenario.map.grid
    digits = _decimals(grid)

    def snap(point: list[float]) -> list[float]:
        return [round(round(point[0] / grid) * grid, digits), round(round(point[1] / grid) * grid, digits)]

    map_data = data.get("map", {})
    for boundary in map_data.get("boundaries", []):
        boundary["points"] = [snap(point) for point in boundary["points"]]
    for area in map_data.get("areas", []):
        area["anchors"] = [snap(point) for point in area["anchors"]]
        if area.get("label") is not None:
            area["label"] = snap(area["label"])
    _sort_free_dicts(data)
    setup = data.get("setup", {})
    if "areas" in setup:
        setup["areas"] = {key: setup["areas"][key] for key in sorted(setup["areas"])}
    data.pop("schema_version", None)
    data["app_version"] = APP_VERSION
    ordered = {"schema_version": SCHEMA_VERSION, "app_version": data.pop("app_version"), **data}
    if grid >= 1 and float(grid).is_integer():
        return dict(_integral(ordered))
    return ordered


def canonical_data(scenario: Scenario) -> dict[str, Any]:
    """Return the scenario as the JSON data ``dumps`` writes (what diffs and merges compare)."""
    return _canonical_data(scenario)


def _scalars(values: list[Any]) -> bool:
    return all(not isinstance(item, dict | list) for item in values)


def _encode(value: Any, indent: int) -> str:
    """JSON with arrays of plain values kept on one line (points, ids) and everything else indented."""
    pad = "  " * indent
    inner = "  " * (indent + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [
            f"{inner}{json.dumps(key, ensure_ascii=False)}: {_encode(item, indent + 1)}"
            for key, item in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if _scalars(value):
            return json.dumps(value, ensure_ascii=False, allow_nan=False)
        rows = [
            inner
            + (
                json.dumps(item, ensure_ascii=False, allow_nan=False)
                if isinstance(item, list) and item and _scalars(item)
                else _encode(item, indent + 1)
            )
            for item in value
        ]
        return "[\n" + ",\n".join(rows) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def dumps(scenario: Scenario) -> str:
    """Return the canonical text of a scenario (what ``save`` writes)."""
    return _encode(_canonical_data(scenario), 0) + "\n"


TEMPORARY_SUFFIX = ".tmp"
STALE_AFTER_SECONDS = 300.0
"""A temporary of ours older than this is left over from a save that was killed (a save of even a
100 MB file takes seconds), so it is safe to remove: no save still writes it."""

_MKSTEMP_NAME = r"[a-z0-9_]{8}"
"""The random part ``tempfile.mkstemp`` puts in a name (8 of these characters)."""


def temporary_pattern(target: Path) -> re.Pattern[str]:
    """The names of the temporaries ``atomic_write`` makes beside ``target`` (and nothing else)."""
    return re.compile(rf"^\.{re.escape(target.name)}\.{_MKSTEMP_NAME}{re.escape(TEMPORARY_SUFFIX)}$")


def remove_stale_temporaries(path: str | os.PathLike[str], now: float | None = None) -> list[Path]:
    """Remove the temporaries a killed save of ``path`` left beside it; return those removed.

    Only files of our own name pattern for this very file (``.NAME.xxxxxxxx.tmp``), regular files
    (not links), owned by the current user where the system knows owners, and that no save is still
    writing: a save holds an exclusive lock on its temporary until the rename (``atomic_write``), and
    a killed process loses its locks, so a temporary whose lock can be taken is left over and goes
    at once (the next save or open right after a kill tidies it). Where the system has no such
    locks, a temporary must be older than ``STALE_AFTER_SECONDS`` instead. Errors are ignored:
    tidying up must never stop a file from opening or saving.
    """
    target = _real_target(Path(path))
    folder = target.parent
    pattern = temporary_pattern(target)
    moment = time.time() if now is None else now
    removed: list[Path] = []
    try:
        names = [entry.name for entry in os.scandir(folder) if pattern.match(entry.name)]
    except OSError:
        return removed
    for name in names:
        candidate = folder / name
        try:
            info = candidate.lstat()
            if not stat.S_ISREG(info.st_mode):
                continue
            if hasattr(os, "getuid") and info.st_uid != os.getuid():
                continue
            if not _remove_if_abandoned(candidate, moment - info.st_mtime):
                continue
        except OSError:
            continue
        removed.append(candidate)
    if removed:
        log.warning(
            "%s: removed %d temporary file%s left by an interrupted save (%s)",
            target,
            len(removed),
            "" if len(removed) == 1 else "s",
            ", ".join(p.name for p in removed[:3]) + (", ..." if len(removed) > 3 else ""),
        )
    return removed


def _remove_if_abandoned(candidate: Path, age: float) -> bool:
    """Remove a temporary of ours that no save holds (or, without locks, an old one); say whether."""
    if fcntl is None:
        if age < STALE_AFTER_SECONDS:
            return False
        candidate.unlink()
        return True
    # O_NOFOLLOW: a link swapped in after lstat is not followed; O_NONBLOCK: a FIFO never blocks.
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    descriptor = os.open(candidate, flags)
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            return False
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # a save is writing it right now
            return False
        candidate.unlink()
        return True
    finally:
        os.close(descriptor)


def _real_target(path: Path) -> Path:
    """The file a path names, through symbolic links (a link is saved through, never replaced)."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def atomic_write(path: str | os.PathLike[str], data: bytes) -> None:
    """Write a file so that a crash leaves either the old or the new file, never half of one.

    Through a symbolic link, the link's target is written (the link stays a link). The temporary
    is locked until it is renamed, so that ``remove_stale_temporaries`` (run by another save or
    open meanwhile) tells it from one a killed save left.
    """
    target = _real_target(Path(path))
    folder = target.parent if str(target.parent) else Path(".")
    for attempt in (1, 2):
        try:
            _write_and_rename(target, folder, data)
            break
        except FileNotFoundError:
            # Another process's tidying took our temporary in the instant before it was locked:
            # write it again (the target itself is untouched until the rename).
            if attempt == 2 or not folder.is_dir():
                raise
    try:  # make the rename itself durable
        directory = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(directory)
    except OSError:
        pass
    finally:
        os.close(directory)


def _write_and_rename(target: Path, folder: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMPORARY_SUFFIX, dir=folder)
    try:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)  # held until closed, after the rename
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view) :]
        os.fsync(handle)
        mode = target.stat().st_mode & 0o7777 if target.exists() else 0o644
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    finally:
        os.close(handle)


def save(scenario: Scenario, path: str | os.PathLike[str]) -> list[Path]:
    """Write the scenario's canonical text to ``path`` atomically (through a symbolic link, to its
    target); return the stale temporaries of earlier killed saves that were removed beside it."""
    atomic_write(path, dumps(scenario).encode("utf-8"))
    return remove_stale_temporaries(path)


def json_schema() -> dict[str, Any]:
    """Return the JSON Schema of the file format."""
    schema = Scenario.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Mappa scenario"
    return schema
