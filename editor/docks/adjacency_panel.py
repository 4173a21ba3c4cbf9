"""The inspector's view of one adjacency (an edge of the map graph): the pair, why, and cut or restore.

Shown when an edge of the Adjacency layer is selected. It names the two areas, the kind of pair,
the length of the border they share and every reason they are adjacent (``MapGraphs.why``).
"Cut" adds an impassable connection between them and "Remove the cut" removes the impassable
connections that separate them: each one undo step calling one ``model.ops`` function. A new
connection is drawn with the Connect tool (drag from one area to the other).

On a big map whose graphs are stale (an edit since they were built) they are built in a worker
(``DocumentGraphs.compute``) and the panel fills in when they arrive.
"""

from __future__ import annotations

import contextlib
import html

from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from editor import commands
from editor.document import ScenarioDocument
from editor.edge_ids import parse_edge_id
from editor.graph_cache import graphs_of
from editor.selection import Selection
from model import ops
from model.scenario import ConnectionKind

PAIR_NAMES = {"land-land": "land – land", "land-sea": "land – sea (coast)", "sea-sea": "sea – sea"}


class AdjacencyPanel(QWidget):
    """Why two areas are adjacent, with the edits that cut or restore their adjacency."""

    def __init__(
        self, document: ScenarioDocument, selection: Selection, item_id: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.selection = selection
        pair = parse_edge_id(item_id)
        if pair is None:
            raise ValueError(f"{item_id!r} is not an adjacency id")
        self.a, self.b = pair
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        self.text.setObjectName("adjacency_text")
        self.cut_button = QPushButton("Cut (impassable connection)", self)
        self.cut_button.setToolTip("Add an impassable connection: the two areas are no longer adjacent")
        self.cut_button.clicked.connect(self.cut)
        self.restore_button = QPushButton("Remove the cut", self)
        self.restore_button.setToolTip("Remove the impassable connections between the two areas")
        self.restore_button.clicked.connect(self.restore)
        self.connections_button = QPushButton("Edit its connections", self)
        self.connections_button.setToolTip("Select the typed connections joining the pair (inspector)")
        self.connections_button.clicked.connect(lambda: self.selection.set(self._connections))
        self._connections: list[str] = []
        self.select_button = QPushButton("Select both areas", self)
        self.select_button.clicked.connect(lambda: self.selection.set([self.a, self.b]))
        self._cut_by: tuple[str, ...] = ()
        hint = QLabel("To join two areas, use the Connect tool: drag from one to the other.", self)
        hint.setWordWrap(True)
        hint.setStyleSheet("color: #555;")
        layout = QVBoxLayout(self)  # one button per row: the inspector is narrow
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text)
        layout.addWidget(self.cut_button)
        layout.addWidget(self.restore_button)
        layout.addWidget(self.connections_button)
        layout.addWidget(self.select_button)
        layout.addWidget(hint)
        self.refresh()

    def _names(self) -> dict[str, str]:
        return {area.id: area.name or area.id for area in self.document.scenario.map.areas}

    def refresh(self, wait: bool = True) -> None:
        """Show the pair as the model has it now (once the worker built the graphs, on a big map;
        ``wait=False``: it just did)."""
        source = graphs_of(self.document)
        if wait and source.fresh() is None and source.big():
            self.text.setText("Working out why they are adjacent…")
            self.cut_button.setEnabled(False)
            source.compute(lambda _scenario, _graphs: None, lambda _none: self._refresh_if_shown())
            return
        names = self._names()
        graphs = source.graphs()
        if graphs is None or self.a not in graphs.kinds or self.b not in graphs.kinds:
            self.text.setText("The map cannot be read now (see the Issues panel).")
            self.cut_button.setEnabled(False)
            self.restore_button.setVisible(False)
            self.connections_button.setVisible(False)
            return
        reason = graphs.why(self.a, self.b)
        units = self.document.scenario.map.units
        rows = [
            ("Areas", f"{names[self.a]} and {names[self.b]}"),
            ("Pair", PAIR_NAMES.get(reason.pair, reason.pair)),
            ("Shared border", f"{reason.length:,.1f} {units}".strip() if reason.length else "none"),
            ("Adjacent", "yes" if reason.adjacent else "no"),
        ]
        table = "".join(
            f"<tr><td><b>{html.escape(k)}</b>&nbsp;</td><td>{html.escape(v)}</td></tr>" for k, v in rows
        )
        why = "".join(f"<li>{html.escape(s)}</li>" for s in reason.sentences(names, units))
        self.text.setText(f"<table>{table}</table><p><b>Why</b></p><ul>{why}</ul>")
        self.cut_button.setEnabled(reason.adjacent)
        self.restore_button.setVisible(bool(reason.cut_by))
        self._cut_by: tuple[str, ...] = reason.cut_by
        self._connections = [connection_id for connection_id, _kind in reason.connections]
        self.connections_button.setVisible(bool(self._connections))

    def _refresh_if_shown(self) -> None:
        with contextlib.suppress(RuntimeError):  # the inspector dropped this panel meanwhile
            self.refresh(wait=False)

    def cut(self) -> None:
        """Add an impassable connection between the two areas (one undo step)."""
        a, b = self.a, self.b
        names = self._names()
        commands.execute(
            self.document,
            lambda s: ops.add_connection(s, a, b, ConnectionKind.IMPASSABLE),
            f"Cut {names[a]} – {names[b]}",
        )

    def restore(self) -> None:
        """Remove the impassable connections that cut the pair (one undo step)."""
        cut_by = list(self._cut_by)
        if not cut_by:
            return
        names = self._names()
        commands.execute(
            self.document,
            lambda s: ops.remove_connection(s, cut_by),
            f"Remove the cut {names[self.a]} – {names[self.b]}",
        )
