"""Where lines cross themselves, counted with bounded work (a segment index, capped counts).

Noding a line that crosses itself (``shapely.node``) or repairing a polygon that does
(``shapely.make_valid``) makes one piece per crossing: a line through 3,000 random points crosses
itself some 900,000 times, and noding it takes a minute and gigabytes. Here the segments go into an
STRtree and are examined in order, a chunk at a time, stopping once ``cap`` crossings are found or
``SEGMENT_PAIRS_EXAMINED`` pairs of nearby segments were looked at; the caller learns the first
crossing along the line, how many were counted and whether counting stopped early.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry.base import BaseGeometry

from model.limits import SEGMENT_PAIRS_EXAMINED, SELF_CROSSINGS_LISTED

_CHUNK_PAIRS = 250_000
"""About how many candidate pairs one chunk of segments may bring back (bounds the arrays)."""


@dataclass(frozen=True)
class SelfCrossings:
    """What ``self_crossings`` found: a count (exact unless ``more``) and the first crossing."""

    count: int
    more: bool
    """True when counting stopped at the cap or at the limit of pairs examined."""
    first: tuple[float, float] | None
    """The first crossing along the line(s), None when none was found."""

    def describe(self) -> str:
        """``"at 3 points"``, ``"at more than 100 points"``; with the first one's place."""
        if not self.count:
            return ""
        amount = f"more than {self.count:,}" if self.more else f"{self.count:,}"
        noun = "point" if self.count == 1 and not self.more else "points"
        where = f"; first at ({self.first[0]:g}, {self.first[1]:g})" if self.first else ""
        return f"at {amount} {noun}{where}"


def _segments(rings: Sequence[NDArray[np.float64]]) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """Segments ``x0 y0 x1 y1`` of each line (repeated points dropped) and the line of each."""
    rows: list[NDArray[np.float64]] = []
    owners: list[NDArray[np.int64]] = []
    for index, coords in enumerate(rings):
        xy = np.asarray(coords, dtype=float).reshape(-1, 2)
        if len(xy) > 1:
            keep = np.concatenate([[True], np.any(xy[1:] != xy[:-1], axis=1)])
            xy = xy[keep]
        if len(xy) < 2:
            continue
        rows.append(np.hstack([xy[:-1], xy[1:]]))
        owners.append(np.full(len(xy) - 1, index, dtype=np.int64))
    if not rows:
        return np.empty((0, 4)), np.empty(0, dtype=np.int64)
    return np.vstack(rows), np.concatenate(owners)


def _orientation(
    p: NDArray[np.float64], q: NDArray[np.float64], r: NDArray[np.float64]
) -> NDArray[np.float64]:
    """Sign of the turn p -> q -> r for rows of points (-1 clockwise, 0 straight, 1 counter)."""
    cross = (q[:, 0] - p[:, 0]) * (r[:, 1] - p[:, 1]) - (q[:, 1] - p[:, 1]) * (r[:, 0] - p[:, 0])
    return np.sign(cross)


def _within_box(p: NDArray[np.float64], q: NDArray[np.float64], r: NDArray[np.float64]) -> NDArray[np.bool_]:
    """Whether r lies in the box of segment p-q (for r on the segment's line: on the segment)."""
    return (
        (np.minimum(p[:, 0], q[:, 0]) <= r[:, 0])
        & (r[:, 0] <= np.maximum(p[:, 0], q[:, 0]))
        & (np.minimum(p[:, 1], q[:, 1]) <= r[:, 1])
        & (r[:, 1] <= np.maximum(p[:, 1], q[:, 1]))
    )


def _segments_meet(first: NDArray[np.float64], second: NDArray[np.float64]) -> NDArray[np.bool_]:
    """Whether segments (rows ``x0 y0 x1 y1``) cross or touch, pair by pair (orientation tests:
    a hundred times faster than a GEOS predicate per pair)."""
    a, b, c, d = first[:, :2], first[:, 2:], second[:, :2], second[:, 2:]
    o1, o2 = _orientation(a, b, c), _orientation(a, b, d)
    o3, o4 = _orientation(c, d, a), _orientation(c, d, b)
    proper = (o1 * o2 < 0) & (o3 * o4 < 0)
    touching = (
        ((o1 == 0) & _within_box(a, b, c))
        | ((o2 == 0) & _within_box(a, b, d))
        | ((o3 == 0) & _within_box(c, d, a))
        | ((o4 == 0) & _within_box(c, d, b))
    )
    result: NDArray[np.bool_] = proper | touching
    return result


def self_crossings(
    rings: Sequence[NDArray[np.float64]] | Sequence[Sequence[Sequence[float]]],
    cap: int = SELF_CROSSINGS_LISTED.value,
    budget: int = SEGMENT_PAIRS_EXAMINED.value,
) -> SelfCrossings:
    """Count the places where the given lines cross or touch themselves or each other, up to ``cap``.

    ``rings`` are coordinate sequences (a closed ring repeats its first point); neighbouring
    segments of one line, and the last and first segments of a closed ring, may share their end
    point. ``budget`` bounds the pairs of segments whose boxes overlap that are looked at.
    """
    segments, owner = _segments([np.asarray(r, dtype=float) for r in rings])
    count = len(segments)
    if count < 2:
        return SelfCrossings(0, False, None)
    # Index of each segment within its line, and the line's segment count, to know neighbours.
    starts = np.concatenate([[0], np.nonzero(np.diff(owner))[0] + 1])
    sizes = np.diff(np.concatenate([starts, [count]]))
    position = np.arange(count) - np.repeat(starts, sizes)
    length = np.repeat(sizes, sizes)
    closed = np.repeat(
        [
            bool(np.all(segments[s, :2] == segments[s + n - 1, 2:]))
            for s, n in zip(starts, sizes, strict=True)
        ],
        sizes,
    )
    lines = shapely.linestrings(segments.reshape(-1, 2), indices=np.repeat(np.arange(count), 2))
    tree = shapely.STRtree(lines)
    found = 0
    examined = 0
    first: tuple[float, float] | None = None
    chunk = 16  # small at first; then sized by the pairs per segment seen so far
    begin = 0
    while begin < count:
        end = min(count, begin + chunk)
        pairs = tree.query(lines[begin:end])  # boxes only: cheap, and counted against the budget
        examined += pairs.shape[1]
        chunk = max(1, _CHUNK_PAIRS * (end - begin) // max(1, pairs.shape[1]))
        first_segment, begin = begin, end
        if examined > budget:
            return SelfCrossings(found, True, first)
        a = pairs[0] + first_segment
        b = pairs[1]
        keep = b > a
        same = owner[a] == owner[b]
        neighbours = same & ((b - a == 1) | (closed[a] & (position[a] == 0) & (position[b] == length[b] - 1)))
        keep &= ~neighbours
        a, b = a[keep], b[keep]
        if not len(a):
            continue
        hit = _segments_meet(segments[a], segments[b])
        a, b = a[hit], b[hit]
        if not len(a):
            continue
        order = np.lexsort((b, a))
        a, b = a[order], b[order]
        if first is None:
            meeting = shapely.intersection(lines[a[0]], lines[b[0]])
            point = shapely.get_coordinates(meeting)
            first = (float(point[0][0]), float(point[0][1])) if len(point) else None
        found += len(a)
        if found > cap:
            return SelfCrossings(cap, True, first)
    return SelfCrossings(found, False, first)


def geometry_self_crossings(geometry: BaseGeometry, cap: int) -> SelfCrossings:
    """``self_crossings`` of every ring of a (multi)polygon, or every part of a line geometry."""
    parts = shapely.get_parts(geometry)
    rings: list[NDArray[np.float64]] = []
    for part in parts:
        if part.geom_type == "Polygon":
            rings.extend(shapely.get_coordinates(ring) for ring in shapely.get_rings(part))
        else:
            rings.append(shapely.get_coordinates(part))
    return self_crossings(rings, cap)
