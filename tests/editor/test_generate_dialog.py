"""File > Generate map from points…: preview in a worker thread, apply as one undo step."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest
from editor_helpers import dump
from PySide6.QtWidgets import QDialog

from editor.dialogs import jobs
from editor.dialogs.generate import GenerateDialog, Outcome
from editor.document import DocumentChange, ScenarioDocument
from editor.mainwindow import MainWindow
from model.generate import command
from model.scenario import AreaKind, Scenario

DATA = Path(__file__).resolve().parents[1] / "data" / "generate"
BOX = "-1,39,12,47"


def _fill(dialog: GenerateDialog, points: Path = DATA / "regions.csv", catalogs: bool = True) -> None:
    files = dialog.files
    files["basemap"].edit.setText(str(DATA / "land.geojson"))
    files["points"].edit.setText(str(points))
    files["seas"].edit.setText(str(DATA / "seas.csv"))
    files["straits"].edit.setText(str(DATA / "straits.csv"))
    files["catalogs"].edit.setText(str(DATA / "catalogs.json") if catalogs else "")
    dialog.bbox.setText(BOX)


def _preview(qtbot: Any, dialog: GenerateDialog) -> Outcome:
    with qtbot.waitSignal(dialog.outcome_ready, timeout=60_000) as blocker:
        dialog.preview()
        assert dialog.running and dialog.busy.isVisibleTo(dialog), "busy while the worker runs"
        assert not dialog.preview_button.isEnabled()
    assert not dialog.running and not dialog.busy.isVisibleTo(dialog)
    outcome = blocker.args[0]
    assert isinstance(outcome, Outcome)
    return outcome


def test_defaults_are_those_of_the_command_line(qtbot: Any, document: ScenarioDocument) -> None:
    parser = argparse.ArgumentParser()
    command.configure(parser)
    dialog = GenerateDialog(document)
    qtbot.addWidget(dialog)
    request = dialog.request()
    for name in ("grid", "tolerance", "min_island_area", "narrows"):
        assert getattr(request, name) == parser.get_default(name), name
    assert (request.basemap, request.bbox, request.projection) == ("", "", "")
    assert "Natural Earth" in dialog.files["basemap"].edit.placeholderText()


def test_preview_then_apply_is_one_undo_step(
    qtbot: Any, document: ScenarioDocument, scenario: Scenario
) -> None:
    before = dump(document.scenario)
    old_map = document.scenario.map.model_dump()
    changes: list[DocumentChange] = []
    document.changed.connect(changes.append)
    dialog = GenerateDialog(document)
    qtbot.addWidget(dialog)
    _fill(dialog)

    outcome = _preview(qtbot, dialog)
    assert outcome.ok and outcome.generation is not None
    text = dialog.summary.toPlainText()
    assert "5 land regions, 2 sea zones, 1 straits" in text
    assert "islands without a point joined" in text
    assert "setup entries name areas the new map lacks; they are kept" in text
    assert dump(document.scenario) == before, "a preview changes nothing"
    assert document.undo_stack.count() == 0

    dialog.apply()
    assert dialog.applied and dialog.result() == QDialog.DialogCode.Accepted
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == "Generate map from points"
    new_map = outcome.generation.scenario.map.model_dump()
    assert document.scenario.map.model_dump() == new_map
    assert [lang.id for lang in document.scenario.catalogs.languages] == ["wl", "el"]
    assert document.scenario.setup.model_dump() == scenario.setup.model_dump(), "setup kept"
    assert changes[-1].reset, "views rebuild and fit the new map"
    assert document.topology is not None
    assert {a.id for a in document.scenario.map.areas if a.kind is AreaKind.LAND} == {
        "west",
        "north",
        "east",
        "south",
        "isle",
    }

    document.undo_stack.undo()
    assert dump(document.scenario) == before
    assert document.scenario.map.model_dump() == old_map
    assert changes[-1].reset
    document.undo_stack.redo()
    assert document.scenario.map.model_dump() == new_map
    assert document.undo_stack.count() == 1


def test_apply_without_preview_generates_first(qtbot: Any, document: ScenarioDocument) -> None:
    catalogs = document.scenario.catalogs.model_dump()
    dialog = GenerateDialog(document)
    qtbot.addWidget(dialog)
    _fill(dialog, catalogs=False)
    with qtbot.waitSignal(dialog.finished, timeout=60_000):
        dialog.apply()
    assert dialog.applied
    assert document.undo_stack.count() == 1
    assert len(document.scenario.map.areas) == 7
    assert document.scenario.catalogs.model_dump() == catalogs, "no catalogs file: catalogs kept"


def test_a_bad_row_shows_its_file_row_and_column(
    qtbot: Any, document: ScenarioDocument, tmp_path: Path
) -> None:
    points = tmp_path / "regions.csv"
    points.write_text("id,name,lon,lat\na,A,2,42\nb,B,2,forty\n", encoding="utf-8")
    before = dump(document.scenario)
    dialog = GenerateDialog(document)
    qtbot.addWidget(dialog)
    _fill(dialog, points)

    outcome = _preview(qtbot, dialog)
    assert outcome.generation is None
    assert "Error: regions.csv, row 3, column lat: 'forty' is not a number" in dialog.summary.toPlainText()
    assert "document is unchanged" in dialog.status.text()

    dialog.apply()  # generates again, fails again, applies nothing
    qtbot.waitUntil(lambda: not dialog.running, timeout=60_000)
    assert not dialog.applied
    assert dump(document.scenario) == before
    assert document.undo_stack.count() == 0


def test_ids_used_twice_block_apply(qtbot: Any, document: ScenarioDocument, tmp_path: Path) -> None:
    points = tmp_path / "regions.csv"
    rows = (DATA / "regions.csv").read_text(encoding="utf-8").replace("west,Westmark", "aldmoor_kingdom,W")
    points.write_text(rows, encoding="utf-8")
    (tmp_path / "straits.csv").write_text("id,a,b\n", encoding="utf-8")
    dialog = GenerateDialog(document)
    qtbot.addWidget(dialog)
    _fill(dialog, points)
    dialog.files["straits"].edit.setText("")
    outcome = _preview(qtbot, dialog)
    assert outcome.clashes == ["aldmoor_kingdom"] and not outcome.ok
    assert "used twice" in dialog.summary.toPlainText()
    assert not dialog.apply_button.isEnabled()


def test_file_menu_opens_the_dialog(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = MainWindow(ScenarioDocument())
    qtbot.addWidget(window)
    shown: list[GenerateDialog] = []

    def fake_exec(dialog: GenerateDialog) -> int:
        shown.append(dialog)
        return int(QDialog.DialogCode.Rejected.value)

    monkeypatch.setattr(GenerateDialog, "exec", fake_exec)
    window.actions_by_name["generate_map"].trigger()
    assert len(shown) == 1 and shown[0].document is window.document
    assert window.document.undo_stack.count() == 0


def test_stop_drops_the_run_under_way(qtbot: Any, document: ScenarioDocument) -> None:
    before = dump(document.scenario)
    dialog = GenerateDialog(document)
    qtbot.addWidget(dialog)
    _fill(dialog)
    dialog.apply()
    assert dialog.running
    dialog.stop()
    assert not dialog.running and dialog.preview_button.isEnabled()
    assert "Stopped" in dialog.status.text()
    qtbot.waitUntil(lambda: not any(job.isRunning() for job in jobs.JOBS), timeout=60_000)
    qtbot.wait(50)  # the finished run's outcome arrives, and is dropped
    assert dialog.outcome is None and not dialog.applied
    assert dump(document.scenario) == before and document.undo_stack.count() == 0
