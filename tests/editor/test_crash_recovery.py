"""A real editor process killed after an edit leaves its work to recover, and the next start offers
it (issue 18.14). The process is a whole main window (offscreen) with the app's own autosave; the
kill is SIGKILL, so nothing of its own clean-up runs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from editor.app import offer_recovery, start
from editor.autosave import Recovery, pending_recoveries
from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow

SESSION = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QTimer
    from editor.app import make_app
    app = make_app()  # the application's own name, so its own recovery folder (under this HOME)
    from editor import commands
    from editor.mainwindow import MainWindow
    from model import ops
    window = MainWindow()
    window.open_path(Path(sys.argv[1]))
    window.show()
    commands.execute(window.document, lambda s: ops.set_area_fields(s, "halden", name="Lost Name"))
    window.autosaver.soon.setInterval(50)  # the edit's write, sooner than the app's few seconds
    window.autosaver.soon.start()
    note = window.autosaver.note_path
    def ready():
        if note.exists():
            print(note.parent, flush=True)
        else:
            QTimer.singleShot(50, ready)
    QTimer.singleShot(50, ready)
    app.exec()
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_an_edit_survives_a_killed_editor_and_is_offered_at_the_next_start(
    tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = Path(__file__).resolve().parents[2]
    home = tmp_path / "home"  # the editor's settings and recovery folder live here, not in the user's
    process = subprocess.Popen(
        [sys.executable, "-c", SESSION, str(DEFAULT_SCENARIO)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root), "HOME": str(home), "XDG_DATA_HOME": str(home / "data")},
    )
    try:
        assert process.stdout is not None
        folder = Path(process.stdout.readline().strip())
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=60)
    assert process.returncode == -signal.SIGKILL
    assert folder.is_relative_to(home)
    found = pending_recoveries(folder)
    assert len(found) == 1 and found[0].original == DEFAULT_SCENARIO.resolve()
    asked: list[str] = []

    def yes(_parent: object, _title: str, text: str, *_args: object) -> QMessageBox.StandardButton:
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr("editor.app.QMessageBox.question", yes)
    window = MainWindow()
    qtbot.addWidget(window)
    assert offer_recovery(window, found)
    assert "did not close cleanly" in asked[0]
    assert window.document.scenario.area("halden").name == "Lost Name"
    assert window.document.modified and window.isWindowModified()  # the title shows "*"
    assert pending_recoveries(folder) == []


def test_the_recovery_question_is_asked_over_the_shown_main_window(
    tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 18.14: the question is parented to the editor's window, which is already on screen."""
    scenario = tmp_path / "lost.mappa.json"
    scenario.write_text(DEFAULT_SCENARIO.read_text(encoding="utf-8"), encoding="utf-8")
    recovery = Recovery(scenario, tmp_path / "lost.note", scenario, 0.0, "lost")
    asked: list[tuple[object, bool]] = []

    def no(parent: object, *_args: object) -> QMessageBox.StandardButton:
        asked.append((parent, isinstance(parent, MainWindow) and parent.isVisible()))
        return QMessageBox.StandardButton.No

    monkeypatch.setattr("editor.app.QMessageBox.question", no)
    window = MainWindow()
    qtbot.addWidget(window)
    assert not start(window, str(DEFAULT_SCENARIO), [recovery])
    assert asked == [(window, True)]  # parented to the window, shown before the question
    assert not scenario.exists()  # "No" deletes the copy
    assert window.document.path == DEFAULT_SCENARIO.resolve()  # then the file given is opened
