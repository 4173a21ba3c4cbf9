"""The Issues dock: the live validator's findings; clicking one selects and shows what it concerns."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QDockWidget, QHBoxLayout, QLabel, QTableView, QVBoxLayout, QWidget

from model.issues import Issue, Severity

Index = QModelIndex | QPersistentModelIndex

COLUMNS = ("Severity", "Code", "Concerns", "Message")
SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
SEVERITY_COLOURS = {Severity.ERROR: "#b2182b", Severity.WARNING: "#b35806", Severity.INFO: "#2166ac"}


class IssuesModel(QAbstractTableModel):
    """A table of issues: severity, code, message, ids."""

    ISSUE_ROLE = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.issues: list[Issue] = []
        self.sort_column = 0
        self.sort_order = Qt.SortOrder.AscendingOrder

    def set_issues(self, issues: list[Issue]) -> None:
        """Replace the issues shown (kept in the current sort order)."""
        self.beginResetModel()
        self.issues = self._sorted(list(issues))
        self.endResetModel()

    def _sorted(self, issues: list[Issue]) -> list[Issue]:
        column = self.sort_column

        def key(issue: Issue) -> Any:
            if column == 0:
                return (SEVERITY_ORDER[issue.severity], issue.code, issue.message)
            return (issue.severity.value, issue.code, ", ".join(issue.ids), issue.message)[column]

        return sorted(issues, key=key, reverse=self.sort_order == Qt.SortOrder.DescendingOrder)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the issues in Python, once: thousands of issues sort at once, not cell by cell."""
        if column < 0:
            return
        self.sort_column, self.sort_order = column, order
        self.layoutAboutToBeChanged.emit()
        self.issues = self._sorted(self.issues)
        self.layoutChanged.emit()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        """Number of issues."""
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
        """Cell text, sort keys, colours and the issue itself."""
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


class SeverityFilter(QSortFilterProxyModel):
    """Shows issues at least as bad as the chosen severity; sorting is left to the source model.

    The filter is Qt's own (a pattern on the severity column) rather than a ``filterAcceptsRow``
    override: an override is a Python call per row each time the issues change, 20 ms for the
    thousands of issues of a big map, on the UI thread; Qt's filter with no pattern (all shown, the
    default) costs nothing, and changing the pattern refilters without the deprecated
    ``invalidateFilter``.
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.minimum = Severity.INFO
        self.setSortRole(Qt.ItemDataRole.DisplayRole)
        self.setFilterKeyColumn(0)
        self.setFilterRole(Qt.ItemDataRole.DisplayRole)

    def set_minimum(self, severity: Severity) -> None:
        """Hide issues less severe than this."""
        self.minimum = severity
        shown = [s.value for s in Severity if SEVERITY_ORDER[s] <= SEVERITY_ORDER[severity]]
        self.setFilterRegularExpression("" if len(shown) == len(Severity) else f"^({'|'.join(shown)})$")

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the source model (severity by badness, other columns by text); this proxy only filters.

        A proxy sorts by comparing cells one pair at a time, a Python call each: on a big map with
        thousands of issues that blocked the window for most of a second.
        """
        model = self.sourceModel()
        assert isinstance(model, IssuesModel)
        model.sort(column, order)


class IssuesDock(QDockWidget):
    """The issues table with a severity filter. Emits ``issue_activated(Issue)`` on a click."""

    issue_activated = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Issues", parent)
        self.setObjectName("issues_dock")
        self.model = IssuesModel(self)
        self.proxy = SeverityFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView(self)
        self.table.setModel(self.proxy)
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
        self.filter.currentIndexChanged.connect(lambda _i: self.proxy.set_minimum(self.filter.currentData()))
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

    def set_issues(self, issues: list[Issue]) -> None:
        """Show the latest validation result."""
        self.model.set_issues(issues)
        # Widths from the longest texts (measuring every cell took a tenth of a second per run on
        # a big map, on the UI thread).
        metrics = self.table.fontMetrics()
        pad = 4 * self.table.style().pixelMetric(self.table.style().PixelMetric.PM_HeaderMargin) + 16
        for column, texts in (
            (0, [*(s.value for s in Severity), COLUMNS[0]]),
            (1, [*{i.code for i in issues}, COLUMNS[1]]),
        ):
            longest = max(texts, key=len)
            self.table.setColumnWidth(column, metrics.horizontalAdvance(longest) + pad)
        self.table.setColumnWidth(2, min(self.table.columnWidth(2), 220))
        self.summary.setText(f"{len(issues)} issue{'s' * (len(issues) != 1)}")

    def issue_at(self, row: int) -> Issue:
        """The issue shown on a row of the (filtered, sorted) table."""
        return self.proxy.index(row, 0).data(IssuesModel.ISSUE_ROLE)  # type: ignore[no-any-return]

    def _clicked(self, index: QModelIndex) -> None:
        issue = (
            index.data(IssuesModel.ISSUE_ROLE)
            if index.column() == 0
            else self.proxy.index(index.row(), 0).data(IssuesModel.ISSUE_ROLE)
        )
        if issue is not None:
            self.issue_activated.emit(issue)
