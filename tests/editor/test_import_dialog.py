"""File > Import…: every registered format, fields from its options, a worker thread, a new document."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit

from editor.dialogs.import_map import ImportDialog, ImportOutcome, open_imported
from editor.document import ScenarioDocument
from editor.mainwindow import MainWindow
from model.importers.registry import importers
from model.scenario import AreaKind
from model.topology import Topology

PIXELS = Path(__file__).resolve().parents[1] / "data" / "polyimport" / "pixel-gaps.geojson"


def _run(qtbot: Any, dialog: ImportDialog) -> ImportOutcome:
    seen: list[int] = []
    dialog.progress.valueChanged.connect(seen.append)
    with qtbot.waitSignal(dialog.outcome_ready, timeout=60_000) as blocker:
        dialog.start()
        assert dialog.running and dialog.progress.isVisibleTo(dialog), "a progress bar while it runs"
        assert not dialog.import_button.isEnabled()
    assert not dialog.running and not dialog.progress.isVisibleTo(dialog)
    outcome = blocker.args[0]
    assert isinstance(outcome, ImportOutcome)
    if outcome.ok:
        assert seen and max(seen) >= 95, "the importer's progress reached the bar"
    return outcome


def test_every_registered_format_is_offered_with_its_own_options(qtbot: Any) -> None:
    dialog = ImportDialog()
    qtbot.addWidget(dialog)
    offered = [dialog.format.itemData(i) for i in range(dialog.format.count())]
    assert offered == [importer.name for importer in importers()]
    dialog.select_format("topojson")
    assert isinstance(dialog.fields["layer"], QLineEdit)
    assert isinstance(dialog.fields["flip_y"], QCheckBox)
    assert isinstance(dialog.fields["coordinates"], QComboBox)
    dialog.fields["close_gaps"].setText("2.5")  # type: ignore[attr-defined]
    dialog.select_format("geojson")
    assert "layer" not in dialog.fields  # GeoJSON has a single layer
    assert dialog.values()["close_gaps"] == "2.5", "values typed so far are kept across formats"


def test_import_runs_off_the_ui_thread_and_opens_as_a_new_document(
    qtbot: Any, no_blocking_prompts: list[str]
) -> None:
    window = MainWindow(ScenarioDocument())
    qtbot.addWidget(window)
    dialog = ImportDialog(window)
    qtbot.addWidget(dialog)
    dialog.select_format("geojson")
    dialog.source.edit.setText(str(PIXELS))
    dialog.set_value("close_gaps", "2.5")
    dialog.set_value("flip_y", True)
    outcome = _run(qtbot, dialog)
    assert outcome.ok, outcome.error
    text = dialog.summary.toPlainText()
    assert "5 land and 1 sea areas" in text
    assert "Coordinates: planar, y down (--flip-y;" in text
    assert "Sea: 1 of 6 features, those whose 'water' is true" in text
    assert dialog.open_button.isEnabled()
    dialog.open_result()
    assert dialog.opened and dialog.result() == ImportDialog.DialogCode.Accepted
    assert open_imported(window, outcome)
    scenario = window.document.scenario
    assert window.document.path is None and window.document.undo_stack.count() == 0
    assert scenario.metadata.title == "pixel gaps"
    assert {a.name for a in scenario.map.areas if a.kind is AreaKind.SEA} == {"Western Sea"}
    assert len(Topology.build(scenario.map).adjacency()) == 9


def test_a_bad_source_or_option_shows_the_error_and_opens_nothing(qtbot: Any, tmp_path: Path) -> None:
    dialog = ImportDialog()
    qtbot.addWidget(dialog)
    dialog.select_format("geojson")
    dialog.source.edit.setText(str(tmp_path / "none.geojson"))
    outcome = _run(qtbot, dialog)
    assert not outcome.ok
    assert dialog.summary.toPlainText().strip() == f"Error: {tmp_path / 'none.geojson'}: no such file"
    assert not dialog.open_button.isEnabled()
    dialog.source.edit.setText(str(PIXELS))
    dialog.set_value("close_gaps", "wide")
    outcome = _run(qtbot, dialog)
    assert "Error: --close-gaps 'wide': expected a number" in dialog.summary.toPlainText()
    dialog.open_result()
    assert not dialog.opened


def test_file_menu_offers_import(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = MainWindow(ScenarioDocument())
    qtbot.addWidget(window)
    shown: list[ImportDialog] = []

    def fake_exec(dialog: ImportDialog) -> int:  # never run a modal loop in a test
        shown.append(dialog)
        return int(ImportDialog.DialogCode.Rejected.value)

    monkeypatch.setattr(ImportDialog, "exec", fake_exec)
    before = window.document.scenario
    window.actions_by_name["import_map"].trigger()
    assert len(shown) == 1
    assert window.document.scenario is before
