"""``Topology.fork``: a copy to update apart (the live validator's), sharing the immutable geometry."""

from __future__ import annotations

from model.geometry import generate_test_map
from model.topology import Topology


def test_a_fork_is_updated_apart_from_its_original_and_shares_its_faces() -> None:
    scenario = generate_test_map(60, seed=3)
    original = Topology.build(scenario.map)
    fork = original.fork()
    assert fork.canonical() == original.canonical()
    assert all(a is b for a, b in zip(fork.faces, original.faces, strict=True))

    boundary = scenario.map.boundaries[0]
    (x0, y0), (x1, y1) = boundary.points[0], boundary.points[1]
    bent = [boundary.points[0], ((x0 + x1) / 2 + 1e-3, (y0 + y1) / 2 + 1e-3), *boundary.points[1:]]
    edited = scenario.map.model_copy(
        update={"boundaries": [boundary.model_copy(update={"points": bent}), *scenario.map.boundaries[1:]]}
    )
    before = original.canonical()
    fork.update(edited, {boundary.id}, set())
    assert original.canonical() == before  # the original's faces and indexes are as they were
    assert fork.canonical() == Topology.build(edited).canonical() != before
    assert fork.adjacency() == Topology.build(edited).adjacency()
