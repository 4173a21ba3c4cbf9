"""The operations' indexes (``model.ops.lookup``) give the answers a scan of the map gives, after
edits, undo and redo, and after changes made outside the operations."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from model import ops
from model.geometry import generate_test_map
from model.ops import lookup
from model.ops.core import Recorder
from model.scenario import Boundary, Point, Scenario


def scan_ending_at(scenario: Scenario, node: Point) -> list[int]:
    return [i for i, b in enumerate(scenario.map.boundaries) if b.points[0] == node or b.points[-1] == node]


def scan_position(scenario: Scenario, boundary_id: str) -> int | None:
    ids = [b.id for b in scenario.map.boundaries]
    return ids.index(boundary_id) if boundary_id in ids else None


def assert_same_as_scan(scenario: Scenario) -> None:
    """Every node and every id of the map answered as a scan answers."""
    nodes = {p for b in scenario.map.boundaries for p in (b.points[0], b.points[-1])}
    for node in nodes:
        assert lookup.ending_at(scenario, node) == scan_ending_at(scenario, node)
    for boundary in scenario.map.boundaries:
        found = lookup.position(scenario, lookup.BOUNDARIES, boundary.id)
        assert found == scan_position(scenario, boundary.id)
    assert lookup.position(scenario, lookup.BOUNDARIES, "no-such-boundary") is None
    assert lookup.ending_at(scenario, (-12345.0, -6789.0)) == []


@pytest.fixture(scope="module")
def generated() -> Scenario:
    return generate_test_map(120, seed=11)


def shared_nodes(scenario: Scenario) -> list[tuple[str, int]]:
    """(boundary id, end index) of nodes where three or more boundaries end."""
    ends = Counter(p for b in scenario.map.boundaries for p in (b.points[0], b.points[-1]))
    picks = []
    for boundary in scenario.map.boundaries:
        for index in (0, len(boundary.points) - 1):
            if ends[boundary.points[index]] >= 3:
                picks.append((boundary.id, index))
    return picks


def test_index_answers_as_the_scan_through_a_drag_undo_and_redo(generated: Scenario) -> None:
    scenario = generated.model_copy(deep=True)
    assert_same_as_scan(scenario)
    rng = random.Random(4)
    picks = rng.sample(shared_nodes(scenario), 8)
    changes = []
    for boundary_id, index in picks:
        at = scan_position(scenario, boundary_id)
        assert at is not None
        x, y = scenario.map.boundaries[at].points[index]
        for step in range(1, 4):  # a short drag: each step moves the node on
            at = scan_position(scenario, boundary_id)
            assert at is not None
            end = index if index == 0 else len(scenario.map.boundaries[at].points) - 1
            changes.append(ops.move_vertex(scenario, boundary_id, end, (x + step * 0.7, y - step * 0.3)))
        assert_same_as_scan(scenario)
    redos = [change.revert(scenario) for change in reversed(changes)]
    assert scenario.model_dump() == generated.model_dump()
    assert_same_as_scan(scenario)
    for redo in reversed(redos):
        redo.revert(scenario)
    assert_same_as_scan(scenario)


def test_a_node_moved_onto_another_is_found_with_both_groups(generated: Scenario) -> None:
    """Two nodes made one: the boundaries of both end there, as a scan finds."""
    scenario = generated.model_copy(deep=True)
    ends = Counter(p for b in scenario.map.boundaries for p in (b.points[0], b.points[-1]))
    nodes = [p for p, n in ends.items() if n >= 3]
    here = nodes[0]
    near_here = set(scan_ending_at(scenario, here))
    old = next(p for p in nodes[1:] if not near_here & set(scan_ending_at(scenario, p)))
    assert lookup.ending_at(scenario, here) == scan_ending_at(scenario, here)  # index built
    mover = scenario.map.boundaries[scan_ending_at(scenario, old)[0]]
    ops.move_vertex(scenario, mover.id, 0 if mover.points[0] == old else len(mover.points) - 1, here)
    assert lookup.ending_at(scenario, here) == scan_ending_at(scenario, here)
    assert len(lookup.ending_at(scenario, here)) >= 6
    assert lookup.ending_at(scenario, old) == scan_ending_at(scenario, old) == []


def test_structural_edits_and_changes_outside_the_operations(generated: Scenario) -> None:
    scenario = generated.model_copy(deep=True)
    assert_same_as_scan(scenario)
    victim = scenario.map.boundaries[5].id
    change = ops.delete_boundary(scenario, victim)  # positions after it move down
    assert_same_as_scan(scenario)
    change.revert(scenario)
    assert_same_as_scan(scenario)
    # Outside the operations: an item replaced in place (same length), then items appended.
    first = scenario.map.boundaries[0]
    scenario.map.boundaries[0] = Boundary(id="renamed", points=[(1e4, 1e4), (1e4 + 1, 1e4)])
    assert_same_as_scan(scenario)
    assert lookup.position(scenario, lookup.BOUNDARIES, first.id) is None
    scenario.map.boundaries.append(Boundary(id="extra", points=[first.points[0], (2e4, 2e4)]))
    assert_same_as_scan(scenario)
    scenario.map.boundaries = list(reversed(scenario.map.boundaries))  # a new list altogether
    assert_same_as_scan(scenario)


def test_recorder_replace_saves_only_the_replaced_items(generated: Scenario) -> None:
    """``Recorder.replace`` undoes and redoes like ``save`` plus an assignment."""
    scenario = generated.model_copy(deep=True)
    before = scenario.model_dump()
    rec = Recorder(scenario)
    old = scenario.map.boundaries[3]
    moved = Boundary(id=old.id, points=[*old.points[:-1], (old.points[-1][0] + 1, old.points[-1][1])])
    rec.replace(lookup.BOUNDARIES, 3, moved)
    rec.replace(lookup.BOUNDARIES, 3, moved.model_copy())  # the first old item is the one kept
    rec.save(("map", "areas"))
    change = rec.change("move", ops.Touched(boundaries=frozenset({old.id})))
    after = scenario.model_dump()
    assert after != before
    redo = change.revert(scenario)
    assert scenario.model_dump() == before
    assert scenario.map.boundaries[3] is old
    redo.revert(scenario)
    assert scenario.model_dump() == after


def test_save_after_replace_keeps_the_state_before_both(generated: Scenario) -> None:
    scenario = generated.model_copy(deep=True)
    before = scenario.model_dump()
    rec = Recorder(scenario)
    old = scenario.map.boundaries[2]
    rec.replace(lookup.BOUNDARIES, 2, Boundary(id="other", points=old.points))
    rec.save(lookup.BOUNDARIES)
    del scenario.map.boundaries[0]
    change = rec.change("edit", ops.Touched())
    change.revert(scenario)
    assert scenario.model_dump() == before


def test_indexes_prepared_elsewhere_are_taken_and_answer_as_the_scan(generated: Scenario) -> None:
    scenario = generated.model_copy(deep=True)
    prepared = lookup.prepare(scenario)
    assert prepared.build() is prepared  # what the editor's indexer thread runs
    assert lookup.install(scenario, prepared)
    assert prepared.index.by_node is not None  # the drag's look-ups need no building any more
    assert_same_as_scan(scenario)
    # Edits after the install keep the taken indexes right.
    boundary_id, index = shared_nodes(scenario)[0]
    at = scan_position(scenario, boundary_id)
    assert at is not None
    x, y = scenario.map.boundaries[at].points[index]
    ops.move_vertex(scenario, boundary_id, index, (x + 0.5, y + 0.25))
    assert_same_as_scan(scenario)


def test_indexes_prepared_before_an_edit_are_refused(generated: Scenario) -> None:
    scenario = generated.model_copy(deep=True)
    prepared = lookup.prepare(scenario).build()
    boundary_id, index = shared_nodes(scenario)[1]
    at = scan_position(scenario, boundary_id)
    assert at is not None
    x, y = scenario.map.boundaries[at].points[index]
    change = ops.move_vertex(scenario, boundary_id, index, (x + 0.5, y + 0.25))
    # The snapshot's items are no longer all in the list: taking its indexes would miss the move.
    assert not lookup.install(scenario, prepared)
    assert_same_as_scan(scenario)
    # Undone, the list holds the snapshot's very items again, and the indexes are right for it;
    # but the edit built indexes of its own, which are kept.
    change.revert(scenario)
    assert not lookup.install(scenario, prepared)
    assert_same_as_scan(scenario)
