"""Live validation: the model's validator re-run off the UI thread shortly after each edit.

Edits during a drag arrive many times a second; a single-shot timer coalesces them so that a run
starts once the author pauses (``delay_ms``, longer on maps where a run is slow). The run happens
in a worker thread (``QThreadPool``) on a *snapshot* of the scenario. Each run carries the
document's edit generation: a result that arrives after a newer edit is stale and dropped (the
newer edit has scheduled its own run), so the Issues dock, the status bar and the validation map
mode, which all listen to ``issues_changed(list[Issue])``, always show the same, current result.

The snapshot copies the scenario's containers (lists and dicts) but shares the model objects in
them: edit operations never mutate a model object, they replace it (``model.ops.core``), so taking
a snapshot costs milliseconds on a 5,000-area map where a deep copy would block for half a second.

The UI thread must keep running while a run goes on. On a big map (``ELSEWHERE_AREAS`` areas and
more) the run is made in a helper process (``editor.validation_process``), which keeps its own copy
of the scenario and its own faces, brought up to date with what changed since its last run
(``editor.scenario_delta``): a worker thread of the editor, however carefully it slices its work,
shares Python's GIL with the UI thread, and on a 30,000-area map the stretches it held it (with the
Issues dock's sorting beside it) froze the UI for 100-170 ms after a drag. The worker thread then
only sends the changes and reads the issues back, in chunks.

A smaller map is validated in the worker thread itself, which never holds the GIL for long
(measured on a generated 5,000-area map, ``tests/bench/bench_editor.py``):

* the worker keeps a ``Topology`` of its own (the document's is not thread-safe) and brings it up
  to date with the boundaries and areas that the edits since its last run touched
  (``Topology.update``, which gives the same faces as a fresh build). When a map is opened it
  starts from a copy of the document's (``Topology.fork``: its own containers, the immutable
  shapely geometries shared), so it neither polygonizes the linework again nor holds a second
  full set of faces; it builds its own only when the document has none;
* the cyclic garbage collector, whose passes hold the GIL, is paused during a run (what a run
  allocates would set off several), and on a big map the long-lived heap is kept out of its full
  passes (``gc.freeze``), which would take 100-300 ms on a 5,000-area map: when the map is opened
  (a collection, then a freeze: the open blocks the UI anyway) and again at the end of the first
  run, which has built the worker's faces (a freeze only, before the collector is back on);
* the big C calls of a run are made in slices (boundary lines, WKB, the linework check's
  ``relate``) and the graphs a run built are freed node by node (``model.validate.runner``);
* the result crosses to the UI thread as one Python object (a ``list`` signal converts every
  issue, twice: 50 ms for the 53,000 issues of a generated 30,000-area map), and the Issues dock
  sorts a big result in its own worker (``editor.docks.issue_order``).
"""

from __future__ import annotations

import gc
import logging
import time
from dataclasses import dataclass

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from editor.document import DocumentChange, ScenarioDocument
from editor.polygonize_process import polygonize_elsewhere, stop_helper
from editor.validation_process import Edits, HelperError, ValidationProcess, validation_failed
from model.issues import Issue, Severity
from model.perf import gc_paused
from model.scenario import MapData, Scenario
from model.topology import Topology
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


__all__ = ["BIG_MAP_AREAS", "ELSEWHERE_AREAS", "LiveValidator", "snapshot", "validation_failed"]


@dataclass(frozen=True)
class _Edits:
    """What the edits since the worker's last run touched: its topology needs only these redone."""

    boundaries: frozenset[str] = frozenset()
    areas: frozenset[str] = frozenset()
    reset: bool = False

    def __or__(self, change: DocumentChange) -> _Edits:
        return _Edits(
            self.boundaries | change.boundaries, self.areas | change.areas, self.reset or change.reset
        )


class _WorkerTopology:
    """The worker's own topology of the map, kept up to date run after run.

    Only the worker thread touches it, one run at a time (the pool has one thread and a run starts
    only when the previous one has reported).
    """

    def __init__(self) -> None:
        self.topology: Topology | None = None

    def of(self, map_data: MapData, edits: _Edits, fork: Topology | None = None) -> Topology | None:
        """The topology of ``map_data`` (the snapshot's map), given what changed since the last call;
        ``fork``: a copy of the document's faces of that same map (``Topology.fork``), taken over
        instead of building them again.

        None when it cannot be built: ``validate`` then tries itself and reports why it failed.
        """
        if fork is not None:
            self.topology = fork  # then brought up to date with the edits made since it was taken
        try:
            if self.topology is None or edits.reset:
                # On a big map polygonizing would hold the GIL for long (``polygonize_process``).
                polygonize = polygonize_elsewhere if len(map_data.areas) >= BIG_MAP_AREAS else None
                self.topology = Topology.build(map_data, polygonize)
            elif edits.boundaries or edits.areas:  # as the document does: other edits keep the faces
                self.topology.update(map_data, edits.boundaries, edits.areas)
        except Exception:  # half-updated faces are unusable: build afresh next time
            log.exception("cannot bring the validator's topology up to date")
            self.topology = None
        return self.topology


BIG_MAP_AREAS = 1000
"""From this many areas a full pass of the garbage collector is long enough to stall the UI."""

ELSEWHERE_AREAS = 5000
"""From this many areas the runs are made in a helper process (``editor.validation_process``): in
a worker thread they would share the GIL with the UI thread for seconds. Smaller maps are checked
in a fraction of a second, which a process of its own (a second copy of the scenario, a start-up
of a second or so) is not worth."""


def settle_heap() -> None:
    """Collect garbage once, then leave every object alive now out of later collections (``gc.freeze``).

    Once a big map is open, the heap holds hundreds of thousands of long-lived objects (the
    scenario, the topologies, the map's items); a full collection scans them all and holds the GIL
    for 100-300 ms, and edits and validation runs set one off every few runs. Frozen objects are
    still freed as soon as nothing refers to them; only reference cycles among them wait for the
    next call (the next map opened), which unfreezes them first.
    """
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def _big(scenario: Scenario) -> bool:
    return len(scenario.map.areas) >= BIG_MAP_AREAS


def _elsewhere(scenario: Scenario) -> bool:
    return len(scenario.map.areas) >= ELSEWHERE_AREAS


class _Relay(QObject):
    """Carries a worker's result back to the UI thread (a queued signal); owned by its job."""

    finished = Signal(int, object, float)  # object: a list signal converts every item, twice


class _Job(QRunnable):
    """One validation run on a snapshot, in a worker thread."""

    def __init__(
        self,
        generation: int,
        scenario: Scenario,
        edits: _Edits,
        geometry: _WorkerTopology,
        fork: Topology | None = None,
        helper: ValidationProcess | None = None,
    ) -> None:
        super().__init__()
        self.helper = helper
        """The helper process that validates a big map (None: validate in this worker)."""
        self.fork = fork
        """A copy of the document's faces taken when the map was opened (``Topology.fork``), for
        the first run on it (which brings it up to date with ``edits``)."""
        self.setAutoDelete(False)  # Python keeps the job (and its relay) until it reports
        self.generation = generation
        self.scenario = scenario
        self.edits = edits
        self.geometry = geometry
        self.relay = _Relay()

    def run(self) -> None:
        """Validate; a crash of the validator itself is published as an INTERNAL_ERROR issue."""
        started = time.perf_counter()
        if self.helper is not None:
            edits = Edits(self.edits.boundaries, self.edits.areas, self.edits.reset)
            try:
                with gc_paused():
                    issues = self.helper.validate(self.scenario, edits)
                    # Hundreds of thousands of young objects without cycles, alive until the next
                    # result: kept out of the collector's passes (a full one over them held the GIL
                    # for 100 ms or more), they are still freed when the next result replaces them.
                    gc.freeze()
            except HelperError:
                if self.helper.stopped:  # the window closed: the result is not published
                    self.relay.finished.emit(self.generation, [], time.perf_counter() - started)
                    return
                log.exception("cannot validate in the helper process; validating here")
                # The worker's own faces were not kept up to date meanwhile: build them afresh.
                self.edits = _Edits(reset=True)
            else:
                self.relay.finished.emit(self.generation, issues, time.perf_counter() - started)
                return
        # No collection during the run: the graphs it builds (tens of thousands of objects, freed
        # at its end) would set off full passes over the whole heap.
        with gc_paused():
            try:
                topology = self.geometry.of(self.scenario.map, self.edits, self.fork)
                self.fork = None  # the worker's own now: the job keeps no second reference
                issues = validate(self.scenario, topology=topology)
            except Exception as error:  # an empty list would tell the author the map is clean
                log.exception("validation failed")
                self.geometry.topology = None
                issues = [validation_failed(error)]
            if self.edits.reset and _big(self.scenario):
                # The faces just built are long-lived too (the heap was settled at the open). Frozen
                # before the collector is back on: else its first pass scans them all, young as
                # they are, holding the GIL for up to a second on a 30,000-area map.
                gc.freeze()
        self.relay.finished.emit(self.generation, issues, time.perf_counter() - started)


SHUTDOWN_WAIT_MS = 10_000
"""How long a closing window waits for a validation under way (it is not published any more)."""

_OUTLIVING: list[LiveValidator] = []
"""Validators whose worker outlasted the wait at shutdown: kept until the process ends."""


class LiveValidator(QObject):
    """Runs ``model.validate.validate`` after edits (debounced, in a worker, stale results dropped).

    Signals: ``issues_changed(list[Issue])`` with each current result; ``busy(bool)`` when a run
    starts or the last one ends (the status bar says "checking…").
    """

    issues_changed = Signal(object)  # a list[Issue]; ``list`` would convert each of its items
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
        self._geometry = _WorkerTopology()
        self._helper: ValidationProcess | None = None
        """The helper process validating a big map (started by the first run on one)."""
        self._fork = self._fork_faces()
        """A copy of the document's faces of a newly opened map, for the next run to start from."""
        self._edits = _Edits(reset=self._fork is None)
        self._closed = False
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.start)
        document.changed.connect(self._on_changed)
        if _big(document.scenario):
            settle_heap()  # made for a map already open: its heap is long-lived from now on

    def _fork_faces(self) -> Topology | None:
        """A copy of the document's faces (``Topology.fork``), taken while a map is opened.

        Taken then, not when the run starts: copying the containers of a 30,000-area map's faces
        is about 100 ms, which the open hides but a run starting after an edit would not.
        """
        topology = self.document.topology
        if topology is None or _elsewhere(self.document.scenario):  # the helper has its own
            return None
        with gc_paused():  # a few hundred thousand new containers: no collection halfway
            fork: Topology = topology.fork()
        return fork

    def _on_changed(self, change: DocumentChange) -> None:
        self.generation += 1
        self._edits |= change
        if change.reset:
            # A new map: the worker will start from a copy of the document's faces of it rather
            # than build its own; the edits after this one are what it must bring up to date.
            self._fork = self._fork_faces()
            if self._fork is not None:
                self._edits = _Edits()
        if change.reset:  # a map was opened: the old one is garbage now, the new one long-lived
            if _big(self.document.scenario):
                settle_heap()
            else:
                gc.unfreeze()  # a small map needs no freezing; what a big one froze is collectable
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

    def start(self) -> None:
        """Start a run now on a snapshot (or after the one under way, which is then stale)."""
        self.timer.stop()
        if self._closed:
            return
        if self._running is not None:
            self._pending = True
            return
        # A new map: the worker takes a copy of the document's faces rather than building its own
        # (which would hold a second full set of them: hundreds of megabytes on a big map).
        fork, self._fork = self._fork, None
        scenario = snapshot(self.document.scenario)
        helper = None
        if _elsewhere(scenario):
            if self._helper is None:
                self._helper = ValidationProcess()
            helper = self._helper
            self._geometry.topology = None  # a smaller map's faces, if any: no longer needed
        job = _Job(self.generation, scenario, self._edits, self._geometry, fork, helper)
        self._edits = _Edits()
        job.relay.finished.connect(self._finished)
        self._running = job
        self._pending = False
        self.busy.emit(True)
        self.pool.start(job)

    def _finished(self, generation: int, issues: list[Issue], duration: float) -> None:
        self._running = None
        self.last_duration = duration
        if self._closed:
            return
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
        try:
            issues = validate(self.document.scenario, topology=self.document.topology)
        except Exception as error:  # as in the worker: say the map was not checked
            log.exception("validation failed")
            issues = [validation_failed(error)]
        self.last_duration = time.perf_counter() - started
        self._publish(issues, self.generation)
        return issues

    def shutdown(self) -> None:
        """The window closes: no run starts any more, and the polygonize helper process is stopped.

        A run under way finishes in its worker (its result is no longer published), and this waits
        for it, with the GIL released: else the collector may later destroy this object, and with
        it the pool, on the UI thread, and the pool's C++ destructor waits for the worker while the
        collector holds the GIL that the worker's Python needs (a deadlock seen in the test suite).
        A worker that outlasts the wait keeps this object alive, out of the collector's reach.
        """
        self.timer.stop()
        self._pending = False
        self._closed = True
        stop_helper()
        if self._helper is not None:
            self._helper.stop()
        if not self.wait(SHUTDOWN_WAIT_MS):
            _OUTLIVING.append(self)

    def wait(self, timeout_ms: int = -1) -> bool:
        """Block until the worker is idle (used when closing); return whether it is."""
        return bool(self.pool.waitForDone(timeout_ms))

    def counts(self) -> dict[Severity, int]:
        """How many issues of each severity the last run found."""
        result = dict.fromkeys(Severity, 0)
        for item in self.issues:
            result[item.severity] += 1
        return result
