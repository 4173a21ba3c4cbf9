"""The boundaries' order between updates: where ids came and went, order keys with gaps, positions.

``Topology.update`` needs three things of the map's boundary list after an edit: which ids came and
went, the order of the boundaries (faces and linework problems follow it, as a full build's do), and
where a changed boundary is in the list (to read it). Doing any of them over the whole list costs
a few milliseconds at 90,000 boundaries, and an insertion or a deletion in the middle of the list
used to re-index every position after it. Here each one is proportional to the edit:

* ``id_changes`` compares the old and the new id lists only where they differ (``Places``);
* the order is a key per id, spaced ``ORDER_GAP`` apart after a full keying, so that ids put in the
  middle get keys between their neighbours' (``key_places``) and no other key changes;
* positions are hints, each within ``slack`` places of the truth (the ids that came and went since
  the hints were last exact bound how far any id can have shifted), checked by ``locate``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import filterfalse
from typing import Protocol

__all__ = [
    "ID_CHUNK",
    "ORDER_GAP",
    "Places",
    "id_changes",
    "ids_after",
    "key_places",
    "locate",
    "order_keys",
    "other_objects",
    "walk_differences",
]

ID_CHUNK = 4096
"""Ids compared at a time (in C) while looking for where two id lists start to differ."""

ORDER_GAP = 1 << 20
"""The step between two neighbours' order keys after a full keying: room for 20 halvings at one
place (ids inserted one after another at the same spot) before the whole list is keyed again."""


def order_keys(ids: list[str]) -> dict[str, int]:
    """Id -> order key, ``ORDER_GAP`` apart in the order of the ids (the last of a repeated id)."""
    return dict(zip(ids, range(0, len(ids) * ORDER_GAP, ORDER_GAP), strict=True))


def _common_prefix(old: Sequence[object], new: Sequence[object]) -> int:
    """How many items (ids) the two lists share at their start (compared a chunk at a time, in C)."""
    size = min(len(old), len(new))
    at = 0
    while at < size and old[at : at + ID_CHUNK] == new[at : at + ID_CHUNK]:
        at += ID_CHUNK
    for k in range(at, min(at + ID_CHUNK, size)):  # the first difference is in this chunk, if any
        if old[k] is not new[k] and old[k] != new[k]:  # `!=` alone compares even the same object
            return k
    return size


ALIGNED_DIFFERENCES = 64
"""Places where two id lists of the same length so far may differ before they are taken as shifted."""


@dataclass(frozen=True)
class Places:
    """Where a new id list differs from the old one: the ``differing`` positions (ascending, all
    before ``tail``) and those from ``tail`` up to ``stop``. The ids at every other position are
    old ones in their old order (they may have shifted, but none passed another)."""

    differing: list[int]
    tail: int
    stop: int

    def indexes(self) -> list[int]:
        """Every position of these places, ascending."""
        return [*self.differing, *range(self.tail, self.stop)]

    def positions(self, ids: list[str]) -> dict[str, int]:
        """Id -> its position, for the ids at these places of ``ids`` (the new list)."""
        return {ids[k]: k for k in self.indexes()}


def _aligned_differences(
    old: Sequence[object], new: Sequence[object], start: int, stop: int
) -> list[int] | None:
    """The positions below ``stop`` from ``start`` on where the lists differ, compared a chunk at a
    time in C; None when there are more than ``ALIGNED_DIFFERENCES`` (ids shifted, not replaced)."""
    found: list[int] = []
    at = start
    while at < stop:
        top = min(at + ID_CHUNK, stop)
        if old[at:top] != new[at:top]:
            for k in range(at, top):
                if old[k] is not new[k] and old[k] != new[k]:
                    found.append(k)
                    if len(found) > ALIGNED_DIFFERENCES:
                        return None
        at = top
    return found


WALK_STEPS = 256
"""Places where the id lists differ that ``walk_differences`` steps over before giving way."""


def walk_differences(
    old: list[str], new: list[str], start: int, order: Mapping[str, int]
) -> tuple[list[str], list[int], int] | None:
    """Walk both lists from ``start`` (a difference), comparing the stretches in between a chunk at
    a time in C: the old ids where they differ, the new list's positions where they differ, and
    where the new list's tail that differs starts (every position from it on differs too); None
    after ``WALK_STEPS`` places, or when ``order`` is not increasing along ``old``.

    ``order`` holds a key for each old id, increasing along ``old``. At a difference, a new id
    without a key, or keyed before where the walk is in the old list, is the new list's; else the
    old ids up to where it is in the old list are the old list's. Every other id is matched with
    itself at the same offset, so the results hold every id that comes, goes or moves
    (``id_changes`` checks that none repeats).
    """
    old_out: list[str] = []
    new_at: list[int] = []
    i = j = start
    steps = 0
    while i < len(old) and j < len(new):
        if old[i : i + ID_CHUNK] == new[j : j + ID_CHUNK]:
            i += ID_CHUNK
            j += ID_CHUNK
            continue
        same = 0
        for k in range(min(ID_CHUNK, len(old) - i, len(new) - j)):
            if old[i + k] != new[j + k]:
                break
            same += 1
        i += same
        j += same
        if i == len(old) or j == len(new):
            break
        steps += 1
        if steps > WALK_STEPS:
            return None
        key = order.get(new[j])
        if key is None or key < order[old[i]]:
            new_at.append(j)
            j += 1
        else:
            try:  # further on in the old list: the ids up to it are gone (a short scan, in C)
                at = old.index(new[j], i)
            except ValueError:
                return None  # the keys do not follow the old list
            old_out.extend(old[i:at])
            i = at
    old_out.extend(old[i:])
    return old_out, new_at, min(j, len(new))


class Identified(Protocol):
    """An item with an id (a boundary, an area)."""

    @property
    def id(self) -> str: ...


def other_objects(old_items: Sequence[object], new_items: Sequence[object]) -> bool:
    """Whether the new list looks like other objects throughout (a deep copy of the map): its first,
    middle and last items are not the old ones. Comparing such lists compares every item by value
    (a pydantic model's ``__eq__``, 90,000 times), so their ids are read instead. An edit that
    happens to replace those three items only costs that read; the answer is right either way."""
    if not old_items or not new_items:
        return False
    middle = len(new_items) // 2
    return (
        new_items[0] is not old_items[0]
        and (middle >= len(old_items) or new_items[middle] is not old_items[middle])
        and new_items[-1] is not old_items[-1]
    )


def ids_after(
    old_items: Sequence[Identified],
    old_ids: list[str],
    new_items: Sequence[Identified],
    order: Mapping[str, int],
) -> list[str]:
    """The ids of ``new_items``, reading only those of the items that are not the old ones where
    they were (``old_ids``: the ids of ``old_items``; ``order``: a key for each, increasing along
    them, which only guides the walk: the answer is read from the items whatever it says).

    Items are compared as lists are, in C: the same object is equal at once, so only where an edit
    put other items are they compared by value (and an item equal by value has the same id). Edits
    replace items rather than change them (``model.ops``), so an id changed on the same object is
    not seen: such a caller passes a new list of new items, which is then read in full.
    """
    if len(old_ids) != len(old_items) or other_objects(old_items, new_items):
        return [item.id for item in new_items]
    start = _common_prefix(old_items, new_items)
    shared = min(len(old_items), len(new_items))
    differing = _aligned_differences(old_items, new_items, start, shared)
    if differing is not None:  # replaced in place, and perhaps added or removed at the end
        ids = old_ids[:shared]
        for k in differing:
            ids[k] = new_items[k].id
        ids.extend(item.id for item in new_items[shared:])
        return ids
    walked = _walk_items(old_items, old_ids, new_items, start, order)
    if walked is not None:
        return walked
    # Many places: the ids before and after the stretch that differs are the old ones.
    end = _common_prefix(old_items[start:][::-1], new_items[start:][::-1])
    middle = [item.id for item in new_items[start : len(new_items) - end]]
    return old_ids[:start] + middle + old_ids[len(old_items) - end :]  # copies in C


def _walk_items(
    old_items: Sequence[Identified],
    old_ids: list[str],
    new_items: Sequence[Identified],
    start: int,
    order: Mapping[str, int],
) -> list[str] | None:
    """``ids_after`` by a walk over both lists from ``start`` (as ``walk_differences`` walks the
    ids): the stretches where the items are the same give the old ids, and where they differ the
    new item's id is read (a piece of a cut boundary put after it, and the new ones appended at
    the end, are a few steps, not the whole list from the first one). None after ``WALK_STEPS``.

    At a difference, an item whose id is an old one further on in the old list means the old ids up
    to it are gone; every other new item's id is taken. Each step takes a new item's id or skips
    old ones, so the result is the new items' ids whichever way a step goes.
    """
    ids = old_ids[:start]
    i = j = start
    steps = 0
    while i < len(old_items) and j < len(new_items):
        if old_items[i : i + ID_CHUNK] == new_items[j : j + ID_CHUNK]:
            ids.extend(old_ids[i : i + ID_CHUNK])
            i += ID_CHUNK
            j += ID_CHUNK
            continue
        same = 0
        for k in range(min(ID_CHUNK, len(old_items) - i, len(new_items) - j)):
            before, after = old_items[i + k], new_items[j + k]
            if before is not after and before != after:
                break
            same += 1
        ids.extend(old_ids[i : i + same])
        i += same
        j += same
        if i >= len(old_items) or j >= len(new_items):
            break
        steps += 1
        if steps > WALK_STEPS:
            return None
        new_id = new_items[j].id
        key, here = order.get(new_id), order.get(old_ids[i])
        if new_id != old_ids[i] and key is not None and here is not None and key > here:
            try:  # further on in the old list: the old ones up to it are gone (a short scan, in C)
                i = old_ids.index(new_id, i)
                continue
            except ValueError:
                pass
        ids.append(new_id)  # replaced in place, new, or moved here from further back
        if new_id == old_ids[i]:
            i += 1
        j += 1
    ids.extend(item.id for item in new_items[j:])
    return ids


def id_changes(
    old: list[str], new: list[str], order: Mapping[str, int]
) -> tuple[set[str], set[str], Places] | None:
    """The ids added to and removed from a list of unique ids (``order``: a key for each old id,
    increasing along ``old``), and the places where the lists differ; None when ids repeat (then
    compare them all).

    Edits replace a few ids in place and add or remove some at the end (a redrawn boundary), or
    insert and remove ids at a few places (a cut boundary's pieces go after it, an undo puts ids
    back in place), so only those places are compared as sets.
    """
    if len(order) != len(old):
        return None  # the old ids repeat
    start = _common_prefix(old, new)
    shared = min(len(old), len(new))
    differing = _aligned_differences(old, new, start, shared)
    walked = None if differing is not None else walk_differences(old, new, start, order)
    if differing is not None:
        old_middle = [old[k] for k in differing] + old[shared:]
        places = Places(differing, shared, len(new))
    elif walked is not None:
        old_middle, new_at, tail = walked
        places = Places(new_at, tail, len(new))
    else:
        end = _common_prefix(old[start:][::-1], new[start:][::-1])
        old_middle = old[start : len(old) - end]
        places = Places([], start, len(new) - end)
    new_middle = [new[k] for k in places.indexes()]
    added = set(filterfalse(order.__contains__, new_middle))  # in C
    new_set = set(new_middle)
    removed = set(old_middle) - new_set
    # The ids outside the middles are matched one to one, so the counts agree only if no id of the
    # new middle is also among them (a repeat).
    if len(new_set) != len(new_middle) or len(new) != len(old) - len(removed) + len(added):
        return None  # the new ids repeat
    return added, removed, places


def key_places(order: dict[str, int], ids: list[str], spots: list[int]) -> bool:
    """Give the ids at the positions ``spots`` (ascending) of ``ids`` keys between those of their
    neighbours, which must have increasing keys (ids kept in place); each run of neighbouring
    spots shares its gap evenly. Returns False when a gap is too small or a neighbour has no key:
    then key the whole list again (``order_keys``).
    """
    k = 0
    while k < len(spots):
        first = last = spots[k]
        while k + 1 < len(spots) and spots[k + 1] == last + 1:
            k += 1
            last += 1
        k += 1
        count = last - first + 1
        low = order.get(ids[first - 1]) if first > 0 else None
        high = order.get(ids[last + 1]) if last + 1 < len(ids) else None
        if (first > 0 and low is None) or (last + 1 < len(ids) and high is None):
            return False
        if low is None and high is None:
            low = -ORDER_GAP
        if low is None:
            assert high is not None
            low = high - (count + 1) * ORDER_GAP
        if high is None:
            high = low + (count + 1) * ORDER_GAP
        step = (high - low) // (count + 1)
        if step < 1:
            return False
        for t in range(count):
            order[ids[first + t]] = low + step * (t + 1)
    return True


def locate(ids: list[str], boundary_id: str, hint: int | None, slack: int) -> int:
    """The position of ``boundary_id`` in ``ids``, found from ``hint`` (where it was, at most
    ``slack`` places off) with a short scan in C, else by a scan of the whole list. Raises
    ``ValueError`` when it is not there."""
    if hint is not None:
        if hint < len(ids) and ids[hint] == boundary_id:
            return hint
        try:
            return ids.index(boundary_id, max(0, hint - slack), hint + slack + 1)
        except ValueError:
            pass
    return ids.index(boundary_id)
