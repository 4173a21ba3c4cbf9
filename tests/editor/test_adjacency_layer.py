"""The Adjacency layer: one line per graph edge, clicks select an edge, the inspector explains and cuts it."""

from __future__ import annotations

import threading

import pytest
import shiboken6
from editor_helpers import dump
from PySide6.QtCore import QPointF, QRectF
from pytestqt.qtbot import QtBot
from test_tools import click, drag

from editor import commands
from editor.document import ScenarioDocument
from editor.edge_ids import edge_id, parse_edge_id
from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from editor.mapview.adjacency_layer import STYLES
from editor.mapview.scene import MapScene
from model import io, ops
from model.graph import MapGraphs
from tests.editor.editor_helpers import record_graph_builds


@pytest.fixture
def window(shown_window: MainWindow) -> MainWindow:
    """This file's tests draw: the window is shown and fitted (conftest's ``shown_window``)."""
    return shown_window


def show_layer(window: MainWindow) -> None:
    action = window.actions_by_name["layer_adjacency"]
    assert not action.isChecked()  # off by default
    assert not window.scene.layers["adjacency"].isVisible()
    action.trigger()
    assert window.scene.layers["adjacency"].isVisible()


def middle(window: MainWindow, item_id: str) -> QPointF:
    overlay = window.scene.adjacency
    x1, y1, x2, y2 = overlay.segments[overlay._index[item_id]]
    return QPointF((x1 + x2) / 2, (y1 + y2) / 2)


def clickable_edge(window: MainWindow, wanted: str = "") -> str:
    """An edge (of the wanted style, if given) whose middle no other line passes near."""
    overlay = window.scene.adjacency
    tolerance = window.tools["select"].tolerance()
    for a, b, style in overlay.edges:
        if wanted and style != wanted:
            continue
        item_id = edge_id(a, b)
        if overlay.edge_at(middle(window, item_id), tolerance) == item_id:
            return item_id
    raise AssertionError(f"no clickable {wanted or 'edge'}")


def test_layer_draws_every_edge_of_the_graph_one_path_per_style(window: MainWindow) -> None:
    show_layer(window)
    graphs = MapGraphs.from_scenario(window.document.scenario)
    overlay = window.scene.adjacency
    assert len(overlay.edges) == graphs.full.number_of_edges() + graphs.cut.number_of_edges()
    assert {frozenset((a, b)) for a, b, _s in overlay.edges} == {frozenset(e) for e in graphs.full.edges}
    counts = overlay.counts()
    assert counts["land-land"] == graphs.land.number_of_edges() - counts.get("strait", 0)
    assert counts["land-sea"] == graphs.coast.number_of_edges()
    assert counts["sea-sea"] == graphs.sea.number_of_edges()
    # One item draws every line (not one item per edge), style by style.
    layer_items = window.scene.layers["adjacency"].childItems()
    assert layer_items == [overlay.item]
    assert len(overlay.item.segments) == len(overlay.edges)
    style_names = list(STYLES)
    assert {k: int((overlay.item.styles == style_names.index(k)).sum()) for k in counts} == counts
    whole = overlay.item.boundingRect()
    assert len(overlay.item.visible(whole)) == len(overlay.edges)
    corner = QRectF(whole.left(), whole.top(), whole.width() / 3, whole.height() / 3)
    assert 0 < len(overlay.item.visible(corner)) < len(overlay.edges)  # a frame draws what is in view
    labels = window.legend_dock.labels()
    assert STYLES["land-land"].label in labels and STYLES["strait"].label in labels
    window.actions_by_name["layer_adjacency"].trigger()
    assert STYLES["land-land"].label not in window.legend_dock.labels()


def test_clicking_an_edge_selects_it_and_the_inspector_shows_the_pair(window: MainWindow) -> None:
    show_layer(window)
    item_id = clickable_edge(window, "land-land")
    a, b = parse_edge_id(item_id) or ("", "")
    point = middle(window, item_id)
    click(window, point.x(), point.y())
    assert window.selection.ids == (item_id,)
    assert window.scene.adjacency.highlight.path().elementCount() == 2
    panel = window.inspector.adjacency_panel
    assert panel is not None
    scenario = window.document.scenario
    text = panel.text.text()
    assert scenario.area(a).name in text and scenario.area(b).name in text
    length = MapGraphs.from_scenario(scenario).full.edges[a, b]["length"]
    assert f"{length:,.1f}" in text
    assert "They share a border" in text
    assert scenario.area(a).name in window.inspector.header.text()
    # A click near an end (on a name) still selects the area.
    overlay = window.scene.adjacency
    x1, y1, x2, y2 = overlay.segments[overlay._index[item_id]]
    click(window, x1 + (x2 - x1) * 0.02, y1 + (y2 - y1) * 0.02)
    assert window.selection.ids == (a,) or window.selection.ids == (b,)


def test_cut_from_the_inspector_and_undo_is_byte_identical(window: MainWindow) -> None:
    show_layer(window)
    item_id = clickable_edge(window, "land-land")
    a, b = parse_edge_id(item_id) or ("", "")
    before = dump(window.document.scenario)
    window.selection.set([item_id])
    panel = window.inspector.adjacency_panel
    assert panel is not None and panel.cut_button.isEnabled()
    panel.cut_button.click()
    scenario = window.document.scenario
    assert [(c.a, c.b, c.kind.value) for c in scenario.map.connections if {c.a, c.b} == {a, b}] == [
        (a, b, "impassable")
    ]
    window.scene.adjacency.ensure_built()
    assert (a, b, "impassable") in window.scene.adjacency.edges
    assert window.selection.ids == (item_id,)  # the cut pair stays selected, now shown as cut
    panel = window.inspector.adjacency_panel
    assert panel is not None
    assert "cuts them apart" in panel.text.text()
    assert panel.restore_button.isVisibleTo(panel)
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert dump(window.document.scenario) == before
    window.scene.adjacency.ensure_built()
    assert any({x, y} == {a, b} and s == "land-land" for x, y, s in window.scene.adjacency.edges)
    window.document.undo_stack.redo()
    panel = window.inspector.adjacency_panel
    assert panel is not None
    connections = [c for c in scenario.map.connections if c.kind.value != "impassable"]
    panel.restore_button.click()  # removing the cut is one more undo step
    assert window.document.scenario.map.connections == connections  # (ids are never reused)
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert dump(window.document.scenario) == before


def test_connect_tool_adds_a_drawn_adjacency_and_undo_is_byte_identical(window: MainWindow) -> None:
    show_layer(window)
    overlay = window.scene.adjacency
    assert not any({a, b} == {"westmarch", "brennland"} for a, b, _s in overlay.edges)
    before = dump(window.document.scenario)
    window.set_tool("connect")
    drag(window, (103.5, 155.0), (559.0, 97.5))  # the two areas' anchors; they do not touch
    assert window.document.undo_stack.count() == 1
    overlay.ensure_built()
    assert ("brennland", "westmarch", "strait") in overlay.edges
    window.set_tool("select")
    item_id = edge_id("westmarch", "brennland")
    x1, y1, x2, y2 = overlay.segments[overlay._index[item_id]]
    point = (x1 + (x2 - x1) * 0.3, y1 + (y2 - y1) * 0.3)  # (its middle is Aldmoor's army)
    click(window, *point)
    (connection,) = window.document.scenario.map.connections[-1:]
    assert window.selection.ids == (connection.id,)  # the connection's own line is on top
    window.actions_by_name["layer_connections"].trigger()  # hide the Connections layer
    click(window, *point)
    assert window.selection.ids == (item_id,)
    panel = window.inspector.adjacency_panel
    assert panel is not None
    assert "A strait connection" in panel.text.text()
    assert "Shared border</b>&nbsp;</td><td>none" in panel.text.text()
    panel.connections_button.click()
    assert window.selection.ids == (connection.id,)
    window.document.undo_stack.undo()
    assert dump(window.document.scenario) == before
    overlay.ensure_built()
    assert not any({a, b} == {"westmarch", "brennland"} for a, b, _s in overlay.edges)
    assert window.selection.ids == ()  # the connection is gone: the selection drops it


def test_an_edit_after_the_scene_is_gone_reaches_no_deleted_layer(qtbot: QtBot) -> None:
    """The document's graphs outlive a scene; their change signal must not reach its deleted layer
    (seen as "Internal C++ object (Layer) already deleted" in the event loop after a window closed)."""
    document = ScenarioDocument(io.load(DEFAULT_SCENARIO))
    scene = MapScene(document)
    scene.layers["adjacency"].setVisible(True)
    overlay = scene.adjacency
    shiboken6.delete(scene)  # the scene and its layers are gone; the document lives on
    area = document.scenario.map.areas[0]
    commands.execute(document, lambda s: ops.set_area_kind(s, area.id, "sea"), "Make it sea")
    qtbot.wait(overlay.DELAY_MS + 100)  # the overlay's timer would fire here if it outlived the layer
    assert not overlay._alive()


def test_on_a_big_map_the_panel_waits_for_graphs_built_off_the_ui_thread(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from editor import graph_cache

    show_layer(window)
    item_id = clickable_edge(window, "land-land")
    a, _b = parse_edge_id(item_id) or ("", "")
    monkeypatch.setattr(graph_cache, "BUILD_ELSEWHERE", 10)  # the default map counts as big
    monkeypatch.setattr("editor.mapview.adjacency_layer.BUILD_ELSEWHERE", 10)  # and for the layer
    threads = record_graph_builds(monkeypatch)
    # An edit elsewhere makes the graphs stale; the panel then asks the worker for them.
    commands.execute(window.document, lambda s: ops.set_area_fields(s, a, name="Renamed"), "Rename")
    window.selection.set([item_id])
    panel = window.inspector.adjacency_panel
    assert panel is not None
    assert panel.text.text() == "Working out why they are adjacent…"
    qtbot.waitUntil(lambda: "Renamed" in panel.text.text(), timeout=20000)
    assert threads and threading.main_thread() not in threads
    assert "They share a border" in panel.text.text() and panel.cut_button.isEnabled()
