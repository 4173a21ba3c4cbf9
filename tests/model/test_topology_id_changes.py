"""The ids an update finds added and removed, from the places where two id lists differ (issue 15).

``Topology.update`` compares the map's boundary ids with those it last saw only where they differ
(edits add and remove ids in one stretch, an undo puts them back in place; a cut boundary keeps its
place and its other pieces are appended), and must find exactly what comparing them all as sets
finds, or say that ids repeat; the places it keys again must hold every id that came or moved,
and the ids elsewhere must be old ones in their old order.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from model.topology_order import ID_CHUNK, id_changes, walk_differences

_EDIT = st.tuples(
    st.sampled_from(["remove", "insert", "repeat", "replace", "append", "move"]),
    st.integers(0, 10**6),
    st.integers(0, 99),
)


@settings(max_examples=300)
@given(st.integers(0, 3 * ID_CHUNK), st.lists(_EDIT, max_size=4))
def test_id_changes_are_those_of_comparing_all_ids(size: int, edits: list[tuple[str, int, int]]) -> None:
    """Ids removed, inserted and repeated anywhere in a list (across chunk edges too)."""
    old = [f"b{i}" for i in range(size)]
    new = list(old)
    for kind, at, name in edits:
        if kind == "remove" and new:
            new.pop(at % len(new))
        elif kind == "insert":
            new.insert(at % (len(new) + 1), f"n{name}")
        elif kind == "replace" and new:  # a boundary cut: its first piece takes its place
            new[at % len(new)] = f"r{name}"
        elif kind == "append":  # and the other pieces go at the end
            new.append(f"a{name}")
        elif kind == "move" and new:  # not an edit's, but the update must still see it right
            new.insert(name % len(new), new.pop(at % len(new)))
        elif new:
            new.insert(at % (len(new) + 1), new[name % len(new)])
    found = id_changes(old, new, {bid: k for k, bid in enumerate(old)})
    if found is None:
        assert len(set(new)) < len(new)  # only when ids repeat
        return
    added, removed, places = found
    assert added == set(new) - set(old)
    assert removed == set(old) - set(new)
    # The ids left out of the places are old ones in their old order (their order keys stay
    # right), and every added id is in the places (it gets a key).
    kept = sorted(set(range(len(new))) - set(places.indexes()))
    where = {bid: k for k, bid in enumerate(old)}
    assert [where[new[k]] for k in kept] == sorted(where[new[k]] for k in kept)
    assert added <= set(places.positions(new))
    assert places.positions(new) == {new[k]: k for k in set(range(len(new))) - set(kept)}


def test_repeated_old_ids_are_compared_in_full() -> None:
    """Old ids that repeat (a map the validator reports DUPLICATE_ID for): no shortcut."""
    assert id_changes(["a", "a", "b"], ["a", "b"], {"a": 0, "b": 1}) is None


def test_a_cut_boundary_re_indexes_only_its_place_and_the_end() -> None:
    """A boundary cut into pieces far from the end (its first piece in its place, two appended):
    only that place and the appended ones are re-indexed, not the stretch between."""
    old = [f"b{i}" for i in range(3 * ID_CHUNK)]
    new = [*old, "p1", "p2"]
    new[500] = "p0"
    found = id_changes(old, new, {bid: k for k, bid in enumerate(old)})
    assert found is not None
    added, removed, places = found
    assert (added, removed) == ({"p0", "p1", "p2"}, {"b500"})
    assert places.differing == [500]
    assert (places.tail, places.stop) == (len(old), len(new))
    assert places.positions(new) == {"p0": 500, "p1": len(old), "p2": len(old) + 1}


def test_pieces_inserted_after_a_cut_boundary_are_walked_over() -> None:
    """A cut boundary's pieces go right after it, and a new boundary's at the end: the walk over
    both lists gives just those ids, not the whole stretch from the first one to the end."""
    old = [f"b{i}" for i in range(3 * ID_CHUNK)]
    new = [*old[:501], "c1", "c2", *old[501:], "n1"]
    positions = {bid: k for k, bid in enumerate(old)}
    assert walk_differences(old, new, 501, positions) == ([], [501, 502], len(new) - 1)
    removed = [*old[:700], *old[703:]]
    assert walk_differences(old, removed, 700, positions) == (["b700", "b701", "b702"], [], len(removed))
    found = id_changes(old, new, positions)
    assert found is not None
    assert found[:2] == ({"c1", "c2", "n1"}, set())
    # Only the inserted and appended ids are keyed, not the stretch between them.
    assert found[2].positions(new) == {"c1": 501, "c2": 502, "n1": len(new) - 1}
