"""Which face each hole goes to, after a local update beside broken linework (issue 15).

Polygonize (GEOS) walks rings; those running the other way round are holes, and each hole goes
to one face: among the faces' outer rings whose box contains the hole's box (and is not equal to
it) and that contain a point of the hole, the one whose box the others' boxes contain, found by
going through them in the order of a spatial index and keeping a ring whose box lies in the box
kept so far. Where those boxes nest (each in the next), that is the innermost ring whatever the
order; where they do not, the order decides, and this module refuses.

``assign_holes`` gives the faces of a local update (``model.topology_broken``) their holes:

* the holes to place are the dirty rings running the other way round (an island drawn, moved,
  deleted beside a crossing) and the holes of the old faces that go whose rings did not change;
* each goes to the innermost face among the old faces that stay and the new faces, by the rule
  above; a face that stays and gains a hole is made again with it;
* no other hole may change its face: every line meeting a new face must be among those
  polygonized (so every ring inside it was seen), and every ring running the other way round
  inside a new face must be one of the holes placed here (a hole of a face that stays, or one
  that no face took before, would otherwise go to the new face unseen).

Else ``Refusal``, and ``Topology`` does a full build.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import LinearRing, LineString, Point, Polygon

from model.segment_keys import first_segments, lookup, ring_segments
from model.topology_refusal import Refusal

if TYPE_CHECKING:
    from model.topology import Topology
    from model.topology_broken import Found

Box = tuple[float, float, float, float]


def assign_holes(
    topology: Topology,
    removed: set[int],
    found: Found,
    old_dirty: Sequence[LineString],
    changed: set[str],
) -> list[Polygon]:
    """The new faces with their holes, and the old faces that gain a hole made again (their ids
    are added to ``removed``). ``old_dirty`` are the old lines of the boundaries whose rings were
    taken (a hole of a face that goes is unchanged when none of them lies on it)."""
    shells = [LinearRing(shell.exterior.coords) for shell in found.shells]
    holes = _unique(found.holes)
    placed = {_key(ring) for ring in holes}
    old_firsts = first_segments(list(old_dirty))
    known = {_key(ring) for ring in shells}
    for face in sorted(removed):
        polygon = topology.faces[face]
        assert polygon is not None
        if not _on_ring(polygon.exterior, old_firsts) and _key(polygon.exterior) not in known:
            # Only a hole of this face changed: its outer ring is the whole map's still.
            known.add(_key(polygon.exterior))
            shells.append(LinearRing(polygon.exterior.coords))
        for ring in polygon.interiors:
            if _on_ring(ring, old_firsts):
                continue  # a dirty ring: as it is now, it is among the rings found (if still a hole)
            key = _key(ring)
            if key not in placed:
                placed.add(key)
                holes.append(LinearRing(ring.coords))
    new_holes: list[list[LinearRing]] = [[] for _ in shells]
    gained: dict[int, list[LinearRing]] = {}
    shell_boxes = [ring.bounds for ring in shells]
    for hole in holes:
        owner = _owner(topology, removed, shells, shell_boxes, hole)
        if owner is None:
            continue
        kind, at = owner
        if kind == "new":
            new_holes[at].append(hole)
        else:
            gained.setdefault(at, []).append(hole)
    _check_no_hole_moves(topology, found, shells, placed, changed)
    polygons = [Polygon(shell, inner) for shell, inner in zip(shells, new_holes, strict=True)]
    for face, extra in sorted(gained.items()):
        old = topology.faces[face]
        assert old is not None
        removed.add(face)
        polygons.append(Polygon(old.exterior, [*old.interiors, *extra]))
    return polygons


def _owner(
    topology: Topology,
    removed: set[int],
    shells: list[LinearRing],
    shell_boxes: list[Box],
    hole: LinearRing,
) -> tuple[str, int] | None:
    """The face a hole goes to: ("old", face id) or ("new", index in ``shells``), None for none."""
    box: Box = hole.bounds
    area = Polygon(hole)
    candidates: list[tuple[str, int, LinearRing]] = []
    for face in topology._face_index.query_keys(area, predicate="intersects"):
        if face in removed:
            continue
        polygon = topology.faces[face]
        assert polygon is not None
        candidates.append(("old", face, LinearRing(polygon.exterior.coords)))
    candidates += [("new", k, ring) for k, ring in enumerate(shells) if _box_contains(shell_boxes[k], box)]
    containing: list[tuple[Box, str, int]] = []
    for kind, at, ring in candidates:
        ring_box: Box = ring.bounds
        if ring_box == box or not _box_contains(ring_box, box):
            continue
        if ring.intersects(hole):
            raise Refusal("a hole beside broken linework touches a face's outer ring")
        if Polygon(ring).contains(Point(hole.coords[0])):
            containing.append((ring_box, kind, at))
    if not containing:
        return None
    # Outermost first: each box must lie in the one before, else polygonize's order decides.
    containing.sort(key=lambda item: (item[0][2] - item[0][0]) * (item[0][3] - item[0][1]), reverse=True)
    for (outer, _, _), (inner, _, _) in pairwise(containing):
        if outer == inner or not _box_contains(outer, inner):
            raise Refusal("the faces around a hole beside broken linework do not nest")
    _, kind, at = containing[-1]
    return kind, at


def _check_no_hole_moves(
    topology: Topology, found: Found, shells: list[LinearRing], placed: set[bytes], changed: set[str]
) -> None:
    """Refuse unless every ring inside a new face was seen and is one of the holes placed here."""
    if not shells:
        return
    areas = np.array([Polygon(ring) for ring in shells], dtype=object)
    near = {b for _, b in topology._line_index.query(areas, predicate="intersects")} - changed
    if not near <= found.lines:
        raise Refusal("lines inside a new face beside broken linework were not polygonized")
    if not found.rings:
        return
    rings = np.array([Polygon(ring) for ring in found.rings], dtype=object)
    pairs = shapely.STRtree(areas).query(rings, predicate="covered_by")
    for k, s in zip(*pairs.tolist(), strict=True):
        # A ring whose box is the face's own box never goes to it (the outer ring's far side).
        if found.rings[k].bounds != shells[s].bounds and _key(found.rings[k]) not in placed:
            raise Refusal("a hole inside a new face beside broken linework belongs elsewhere")


def _on_ring(ring: LinearRing, firsts: np.ndarray) -> bool:
    """Whether one of these first segments (rows ``x0 y0 x1 y1``) lies on the ring, either way."""
    if not len(firsts):
        return False
    keys, owners = ring_segments(np.array([ring], dtype=object))
    forward = lookup(keys, owners, firsts)
    backward = lookup(keys, owners, firsts[:, [2, 3, 0, 1]])
    return bool((forward >= 0).any() or (backward >= 0).any())


def _unique(rings: Sequence[LinearRing]) -> list[LinearRing]:
    seen: set[bytes] = set()
    kept: list[LinearRing] = []
    for ring in rings:
        key = _key(ring)
        if key not in seen:
            seen.add(key)
            kept.append(LinearRing(ring.coords))
    return kept


def _key(ring: object) -> bytes:
    """A ring's shape, whatever its start and direction (normalized WKB of its polygon)."""
    return bytes(shapely.to_wkb(shapely.normalize(shapely.polygons(ring))))


def _box_contains(outer: Box, inner: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and outer[2] >= inner[2] and outer[3] >= inner[3]
