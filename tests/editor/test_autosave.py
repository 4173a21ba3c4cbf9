"""Autosave to a recovery file while there are unsaved changes, and recovery after a crash."""

from __future__ import annotations

import json
import os
from pathlib import Path

from pytestqt.qtbot import QtBot

from editor import commands
from editor.app import recover
from editor.autosave import Autosaver, pending_recoveries
from editor.document import ScenarioDocument
from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from model import io, ops


def test_autosave_writes_only_while_modified_and_cleans_up_on_save(
    document: ScenarioDocument, tmp_path: Path
):
    saver = Autosaver(document, interval_ms=60_000, folder=tmp_path)
    assert not saver.save_now()
    assert not saver.scenario_path.exists()
    commands.execute(document, lambda s: ops.set_area_fields(s, "halden", name="Haldenmark"))
    assert saver.save_now()
    assert io.load(saver.scenario_path).area("halden").name == "Haldenmark"
    note = json.loads(saver.note_path.read_text(encoding="utf-8"))
    assert note["pid"] == os.getpid()
    document.save(tmp_path / "saved.mappa.json")
    assert not saver.scenario_path.exists() and not saver.note_path.exists()


def test_the_timer_autosaves(document: ScenarioDocument, tmp_path: Path, qtbot: QtBot) -> None:
    saver = Autosaver(document, interval_ms=50, folder=tmp_path)
    commands.execute(document, lambda s: ops.set_area_fields(s, "halden", name="Haldenmark"))
    qtbot.waitUntil(saver.scenario_path.exists, timeout=3000)


def _crashed_session(folder: Path, original: Path | None) -> Path:
    """Leave the files a crashed process (a pid that cannot be running) would leave."""
    scenario = io.load(DEFAULT_SCENARIO)
    scenario.map.areas[0].name = "Recovered name"
    dead_pid = 2**22 + 12345  # above Linux's pid_max default, so no such process exists
    path = folder / f"recovery-{dead_pid}.mappa.json"
    io.save(scenario, path)
    note = {"pid": dead_pid, "original": str(original) if original else None, "saved_at": 1.0, "title": "x"}
    (folder / f"recovery-{dead_pid}.json").write_text(json.dumps(note), encoding="utf-8")
    return path


def test_a_crashed_session_is_offered_and_recovered_as_unsaved(tmp_path: Path, qtbot: QtBot) -> None:
    original = tmp_path / "mine.mappa.json"
    _crashed_session(tmp_path, original)
    found = pending_recoveries(tmp_path)
    assert len(found) == 1 and found[0].original == original
    window = MainWindow()
    qtbot.addWidget(window)
    assert recover(window, found[0])
    assert window.document.scenario.map.areas[0].name == "Recovered name"
    assert window.document.modified
    assert window.document.path == original
    assert pending_recoveries(tmp_path) == []


def test_a_running_session_is_not_offered(document: ScenarioDocument, tmp_path: Path) -> None:
    saver = Autosaver(document, folder=tmp_path)
    commands.execute(document, lambda s: ops.set_area_fields(s, "halden", name="Haldenmark"))
    assert saver.save_now()
    assert pending_recoveries(tmp_path) == []


def test_an_edit_is_written_soon_after_it_not_only_on_the_minutes_timer(
    document: ScenarioDocument, tmp_path: Path, qtbot: QtBot
) -> None:
    saver = Autosaver(document, interval_ms=3_600_000, folder=tmp_path)
    assert saver.soon.interval() == 5_000 and not saver.soon.isActive()
    commands.execute(document, lambda s: ops.set_area_fields(s, "halden", name="Haldenmark"))
    assert saver.soon.isActive()  # the write after the edit is on its way
    saver.soon.timeout.emit()
    assert io.load(saver.scenario_path).area("halden").name == "Haldenmark"
