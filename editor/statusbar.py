"""The status bar: cursor position in map units, zoom, selection, and issue counts.

The selection is described by name ("Empire Aldmoor (aldmoor_kingdom)"). Once the bar follows a
document and its selection (``follow``; it does so by itself when its parent window holds them),
it also keeps that text current when an edit renames a selected object.
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

from editor.docks.names import describe_selection
from editor.document import DocumentChange, ScenarioDocument
from editor.selection import Selection
from model.issues import Issue, Severity

_SEVERITY = attrgetter("severity")


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
        self.document: ScenarioDocument | None = None
        self.selection: Selection | None = None
        # The main window makes its bar after its document and selection: follow them from the
        # start, so that the selection text is named and kept current without more wiring.
        document = getattr(parent, "document", None)
        selection = getattr(parent, "selection", None)
        if isinstance(document, ScenarioDocument) and isinstance(selection, Selection):
            self.follow(document, selection)

    def follow(self, document: ScenarioDocument, selection: Selection) -> None:
        """Describe this selection of this document, and again whenever an edit touches it."""
        self.document = document
        self.selection = selection
        # Bound methods: Qt drops the connections when the bar is destroyed first.
        selection.changed.connect(self._on_selection_changed)
        document.changed.connect(self._on_document_changed)
        self.refresh_selection()

    def refresh_selection(self) -> None:
        """Describe the followed selection by the names the objects have now."""
        if self.document is not None and self.selection is not None:
            self.selection_label.setText(describe_selection(self.document.scenario, self.selection.ids))

    def _on_selection_changed(self, _ids: tuple[str, ...]) -> None:
        self.refresh_selection()

    def _on_document_changed(self, change: DocumentChange) -> None:
        if self.selection is None:
            return
        touched = change.areas | change.empires | change.connections | change.units | change.magnates
        # A connection or unit is named after its areas and owner, so any named edit may rename it.
        if change.reset or (self.selection.ids and (touched or change.setup)):
            self.refresh_selection()

    def set_cursor(self, point: QPointF, units: str) -> None:
        """Show the cursor's map coordinates."""
        self.cursor_label.setText(f"x {point.x():.1f}  y {point.y():.1f} {units}")

    def set_zoom(self, scale: float) -> None:
        """Show the zoom as a percentage (100 % = one pixel per map unit)."""
        self.zoom_label.setText(f"zoom {scale * 100:.0f}%")

    def set_selection(self, description: str) -> None:
        """Describe the selection (a followed selection is described by its names instead)."""
        if self.document is not None and self.selection is not None:
            self.refresh_selection()
        else:
            self.selection_label.setText(description)

    def set_issues(self, issues: list[Issue]) -> None:
        """Show the error and warning counts."""
        counts = Counter(map(_SEVERITY, issues))  # counted in C: a big map's result is 50,000 issues
        errors, warnings = counts[Severity.ERROR], counts[Severity.WARNING]
        colour = "#b2182b" if errors else ("#b35806" if warnings else "#1b7837")
        self.issues_label.setText(
            f'<span style="color:{colour}">{errors} error{"s" * (errors != 1)}, '
            f"{warnings} warning{'s' * (warnings != 1)}</span>"
        )

    def set_checking(self, running: bool) -> None:
        """Say whether the validator is checking the latest edits (the counts are the last run's)."""
        self.checking_label.setVisible(running)
