"""The boundaries' order and positions kept through updates without re-indexing the map (issue 15).

An id put in the middle of the boundary list gets an order key between its neighbours' and no
other key changes; a position is a hint checked against the list; the id lists are read only where
the map's objects changed. Through all of it an update must still equal a fresh build.
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import model.topology as topology_module
from model import ops
from model.scenario import Boundary, Scenario
from model.topology import Topology
from model.topology_order import ORDER_GAP, ids_after, key_places, locate, order_keys, other_objects
from tests.model.local_update_helpers import AREAS, assert_fresh, generated_map


def test_order_keys_are_a_gap_apart() -> None:
    assert order_keys(["a", "b", "c"]) == {"a": 0, "b": ORDER_GAP, "c": 2 * ORDER_GAP}


def test_ids_put_between_neighbours_share_their_gap() -> None:
    order = order_keys(["a", "b", "c"])
    ids = ["a", "x", "y", "b", "c", "z"]
    assert key_places(order, ids, [1, 2, 5])
    third = ORDER_GAP // 3
    assert order == {
        "a": 0,
        "x": third,
        "y": 2 * third,
        "b": ORDER_GAP,
        "c": 2 * ORDER_GAP,
        "z": 3 * ORDER_GAP,  # appended: a gap after the last one
    }


def test_an_id_put_first_goes_a_gap_before_the_first() -> None:
    order = order_keys(["a", "b"])
    assert key_places(order, ["x", "a", "b"], [0])
    assert order == {"x": -ORDER_GAP, "a": 0, "b": ORDER_GAP}


def test_no_room_between_neighbours_asks_for_keying_all_again() -> None:
    order = {"a": 0, "b": 1}
    assert not key_places(order, ["a", "x", "b"], [1])
    assert not key_places({"a": 0}, ["a", "q", "x"], [2])  # a neighbour without a key


def test_locate_checks_the_hint_then_scans_near_it_then_everywhere() -> None:
    ids = [f"b{k}" for k in range(100)]
    assert locate(ids, "b40", 40, 0) == 40
    assert locate(ids, "b40", 43, 3) == 40  # shifted by three removals before it
    assert locate(ids, "b40", 90, 3) == 40  # a wrong hint: the whole list
    assert locate(ids, "b40", None, 0) == 40
    with pytest.raises(ValueError):
        locate(ids, "gone", 40, 3)


class _Item:
    """An item compared by identity that counts how often its id is read."""

    reads = 0

    def __init__(self, name: str) -> None:
        self.name = name

    @property
    def id(self) -> str:
        _Item.reads += 1
        return self.name


def _ids_after_reading(old: list[_Item], new: list[_Item]) -> tuple[list[str], int]:
    old_ids = [item.name for item in old]
    _Item.reads = 0
    ids = ids_after(old, old_ids, new, {bid: k for k, bid in enumerate(old_ids)})
    return ids, _Item.reads


def test_ids_after_reads_only_the_items_that_changed() -> None:
    old = [_Item(f"b{k}") for k in range(10_000)]
    names = [item.name for item in old]
    replaced = list(old)
    replaced[5000] = _Item("r")
    replaced.append(_Item("n"))
    assert _ids_after_reading(old, replaced) == ([*names[:5000], "r", *names[5001:], "n"], 2)
    deleted = old[:300] + old[301:]
    assert _ids_after_reading(old, deleted) == (names[:300] + names[301:], 1)
    # A boundary cut by a new one: it keeps its place as a new object with its id, its other
    # pieces go right after it, and the new boundary's pieces at the end.
    cut = [*old[:700], _Item("b700"), _Item("p1"), _Item("p2"), *old[701:], _Item("q1"), _Item("q2")]
    ids, reads = _ids_after_reading(old, cut)
    assert ids == [*names[:700], "b700", "p1", "p2", *names[701:], "q1", "q2"]
    assert reads <= 8


_EDIT = st.tuples(st.sampled_from(["remove", "insert", "replace", "append"]), st.integers(0, 10**6))


@settings(max_examples=200)
@given(st.integers(0, 9000), st.lists(_EDIT, max_size=4))
def test_ids_after_are_the_new_items_ids(size: int, edits: list[tuple[str, int]]) -> None:
    old = [_Item(f"b{k}") for k in range(size)]
    new = list(old)
    for serial, (kind, at) in enumerate(edits):
        if kind == "remove" and new:
            new.pop(at % len(new))
        elif kind == "insert":
            new.insert(at % (len(new) + 1), _Item(f"n{serial}"))
        elif kind == "replace" and new:  # a new object, perhaps with the same id
            new[at % len(new)] = _Item(new[at % len(new)].id if at % 2 else f"r{serial}")
        elif kind == "append":
            new.append(_Item(f"a{serial}"))
    assert _ids_after_reading(old, new)[0] == [item.name for item in new]


def _increasing_in_map_order(topology: Topology, scenario: Scenario) -> bool:
    keys = [topology._boundary_order[b.id] for b in scenario.map.boundaries]
    return len(topology._boundary_order) == len(keys) and all(a < b for a, b in pairwise(keys))


@pytest.fixture
def voronoi() -> Scenario:
    return generated_map(AREAS, 7)


def test_a_border_deleted_and_put_back_in_the_middle_rekeys_nothing_else(voronoi: Scenario) -> None:
    topology = Topology.build(voronoi.map)
    topology.prepare_for_edits()
    ids = [b.id for b in voronoi.map.boundaries]
    victim = ids[len(ids) // 2]
    before = dict(topology._boundary_order)
    change = ops.delete_boundary(voronoi, victim)
    topology.update(voronoi.map, change.touched.boundaries, change.touched.areas)
    assert topology.last_update_was_local
    assert topology._boundary_order == {b: k for b, k in before.items() if b != victim}
    assert_fresh(voronoi, topology)
    undo = change.revert(voronoi)
    topology.update(voronoi.map, undo.touched.boundaries, undo.touched.areas)
    assert topology.last_update_was_local
    assert topology._boundary_order == before  # back between its neighbours, at the same key
    assert topology._position_slack == 2  # one went, then one came: the hints after it shifted
    assert_fresh(voronoi, topology)


def test_islands_put_at_one_place_until_the_gap_runs_out(voronoi: Scenario) -> None:
    """Each island goes in before the last one, halving the gap there; after twenty the list is
    keyed again. Every update still equals a fresh build and keeps the keys in map order."""
    topology = Topology.build(voronoi.map)
    topology.prepare_for_edits()
    at = len(voronoi.map.boundaries) // 2
    (x, y) = voronoi.map.areas[len(voronoi.map.areas) // 2].anchors[0]
    rekeyed = 0
    for t in range(24):
        x0, y0 = x + 6.0 + 3.0 * t, y + 6.0
        ring = [(x0, y0), (x0 + 2.0, y0), (x0 + 2.0, y0 + 2.0), (x0, y0)]
        voronoi.map.boundaries.insert(at, Boundary(id=f"isle{t}", points=ring))
        before = dict(topology._boundary_order)
        topology.update(voronoi.map, {f"isle{t}"})
        assert topology.last_update_was_local
        assert _increasing_in_map_order(topology, voronoi)
        kept = all(topology._boundary_order[b] == k for b, k in before.items())
        rekeyed += not kept
    assert rekeyed == 1  # 2**20 halved twenty times leaves no room: once, the whole list
    assert_fresh(voronoi, topology)


def test_position_hints_are_made_exact_past_their_slack(
    voronoi: Scenario, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(topology_module, "POSITION_SLACK", 2)
    topology = Topology.build(voronoi.map)
    topology.prepare_for_edits()
    ids = [b.id for b in voronoi.map.boundaries]
    slacks = []
    for victim in (ids[40], ids[80], ids[120]):
        change = ops.delete_boundary(voronoi, victim)
        topology.update(voronoi.map, change.touched.boundaries, change.touched.areas)
        slacks.append(topology._position_slack)
        # a node of a boundary after the deleted ones, found from its hint
        boundary = voronoi.map.boundaries[150]
        (x, y) = boundary.points[0]
        move = ops.move_vertex(voronoi, boundary.id, 0, (x + 1.0, y + 1.0))
        topology.update(voronoi.map, move.touched.boundaries, move.touched.areas)
    assert slacks == [1, 2, 0]  # the third went past two: every hint exact again
    assert topology._boundary_position == {b.id: k for k, b in enumerate(voronoi.map.boundaries)}
    assert_fresh(voronoi, topology)


def test_a_copied_list_is_read_in_full_not_compared_item_by_item() -> None:
    old = [_Item(f"b{k}") for k in range(1000)]
    copied = [_Item(item.name) for item in old]
    assert other_objects(old, copied)
    assert not other_objects(old, old[:500] + old[501:])  # a deletion keeps the first and last
    assert _ids_after_reading(old, copied) == ([item.name for item in old], 1000)


def test_an_update_with_a_copy_of_the_map_equals_a_fresh_build(voronoi: Scenario) -> None:
    """A caller may hand the topology a deep copy of the map it was built from, then edit that."""
    topology = Topology.build(voronoi.map)
    copy = voronoi.model_copy(deep=True)
    victim = copy.map.boundaries[len(copy.map.boundaries) // 2].id
    change = ops.delete_boundary(copy, victim)
    topology.update(copy.map, change.touched.boundaries, change.touched.areas)
    assert victim not in topology._boundary_order
    assert_fresh(copy, topology)
