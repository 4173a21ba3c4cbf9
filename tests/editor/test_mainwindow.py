"""The main window: opening, title and modified mark, saving, recent files, modes, layers, issues."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from editor import commands
from editor.errors import install_excepthook
from editor.mainwindow import MainWindow
from editor.mapview.modes import get_mode
from model import io, ops
from model.issues import Issue, Severity


def test_opens_the_default_scenario_with_every_area_drawn(window: MainWindow) -> None:
    scenario = window.document.scenario
    assert set(window.scene.areas) == {a.id for a in scenario.map.areas}
    assert set(window.scene.boundaries) == {b.id for b in scenario.map.boundaries}
    assert all(not item.path().isEmpty() for item in window.scene.areas.values())
    assert window.windowTitle().startswith("default.mappa.json")
    assert not window.isWindowModified()


def test_an_edit_sets_the_modified_mark_and_save_as_clears_it(window: MainWindow, tmp_path: Path) -> None:
    commands.execute(window.document, lambda s: ops.set_area_fields(s, "halden", name="Haldenmark"))
    assert window.isWindowModified()
    target = tmp_path / "copy.mappa.json"
    assert window.files._write(target)
    assert not window.isWindowModified()
    assert window.windowTitle().startswith("copy.mappa.json")
    assert io.load(target).area("halden").name == "Haldenmark"
    assert window.files.recent.paths()[0] == target.resolve()
    window.document.undo_stack.undo()
    assert window.isWindowModified()


def test_new_gives_an_empty_map_and_clears_the_history(window: MainWindow) -> None:
    assert window.files.new()
    assert window.document.scenario.map.areas == []
    assert window.scene.areas == {}
    assert window.document.undo_stack.count() == 0
    assert window.document.path is None


def test_opening_a_bad_file_keeps_the_current_one(window: MainWindow, tmp_path: Path, monkeypatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr("editor.files.show_error", lambda _parent, _title, message: shown.append(message))
    bad = tmp_path / "bad.mappa.json"
    bad.write_text("{ not json", encoding="utf-8")
    assert not window.files.load(bad)
    assert "JSON syntax error" in shown[0]
    assert len(window.document.scenario.map.areas) == 17


def test_map_modes_colour_areas_and_fill_the_legend(window: MainWindow) -> None:
    window.set_mode("owner")
    empire = window.document.scenario.empire("aldmoor_kingdom")
    assert window.scene.areas["aldmoor"].brush().color().name() == empire.colour.lower()
    assert empire.name in window.legend_dock.labels()
    window.set_mode("kind")
    assert window.legend_dock.labels() == ["Land", "Sea"]
    sea = window.scene.areas["western_ocean"].brush().color().name()
    land = window.scene.areas["aldmoor"].brush().color().name()
    assert sea != land
    assert window.legend_dock.windowTitle() == f"Legend: {get_mode('kind').name}"


def test_the_owner_colour_follows_an_edit_and_its_undo(window: MainWindow) -> None:
    window.set_mode("owner")
    before = window.scene.areas["halden"].brush().color().name()
    commands.execute(window.document, lambda s: ops.set_owner(s, "halden", "sarnian_league"))
    colour = window.document.scenario.empire("sarnian_league").colour.lower()
    assert window.scene.areas["halden"].brush().color().name() == colour
    window.document.undo_stack.undo()
    assert window.scene.areas["halden"].brush().color().name() == before


def test_layers_can_be_hidden(window: MainWindow) -> None:
    window.actions_by_name["layer_labels"].setChecked(False)
    assert not window.scene.layers["labels"].isVisible()
    assert not window.scene.labels.isVisible()
    window.actions_by_name["layer_labels"].setChecked(True)
    assert window.scene.labels.isVisible()
    assert window.scene.labels.labels["halden"].text == "Halden"


def test_clicking_an_issue_selects_and_zooms_to_its_area(window: MainWindow, qtbot: QtBot) -> None:
    window.show()
    window.view.fit_map()
    fitted = window.view.scale_factor
    issue = Issue("TEST", Severity.WARNING, "something about Halden", ids=("halden",))
    window._on_issues([issue])
    assert window.issues_dock.model.rowCount() == 1
    window.issues_dock.issue_activated.emit(window.issues_dock.issue_at(0))
    assert window.selection.ids == ("halden",)
    assert window.view.scale_factor > fitted
    visible = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert visible.contains(window.scene.areas["halden"].sceneBoundingRect().center())
    assert "0 errors, 1 warning" in window.status.issues_label.text()


def test_live_validation_runs_after_an_edit(window: MainWindow, qtbot: QtBot) -> None:
    with qtbot.waitSignal(window.validator.issues_changed, timeout=5000) as blocker:
        commands.execute(window.document, lambda s: ops.set_owner(s, "halden", "aldmoor_kingdom"))
    assert isinstance(blocker.args[0], list)
    assert window.issues_dock.model.issues == blocker.args[0]


def test_selection_is_shown_in_the_status_bar_and_the_areas_table(window: MainWindow) -> None:
    window.selection.set(["halden"])
    assert "Halden" in window.status.selection_label.text()
    table = window.tables_dock.areas
    rows = table.table.selectionModel().selectedRows()
    assert [r.data() for r in rows] == ["halden"]


def test_closing_with_unsaved_changes_asks_first(window: MainWindow, no_blocking_prompts: list[str]) -> None:
    commands.execute(window.document, lambda s: ops.set_area_fields(s, "halden", name="Haldenmark"))
    assert window.files.new()
    assert "unsaved changes" in no_blocking_prompts[0]
    assert window.document.scenario.map.areas == []


def test_cancel_in_the_prompt_keeps_the_edits(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("editor.files.QMessageBox.warning", lambda *_a: QMessageBox.StandardButton.Cancel)
    commands.execute(window.document, lambda s: ops.set_area_fields(s, "halden", name="Haldenmark"))
    assert not window.close()
    assert window.document.scenario.area("halden").name == "Haldenmark"
    monkeypatch.setattr("editor.files.QMessageBox.warning", lambda *_a: QMessageBox.StandardButton.Discard)


def test_delete_selected_removes_areas_and_units_in_one_step(window: MainWindow) -> None:
    before = io.dumps(window.document.scenario)
    window.selection.set(["aldmoor", "fleet_sarnia"])
    window.actions_by_name["delete"].trigger()
    scenario = window.document.scenario
    assert "aldmoor" not in scenario.area_index()
    assert all(u.id != "fleet_sarnia" and u.area != "aldmoor" for u in scenario.setup.units)
    assert window.selection.ids == ()
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert io.dumps(window.document.scenario) == before


def test_choosing_a_mode_updates_the_menu_and_the_toolbar(window: MainWindow) -> None:
    window.set_mode("religion")
    assert window.actions_by_name["mode_religion"].isChecked()
    assert window.mode_box is not None and window.mode_box.currentData() == "religion"
    window.actions_by_name["mode_population"].trigger()
    assert window.scene.mode_id == "population"
    assert window.mode_box.currentData() == "population"


def test_sea_zones_have_a_legend_line_in_attribute_modes(window: MainWindow) -> None:
    window.set_mode("population")
    assert window.legend_dock.labels()[-1] == "Sea zone"


def test_wheel_zoom_keeps_the_point_under_the_cursor(window: MainWindow) -> None:
    window.resize(1500, 950)  # room around the anchor: the test screen is smaller than that
    window.show()
    view = window.view
    view.fit_map()
    anchor = QPointF(200, 150)
    before = view.mapToScene(anchor.toPoint())
    scale = view.scale_factor
    view.zoom_by(1.25**3, anchor)
    assert view.scale_factor == pytest.approx(scale * 1.25**3)
    after = view.mapToScene(anchor.toPoint())
    assert after.x() == pytest.approx(before.x(), abs=2 / view.scale_factor)
    assert after.y() == pytest.approx(before.y(), abs=2 / view.scale_factor)
    assert "zoom" in window.status.zoom_label.text()


def test_an_uncaught_error_is_shown_not_raised(monkeypatch: pytest.MonkeyPatch, window: MainWindow) -> None:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        "editor.errors.show_error", lambda _p, title, message, details="": shown.append((title, message))
    )
    previous = sys.excepthook
    try:
        install_excepthook(lambda: window)
        try:
            raise RuntimeError("a tool failed")
        except RuntimeError:
            sys.excepthook(*sys.exc_info())  # type: ignore[arg-type]
    finally:
        sys.excepthook = previous
    assert shown and "a tool failed" in shown[0][1]


def test_two_empires_can_be_added_given_areas_and_units(window: MainWindow) -> None:
    before = io.dumps(window.document.scenario)
    tables = window.tables_dock
    first = tables.add_empire()
    second = tables.add_empire()
    assert first and second and first != second
    scenario = window.document.scenario
    assert scenario.empire(first).colour != scenario.empire(second).colour
    assert window.selection.ids == (second,)
    assert window.inspector.kind == "empire"
    commands.execute(window.document, lambda s: ops.set_owner(s, "halden", first))
    commands.execute(window.document, lambda s: ops.place_unit(s, "army", first, "halden", 2))
    assert window.scene.areas["halden"].brush().color().name() == scenario.empire(first).colour
    window.selection.set([second])
    assert tables.remove_selected_empires()
    assert second not in {e.id for e in scenario.setup.empires}
    stack = window.document.undo_stack
    while stack.canUndo():
        stack.undo()
    assert io.dumps(window.document.scenario) == before


def test_file_export_writes_the_chosen_image(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "export.png"

    def accept(dialog: object) -> bool:
        dialog.path.setText(str(target))  # type: ignore[attr-defined]
        return True

    monkeypatch.setattr("editor.export.image_dialog._exec", accept)
    assert window.export_image()
    image = QImage(str(target))
    assert image.width() == 2000 and not image.isNull()


def test_the_history_panel_lists_every_step(window: MainWindow) -> None:
    commands.execute(window.document, lambda s: ops.set_area_fields(s, "halden", name="A"), "First")
    commands.execute(window.document, lambda s: ops.set_area_fields(s, "marrach", name="B"), "Second")
    model = window.history_dock.view.model()
    rows = [model.index(row, 0).data() for row in range(model.rowCount())]
    assert rows == ["<opened>", "First", "Second"]
    window.history_dock.view.setCurrentIndex(model.index(1, 0))  # click "First": undo back to it
    assert window.document.scenario.area("marrach").name == "Marrach"
    assert window.document.scenario.area("halden").name == "A"


def test_magnates_units_and_connections_have_tables_and_magnates_an_inspector(window: MainWindow) -> None:
    tables = window.tables_dock
    assert tables.units.model.rowCount() == len(window.document.scenario.setup.units)
    assert tables.connections.model.rowCount() == len(window.document.scenario.map.connections)
    magnate = tables.add_magnate()
    assert magnate is not None
    assert window.selection.ids == (magnate,)
    assert window.inspector.kind == "magnate"
    combat = window.inspector.form("Attributes").editors[("combat",)].widget
    combat.setValue(5)
    found = next(m for m in window.document.scenario.setup.magnates if m.id == magnate)
    assert found.attributes["combat"] == 5
    assert window.selection.ids == (magnate,)  # an edit does not drop a Magnate from the selection
    assert tables.magnates.model.row_of(magnate) >= 0
    window.selection.set(["army_aldmoor"])
    rows = tables.units.table.selectionModel().selectedRows()
    assert [r.data() for r in rows] == ["army_aldmoor"]


def test_the_toolbar_undo_button_keeps_a_short_label_and_names_the_step_in_its_tooltip(
    window: MainWindow,
) -> None:
    commands.execute(window.document, lambda s: ops.set_area_fields(s, "halden", name="Haldenmark"), "Rename")
    undo = window.actions_by_name["undo"]
    assert undo.iconText() == "Undo"
    assert undo.text() == "&Undo Rename"
    assert undo.toolTip() == "Undo Rename"


def test_the_status_bar_follows_the_window_selection_by_itself(window: MainWindow) -> None:
    """The window does not describe the selection a second time: its bar follows it."""
    assert window.status.document is window.document and window.status.selection is window.selection
    window.selection.set(["aldmoor_kingdom"])
    assert window.status.selection_label.text().startswith("Empire ")
