"""Gaps between shapes: how far apart features lie, and closing gaps by snapping their linework.

Maps traced from pictures (TripleA's polygons, a Diplomacy board's SVG) leave a line of one or two
pixels between territories, so no two shapes touch and every area would be isolated.
``touch_summary`` measures this (how many features touch another, how far their nearest
neighbours are) so the import can say so and suggest a tolerance; ``close_gaps`` moves the
borders of shapes that lie within the tolerance of each other onto one line: each shape's points
near an earlier shape move onto that shape's border (``snap_borders``); the pockets left where
borders part become faces that the pipeline gives to a neighbour. Only points within the
tolerance of another shape move, so coastlines stay where they are (a buffer would move them).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.errors import GEOSException
from shapely.geometry.base import BaseGeometry

from model.importers.features import polygonal

PRECISION = 1e-3
"""Overlays while closing gaps work on a grid this fraction of the tolerance (robust to float noise)."""

SAMPLE_POINTS = 20_000
"""At most about this many border points are measured for the widest gap."""

FEW_TOUCH = 0.5
"""Warn when fewer than this share of the features touch another."""


@dataclass(frozen=True)
class TouchSummary:
    """How the features lie: how many touch another, how far apart the others are."""

    features: int
    touching: int
    nearest_low: float
    """The 10th percentile of the distances from each non-touching feature to its nearest neighbour."""
    nearest_high: float
    """The 90th percentile of the same."""
    widest: float
    """The 90th percentile of the gap along the borders: how far a border point is from the
    nearest other feature, over the points that face one (a gap is wider in places than where
    two shapes come nearest)."""

    @property
    def suggestion(self) -> float:
        """A ``--close-gaps`` value that would join the features: the wide gap and a quarter, rounded up."""
        return nice_up(max(self.widest, self.nearest_high) * 1.25)

    def text(self) -> str:
        """The sentence the import warns with."""
        return (
            f"{self.touching} of {self.features} features touch another; their nearest neighbours are "
            f"{_range(self.nearest_low, self.nearest_high)} units apart (gaps up to {self.widest:.2g} "
            f"along their borders); try --close-gaps {self.suggestion:g}"
        )


def touch_summary(geometries: list[BaseGeometry]) -> TouchSummary | None:
    """Measure how the features lie; None when they mostly touch (nothing to say) or are too few.

    Also None when the non-touching features are far apart compared with the map (islands, not
    gaps): closing such gaps would not be what the author wants.
    """
    if len(geometries) < 2:
        return None
    tree = shapely.STRtree(geometries)
    left, right = tree.query(geometries, predicate="intersects")
    touching = np.zeros(len(geometries), dtype=bool)
    touching[left[left != right]] = True
    count = int(touching.sum())
    if count >= FEW_TOUCH * len(geometries):
        return None
    apart = np.flatnonzero(~touching)
    _, distances = tree.query_nearest(
        [geometries[i] for i in apart], exclusive=True, return_distance=True, all_matches=False
    )
    if distances.size == 0:
        return None
    low, high = (float(v) for v in np.percentile(distances, [10, 90]))
    west, south, east, north = shapely.total_bounds(geometries)
    if high <= 0 or high > 0.02 * math.hypot(east - west, north - south):
        return None
    return TouchSummary(len(geometries), count, low, high, _widest_gap(geometries, tree, apart, 3 * high))


def _widest_gap(
    geometries: list[BaseGeometry], tree: shapely.STRtree, apart: np.ndarray, reach: float
) -> float:
    """The 90th percentile, over border points facing another feature within ``reach``, of that distance."""
    rings = shapely.boundary(np.asarray([geometries[i] for i in apart], dtype=object))
    counts = shapely.get_num_coordinates(rings)
    coords = shapely.get_coordinates(rings)
    owners = np.repeat(apart, counts)
    stride = max(1, len(coords) // SAMPLE_POINTS)
    coords, owners = coords[::stride], owners[::stride]
    points = shapely.points(coords)
    point_index, shape_index = tree.query(points, predicate="dwithin", distance=reach)
    other = shape_index != owners[point_index]
    point_index, shape_index = point_index[other], shape_index[other]
    if point_index.size == 0:
        return 0.0
    gaps = shapely.distance(points[point_index], np.asarray(geometries, dtype=object)[shape_index])
    nearest = np.full(len(points), np.inf)
    np.minimum.at(nearest, point_index, gaps)
    return float(np.percentile(nearest[np.isfinite(nearest)], 90))


def close_gaps(
    geometries: list[BaseGeometry],
    distance: float,
    warnings: list[str] | None = None,
    labels: Sequence[str] | None = None,
) -> tuple[list[BaseGeometry], int]:
    """Make shapes whose borders lie within ``distance`` of each other share one border.

    Each shape's border snaps onto the earlier shapes' borders (``snap_borders``). Returns the new
    shapes, in the same order (a shape may overlap an earlier one by a sliver, which the caller
    gives to the earlier one), and how many shapes moved. The pockets snapping leaves where
    borders part (where three shapes meet) are faces the pipeline gives to a neighbour. A shape
    that cannot be snapped keeps its own border, and ``warnings`` gets a line naming it (from
    ``labels``, else its position): its gaps stay open, so it may lose neighbours.
    """
    out, moved, kept = snap_borders(geometries, distance)
    if warnings is not None:
        for index, reason in kept:
            label = labels[index] if labels is not None else f"shape {index + 1}"
            warnings.append(
                f"{label}: kept as drawn, its gaps to the neighbours left open ({reason}); "
                "it may lose neighbours: try another --close-gaps, or clean the shape up in the source"
            )
    return out, moved


def snap_borders(
    geometries: list[BaseGeometry], distance: float
) -> tuple[list[BaseGeometry], int, list[tuple[int, str]]]:
    """Move each shape's border points that lie within ``distance`` of an earlier shape onto its border.

    Every outline is first densified to half the distance, so a border runs as close to its
    neighbour's as the neighbour's own points. Each point of a shape within the distance of the
    border of the shapes before it moves to the nearest point of that border (so no point moves
    more than the distance, and points farther away, such as a coast, stay). The moved shape is
    put on a fine grid (``PRECISION`` of the distance) and repaired there. Returns the new shapes
    (in the same order), how many moved, and the shapes kept as they were because snapping
    could not be repaired or the geometry library failed on them (index, why).
    """
    dense = [shapely.segmentize(g, distance / 2) for g in geometries]
    tree = shapely.STRtree(dense)
    out = list(dense)
    moved = 0
    kept: list[tuple[int, str]] = []
    for index, geometry in enumerate(dense):
        near = [int(j) for j in tree.query(geometry, predicate="dwithin", distance=distance) if j < index]
        if not near:
            continue
        try:
            snapped = _snapped(geometry, [out[j] for j in near], distance)
        except GEOSException as error:  # a shape the library cannot node: it stays as drawn
            kept.append((index, f"the geometry library failed on it: {str(error)[:120]}"))
            continue
        if snapped is geometry:  # nothing near enough to move
            continue
        if snapped is None:  # the move tangled the border beyond repair: this shape keeps its own
            kept.append((index, "snapping would tangle its border"))
            continue
        moved += 1
        out[index] = snapped
    return out, moved, kept


def _snapped(geometry: BaseGeometry, near: list[BaseGeometry], distance: float) -> BaseGeometry | None:
    """``geometry`` with its points within ``distance`` of the ``near`` shapes' borders moved onto them.

    ``geometry`` itself when no point moves, None when the moved shape cannot be repaired; may raise
    ``GEOSException``.
    """
    west, south, east, north = geometry.bounds
    reach = 2 * distance
    # Only the borders near this shape matter; an index of their segments keeps the search short.
    segments = _segments(near, (west - reach, south - reach, east + reach, north + reach))
    if segments.size == 0:
        return geometry
    coords = shapely.get_coordinates(geometry)
    points = shapely.points(coords)
    found = shapely.STRtree(segments).query_nearest(points, max_distance=distance, all_matches=False)
    if found.size == 0:
        return geometry
    close, nearest = found
    lines = shapely.shortest_line(points[close], segments[nearest])
    targets = shapely.get_coordinates(lines)[1::2]
    if np.hypot(*(targets - coords[close]).T).max() <= distance * PRECISION:
        return geometry  # already on the neighbour's border: borders that touch stay as they are
    coords[close] = targets
    # On the grid the repair works with: points nearer each other than a grid cell become one, so
    # the overlays below see no nearly-coincident vertices (they fail on those: "side location
    # conflict", "unable to assign free hole to a shell").
    fine = distance * PRECISION
    coords = np.round(coords / fine) * fine
    return _repaired(shapely.set_coordinates(shapely.from_wkb(geometry.wkb), coords), geometry, distance)


def _repaired(snapped: BaseGeometry, before: BaseGeometry, distance: float) -> BaseGeometry | None:
    """The snapped shape made valid and rounded on a fine grid; None when snapping went wrong.

    Snapping may pull a vertex across a narrow neck, so that the ring crosses itself; of the
    repairs, the first that stays within the tolerance of the shape is kept (a repair can fill a
    loop the crossing made, far from the border). A repair the geometry library fails on is
    skipped for the next. None when no repair does.
    """
    fine = distance * PRECISION
    if snapped.is_valid:  # no point moved farther than the distance: nothing to check
        try:
            shape = polygonal(shapely.set_precision(snapped, fine))
        except GEOSException:
            shape = None
        if shape is not None and not shape.is_empty:
            return shape
    repairs: tuple[Callable[[BaseGeometry], BaseGeometry], ...] = (
        lambda g: shapely.make_valid(g, method="structure", keep_collapsed=False),
        lambda g: shapely.make_valid(g, method="linework"),
        lambda g: shapely.buffer(g, 0),
    )
    for repair in repairs:
        try:
            shape = polygonal(shapely.set_precision(polygonal(repair(snapped)), fine))
            if not shape.is_empty and _within(shape, before, distance * 2):
                return shape
        except GEOSException:
            continue
    return None


def _segments(
    geometries: list[BaseGeometry], box: tuple[float, float, float, float] | None = None
) -> np.ndarray:
    """The borders of ``geometries`` as two-point lines (those touching ``box`` when given)."""
    parts = shapely.get_parts(shapely.boundary(np.asarray(geometries, dtype=object)))
    coords, owner = shapely.get_coordinates(parts, return_index=True)
    same = owner[1:] == owner[:-1]  # consecutive points of one line
    pairs = np.stack([coords[:-1][same], coords[1:][same]], axis=1)
    if box is not None:
        west, south, east, north = box
        low, high = pairs.min(axis=1), pairs.max(axis=1)
        pairs = pairs[
            (high[:, 0] >= west) & (low[:, 0] <= east) & (high[:, 1] >= south) & (low[:, 1] <= north)
        ]
    return shapely.linestrings(pairs) if len(pairs) else np.empty(0, dtype=object)


def _within(shape: BaseGeometry, other: BaseGeometry, distance: float) -> bool:
    """Whether every vertex of each shape lies within ``distance`` of the other's border.

    The discrete Hausdorff distance, through an index of border segments: ``hausdorff_distance``
    compares every vertex with every vertex, too slow for borders densified to a small tolerance.
    """
    for points_of, border_of in ((shape, other), (other, shape)):
        segments = _segments([border_of])
        points = shapely.points(shapely.get_coordinates(points_of))
        if segments.size == 0:
            return False
        _, gaps = shapely.STRtree(segments).query_nearest(points, return_distance=True, all_matches=False)
        if len(gaps) and float(gaps.max()) > distance:
            return False
    return True


def nice_up(value: float) -> float:
    """Round up to a number with one or two significant digits of 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8."""
    if value <= 0:
        return 0.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        if step * power >= value * (1 - 1e-9):
            return float(f"{step * power:.6g}")
    return float(10 * power)


def _range(low: float, high: float) -> str:
    lo, hi = f"{low:.2g}", f"{high:.2g}"
    return lo if lo == hi else f"{lo}-{hi}"
