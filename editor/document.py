"""The open scenario: the model, its undo stack, its derived geometry, and one change signal.

``ScenarioDocument`` follows Tiled's Document: the model (a pydantic ``Scenario``) emits nothing;
the undo commands of ``editor.commands`` are the only writers, and after each write they call
``ScenarioDocument.notify`` so that the document emits one typed ``changed`` event that every view
listens to. Derived data (the topology's faces) is kept up to date here, incrementally, before the
views hear about the change, so that they can redraw just the touched items.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from editor import polygonize_process
from model import io
from model.ops import lookup
from model.scenario import Bounds, MapData, Metadata, Scenario
from model.topology import LineworkResult, Topology

log = logging.getLogger(__name__)

_CHECKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="linework-check")
_INDEXER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="edit-indexes")
"""Builds the edit operations' boundary indexes after an open (``model.ops.lookup.prepare``)."""
_INDEX_DELAY_MS = 1000
"""Runs the whole-linework check after an open off the UI thread (a second on a 20,000-area map)."""

_KINDS = ("boundaries", "areas", "connections", "empires", "magnates", "units")

DEFAULT_MODE_ID = "owner"
"""The map mode a document opens in (each document keeps its own; see ``ScenarioDocument.mode_id``)."""


@dataclass(frozen=True)
class DocumentChange:
    """What one edit (or undo, or redo) changed, by id; ``reset``: the scenario or its map was replaced.

    On a reset views drop what they show and build it again from the scenario (the map view also
    takes the new map's extent and fits it), rather than updating the ids one by one.
    ``ScenarioDocument.notify`` makes an edit a reset when it replaces the map (see
    ``ScenarioDocument.replaces_map``); an op can also say so with a true ``reset`` attribute on
    its ``touched``.

    Mirrors ``model.ops.Touched`` with frozensets, plus ``setup`` for scenario-wide data (catalogs,
    ruleset options, tables, metadata) that has no id of its own, and ``shapes``: the areas whose
    faces the edit changed, as the topology found them (``ScenarioDocument.notify`` fills it in).
    An area is in ``shapes`` but not in ``areas`` when only its outline changed (a border moved, a
    new border closed around its anchor): views that draw areas redraw it, views of its data need
    not.
    """

    boundaries: frozenset[str] = frozenset()
    areas: frozenset[str] = frozenset()
    connections: frozenset[str] = frozenset()
    empires: frozenset[str] = frozenset()
    magnates: frozenset[str] = frozenset()
    units: frozenset[str] = frozenset()
    shapes: frozenset[str] = frozenset()
    reset: bool = False
    setup: bool = False
    description: str = ""

    @classmethod
    def from_touched(cls, touched: Any, description: str = "") -> DocumentChange:
        """Build a change from a ``model.ops.Touched`` (any object with the six id collections)."""
        values = {kind: frozenset(getattr(touched, kind, ()) or ()) for kind in _KINDS}
        # Ops that touch no id (ruleset options, scenario-wide attributes) changed the setup.
        setup = bool(getattr(touched, "setup", False)) or not any(values.values())
        reset = bool(getattr(touched, "reset", False))
        return cls(**values, reset=reset, setup=setup, description=description)

    def merged(self, other: DocumentChange) -> DocumentChange:
        """Return the union of two changes (used when several ops make one undo step)."""
        values = {kind: getattr(self, kind) | getattr(other, kind) for kind in _KINDS}
        return DocumentChange(
            **values,
            shapes=self.shapes | other.shapes,
            reset=self.reset or other.reset,
            setup=self.setup or other.setup,
            description=self.description or other.description,
        )

    @property
    def geometry(self) -> bool:
        """Whether faces may have changed (boundaries or areas touched, or a reset)."""
        return self.reset or bool(self.boundaries) or bool(self.areas)


def empty_scenario(title: str = "Untitled") -> Scenario:
    """Return a new scenario with an empty map of a default size (what File > New makes)."""
    return Scenario(
        metadata=Metadata(title=title),
        map=MapData(bounds=Bounds(min_x=0, min_y=0, max_x=1600, max_y=1000), grid=0.5),
    )


def _map_frame(scenario: Scenario) -> tuple[Any, ...]:
    """What places the map in the world: its units, bounds, grid and projection (copied)."""
    map_data = scenario.map
    bounds = map_data.bounds.model_copy() if map_data.bounds is not None else None
    projection = map_data.projection.model_copy(deep=True) if map_data.projection is not None else None
    return (map_data.units, bounds, map_data.grid, projection)


@dataclass
class _Derived:
    """Geometry derived from the scenario (``topology`` is None when building it failed)."""

    topology: Any = None
    error: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


class ScenarioDocument(QObject):
    """One open scenario file: the scenario, where it lives, its undo stack and derived topology.

    Signals:
    * ``changed(DocumentChange)``: after every edit, undo, redo, and when the scenario is replaced.
    * ``file_changed()``: the path or the modified state changed (title bar, actions).
    """

    changed = Signal(object)
    file_changed = Signal()
    _linework_checked = Signal(object, object)
    """(topology, LineworkResult) from the checker thread; queued to the UI thread."""
    _indexes_built = Signal(object, object)
    """(scenario, lookup.PreparedIndex) from the indexer thread; queued to the UI thread."""

    def __init__(
        self, scenario: Scenario | None = None, path: Path | None = None, parent: QObject | None = None
    ):
        super().__init__(parent)
        self.scenario = scenario if scenario is not None else empty_scenario()
        self.path = path
        self.mode_id = DEFAULT_MODE_ID
        """The map mode this document is shown in: it belongs to the document, so a file opened
        or made new never inherits the previous one's (a play-test's "Changed hands", say)."""
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self._derived = _Derived()
        self._frame = _map_frame(self.scenario)
        self._linework_checked.connect(self._accept_check)
        self._indexes_built.connect(self._accept_indexes)
        self.edit_indexes: Future[lookup.PreparedIndex] | None = None
        """The edit operations' boundary indexes being built after the last open (tests wait on it)."""
        self.linework_check: Future[LineworkResult] | None = None
        """The whole-linework check running off the UI thread after the last open (tests wait on it)."""
        self._rebuild_topology()

    def _on_clean_changed(self, _clean: bool) -> None:
        self.file_changed.emit()

    # --- file state -----------------------------------------------------------------------------

    @property
    def modified(self) -> bool:
        """Whether there are edits since the last save (the undo stack is not at its clean index)."""
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        """The file name, or the scenario's title for a scenario never saved."""
        if self.path is not None:
            return self.path.name
        return self.scenario.metadata.title or "Untitled"

    @classmethod
    def open(cls, path: str | Path, parent: QObject | None = None) -> ScenarioDocument:
        """Load a file into a new document; raises ``model.io.LoadError`` naming every problem."""
        path = Path(path)
        scenario = io.load(path)
        return cls(scenario, path.resolve(), parent)

    def save(self, path: str | Path | None = None) -> list[Path]:
        """Write the scenario (atomically) to ``path`` or the current path, and mark it clean.

        Returns the temporaries of earlier killed saves that were removed beside the file.
        """
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("the scenario has no file yet: choose where to save it")
        removed = io.save(self.scenario, target)
        self.path = target.resolve()
        self.undo_stack.setClean()
        self.file_changed.emit()
        return removed

    # --- derived geometry -----------------------------------------------------------------------

    @property
    def topology(self) -> Any:
        """The current ``model.topology.Topology`` (None when it could not be built)."""
        return self._derived.topology

    @property
    def topology_error(self) -> str:
        """Why the topology could not be built, or an empty string."""
        return self._derived.error

    def _rebuild_topology(self) -> None:
        try:
            self._derived = _Derived(topology=Topology.build(self.scenario.map))
        except Exception as error:  # a broken map must still open so that the author can fix it
            log.exception("cannot build the topology")
            self._derived = _Derived(error=f"cannot build the map's faces: {error}")
            return
        # Once the map is on screen (the next turn of the event loop), check the linework that the
        # first edit's local update relies on, so that the first drag on a big map does not stall.
        topology = self._derived.topology
        QTimer.singleShot(0, self, lambda: self._prepare(topology))

    def _prepare(self, topology: Topology) -> None:
        """Start the check of the whole linework (what the first local edit relies on) in the
        checker thread: on a big map it takes about a second, which the UI thread must not wait
        for. Its result is taken on the UI thread, unless an edit came first (which then checked
        the linework itself) or the faces were rebuilt meanwhile (``Topology.accept_linework_check``)."""
        if topology is not self._derived.topology:  # replaced meanwhile
            return
        try:
            work = topology.linework_check()  # copies what the check reads: edits may follow
        except Exception:
            log.exception("cannot check the linework")  # the first edit will rebuild instead
            return
        # A second later: the map's first frame and the validation's start come first.
        QTimer.singleShot(_INDEX_DELAY_MS, self, self._prepare_edit_indexes)
        if work is None:
            return
        # On a big map the check runs in a helper process: in the checker thread its stretches
        # holding the GIL froze the UI after an open.
        big = len(self.scenario.map.areas) >= polygonize_process.CHECK_ELSEWHERE_AREAS
        self.linework_check = (
            _CHECKER.submit(polygonize_process.check_elsewhere, work) if big else _CHECKER.submit(work.run)
        )
        self.linework_check.add_done_callback(lambda done: self._checked(topology, done))

    def _prepare_edit_indexes(self) -> None:
        """Build the boundary indexes a vertex drag looks up (by id, by end node) in the indexer
        thread: on a 30,000-area map the first drag step spent about 0.15 s making them."""
        scenario = self.scenario
        self.edit_indexes = _INDEXER.submit(lookup.prepare(scenario).build)

        def built(done: Future[lookup.PreparedIndex]) -> None:
            if done.exception() is not None:
                log.error("cannot index the boundaries", exc_info=done.exception())
                return
            with contextlib.suppress(RuntimeError):  # the document was closed meanwhile
                self._indexes_built.emit(scenario, done.result())

        self.edit_indexes.add_done_callback(built)

    def _accept_indexes(self, scenario: Scenario, prepared: lookup.PreparedIndex) -> None:
        if scenario is self.scenario:
            lookup.install(scenario, prepared)  # refused if an edit came first

    def _checked(self, topology: Topology, done: Future[LineworkResult]) -> None:
        """In the checker thread: hand the result to the UI thread (a queued signal)."""
        if done.exception() is not None:
            log.error("cannot check the linework", exc_info=done.exception())
            return
        with contextlib.suppress(RuntimeError):  # the document was closed meanwhile
            self._linework_checked.emit(topology, done.result())

    def _accept_check(self, topology: Topology, result: LineworkResult) -> None:
        if topology is self._derived.topology:
            topology.accept_linework_check(result)

    def _update_topology(self, change: DocumentChange) -> frozenset[str]:
        """Bring the faces up to date; return the areas whose faces changed (all after a rebuild)."""
        topology = self._derived.topology
        if topology is not None and not change.reset:
            try:
                return frozenset(
                    topology.update(self.scenario.map, set(change.boundaries), set(change.areas))
                )
            except Exception:
                log.exception("incremental topology update failed; rebuilding")
        self._rebuild_topology()
        return frozenset(area.id for area in self.scenario.map.areas)

    # --- change notification (called by editor.commands only) -----------------------------------

    def notify(self, change: DocumentChange) -> None:
        """Bring derived data up to date and tell every view what changed.

        The areas whose faces changed go in ``change.shapes``, also those the edit did not name
        (an area whose anchor a new border now encloses), so that every view redraws them.
        """
        if not change.reset and self.replaces_map(change):
            change = dataclasses.replace(change, reset=True)
        self._frame = _map_frame(self.scenario)
        if change.geometry:
            reshaped = self._update_topology(change)
            if not change.reset:
                change = dataclasses.replace(change, shapes=change.shapes | reshaped)
        self.changed.emit(change)

    def replaces_map(self, change: DocumentChange) -> bool:
        """Whether an edit (just applied, not yet announced) replaced the map rather than edited it.

        True when the map's frame (units, bounds, grid, projection) changed, which no drawing edit
        does, or when the edit touched every boundary and every area there is, and removed an
        area: ``model.ops.replace_map`` and its undo do both. Views then rebuild rather than update.
        """
        if _map_frame(self.scenario) != self._frame:
            return True
        map_data = self.scenario.map
        if not map_data.boundaries or len(change.boundaries) < len(map_data.boundaries):
            return False
        if len(change.areas) <= len(map_data.areas):  # no area removed
            return False
        areas = {area.id for area in map_data.areas}
        return areas <= change.areas and all(b.id in change.boundaries for b in map_data.boundaries)

    def replace_scenario(self, scenario: Scenario, path: Path | None = None) -> None:
        """Swap in another scenario (File > New/Open reuse a window): clears the history and the map
        mode (back to ``DEFAULT_MODE_ID``: the mode was the previous document's)."""
        self.scenario = scenario
        self.path = path
        self.mode_id = DEFAULT_MODE_ID
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.notify(DocumentChange(reset=True, description="open"))
        self.file_changed.emit()
