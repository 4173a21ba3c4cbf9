"""File > Export > Print-and-play PDF: choose the paper and the pages across, then write the sheet."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from editor.errors import show_error
from editor.export.pdf_sheet import ORIENTATIONS, PAPERS, SheetError, SheetOptions, plan_sheet, write_sheet
from editor.mapview.modes import all_modes

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow


class SheetDialog(QDialog):
    """Paper, pages across and map mode, with the page count the choice gives shown as it changes."""

    def __init__(self, window: MainWindow, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.setWindowTitle("Print-and-play PDF")
        self._scene = window.scene
        self.paper = QComboBox(self)
        self.paper.addItems(list(PAPERS))
        self.pages_across = QSpinBox(self)
        self.pages_across.setRange(1, 20)
        self.pages_across.setValue(2)
        self.mode = QComboBox(self)
        for mode in all_modes().values():
            self.mode.addItem(mode.name, mode.id)
        self.mode.setCurrentIndex(max(0, self.mode.findData(window.scene.mode_id)))
        self.orientation = QComboBox(self)
        for key in ORIENTATIONS:
            label = "Automatic (fewest pages)" if key == "auto" else key.capitalize()
            self.orientation.addItem(label, key)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow("Paper", self.paper)
        form.addRow("Map pages across", self.pages_across)
        form.addRow("Orientation", self.orientation)
        form.addRow("Map mode", self.mode)
        self.board = QCheckBox("Board style (smoothed borders, water lines, serif names)", self)
        self.board.setChecked(window.scene.state.board)
        form.addRow("", self.board)
        form.addRow(self.summary)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, parent=self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.paper.currentIndexChanged.connect(self._update_summary)
        self.pages_across.valueChanged.connect(self._update_summary)
        self.orientation.currentIndexChanged.connect(self._update_summary)
        self._update_summary()

    def options(self) -> SheetOptions:
        """The choice as sheet options."""
        return SheetOptions(
            self.paper.currentText(),
            self.pages_across.value(),
            str(self.mode.currentData()),
            str(self.orientation.currentData()),
            board=self.board.isChecked(),
        )

    def _update_summary(self) -> None:
        # Said before writing: the whole count, map pages (none without map on it) and tables.
        self.summary.setText(f"The sheet will be {plan_sheet(self._scene, self.options()).text()}.")


def export_sheet(window: MainWindow) -> bool:
    """Ask for the options and a file, write the sheet, report the page count; False if cancelled."""
    dialog = SheetDialog(window)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    options = dialog.options()
    start = (window.document.path or Path.home() / "map").with_suffix("").with_suffix("")
    chosen, _ = QFileDialog.getSaveFileName(
        window, "Export a print-and-play PDF", f"{start}-sheet.pdf", "PDF document (*.pdf)"
    )
    if not chosen:
        return False
    if not chosen.lower().endswith(".pdf"):
        chosen += ".pdf"
    mode = window.scene.mode_id
    try:
        result = write_sheet(window.scene, chosen, options)
    except (SheetError, OSError) as error:
        show_error(window, "Cannot export the print-and-play PDF", str(error))
        return False
    finally:
        window.set_mode(mode)  # the sheet's mode was for the paper only
    window.report(f"Exported {chosen}: {len(result.pages)} pages")
    return True
