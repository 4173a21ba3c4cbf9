"""Merge faces of the linework by deleting the borders between them: the import's last geometric step.

Slivers left by snapping, gaps narrower than the ``--close-gaps`` tolerance, and faces too thin to
hold a point of the grid (saving snaps anchors to the grid, so such a face could keep no anchor)
must not stay faces of their own; and two faces of the same area need no border between them.
Working on the linework is exact and fast: each border chain knows the face on either side
(``chain_sides``), the lengths faces share come from those chains, and merging is deleting the
chains between faces that end up in the same area, then making the faces again once.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString, Polygon

from model.io import quantize_point
from model.linework import Linework, Point, grid_anchor


@dataclass(frozen=True)
class Sides:
    """For each chain of a linework: the faces on its two sides (None: outside every face), its length."""

    left: list[int | None]
    right: list[int | None]
    length: list[float]

    def shared(self) -> dict[int, dict[int, float]]:
        """For each face, the length of border it shares with each neighbouring face."""
        lengths: dict[int, dict[int, float]] = defaultdict(lambda: defaultdict(float))
        for a, b, length in zip(self.left, self.right, self.length, strict=True):
            if a is not None and b is not None and a != b:
                lengths[a][b] += length
                lengths[b][a] += length
        return lengths


def chain_sides(linework: Linework, grid: float) -> Sides:
    """The faces on the two sides of every chain (None: outside), found by exact segment match.

    Faces are made by polygonizing the chains, so each face's rings are made of the chains' very
    points: the faces whose rings hold a chain's first segment (either way round) are its sides.
    Exact, and right for faces thinner than any offset a probe point could take. ``grid`` is
    unused; it is kept for callers that pass the map's grid.
    """
    count = len(linework.lines)
    lefts: list[int | None] = [None] * count
    rights: list[int | None] = [None] * count
    lengths = [0.0] * count
    if not count or not linework.faces:
        return Sides(lefts, rights, lengths)
    firsts = np.full((count, 4), np.nan)
    for index, chain in enumerate(linework.lines):
        xy = np.asarray(chain, dtype=float)
        steps = np.diff(xy, axis=0)
        lengths[index] = float(np.hypot(steps[:, 0], steps[:, 1]).sum())
        moving = np.flatnonzero(np.any(steps != 0, axis=1))
        if moving.size:
            k = int(moving[0])
            firsts[index] = (*xy[k], *xy[k + 1])
    rings, face_of_ring = shapely.get_rings(np.asarray(linework.faces, dtype=object), return_index=True)
    coords, ring_of_point = shapely.get_coordinates(rings, return_index=True)
    same = ring_of_point[:-1] == ring_of_point[1:]
    starts = np.flatnonzero(same)
    segments = np.hstack([coords[starts], coords[starts + 1]])
    faces = face_of_ring[ring_of_point[starts]]
    both = np.vstack([segments, segments[:, [2, 3, 0, 1]]])
    owners = np.concatenate([faces, faces])
    keys = _row_keys(both)
    order = np.argsort(keys, kind="stable")
    keys, owners = keys[order], owners[order]
    wanted = _row_keys(firsts)
    low = np.searchsorted(keys, wanted, side="left")
    high = np.searchsorted(keys, wanted, side="right")
    for index in range(count):
        found = sorted({int(owners[k]) for k in range(low[index], high[index])})
        if found:
            lefts[index] = found[0]
            rights[index] = found[1] if len(found) > 1 else None
    return Sides(lefts, rights, lengths)


def _row_keys(rows: np.ndarray) -> np.ndarray:
    """Rows of four floats as sortable byte strings (-0.0 folded into 0.0 so equal means equal)."""
    clean = np.ascontiguousarray(rows + 0.0, dtype=np.float64)
    return clean.view(np.dtype((np.void, 32))).reshape(-1)


def merge_faces(
    linework: Linework,
    area_of: list[int | None],
    grid: float,
    keep: set[int] | frozenset[int] = frozenset(),
    drop_faces: set[int] | frozenset[int] = frozenset(),
    sides: Sides | None = None,
) -> Linework:
    """Delete every chain between two faces of the same area, and make the faces again.

    ``area_of[face]`` is the area each face ends up in (None: a gap, which stays as it is);
    chains around a face of ``keep`` (a lake inside its own area) stay, so its outline is still
    drawn; every chain of a face of ``drop_faces`` (an island too small for the grid) goes. A new
    face's owner and anchor are those of the largest old face it holds whose anchor is on the grid.
    """
    sides = sides or chain_sides(linework, grid)
    drop = set()
    for index, (a, b) in enumerate(zip(sides.left, sides.right, strict=True)):
        if a in drop_faces or b in drop_faces:
            drop.add(index)
        elif a is None or b is None or a in keep or b in keep:
            continue
        elif a == b or (area_of[a] is not None and area_of[a] == area_of[b]):
            drop.add(index)
    if not drop:
        return Linework(linework.lines, linework.faces, list(area_of), linework.anchors)
    kept = [LineString(chain) for index, chain in enumerate(linework.lines) if index not in drop]
    # A deleted border can leave a line with a free end, or a cut line with one face on both
    # sides: such lines bound nothing and go too.
    _, cuts, dangles, _ = shapely.polygonize_full(kept)
    loose = {shapely.normalize(line).wkb for line in (*shapely.get_parts(cuts), *shapely.get_parts(dangles))}
    kept = [line for line in kept if shapely.normalize(line).wkb not in loose]
    if not kept:
        return Linework([], [], [], [])
    merged = shapely.line_merge(MultiLineString(kept))
    chains: list[list[Point]] = [
        [(float(x), float(y)) for x, y in part.coords]
        for part in shapely.get_parts(merged)
        if isinstance(part, LineString) and part.length > 0
    ]
    faces: list[Polygon] = [
        face
        for face in shapely.get_parts(shapely.polygonize([LineString(chain) for chain in chains]))
        if face.area > 0
    ]
    anchored = sorted(
        (
            face
            for face in range(len(linework.faces))
            if face not in drop_faces and on_grid(linework, face, grid)
        ),
        key=lambda face: -linework.faces[face].area,
    )
    owners: list[int | None] = [None] * len(faces)
    anchors: list[Point | None] = [None] * len(faces)
    if faces and anchored:
        tree = shapely.STRtree(faces)
        hits = tree.query(shapely.points([linework.anchors[face] for face in anchored]), predicate="within")
        for old_index, new_face in sorted(zip(*hits.tolist(), strict=True)):
            if anchors[new_face] is None:
                old = anchored[old_index]
                anchors[new_face] = linework.anchors[old]
                owners[new_face] = area_of[old]
    final: list[Point] = []
    for face, anchor in zip(faces, anchors, strict=True):
        if anchor is None:  # made only of faces too thin to hold a grid point: look again
            point = face.representative_point()
            anchor = grid_anchor(face, (point.x, point.y), grid) or (point.x, point.y)
        final.append(anchor)
    return Linework(chains, faces, owners, final)


def on_grid(linework: Linework, face: int, grid: float) -> bool:
    """Whether a face's anchor is a point of the grid inside it (what saving keeps).

    Saving writes the anchor snapped to the grid: the face keeps it when that snapped point lies
    inside the face and the anchor was already that point. "Already" allows float noise (a
    thousandth of a millionth of a cell): 4568.400000000001 is the grid point 4568.4, and a face
    must not count as too thin for the grid, and be merged away whole, over the last bit of a float.
    """
    anchor = linework.anchors[face]
    saved = quantize_point(anchor, grid)
    noise = grid * 1e-9
    return (
        abs(saved[0] - anchor[0]) <= noise
        and abs(saved[1] - anchor[1]) <= noise
        and bool(shapely.contains_xy(linework.faces[face], saved[0], saved[1]))
    )
