"""A scripted stand-in for the play-test's window seam (``editor.playtest.prompts``).

It answers every question at once and records what was asked, so a headless test never opens a
modal box and never monkeypatches ``QMessageBox``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from editor.playtest.session import PlaytestSetup
from model.rules.registry import RulesetSpec
from model.scenario import Scenario


@dataclass
class ScriptedPrompts:
    """Answers: ``confirm`` for captures, ``setup`` for the dialog, ``open_path``/``save_path`` for files."""

    confirm: bool = True
    setup: PlaytestSetup | None = None
    open_path: Path | None = None
    save_path: Path | None = None
    warnings: list[tuple[str, str]] = field(default_factory=list)
    captures: list[list[str]] = field(default_factory=list)

    def warn(self, title: str, text: str) -> None:
        """Record the warning."""
        self.warnings.append((title, text))

    def ask_setup(self, scenario: Scenario, spec: RulesetSpec) -> PlaytestSetup | None:
        """Answer with ``setup``."""
        return self.setup

    def confirm_capture(self, lines: list[str]) -> bool:
        """Record the lines shown and answer ``confirm``."""
        self.captures.append(list(lines))
        return self.confirm

    def log_to_open(self) -> Path | None:
        """Answer ``open_path``."""
        return self.open_path

    def log_to_save(self) -> Path | None:
        """Answer ``save_path``."""
        return self.save_path
