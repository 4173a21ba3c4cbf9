"""On a big map the Adjacency layer's graphs and lines are built in a worker thread (a second on
the UI thread at 30,000 areas), shown when ready, and dropped when an edit came in meanwhile."""

from __future__ import annotations

import threading

import pytest
from pytestqt.qtbot import QtBot

from editor import commands
from editor.document import ScenarioDocument
from editor.mapview import adjacency_layer
from editor.mapview.scene import MapScene
from model import ops
from model.geometry import generate_test_map


def test_a_big_maps_lines_are_built_in_a_worker(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(adjacency_layer, "BUILD_ELSEWHERE", 10)  # 60 areas count as a big map here
    threads: list[threading.Thread] = []
    real = adjacency_layer.overlay_lines

    def noting(*args: object) -> adjacency_layer.Lines:
        threads.append(threading.current_thread())
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(adjacency_layer, "overlay_lines", noting)
    document = ScenarioDocument(generate_test_map(60, seed=4))
    scene = MapScene(document)
    overlay = scene.adjacency
    scene.layers["adjacency"].setVisible(True)
    assert overlay.building and overlay.edges == []  # nothing built on this thread
    qtbot.waitUntil(lambda: not overlay.building, timeout=20000)
    assert threads and threading.main_thread() not in threads
    built = list(overlay.edges)
    assert len(built) > 60 and overlay.segments.shape == (len(built), 4)
    assert overlay.source.fresh() is not None  # the graphs built in the worker are kept

    overlay.rebuild()  # on this thread, from the kept graphs: the same lines
    assert overlay.edges == built

    # An edit while lines are built drops them: they are of the map before it.
    overlay.rebuild_elsewhere()
    assert overlay.building
    area = document.scenario.map.areas[0]
    commands.execute(document, lambda s: ops.delete_area(s, area.id))
    assert not overlay.building and overlay.timer.isActive()  # a new build once the author pauses
    overlay.timer.timeout.emit()
    qtbot.waitUntil(lambda: not overlay.building, timeout=20000)
    assert all(area.id not in (a, b) for a, b, _s in overlay.edges)
