"""After a map opens, the boundary indexes a vertex drag looks up are built in another thread and
taken on the UI thread (``ScenarioDocument._prepare_edit_indexes``), unless an edit came first."""

from __future__ import annotations

import threading

import pytest
from pytestqt.qtbot import QtBot

from editor import commands
from editor.document import ScenarioDocument
from model import ops
from model.geometry import generate_test_map
from model.ops import lookup


def test_indexes_are_built_off_the_ui_thread_and_taken_after_an_open(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    builders: list[str] = []
    taken: list[bool] = []
    build, install = lookup.PreparedIndex.build, lookup.install

    def watched_build(self: lookup.PreparedIndex) -> lookup.PreparedIndex:
        builders.append(threading.current_thread().name)
        return build(self)

    def watched_install(scenario: object, prepared: lookup.PreparedIndex) -> bool:
        taken.append(install(scenario, prepared))  # type: ignore[arg-type]
        return taken[-1]

    monkeypatch.setattr(lookup.PreparedIndex, "build", watched_build)
    monkeypatch.setattr(lookup, "install", watched_install)
    document = ScenarioDocument(generate_test_map(80, seed=3))
    qtbot.waitUntil(lambda: taken == [True], timeout=20000)
    assert builders and builders[0].startswith("edit-indexes")
    # A drag then finds its boundary from the taken indexes, as a scan would.
    boundary = document.scenario.map.boundaries[5]
    x, y = boundary.points[0]
    commands.execute(document, lambda s: ops.move_vertex(s, boundary.id, 0, (x + 0.5, y)), "Move vertex")
    moved = document.scenario.map.boundaries[5]
    assert moved.points[0] == (x + 0.5, y)
    node = (x + 0.5, y)
    ends = [(b.points[0], b.points[-1]) for b in document.scenario.map.boundaries]
    assert lookup.ending_at(document.scenario, node) == [i for i, pair in enumerate(ends) if node in pair]


def test_an_edit_before_the_indexes_arrive_keeps_its_own(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    taken: list[bool] = []
    install = lookup.install
    monkeypatch.setattr(
        lookup, "install", lambda scenario, prepared: taken.append(install(scenario, prepared)) or taken[-1]
    )
    document = ScenarioDocument(generate_test_map(80, seed=3))
    # The edit runs before the event loop turns: it builds the indexes it needs itself, and those
    # prepared after the open are not taken over them.
    boundary = document.scenario.map.boundaries[7]
    x, y = boundary.points[0]
    commands.execute(document, lambda s: ops.move_vertex(s, boundary.id, 0, (x + 0.5, y)), "Move vertex")
    qtbot.waitUntil(lambda: bool(taken), timeout=20000)
    assert taken == [False]
