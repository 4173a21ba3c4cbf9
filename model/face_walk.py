"""The faces of a linework and the boundaries on their sides, found in one walk of its graph.

``shapely.polygonize`` (GEOS's ``Polygonizer``) makes the faces of a map's linework; the topology
then had to find, in a second pass, which face lies on which side of each boundary. On a
30,000-area map the two together took about 0.7 s. This module walks the same planar graph with
numpy instead: the boundaries are its edges, their end points its nodes; around each node the
edges are ordered by angle, and each face is the ring of directed edges that turning to the next
edge clockwise traces. Faces and sides come out of one pass, and the faces are those GEOS makes,
coordinate for coordinate and in its order:

* GEOS lists the rings in the order of their first directed edge (edge ``2i`` runs along
  boundary ``i``, ``2i + 1`` back along it), starts each ring at that edge, builds its points
  from the boundaries' points without repeating a node, and keeps the valid rings that are not
  counter-clockwise (x right, y up) as the faces;
* where a ring passes a node twice (an island touching its coast at a node), GEOS splits it into
  minimal rings there, and so does the walk;
* a valid counter-clockwise ring is a hole of the innermost face holding it (an island in a sea),
  or of none (the outside of a piece of linework);
* a face lies on the right of each directed edge of its rings.

Where GEOS would do more than that walk, ``walk_faces`` does not guess: it returns None and the
caller polygonizes with shapely. That is the case when a boundary repeats a point or has fewer than
two, when a node ends a single boundary (a dangle), when two edges leave a node in directions that
floating point cannot order for certain (overlapping boundaries), when an edge has the same ring
on both sides (a cut edge), and when GEOS's choice of a hole's face depends on the order of its
index (faces round a hole whose boxes do not nest, a hole lying wholly on a face's border). Such
linework is broken (the validator reports it); the maps the editor works on take the walk.
The tests compare the walk with shapely on generated, shipped and deliberately broken maps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import GeometryType
from shapely.geometry import LineString, Polygon

__all__ = ["FaceWalk", "walk_faces", "walk_lines"]

_SAFE_EPSILON = 1e-15
"""GEOS's bound on the rounding error of its orientation filter (``DP_SAFE_EPSILON``)."""


@dataclass(frozen=True)
class FaceWalk:
    """The faces of a linework in GEOS's order, and the face on each side of each boundary.

    ``left[i]`` and ``right[i]`` are the faces on the left and right of boundary ``i`` walking
    from its first point to its last (x right, y up); -1 where there is none.
    """

    faces: np.ndarray
    left: np.ndarray
    right: np.ndarray


def walk_lines(lines: Sequence[LineString]) -> FaceWalk | None:
    """``walk_faces`` of shapely lines (boundary ``i`` being ``lines[i]``)."""
    if not len(lines):
        return None
    coords, line_of = shapely.get_coordinates(np.array(lines, dtype=object), return_index=True)
    return walk_faces(coords, line_of, len(lines))


def walk_faces(coords: np.ndarray, line_of: np.ndarray, line_count: int) -> FaceWalk | None:
    """The faces of the lines whose points are ``coords`` (line ``line_of[k]`` owns point ``k``,
    the lines one after another), or None where the walk cannot be sure to match
    ``shapely.polygonize`` (see the module's docstring)."""
    if line_count == 0:
        return None
    counts = np.bincount(line_of, minlength=line_count)
    if bool((counts < 2).any()) or not bool(np.isfinite(coords).all()):
        return None
    same_line = line_of[1:] == line_of[:-1]
    if bool((same_line & (coords[1:] == coords[:-1]).all(axis=1)).any()):
        return None  # GEOS first drops repeated points; such a line is broken anyway
    ends = np.cumsum(counts) - 1
    starts = ends - counts + 1
    # Directed edge 2i leaves boundary i's first point towards its second; 2i + 1 leaves its last.
    tail = np.empty(2 * line_count, dtype=np.int64)
    tail[0::2], tail[1::2] = starts, ends
    head = np.empty(2 * line_count, dtype=np.int64)
    head[0::2], head[1::2] = starts + 1, ends - 1
    nodes = _nodes(coords[tail])
    order = _around_nodes(coords, tail, head, nodes)
    if order is None:
        return None
    following = _next_edges(order, nodes)
    ring = _ring_starts(following)
    if bool((ring[0::2] == ring[1::2]).any()):
        return None  # a cut edge: GEOS deletes it first
    through = _nodes_passed_twice(ring, nodes)
    if len(through):
        # A ring through a node twice (an island touching its coast at a node, faces meeting at
        # a corner): GEOS splits it into minimal rings there.
        following = _minimal_rings(following, ring, nodes, order, through)
        ring = _ring_starts(following)
    return _faces(coords, counts, starts, ends, ring, following)


def _nodes(points: np.ndarray) -> np.ndarray:
    """The node of each directed edge's first point: equal points (-0.0 as 0.0) are one node."""
    keys = np.ascontiguousarray(points + 0.0).view(np.complex128).reshape(-1)
    _, nodes = np.unique(keys, return_inverse=True)
    return nodes.reshape(-1).astype(np.int64)


def _around_nodes(
    coords: np.ndarray, tail: np.ndarray, head: np.ndarray, nodes: np.ndarray
) -> np.ndarray | None:
    """The directed edges by node, each node's counter-clockwise from east as GEOS orders them
    (by quadrant, then by orientation); None when the order of two is not certain."""
    dx = coords[head, 0] - coords[tail, 0]
    dy = coords[head, 1] - coords[tail, 1]
    quadrant = np.where(dx >= 0.0, np.where(dy >= 0.0, 0, 3), np.where(dy >= 0.0, 1, 2))
    order = np.lexsort((np.arctan2(dy, dx), quadrant, nodes))
    if bool((np.bincount(nodes) < 2).any()):
        return None  # a dangle: GEOS deletes it first
    a, b = order[:-1], order[1:]
    pairs = (nodes[a] == nodes[b]) & (quadrant[a] == quadrant[b])
    a, b = a[pairs], b[pairs]
    # GEOS's orientation filter: is b's far point certainly left of a (b counter-clockwise of a)?
    p0, p1, q = coords[tail[a]], coords[head[a]], coords[head[b]]
    left = (p0[:, 0] - q[:, 0]) * (p1[:, 1] - q[:, 1])
    right = (p0[:, 1] - q[:, 1]) * (p1[:, 0] - q[:, 0])
    det = left - right
    same_sign = ((left > 0) & (right > 0)) | ((left < 0) & (right < 0))
    certain = ~same_sign | (np.abs(det) >= _SAFE_EPSILON * np.abs(left + right))
    if not bool((certain & (det > 0)).all()):
        return None
    return order


def _next_edges(order: np.ndarray, nodes: np.ndarray) -> np.ndarray:
    """For each directed edge, the edge its ring takes next: arriving at a node along the reverse
    of an edge leaving it, the ring leaves by the next edge counter-clockwise from that one
    (GEOS's ``computeNextCWEdges``), which keeps each face on the ring's right."""
    grouped = nodes[order]
    first = np.ones(len(order), dtype=bool)
    first[1:] = grouped[1:] != grouped[:-1]
    group_start = np.maximum.accumulate(np.where(first, np.arange(len(order)), 0))
    last = np.ones(len(order), dtype=bool)
    last[:-1] = first[1:]
    after = np.where(last, order[group_start], np.roll(order, -1))
    counter_clockwise = np.empty_like(order)
    counter_clockwise[order] = after
    following: np.ndarray = counter_clockwise[np.arange(len(order)) ^ 1]
    return following


def _nodes_passed_twice(ring: np.ndarray, nodes: np.ndarray) -> np.ndarray:
    """``(ring, node)`` pairs, as ``ring * node count + node``, of the nodes that a ring leaves
    more than once."""
    pairs = np.sort(ring * (int(nodes.max()) + 1) + nodes)
    twice = pairs[1:] == pairs[:-1]
    return np.unique(pairs[1:][twice]) if bool(twice.any()) else pairs[:0]


def _minimal_rings(
    following: np.ndarray, ring: np.ndarray, nodes: np.ndarray, order: np.ndarray, through: np.ndarray
) -> np.ndarray:
    """The next edges after GEOS's ``convertMaximalToMinimalEdgeRings``: at each node a ring
    passes twice, that ring's edges arriving there are linked to the next of its edges leaving
    there clockwise (``computeNextCCWEdges``). Such nodes are few: a loop in Python."""
    following = following.copy()
    node_count = int(nodes.max()) + 1
    by_node = nodes[order]
    labels = ring.tolist()
    for key in through.tolist():
        label, node = divmod(key, node_count)
        low, high = np.searchsorted(by_node, [node, node + 1]).tolist()
        first_out: int | None = None
        arriving: int | None = None
        for edge in reversed(order[low:high].tolist()):
            out = edge if labels[edge] == label else None
            back = edge ^ 1 if labels[edge ^ 1] == label else None
            if back is not None:
                arriving = back
            if out is not None:
                if arriving is not None:
                    following[arriving] = out
                    arriving = None
                if first_out is None:
                    first_out = out
        if arriving is not None and first_out is not None:
            following[arriving] = first_out
    return following


def _ring_starts(following: np.ndarray) -> np.ndarray:
    """For each directed edge, the lowest edge of its ring (the ring's start in GEOS's order),
    by pointer doubling: each step takes the minimum over twice as many edges ahead."""
    lowest: np.ndarray = np.arange(len(following))
    ahead = following.copy()
    while True:
        lowest = np.minimum(lowest, lowest[ahead])
        if bool((lowest == lowest[following]).all()):
            # The same value all round each ring: the minimum over the whole of it.
            return lowest
        ahead = ahead[ahead]


def _ring_places(following: np.ndarray, ring: np.ndarray) -> np.ndarray:
    """For each directed edge, how many edges after its ring's start it comes (list ranking by
    pointer doubling on the edges before each)."""
    before = np.empty_like(following)
    before[following] = np.arange(len(following))
    is_start = ring == np.arange(len(following))
    before[is_start] = np.nonzero(is_start)[0]
    place: np.ndarray = (~is_start).astype(np.int64)
    while True:
        further = before[before]
        if bool((further == before).all()):
            return place
        place = place + place[before]
        before = further


def _faces(
    coords: np.ndarray,
    counts: np.ndarray,
    starts: np.ndarray,
    ends: np.ndarray,
    ring: np.ndarray,
    following: np.ndarray,
) -> FaceWalk | None:
    """Build the rings' polygons as GEOS does, keep its faces, and name each edge's face."""
    place = _ring_places(following, ring)
    # The edges ring by ring, each ring from its start (one sort of a key: faster than lexsort).
    walk = np.argsort(ring * (int(place.max()) + 1) + place)
    line = walk // 2
    forward = walk % 2 == 0
    opening = place[walk] == 0
    # A ring's points: all of its first edge's, then each later edge's but its first (a node).
    taken = counts[line] - 1 + opening
    from_point = np.where(forward, starts[line] + 1 - opening, ends[line] - 1 + opening)
    step = np.where(forward, 1, -1)
    edge_of_point = np.repeat(np.arange(len(walk)), taken)
    offsets = np.concatenate([[0], np.cumsum(taken)])
    within = np.arange(offsets[-1]) - offsets[edge_of_point]
    points = coords[from_point[edge_of_point] + step[edge_of_point] * within]
    walked_rings = ring[walk]
    ring_first = np.flatnonzero(np.concatenate([[True], walked_rings[1:] != walked_rings[:-1]]))
    ring_ids = walked_rings[ring_first]
    ring_offsets = np.append(offsets[ring_first], offsets[-1])
    sizes = np.diff(ring_offsets)
    # GEOS drops rings of three points or fewer (two lines between the same nodes) as invalid.
    kept = np.nonzero(sizes > 3)[0]
    kept_offsets = np.concatenate([[0], np.cumsum(sizes[kept])])
    kept_points = points[np.repeat(sizes > 3, sizes)]
    polygons = shapely.from_ragged_array(
        GeometryType.POLYGON, kept_points, (kept_offsets, np.arange(len(kept) + 1))
    )
    rings = shapely.get_exterior_ring(polygons)
    valid = shapely.is_valid(rings)
    ccw = shapely.is_ccw(rings)
    shells = valid & ~ccw
    face_of_kept = np.where(shells, np.cumsum(shells) - 1, -1)
    faces = polygons[shells]
    holes = np.nonzero(valid & ccw)[0]
    if len(holes):
        boxes = shapely.bounds(polygons)
        owners = _hole_owners(
            polygons, boxes, lambda k: kept_points[kept_offsets[k] : kept_offsets[k + 1]], shells, holes
        )
        if owners is None:
            return None
        assigned = owners >= 0
        face_of_kept[holes[assigned]] = face_of_kept[owners[assigned]]
        faces = _with_holes(faces, rings, face_of_kept, shells, holes[assigned])
    face_of_ring = np.full(len(ring_ids), -1, dtype=np.int64)
    face_of_ring[kept] = face_of_kept
    face_of_edge = face_of_ring[np.searchsorted(ring_ids, ring)]
    return FaceWalk(faces=faces, left=face_of_edge[1::2], right=face_of_edge[0::2])


def _hole_owners(
    polygons: np.ndarray,
    boxes: np.ndarray,
    ring_points: Callable[[int], np.ndarray],
    shells: np.ndarray,
    holes: np.ndarray,
) -> np.ndarray | None:
    """The ring (index into ``polygons``) of the face each counter-clockwise ring is a hole of, -1
    for none (the outside of a piece of linework that no face holds); None when GEOS's choice is
    not certain here.

    GEOS takes, among the faces whose box holds the hole's box properly (not equal) and which
    hold the hole's first point not on their border inside, the one whose box the others' hold
    (the innermost). Where candidates are not nested its choice depends on its index's order:
    then the walk gives way. ``ring_points(k)`` are the points of ring ``k``.
    """
    owners = np.full(len(holes), -1, dtype=np.int64)
    shell_rows = np.nonzero(shells)[0]
    if not len(shell_rows):
        return owners
    tree = shapely.STRtree(polygons[shell_rows])
    points = shapely.points(np.array([ring_points(int(h))[0] for h in holes.tolist()]).reshape(-1, 2))
    hole_of, shell_of = tree.query(points, predicate="intersects")
    shell_of = shell_rows[shell_of]
    outer, inner = boxes[shell_of], boxes[holes[hole_of]]
    covers = (outer[:, :2] <= inner[:, :2]).all(axis=1) & (outer[:, 2:] >= inner[:, 2:]).all(axis=1)
    candidate = covers & ~(outer == inner).all(axis=1)
    hole_of, shell_of = hole_of[candidate], shell_of[candidate]
    if not len(hole_of):
        return owners
    inside = shapely.within(points[hole_of], polygons[shell_of])
    for k in np.nonzero(~inside)[0].tolist():  # the first point on the face's border: look further
        decided = _point_in_or_out(ring_points(int(holes[hole_of[k]])), polygons[shell_of[k]])
        if decided is None:
            return None
        inside[k] = decided
    hole_of, shell_of = hole_of[inside], shell_of[inside]
    if not len(hole_of):
        return owners
    order = np.lexsort((shell_of, hole_of))
    hole_of, shell_of = hole_of[order], shell_of[order]
    single = np.ones(len(hole_of), dtype=bool)
    single[1:] = hole_of[1:] != hole_of[:-1]
    single[:-1] &= hole_of[:-1] != hole_of[1:]
    owners[hole_of[single]] = shell_of[single]
    for hole in np.unique(hole_of[~single]).tolist():  # nested faces round a hole: rare
        found = shell_of[hole_of == hole]
        box = boxes[found]
        smallest = int(np.argmin((box[:, 2] - box[:, 0]) * (box[:, 3] - box[:, 1])))
        inner_box = box[smallest]
        others = np.arange(len(found)) != smallest
        holds = (box[others, :2] <= inner_box[:2]).all(axis=1)
        holds &= (box[others, 2:] >= inner_box[2:]).all(axis=1)
        if not bool(holds.all()) or bool((box[others] == inner_box).all(axis=1).any()):
            return None
        owners[hole] = found[smallest]
    return owners


def _point_in_or_out(points: np.ndarray, face: Polygon) -> bool | None:
    """Whether the first of ``points`` not on the face's border is inside it (GEOS's
    ``isPointInOrOut``); None when all are on its border."""
    probes = shapely.points(points)
    inside = shapely.within(probes, face)
    outside = ~shapely.intersects(probes, face)
    decided = np.nonzero(inside | outside)[0]
    return bool(inside[decided[0]]) if len(decided) else None


def _with_holes(
    faces: np.ndarray, rings: np.ndarray, face_of_kept: np.ndarray, shells: np.ndarray, holes: np.ndarray
) -> np.ndarray:
    """The faces with their holes: each face's rings, its own first, then its holes in GEOS's
    order (that of the rings), as polygons."""
    holed = np.unique(face_of_kept[holes])
    shell_rows = np.nonzero(shells)[0][holed]
    rows = np.concatenate([shell_rows, holes])
    owner = face_of_kept[rows]
    kind = np.concatenate([np.zeros(len(shell_rows), dtype=np.int64), np.ones(len(holes), dtype=np.int64)])
    order = np.lexsort((rows, kind, owner))
    rebuilt = shapely.polygons(rings[rows[order]], indices=np.searchsorted(holed, owner[order]))
    faces = faces.copy()
    faces[holed] = rebuilt
    return faces
