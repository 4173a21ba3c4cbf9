"""The document's map graphs (``model.graph.MapGraphs``), built on demand and kept until an edit changes them.

The adjacency layer, its inspector panel and the range view all read the same graphs. They are
built from the document's topology (no second polygonization) the first time one of them asks
after an edit that could change adjacency (geometry, areas, connections, a new file); other
edits (owners, attributes, units) keep them. ``changed`` fires after such an edit so that views
showing graphs redraw, without building anything while no view needs them.

On a big map a view may build the graphs in a worker thread instead (from a snapshot of the
scenario and a copy of the topology's adjacency) and ``offer`` them back: they are kept if no edit
came in meanwhile (``generation``).
"""

from __future__ import annotations

import logging
import weakref

from PySide6.QtCore import QObject, Signal

from editor.document import DocumentChange, ScenarioDocument
from model.graph import MapGraphs

log = logging.getLogger(__name__)


class DocumentGraphs(QObject):
    """The graphs of one document; ``graphs()`` builds them when stale (None when the map cannot be)."""

    changed = Signal()
    """The graphs are stale: an edit changed the map's geometry, areas or connections."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(document)
        self.document = document
        self._graphs: MapGraphs | None = None
        self._stale = True
        self.generation = 0
        """Counts the edits that made the graphs stale: graphs built for an older one are stale."""
        document.changed.connect(self._on_changed)

    def _on_changed(self, change: DocumentChange) -> None:
        if change.reset or change.geometry or change.areas or change.connections or change.shapes:
            self._stale = True
            self.generation += 1
            self.changed.emit()

    def fresh(self) -> MapGraphs | None:
        """The graphs if they are up to date (None when stale: nothing is built here)."""
        return None if self._stale else self._graphs

    def offer(self, graphs: MapGraphs, generation: int) -> None:
        """Keep graphs built elsewhere for the map as it was at ``generation``, if it still is."""
        if generation == self.generation and self._stale:
            self._graphs = graphs
            self._stale = False

    def graphs(self) -> MapGraphs | None:
        """The current graphs, built now if an edit made them stale (None without a topology)."""
        if self._stale:
            topology = self.document.topology
            self._graphs = None
            if topology is not None:
                try:
                    self._graphs = MapGraphs.from_scenario(self.document.scenario, topology)
                except (KeyError, ValueError):
                    log.exception("cannot build the map graphs")
            self._stale = False
        return self._graphs


_CACHES: weakref.WeakKeyDictionary[ScenarioDocument, DocumentGraphs] = weakref.WeakKeyDictionary()


def graphs_of(document: ScenarioDocument) -> DocumentGraphs:
    """The one ``DocumentGraphs`` of a document (created on first use)."""
    cache = _CACHES.get(document)
    if cache is None:
        cache = DocumentGraphs(document)
        _CACHES[document] = cache
    return cache
