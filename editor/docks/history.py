"""The History dock: the undo stack's own view (click a step to go back to it)."""

from __future__ import annotations

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QDockWidget, QUndoView, QWidget


class HistoryDock(QDockWidget):
    """A ``QUndoView`` of the document's undo stack."""

    def __init__(self, stack: QUndoStack, parent: QWidget | None = None) -> None:
        super().__init__("History", parent)
        self.setObjectName("history_dock")
        self.view = QUndoView(stack, self)
        self.view.setEmptyLabel("<opened>")
        self.setWidget(self.view)
