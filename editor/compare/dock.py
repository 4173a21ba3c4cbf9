"""The Changes panel: every change of a comparison by section; clicking one locates its areas."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.mapview.compare_layer import COLOURS
from model.diff import SECTIONS, Change, ScenarioDiff
from model.diff.changes import MARKS, SECTION_TITLES

IDS_ROLE = Qt.ItemDataRole.UserRole


def located_ids(change: Change) -> tuple[str, ...]:
    """The objects to select for a change: its areas when it names some, else its ids."""
    areas = change.details.get("areas")
    return tuple(areas) if areas else change.ids


class CompareDock(QDockWidget):
    """Lists a ``ScenarioDiff``; ``located`` carries the ids of the change clicked."""

    located = Signal(tuple)
    cleared = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Changes", parent)
        self.setObjectName("compare_dock")
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.summary = QLabel("No comparison", body)
        self.summary.setWordWrap(True)
        legend = " ".join(
            f'<span style="color:{COLOURS[kind].name()}">■</span> {kind}'
            for kind in ("added", "changed", "removed")
        )
        self.legend = QLabel(f"On the map: {legend}", body)
        self.tree = QTreeWidget(body)
        self.tree.setHeaderHidden(True)
        self.tree.setObjectName("compare_changes")
        # Long sentences scroll sideways instead of being cut short (the tooltip has them too).
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(False)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(self._clicked)
        self.clear_button = QPushButton("Clear the comparison", body)
        self.clear_button.clicked.connect(self.cleared.emit)
        for widget in (self.summary, self.legend, self.tree, self.clear_button):
            layout.addWidget(widget)
        self.setWidget(body)

    def set_diff(self, diff: ScenarioDiff, label: str) -> None:
        """Show the changes of a comparison with ``label`` (what the open scenario was compared with)."""
        self.tree.clear()
        count = len(diff.changes)
        self.summary.setText(
            f"Compared with {label}: "
            + ("no changes" if diff.equal else f"{count} change{'' if count == 1 else 's'}")
        )
        for section in SECTIONS:
            changes = diff.in_section(section)
            if not changes:
                continue
            heading = QTreeWidgetItem([f"{SECTION_TITLES[section]} ({len(changes)})"])
            self.tree.addTopLevelItem(heading)
            for change in changes:
                row = QTreeWidgetItem([f"{MARKS.get(change.kind, '~')} {change.text}"])
                row.setToolTip(0, change.text)
                row.setData(0, IDS_ROLE, located_ids(change))
                heading.addChild(row)
            heading.setExpanded(True)

    def rows(self) -> list[str]:
        """The text of every change listed, in order (for tests and screen readers)."""
        found: list[str] = []
        for index in range(self.tree.topLevelItemCount()):
            heading = self.tree.topLevelItem(index)
            if heading is not None:
                rows = (heading.child(i) for i in range(heading.childCount()))
                found += [row.text(0) for row in rows if row is not None]
        return found

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the panel ends the comparison: the map's colouring goes too."""
        self.cleared.emit()
        super().closeEvent(event)

    def _clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        ids = item.data(0, IDS_ROLE)
        if ids:
            self.located.emit(tuple(ids))
