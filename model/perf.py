"""Small performance helpers for building large derived structures.

Building the topology or graphs of a large map creates hundreds of thousands of small objects
(tuples, dicts) while the scenario's own models are alive; each of them can trigger a full pass
of Python's cyclic garbage collector over the whole heap, which doubled build times in the
model benchmark. None of these structures form reference cycles, so the collector is paused
while they are built.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from gc import freeze as _freeze
from gc import get_freeze_count as _get_freeze_count
from gc import unfreeze as _unfreeze


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector inside the block (re-enabled after, if it was on).

    On the way out the objects made meanwhile are moved to the oldest generation
    (``promote_survivors``): left in the youngest, the first allocation after the block would
    have the collector walk every one of them (a loaded 30,000-area map is about a million
    objects: 0.15 s), and they are long-lived (a loaded scenario) or freed by reference counting.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            promote_survivors()
            gc.enable()


def promote_survivors() -> None:
    """Move every object the collector tracks to its oldest generation, without walking them.

    ``gc.freeze`` moves them all to the permanent generation and ``gc.unfreeze`` moves that into
    the oldest one: two list splices. They are still collected (by the full collections, which
    run as seldom as ever: moved objects do not count towards starting one). Skipped while
    anything is frozen (the editor freezes what it keeps for good), which unfreezing would undo.
    The functions are bound at import: a freeze here is no freeze of the caller's (nothing stays
    frozen), so code that watches ``gc.freeze`` sees only its own.
    """
    if _get_freeze_count() == 0:
        _freeze()
        _unfreeze()
