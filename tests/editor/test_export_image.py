"""File > Export never draws the selection or tool state; its dialog chooses map mode, layers, width,
background and legend (issue 18.5)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtGui import QImage

from editor.export.image import ExportOptions, export_image
from editor.export.image_dialog import ExportDialog, export_with_dialog
from editor.mainwindow import MainWindow
from editor.render import render_scene

SELECTION_RGB = (0xD7, 0x19, 0x1C)  # the selection outline's red (``ViewState.highlight_pen``)


def _pixels(path: Path) -> np.ndarray:
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGBA8888)
    assert not image.isNull()
    # Copy the bytes while ``image`` is alive (the buffer belongs to it).
    data = np.frombuffer(bytes(image.constBits()), dtype=np.uint8)
    return data.reshape(image.height(), image.bytesPerLine() // 4, 4)[:, : image.width()]


def _colour_pixels(path: Path, rgb_wanted: tuple[int, int, int]) -> int:
    rgb = _pixels(path)[:, :, :3].astype(int)
    close = np.abs(rgb - np.array(rgb_wanted)).max(axis=2) <= 12
    return int(close.sum())


def _selection_pixels(path: Path) -> int:
    return _colour_pixels(path, SELECTION_RGB)


def test_an_export_never_draws_the_selection(window: MainWindow, tmp_path: Path) -> None:
    areas = [a.id for a in window.document.scenario.map.areas][:6]
    window.selection.set(areas)
    # The scene as the editor shows it has the red outline (the picture the old Export wrote)...
    shown = render_scene(window.scene, tmp_path / "shown.png", width=900)
    assert _selection_pixels(shown) > 200
    # ...the export has none, and the editor keeps its selection afterwards.
    exported = export_image(window.scene, tmp_path / "export.png", ExportOptions(width=900))
    assert _selection_pixels(exported) == 0
    # The fills are drawn (not left out with the zoomed-out view's cached picture).
    colour = window.document.scenario.setup.empires[0].colour.lstrip("#")
    fill = (int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16))
    assert _colour_pixels(exported, fill) > 10_000
    assert window.scene.state.selected == set(areas)
    assert window.scene.selection_outline.isVisible()


def test_the_export_dialog_chooses_mode_layers_width_background_and_legend(
    window: MainWindow, tmp_path: Path
) -> None:
    window.selection.set(["aldmoor"])
    target = tmp_path / "chosen"
    seen: list[ExportDialog] = []

    def ask(dialog: ExportDialog) -> bool:
        seen.append(dialog)
        assert dialog.mode.currentData() == window.scene.mode_id  # starts from what the author sees
        dialog.path.setText(str(target))
        dialog.mode.setCurrentIndex(dialog.mode.findData("religion"))
        dialog.set_layer("labels", False)
        dialog.width_px.setValue(640)
        dialog.background.setCurrentIndex(dialog.background.findData("transparent"))
        dialog.legend.setChecked(False)
        return True

    assert export_with_dialog(window, ask)
    options = seen[0].options()
    assert options.mode == "religion" and "labels" not in options.layers and not options.legend
    written = tmp_path / "chosen.png"
    image = QImage(str(written))
    assert image.width() == 640
    source = window.scene.map_rect()
    assert image.height() == round(640 * source.height() / source.width())  # no legend band
    assert image.pixelColor(0, 0).alpha() == 0  # transparent background
    assert _selection_pixels(written) == 0
    # The editor's own view is untouched: mode, labels layer and selection as before.
    assert window.scene.mode_id == "owner"
    assert window.scene.layers["labels"].isVisible()
    assert window.scene.state.selected == {"aldmoor"}


def test_a_cancelled_export_writes_nothing(window: MainWindow, tmp_path: Path) -> None:
    window.document.path = tmp_path / "mine.mappa.json"  # the dialog would offer mine.png here
    assert not export_with_dialog(window, lambda dialog: False)
    assert list(tmp_path.glob("*.png")) == []
