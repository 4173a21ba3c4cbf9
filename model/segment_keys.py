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


def segment_owners(rows: np.ndarray, owners: np.ndarray, segments: np.ndarray) -> list[np.ndarray]:
    """For each of ``segments`` (rows ``x0 y0 x1 y1``), the owner of the equal row of ``rows`` in
    its own direction and in the other one (-1 where none): the faces on its left and right.

    Rows are matched by a 64-bit hash of their bits, sorted and searched as integers, and every
    match is confirmed on the coordinates (a third of the time of sorting them as 32-byte keys). A
    hash that two rows share, as equal rows do where faces overlap (broken linework), sends the
    match to those byte keys, which settle which owner is found as they always did.
    """
    reverse = segments[:, [2, 3, 0, 1]]
    hashes = _row_hashes(rows)
    order = np.argsort(hashes)
    ordered = hashes[order]
    if len(ordered) > 1 and bool((ordered[1:] == ordered[:-1]).any()):
        keys = row_keys(rows)
        order = np.argsort(keys)
        keys, owned = keys[order], owners[order]
        return [lookup(keys, owned, segments), lookup(keys, owned, reverse)]
    return [_hash_lookup(ordered, order, rows, owners, wanted) for wanted in (segments, reverse)]


_HASH_FACTORS = np.array(
    [0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93], dtype=np.uint64
)


def _row_hashes(rows: np.ndarray) -> np.ndarray:
    """A 64-bit hash of each row of four floats (-0.0 taken as 0.0, as ``row_keys`` does)."""
    bits = np.ascontiguousarray(rows + 0.0, dtype=np.float64).view(np.uint64).reshape(-1, 4)
    mixed = bits * _HASH_FACTORS  # wraps around, as a hash should
    hashes: np.ndarray = (
        mixed[:, 0] ^ mixed[:, 1] ^ (mixed[:, 2] >> np.uint64(7)) ^ (mixed[:, 3] << np.uint64(5))
    )
    mixed_down: np.ndarray = hashes ^ (hashes >> np.uint64(31))
    return mixed_down


def _hash_lookup(
    ordered: np.ndarray, order: np.ndarray, rows: np.ndarray, owners: np.ndarray, segments: np.ndarray
) -> np.ndarray:
    """For each segment, the owner of the equal row (-1 where none), the rows' hashes being
    ``ordered`` (sorted, all different) and ``order`` their rows."""
    result = np.full(len(segments), -1, dtype=np.int64)
    if not len(ordered) or not len(segments):
        return result
    at = np.searchsorted(ordered, _row_hashes(segments))
    inside = np.nonzero(at < len(ordered))[0]
    found = order[at[inside]]
    # An equal row has an equal hash, and no other row has that hash: a match that is not equal
    # on the coordinates is a row that is not there. NaN (a line without a segment) equals nothing.
    equal = (rows[found] == segments[inside]).all(axis=1)
    result[inside[equal]] = owners[found[equal]]
    return result
