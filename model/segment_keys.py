"""Directed segments as exact, sortable keys: how ``model.topology`` tells which boundary lies on
which ring of a face (``polygonize`` copies the boundaries' coordinates, so they compare exactly)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import LineString


def first_segments(lines: Sequence[LineString]) -> np.ndarray:
    """The first segment of non-zero length of each line, as rows ``x0 y0 x1 y1`` (NaN if none)."""
    found = np.full((len(lines), 4), np.nan)
    if not len(lines):
        return found
    coords, owner = shapely.get_coordinates(np.array(lines, dtype=object), return_index=True)
    moving = (owner[:-1] == owner[1:]) & np.any(coords[:-1] != coords[1:], axis=1)
    starts = np.nonzero(moving)[0]
    owners, first = np.unique(owner[starts], return_index=True)
    found[owners] = np.hstack([coords[starts[first]], coords[starts[first] + 1]])
    return found


def row_keys(rows: np.ndarray) -> np.ndarray:
    """Rows of four floats as sortable byte strings (-0.0 folded into 0.0 so equal means equal)."""
    clean = np.ascontiguousarray(rows + 0.0, dtype=np.float64).reshape(-1, 4)
    return clean.view(np.dtype((np.void, 32))).reshape(-1)


def ring_segments(rings: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The directed segments of these rings (or lines) as sorted keys, and the index of the ring
    each comes from."""
    if not len(rings):
        return row_keys(np.empty((0, 4))), np.array([], dtype=np.int64)
    coords, ring_of = shapely.get_coordinates(rings, return_index=True)
    same = ring_of[:-1] == ring_of[1:]
    keys = row_keys(np.hstack([coords[:-1][same], coords[1:][same]]))
    owners = ring_of[:-1][same]
    order = np.argsort(keys)
    return keys[order], owners[order]


def lookup(keys: np.ndarray, owners: np.ndarray, segments: np.ndarray) -> np.ndarray:
    """For each segment (a row ``x0 y0 x1 y1``), the owner of the equal key in sorted ``keys``
    (-1 where there is none, or the segment is NaN)."""
    result = np.full(len(segments), -1, dtype=np.int64)
    if not len(keys) or not len(segments):
        return result
    wanted = row_keys(segments)
    at = np.searchsorted(keys, wanted)
    inside = at < len(keys)
    hit = np.zeros(len(segments), dtype=bool)
    hit[inside] = keys[at[inside]] == wanted[inside]
    hit &= ~np.isnan(segments).any(axis=1)
    result[hit] = owners[at[hit]]
    return result
