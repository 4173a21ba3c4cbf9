"""The Range panel: pick an area (the selected one) and a reach; the map shows every area's distance.

The reaches are those the scenario's ruleset offers (``model.rules.reach``: plain graph distance
for any ruleset, plus the ruleset's own, such as EotMA's seafaring reach, 9.53). The start is
the selected area, followed as the selection changes. "Show on map" switches to the Range map
mode (``editor.mapview.range_mode``), which shades and labels the areas; the distances are
computed again after each edit that changes the map's graphs, and only while they are shown.
A prepared reach is kept per graphs, so picking another area costs one search, not a new
compilation of the map. On a big map (``editor.graph_cache.BUILD_ELSEWHERE`` areas and more) the
graphs, the prepared reach and the search are made in a worker thread
(``DocumentGraphs.compute``: a third of a second at 30,000 areas) and shown when they arrive; the
panel says "Working out the distances…" meanwhile.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtWidgets import QComboBox, QDockWidget, QLabel, QPushButton, QVBoxLayout, QWidget

from editor.document import DocumentChange, ScenarioDocument
from editor.graph_cache import graphs_of
from editor.mapview import range_mode
from editor.mapview.range_mode import RangeLabels, RangeResult, counted
from editor.mapview.scene import MapScene
from editor.selection import Selection
from model.graph import MapGraphs
from model.rules import reach as reaches
from model.rules.reach import Distances, Reach, Reacher
from model.scenario import Scenario

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)


class RangeDock(QDockWidget):
    """The Range panel of one window."""

    def __init__(
        self,
        document: ScenarioDocument,
        selection: Selection,
        scene: MapScene,
        set_mode: Callable[[str], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Range", parent)
        self.setObjectName("range_dock")
        self.document = document
        self.selection = selection
        self.scene = scene
        self.set_mode = set_mode
        self.start: str | None = None
        self._prepared: tuple[object, str, Reacher] | None = None
        self._request = 0
        """Counts the computations asked of the worker: only the latest one's result is shown."""
        self.computing = False
        """Whether the worker is computing the distances shown next (a big map)."""
        self.labels = RangeLabels(scene.state, scene.layers["labels"])
        self.labels.setVisible(False)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.from_label = QLabel(body)
        self.from_label.setWordWrap(True)
        self.reach_box = QComboBox(body)
        self.reach_box.setObjectName("reach_box")
        self.about = QLabel(body)
        self.about.setWordWrap(True)
        self.about.setStyleSheet("color: #555;")
        self.summary = QLabel(body)
        self.summary.setWordWrap(True)
        self.show_button = QPushButton("Show on map", body)
        self.show_button.clicked.connect(lambda: self.set_mode(range_mode.MODE_ID))
        for widget in (QLabel("<b>From</b>", body), self.from_label, QLabel("<b>Reach</b>", body)):
            layout.addWidget(widget)
        layout.addWidget(self.reach_box)
        layout.addWidget(self.about)
        layout.addWidget(self.summary)
        layout.addWidget(self.show_button)
        layout.addStretch(1)
        self.setWidget(body)
        self.setMinimumHeight(230)  # the reach's description wraps over several lines
        self._dirty = True
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(250)  # after a drag's last step, not at each one
        self.timer.timeout.connect(self._run_scheduled)
        self.fill_reaches()
        self.reach_box.currentIndexChanged.connect(lambda _i: self.request())
        self.visibilityChanged.connect(lambda visible: self._run_scheduled() if visible else None)
        selection.changed.connect(self._on_selection)
        document.changed.connect(self._on_document_changed)
        graphs_of(document).changed.connect(self._schedule)
        scene.legend_changed.connect(lambda _entries: self._on_legend_changed())
        self._on_selection(selection.ids)

    # --- choices --------------------------------------------------------------------------------

    def fill_reaches(self) -> None:
        """List the reaches of the scenario's ruleset (again after another file or ruleset)."""
        self._ruleset = self.document.scenario.ruleset.id
        current = self.reach_box.currentData()
        self.reach_box.blockSignals(True)
        self.reach_box.clear()
        for kind in reaches.reaches(self.document.scenario):
            rule = f" ({kind.rule})" if kind.rule else ""
            self.reach_box.addItem(f"{kind.name}{rule}", kind.id)
            self.reach_box.setItemData(
                self.reach_box.count() - 1, kind.description, Qt.ItemDataRole.ToolTipRole
            )
        index = self.reach_box.findData(current)
        self.reach_box.setCurrentIndex(max(index, 0))
        self.reach_box.blockSignals(False)

    def reach(self) -> Reach | None:
        """The chosen reach."""
        reach_id = self.reach_box.currentData()
        if reach_id is None:
            return None
        try:
            return reaches.find(self.document.scenario, str(reach_id))
        except reaches.UnknownReachError:
            return None

    def set_reach(self, reach_id: str) -> None:
        """Choose a reach by id (raises ``KeyError`` for one the ruleset does not offer)."""
        index = self.reach_box.findData(reach_id)
        if index < 0:
            offered = [self.reach_box.itemData(i) for i in range(self.reach_box.count())]
            raise KeyError(f"no reach {reach_id!r}; offered: {offered}")
        self.reach_box.setCurrentIndex(index)

    # --- following the selection and the document -----------------------------------------------

    def _active(self) -> bool:
        """Whether the distances are seen: the panel is open or the map is in the Range mode."""
        return self.isVisible() or self.scene.mode_id == range_mode.MODE_ID

    def request(self) -> None:
        """Compute the distances now if they are seen, else when they next are."""
        self._dirty = True
        if self._active():
            self.update_range()

    def _on_selection(self, ids: tuple[str, ...]) -> None:
        areas = {area.id for area in self.document.scenario.map.areas}
        start = next((i for i in ids if i in areas), None)
        if start is not None and start != self.start:
            self.start = start
            self.request()

    def _on_document_changed(self, change: DocumentChange) -> None:
        if change.reset:
            self.start = None
            self._prepared = None
            self.fill_reaches()
            self._on_selection(self.selection.ids)
            self.request()
        elif change.setup and self.document.scenario.ruleset.id != self._ruleset:
            self._prepared = None  # another ruleset: other reaches
            self.fill_reaches()
            self.request()

    def _schedule(self) -> None:
        """The graphs changed: prepare the reach again, once the author pauses."""
        self._prepared = None
        self._dirty = True
        if self._active():
            self.timer.start()

    def _run_scheduled(self) -> None:
        self.timer.stop()
        if self._dirty and self._active():
            self.update_range()

    def _on_legend_changed(self) -> None:
        # The map mode may have changed (to the Range mode: bring the distances up to date).
        if self._dirty and self.scene.mode_id == range_mode.MODE_ID:
            self.update_range()
        else:
            self._sync_labels()

    # --- computing ------------------------------------------------------------------------------

    def _reacher(self, kind: Reach) -> Reacher | None:
        graphs = graphs_of(self.document).graphs()
        if graphs is None:
            return None
        if self._prepared is None or self._prepared[0] is not graphs or self._prepared[1] != kind.id:
            self._prepared = (graphs, kind.id, kind.prepare(self.document.scenario, graphs))
        return self._prepared[2]

    def update_range(self) -> None:
        """Compute the distances from the start area and show them (when the mode is on)."""
        self._dirty = False
        scenario = self.document.scenario
        kind = self.reach()
        start_name = _name_of(scenario, self.start)
        if kind is not None:
            rule = f"Rule {kind.rule}. " if kind.rule else ""
            self.about.setText(f"{rule}{kind.description} Distances count {kind.unit}.")
        if start_name is None:
            self.start = None
        if kind is None or self.start is None:
            self.from_label.setText("Select an area on the map.")
            self.summary.setText("")
            range_mode.set_result(scenario, None)
            self._refresh_map()
            return
        self.from_label.setText(start_name or "")
        self._request += 1
        source = graphs_of(self.document)
        if source.big():
            self.computing = True
            self.summary.setText("Working out the distances…")
            request, start, prepared = self._request, self.start, self._prepared
            source.compute(
                lambda scenario, graphs: _reach_in_worker(kind, start, prepared, scenario, graphs),
                lambda outcome: self._take(request, kind, start, outcome),
            )
            return
        reacher = self._reacher(kind)
        self._show(kind, self.start, _distances(reacher, kind, self.start))

    def _take(
        self, request: int, kind: Reach, start: str, outcome: tuple[object, Reacher | None, Distances]
    ) -> None:
        """The worker's distances (on the UI thread); dropped when a newer request was made."""
        if request != self._request:
            return
        self.computing = False
        graphs, reacher, found = outcome
        if graphs is not None and reacher is not None:
            self._prepared = (graphs, kind.id, reacher)
        self._show(kind, start, found)

    def _show(self, kind: Reach, start: str, found: Distances) -> None:
        """Show the distances from ``start``: in the panel, and on the map in the Range mode."""
        scenario = self.document.scenario
        name = _name_of(scenario, start) or start
        result = RangeResult(start, name, kind.name, kind.unit, kind.rule, found)
        range_mode.set_result(scenario, result)
        farthest = max(found.values(), default=0)
        areas = len(scenario.map.areas)
        self.summary.setText(
            f"{len(found)} of {areas} areas in reach, the farthest {counted(farthest, kind.unit)} away."
        )
        self._refresh_map()

    def _refresh_map(self) -> None:
        if self.scene.mode_id == range_mode.MODE_ID:
            self.scene.recolour()
        self._sync_labels()

    def show_range_view(self) -> None:
        """View > Range view…: show the panel and colour the map by the Range mode."""
        self.show()
        self.raise_()
        self.set_mode(range_mode.MODE_ID)

    def _sync_labels(self) -> None:
        """Write the distances on the map while the Range mode colours it."""
        shown = self.scene.mode_id == range_mode.MODE_ID
        result = range_mode.result_of(self.document.scenario) if shown else None
        self.labels.clear()
        if result is not None:
            for area_id, distance in result.distances.items():
                label = self.scene.labels.labels.get(area_id)
                if label is not None:
                    self.labels.set_label(area_id, str(distance), QPointF(label.x, label.y), label.extent)
        self.labels.setVisible(result is not None)


def _name_of(scenario: Scenario, area_id: str | None) -> str | None:
    """The name an area is shown by (its id when it has none); None when there is no such area.

    One scan that stops at the area, not a dict of every name (30,000 on a big map) per click."""
    if area_id is None:
        return None
    area = next((a for a in scenario.map.areas if a.id == area_id), None)
    return None if area is None else area.name or area.id


def _distances(reacher: Reacher | None, kind: Reach, start: str) -> Distances:
    """The reach's distances from ``start`` (none when the map cannot be read or lacks the area)."""
    try:
        return reacher(start) if reacher is not None else {}
    except (KeyError, ValueError) as error:
        log.warning("range from %s by %s: %s", start, kind.id, error)
        return {}


def _reach_in_worker(
    kind: Reach,
    start: str,
    prepared: tuple[object, str, Reacher] | None,
    scenario: Scenario,
    graphs: MapGraphs | None,
) -> tuple[object, Reacher | None, Distances]:
    """In the graphs' worker: the reach prepared on these graphs (the one given if it was prepared on
    them) and its distances from ``start``. No Qt here."""
    if graphs is None:
        return None, None, {}
    if prepared is not None and prepared[0] is graphs and prepared[1] == kind.id:
        reacher = prepared[2]
    else:
        reacher = kind.prepare(scenario, graphs)
    return graphs, reacher, _distances(reacher, kind, start)
