"""The Legend dock: what the colours of the current map mode mean."""

from __future__ import annotations

from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import QDockWidget, QListWidget, QListWidgetItem, QWidget

from editor.mapview.modes import LegendEntry


def swatch(colour: str, size: int = 14) -> QIcon:
    """A small square icon of a colour."""
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


class LegendDock(QDockWidget):
    """A list of colour swatches and labels."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Legend", parent)
        self.setObjectName("legend_dock")
        self.list = QListWidget(self)
        self.list.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.setWidget(self.list)

    def set_entries(self, title: str, entries: list[LegendEntry]) -> None:
        """Show the legend of a mode."""
        self.setWindowTitle(f"Legend: {title}")
        self.list.clear()
        for entry in entries:
            QListWidgetItem(swatch(entry.colour), entry.label, self.list)

    def labels(self) -> list[str]:
        """The legend's labels, top to bottom."""
        return [self.list.item(i).text() for i in range(self.list.count())]
