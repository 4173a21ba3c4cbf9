"""File > Export image: a dialog for the file, map mode, layers, width, background and legend."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QWidget,
)

from editor.errors import show_error
from editor.export.image import ExportOptions, current_options, export_image
from editor.mapview.modes import all_modes
from editor.mapview.scene import LAYERS, MapScene
from editor.render import FORMATS, RenderError

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow

BACKGROUND_NAMES = {"map": "Map colour", "white": "White", "transparent": "Transparent (PNG, SVG)"}


class ExportDialog(QDialog):
    """The export's file and what it draws, filled with what the author sees now."""

    def __init__(self, scene: MapScene, start: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export image")
        chosen = current_options(scene)
        self.path = QLineEdit(str(start), self)
        browse = QPushButton("Browse…", self)
        browse.clicked.connect(self._browse)
        file_row = QHBoxLayout()
        file_row.addWidget(self.path, 1)
        file_row.addWidget(browse)
        self.mode = QComboBox(self)
        for mode in all_modes().values():
            self.mode.addItem(mode.name, mode.id)
        self.mode.setCurrentIndex(max(0, self.mode.findData(chosen.mode)))
        self.layers = QListWidget(self)
        for layer_id, name, _z in LAYERS:
            item = QListWidgetItem(name, self.layers)
            item.setData(Qt.ItemDataRole.UserRole, layer_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            on = layer_id in chosen.layers
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.layers.setMaximumHeight(self.layers.sizeHintForRow(0) * (len(LAYERS) + 1))
        self.width_px = QSpinBox(self)
        self.width_px.setRange(16, 20000)
        self.width_px.setSuffix(" px")
        self.width_px.setValue(chosen.width)
        self.background = QComboBox(self)
        for key, name in BACKGROUND_NAMES.items():
            self.background.addItem(name, key)
        self.legend = QCheckBox("Title and legend under the map", self)
        self.legend.setChecked(chosen.legend)
        self.board = QCheckBox("Board style (smoothed borders, water lines, serif names)", self)
        self.board.setChecked(chosen.board)
        form = QFormLayout(self)
        form.addRow("File", file_row)
        form.addRow("Map mode", self.mode)
        form.addRow("Layers", self.layers)
        form.addRow("Width", self.width_px)
        form.addRow("Background", self.background)
        form.addRow("", self.legend)
        form.addRow("", self.board)
        form.addRow(QLabel("The selection and the tools' marks are never drawn.", self))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, parent=self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Export")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def options(self) -> ExportOptions:
        """The choice as export options."""
        layers = frozenset(
            str(self.layers.item(row).data(Qt.ItemDataRole.UserRole))
            for row in range(self.layers.count())
            if self.layers.item(row).checkState() == Qt.CheckState.Checked
        )
        return ExportOptions(
            mode=str(self.mode.currentData()),
            layers=layers,
            width=self.width_px.value(),
            background=str(self.background.currentData()),
            legend=self.legend.isChecked(),
            board=self.board.isChecked(),
        )

    def set_layer(self, layer_id: str, on: bool) -> None:
        """Tick or untick a layer (for tests and scripting)."""
        for row in range(self.layers.count()):
            item = self.layers.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == layer_id:
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
                return
        raise KeyError(f"no layer {layer_id!r}")

    def output(self) -> Path:
        """The chosen file (``.png`` added when the name has no known suffix)."""
        path = Path(self.path.text().strip())
        return path if path.suffix.lower() in FORMATS else path.with_name(path.name + ".png")

    def _browse(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(
            self,
            "Export the map",
            self.path.text(),
            "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)",
        )
        if chosen:
            self.path.setText(chosen)


def _exec(dialog: ExportDialog) -> bool:
    return dialog.exec() == QDialog.DialogCode.Accepted


def export_with_dialog(window: MainWindow, ask: Callable[[ExportDialog], bool] | None = None) -> bool:
    """Ask for the file and options, then write the image; False when cancelled or refused.

    ``ask`` shows the dialog and says whether it was accepted (default: modal ``exec``)."""
    start = (window.document.path or Path.home() / "map").with_suffix("").with_suffix(".png")
    dialog = ExportDialog(window.scene, start, window)
    try:
        if not (ask or _exec)(dialog):
            return False
        if not dialog.path.text().strip():
            show_error(window, "Cannot export the map", "Choose a file to export to.")
            return False
        target = dialog.output()
        try:
            export_image(window.scene, target, dialog.options())
        except (RenderError, OSError) as error:
            show_error(window, "Cannot export the map", str(error))
            return False
    finally:
        dialog.deleteLater()
    window.report(f"Exported {target}")
    window.focus_map()
    return True
