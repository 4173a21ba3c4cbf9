"""Live validation: the model's validator re-run shortly after each edit.

Edits during a drag arrive many times a second; a single-shot timer coalesces them so that the
validator runs once the author pauses (``delay_ms``). The result is published with
``issues_changed(list[Issue])`` for the Issues dock, the status bar and the validation map mode.
"""

from __future__ import annotations

import logging
import time

from PySide6.QtCore import QObject, QTimer, Signal

from editor.document import DocumentChange, ScenarioDocument
from model.issues import Issue, Severity

log = logging.getLogger(__name__)


class LiveValidator(QObject):
    """Runs ``model.validate.validate`` on the document after edits (debounced)."""

    issues_changed = Signal(list)

    def __init__(self, document: ScenarioDocument, delay_ms: int = 250) -> None:
        super().__init__(document)
        self.document = document
        self.issues: list[Issue] = []
        self.last_duration = 0.0
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.delay_ms = delay_ms
        self.timer.timeout.connect(self.run_now)
        document.changed.connect(self._on_changed)

    def _on_changed(self, change: DocumentChange) -> None:
        # On a big map a run takes a while: wait longer for a pause, so that a run does not land
        # between two steps of the same editing burst.
        self.timer.start(max(self.delay_ms, round(self.last_duration * 3000)))

    def run_now(self) -> list[Issue]:
        """Validate now and publish the issues (the validator never raises; a missing one yields none)."""
        self.timer.stop()
        started = time.perf_counter()
        try:
            from model.validate import validate
        except ImportError as error:
            log.warning("validator unavailable: %s", error)
            issues: list[Issue] = []
        else:
            issues = validate(self.document.scenario, topology=self.document.topology)
        self.last_duration = time.perf_counter() - started
        self.issues = issues
        self.issues_changed.emit(issues)
        return issues

    def counts(self) -> dict[Severity, int]:
        """How many issues of each severity the last run found."""
        result = dict.fromkeys(Severity, 0)
        for issue in self.issues:
            result[issue.severity] += 1
        return result
