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


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector inside the block (re-enabled after, if it was on)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
