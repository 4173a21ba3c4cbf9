"""The ids an update finds added and removed, from the stretch where two id lists differ (issue 15).

``Topology.update`` compares the map's boundary ids with those it last saw only from the first
difference to the last (edits add and remove ids in one stretch; an undo puts them back in place),
and must find exactly what comparing them all as sets finds, or say that ids repeat.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from model.topology import ID_CHUNK, _id_changes

_EDIT = st.tuples(st.sampled_from(["remove", "insert", "repeat"]), st.integers(0, 10**6), st.integers(0, 99))


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
        elif new:
            new.insert(at % (len(new) + 1), new[name % len(new)])
    found = _id_changes(old, new, dict.fromkeys(old))
    if found is None:
        assert len(set(new)) < len(new)  # only when ids repeat
        return
    added, removed, start = found
    assert added == set(new) - set(old)
    assert removed == set(old) - set(new)
    assert old[:start] == new[:start]
    assert start == min(len(old), len(new)) or old[start] != new[start]


def test_repeated_old_ids_are_compared_in_full() -> None:
    """Old ids that repeat (a map the validator reports DUPLICATE_ID for): no shortcut."""
    assert _id_changes(["a", "a", "b"], ["a", "b"], {"a": 0, "b": 1}) is None
