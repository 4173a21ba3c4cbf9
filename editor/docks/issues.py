"""The Issues dock: the live validator's findings; clicking one selects and shows what it concerns.

A big map's run finds tens of thousands of issues; filtering and sorting them
(``editor.docks.issue_order.arrange``) then runs in a worker thread and the table takes the rows
in one reset when they are ready, so the UI thread never sorts them. A small result is arranged
at once, on the UI thread (under a millisecond).
"""

from __future__ import annotations

import contextlib
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QDockWidget, QHBoxLayout, QLabel, QTableView, QVBoxLayout, QWidget

from editor.docks.issue_order import SEVERITY_ORDER, Arrangement, arrange, release_in_slices
from model.issues import Issue, Severity
from model.perf import gc_paused

log = logging.getLogger(__name__)

Index = QModelIndex | QPersistentModelIndex

COLUMNS = ("Severity", "Code", "Concerns", "Message")
SEVERITY_COLOURS = {Severity.ERROR: "#b2182b", Severity.WARNING: "#b35806", Severity.INFO: "#2166ac"}

ARRANGE_HERE = 2000
"""Up to this many issues are filtered and sorted on the UI thread (well under 10 ms); more in a worker."""

_ARRANGER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="issues-arrange")
"""Filters and sorts big results off the UI thread, one at a time (a newer request makes older stale)."""


class IssuesModel(QAbstractTableModel):
    """A table of issues (severity, code, concerns, message), filtered by severity and sorted.

    ``issues`` are the rows shown, in order; ``all_issues`` the last result given. Signals:
    ``arranged()`` once the rows of the latest result, filter and order are in place.
    """

    ISSUE_ROLE = Qt.ItemDataRole.UserRole + 1

    arranged = Signal()
    _ready = Signal(int, object)  # from the worker: (request number, Arrangement)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.issues: list[Issue] = []
        self.all_issues: list[Issue] = []
        self.codes: frozenset[str] = frozenset()
        self.sort_column = 0
        self.sort_order = Qt.SortOrder.AscendingOrder
        self.minimum = Severity.INFO
        self._request = 0
        self._shown = 0
        self._ready.connect(self._take)

    @property
    def arranging(self) -> bool:
        """Whether the rows of the latest request are still being arranged in the worker."""
        return self._shown != self._request

    def set_issues(self, issues: list[Issue]) -> None:
        """Show these issues (with the current filter and sort order)."""
        self.all_issues = list(issues)
        self._arrange()

    def set_minimum(self, severity: Severity) -> None:
        """Hide issues less severe than this."""
        self.minimum = severity
        self._arrange()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by a column (severity by badness, the others by text); the view calls this."""
        if column < 0:
            return
        self.sort_column, self.sort_order = column, order
        self._arrange()

    def _arrange(self) -> None:
        self._request += 1
        request = self._request
        arguments = (
            self.all_issues,
            self.sort_column,
            self.sort_order == Qt.SortOrder.DescendingOrder,
            self.minimum,
        )
        if len(self.all_issues) <= ARRANGE_HERE:
            self._take(request, arrange(*arguments))
            return
        _ARRANGER.submit(self._arrange_elsewhere, request, arguments)

    def _arrange_elsewhere(self, request: int, arguments: tuple[Any, ...]) -> None:
        """In the worker: arrange, then hand the rows to the UI thread (a queued signal)."""
        if request != self._request:
            return  # already stale: a newer request is queued behind this one
        try:
            # Its tens of thousands of short-lived keys would set off collections, and with them a
            # full pass over the young heap (the latest issues): 100 ms or more holding the GIL.
            with gc_paused():
                arrangement = arrange(*arguments)
        except Exception:
            log.exception("cannot arrange the issues")
            return
        with contextlib.suppress(RuntimeError):  # the dock was closed meanwhile
            self._ready.emit(request, arrangement)

    def _take(self, request: int, arrangement: Arrangement) -> None:
        if request != self._request:
            return  # a newer result, filter or order is on its way
        old = self.issues
        self.beginResetModel()
        self.issues = arrangement.rows
        self.codes = arrangement.codes
        self.endResetModel()
        if len(old) > ARRANGE_HERE:  # the rows were often the last to hold the old result's issues
            _ARRANGER.submit(release_in_slices, old)
        self._shown = request
        self.arranged.emit()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        """Number of issues shown."""
        return 0 if parent.isValid() else len(self.issues)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Four columns."""
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell text, colours and the issue itself."""
        if not index.isValid():
            return None
        issue = self.issues[index.row()]
        column = index.column()
        if role == self.ISSUE_ROLE:
            return issue
        if role == Qt.ItemDataRole.DisplayRole:
            return (issue.severity.value, issue.code, ", ".join(issue.ids), issue.message)[column]
        if role == Qt.ItemDataRole.UserRole and column == 0:
            return SEVERITY_ORDER[issue.severity]
        if role == Qt.ItemDataRole.ForegroundRole and column == 0:
            return QColor(SEVERITY_COLOURS[issue.severity])
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                issue.message
                + (f"\nRule {issue.rule}" if issue.rule else "")
                + (f"\n{issue.path}" if issue.path else "")
            )
        return None


class IssuesDock(QDockWidget):
    """The issues table with a severity filter. Emits ``issue_activated(Issue)`` on a click."""

    issue_activated = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Issues", parent)
        self.setObjectName("issues_dock")
        self.model = IssuesModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        self.table.clicked.connect(self._clicked)
        self.table.activated.connect(self._clicked)
        self.filter = QComboBox(self)
        for label, severity in (
            ("Errors, warnings and notes", Severity.INFO),
            ("Errors and warnings", Severity.WARNING),
            ("Errors only", Severity.ERROR),
        ):
            self.filter.addItem(label, severity)
        self.filter.currentIndexChanged.connect(lambda _i: self.model.set_minimum(self.filter.currentData()))
        self.summary = QLabel("", self)
        top = QHBoxLayout()
        top.addWidget(QLabel("Show:", self))
        top.addWidget(self.filter, 1)
        top.addWidget(self.summary)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(top)
        layout.addWidget(self.table)
        self.setWidget(body)
        self.model.arranged.connect(self._arranged)

    def set_issues(self, issues: list[Issue]) -> None:
        """Show the latest validation result (a big one once the worker has sorted it)."""
        self.model.set_issues(issues)

    def _arranged(self) -> None:
        """The rows are in place: size the columns and count the issues."""
        # Widths from the longest texts (measuring every cell took a tenth of a second per run on
        # a big map, on the UI thread).
        metrics = self.table.fontMetrics()
        pad = 4 * self.table.style().pixelMetric(self.table.style().PixelMetric.PM_HeaderMargin) + 16
        for column, texts in (
            (0, [*(s.value for s in Severity), COLUMNS[0]]),
            (1, [*self.model.codes, COLUMNS[1]]),
        ):
            longest = max(texts, key=len)
            self.table.setColumnWidth(column, metrics.horizontalAdvance(longest) + pad)
        self.table.setColumnWidth(2, min(self.table.columnWidth(2), 220))
        count = len(self.model.all_issues)
        self.summary.setText(f"{count} issue{'s' * (count != 1)}")

    def issue_at(self, row: int) -> Issue:
        """The issue shown on a row of the (filtered, sorted) table."""
        return self.model.issues[row]

    def _clicked(self, index: QModelIndex) -> None:
        if index.isValid():
            self.issue_activated.emit(self.model.issues[index.row()])
