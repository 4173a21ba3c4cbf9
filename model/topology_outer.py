"""Local updates of clean linework that reach past the faces: the map's outer edge (issue 15).

``model.topology`` re-polygonizes a clean edit (one that keeps the linework noded) inside the
union of the faces it touches. A node on the map's outer edge dragged outwards takes its borders
out of every face; polygonize walks the map's edge as one ring running the other way round (a
hole of no face) as long as the edge, so the faces there were re-made by a full build of the map.

``plan`` finds them from the lines near the edit instead, and keeps them only where it can prove
them a full build's faces. Where the linework is noded (lines meet only at their end points):

1. A ring that polygonize makes from a set ``S`` of lines is a face of the whole map when every
   line of the map meeting the face (its closure) is in ``S``: every edge at each node of its ring
   meets it, so the walk round the ring is the whole map's walk, and no line splits it. Polygonize
   drops dangling edges and cut edges, but an edge inside such a face is only ever dangling or cut
   in both (a chain that leaves the face leaves it at a node of its ring, which is in ``S``).
   The lines taken grow (a few rounds) by those meeting a face found until none is missing.
2. The faces after the edit that are not the old ones are those meeting a changed line, and those
   where the old faces touched by the edit were (a dangling line moved out of a face leaves the
   same face, re-made). So: the old faces touched go; the proved faces meeting a new line or
   lying in the old faces come.
3. Each side of each changed line must then have a face among those, or be proved outside every
   face: a path from the line's middle, off to that side and then straight away past the whole
   map, that meets no line of the map (a point inside a face could not leave it without crossing
   its ring, which is made of the map's lines). So no face found here is missing.
4. Which face a hole goes to is decided among all faces: faces with holes on either side of the
   edit are refused (a full build), and so is broken linework among the lines taken.

The plan is what ``Topology``'s clean local update commits (the old faces, the new polygons).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon

from model.segment_keys import first_segments, lookup, ring_segments
from model.topology_refusal import Refusal

if TYPE_CHECKING:
    from model.topology import Topology

GROWTH_ROUNDS = 6
"""How many times the lines polygonized may grow by those meeting a face found there."""

FAR = 1.0e12
"""How far past a point a straight escape path runs (beyond any map's coordinates)."""

_STEP = 1.0e-6
"""The step off a line's middle, as a share of its first segment's length, for an escape path."""

# Escape directions, tried in this order: along the axes (thin boxes in the spatial index).
_DIRECTIONS = ((-1.0, 0.0), (1.0, 0.0), (0.0, -1.0), (0.0, 1.0))


class OutsideFaces(Exception):
    """A clean edit reaches outside the faces it touches (``affected``): ``plan`` may apply."""

    def __init__(self, affected: set[int]) -> None:
        super().__init__("the change reaches outside the faces (the map's outer edge)")
        self.affected = affected


@dataclass
class Plan:
    """A clean local update reaching past the faces: the old faces that go, the new ones that come."""

    removed: set[int]
    polygons: list[Polygon]


def plan(
    topology: Topology,
    new_lines: dict[str, LineString],
    changed: set[str],
    affected: set[int],
    limit: int,
) -> Plan:
    """Work out the faces of a clean edit reaching past the faces (``affected``: the old faces it
    touches), or raise ``Refusal``. Reads ``topology`` as it was before the edit; changes nothing."""
    faces = [topology.faces[f] for f in sorted(affected)]
    if faces and shapely.get_num_interior_rings(np.array(faces, dtype=object)).any():
        raise Refusal("a face at the map's outer edge near the change has holes")
    union = shapely.union_all(np.array(faces, dtype=object)) if faces else None
    news = np.array(list(new_lines.values()), dtype=object)
    taken = _meeting(topology, new_lines, changed, [*faces, *news])
    for _ in range(GROWTH_ROUNDS):
        found = _found(topology, new_lines, taken, news, union)
        missing = _meeting(topology, new_lines, changed, found) - taken
        if not missing:
            break
        taken |= missing
        if len(taken) > 4 * limit:
            raise Refusal("the faces at the map's outer edge reach too far")
    else:
        raise Refusal("the faces at the map's outer edge reach too far")
    if topology._broken & taken:
        raise Refusal("broken linework is near the change at the map's outer edge")
    if found and shapely.get_num_interior_rings(np.array(found, dtype=object)).any():
        raise Refusal("a face at the map's outer edge near the change has holes")
    _check_sides(topology, new_lines, changed, found)
    return Plan(removed=set(affected), polygons=found)


def _meeting(
    topology: Topology, new_lines: dict[str, LineString], changed: set[str], shapes: Sequence[object]
) -> set[str]:
    """The boundaries of the map after the edit that meet any of ``shapes``."""
    if not len(shapes):
        return set()
    array = np.array(shapes, dtype=object)
    found = {bid for _, bid in topology._line_index.query(array, predicate="intersects")} - changed
    if not new_lines:
        return found
    tree = shapely.STRtree(np.array(list(new_lines.values()), dtype=object))
    hits = tree.query(array, predicate="intersects")[1]
    ids = list(new_lines)
    found.update(ids[int(k)] for k in set(hits.tolist()))
    return found


def _found(
    topology: Topology,
    new_lines: dict[str, LineString],
    taken: set[str],
    news: np.ndarray,
    union: object | None,
) -> list[Polygon]:
    """The faces polygonized from the ``taken`` lines that meet a new line or lie in ``union``
    (the old faces the edit touched), in the order polygonize gives them."""
    order = topology._boundary_order
    ids = sorted(taken, key=lambda b: (order.get(b, topology._next_order), b))  # an added boundary: last
    lines = np.array([new_lines[b] if b in new_lines else topology._lines[b] for b in ids], dtype=object)
    shells = shapely.get_parts(shapely.polygonize(lines))
    if not len(shells):
        return []
    keep = np.zeros(len(shells), dtype=bool)
    if len(news):
        keep[shapely.STRtree(shells).query(news, predicate="intersects")[1]] = True
    if union is not None:
        keep |= shapely.covers(union, shapely.point_on_surface(shells))
    return [shell for shell, kept in zip(shells, keep, strict=True) if kept]


def _check_sides(
    topology: Topology, new_lines: dict[str, LineString], changed: set[str], found: list[Polygon]
) -> None:
    """Refuse unless each side of each new line has a face ``found`` or is outside every face."""
    ids = list(new_lines)
    forward = first_segments([new_lines[b] for b in ids])
    backward = forward[:, [2, 3, 0, 1]]
    outer = shapely.get_exterior_ring(
        shapely.orient_polygons(np.array(found, dtype=object), exterior_cw=False)
    )
    keys, owners = ring_segments(outer)
    # Counter-clockwise outer rings have their face on the left: a face has a line's first
    # segment forward when the face is on its left, backward when it is on its right.
    left = lookup(keys, owners, forward)
    right = lookup(keys, owners, backward)
    for k, bid in enumerate(ids):
        for side, face in ((1.0, left[k]), (-1.0, right[k])):
            if face < 0 and not escapes(topology, new_lines, changed, bid, forward[k], side):
                raise Refusal("a side of a line at the map's outer edge is neither a face nor outside")


def escapes(
    topology: Topology,
    new_lines: dict[str, LineString],
    changed: set[str],
    bid: str,
    segment: np.ndarray,
    side: float,
) -> bool:
    """Whether a path from the middle of ``segment`` (of line ``bid``), a step off to its left
    (``side`` 1) or right (-1), then straight away, meets no line of the map after the edit.

    Then no face is on that side: a point inside a face cannot leave it without crossing its
    outer ring, which is made of the map's lines (and no face has a hole there either, as a face
    around the hole would be crossed too)."""
    x0, y0, x1, y1 = segment.tolist()
    dx, dy = x1 - x0, y1 - y0
    if not np.isfinite([dx, dy]).all() or (dx == 0 and dy == 0):
        return False
    middle = ((x0 + x1) / 2, (y0 + y1) / 2)
    off = (middle[0] - side * dy * _STEP, middle[1] + side * dx * _STEP)
    step = ((dx * dx + dy * dy) ** 0.5) * _STEP
    own = new_lines[bid] if bid in new_lines else topology._lines[bid]
    if own.distance(Point(off)) < step / 2:
        return False  # another part of the line itself is that close: the side is not clear
    for ux, uy in _DIRECTIONS:
        away = LineString([off, (off[0] + ux * FAR, off[1] + uy * FAR)])
        path = LineString([middle, off, away.coords[1]])
        if own.intersects(away):
            continue
        others = [b for b in topology._line_index.query_keys(path) if b not in changed]
        others += [b for b, line in new_lines.items() if b != bid and line.intersects(path)]
        if not others:
            return True
    return False
