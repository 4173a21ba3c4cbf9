"""The play-test's window seam: every question and warning the controller puts to the user.

The controller never opens a message box or a file dialog itself; it calls a ``PlaytestPrompts``.
``QtPrompts`` shows the real (modal) boxes; tests give the controller a scripted object with the
same methods, so no modal ``exec()`` ever runs in a headless test and nothing is monkeypatched.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from editor.playtest import dialog
from editor.playtest.session import PlaytestSetup
from model.rules.registry import RulesetSpec
from model.scenario import Scenario

CAPTURE_TITLE = "Use this position as the scenario setup"


class PlaytestPrompts(Protocol):
    """What the play-test asks the user, and how it tells them an action failed."""

    def warn(self, title: str, text: str) -> None:
        """Tell the user something could not be done (a refused action, an unreadable log)."""

    def ask_setup(self, scenario: Scenario, spec: RulesetSpec) -> PlaytestSetup | None:
        """Ask for seats, seed and options; None when cancelled."""

    def confirm_capture(self, lines: list[str]) -> bool:
        """Show the changes a capture makes (one per line) and return whether to make them."""

    def log_to_open(self) -> Path | None:
        """Ask for a play-test log to load; None when cancelled."""

    def log_to_save(self) -> Path | None:
        """Ask where to save the play-test log; None when cancelled."""


def capture_message(lines: list[str]) -> str:
    """The question above a capture's list of changes (how many, and that one undo takes it back)."""
    count = sum(1 for line in lines if not line.startswith("... and "))
    on_map = any(line.endswith("(map)") for line in lines)
    return (
        f"{count} change{'s' if count != 1 else ''} to the scenario setup{' and map' if on_map else ''}. "
        "This is one edit: Edit > Undo takes it back."
    )


class QtPrompts:
    """The real prompts: modal message boxes and file dialogs over ``parent``."""

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent

    def warn(self, title: str, text: str) -> None:
        """A warning box with an OK button."""
        QMessageBox.warning(self.parent, title, text)

    def ask_setup(self, scenario: Scenario, spec: RulesetSpec) -> PlaytestSetup | None:
        """The play-test setup dialog."""
        return dialog.ask_setup(scenario, spec, self.parent)

    def confirm_capture(self, lines: list[str]) -> bool:
        """An OK/Cancel box; the changes are its detailed text."""
        box = QMessageBox(self.parent)
        box.setWindowTitle(CAPTURE_TITLE)
        box.setText(capture_message(lines))
        box.setDetailedText("\n".join(lines))
        box.setStandardButtons(QMessageBox.StandardButton.Ok | QMessageBox.StandardButton.Cancel)
        return box.exec() == QMessageBox.StandardButton.Ok

    def log_to_open(self) -> Path | None:
        """A file dialog for ``*.json`` logs."""
        chosen, _ = QFileDialog.getOpenFileName(
            self.parent, "Load a play-test log", "", "Play-test logs (*.json);;All files (*)"
        )
        return Path(chosen) if chosen else None

    def log_to_save(self) -> Path | None:
        """A save dialog proposing ``playtest.log.json``."""
        chosen, _ = QFileDialog.getSaveFileName(
            self.parent, "Save the play-test log", "playtest.log.json", "Play-test logs (*.json)"
        )
        return Path(chosen) if chosen else None
