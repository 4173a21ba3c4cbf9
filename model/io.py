"""Reading and writing scenario files.

* ``load``/``loads``: size limit, UTF-8 and JSON syntax errors with line and column, a file newer
  than this version refused, older files migrated (``MIGRATIONS``), schema errors with the JSON path
  of every bad field. Every failure is a ``LoadError`` that names the file.
* ``save``/``dumps``: canonical text (model field order, sorted free-form keys, coordinates
  quantized to the map grid, one point per line) so that saving twice gives identical bytes and
  git diffs stay small; the write is atomic (temporary file, fsync, rename).
"""

from __future__ import annotations

import functools
import json
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from model.scenario import SCHEMA_VERSION, Point, Scenario

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


@migrator(0)
def _from_prototype(raw: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (the prototype format): flat title, ``land`` flags, single ``anchor``, inline owners."""
    areas = []
    setup_areas: dict[str, Any] = {}
    for area in raw.get("map", {}).get("areas", []):
        new = {
            "id": area["id"],
            "name": area.get("name", area["id"]),
            "kind": "land" if area.get("land", True) else "sea",
            "anchors": [area["anchor"]] if "anchor" in area else area.get("anchors", []),
            "attributes": area.get("attributes", {}),
        }
        areas.append(new)
        if area.get("owner") is not None:
            setup_areas[area["id"]] = {"owner": area["owner"]}
    boundaries = [{"id": b["id"], "points": b["coords"]} for b in raw.get("map", {}).get("boundaries", [])]
    return {
        "schema_version": 1,
        "app_version": raw.get("app_version", ""),
        "metadata": {"title": raw.get("title", "Untitled"), "description": raw.get("description", "")},
        "map": {"units": raw.get("map", {}).get("units", "px"), "boundaries": boundaries, "areas": areas},
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
        except (KeyError, TypeError, AttributeError) as error:
            raise LoadError(
                source, [Problem("", f"cannot migrate from version {version}: malformed field {error}")]
            ) from error
        version += 1
    return raw


# --- loading -----------------------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _constant_place(text: str) -> str:
    """Return the line and column of the first NaN or Infinity outside a string, or ''."""
    for match in re.finditer(r'"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)', text):
        if match.group(1):
            line = text.count("\n", 0, match.start()) + 1
            column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
            return f"line {line}, column {column}"
    return ""


def _json_path(location: tuple[int | str, ...]) -> str:
    path = ""
    for part in location:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else part
    return path


def _describe(raw: dict[str, Any], location: tuple[int | str, ...]) -> str:
    """Add the id of the object holding a bad field, so that a stranger can find it in the file."""
    path = _json_path(location)
    node: Any = raw
    described = path
    for index, part in enumerate(location[:-1]):
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(part, int) and isinstance(node, dict) and isinstance(node.get("id"), str):
            described = f"{path} (in {_json_path(location[: index + 1])}, id {node['id']!r})"
    return described


def loads(text: str | bytes, source: str = "<scenario>") -> Scenario:
    """Parse scenario text; raise ``LoadError`` naming ``source`` and every problem found."""
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
        raise LoadError(
            source,
            [Problem("", "JSON nested too deeply to read (thousands of levels)")],
            "Is this a Mappa scenario file? Scenario files are only a few levels deep.",
        ) from error
    except ValueError as error:  # NaN or Infinity, which JSON does not allow
        raise LoadError(
            source,
            [Problem(_constant_place(text), f"not readable JSON: {error}")],
            "Replace it with a number (JSON has no NaN or Infinity).",
        ) from error
    if not isinstance(raw, dict):
        raise LoadError(
            source,
            [Problem("", f"the top level is a JSON {type(raw).__name__}, not an object")],
            "Is this a Mappa scenario file?",
        )
    raw = migrate(raw, source)
    try:
        return Scenario.model_validate(raw)
    except ValidationError as error:
        problems = [Problem(_describe(raw, tuple(item["loc"])), _message(item)) for item in error.errors()]
        raise LoadError(
            source, problems, "Fix these fields (or re-save from Mappa) and try again."
        ) from error
    except RecursionError as error:
        raise LoadError(source, [Problem("", "nested too deeply")]) from error


def _message(item: Any) -> str:
    kind = item.get("type", "")
    if kind == "extra_forbidden":
        return "unknown field (not part of the format; remove it or check its spelling)"
    if kind == "missing":
        return "required field is missing"
    text = str(item.get("msg", "invalid"))
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
    try:
        data = Path(source).read_bytes()
    except OSError as error:
        raise LoadError(source, [Problem("", error.strerror or str(error))]) from error
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


def atomic_write(path: str | os.PathLike[str], data: bytes) -> None:
    """Write a file so that a crash leaves either the old or the new file, never half of one."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if target.exists():
            os.chmod(temporary, target.stat().st_mode & 0o7777)
        else:
            os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
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


def save(scenario: Scenario, path: str | os.PathLike[str]) -> None:
    """Write the scenario's canonical text to ``path`` atomically."""
    atomic_write(path, dumps(scenario).encode("utf-8"))


def json_schema() -> dict[str, Any]:
    """Return the JSON Schema of the file format."""
    schema = Scenario.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Mappa scenario"
    return schema
