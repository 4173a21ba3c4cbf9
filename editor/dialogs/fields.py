"""A path typed or chosen with a Browse… button, as the Generate and Import dialogs ask for files."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QPushButton, QWidget


class BrowseField(QWidget):
    """A line edit with a Browse… button; a subclass's ``choose`` asks for the path."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.edit = QLineEdit(self)
        self.edit.setClearButtonEnabled(True)
        browse = QPushButton("Browse…", self)
        browse.clicked.connect(self._browse)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.edit, 1)
        row.addWidget(browse)

    def choose(self, start: str) -> str:
        """Ask for a path, starting at ``start``; "" when the user cancels."""
        raise NotImplementedError

    def _browse(self) -> None:
        chosen = self.choose(self.edit.text().strip())
        if chosen:
            self.edit.setText(chosen)
