"""The faces holding every anchor of a map, found at once for a full build of its topology.

``Topology`` places anchors one area at a time after an edit; a build places all of a map's
(30,000 areas and more) with a few array operations instead, and gives the same tables: each
anchor's face (the lowest face id where faces overlap, as broken linework makes them), each
face's areas in map order, and the areas with an anchor in no face.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from model.scenario import Area
from model.spatial_index import SpatialIndex

__all__ = ["AnchorPlaces", "place_anchors"]


@dataclass
class AnchorPlaces:
    """Where the anchors of a map's areas lie (the tables ``Topology`` keeps).

    ``anchor_faces[area id][i]`` is the face holding anchor ``i`` (None: in none);
    ``face_areas[face]`` the areas with an anchor in it, in map order, the faces in the order of
    their first anchor; ``strays`` the areas with an anchor in no face, or no anchor at all.
    """

    anchors: dict[str, tuple[tuple[float, float], ...]]
    anchor_faces: dict[str, list[int | None]]
    face_areas: dict[int, list[str]]
    strays: set[str]


def place_anchors(areas: Sequence[Area], faces: Sequence[object], index: SpatialIndex[int]) -> AnchorPlaces:
    """Find the face of every anchor of ``areas`` (in map order, ids unique) among ``faces``,
    indexed by their position in ``index``.

    A point is in a face when it is inside it, not on its border (shapely's ``within``). The
    index gives the faces whose boxes hold each point; ``contains_xy`` tests those.
    """
    ids = [area.id for area in areas]
    anchors = {area.id: tuple(area.anchors) for area in areas}
    counts = np.fromiter((len(a) for a in anchors.values()), dtype=np.int64, count=len(areas))
    starts = np.concatenate([[0], np.cumsum(counts)])
    points = np.array([p for a in anchors.values() for p in a], dtype=float).reshape(-1, 2)
    face_of_point = np.full(len(points), -1, dtype=np.int64)
    if len(points):
        inputs, found = index.query_arrays(shapely.points(points), predicate=None)
        found = found.astype(np.int64)
        polygons = np.asarray(faces, dtype=object)[found]
        inside = shapely.contains_xy(polygons, points[inputs, 0], points[inputs, 1])
        inputs, found = inputs[inside], found[inside]
        # Overlapping faces (broken linework): the lowest face id, as a full build's order has it.
        order = np.lexsort((found, inputs))
        inputs, found = inputs[order], found[order]
        first = np.ones(len(inputs), dtype=bool)
        first[1:] = inputs[1:] != inputs[:-1]
        face_of_point[inputs[first]] = found[first]
    slots = face_of_point.astype(object)
    slots[face_of_point < 0] = None
    values = slots.tolist()
    bounds = starts.tolist()
    anchor_faces = {area_id: values[bounds[k] : bounds[k + 1]] for k, area_id in enumerate(ids)}
    area_of_point = np.repeat(np.arange(len(areas)), counts)
    unplaced = np.zeros(len(areas), dtype=bool)
    unplaced[area_of_point[face_of_point < 0]] = True
    unplaced |= counts == 0
    strays = {ids[k] for k in np.nonzero(unplaced)[0].tolist()}
    return AnchorPlaces(anchors, anchor_faces, _face_areas(face_of_point, area_of_point, ids), strays)


def _face_areas(face_of_point: np.ndarray, area_of_point: np.ndarray, ids: list[str]) -> dict[int, list[str]]:
    """Each face's areas (once each, in map order), the faces in the order of their first point."""
    placed = np.nonzero(face_of_point >= 0)[0]
    faces, holders = face_of_point[placed], area_of_point[placed]
    order = np.lexsort((placed, faces))  # by face, then by point (so by area: points are in map order)
    faces, holders, placed = faces[order], holders[order], placed[order]
    keep = np.ones(len(faces), dtype=bool)
    keep[1:] = (faces[1:] != faces[:-1]) | (holders[1:] != holders[:-1])
    faces, holders, placed = faces[keep], holders[keep], placed[keep]
    if not len(faces):
        return {}
    starts = np.nonzero(np.concatenate([[True], faces[1:] != faces[:-1]]))[0]
    stops = np.append(starts[1:], len(faces))
    names = np.asarray(ids, dtype=object)[holders].tolist() if len(holders) else []
    by_first_point = np.argsort(placed[starts], kind="stable")
    face_list = faces[starts].tolist()
    start_list, stop_list = starts.tolist(), stops.tolist()
    return {face_list[g]: names[start_list[g] : stop_list[g]] for g in by_first_point.tolist()}
