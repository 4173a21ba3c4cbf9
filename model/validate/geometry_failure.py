"""A failure of the geometry library (GEOS) on a map, as an issue that names the boundaries.

GEOS can run out of memory (``bad_alloc``, ``MemoryError``) or fail to converge on pathological
linework; that is a property of the file, not a bug to report, so it becomes a GEOMETRY_FAILED
issue naming the boundaries most likely to blame (those that cross themselves, else the longest).
"""

from __future__ import annotations

import numpy as np
import shapely

from model.issues import Issue
from model.scenario import Scenario
from model.topology import boundary_lines
from model.validate.codes import issue

FAILURES: tuple[type[BaseException], ...] = (shapely.errors.GEOSException, MemoryError)
"""What the geometry library raises on a file it cannot handle."""

_NAMED = 5
"""How many boundaries the message names."""


def suspects(scenario: Scenario) -> list[str]:
    """The boundaries most likely to make GEOS fail: self-crossing ones, else the longest."""
    boundaries = scenario.map.boundaries
    if not boundaries:
        return []
    try:
        lines = np.array(boundary_lines(boundaries), dtype=object)
        tangled = np.nonzero(~shapely.is_simple(lines))[0]
    except FAILURES:
        tangled = np.array([], dtype=np.int64)
    if len(tangled):
        return [boundaries[int(i)].id for i in tangled[:_NAMED]]
    longest = sorted(boundaries, key=lambda b: -len(b.points))[:_NAMED]
    return [b.id for b in longest]


def geometry_failed(scenario: Scenario, what: str, error: BaseException) -> Issue:
    """The GEOMETRY_FAILED issue for ``error`` raised while computing ``what``."""
    named = suspects(scenario)
    blame = f"; look at boundaries {', '.join(named)}" if named else ""
    reason = str(error) or type(error).__name__
    return issue(
        "GEOMETRY_FAILED",
        f"the geometry library failed on the {what} ({type(error).__name__}: {reason[:200]}){blame}: "
        "simplify or redraw them",
        ids=named,
        path="map.boundaries",
    )
