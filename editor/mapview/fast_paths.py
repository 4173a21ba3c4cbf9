"""Painter paths made from coordinate arrays in one pass, without a Python call per vertex.

A map of 30,000 areas has about a million vertices in its borders and faces; building its paths
with ``moveTo`` and ``lineTo`` from Python cost over a second when the map opened. Here the
vertices of many paths are packed with numpy into the layout ``QDataStream`` reads a
``QPainterPath`` from (an element count, then per element its type as a 32-bit integer and its
x and y as doubles, then the start of the last subpath and the fill rule, all big-endian: Qt's
``operator>>(QDataStream &, QPainterPath &)``), and Qt reads each path in one C++ call.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

import numpy as np
import shapely
from PySide6.QtCore import QByteArray, QDataStream, QIODevice, Qt
from PySide6.QtGui import QPainterPath

_ELEMENT = np.dtype([("type", ">i4"), ("x", ">f8"), ("y", ">f8")])
"""One path element as ``QDataStream`` writes it."""
_MOVE, _LINE = 0, 1
"""``QPainterPath.ElementType.MoveToElement`` and ``LineToElement``."""


def pack_paths(
    xy: np.ndarray, moves: np.ndarray, offsets: np.ndarray, fill_rule: Qt.FillRule
) -> list[QPainterPath]:
    """Paths from vertices: ``xy`` (n x 2) in drawing order, ``moves`` (n booleans) true where a
    subpath starts, ``offsets`` (m + 1 ascending indexes) where each of the m paths begins and the
    last one ends. Each path's first vertex must start a subpath."""
    packed = np.empty(len(xy), dtype=_ELEMENT)
    packed["type"] = np.where(moves, _MOVE, _LINE)
    if len(xy):
        packed["x"], packed["y"] = xy[:, 0], xy[:, 1]
    data = packed.tobytes()
    size = _ELEMENT.itemsize
    bounds = offsets.tolist()
    # Where each path's last subpath starts, relative to the path: the last move before its end.
    starts = np.flatnonzero(moves)
    ends = np.asarray(offsets[1:], dtype=np.int64)
    last = starts[np.maximum(np.searchsorted(starts, ends) - 1, 0)] if len(starts) else np.zeros_like(ends)
    lasts = (last - np.asarray(offsets[:-1], dtype=np.int64)).tolist()
    # Every path in one stream, read one after the other: a stream per path cost more than the read.
    pieces: list[bytes] = []
    for begin, end, start in zip(bounds[:-1], bounds[1:], lasts, strict=True):
        count = end - begin
        pieces.append(struct.pack(">i", count))
        if count:
            pieces.append(data[begin * size : end * size])
            pieces.append(struct.pack(">ii", start, fill_rule.value))
    buffer = QByteArray(b"".join(pieces))  # kept alive while the stream reads it
    stream = QDataStream(buffer, QIODevice.OpenModeFlag.ReadOnly)
    paths = []
    for _ in range(len(bounds) - 1):
        path = QPainterPath()
        stream >> path  # type: ignore[operator]  # PySide6 binds Qt's operator>>
        paths.append(path)
    return paths


def polylines_path(lines: Sequence[Sequence[tuple[float, float]]]) -> QPainterPath:
    """One path holding an open polyline through each list of points (a batch of borders)."""
    counts = np.fromiter((len(line) for line in lines), dtype=np.int64, count=len(lines))
    if not counts.sum():
        return QPainterPath()
    xy = np.array([point for line in lines for point in line], dtype=float).reshape(-1, 2)
    moves = np.zeros(len(xy), dtype=bool)
    moves[np.cumsum(counts)[:-1][counts[1:] > 0]] = True
    moves[0] = True
    return pack_paths(xy, moves, np.array([0, len(xy)]), Qt.FillRule.OddEvenFill)[0]


def polygons_paths(
    faces: Sequence[object], members: Sequence[Sequence[int]]
) -> tuple[list[QPainterPath], np.ndarray]:
    """For each list of ``members`` (indexes into ``faces``, shapely polygons), one path holding
    every ring of those polygons (odd-even fill: holes stay empty, an island in a hole is filled),
    and the paths' extents as rows of (left, top, right, bottom) (NaN for a path with no face)."""
    count = len(members)
    sizes = np.fromiter((len(m) for m in members), dtype=np.int64, count=count)
    pair_face = np.fromiter((f for m in members for f in m), dtype=np.int64, count=int(sizes.sum()))
    extents = np.full((count, 4), np.nan)
    if not len(pair_face):
        return [QPainterPath() for _ in range(count)], extents
    used, local = np.unique(pair_face, return_inverse=True)
    polygons = np.array([faces[f] for f in used.tolist()], dtype=object)
    rings, ring_face = shapely.get_rings(polygons, return_index=True)
    coords, ring_of = shapely.get_coordinates(rings, return_index=True)
    # Each face's vertices, contiguous in ``coords`` (rings come face by face, in order).
    face_size = np.bincount(ring_face[ring_of], minlength=len(used))
    face_start = np.concatenate([[0], np.cumsum(face_size)[:-1]])
    ring_start = np.ones(len(coords), dtype=bool)
    ring_start[1:] = ring_of[1:] != ring_of[:-1]
    # The members' faces one after the other: the vertex indexes of every path, in order.
    lengths = face_size[local]
    total = int(lengths.sum())
    first = np.repeat(face_start[local] - np.concatenate([[0], np.cumsum(lengths)[:-1]]), lengths)
    order = first + np.arange(total)
    pair_offsets = np.concatenate([[0], np.cumsum(lengths)])
    path_offsets = pair_offsets[np.concatenate([[0], np.cumsum(sizes)])]
    paths = pack_paths(coords[order], ring_start[order], path_offsets, Qt.FillRule.OddEvenFill)
    face_bounds = shapely.bounds(polygons)[local]
    has = sizes > 0
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])[has]
    extents[has, 0] = np.minimum.reduceat(face_bounds[:, 0], starts)
    extents[has, 1] = np.minimum.reduceat(face_bounds[:, 1], starts)
    extents[has, 2] = np.maximum.reduceat(face_bounds[:, 2], starts)
    extents[has, 3] = np.maximum.reduceat(face_bounds[:, 3], starts)
    return paths, extents
