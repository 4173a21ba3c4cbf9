"""Live validation: the model's validator re-run off the UI thread shortly after each edit.

Edits during a drag arrive many times a second; a single-shot timer coalesces them so that a run
starts once the author pauses (``delay_ms``, longer on maps where a run is slow). The run happens
in a worker thread (``QThreadPool``) on a *snapshot* of the scenario, and builds its own topology
(the document's ``Topology`` is not thread-safe). Each run carries the document's edit generation:
a result that arrives after a newer edit is stale and dropped (the newer edit has scheduled its own
run), so the Issues dock, the status bar and the validation map mode, which all listen to
``issues_changed(list[Issue])``, always show the same, current result.

The snapshot copies the scenario's containers (lists and dicts) but shares the model objects in
them: edit operations never mutate a model object, they replace it (``model.ops.core``), so taking
a snapshot costs milliseconds on a 5,000-area map where a deep copy would block for half a second.
"""

from __future__ import annotations

import logging
import time

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from editor.document import DocumentChange, ScenarioDocument
from model.issues import Issue, Severity
from model.scenario import Scenario
from model.validate import validate

log = logging.getLogger(__name__)


def snapshot(scenario: Scenario) -> Scenario:
    """A copy of the scenario that later edits do not change (containers copied, items shared)."""
    m = scenario.map
    map_copy = m.model_copy(
        update={
            "boundaries": list(m.boundaries),
            "areas": list(m.areas),
            "connections": list(m.connections),
            "underlays": list(m.underlays),
        }
    )
    c = scenario.catalogs
    catalogs = c.model_copy(
        update={
            "language_families": list(c.language_families),
            "languages": list(c.languages),
            "religion_groups": list(c.religion_groups),
            "religions": list(c.religions),
        }
    )
    r = scenario.ruleset
    ruleset = r.model_copy(update={"options": dict(r.options), "tables": dict(r.tables)})
    s = scenario.setup
    setup = s.model_copy(
        update={
            "empires": list(s.empires),
            "magnates": list(s.magnates),
            "areas": dict(s.areas),
            "units": list(s.units),
            "attributes": dict(s.attributes),
        }
    )
    return scenario.model_copy(
        update={"map": map_copy, "catalogs": catalogs, "ruleset": ruleset, "setup": setup}
    )


class _Relay(QObject):
    """Carries a worker's result back to the UI thread (a queued signal); owned by its job."""

    finished = Signal(int, list, float)


class _Job(QRunnable):
    """One validation run on a snapshot, in a worker thread."""

    def __init__(self, generation: int, scenario: Scenario) -> None:
        super().__init__()
        self.setAutoDelete(False)  # Python keeps the job (and its relay) until it reports
        self.generation = generation
        self.scenario = scenario
        self.relay = _Relay()

    def run(self) -> None:
        """Validate (the validator never raises; a bug in it is reported, not thrown)."""
        started = time.perf_counter()
        try:
            issues = validate(self.scenario)
        except Exception:  # never let a worker die silently
            log.exception("validation failed")
            issues = []
        self.relay.finished.emit(self.generation, issues, time.perf_counter() - started)


class LiveValidator(QObject):
    """Runs ``model.validate.validate`` after edits (debounced, in a worker, stale results dropped).

    Signals: ``issues_changed(list[Issue])`` with each current result; ``busy(bool)`` when a run
    starts or the last one ends (the status bar says "checking…").
    """

    issues_changed = Signal(list)
    busy = Signal(bool)

    def __init__(self, document: ScenarioDocument, delay_ms: int = 250) -> None:
        super().__init__(document)
        self.document = document
        self.issues: list[Issue] = []
        self.last_duration = 0.0
        self.generation = 0
        """Counts the document's changes; a result of an older generation is stale."""
        self.published_generation = -1
        self.delay_ms = delay_ms
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._running: _Job | None = None
        self._pending = False
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.start)
        document.changed.connect(self._on_changed)

    def _on_changed(self, change: DocumentChange) -> None:
        self.generation += 1
        # On a big map a run takes a while: wait longer for a pause, so that a run does not start
        # between two steps of the same editing burst (each new edit restarts the wait).
        self.timer.start(max(self.delay_ms, round(self.last_duration * 2000)))

    @property
    def running(self) -> bool:
        """Whether a run is under way."""
        return self._running is not None

    @property
    def current(self) -> bool:
        """Whether the published issues are those of the scenario as it is now."""
        return self.published_generation == self.generation

    def schedule(self, delay_ms: int | None = None) -> None:
        """Start a run after ``delay_ms`` (default: the live delay), coalescing with pending ones."""
        self.timer.start(self.delay_ms if delay_ms is None else delay_ms)

    def start(self) -> None:
        """Start a run now on a snapshot (or after the one under way, which is then stale)."""
        self.timer.stop()
        if self._running is not None:
            self._pending = True
            return
        job = _Job(self.generation, snapshot(self.document.scenario))
        job.relay.finished.connect(self._finished)
        self._running = job
        self._pending = False
        self.busy.emit(True)
        self.pool.start(job)

    def _finished(self, generation: int, issues: list[Issue], duration: float) -> None:
        self._running = None
        self.last_duration = duration
        if generation == self.generation:
            self._publish(issues, generation)
        elif not self.timer.isActive():
            self._pending = True  # an edit came in during the run and its wait is over
        if self._pending:
            self.start()
        else:
            self.busy.emit(False)

    def _publish(self, issues: list[Issue], generation: int) -> None:
        self.issues = issues
        self.published_generation = generation
        self.issues_changed.emit(issues)

    def run_now(self) -> list[Issue]:
        """Validate on this thread now and publish the issues (scripts, tests, File > Validate)."""
        self.timer.stop()
        started = time.perf_counter()
        issues = validate(self.document.scenario, topology=self.document.topology)
        self.last_duration = time.perf_counter() - started
        self._publish(issues, self.generation)
        return issues

    def wait(self, timeout_ms: int = -1) -> bool:
        """Block until the worker is idle (used when closing); return whether it is."""
        return bool(self.pool.waitForDone(timeout_ms))

    def counts(self) -> dict[Severity, int]:
        """How many issues of each severity the last run found."""
        result = dict.fromkeys(Severity, 0)
        for issue in self.issues:
            result[issue.severity] += 1
        return result
