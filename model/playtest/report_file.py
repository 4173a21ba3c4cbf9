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


class _Settings(_Part):
    seed: int


class _GameLength(_Part):
    rounds: _Distribution
    actions: _Distribution


class _Compared(_Part):
    """What ``model.playtest.compare`` reads of a report."""

    finished: int = Field(ge=0)
    empires: Mapping[str, _ComparedEmpire] = Field(min_length=1)
    events: dict[str, _Count] = Field(default_factory=dict)


class _Shown(_Compared):
    """What the editor's balance dock shows of a report (its charts, tables and map mode)."""

    games: int = Field(ge=0)
    engine_errors: int = Field(ge=0)
    settings: _Settings
    empires: Mapping[str, _ShownEmpire] = Field(min_length=1)
    game_length: _GameLength
    area_changes: dict[str, _Count]


def check_report(data: object, source: str, shown: bool = False) -> dict[str, Any]:
    """Return ``data`` (a parsed ``report.json``) when it holds what a comparison reads (with
    ``shown``, all that the balance dock shows), else raise ``ReportFileError`` naming ``source``
    (the file), the first wrong place in it and what is wrong."""
    if not isinstance(data, dict):
        kind = type(data).__name__
        raise ReportFileError(f"{source}: not a balance report (it holds a {kind}, not an object)")
    if "empires" not in data:
        raise ReportFileError(f"{source}: not a balance report (no table of empires)")
    try:
        (_Shown if shown else _Compared).model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        place = ".".join(str(part) for part in first["loc"]) or "the top level"
        more = error.error_count() - 1
        others = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise ReportFileError(
            f"{source}: {place}: {first['msg'].lower()}{others}; save the report again from "
            "`mappa playtest --out` or the balance dock"
        ) from error
    return data


def read_report(path: Path, shown: bool = False) -> dict[str, Any]:
    """Read and check the balance report at ``path`` for a comparison (with ``shown``, for the
    balance dock to show): ``ReportFileError`` naming it when it cannot be read, is no JSON or
    lacks a figure that reader needs."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ReportFileError(f"{path}: cannot read the report ({error.strerror or error})") from error
    except ValueError as error:
        raise ReportFileError(f"{path}: not a JSON file ({error})") from error
    return check_report(data, str(path), shown)
