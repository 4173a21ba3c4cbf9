"""What the Generate and Import dialogs share: a path field with a Browse… button, the summary list."""

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


def summary_html(lines: list[str]) -> str:
    """A run's summary lines as an HTML list; ``Error:`` lines in bold red, ``Warning:`` in amber."""
    html = []
    for line in lines:
        escaped = line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        if line.startswith("Error:"):
            html.append(f'<li style="color:#b00020"><b>{escaped}</b></li>')
        elif line.startswith("Warning:"):
            html.append(f'<li style="color:#8a5a00">{escaped}</li>')
        else:
            html.append(f"<li>{escaped}</li>")
    return f"<ul>{''.join(html)}</ul>"
