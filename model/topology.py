"""Map topology: the faces that the linework encloses, which areas hold them, and adjacency.

The file stores boundaries (polylines between nodes) and, for each area, anchor points
(DESIGN.md "Geometry"). Here the boundaries are polygonized into faces: a build walks the
linework's graph once for the faces and their sides (``model.face_walk``, GEOS's faces in GEOS's
order) and calls ``shapely.polygonize`` where the walk gives way (dangles, overlaps...); anchors
are placed all at once (``model.anchor_places``). An area is the union of the faces holding its
anchors, so islands and multi-part areas come free.
Two areas are adjacent when a boundary has a face of each on its two sides; the map's
``adjacency`` policy sets a minimum shared length and whether areas meeting only at a corner count.

Edits stay local at any size: ``Topology.update`` re-polygonizes only the faces that the changed
boundaries touch, found with spatial indexes, and gives the same faces, anchors and adjacency as a
fresh ``Topology.build``; adjacency, boundary sides and the linework check after it re-derive only
the boundaries it touched (``model.topology_derived``). The whole linework is checked once after a
build; a crossing somewhere keeps edits elsewhere local. An edit that makes, moves or undoes broken
linework (a node dragged across a neighbouring border) is re-polygonized locally too, where
``model.topology_broken`` can prove the faces those of a full build, and its linework problems are
re-checked locally; so is a clean edit that reaches past the faces (a node of the map's outer
edge dragged out), by ``model.topology_outer``; islands beside broken linework get their holes
by ``model.topology_holes``. An edit falls back to a full build, which is always right, where
those proofs fail (rings of tangled linework that run far, faces around a hole that do not nest,
a border added or removed where what dangles may change, broken linework at the outer edge) or
it reaches too many faces; ``last_full_build_reason`` says why. ``last_update_was_local``,
``last_update_faces`` and ``last_refresh_boundaries`` say how much an edit touched.

Face ids are integers that stay valid until an update removes that face; ``faces[i]`` is None for
removed faces, so iterate ``face_ids()``.

The checks of the linework itself (crossings, dangling ends...) live in ``model.linework_problems``;
``LineworkProblem`` is imported here too, so ``from model.topology import LineworkProblem`` works.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from operator import attrgetter
from typing import NamedTuple, TypeAlias

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry

from model.anchor_places import place_anchors
from model.face_walk import walk_faces
from model.linework_problems import (
    BREAKING,
    CheckCounts,
    LineworkProblem,
    count_box_pairs,
    find_problems,
    has_repeats,
    meets_at_ends,
)
from model.perf import gc_paused
from model.scenario import AdjacencyPolicy, Area, Boundary, MapData
from model.segment_keys import first_segments, segment_owners
from model.spatial_index import SpatialIndex
from model.topology_broken import BrokenNear, within_pair_limit
from model.topology_broken import Plan as BrokenPlan
from model.topology_broken import plan as broken_plan
from model.topology_derived import Derived, Sources
from model.topology_order import (
    ORDER_GAP,
    id_changes,
    ids_after,
    key_places,
    locate,
    order_keys,
    other_objects,
)
from model.topology_outer import OutsideFaces
from model.topology_outer import plan as outer_plan
from model.topology_refusal import Refusal

AreaShape: TypeAlias = Polygon | MultiPolygon

__all__ = [
    "LOCAL_UPDATE_LIMIT",
    "AdjacencyDerivation",
    "AreaShape",
    "LineworkProblem",
    "Topology",
    "boundary_lines",
]

_ID = attrgetter("id")

POSITION_SLACK = 4096
"""How far the boundaries' position hints may be off before they are made exact again (a scan of
a few thousand ids in C is quick; making 90,000 hints exact takes milliseconds)."""

LOCAL_UPDATE_LIMIT = 0.25
"""A change touching more than this share of the faces is recomputed by a full build (it is faster)."""


Polygonizer: TypeAlias = Callable[[list[LineString]], list[Polygon]]
"""Makes the faces (polygons) of a linework, in shapely's order."""


def polygonize_here(lines: list[LineString]) -> list[Polygon]:
    """The faces of a linework, polygonized in this process."""
    return list(shapely.get_parts(shapely.polygonize(lines)))


LINES_SLICE = 5000
"""Boundaries made into lines by one shapely call (a few milliseconds)."""


def boundary_lines(boundaries: Sequence[Boundary]) -> list[LineString]:
    """Return one shapely LineString per boundary (built in vectorised calls, ``LINES_SLICE`` at a time).

    One call for the whole map would keep the GIL for 100-200 ms on a 30,000-area map (shapely
    keeps it while it makes Python objects), stalling the editor's UI thread while its validation
    worker builds faces.
    """
    return boundary_linework(boundaries).lines


class Linework(NamedTuple):
    """The boundaries as shapely lines, and all their points with the index of the line of each."""

    lines: list[LineString]
    coords: np.ndarray
    line_of: np.ndarray


def boundary_linework(boundaries: Sequence[Boundary]) -> Linework:
    """``boundary_lines``, with the points they were made of (what the face walk reads)."""
    lines: list[LineString] = []
    coords: list[np.ndarray] = [np.zeros((0, 2))]
    counts: list[np.ndarray] = [np.zeros(0, dtype=np.int64)]
    for start in range(0, len(boundaries), LINES_SLICE):
        made, points, sizes = _lines(boundaries[start : start + LINES_SLICE])
        lines.extend(made)
        coords.append(points)
        counts.append(sizes)
    sizes = np.concatenate(counts)
    return Linework(lines, np.concatenate(coords), np.repeat(np.arange(len(sizes)), sizes))


def _lines(boundaries: Sequence[Boundary]) -> tuple[list[LineString], np.ndarray, np.ndarray]:
    lists = [b.points for b in boundaries]
    counts = np.fromiter(map(len, lists), dtype=np.int64, count=len(lists))
    # The coordinates straight from the point tuples (half the time of making an array of them).
    flat = chain.from_iterable(chain.from_iterable(lists))
    coords = np.fromiter(flat, dtype=float, count=2 * int(counts.sum())).reshape(-1, 2)
    indices = np.repeat(np.arange(len(boundaries)), counts)
    return list(shapely.linestrings(coords, indices=indices)), coords, counts


class Topology:
    """Faces, area geometry and derived adjacency of a map's linework and anchors."""

    def __init__(self) -> None:
        self.faces: list[Polygon | None] = []
        self._policy = AdjacencyPolicy()
        self._lines: dict[str, LineString] = {}
        self._lengths: dict[str, float] = {}
        # Boundary id -> its order key: increasing in the map's order, with gaps, so that ids put in
        # the middle of the list change no other key (``model.topology_order``); ``Derived`` reads it.
        self._boundary_order: dict[str, int] = {}
        self._next_order = 0
        """Above every order key."""
        self._strays: set[str] = set()
        # The boundaries' spatial index: edits and queries read it, a build does not; so the
        # build of a topology not made for edits leaves it to the first ask (``_line_index``).
        self._line_index_made: SpatialIndex[str] | None = SpatialIndex()
        self._face_index: SpatialIndex[int] = SpatialIndex()
        self._face_boundaries: dict[int, list[str]] = {}
        # boundary id -> [face on its left, face on its right] (x right, y up), None for neither.
        self._boundary_faces: dict[str, list[int | None]] = {}
        # The map's id lists as last seen, and each id's position in them (the first one of an id);
        # the area positions also order the areas holding a face. A boundary's position is a hint,
        # at most ``_position_slack`` places off: inserting or deleting in the middle of the list
        # does not re-index the boundaries after it (``model.topology_order.locate``).
        self._map_boundary_ids: list[str] = []
        # The map's boundaries and areas as last seen: the id lists are refreshed only where
        # these differ (the same objects, compared in C), since reading 90,000 ids took 4 ms.
        self._map_boundaries: list[Boundary] = []
        self._map_areas: list[Area] = []
        self._boundary_position: dict[str, int] = {}
        self._position_slack = 0
        self._map_area_ids: list[str] = []
        self._area_position: dict[str, int] = {}
        self._anchors: dict[str, tuple[tuple[float, float], ...]] = {}
        self._anchor_faces: dict[str, list[int | None]] = {}
        self._face_areas: dict[int, list[str]] = {}
        # The breaking problems of the linework (None: not checked since the last full build),
        # the boundaries they name, and whether the check stopped at a limit before the end.
        self._breaking: list[LineworkProblem] | None = None
        self._builds = 0
        self._revision = 0
        self._for_edits = True
        """Counts builds and updates: a derivation begun before one is of other faces."""
        self._broken: frozenset[str] = frozenset()
        self._tangled = False
        # Ordered pairs of boundaries with overlapping boxes (what a full check counts against its
        # limit), kept through local edits; None when not known.
        self._box_pairs: int | None = None
        self.last_update_was_local = False
        """Whether the last ``update`` re-polygonized locally (False: it did a full build)."""
        self.last_full_build_reason = ""
        """Why the last ``update`` did a full build ("" when it was local)."""
        self.last_update_faces = 0
        """How many faces the last local ``update`` replaced (0 after a full build)."""
        self.last_changed_areas: frozenset[str] = frozenset()
        """The areas whose faces the last ``update`` changed (what ``update`` returned)."""
        self._reset_caches()

    def fork(self) -> Topology:
        """A copy of these faces that can be updated apart from this one (in another thread).

        Its containers are its own (each list in a mapping too, since ``update`` edits them in
        place), but the shapely geometries, lines and faces, are shared: they are immutable, and
        they are most of a big map's topology (a second full build of a 30,000-area map was about
        225 MB more). The adjacency derived from them is not copied: the copy derives it afresh.
        """
        other = Topology.__new__(Topology)
        for name, value in self.__dict__.items():
            if isinstance(value, SpatialIndex):
                value = value.fork()
            elif isinstance(value, dict):
                value = {key: list(item) if isinstance(item, list) else item for key, item in value.items()}
            elif isinstance(value, (list, set)):
                value = value.copy()
            other.__dict__[name] = value
        other._policy = self._policy.model_copy()
        other._geometry_cache = {}
        other._derived = None
        other._dirty = set()
        return other

    @property
    def _line_index(self) -> SpatialIndex[str]:
        """The boundaries' spatial index, made from ``_lines`` when first asked for. Made later,
        it holds what edits since did to ``_lines``: removing a key it lacks, or adding one it
        has, changes nothing."""
        if self._line_index_made is None:
            self._line_index_made = SpatialIndex(self._lines.items())
        return self._line_index_made

    def _reset_caches(self) -> None:
        self._geometry_cache: dict[str, AreaShape | None] = {}
        self._derived: Derived | None = None
        # Boundaries whose faces, face holders or points changed since ``_derived`` last saw them.
        self._dirty: set[str] = set()

    def _mark(self, boundaries: Iterable[str]) -> None:
        """Note that these boundaries' points, faces or face holders changed: re-derive them."""
        if self._derived is not None:  # else nothing is derived yet: it will derive them all
            self._dirty.update(boundaries)

    def _mark_faces(self, faces: Iterable[int]) -> None:
        """Note that these faces are new or their holders changed: re-derive their boundaries."""
        if self._derived is None:
            return
        for face in faces:
            self._dirty.update(self._face_boundaries.get(face, ()))

    # --- building --------------------------------------------------------------------------

    @classmethod
    def build(
        cls, map_data: MapData, polygonize: Polygonizer | None = None, for_edits: bool = True
    ) -> Topology:
        """Polygonize the whole linework and place every anchor.

        ``polygonize`` replaces the in-process ``polygonize_here`` (same faces, same order): shapely's
        polygonize holds the GIL for its whole run (a third of a second at 20,000 areas), so a caller
        on a worker thread of a UI may hand it to another process.

        Without ``for_edits`` (a validator's topology, read and dropped) the first derivation of
        adjacency leaves out the tables only edits read; an ``update`` still gives the right
        answer (its derivation then starts again, with them).
        """
        topology = cls()
        topology._for_edits = for_edits
        with gc_paused():
            topology._build(map_data, polygonize)
        return topology

    def _build(self, map_data: MapData, polygonize: Polygonizer | None = None) -> None:
        self._policy = map_data.adjacency.model_copy()
        ids = [b.id for b in map_data.boundaries]
        linework = boundary_linework(map_data.boundaries)
        lines = linework.lines
        self._lines = dict(zip(ids, lines, strict=True))
        self._lengths = dict(zip(ids, shapely.length(np.array(lines, dtype=object)).tolist(), strict=True))
        self._boundary_order = order_keys(ids)
        self._next_order = len(ids) * ORDER_GAP
        self._map_boundary_ids = ids
        self._map_boundaries = list(map_data.boundaries)
        self._map_areas = list(map_data.areas)
        self._boundary_position = dict(zip(ids, range(len(ids)), strict=True))
        self._position_slack = 0
        self._map_area_ids = [area.id for area in map_data.areas]
        self._area_position = _first_positions(self._map_area_ids)
        # Edits query it from the first one on: made now for a topology that will be edited.
        self._line_index_made = SpatialIndex(self._lines.items()) if self._for_edits else None
        # One walk of the linework's graph gives the faces and their sides at once; where it
        # cannot be sure to give shapely's faces (broken linework) polygonize, then link.
        walked = walk_faces(linework.coords, linework.line_of, len(lines)) if lines else None
        if walked is not None:
            polygons: list[Polygon] = list(walked.faces)
        else:
            polygons = (polygonize or polygonize_here)(lines) if lines else []
        self.faces = list(polygons)
        self._face_index = SpatialIndex(enumerate(polygons))
        self._face_boundaries = {}
        self._boundary_faces = {}
        if walked is not None:
            self._record_walked_sides(walked.left, walked.right, ids)
        else:
            self._link_faces(range(len(polygons)), ids)
        # Ids should be unique (the validator reports DUPLICATE_ID); the first area of an id counts.
        areas = [map_data.areas[i] for i in self._area_position.values()]
        places = place_anchors(areas, self.faces, self._face_index)
        self._anchors, self._anchor_faces = places.anchors, places.anchor_faces
        self._face_areas, self._strays = places.face_areas, places.strays
        self._breaking = None
        self._broken = frozenset()
        self._tangled = False
        self._box_pairs = None
        self._builds += 1  # a check begun before this build is of other linework
        self._revision += 1
        self._reset_caches()

    def _link_faces(self, face_ids: Iterable[int], candidates: Sequence[str] | None = None) -> None:
        """Record which boundaries lie on the rings of these faces, and on which side.

        With the faces oriented (exteriors counter-clockwise, holes clockwise in x right, y up),
        a face lies on the left of each of its ring segments; a boundary whose first segment is a
        ring segment in the same direction has the face on its left, in the other direction on
        its right. Coordinates are compared exactly (as bytes, in sorted arrays): polygonize
        copies them from the boundaries. ``candidates`` are the boundaries to look at (default:
        those meeting the faces).
        """
        ids = np.asarray(list(face_ids), dtype=np.int64)
        if not len(ids):
            return
        polygons = shapely.orient_polygons(
            np.array([self.faces[f] for f in ids], dtype=object), exterior_cw=False
        )
        rings, ring_face = shapely.get_rings(polygons, return_index=True)
        coords, ring_of = shapely.get_coordinates(rings, return_index=True)
        same = ring_of[:-1] == ring_of[1:]
        rows = np.hstack([coords[:-1][same], coords[1:][same]])
        owners = ids[ring_face[ring_of[:-1][same]]]
        if candidates is None:
            candidates = sorted({bid for _, bid in self._line_index.query(polygons, predicate="intersects")})
        segments = first_segments([self._lines[bid] for bid in candidates])
        self._record_sides(ids, segment_owners(rows, owners, segments), candidates)

    def _record_walked_sides(self, left: np.ndarray, right: np.ndarray, ids: list[str]) -> None:
        """Record the faces on the sides of every boundary of a build (``left[k]`` and ``right[k]``
        those of ``ids[k]``, -1: none): ``_record_sides`` with the slots made in bulk.

        The slots go in in the order ``_record_sides`` gives them (boundaries with a face on their
        left first), which what derives from them follows.
        """
        face_ids = np.arange(len(self.faces), dtype=np.int64)
        if len(self._boundary_position) != len(ids):  # repeated ids: slots merge one by one
            self._record_sides(face_ids, [left, right], ids)
            return
        has_left = left >= 0
        rows = np.concatenate([np.nonzero(has_left)[0], np.nonzero(~has_left & (right >= 0))[0]])
        slots = np.stack([left[rows], right[rows]], axis=1).astype(object)
        slots[np.stack([left[rows], right[rows]], axis=1) < 0] = None
        self._boundary_faces = dict(
            zip(np.asarray(ids, dtype=object)[rows].tolist(), slots.tolist(), strict=True)
        )
        left_hits = np.nonzero(has_left)[0]
        right_hits = np.nonzero(right >= 0)[0]
        hits = np.concatenate([left_hits, right_hits])
        self._group_face_boundaries(face_ids, hits, np.concatenate([left[left_hits], right[right_hits]]), ids)

    def _record_sides(self, ids: np.ndarray, sides: list[np.ndarray], candidates: Sequence[str]) -> None:
        """Record the faces ``ids`` on the sides of the candidates: ``sides[0][k]`` is the face on
        the left of ``candidates[k]``, ``sides[1][k]`` the one on its right (-1: none of them)."""
        boundary_faces = self._boundary_faces
        hits, faces = [], []
        for side, found in enumerate(sides):
            hit = np.nonzero(found >= 0)[0]
            hits.append(hit)
            faces.append(found[hit])
            for k, face in zip(hit.tolist(), faces[-1].tolist(), strict=True):
                bid = candidates[k]
                slots = boundary_faces.get(bid)
                if slots is None:
                    boundary_faces[bid] = slots = [None, None]
                slots[side] = face
        self._group_face_boundaries(ids, np.concatenate(hits), np.concatenate(faces), candidates)

    def _group_face_boundaries(
        self, face_ids: np.ndarray, hits: np.ndarray, faces: np.ndarray, candidates: Sequence[str]
    ) -> None:
        """Set each of ``face_ids``'s boundaries: the candidates ``hits`` found on the faces
        ``faces`` (left sides first, then right ones), in map order.

        Grouped with one stable sort by face and map order instead of a list per face sorted
        apart (30,000 faces on a big map).
        """
        order_of = self._boundary_order
        if candidates is self._map_boundary_ids and len(order_of) == len(candidates):
            at = hits  # a build's candidates are the map's boundaries, in map order, ids unique
        else:
            places = (order_of[candidates[k]] for k in hits.tolist())
            at = np.fromiter(places, dtype=np.int64, count=len(hits))
        perm = np.lexsort((at, faces))
        grouped = np.asarray(candidates, dtype=object)[hits[perm]].tolist() if len(hits) else []
        faces = faces[perm]
        starts = np.searchsorted(faces, face_ids, side="left").tolist()
        stops = np.searchsorted(faces, face_ids, side="right").tolist()
        face_boundaries = self._face_boundaries
        for face, start, stop in zip(face_ids.tolist(), starts, stops, strict=True):
            face_boundaries[face] = grouped[start:stop]

    def _faces_of(self, boundary_id: str) -> list[int]:
        slots = self._boundary_faces.get(boundary_id)
        return sorted(f for f in slots if f is not None) if slots else []

    def _place_areas(
        self, areas: Iterable[Area], index: SpatialIndex[int], rank: Callable[[int], int] | None = None
    ) -> None:
        """Find the face of every anchor of these areas (their old records must be gone); ``rank``
        orders overlapping faces (default: by id, the order of a full build)."""
        owners: list[tuple[str, int]] = []
        points: list[tuple[float, float]] = []
        anchors_of, faces_of, strays = self._anchors, self._anchor_faces, self._strays
        for area in areas:
            area_id = area.id
            # The model's points are tuples already (a copy of the list keeps later edits out).
            anchors = tuple(area.anchors)
            anchors_of[area_id] = anchors
            faces_of[area_id] = [None] * len(anchors)
            strays.add(area_id)
            if len(anchors) == 1:  # nearly always
                owners.append((area_id, 0))
                points.append(anchors[0])
            else:
                owners.extend((area_id, i) for i in range(len(anchors)))
                points.extend(anchors)
        self._assign(owners, points, index, rank)

    def _assign(
        self,
        owners: list[tuple[str, int]],
        points: list[tuple[float, float]],
        index: SpatialIndex[int],
        rank: Callable[[int], int] | None = None,
    ) -> None:
        if not points:
            return
        touched: set[int] = set()
        # Faces overlap only when the linework crosses itself; then an anchor takes the first face
        # of a full build: the lowest id after one, the lowest ``rank`` after local updates. The
        # matches are sorted by point, then rank and face, and the first of each point kept.
        inputs, faces = index.query_arrays(shapely.points(np.array(points, dtype=float)), predicate="within")
        if rank is None:
            order = np.lexsort((faces, inputs))
        else:
            ranks = np.fromiter(map(rank, faces.tolist()), dtype=np.int64, count=len(faces))
            order = np.lexsort((faces, ranks, inputs))
        inputs, faces = inputs[order], faces[order]
        first = np.ones(len(inputs), dtype=bool)
        first[1:] = inputs[1:] != inputs[:-1]
        placed: set[str] = set()
        anchor_faces, face_areas = self._anchor_faces, self._face_areas
        for i, face in zip(inputs[first].tolist(), faces[first].tolist(), strict=True):
            area_id, anchor = owners[i]
            placed.add(area_id)
            anchor_faces[area_id][anchor] = face
            holders = face_areas.get(face)
            if holders is None:
                face_areas[face] = [area_id]
                touched.add(face)
            elif area_id not in holders:
                holders.append(area_id)
                touched.add(face)
        position = self._area_position.__getitem__
        for face in touched:
            holders = face_areas[face]
            if len(holders) > 1:  # one holder, nearly always: already in order
                holders.sort(key=position)
        self._mark_faces(touched)
        for area_id in placed:
            if None not in anchor_faces[area_id]:
                self._strays.discard(area_id)

    def _unplace_area(self, area_id: str) -> None:
        for face in self._anchor_faces.pop(area_id, []):
            if face is not None and area_id in self._face_areas.get(face, ()):
                self._face_areas[face].remove(area_id)
                self._mark_faces((face,))
                if not self._face_areas[face]:
                    del self._face_areas[face]
        self._anchors.pop(area_id, None)
        self._strays.discard(area_id)

    # --- local update ------------------------------------------------------------------------

    def update(
        self,
        map_data: MapData,
        changed_boundaries: Iterable[str] = (),
        changed_areas: Iterable[str] = (),
    ) -> frozenset[str]:
        """Recompute locally after an edit; the result is identical to a fresh ``build``.

        ``changed_boundaries`` must name every boundary whose points changed; added and removed
        boundaries and areas are found by comparing ids, read where the map's lists hold other
        objects than last time (so an id is changed by putting a new object in, as ``model.ops``
        does, never by assigning it on the same object). ``changed_areas`` names areas whose
        anchors moved. Only the faces the changed boundaries touch are re-polygonized.

        Returns (and keeps in ``last_changed_areas``) the ids of the areas whose faces may have
        changed: those named or added or removed, those that held a re-polygonized face, and
        those that gained or lost a face, such as an area whose anchor a new ring now encloses.
        An area whose faces stayed exactly the same may be included; one whose faces changed
        never is left out.
        """
        self._revision += 1  # a derivation under way elsewhere is of the faces before this
        self._for_edits = True  # edited after all: derive with the tables edits read from now on
        with gc_paused():
            changed = self._update(map_data, changed_boundaries, changed_areas)
        self.last_changed_areas = frozenset(changed)
        return self.last_changed_areas

    def _update(
        self, map_data: MapData, changed_boundaries: Iterable[str], changed_areas: Iterable[str]
    ) -> set[str]:
        policy = map_data.adjacency.model_copy()
        if policy != self._policy:
            self._derived = None  # another minimum length or corner rule: derive adjacency afresh
        self._policy = policy
        changed = set(changed_boundaries)
        # The map's boundaries are compared with those last seen as objects (quick when they are
        # the same ones); only where they differ are ids read, and only where the ids differ are
        # they compared as sets and keyed (``model.topology_order``).
        boundaries = list(map_data.boundaries)
        # The same objects (C compares identity first), unless they are others throughout.
        if other_objects(self._map_boundaries, boundaries) or boundaries != self._map_boundaries:
            ids = ids_after(self._map_boundaries, self._map_boundary_ids, boundaries, self._boundary_order)
            self._map_boundaries = boundaries
            if ids != self._map_boundary_ids:
                changed |= self._follow_boundary_ids(ids)
        ids = self._map_boundary_ids
        order, hints, slack = self._boundary_order, self._boundary_position, self._position_slack
        current = {
            bid: boundaries[locate(ids, bid, hints.get(bid), slack)] for bid in changed if bid in order
        }
        added: set[str] = set()
        gone: set[str] = set()
        # Edits never reorder areas, so the order only needs refreshing when some come or go; the
        # ids are read only when the areas are not the same objects (a border edit keeps them).
        area_ids = self._map_area_ids
        areas_now = list(map_data.areas)
        if other_objects(self._map_areas, areas_now) or areas_now != self._map_areas:
            self._map_areas = areas_now
            area_ids = list(map(_ID, areas_now))
        reorder = area_ids != self._map_area_ids
        if reorder:
            known = set(area_ids)
            added = known - self._anchors.keys()
            gone = self._anchors.keys() - known
            self._map_area_ids = area_ids
            self._area_position = _first_positions(area_ids)
        moved = {a for a in changed_areas if a in self._area_position} | added
        for area_id in gone | moved:
            self._unplace_area(area_id)
        self.last_update_was_local = True
        self.last_update_faces = 0
        reshaped = gone | moved
        self.last_full_build_reason = ""
        if changed:
            try:
                relinked = self._update_linework(current, changed)
            except Refusal as refusal:
                before = self._area_face_keys()
                self._build(map_data)
                self.last_update_was_local = False
                self.last_full_build_reason = str(refusal)
                after = self._area_face_keys()
                reshaped |= {a for a in before.keys() | after.keys() if before.get(a) != after.get(a)}
                return reshaped
            reshaped |= relinked
        areas = map_data.areas
        self._place_areas(
            [areas[self._area_position[a]] for a in sorted(moved, key=self._area_position.__getitem__)],
            self._face_index,
            self._rank,  # after local updates, face ids no longer follow a full build's order
        )
        if reorder:
            for holders in self._face_areas.values():
                holders.sort(key=self._area_position.__getitem__)
        for area_id in reshaped:
            self._geometry_cache.pop(area_id, None)
        return reshaped

    def _follow_boundary_ids(self, ids: list[str]) -> set[str]:
        """Take the map's new boundary id list: drop the keys of the ids that went, key those that
        came or moved, and keep the position hints within their slack. Returns the ids that came
        and went.

        Only the places where the lists differ are compared and keyed (``model.topology_order``):
        90,000 ids compared as sets took an update 25 ms, and re-indexing every position after a
        boundary deleted in the middle of the list 5 to 10 ms.
        """
        old = self._map_boundary_ids
        order = self._boundary_order
        found = id_changes(old, ids, order)
        if found is None:  # ids repeat: compare them all
            known = set(ids)
            came, went = known - self._lines.keys(), self._lines.keys() - known
        else:
            came, went, places = found
        # The whole-linework check, which reads the order with the old lines, runs first.
        if came or went:
            self._check_linework()
        self._map_boundary_ids = ids
        keyed = False
        if found is not None:
            for bid in went:
                del order[bid]
                self._boundary_position.pop(bid, None)
            spots = places.indexes()
            keyed = key_places(order, ids, spots)  # in place: ``Derived`` reads this dict
            if keyed and spots:  # the keys increase along the list: the last spot's is the largest
                self._next_order = max(self._next_order, order[ids[spots[-1]]] + 1)
            # An id kept shifts by at most as many places as ids came, moved or went before it.
            self._position_slack += len(spots) + len(went)
            self._boundary_position.update(places.positions(ids))
        if not keyed or self._position_slack > POSITION_SLACK:
            self._boundary_position = dict(zip(ids, range(len(ids)), strict=False))
            self._position_slack = 0
        if not keyed:
            order.clear()
            order.update(order_keys(ids))
            self._next_order = len(ids) * ORDER_GAP
        return came | went

    def _area_face_keys(self) -> dict[str, frozenset[bytes]]:
        """Area id -> its faces by shape (normalized WKB), for areas with an anchor in a face.

        Face ids do not survive a full build; shapes do, so comparing these before and after one
        tells which areas it changed.
        """
        held = sorted(self._face_areas)
        if not held:
            return {}
        polygons = np.array([self.faces[f] for f in held], dtype=object)
        keys = dict(zip(held, (bytes(k) for k in shapely.to_wkb(shapely.normalize(polygons))), strict=True))
        result: dict[str, frozenset[bytes]] = {}
        for area_id, faces in self._anchor_faces.items():
            shapes = frozenset(keys[f] for f in faces if f is not None)
            if shapes:
                result[area_id] = shapes
        return result

    def _update_linework(self, current: dict[str, Boundary], changed: set[str]) -> set[str]:
        """Re-polygonize around the changed boundaries, or raise ``Refusal`` (do a full build).

        Returns the areas whose faces changed: those that held a replaced face, and stray ones
        that a new face now holds.
        """
        # Only the linework near the change must be clean: a crossing elsewhere in a big map (where
        # there is more often one somewhere) does not make every edit a full build.
        self._check_linework()
        if self._tangled:
            raise Refusal("the linework is too tangled for the whole check (it stopped at a limit)")
        new_ids = [bid for bid in changed if bid in current]
        new_lines = dict(zip(new_ids, boundary_lines([current[b] for b in new_ids]), strict=True))
        old_lines = {bid: self._lines[bid] for bid in changed if bid in self._lines}
        limit = int(max(32, LOCAL_UPDATE_LIMIT * len(self._face_index)))
        region: list[Polygon] | None = None
        try:
            affected, region = self._clean_region(new_lines, old_lines, changed, limit)
        except BrokenNear:
            # Where the linework is (or becomes) broken, the faces near the edit are found by
            # polygonizing the lines there as a full build would (``model.topology_broken``).
            return self._update_broken(broken_plan(self, new_lines, changed, limit), new_lines, changed)
        except OutsideFaces as outside:
            # Past the faces (the map's outer edge): the faces found from the lines near the edit
            # where ``model.topology_outer`` proves them a full build's.
            outer = outer_plan(self, new_lines, changed, outside.affected, limit)
            affected, inside = outer.removed, outer.polygons
        pairs = self._pairs_after(old_lines, new_lines, changed)
        self.last_update_faces = len(affected)
        self._commit_lines(new_lines, changed)
        self._box_pairs = pairs
        if region is not None:
            inside = self._faces_in(region)
        displaced = self._drop_faces(affected)
        new_faces = self._add_faces(inside)
        # Anchors that were in the old faces, or in no face, may be in a new one.
        owners: list[tuple[str, int]] = []
        points: list[tuple[float, float]] = []
        for area_id in sorted(displaced | self._strays, key=self._area_position.__getitem__):
            faces = self._anchor_faces[area_id]
            for i, held in enumerate(faces):
                if held is None or held in affected:
                    faces[i] = None
                    self._strays.add(area_id)
                    owners.append((area_id, i))
                    points.append(self._anchors[area_id][i])
        self._assign(owners, points, SpatialIndex(zip(new_faces, inside, strict=True)))
        placed = {area_id for area_id, i in owners if self._anchor_faces[area_id][i] is not None}
        return displaced | placed

    def _faces_in(self, region: list[Polygon]) -> list[Polygon]:
        """The faces of the lines meeting ``region`` (old faces, after the edit's lines are in)
        that lie in it: a clean edit inside the faces re-makes only those."""
        nearby = {bid for _, bid in self._line_index.query(region, predicate="intersects")}
        ordered = sorted(nearby, key=self._boundary_order.__getitem__)
        pieces = shapely.polygonize(np.array([self._lines[b] for b in ordered], dtype=object))
        candidates = shapely.get_parts(pieces)
        if not len(candidates):
            return []
        probes_in = shapely.point_on_surface(candidates)
        covered = shapely.covers(np.array(region, dtype=object)[:, None], probes_in[None, :]).any(axis=0)
        return [poly for poly, keep in zip(candidates, covered, strict=True) if keep]

    def _clean_region(
        self,
        new_lines: dict[str, LineString],
        old_lines: dict[str, LineString],
        changed: set[str],
        limit: int,
    ) -> tuple[set[int], list[Polygon]]:
        """The faces to re-polygonize for an edit that keeps the linework noded, and their polygons.

        Raises ``BrokenNear`` when broken linework is there (before or after the edit),
        ``OutsideFaces`` when the edit reaches outside the faces (the map's outer edge), and
        ``Refusal`` when it reaches over too many of them.
        """
        if changed & self._broken:
            raise BrokenNear
        if not self._locally_clean(new_lines, changed):
            raise BrokenNear
        affected: set[int] = set()
        for bid in old_lines:
            affected.update(self._faces_of(bid))
        probes = list(old_lines.values()) + list(new_lines.values())
        affected.update(face for _, face in self._face_index.query(probes, predicate="intersects"))
        if not affected:
            raise OutsideFaces(affected)
        if len(affected) > limit:
            raise Refusal("the change reaches too many faces (a full build is faster)")
        if self._broken and any(self._broken.intersection(self._face_boundaries[f]) for f in affected):
            raise BrokenNear  # a face there came from broken linework
        region = [self.faces[f] for f in sorted(affected)]
        try:
            union = shapely.union_all(np.array(region, dtype=object))
        except shapely.errors.GEOSException as error:
            raise BrokenNear from error  # faces that overlap or are invalid: broken linework
        if not all(shapely.covers(union, np.array(probes, dtype=object))):
            # Polygonize walks the outer edge of the map as a ring running the other way round
            # (a hole of no face); an edit reaching past it changes that ring, which is as long
            # as the map's edge, and the faces it may enclose: only a full build sees all of it.
            raise OutsideFaces(affected)
        if self._broken and self._broken.intersection(self._line_index.query_keys(union, "intersects")):
            raise BrokenNear  # broken linework meets the faces there
        return affected, region

    def _pairs_after(
        self, old_lines: dict[str, LineString], new_lines: dict[str, LineString], changed: set[str]
    ) -> int | None:
        """The box pairs a full check would examine after this edit (None: not known)."""
        if self._box_pairs is None:
            return None
        return self._box_pairs - self._pairs_with(old_lines, changed) + self._pairs_with(new_lines, changed)

    def _pairs_with(self, lines: dict[str, LineString], changed: set[str]) -> int:
        """Ordered pairs of boxes with one of these lines (standing for ``changed``) in them."""
        if not lines:
            return 0
        array = np.array(list(lines.values()), dtype=object)
        others = sum(1 for _, bid in self._line_index.query(array, predicate=None) if bid not in changed)
        return 2 * others + int(shapely.STRtree(array).query(array).shape[1])

    def _commit_lines(self, new_lines: dict[str, LineString], changed: set[str]) -> None:
        """Replace the changed boundaries' lines (and their order, lengths and index entries)."""
        self._mark(changed)
        for bid in changed:
            self._line_index.remove(bid)
            self._lines.pop(bid, None)
            self._lengths.pop(bid, None)
            self._boundary_faces.pop(bid, None)
        for bid, line in new_lines.items():
            self._lines[bid] = line
            self._lengths[bid] = float(line.length)
            self._line_index.add(bid, line)

    def _drop_faces(self, faces: Iterable[int]) -> set[str]:
        """Remove these faces and what pointed at them; return the areas that held them."""
        displaced: set[str] = set()
        for face in faces:
            self.faces[face] = None
            self._face_index.remove(face)
            for bid in self._face_boundaries.pop(face, []):
                self._mark((bid,))
                slots = self._boundary_faces.get(bid)
                if slots is not None:
                    slots[:] = [None if f == face else f for f in slots]
                    if slots == [None, None]:
                        del self._boundary_faces[bid]
            displaced.update(self._face_areas.pop(face, []))
        return displaced

    def _add_faces(self, polygons: list[Polygon]) -> list[int]:
        """Add these faces (new ids at the end) and link them to their boundaries."""
        new_faces = list(range(len(self.faces), len(self.faces) + len(polygons)))
        self.faces.extend(polygons)
        for face, poly in zip(new_faces, polygons, strict=True):
            self._face_index.add(face, poly)
        self._link_faces(new_faces)
        self._mark_faces(new_faces)
        return new_faces

    def _update_broken(
        self, plan: BrokenPlan, new_lines: dict[str, LineString], changed: set[str]
    ) -> set[str]:
        """Commit a local update beside broken linework (``model.topology_broken.plan``)."""
        pairs = self._pairs_after(
            {b: self._lines[b] for b in changed if b in self._lines}, new_lines, changed
        )
        if pairs is None:
            after = {b: line for b, line in self._lines.items() if b not in changed}
            pairs = count_box_pairs([*after.values(), *new_lines.values()])
        if not within_pair_limit(pairs):
            raise Refusal("a full check would stop at its limit of box pairs")
        self.last_update_faces = max(len(plan.removed), len(plan.polygons))
        self._commit_lines(new_lines, changed)
        self._box_pairs = pairs
        self._breaking = plan.problems
        self._broken = frozenset(bid for p in plan.problems for bid in p.boundary_ids)
        displaced = self._drop_faces(plan.removed)
        new_faces = self._add_faces(plan.polygons)
        # Faces may overlap here: an anchor goes to the first face of a full build's order, so the
        # anchors in faces the new ones overlap are placed again too.
        overlapped = {f for _, f in self._face_index.query(plan.polygons, predicate="intersects")}
        areas = set(displaced) | self._strays
        for face in overlapped - set(new_faces):
            areas.update(self._face_areas.get(face, ()))
        before = {a: tuple(self._anchor_faces[a]) for a in areas}
        owners: list[tuple[str, int]] = []
        points: list[tuple[float, float]] = []
        for area_id in sorted(areas, key=self._area_position.__getitem__):
            faces = self._anchor_faces[area_id]
            for held in {f for f in faces if f is not None} - plan.removed:
                holders = self._face_areas[held]
                holders.remove(area_id)
                self._mark_faces((held,))
                if not holders:
                    del self._face_areas[held]
            faces[:] = [None] * len(faces)
            self._strays.add(area_id)
            owners.extend((area_id, i) for i in range(len(faces)))
            points.extend(self._anchors[area_id])
        self._assign(owners, points, self._face_index, rank=self._rank)
        return set(displaced) | {a for a in areas if tuple(self._anchor_faces[a]) != before[a]}

    def _rank(self, face: int) -> int:
        """The place of a face in a full build's order (``model.topology_broken``): polygonize gives
        the faces in the order of their outer rings' first directed edge, two per boundary in the
        map's order, the one from start to end (with the face on its right) first."""
        polygon = self.faces[face]
        assert polygon is not None
        outer: set[tuple[float, float]] | None = None
        if len(polygon.interiors):
            outer = {(x, y) for x, y in polygon.exterior.coords}
        best = 2 * self._next_order + 2
        for bid in self._face_boundaries.get(face, ()):
            if outer is not None:
                x0, y0, x1, y1 = first_segments([self._lines[bid]])[0]
                if (x0, y0) not in outer or (x1, y1) not in outer:
                    continue  # on a hole: not part of the ring that orders the face
            left, right = self._boundary_faces[bid]
            position = 2 * self._boundary_order[bid]
            if right == face:
                best = min(best, position)
            if left == face:
                best = min(best, position + 1)
        return best

    def _locally_clean(self, new_lines: dict[str, LineString], changed: set[str]) -> bool:
        """Whether the changed boundaries keep the linework noded (else a full build is safer)."""
        for bid, line in new_lines.items():
            if line.length == 0 or not line.is_simple or has_repeats(line):
                return False
            others = [b for b in self._line_index.query_keys(line, "intersects") if b not in changed]
            others_new = [b for b in new_lines if b != bid and new_lines[b].intersects(line)]
            for other in others:
                if not meets_at_ends(line, self._lines[other]):
                    return False
            for other in others_new:
                if not meets_at_ends(line, new_lines[other]):
                    return False
        return True

    def _check_linework(self) -> None:
        """Check the whole linework once after a full build; local updates then keep it known.

        A local update of clean linework adds no breaking problem (``_locally_clean``) and touches
        no boundary that has one; one beside broken linework re-checks the boundaries it changed
        (``model.topology_broken``). So the breaking problems stay true until the next full build;
        the dangling ones are kept up to date by ``Derived``.
        """
        work = self.linework_check()
        if work is not None:
            with gc_paused():
                self.accept_linework_check(work.run())

    def linework_check(self) -> LineworkCheck | None:
        """The whole-linework check as work that may run on another thread (None once done).

        It holds its own copies of what it reads, so edits meanwhile do not disturb it; its result
        is only valid for this topology as it is now (``accept_linework_check`` says when).
        """
        if self._breaking is not None:
            return None
        # Plain copies (C-speed); ordering them is left to ``run``, off the caller's thread.
        return LineworkCheck(
            dict(self._lines), dict(self._boundary_order), set(self._boundary_faces), self._builds
        )

    def accept_linework_check(self, problems: LineworkResult) -> bool:
        """Take the result of a ``linework_check`` run; False (and ignored) when the linework was
        rebuilt since or already checked (an edit in between checks it itself)."""
        if self._breaking is not None or problems.build != self._builds:
            return False
        self._breaking = [p for p in problems.problems if p.code in BREAKING]
        self._broken = frozenset(bid for p in self._breaking for bid in p.boundary_ids)
        # A check stopped at a limit says so in one crossing naming a single boundary: past it,
        # which boundaries are broken is not known.
        self._tangled = any(
            p.code == "BOUNDARY_CROSSING" and len(p.boundary_ids) == 1 for p in self._breaking
        )
        self._box_pairs = problems.box_pairs
        return True

    def _derived_state(self) -> Derived:
        """The derived adjacency, sides and dangling boundaries, brought up to date."""
        if self._derived is None:
            sources = Sources(
                lines=self._lines,
                faces=self._boundary_faces,
                holders=self._face_areas,
                lengths=self._lengths,
                order=self._boundary_order,
            )
            self._derived = Derived(self._policy, sources, self._broken, self._for_edits)
            with gc_paused():
                self._derived.refresh_all()
            self._dirty = set()
        if self._derived.broken != self._broken:
            self._dirty |= self._derived.broken ^ self._broken
            self._derived.broken = self._broken
        if self._dirty:
            with gc_paused():
                self._derived.refresh(self._dirty)
            self._dirty = set()
        return self._derived

    def adjacency_derivation(self) -> AdjacencyDerivation | None:
        """The first derivation of adjacency as work another thread may run (None once derived:
        ``adjacency`` is then quick, bringing it up to date one boundary at a time).

        It reads this topology's own tables, without copying them (copying 90,000 boundaries'
        face slots alone took the UI thread 70-180 ms), so its result is only good for the faces
        as they were: ``accept_adjacency`` takes it only if no build or update came in since the
        work was made. An update while it runs may also make it fail (a table changed size while
        it was read); its caller then simply does not take it.
        """
        if self._derived is not None:
            return None
        sources = Sources(
            lines=self._lines,
            faces=self._boundary_faces,
            holders=self._face_areas,
            lengths=self._lengths,
            order=self._boundary_order,
        )
        return AdjacencyDerivation(self._policy.model_copy(), sources, self._broken, self._revision)

    def accept_adjacency(self, derivation: AdjacencyDerivation, derived: Derived) -> bool:
        """Take what an ``adjacency_derivation`` run derived; False (and ignored) when the faces
        were updated or rebuilt since it was taken, or adjacency was derived here meanwhile."""
        if self._derived is not None or derivation.revision != self._revision:
            return False
        derived.rebind(
            Sources(
                lines=self._lines,
                faces=self._boundary_faces,
                holders=self._face_areas,
                lengths=self._lengths,
                order=self._boundary_order,
            )
        )
        self._derived = derived
        self._dirty = set()
        return True

    @property
    def last_refresh_boundaries(self) -> int:
        """How many boundaries the adjacency, sides and dangling check last re-derived."""
        return self._derived.boundaries_refreshed if self._derived is not None else 0

    def prepare_for_edits(self) -> None:
        """Check the whole linework now (what the first local ``update`` needs), so that the first
        edit after opening a big map does not pay for it, and make the boundaries' spatial index
        edits query. Adjacency is derived when first asked for (by the graphs or the validator),
        not here: the editor calls this on its UI thread."""
        self._check_linework()
        self._line_index.prepare()

    # --- queries -----------------------------------------------------------------------------

    def face_ids(self) -> list[int]:
        """Return the ids of the current faces."""
        return [i for i, face in enumerate(self.faces) if face is not None]

    def face(self, face_id: int) -> Polygon:
        """Return the polygon of a face, or raise ``KeyError`` when it does not exist (any more)."""
        polygon = self.faces[face_id] if 0 <= face_id < len(self.faces) else None
        if polygon is None:
            raise KeyError(f"no face {face_id}")
        return polygon

    def area_faces(self, area_id: str) -> list[int]:
        """Return the faces holding the anchors of an area, in anchor order, without repeats."""
        faces = self._anchor_faces.get(area_id, [])
        return list(dict.fromkeys(f for f in faces if f is not None))

    def area_geometry(self, area_id: str) -> AreaShape | None:
        """Return the union of an area's faces (None when no anchor lies in a face)."""
        if area_id not in self._geometry_cache:
            polygons = [self.faces[f] for f in self.area_faces(area_id)]
            shape: AreaShape | None
            if not polygons:
                shape = None
            elif len(polygons) == 1:
                shape = polygons[0]
            else:
                shape = _union(polygons)
            self._geometry_cache[area_id] = shape
        return self._geometry_cache[area_id]

    def gaps(self) -> list[int]:
        """Return the faces that hold no anchor (holes in the map)."""
        return [f for f in self.face_ids() if f not in self._face_areas]

    def shared_faces(self) -> dict[int, list[str]]:
        """Return the faces holding anchors of two or more areas."""
        return {f: list(a) for f, a in self._face_areas.items() if len(a) > 1}

    def stray_anchors(self) -> list[tuple[str, int]]:
        """Return ``(area id, anchor index)`` for every anchor inside no face (outside, or on a line)."""
        stray = [
            (area_id, i)
            for area_id, faces in self._anchor_faces.items()
            for i, face in enumerate(faces)
            if face is None
        ]
        return sorted(stray, key=lambda item: (self._area_position.get(item[0], -1), item[1]))

    def anchor_face(self, area_id: str, index: int) -> int | None:
        """Return the face holding one anchor of an area (None when it is stray)."""
        return self._anchor_faces[area_id][index]

    def boundary_faces(self, boundary_id: str) -> list[int]:
        """Return the faces on either side of a boundary (none, one or two)."""
        return self._faces_of(boundary_id)

    def face_boundaries(self, face_id: int) -> list[str]:
        """Return the boundaries on the rings of a face."""
        return list(self._face_boundaries.get(face_id, ()))

    def boundary_ids(self) -> list[str]:
        """Return the ids of the boundaries this topology was computed from."""
        return list(self._lines)

    def boundaries_near(self, geometry: BaseGeometry, predicate: str = "intersects") -> list[str]:
        """Return the boundaries meeting ``predicate(geometry, boundary)`` (spatially indexed)."""
        return self._line_index.query_keys(geometry, predicate)

    def face_at(self, x: float, y: float) -> int | None:
        """Return the face containing a point (the lowest id when it is on a shared border)."""
        found = self._face_index.query_keys(Point(x, y), "intersects")
        return min(found) if found else None

    def area_at(self, x: float, y: float) -> str | None:
        """Return the area whose face contains a point (None in a gap or outside)."""
        face = self.face_at(x, y)
        holders = self._face_areas.get(face, []) if face is not None else []
        return holders[0] if holders else None

    def boundary_sides(self) -> dict[str, tuple[str | None, str | None]]:
        """Return boundary id -> the areas on its left and right (None: outside the map or a gap).

        Left and right are taken walking from the first point to the last in map coordinates with
        x to the right and y up (mathematical orientation; on screen, where y grows downwards, the
        sides appear mirrored). A face holding two areas gives its first one.
        """
        return dict(self._derived_state().sides())

    def adjacency(self) -> dict[frozenset[str], float]:
        """Return area pair -> total length of the borders they share, after the map's policy.

        Pairs sharing less than ``min_shared_length`` are dropped unless the policy makes corner
        touches adjacent, in which case they stay (with their short length) and pairs meeting
        only at a node are added with length 0. After a local update only the pairs of the
        boundaries it touched are derived again.
        """
        return dict(self._derived_state().adjacency)

    def canonical(self) -> tuple[object, ...]:
        """Return a comparable summary (faces by shape, anchors, adjacency) independent of face ids.

        Two topologies of the same map are equal here whether built fresh or updated.
        """

        def key(face: int | None) -> bytes | None:
            if face is None:
                return None
            return bytes(shapely.to_wkb(shapely.normalize(self.faces[face])))

        faces = sorted(key(f) or b"" for f in self.face_ids())
        holders = sorted((key(f) or b"", tuple(a)) for f, a in self._face_areas.items())
        anchors = sorted((a, tuple(key(f) for f in fs)) for a, fs in self._anchor_faces.items())
        boundaries = sorted((b, tuple(key(f) for f in fs)) for b, fs in self._boundary_faces.items())
        adjacency = sorted((tuple(sorted(p)), round(v, 6)) for p, v in self.adjacency().items())
        return (faces, holders, anchors, boundaries, adjacency, sorted(self.boundary_sides().items()))

    # --- linework problems -------------------------------------------------------------------

    def linework_problems(self) -> list[LineworkProblem]:
        """Return every problem of the linework (see ``LineworkProblem`` for the codes).

        The whole linework is checked once after a full build; after local updates only the
        boundaries they touched (and those sharing their nodes) are looked at again.
        """
        self._check_linework()
        assert self._breaking is not None
        return [*self._breaking, *self._derived_state().dangling_problems()]


def _first_positions(ids: Iterable[str]) -> dict[str, int]:
    """Id -> the position of its first occurrence, in the order of the ids."""
    positions: dict[str, int] = {}
    for i, item in enumerate(ids):
        positions.setdefault(item, i)
    return positions


def _union(polygons: list[Polygon | None]) -> AreaShape:
    """The union of faces; faces of crossing linework may overlap or be invalid, so repair then."""
    parts = np.array(polygons, dtype=object)
    try:
        shape = shapely.union_all(parts)
    except shapely.errors.GEOSException:
        shape = shapely.union_all(shapely.make_valid(parts))
    if isinstance(shape, Polygon | MultiPolygon):
        return shape
    return MultiPolygon([p for p in shapely.get_parts(shape) if isinstance(p, Polygon)])


class LineworkResult:
    """The problems a ``LineworkCheck`` found, which build of the linework it checked, and the box
    pairs it counted (``CheckCounts``; None when not all were counted)."""

    def __init__(self, problems: list[LineworkProblem], build: int, box_pairs: int | None = None) -> None:
        self.problems = problems
        self.build = build
        self.box_pairs = box_pairs


class LineworkCheck:
    """A whole-linework check detached from its topology: ``run`` reads only its own copies."""

    def __init__(
        self, lines: dict[str, LineString], order: dict[str, int], bounded: set[str], build: int
    ) -> None:
        self.lines = lines
        self.order = order
        self.bounded = bounded
        self.build = build

    def run(self) -> LineworkResult:
        """Find the breaking problems (the dangling ones are derived elsewhere), boundaries in map order."""
        places = np.fromiter(map(self.order.__getitem__, self.lines), dtype=np.int64, count=len(self.lines))
        if bool((places[1:] > places[:-1]).all()):
            ordered = self.lines  # in map order already, as after a build: nothing to sort
        else:
            ordered = {bid: self.lines[bid] for bid in sorted(self.lines, key=self.order.__getitem__)}
        counts = CheckCounts()
        problems = find_problems(ordered, self.bounded, dangling=False, counts=counts)
        return LineworkResult(problems, self.build, counts.box_pairs)


class AdjacencyDerivation:
    """The first derivation of a topology's adjacency, as work for another thread: ``run`` reads
    the topology's tables as they are then (see ``Topology.adjacency_derivation``)."""

    def __init__(
        self, policy: AdjacencyPolicy, sources: Sources, broken: frozenset[str], revision: int
    ) -> None:
        self.policy = policy
        self.sources = sources
        self.broken = broken
        self.revision = revision

    def run(self) -> Derived:
        """Derive every boundary's pairs, sides and dangling state (``Derived.refresh_all``)."""
        derived = Derived(self.policy, self.sources, self.broken)
        with gc_paused():
            derived.refresh_all()
        return derived
