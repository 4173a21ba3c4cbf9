"""``model.perf.gc_paused``: the collector is off inside, back on after, and what was made inside
waits in the collector's oldest generation (no young collection walks a loaded map), unless
something is frozen (the editor's own use of ``gc.freeze``), which it then leaves frozen."""

from __future__ import annotations

import gc

from model.perf import gc_paused


def _generation_of(item: object) -> int | None:
    for generation in range(3):
        if any(found is item for found in gc.get_objects(generation)):
            return generation
    return None


def test_objects_made_while_paused_go_to_the_oldest_generation() -> None:
    gc.unfreeze()  # an editor test run before may have left its heap frozen
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        made = [[index] for index in range(1000)]
    assert gc.isenabled()
    assert _generation_of(made) == 2
    assert _generation_of(made[500]) == 2


def test_a_paused_block_inside_another_leaves_the_collector_off() -> None:
    with gc_paused():
        with gc_paused():
            made = [[1], [2]]
        assert not gc.isenabled()
        assert _generation_of(made) == 0
    assert gc.isenabled()


def test_frozen_objects_stay_frozen() -> None:
    kept = [[1], [2]]
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with gc_paused():
            made = [[3]]
        assert gc.get_freeze_count() == frozen
        assert _generation_of(kept) is None and made  # still in the permanent generation
    finally:
        gc.unfreeze()
