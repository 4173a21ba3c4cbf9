"""The Range view: the selected area and a reach of the ruleset shade and label every area by distance."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from editor.document import ScenarioDocument
from editor.mainwindow import MainWindow
from editor.mapview import range_mode
from editor.mapview.modes import get_mode
from model import ops
from tests.editor.editor_helpers import record_graph_builds

ROOT = Path(__file__).resolve().parents[2]
M976 = ROOT / "scenarios" / "medieval-europe-976.mappa.json"


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    window = MainWindow(ScenarioDocument.open(M976))
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    return window


def fill(window: MainWindow, area_id: str) -> str:
    return str(window.scene.areas[area_id].brush().color().name())


def test_range_view_colours_and_labels_by_seafaring_reach(window: MainWindow) -> None:
    window.actions_by_name["range_view"].trigger()
    assert window.scene.mode_id == range_mode.MODE_ID
    dock = window.range_dock  # type: ignore[attr-defined]
    assert dock.isVisible()
    reach_ids = [dock.reach_box.itemData(i) for i in range(dock.reach_box.count())]
    assert reach_ids == ["distance", "land", "seafaring", "fleet"]
    dock.set_reach("seafaring")
    window.selection.set(["venice"])
    # 9.53: Venice is a seafaring home; Sicily lies 3 sea areas away, Crete 4 (out of reach).
    assert fill(window, "venice") == range_mode.START
    assert fill(window, "sicily") == range_mode.colour_of(3, 3) == range_mode.RAMP[-1]
    assert fill(window, "upper_adriatic") == range_mode.colour_of(1, 3)
    assert fill(window, "verona") == range_mode.RAMP[0]
    assert fill(window, "crete") == range_mode.UNREACHABLE
    assert dock.labels.labels["sicily"].text == "3"
    assert "crete" not in dock.labels.labels
    assert dock.labels.isVisible()
    legend = window.legend_dock.labels()
    assert legend[0] == "From Venice: Seafaring reach (9.53)"
    assert "1 sea area" in legend and "3 sea areas" in legend
    assert legend[-1] == "Out of reach (141 areas)"
    # Another area, another reach: Normandy is no seafaring home (1 sea area), but a fleet gives 6.
    window.selection.set(["normandy"])
    assert fill(window, "ireland") == range_mode.UNREACHABLE
    dock.set_reach("fleet")
    assert dock.labels.labels["ireland"].text == "2"
    window.set_mode("owner")
    assert not dock.labels.isVisible()


def test_range_follows_edits_of_the_graph(window: MainWindow) -> None:
    window.actions_by_name["range_view"].trigger()
    dock = window.range_dock  # type: ignore[attr-defined]
    dock.set_reach("land")
    window.selection.set(["hungary"])
    assert dock.labels.labels["austria"].text == "1"
    from editor import commands

    commands.execute(
        window.document, lambda s: ops.add_connection(s, "hungary", "austria", "impassable"), "Cut"
    )
    dock._run_scheduled()  # the recomputation waits for the event loop; run it now
    assert dock.labels.labels["austria"].text == "2"
    window.document.undo_stack.undo()
    dock._run_scheduled()
    assert dock.labels.labels["austria"].text == "1"


def test_range_mode_from_the_map_mode_menu_without_the_panel(window: MainWindow) -> None:
    dock = window.range_dock  # type: ignore[attr-defined]
    assert not dock.isVisible()
    window.selection.set(["hungary"])  # hidden and not shown: nothing computed yet
    assert range_mode.result_of(window.document.scenario) is None
    window.actions_by_name[f"mode_{range_mode.MODE_ID}"].trigger()
    result = range_mode.result_of(window.document.scenario)
    assert result is not None and result.start == "hungary"
    assert result.reach_name == "Graph distance"  # the first reach: plain distance, any ruleset
    assert fill(window, "austria") == range_mode.colour_of(1, max(result.distances.values()))


def test_seasons_scenario_offers_its_moves(qtbot: QtBot) -> None:
    window = MainWindow(ScenarioDocument.open(ROOT / "scenarios" / "seasons-isles.mappa.json"))
    qtbot.addWidget(window)
    window.show()
    dock = window.range_dock  # type: ignore[attr-defined]
    assert [dock.reach_box.itemData(i) for i in range(dock.reach_box.count())] == [
        "distance",
        "move",
        "march",
        "sail",
    ]
    window.actions_by_name["range_view"].trigger()
    dock.set_reach("march")
    window.selection.set(["harrowmere"])
    assert fill(window, "north_sea") == range_mode.UNREACHABLE  # infantry do not walk on water
    assert dock.labels.labels["caldwick"].text == "1"


def result_of(distances: dict[str, int]) -> range_mode.RangeResult:
    return range_mode.RangeResult("ireland", "Ireland", "Test", "steps", "", distances)


def test_long_ranges_share_legend_rows_by_colour(window: MainWindow) -> None:
    scenario = window.document.scenario
    distances = {area.id: i for i, area in enumerate(scenario.map.areas[:40])}  # 0..39 steps
    range_mode.set_result(
        scenario, range_mode.RangeResult("ireland", "Ireland", "Test", "steps", "", distances)
    )
    colouring = get_mode(range_mode.MODE_ID).colour(scenario)
    labels = [entry.label for entry in colouring.legend]
    assert labels[0] == "From Ireland: Test"
    assert labels[1] == "0–2 steps"  # 40 distances, 8 colours: rows by colour
    assert labels[-2] == "37–39 steps"
    assert len(labels) == 1 + len(range_mode.RAMP) + 1
    assert labels[-1] == f"Out of reach ({len(scenario.map.areas) - 40} areas)"
    distances = {"ireland": 0, "scotland": 1}
    range_mode.set_result(
        scenario, range_mode.RangeResult("ireland", "Ireland", "Test", "steps", "", distances)
    )
    labels = [entry.label for entry in get_mode(range_mode.MODE_ID).colour(scenario).legend]
    assert labels[1:3] == ["0 steps", "1 step"]


def test_on_a_big_map_the_graphs_and_distances_are_computed_off_the_ui_thread(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: at 30,000 areas the graphs took the UI thread a third of a second per click."""
    from editor import graph_cache
    from model.graph import MapGraphs
    from model.rules import reach as reaches

    threads = record_graph_builds(monkeypatch)
    monkeypatch.setattr(graph_cache, "BUILD_ELSEWHERE", 10)  # the 976 map counts as big
    window.actions_by_name["range_view"].trigger()
    dock = window.range_dock  # type: ignore[attr-defined]
    dock.set_reach("land")
    window.selection.set(["hungary"])
    assert dock.computing and range_mode.result_of(window.document.scenario) is None
    qtbot.waitUntil(lambda: not dock.computing, timeout=20000)
    assert threads and threading.main_thread() not in threads
    result = range_mode.result_of(window.document.scenario)
    assert result is not None and result.start == "hungary"
    # The same distances as computed at once on the UI thread.
    graphs = MapGraphs.from_scenario(window.document.scenario, window.document.topology)
    expected = reaches.find(window.document.scenario, "land").prepare(window.document.scenario, graphs)(
        "hungary"
    )
    assert result.distances == expected
    assert dock.labels.labels["austria"].text == "1"
    built = graph_cache.graphs_of(window.document).fresh()
    assert built is not None  # kept for the next click

    # Another start on the same graphs: no new graphs built, the search still off the UI thread.
    builds = len(threads)
    window.selection.set(["austria"])
    qtbot.waitUntil(lambda: not dock.computing, timeout=20000)
    assert len(threads) == builds
    assert dock.labels.labels["hungary"].text == "1"

    # An edit that changes the graphs: they are built again, in the worker.
    from editor import commands

    commands.execute(
        window.document, lambda s: ops.add_connection(s, "hungary", "austria", "impassable"), "Cut"
    )
    dock._run_scheduled()
    qtbot.waitUntil(lambda: not dock.computing, timeout=20000)
    assert len(threads) == builds + 1 and threads[-1] is not threading.main_thread()
    assert dock.labels.labels["hungary"].text == "2"
    # The graphs the edit made stale were emptied (they are kept out of the garbage collector,
    # which would never free them otherwise); the new ones are whole.
    assert built.full.number_of_nodes() == 0
    assert graph_cache.graphs_of(window.document).fresh().full.number_of_nodes() == len(  # type: ignore[union-attr]
        window.document.scenario.map.areas
    )
