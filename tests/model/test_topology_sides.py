"""The faces on the two sides of each boundary are matched by hashed segments
(``model.segment_keys.segment_owners``) exactly as by sorted byte keys, equal rows included."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model import segment_keys, topology
from model.geometry import generate_test_map
from model.topology import Topology

_LOOKUP = segment_keys.lookup


def by_byte_keys(rows: np.ndarray, owners: np.ndarray, segments: np.ndarray) -> list[np.ndarray]:
    keys = segment_keys.row_keys(rows)
    order = np.argsort(keys)
    keys, owned = keys[order], owners[order]
    return [_LOOKUP(keys, owned, s) for s in (segments, segments[:, [2, 3, 0, 1]])]


coordinate = st.sampled_from([0.0, -0.0, 1.0, 2.5, 1e-9, 3.0, float("nan")])
row = st.tuples(coordinate, coordinate, coordinate, coordinate)


@settings(max_examples=200, deadline=None)
@given(st.lists(row, max_size=30), st.lists(row, max_size=20))
def test_hashed_matching_finds_what_byte_keys_find(
    rows: list[tuple[float, ...]], segs: list[tuple[float, ...]]
) -> None:
    ring_rows = np.array(rows, dtype=float).reshape(-1, 4)
    ring_rows = ring_rows[~np.isnan(ring_rows).any(axis=1)]  # face rings have no NaN
    owners = np.arange(len(ring_rows), dtype=np.int64) * 3
    segments = np.array([*segs, *rows[:5]], dtype=float).reshape(-1, 4)
    found = segment_keys.segment_owners(ring_rows, owners, segments)
    expected = by_byte_keys(ring_rows, owners, segments)
    assert [f.tolist() for f in found] == [e.tolist() for e in expected]


def test_a_generated_map_takes_the_hashed_matching_and_gets_the_same_sides(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scenario = generate_test_map(400, seed=5)

    def refused(*args: object) -> None:
        raise AssertionError("the byte keys were used")

    monkeypatch.setattr(segment_keys, "lookup", refused)
    hashed = Topology.build(scenario.map)
    monkeypatch.setattr(topology, "segment_owners", by_byte_keys)
    monkeypatch.setattr(segment_keys, "lookup", _LOOKUP)
    keyed = Topology.build(scenario.map)
    assert hashed._boundary_faces == keyed._boundary_faces
    assert hashed._face_boundaries == keyed._face_boundaries
    assert sum(None not in sides for sides in hashed._boundary_faces.values()) > 0.9 * len(
        scenario.map.boundaries
    )
