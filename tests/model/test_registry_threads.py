"""The ruleset registry and the shipped tables are safe to share between threads.

The editor's validation worker may be the first to ask the registry for a ruleset while the UI
thread asks too; and both read the shipped default tables.
"""

from __future__ import annotations

import copy
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path

import pytest

from model import io
from model.rules import registry, tables

BUILTINS = {"eotma", "seasons"}
DEFAULT = Path(__file__).resolve().parents[2] / "scenarios" / "default.mappa.json"


def test_threads_asking_at_once_all_see_every_builtin_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    real = registry._entry_points()
    assert {entry_point.name for entry_point in real} >= BUILTINS

    class SlowEntryPoint:
        """A real entry point whose loading takes a while: other threads ask meanwhile."""

        def __init__(self, entry_point: metadata.EntryPoint) -> None:
            self.name, self.value, self.dist = entry_point.name, entry_point.value, None
            self._real = entry_point

        def load(self) -> object:
            time.sleep(0.02)
            return self._real.load()

    # Start over with an empty registry whose entry points load slowly.
    monkeypatch.setattr(registry, "_REGISTRY", {})
    monkeypatch.setattr(registry, "_discovered", False)
    monkeypatch.setattr(registry, "_entry_points", lambda: [SlowEntryPoint(e) for e in real])
    threads = 8
    barrier = threading.Barrier(threads)

    def ask(_: int) -> tuple[bool, list[str]]:
        barrier.wait()
        return all(registry.get(r) is not None for r in BUILTINS), registry.known()

    with ThreadPoolExecutor(threads) as pool:
        results = list(pool.map(ask, range(threads)))
    assert all(found for found, _ in results)
    assert {tuple(known) for _, known in results} == {tuple(registry.known())}


def test_changing_the_default_tables_handed_out_leaves_the_shipped_ones_alone() -> None:
    shipped = tables.default_tables("eotma")
    pristine = copy.deepcopy(shipped)
    shipped["victory"]["changed"] = True
    shipped["limits"]["population"]["max"] = -1
    shipped["extra"] = {}
    del shipped["schism"]
    assert tables.default_tables("eotma") == pristine


def test_changing_a_table_from_table_leaves_the_shipped_default_alone() -> None:
    scenario = io.load(DEFAULT)
    assert not tables.is_overridden(scenario, "limits")
    pristine = copy.deepcopy(tables.table(scenario, "limits"))
    tables.table(scenario, "limits")["population"]["max"] = -1
    assert tables.table(scenario, "limits") == pristine
    assert tables.default_tables("eotma")["limits"] == pristine


def test_threads_reading_the_default_tables_get_equal_independent_copies() -> None:
    threads = 8
    barrier = threading.Barrier(threads)

    def read(_: int) -> dict[str, object]:
        barrier.wait()
        copy_ = tables.default_tables("seasons")
        copy_.clear()  # one thread's change must not reach the others
        return tables.default_tables("seasons")

    with ThreadPoolExecutor(threads) as pool:
        results = list(pool.map(read, range(threads)))
    assert results[0] and all(result == results[0] for result in results)
