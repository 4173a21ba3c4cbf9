"""Bounds on the work and the output of an import (the limits themselves are in ``model.limits``).

An import must neither run for minutes on a small hostile source nor write a scenario that Mappa
then refuses to open. These guards are called at the few places where that could happen:

* ``too_tangled``: before a polygon is repaired with ``make_valid`` (one piece per self-crossing);
* ``count_points``: after TopoJSON arcs are resolved (an arc can be reused thousands of times);
* ``plane_extent``: before a grid is chosen from the extent (``1e308 - -1e308`` overflows);
* ``clean_name``: names that a scenario could not save (lone surrogates) or that are huge;
* ``check_output``: the scenario's text against the size and values the loader accepts.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import NDArray
from shapely.geometry.base import BaseGeometry

from model import io
from model.crossings import geometry_self_crossings
from model.importers.common import SourceError
from model.limits import (
    COORDINATE_MAX,
    GRID_MAX,
    GRID_MIN,
    IMPORT_POINTS,
    IMPORT_SELF_CROSSINGS,
    NAME_CHARACTERS,
    TOPOJSON_ARC_REUSE,
)
from model.scenario import Scenario


def too_tangled(geometry: BaseGeometry, label: str) -> str | None:
    """A warning when a polygon crosses itself too often to repair; None when it may be repaired."""
    found = geometry_self_crossings(geometry, IMPORT_SELF_CROSSINGS.value)
    if not found.more:
        return None
    return (
        f"{label}: the outline crosses itself {found.describe()}, too often to repair "
        f"({IMPORT_SELF_CROSSINGS.explain()}); skipped"
    )


def count_points(decoded: int, stored: int, source: str, where: str) -> None:
    """Refuse a TopoJSON layer whose geometries resolve to far more points than its arcs store."""
    allowed = TOPOJSON_ARC_REUSE.value * stored + IMPORT_POINTS.value // 100
    if decoded > allowed:
        raise SourceError(
            f"{source}: {where}: the geometries use more than {decoded:,} arc points, though the "
            f"arcs store {stored:,}; {TOPOJSON_ARC_REUSE.explain()}"
        )
    if decoded > IMPORT_POINTS.value:
        raise SourceError(f"{source}: {where}: more than {decoded:,} points; {IMPORT_POINTS.explain()}")


def far_coordinates(coords: NDArray[np.float64], label: str) -> str | None:
    """A warning when a feature's coordinates lie beyond what a map may hold (its extent would
    overflow: ``1e308 - -1e308``); None when they are fine."""
    largest = float(np.abs(coords).max()) if len(coords) else 0.0
    if largest <= COORDINATE_MAX:
        return None
    return (
        f"{label}: a coordinate reaches {largest:g}; a map holds coordinates up to {COORDINATE_MAX:g} "
        "(is the file in the units you expect? reproject or rescale it); skipped"
    )


def plane_extent(bounds: tuple[float, float, float, float], source: str) -> None:
    """Refuse coordinates whose extent overflows or lies beyond what a map may hold."""
    west, south, east, north = bounds
    width, height = east - west, north - south
    largest = max(abs(west), abs(south), abs(east), abs(north))
    if not (math.isfinite(width) and math.isfinite(height)) or largest > COORDINATE_MAX:
        raise SourceError(
            f"{source}: the coordinates reach {largest:g}; a map holds coordinates up to "
            f"{COORDINATE_MAX:g}: is this file in the units you expect? Reproject or rescale it first"
        )


def grid_option(grid: float | None) -> None:
    """Refuse a --grid that saving cannot write (coordinates have at most 9 decimals)."""
    if grid is not None and not GRID_MIN <= grid <= GRID_MAX:
        raise SourceError(
            f"--grid {grid:g}: the grid must be between {GRID_MIN:g} and {GRID_MAX:g} map units"
        )


def clean_name(text: str, label: str, warnings: list[str]) -> str:
    """A name a scenario can hold: lone surrogates replaced, cut to ``NAME_CHARACTERS``."""
    cleaned = text.encode("utf-8", "replace").decode("utf-8") if _has_surrogates(text) else text
    if cleaned != text:
        warnings.append(
            f"{label}: the name holds characters that are not text (lone surrogates); replaced with '?'"
        )
    if len(cleaned) > NAME_CHARACTERS.value:
        warnings.append(
            f"{label}: the name has {len(cleaned):,} characters; cut to {NAME_CHARACTERS.value:,} "
            f"({NAME_CHARACTERS.explain()})"
        )
        cleaned = cleaned[: NAME_CHARACTERS.value]
    return cleaned


def _has_surrogates(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def check_output(scenario: Scenario, source: str) -> str:
    """Return the scenario's canonical text, or refuse what the loader would refuse to open."""
    try:
        text = io.dumps(scenario)
    except (ValueError, OverflowError) as error:
        raise SourceError(
            f"{source}: the imported map cannot be written ({error}); clip or rescale the source"
        ) from error
    size = len(text.encode("utf-8"))
    if size > io.MAX_FILE_BYTES:
        raise SourceError(
            f"{source}: the imported scenario would be {size / 2**20:.0f} MB; Mappa opens files up to "
            f"{io.MAX_FILE_BYTES / 2**20:.0f} MB: clip the source with --bbox or simplify it"
        )
    return text


def positions_of(value: Any) -> int:
    """How many positions a list of TopoJSON arcs stores (the arcs as read, not checked)."""
    return sum(len(arc) for arc in value if isinstance(arc, list)) if isinstance(value, list) else 0
