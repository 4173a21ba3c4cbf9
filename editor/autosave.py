"""Autosave to a recovery file, and the recovery offer after a crash.

While the document has unsaved changes, its scenario is written a few seconds after each edit
(``AFTER_EDIT_MS``) and every ``interval`` milliseconds to
``recovery-<pid>.mappa.json`` in the application's data folder, with a small ``.json`` note of the
original file. A clean save or close deletes them. On the next launch, recovery files whose
process is gone are what a crash left behind: ``pending_recoveries`` lists them.
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QTimer

from editor.document import ScenarioDocument
from model import io

log = logging.getLogger(__name__)

DEFAULT_INTERVAL_MS = 60_000
AFTER_EDIT_MS = 5_000
"""An edit is written this long after it (edits in between wait with it), not only on the minute's
timer: a crash soon after the first edits of a session still leaves them to recover."""


def recovery_dir() -> Path:
    """The folder holding recovery files (created when missing)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    folder = Path(base or Path.home() / ".mappa") / "recovery"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass(frozen=True)
class Recovery:
    """A recovery file left by a session that did not end cleanly."""

    scenario_path: Path
    note_path: Path
    original: Path | None
    saved_at: float
    title: str

    def discard(self) -> None:
        """Delete the recovery file and its note."""
        self.scenario_path.unlink(missing_ok=True)
        self.note_path.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def pending_recoveries(folder: Path | None = None) -> list[Recovery]:
    """Recovery files whose process is no longer running, newest first."""
    folder = folder or recovery_dir()
    found: list[Recovery] = []
    for note_path in folder.glob("recovery-*.json"):
        if note_path.name.endswith(io.FILE_SUFFIX):
            continue
        try:
            note = json.loads(note_path.read_text(encoding="utf-8"))
            pid = int(note["pid"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
        scenario_path = note_path.with_name(f"recovery-{pid}{io.FILE_SUFFIX}")
        if _alive(pid) or not scenario_path.exists():
            continue
        original = Path(note["original"]) if note.get("original") else None
        found.append(
            Recovery(
                scenario_path, note_path, original, float(note.get("saved_at", 0)), str(note.get("title", ""))
            )
        )
    return sorted(found, key=lambda r: r.saved_at, reverse=True)


class Autosaver(QObject):
    """Writes the document to this process's recovery file on a timer while it has unsaved changes."""

    def __init__(
        self, document: ScenarioDocument, interval_ms: int = DEFAULT_INTERVAL_MS, folder: Path | None = None
    ) -> None:
        super().__init__(document)
        self.document = document
        self.folder = folder or recovery_dir()
        self.scenario_path = self.folder / f"recovery-{os.getpid()}{io.FILE_SUFFIX}"
        self.note_path = self.folder / f"recovery-{os.getpid()}.json"
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.save_now)
        self.timer.start()
        self.soon = QTimer(self)
        self.soon.setSingleShot(True)
        self.soon.setInterval(min(AFTER_EDIT_MS, interval_ms))
        self.soon.timeout.connect(self.save_now)
        document.file_changed.connect(self._on_file_changed)
        document.changed.connect(lambda _change: self.soon.start())

    def save_now(self) -> bool:
        """Write the recovery file now if there are unsaved changes; return whether it wrote."""
        if not self.document.modified:
            return False
        try:
            io.save(self.document.scenario, self.scenario_path)
            note = {
                "pid": os.getpid(),
                "original": str(self.document.path) if self.document.path else None,
                "saved_at": time.time(),
                "title": self.document.display_name(),
            }
            io.atomic_write(self.note_path, json.dumps(note).encode("utf-8"))
        except (OSError, ValueError) as error:  # autosave must never interrupt the author
            log.warning("autosave failed: %s", error)
            return False
        return True

    def discard(self) -> None:
        """Delete this session's recovery file (after a save, or on a clean exit)."""
        self.scenario_path.unlink(missing_ok=True)
        self.note_path.unlink(missing_ok=True)

    def _on_file_changed(self) -> None:
        if not self.document.modified:
            self.discard()
