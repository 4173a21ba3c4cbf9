"""Local updates of the faces where the linework is broken (crossing, overlapping, touching lines).

``model.topology`` builds faces with ``shapely.polygonize``, which does not node its input: it
makes a graph whose nodes are the boundaries' end points and whose edges are the boundaries,
orders the edges at each node by the direction they leave it in, and walks the rings of that
graph (at each node, the next edge in that order). Lines that cross away from their end points
are not cut there; the rings are walked as if they did not cross. Polygonize then drops the
dangling edges and the edges with the same ring on both sides, drops the rings that cross
themselves (``invalid rings``), keeps the others that run one way round as faces and gives each
of them the holes (rings running the other way) that it contains. So where the linework is
broken, faces may overlap and some of the plane is in no face, but every face is still one ring
of that graph, and a ring depends only on:

* which edges meet at each of its nodes and the directions they leave in (the walk),
* its own points (whether it crosses itself, and which way round it runs),
* for holes and faces with holes, the other rings around (which face a hole goes to).

A full build's faces come out in the order of their rings' first directed edge (two per boundary,
in the map's order: start to end first), and an anchor in overlapping faces goes to the first.

``plan`` re-polygonizes the lines near an edit, and keeps what it finds only where that is provably
what a full build finds:

1. The edit keeps the graph: every node of a moved boundary keeps the same boundary ends, at its
   old place or its new one (a drag); none collapses to a point. A boundary may come or go only
   where what polygonize drops as dangling (all outside the graph's 2-core) provably stays the
   same for the others (``_core_kept``). Then only the rings through the changed nodes or along
   the changed boundaries can change ("dirty" rings: each holds a directed edge of a "dirty"
   boundary, a changed one or one ending at a changed node).
2. The lines meeting the old faces around the edit (the region) are polygonized with a frame
   around them, so that every ring running the other way round (a hole) shows up as a hole of
   the frame if no face there takes it. Each directed edge of a dirty boundary must come out on a
   ring: a face's outer ring, a hole, or an invalid ring. Polygonize does not list an invalid ring
   whose every edge has a listed ring on its other side, and drops cut edges: the boundaries
   around those are taken in too, so that every ring they may be on is checked.
3. At every node of those rings, every boundary ending there is among the lines polygonized (the
   nodes in the region's faces have them all), and none was dropped as dangling or cut where the
   ring turns (an edge the ring turns away from, on its other side, does not change its walk).
   Then the walk is the whole map's walk and the ring the whole map's ring with the same points:
   the same validity, the same way round. The region grows by the faces, or the lines, at nodes
   where boundaries are missing, a few times before giving way.
4. The faces found are kept by their outer rings; every ring running the other way round (a
   hole) that changed, or that was a hole of a face that goes, is given to the face a full build
   gives it, by polygonize's nesting rule among all faces (``model.topology_holes``), and no other
   hole may change its face. The map's outer edge is such a ring, one as long as the map's edge:
   an edit whose rings reach it gives way (``model.topology_outer`` takes clean ones).

Every other ring of the map is untouched, so the faces of the map after the edit are the old ones
without those of the taken boundaries, with the rings found for them here. ``Topology`` then
re-checks the changed boundaries' linework problems (listed in the order of a full check) and
places the anchors near the change by the order above. Anything else gives way to a full build,
with the reason in ``Refusal``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import LinearRing, LineString, Point, Polygon

from model.limits import CROSSING_PAIRS_EXAMINED, CROSSINGS_LISTED
from model.linework_problems import LineworkProblem, find_problems
from model.segment_keys import first_segments, lookup, ring_segments, row_keys
from model.topology_holes import assign_holes
from model.topology_outer import escapes
from model.topology_refusal import Refusal

if TYPE_CHECKING:
    from model.topology import Topology

Node = tuple[float, float]

GROWTH_ROUNDS = 6
"""How many times the lines polygonized may grow by those ending at nodes of the rings outside."""

_ORDER_OF_CODE = {"BOUNDARY_DEGENERATE": 0, "BOUNDARY_SELF_CROSSING": 1}
"""The order of a full check's problems: degenerate lines, then self-crossings, then pairs."""


class BrokenNear(Exception):
    """The edit makes or meets broken linework: the noded local update does not apply (``plan`` may)."""


@dataclass
class Plan:
    """What a local update beside broken linework changes (``plan`` finds it, ``Topology`` commits)."""

    removed: set[int]
    """The old faces that a dirty ring made (they go)."""
    polygons: list[Polygon]
    """The dirty rings that are faces now (they come), as polygonize gives them."""
    region: list[int] = field(default_factory=list)
    """The old faces whose lines were polygonized."""
    problems: list[LineworkProblem] = field(default_factory=list)
    """The breaking problems of the whole linework after the edit, in the order of a full check."""


@dataclass
class Found:
    """The dirty rings polygonized near an edit, proved the whole map's rings."""

    shells: list[Polygon]
    """The dirty rings that are faces' outer rings (as polygons without holes)."""
    taken: set[str]
    """The boundaries whose rings were taken from here."""
    holes: list[LinearRing]
    """The dirty rings running the other way round (holes: ``model.topology_holes`` places them)."""
    rings: list[LinearRing]
    """Every ring running the other way round that the lines polygonized here make."""
    lines: set[str]
    """The boundaries polygonized here."""


@dataclass
class Growth:
    """What to polygonize too, so that all boundaries at the nodes of the rings found are there."""

    faces: set[int]
    lines: set[str]


def plan(
    topology: Topology,
    new_lines: dict[str, LineString],
    changed: set[str],
    face_limit: int,
) -> Plan:
    """Work out a local update for an edit of ``changed`` boundaries (their new lines given), or
    raise ``Refusal``. Reads ``topology`` as it was before the edit and changes nothing."""
    added = {bid for bid in changed if bid not in topology._lines}  # not ``- keys()``: that scans them
    gone = changed - new_lines.keys()
    moved = changed - added - gone
    old_lines = {bid: topology._lines[bid] for bid in changed - added}
    try:
        nodes = _kept_nodes(topology, old_lines, new_lines, changed, moved)
        dirty = moved | added
        for ends in nodes.values():
            dirty.update(bid for bid, _ in ends)
        if added or gone:
            dirty |= _core_kept(topology, old_lines, new_lines, changed, added | gone, nodes)
    except Refusal as refusal:
        # The graph changed otherwise (a boundary cut at a new node, nodes joined): local still
        # where no other boundary's dangling changes (``_core_unchanged``).
        dirty = (moved | added) | _core_unchanged(topology, old_lines, new_lines, changed, refusal)
    dirty -= gone
    removed: set[int] = set()
    for bid in dirty | gone:
        removed.update(topology._faces_of(bid))
    region = set(removed)
    probes = [*old_lines.values(), *new_lines.values()]
    region.update(face for _, face in topology._face_index.query(probes, predicate="intersects"))
    if not region:
        raise Refusal("the change is outside every face (beyond the map's outer edge)")
    if len(region) > face_limit:
        raise Refusal("the change reaches too many faces (a full build is faster)")
    extra: set[str] = set()
    for _ in range(GROWTH_ROUNDS):
        found = _polygonize_region(topology, new_lines, changed, dirty, region, extra)
        if isinstance(found, Found):
            taken = found.taken
            break
        region |= found.faces
        extra |= found.lines
        if len(region) + len(extra) > face_limit:
            raise Refusal("the rings of the change reach too far through crossing lines")
    else:
        raise Refusal("the rings of the change reach too far through crossing lines")
    removed = set()
    for bid in (taken - added) | gone:
        removed.update(topology._faces_of(bid))
    old_dirty = [old_lines[b] if b in old_lines else topology._lines[b] for b in (taken - added) | gone]
    polygons = assign_holes(topology, removed, found, old_dirty, changed)
    problems = _problems_after(topology, new_lines, changed)
    return Plan(removed=removed, polygons=polygons, region=sorted(region), problems=problems)


def _core_unchanged(
    topology: Topology,
    old_lines: dict[str, LineString],
    new_lines: dict[str, LineString],
    changed: set[str],
    refusal: Refusal,
) -> set[str]:
    """The unchanged boundaries ending where a changed one ends (before or after the edit),
    checking that what polygonize drops as dangling stays the same for every unchanged boundary;
    else ``refusal`` (why the narrower checks refused) is raised.

    Polygonize drops the edges outside the graph's 2-core. Where each node at an end of a changed
    boundary has either no unchanged boundary, or two or more that bound a face (so in the 2-core
    before), the unchanged part of the 2-core is the 2-core of the unchanged boundaries alone,
    both before and after the edit: taking the changed edges out of either 2-core leaves every
    node with two or more edges. Then only rings through those nodes or along the changed
    boundaries can change.
    """
    nodes: set[Node] = set()
    for lines in (old_lines, new_lines):
        for line in lines.values():
            if line.length == 0:
                raise refusal
            nodes.update(_ends(line))
    others: set[str] = set()
    for node in nodes:
        at = {bid for bid, _ in _ends_at(topology, node, {}, set())} - changed
        if at and sum(1 for bid in at if topology._faces_of(bid)) < 2:
            raise refusal
        others |= at
    return others


def _core_kept(
    topology: Topology,
    old_lines: dict[str, LineString],
    new_lines: dict[str, LineString],
    changed: set[str],
    came_or_went: set[str],
    nodes: dict[Node, frozenset[tuple[str, int]]],
) -> set[str]:
    """The other boundaries at the ends of the boundaries that come or go, checking that what
    polygonize drops as dangling stays the same for every other boundary (else ``Refusal``).

    Polygonize drops the edges outside the graph's 2-core (it strips edges at nodes of degree 1
    until none is left). An edge that comes or goes at a node with no other edge is stripped
    first (it dangles), and the rest of the graph is stripped as before. One whose ends each keep
    two edges that bound a face (on a ring, so in the 2-core) leaves the other nodes' degrees in
    the 2-core at two or more, so the 2-core only gains or loses that edge. Each node may have
    only one such edge, and no boundary moved there, so that these counts hold together.
    """
    ends: list[Node] = []
    for bid in came_or_went:
        line = new_lines[bid] if bid in new_lines else old_lines[bid]
        if line.length == 0:
            raise Refusal(f"boundary {bid} has zero length (polygonize leaves it out of the graph)")
        start, stop = _ends(line)
        ends.extend([start] if start == stop else [start, stop])
    if len(set(ends)) != len(ends) or not nodes.keys().isdisjoint(ends):
        raise Refusal("boundaries added or removed beside broken linework share a node")
    others: set[str] = set()
    for bid in came_or_went:
        line = new_lines[bid] if bid in new_lines else old_lines[bid]
        at = [{b for b, _ in _ends_at(topology, end, {}, set())} for end in set(_ends(line))]
        if any(not here.isdisjoint(changed - {bid}) for here in at):
            raise Refusal("a boundary moved at a node where one was added or removed")
        at = [here - {bid} for here in at]
        bounding = [sum(1 for b in here if topology._faces_of(b)) for here in at]
        if not (any(not here for here in at) or all(count >= 2 for count in bounding)):
            raise Refusal("a boundary added or removed beside broken linework may change what dangles")
        for here in at:
            others |= here
    return others


def _kept_nodes(
    topology: Topology,
    old_lines: dict[str, LineString],
    new_lines: dict[str, LineString],
    changed: set[str],
    kept: set[str],
) -> dict[Node, frozenset[tuple[str, int]]]:
    """The old nodes of the ``kept`` boundaries (changed, neither added nor removed) with the
    boundary ends there (id, 0 start / 1 end), checking that each node keeps exactly those ends at
    its new place (the graph is the same there)."""
    moved: dict[Node, Node] = {}
    for bid in kept:
        old, new = old_lines[bid], new_lines[bid]
        if old.length == 0 or new.length == 0:
            raise Refusal(f"boundary {bid} has zero length (polygonize leaves it out of the graph)")
        for before, after in zip(_ends(old), _ends(new), strict=True):
            if moved.setdefault(before, after) != after:
                raise Refusal(f"boundary {bid} was cut or joined at a node")
    if len(set(moved.values())) != len(moved):
        raise Refusal("two nodes were joined")
    found: dict[Node, frozenset[tuple[str, int]]] = {}
    for before, after in moved.items():
        ends_before = _ends_at(topology, before, {}, set())
        if ends_before != _ends_at(topology, after, new_lines, changed):
            raise Refusal("a node was joined to another line or left one")
        found[before] = ends_before
    return found


def _ends(line: LineString) -> tuple[Node, Node]:
    coords = line.coords
    return (coords[0][0], coords[0][1]), (coords[-1][0], coords[-1][1])


def _ends_at(
    topology: Topology, node: Node, new_lines: dict[str, LineString], changed: set[str]
) -> frozenset[tuple[str, int]]:
    """The boundary ends at a point (zero-length boundaries left out, as polygonize leaves them)."""
    lines = {bid: topology._lines[bid] for bid in topology._line_index.query_keys(Point(node))}
    lines = {bid: line for bid, line in lines.items() if bid not in changed}
    lines.update(new_lines)
    found: set[tuple[str, int]] = set()
    for bid, line in lines.items():
        if line.length == 0:
            continue
        start, stop = _ends(line)
        if start == node:
            found.add((bid, 0))
        if stop == node:
            found.add((bid, 1))
    return frozenset(found)


def _polygonize_region(
    topology: Topology,
    new_lines: dict[str, LineString],
    changed: set[str],
    dirty: set[str],
    region: set[int],
    extra: set[str],
) -> Found | Growth:
    """The dirty faces polygonized from the lines meeting ``region``'s faces and the ``extra`` ones,
    with the boundaries whose rings they are (the dirty ones and those the checks took in); or the
    faces and boundaries to polygonize too, to have all boundaries at the nodes of those rings.
    Raises ``Refusal`` when the faces cannot be proved those of a full build."""
    faces = np.array([topology.faces[f] for f in sorted(region)], dtype=object)
    near = {bid for _, bid in topology._line_index.query(faces, predicate="intersects")} - changed
    ids = sorted(near | dirty | extra, key=topology._boundary_order.__getitem__)
    lines = np.array([new_lines[b] if b in new_lines else topology._lines[b] for b in ids], dtype=object)
    # A frame around the lines gives every ring running the other way round (a hole) that no face
    # here contains a face to go to, so that polygonize shows it (else it drops it unseen).
    frame = _frame(lines)
    polygons, cuts, dangles, invalid = shapely.polygonize_full(np.append(lines, frame))
    shells = shapely.get_parts(polygons)
    framed = shapely.equals(shapely.get_exterior_ring(shells), frame)
    if framed.sum() != 1:
        raise Refusal("the lines near the change meet the frame drawn around them")
    # Every ring running the other way round (a hole) is taken as a ring of its own, whichever
    # shell here took it: which face it goes to is decided among all faces (``model.topology_holes``).
    oriented = shapely.orient_polygons(shells, exterior_cw=False)
    holes = np.array([ring for polygon in oriented for ring in polygon.interiors], dtype=object)
    shells = shapely.polygons(shapely.get_exterior_ring(shells[~framed]))
    forward = first_segments(list(lines))
    backward = forward[:, [2, 3, 0, 1]]
    unique = _unique_segments(forward, lines)
    # Outer rings oriented counter-clockwise: a boundary's first segment forward on a ring means the
    # face is on its left, backward on its right. Invalid rings are as polygonize walked them.
    outer = shapely.get_exterior_ring(shapely.orient_polygons(shells, exterior_cw=False))
    rings = shapely.get_parts(invalid)
    shell_keys, shell_owner = ring_segments(outer)
    ring_keys, ring_owner = ring_segments(rings)
    hole_keys, hole_owner = ring_segments(holes)
    on_shells = np.stack(
        [lookup(shell_keys, shell_owner, forward), lookup(shell_keys, shell_owner, backward)]
    )
    on_rings = np.stack([lookup(ring_keys, ring_owner, forward), lookup(ring_keys, ring_owner, backward)])
    on_holes = np.stack([lookup(hole_keys, hole_owner, forward), lookup(hole_keys, hole_owner, backward)])
    sides = (on_shells >= 0).sum(axis=0) + (on_rings >= 0).sum(axis=0) + (on_holes >= 0).sum(axis=0)
    cut = _which(shapely.get_parts(cuts), forward)
    dangling = _which(shapely.get_parts(dangles), forward)
    at_node: dict[Node, list[int]] = {}
    for i, line in enumerate(lines):
        for end in _ends(line):
            at_node.setdefault(end, []).append(i)
    # The boundaries whose rings are taken from here: the dirty ones, and more where a ring cannot
    # be seen whole. Polygonize drops edges with the same ring on both sides ("cut" edges): every
    # boundary at their nodes is taken in, so that the ring they were cut from is checked too. It
    # drops dangling edges: their nodes are checked (complete there, they dangle in the whole map
    # too). It does not list an invalid ring all of whose edges have a listed ring on their other
    # side: the boundaries with a side on no listed ring are taken in with those they meet at
    # nodes (a superset of such a ring's edges), and all their nodes are checked.
    index = {bid: i for i, bid in enumerate(ids)}
    taken: set[int] = set()
    waiting = [index[b] for b in dirty]
    picked_shells: set[int] = set()
    picked_rings: set[int] = set()
    picked_holes: set[int] = set()
    nodes: set[Node] = set()  # the nodes of the rings taken (none when only a lone ring went)
    while waiting:
        while waiting:
            i = waiting.pop()
            if i in taken:
                continue
            taken.add(i)
            if not unique[i]:
                raise Refusal(f"boundary {ids[i]} overlaps another line along its first segment")
            if i in dangling:
                continue
            if i in cut:
                for end in _ends(lines[i]):
                    waiting.extend(at_node[end])
                continue
            if sides[i] < 2:
                for end in _ends(lines[i]):
                    waiting.extend(k for k in at_node[end] if k in cut or sides[k] < 2)
            picked_shells.update(int(k) for k in on_shells[:, i] if k >= 0)
            picked_rings.update(int(k) for k in on_rings[:, i] if k >= 0)
            for side, k in enumerate(on_holes[:, i].tolist()):
                # A side from which a path leaves the map crossing no line is in no face, and its
                # ring (the map's outer edge, or a stretch of it) is no face's hole: not needed.
                if k >= 0 and not escapes(topology, new_lines, changed, ids[i], forward[i], 1.0 - 2 * side):
                    picked_holes.add(k)
        points = shapely.get_coordinates(
            np.concatenate(
                [
                    outer[sorted(picked_shells)],
                    rings[sorted(picked_rings)],
                    holes[sorted(picked_holes)],
                    shapely.boundary(lines[sorted(taken)]),
                ]
            )
        )
        nodes = {(x, y) for x, y in points.tolist()}
        # Where a ring is seen whole and oriented (a face's outer ring counter-clockwise, a hole
        # clockwise), polygonize turned at each node to the next edge on its left: an edge it
        # dropped there matters only if it leaves the node between those two (else the whole
        # map's walk turns the same way). Elsewhere (invalid rings, which are not oriented, and
        # the edges of rings not seen) every dropped edge at the node is taken in.
        turns = _turns(np.concatenate([outer[sorted(picked_shells)], holes[sorted(picked_holes)]]))
        strict = {
            (x, y)
            for x, y in shapely.get_coordinates(
                np.concatenate([rings[sorted(picked_rings)], shapely.boundary(lines[sorted(taken)])])
            ).tolist()
        }
        for i in (cut | dangling) - taken:
            for end, direction in zip(_ends(lines[i]), _leaving(lines[i]), strict=True):
                if end in strict or (end in nodes and _between(direction, turns.get(end, ()))):
                    waiting.append(i)  # a dropped edge that a taken ring may turn into: check its walk
                    break
    missing = _missing_at(topology, nodes & at_node.keys(), faces, set(ids) | changed)
    if missing.faces or missing.lines:
        return missing
    found = [shells[k] for k in sorted(picked_shells)]
    return Found(found, {ids[i] for i in taken}, list(holes[sorted(picked_holes)]), list(holes), set(ids))


def _missing_at(topology: Topology, nodes: set[Node], faces: np.ndarray, have: set[str]) -> Growth:
    """What to polygonize too so that every boundary ending at these nodes is among the lines:
    the faces at nodes where some are missing, and the missing boundaries where no face is.

    A node in the region's faces has them all (every line meeting the faces is polygonized), so
    only the nodes outside are looked up. Taking the faces around such a node closes the rings
    there; where the linework is broken some of the plane is in no face, and the lines are taken.
    """
    more_faces: set[int] = set()
    more_lines: set[str] = set()
    if not nodes:
        return Growth(more_faces, more_lines)
    points = list(nodes)
    probes = shapely.points(np.array(points, dtype=float))
    covered = np.zeros(len(points), dtype=bool)
    covered[shapely.STRtree(faces).query(probes, predicate="intersects")[0]] = True
    for k in np.nonzero(~covered)[0].tolist():
        missing = {
            bid
            for bid in topology._line_index.query_keys(probes[k])
            if bid not in have and points[k] in _ends(topology._lines[bid])
        }
        if not missing:
            continue
        around = set(topology._face_index.query_keys(probes[k]))
        if around:
            more_faces |= around
        else:
            more_lines |= missing
    return Growth(more_faces, more_lines)


Turn = tuple[tuple[float, float], tuple[float, float]]


def _turns(rings: np.ndarray) -> dict[Node, list[Turn]]:
    """Node -> (the direction a ring leaves it in, the direction back along the way it came) for
    every vertex of these rings (closed, without repeated points)."""
    found: dict[Node, list[Turn]] = {}
    for ring in rings:
        coords = shapely.get_coordinates(ring)[:-1]
        if len(coords) < 3:
            continue
        after = np.roll(coords, -1, axis=0) - coords
        back = np.roll(coords, 1, axis=0) - coords
        for (x, y), (ax, ay), (bx, by) in zip(coords.tolist(), after.tolist(), back.tolist(), strict=True):
            found.setdefault((x, y), []).append(((ax, ay), (bx, by)))
    return found


def _leaving(line: LineString) -> tuple[tuple[float, float], tuple[float, float]]:
    """The directions a line leaves its start and its end in (along its first non-zero segment)."""
    coords = shapely.get_coordinates(line)
    steps = np.diff(coords, axis=0)
    moving = steps[np.any(steps != 0, axis=1)]
    if not len(moving):
        return (0.0, 0.0), (0.0, 0.0)
    return (float(moving[0][0]), float(moving[0][1])), (float(-moving[-1][0]), float(-moving[-1][1]))


_CLEAR = 1e-9
"""How clearly (sine of the angle) an edge must leave outside a turn to be known not to be in it."""


def _between(direction: tuple[float, float], turns: Iterable[Turn]) -> bool:
    """Whether ``direction`` might lie in a turn's sector: counter-clockwise from where the ring
    leaves to where it came from (on its left). Near the sector's sides counts as in it."""
    dx, dy = direction
    length = (dx * dx + dy * dy) ** 0.5
    if length == 0:
        return True
    for (ox, oy), (bx, by) in turns:
        out_len = (ox * ox + oy * oy) ** 0.5
        back_len = (bx * bx + by * by) ** 0.5
        # Signed sines: from "out" to the direction, and from the direction to "back".
        after_out = (ox * dy - oy * dx) / (out_len * length)
        before_back = (dx * by - dy * bx) / (length * back_len)
        span = (ox * by - oy * bx) / (out_len * back_len)
        if span > _CLEAR:  # the sector is less than half a turn: inside both sides
            if after_out > -_CLEAR and before_back > -_CLEAR:
                return True
        elif not (after_out < -_CLEAR and before_back < -_CLEAR) or abs(span) <= _CLEAR:
            return True  # half a turn or more: in it unless clearly in the rest
    return False


def _frame(lines: np.ndarray) -> LineString:
    """A closed line around these lines, clear of them."""
    x0, y0, x1, y1 = shapely.total_bounds(lines)
    margin = 1.0 + max(x1 - x0, y1 - y0)
    left, bottom, right, top = x0 - margin, y0 - margin, x1 + margin, y1 + margin
    return LineString([(left, bottom), (right, bottom), (right, top), (left, top), (left, bottom)])


def _which(parts: np.ndarray, firsts: np.ndarray) -> set[int]:
    """The indices of the lines (given by their first segments) that ``parts`` are (polygonize
    gives its dropped edges back as the lines it was given)."""
    if not len(parts):
        return set()
    dropped = set(row_keys(first_segments(list(parts))).tolist())
    return {i for i, key in enumerate(row_keys(firsts).tolist()) if key in dropped}


def _unique_segments(firsts: np.ndarray, lines: np.ndarray) -> np.ndarray:
    """Whether each line's first segment lies on no other line (either way round): faces are told
    by that segment, so where lines overlap there it would be ambiguous."""
    coords, owner = shapely.get_coordinates(lines, return_index=True)
    same = owner[:-1] == owner[1:]
    segments = np.hstack([coords[:-1][same], coords[1:][same]])
    count = Counter(row_keys(segments).tolist())
    count.update(row_keys(segments[:, [2, 3, 0, 1]]).tolist())
    return np.array([count[key] == 1 for key in row_keys(firsts).tolist()], dtype=bool)


def _problems_after(
    topology: Topology, new_lines: dict[str, LineString], changed: set[str]
) -> list[LineworkProblem]:
    """The breaking problems of the whole linework after the edit, as a full check lists them.

    A problem is of one boundary (degenerate, crossing itself) or of a pair of boundaries whose
    boxes overlap; so only those naming a changed boundary can change, and they are found by
    checking the changed boundaries with the lines whose boxes meet theirs. A full check lists the
    degenerate boundaries, then the self-crossing ones, then the pairs, each in the map's order.
    """
    assert topology._breaking is not None
    near = {bid for _, bid in topology._line_index.query(list(new_lines.values()), predicate=None)}
    near = (near - changed) | set(new_lines)
    order = topology._boundary_order  # the map's order after the edit (boundaries may come or go)
    subset = {bid: new_lines.get(bid) or topology._lines[bid] for bid in sorted(near, key=order.__getitem__)}
    found = find_problems(subset, set(), dangling=False)
    if any(p.code == "BOUNDARY_CROSSING" and len(p.boundary_ids) == 1 for p in found):
        raise Refusal("the linework near the change is too tangled to check")
    problems = [p for p in topology._breaking if changed.isdisjoint(p.boundary_ids)]
    problems += [p for p in found if not changed.isdisjoint(p.boundary_ids)]
    if len(problems) >= CROSSINGS_LISTED.value:
        raise Refusal("the linework has as many problems as a full check lists")
    problems.sort(key=lambda p: (_ORDER_OF_CODE.get(p.code, 2), *sorted(order[b] for b in p.boundary_ids)))
    return problems


def within_pair_limit(pairs: int | None) -> bool:
    """Whether a full check would examine every pair of boxes (not stop at its limit)."""
    return pairs is not None and pairs <= CROSSING_PAIRS_EXAMINED.value
