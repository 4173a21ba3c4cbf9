"""Reading a saved balance report (``report.json``) back, checked against the shape it is written in.

A report opened in the editor's balance dock or given to ``mappa playtest compare`` may be a file
of another program, one edited by hand or one cut short. Its figures feed charts, tables and
statistical tests, which would fail far from the cause (a missing percentile in a box plot) or,
worse, read a missing figure as 0. So a report is checked here first, against the keys that
``model.playtest.report`` writes and its reader uses (a comparison reads fewer than the dock
shows), and a file that does not fit is a
``ReportFileError`` naming the file, the place in it (``empires.france.win_rate_ci95``) and what
is wrong. Keys beyond these are allowed: later versions may add figures.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import ErrorDetails

COMMAND_REMEDY = "write it again with `mappa playtest SCENARIO --out FOLDER`"
"""What to do about a report that does not fit, told to a reader on the command line."""


class ReportFileError(ValueError):
    """A saved balance report that cannot be read or does not have a balance report's shape."""


class _Part(BaseModel):
    model_config = ConfigDict(extra="allow")


class _Points(_Part):
    """An empire's final victory points as ``mappa playtest compare`` tests them."""

    mean: float
    stdev: float = Field(ge=0.0)


class _Distribution(_Points):
    """A distribution as the balance dock draws it (a box plot of the percentiles)."""

    min: float
    p10: float
    median: float
    p90: float
    max: float


class _ComparedEmpire(_Part):
    wins: float = Field(ge=0.0)
    win_rate: float = Field(ge=0.0, le=1.0)
    win_rate_ci95: tuple[float, float]
    victory_points: _Points


class _ShownEmpire(_ComparedEmpire):
    outright_wins: int = Field(ge=0)
    victory_points: _Distribution


class _Count(_Part):
    per_game: float = Field(ge=0.0)
    total: int = Field(ge=0)


class _ComparedSettings(_Part):
    """The run's settings as a comparison names them (the seed, when the report has one)."""

    seed: int | None = None


class _Settings(_ComparedSettings):
    seed: int


class _Scenario(_Part):
    title: str = ""


class _Suggestion(_Part):
    current: int
    mean_vp: float
    suggested: int


class _Suggestions(_Part):
    """The handicaps that even out mean victory points, as the dock's table shows them."""

    method: str
    empires: dict[str, _Suggestion]


class _EngineError(_Part):
    game: int
    seed: int
    error: str


class _GameLength(_Part):
    rounds: _Distribution
    actions: _Distribution


class _Compared(_Part):
    """What ``model.playtest.compare`` reads of a report."""

    finished: int = Field(ge=0)
    empires: Mapping[str, _ComparedEmpire] = Field(min_length=1)
    events: dict[str, _Count] = Field(default_factory=dict)
    # What its heading names: optional, but of the right kind when there (a comparison must not
    # stop on a report whose settings are null or whose seat names are a list).
    games: int = Field(default=0, ge=0)
    settings: _ComparedSettings = Field(default_factory=_ComparedSettings)
    scenario: _Scenario = Field(default_factory=_Scenario)
    seat_names: dict[str, str] = Field(default_factory=dict)


class _Shown(_Compared):
    """What the editor's balance dock shows of a report (its charts, tables and map mode)."""

    games: int = Field(ge=0)
    engine_errors: int = Field(ge=0)
    settings: _Settings
    empires: Mapping[str, _ShownEmpire] = Field(min_length=1)
    game_length: _GameLength
    area_changes: dict[str, _Count]
    suggested_handicaps: _Suggestions | None = None
    unused_connections: list[str] = Field(default_factory=list)
    errors: list[_EngineError] = Field(default_factory=list)


def check_report(
    data: object, source: str, shown: bool = False, remedy: str = COMMAND_REMEDY
) -> dict[str, Any]:
    """Return ``data`` (a parsed ``report.json``) when it holds what a comparison reads (with
    ``shown``, all that the balance dock shows), else raise ``ReportFileError`` naming ``source``
    (the file), the first wrong place in it and what is wrong, then ``remedy``: what the reader
    can do where the message is shown (the command line's, or the dock's buttons)."""
    return _checked(data, json.dumps(data), source, shown, remedy)


def _checked(data: object, text: str, source: str, shown: bool, remedy: str) -> dict[str, Any]:
    """``check_report`` on ``data`` and ``text``, its JSON (validated as it is written)."""
    if not isinstance(data, dict):
        kind = type(data).__name__
        raise ReportFileError(f"{source}: not a balance report (it holds a {kind}, not an object)")
    if "empires" not in data:
        raise ReportFileError(f"{source}: not a balance report (no table of empires)")
    try:
        # Strictly, as JSON: a figure written as a string ("0.5", "+2") would pass pydantic's lax
        # conversion here and then fail in the reader's arithmetic, which gets ``data`` unchanged.
        (_Shown if shown else _Compared).model_validate_json(text, strict=True)
    except ValidationError as error:
        first = error.errors()[0]
        place = ".".join(str(part) for part in first["loc"]) or "the top level"
        more = error.error_count() - 1
        others = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise ReportFileError(f"{source}: {place}: {_problem(first)}{others}; {remedy}") from error
    return data


def _problem(error: ErrorDetails) -> str:
    """What is wrong at an error's place, in the file's terms: pydantic says that a part that is
    not an object should be "a valid dictionary or instance of _Points", this module's class, and
    checked as JSON it names no kind; the file's reader is told what the part is instead."""
    if error["type"] in ("model_type", "dict_type"):
        return f"should be an object, not {_json_kind(error['input'])}"
    return error["msg"].lower()


def _json_kind(value: object) -> str:
    """How JSON calls the kind of a parsed value: null, a number, a string, a list..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else f"a {type(value).__name__}"


def read_report(path: Path, shown: bool = False, remedy: str = COMMAND_REMEDY) -> dict[str, Any]:
    """Read and check the balance report at ``path`` for a comparison (with ``shown``, for the
    balance dock to show): ``ReportFileError`` naming it when it cannot be read, is no JSON or
    lacks a figure that reader needs (then with ``remedy``, as ``check_report``)."""
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
    except OSError as error:
        raise ReportFileError(f"{path}: cannot read the report ({error.strerror or error})") from error
    except ValueError as error:
        raise ReportFileError(f"{path}: not a JSON file ({error})") from error
    return _checked(data, text, str(path), shown, remedy)  # the file's own text: not written again
