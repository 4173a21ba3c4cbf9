"""The status bar: cursor position in map units, zoom, selection, and issue counts."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

from model.issues import Issue, Severity


class MapStatusBar(QStatusBar):
    """Permanent fields on the right; tool hints and refused-edit reasons as temporary messages."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cursor_label = QLabel("", self)
        self.zoom_label = QLabel("", self)
        self.selection_label = QLabel("Nothing selected", self)
        self.issues_label = QLabel("", self)
        self.checking_label = QLabel("checking…", self)
        self.checking_label.setStyleSheet("color: #777777;")
        self.checking_label.setToolTip("The validator is checking the latest edits")
        self.checking_label.hide()
        self.selection_label.setMinimumWidth(220)
        self.cursor_label.setMinimumWidth(170)
        for label in (
            self.selection_label,
            self.cursor_label,
            self.zoom_label,
            self.issues_label,
            self.checking_label,
        ):
            self.addPermanentWidget(label)

    def set_cursor(self, point: QPointF, units: str) -> None:
        """Show the cursor's map coordinates."""
        self.cursor_label.setText(f"x {point.x():.1f}  y {point.y():.1f} {units}")

    def set_zoom(self, scale: float) -> None:
        """Show the zoom as a percentage (100 % = one pixel per map unit)."""
        self.zoom_label.setText(f"zoom {scale * 100:.0f}%")

    def set_selection(self, description: str) -> None:
        """Describe the selection."""
        self.selection_label.setText(description)

    def set_issues(self, issues: list[Issue]) -> None:
        """Show the error and warning counts."""
        errors = sum(1 for i in issues if i.severity is Severity.ERROR)
        warnings = sum(1 for i in issues if i.severity is Severity.WARNING)
        colour = "#b2182b" if errors else ("#b35806" if warnings else "#1b7837")
        self.issues_label.setText(
            f'<span style="color:{colour}">{errors} error{"s" * (errors != 1)}, '
            f"{warnings} warning{'s' * (warnings != 1)}</span>"
        )

    def set_checking(self, running: bool) -> None:
        """Say whether the validator is checking the latest edits (the counts are the last run's)."""
        self.checking_label.setVisible(running)
