"""The document's map graphs (``model.graph.MapGraphs``), built on demand and kept until an edit changes them.

The adjacency layer, its inspector panel and the range view all read the same graphs. They are
built from the document's topology (no second polygonization) the first time one of them asks
after an edit that could change adjacency (geometry, areas, connections, a new file); other
edits (owners, attributes, units) keep them. ``changed`` fires after such an edit so that views
showing graphs redraw, without building anything while no view needs them.

On a big map a view may build the graphs in a worker thread instead (from a snapshot of the
scenario and a copy of the topology's adjacency) and ``offer`` them back: they are kept if no edit
came in meanwhile (``generation``). ``compute`` does that for a view: it builds the graphs when
stale and runs the view's own work on them (a reach, say) in the worker, and hands the result back
on the UI thread (at 30,000 areas the graphs take about a third of a second to build, which a click
must not wait for).
"""

from __future__ import annotations

import contextlib
import gc
import logging
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Signal

from editor.document import DocumentChange, ScenarioDocument
from editor.validation import snapshot
from model.graph import MapGraphs
from model.perf import gc_paused
from model.scenario import Scenario
from model.topology import AdjacencyDerivation, Topology
from model.topology_derived import Derived

log = logging.getLogger(__name__)

T = TypeVar("T")

BUILD_ELSEWHERE = 2000
"""From this many areas the views build the graphs, and what they compute on them, in a worker."""

_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="map-graphs")
"""Builds graphs and runs the views' work on them (``DocumentGraphs.compute``), one job at a time."""


class DocumentGraphs(QObject):
    """The graphs of one document; ``graphs()`` builds them when stale (None when the map cannot be)."""

    changed = Signal()
    """The graphs are stale: an edit changed the map's geometry, areas or connections."""
    _computed = Signal(object, object, object)
    """From the worker: (its job, the view's callback, its result); queued to the UI thread."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(document)
        self.document = document
        self._graphs: MapGraphs | None = None
        self._release_on_drop = False
        """Whether ``_graphs`` were built by ``compute`` (kept out of the collector: see there)."""
        self._stale = True
        self.generation = 0
        """Counts the edits that made the graphs stale: graphs built for an older one are stale."""
        document.changed.connect(self._on_changed)
        self._computed.connect(self._take)

    def big(self) -> bool:
        """Whether the map is big enough that the views build graphs in a worker (``compute``)."""
        return len(self.document.scenario.map.areas) >= BUILD_ELSEWHERE

    def _drop(self) -> None:
        """Forget the graphs; those built by ``compute`` are emptied in the worker (see there)."""
        graphs, self._graphs = self._graphs, None
        if graphs is not None and self._release_on_drop:
            _WORKER.submit(graphs.release)  # after the jobs queued before, which may read them
        self._release_on_drop = False

    def _on_changed(self, change: DocumentChange) -> None:
        if change.reset or change.geometry or change.areas or change.connections or change.shapes:
            self._drop()
            self._stale = True
            self.generation += 1
            self.changed.emit()

    def fresh(self) -> MapGraphs | None:
        """The graphs if they are up to date (None when stale: nothing is built here)."""
        return None if self._stale else self._graphs

    def offer(self, graphs: MapGraphs, generation: int) -> None:
        """Keep graphs built elsewhere for the map as it was at ``generation``, if it still is."""
        if generation == self.generation and self._stale:
            self._drop()
            self._graphs = graphs
            self._stale = False

    def graphs(self) -> MapGraphs | None:
        """The current graphs, built now if an edit made them stale (None without a topology)."""
        if self._stale:
            topology = self.document.topology
            self._drop()
            if topology is not None:
                try:
                    self._graphs = MapGraphs.from_scenario(self.document.scenario, topology)
                except (KeyError, ValueError):
                    log.exception("cannot build the map graphs")
            self._stale = False
        return self._graphs

    def compute(self, work: Callable[[Scenario, MapGraphs | None], T], done: Callable[[T], None]) -> None:
        """Run ``work(scenario, graphs)`` in the worker thread, then ``done(result)`` on this one.

        ``scenario`` is a snapshot of the document's (later edits do not change it), ``graphs`` its
        graphs: the fresh ones, or built in the worker (None when the map has no faces). The graphs
        built there are kept (``offer``), and so is the topology's adjacency when the worker derived
        it the first time (``Topology.adjacency_derivation``: a few hundred milliseconds at 30,000
        areas). ``done`` is not called when an edit made the graphs stale meanwhile: ``changed`` has
        fired, and the view asks again. ``work`` must not touch Qt.
        """
        graphs = self.fresh()
        adjacency: dict[frozenset[str], float] | None = None
        derivation: AdjacencyDerivation | None = None
        topology = self.document.topology
        if graphs is None and topology is not None:
            derivation = topology.adjacency_derivation()
            if derivation is None:  # derived already: brought up to date and copied, quickly
                adjacency = topology.adjacency()
        job = _Job(self.generation, snapshot(self.document.scenario), graphs, adjacency, derivation, topology)
        _WORKER.submit(self._work, job, work, done)

    def _work(
        self, job: _Job, work: Callable[[Scenario, MapGraphs | None], Any], done: Callable[[Any], None]
    ) -> None:
        """In the worker: the adjacency and the graphs (unless given), then the view's work, handed
        to the UI thread."""
        if job.generation != self.generation:
            return  # already stale: the view asks again after the edit
        try:
            with gc_paused():
                if job.derivation is not None:
                    job.derived = job.derivation.run()
                    job.adjacency = dict(job.derived.adjacency)
                if job.graphs is None and job.adjacency is not None:
                    job.graphs = MapGraphs.from_adjacency(job.scenario, job.adjacency)
                result = work(job.scenario, job.graphs)
                # Hundreds of thousands of young objects, alive until the next edit: kept out of
                # the collector's passes, whose first one over them held the GIL for 200 ms. The
                # graphs' reference cycles would then never be collected: they are released
                # (emptied) when dropped (``_drop``).
                gc.freeze()
        except Exception:
            log.exception("cannot compute on the map graphs")
            return
        with contextlib.suppress(RuntimeError):  # the document was closed meanwhile
            self._computed.emit(job, done, result)

    def _take(self, job: _Job, done: Callable[[Any], None], result: Any) -> None:
        if job.derived is not None and job.topology is not None and job.topology is self.document.topology:
            assert job.derivation is not None
            job.topology.accept_adjacency(job.derivation, job.derived)  # if still of these faces
        if job.generation != self.generation:
            return
        if job.graphs is not None and job.graphs is not self._graphs:
            self.offer(job.graphs, job.generation)
            self._release_on_drop = self._graphs is job.graphs
        done(result)


@dataclass
class _Job:
    """What ``DocumentGraphs.compute`` hands its worker, and what the worker made of it."""

    generation: int
    scenario: Scenario
    graphs: MapGraphs | None
    adjacency: dict[frozenset[str], float] | None
    derivation: AdjacencyDerivation | None
    topology: Topology | None
    """The document's topology the derivation was taken from (it may take the result back)."""
    derived: Derived | None = None


_CACHES: weakref.WeakKeyDictionary[ScenarioDocument, DocumentGraphs] = weakref.WeakKeyDictionary()


def graphs_of(document: ScenarioDocument) -> DocumentGraphs:
    """The one ``DocumentGraphs`` of a document (created on first use)."""
    cache = _CACHES.get(document)
    if cache is None:
        cache = DocumentGraphs(document)
        _CACHES[document] = cache
    return cache
