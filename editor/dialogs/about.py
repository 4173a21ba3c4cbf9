"""Help > About: Mappa's name, icon and version, and the versions of Python, Qt and every dependency.

The rows are those ``mappa --version`` prints (``editor.about``); "Copy" puts the same text on the
clipboard, ready to paste into a bug report.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor import about
from model.resources import resource_path

TAGLINE = "Map editor and scenario designer for area-movement strategy board games"


class AboutDialog(QDialog):
    """The About box: icon and name, a version table and Copy / Close buttons."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Mappa")
        self.setObjectName("about_dialog")
        self.rows = about.editor_versions()

        icon = QLabel(self)
        pixmap = QPixmap(str(resource_path("icons", "mappa.png")))
        if not pixmap.isNull():
            icon.setPixmap(
                pixmap.scaled(
                    96, 96, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
                )
            )
        title = QLabel(f"<h2>Mappa {html.escape(self.rows[0][1])}</h2><p>{html.escape(TAGLINE)}</p>", self)
        title.setWordWrap(True)
        head = QHBoxLayout()
        head.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        head.addWidget(title, 1)

        table = "".join(
            f"<tr><td><b>{html.escape(name)}</b></td><td>&nbsp;&nbsp;{html.escape(value)}</td></tr>"
            for name, value in self.rows[1:]
        )
        self.versions = QLabel(f"<table>{table}</table>", self)
        self.versions.setObjectName("about_versions")
        self.versions.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        copy = QPushButton("&Copy", self)
        copy.setToolTip("Copy the versions, to paste into a bug report")
        buttons.addButton(copy, QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(self.versions)
        layout.addWidget(buttons)

    def text(self) -> str:
        """The versions as plain text (what ``mappa --version`` prints)."""
        return about.version_text()

    def copy(self) -> None:
        """Put the versions on the clipboard."""
        QGuiApplication.clipboard().setText(self.text())


def show_about(parent: QWidget | None) -> None:
    """Open the About box over ``parent`` until it is closed."""
    AboutDialog(parent).exec()
