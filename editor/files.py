"""File menu behaviour: New (a ruleset's empty map or a shipped scenario), New from template, Open,
Open Recent, Save, Save As, Close, Export.

Kept out of the main window so that it stays small. Every file error (a bad file, a disk error)
is shown in a message box with what to do; the document stays as it was.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from editor.document import ScenarioDocument
from editor.errors import show_error
from model import io
from model.resources import scenarios_dir
from model.scenario import DEFAULT_RULESET_ID

log = logging.getLogger(__name__)

MAX_RECENT = 10
FILE_FILTER = "Mappa scenarios (*.mappa.json);;JSON files (*.json);;All files (*)"
SCENARIOS_DIR = scenarios_dir()
"""The shipped scenarios (model.resources says where they are, frozen or not)."""
DEFAULT_SCENARIO = SCENARIOS_DIR / "default.mappa.json"
"""The small hand-made example (The Narrow Sea): the fallback, and what tests open."""
STARTUP_SCENARIO = SCENARIOS_DIR / "medieval-europe-976.mappa.json"
"""What the editor opens on first launch: Millennium 976 on the medieval Europe map."""


def startup_scenario() -> Path:
    """The scenario to open when no file is named: Millennium 976, else the small example."""
    return STARTUP_SCENARIO if STARTUP_SCENARIO.exists() else DEFAULT_SCENARIO


def templates() -> list[Path]:
    """The shipped scenarios a new one can start from."""
    return sorted(SCENARIOS_DIR.glob(f"*{io.FILE_SUFFIX}"))


class RecentFiles(QObject):
    """The Open Recent list, kept in ``QSettings`` (most recent first)."""

    changed = Signal()
    KEY = "recent_files"

    def paths(self) -> list[Path]:
        """The remembered files that still exist."""
        value = QSettings().value(self.KEY, [])
        items = [value] if isinstance(value, str) else list(value or [])
        return [Path(p) for p in items if p and Path(p).exists()]

    def add(self, path: Path) -> None:
        """Put a file at the top of the list."""
        text = str(path.resolve())
        items = [text] + [str(p) for p in self.paths() if str(p) != text]
        QSettings().setValue(self.KEY, items[:MAX_RECENT])
        self.changed.emit()

    def clear(self) -> None:
        """Forget every recent file."""
        QSettings().setValue(self.KEY, [])
        self.changed.emit()


class FileController(QObject):
    """Runs the File menu's commands on a document, asking about unsaved changes first.

    Signals: ``tidied(str)`` says that temporaries left beside the file by a killed save were
    removed on opening or saving it (the window shows it in the status bar).
    """

    tidied = Signal(str)

    def __init__(self, document: ScenarioDocument, window: QWidget) -> None:
        super().__init__(window)
        self.document = document
        self.window = window
        self.recent = RecentFiles(self)

    # --- asking ---------------------------------------------------------------------------------

    def maybe_save(self) -> bool:
        """Ask what to do with unsaved changes; return False when the user cancels."""
        if not self.document.modified:
            return True
        answer = QMessageBox.warning(
            self.window,
            "Unsaved changes",
            f"{self.document.display_name()} has unsaved changes. Save them?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    # --- commands -------------------------------------------------------------------------------

    def new(self, ruleset_id: str = DEFAULT_RULESET_ID) -> bool:
        """Start an empty map for a ruleset, with the ruleset's usual catalogs (languages, religions)."""
        # Imported here: editor.new_scenario reads the templates listed by this module.
        from editor.new_scenario import new_scenario

        if not self.maybe_save():
            return False
        self.document.replace_scenario(new_scenario(ruleset_id), None)
        return True

    def new_with_dialog(self) -> bool:
        """File > New: ask for a ruleset's empty map or a shipped scenario, then start it."""
        from editor.dialogs.new_scenario import ask_new

        choice = ask_new(self.window)
        if choice is None:
            return False
        if choice.template is None:
            return self.new(choice.ruleset_id)
        return self.new_from_template(choice.template)

    def new_from_template(self, template: Path) -> bool:
        """Start a new, unsaved scenario that is a copy of a shipped one."""
        if not self.maybe_save():
            return False
        try:
            scenario = io.load(template)
        except io.LoadError as error:
            show_error(self.window, "Cannot use this template", str(error))
            return False
        self.document.replace_scenario(scenario, None)
        return True

    def open(self, path: Path | None = None) -> bool:
        """Open a file (asking for one when no path is given)."""
        if not self.maybe_save():
            return False
        if path is None:
            start = str(self.document.path.parent) if self.document.path else str(SCENARIOS_DIR)
            chosen, _ = QFileDialog.getOpenFileName(self.window, "Open scenario", start, FILE_FILTER)
            if not chosen:
                return False
            path = Path(chosen)
        return self.load(path)

    def _tell_tidied(self, path: Path, removed: list[Path]) -> None:
        if removed:
            self.tidied.emit(
                f"Removed {len(removed)} temporary file{'s' if len(removed) != 1 else ''} left beside "
                f"{path.name} by an interrupted save"
            )

    def load(self, path: Path) -> bool:
        """Load a file into the document without asking (unsaved changes are dropped)."""
        self._tell_tidied(path, io.remove_stale_temporaries(path))  # io.load would do it silently
        try:
            scenario = io.load(path)
        except io.LoadError as error:
            show_error(self.window, "Cannot open the scenario", str(error))
            return False
        self.document.replace_scenario(scenario, path.resolve())
        self.recent.add(path)
        return True

    def save(self) -> bool:
        """Save to the current file (Save As when it has none)."""
        if self.document.path is None:
            return self.save_as()
        return self._write(self.document.path)

    def save_as(self) -> bool:
        """Ask for a file name and save there."""
        start = str(self.document.path or Path.home() / f"{self.document.display_name()}{io.FILE_SUFFIX}")
        chosen, _ = QFileDialog.getSaveFileName(self.window, "Save scenario as", start, FILE_FILTER)
        if not chosen:
            return False
        path = Path(chosen)
        if not path.name.endswith(".json"):
            path = path.with_name(path.name + io.FILE_SUFFIX)
        return self._write(path)

    def _write(self, path: Path) -> bool:
        try:
            self._tell_tidied(path, self.document.save(path))
        except (OSError, ValueError) as error:
            show_error(
                self.window, "Cannot save the scenario", f"{path}: {error}\n\nTry Save As in another folder."
            )
            return False
        self.recent.add(path)
        return True

    def close(self) -> bool:
        """Close the file: the window shows a new empty map of the same ruleset."""
        return self.new(self.document.scenario.ruleset.id)
