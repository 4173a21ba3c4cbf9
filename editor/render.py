"""Drawing a scenario's map to PNG, SVG or PDF without a window (``mappa render`` and File > Export).

The same ``MapScene`` the editor shows is rendered with ``QGraphicsScene.render`` into a
``QImage``, a ``QSvgGenerator`` or a ``QPdfWriter``, with the map mode's legend and the title in
a corner. Works on a headless machine with the ``offscreen`` Qt platform.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPageLayout, QPageSize, QPaintDevice, QPainter, QPdfWriter
from PySide6.QtWidgets import QApplication

from editor.document import ScenarioDocument
from editor.mapview.modes import LegendEntry, get_mode
from editor.mapview.scene import MapScene
from model.scenario import Scenario

FORMATS = (".png", ".svg", ".pdf")
DEFAULT_WIDTH = 2000


class RenderError(ValueError):
    """The map cannot be rendered to this file (unknown format, bad size, unwritable file)."""


def ensure_app() -> QApplication:
    """Return the running QApplication, creating an offscreen one when there is none and no display."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    if (
        not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
        and sys.platform.startswith("linux")
    ):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return QApplication(sys.argv[:1])


def _draw_legend(
    painter: QPainter, target: QRectF, title: str, mode_name: str, entries: list[LegendEntry]
) -> None:
    """Draw the title and the legend in a box at the bottom left of ``target``."""
    scale = max(target.width() / 2000.0, 0.5)
    font = QFont("Sans Serif")
    font.setPixelSize(round(16 * scale))
    painter.setFont(font)
    line = 22 * scale
    shown = entries[:24]
    height = line * (len(shown) + 2) + 12 * scale
    width = 360 * scale
    box = QRectF(target.left() + 12 * scale, target.bottom() - height - 12 * scale, width, height)
    painter.setPen(QColor("#606060"))
    painter.setBrush(QColor(255, 255, 255, 225))
    painter.drawRect(box)
    painter.setPen(QColor("#000000"))
    bold = QFont(font)
    bold.setBold(True)
    painter.setFont(bold)
    painter.drawText(QRectF(box.left() + 8 * scale, box.top() + 4 * scale, width, line), title)
    painter.setFont(font)
    painter.drawText(
        QRectF(box.left() + 8 * scale, box.top() + 4 * scale + line, width, line), f"Map mode: {mode_name}"
    )
    for index, entry in enumerate(shown):
        top = box.top() + 4 * scale + line * (index + 2)
        swatch = QRectF(box.left() + 8 * scale, top + 3 * scale, 16 * scale, 14 * scale)
        painter.setPen(QColor("#404040"))
        painter.setBrush(QColor(entry.colour))
        painter.drawRect(swatch)
        painter.setPen(QColor("#000000"))
        painter.drawText(QRectF(swatch.right() + 8 * scale, top, width, line), entry.label)


def paint_map(painter: QPainter, scene: MapScene, target: QRectF, legend: bool = True) -> None:
    """Render the whole map into ``target`` (device coordinates), keeping its aspect ratio."""
    source = scene.map_rect()
    scene.state.scale = min(
        target.width() / max(source.width(), 1e-9), target.height() / max(source.height(), 1e-9)
    )
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.fillRect(target, scene.backgroundBrush())
    scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
    if legend:
        mode = get_mode(scene.mode_id)
        _draw_legend(painter, target, scene.scenario.metadata.title, mode.name, scene.legend)


def render_scene(scene: MapScene, output: str | os.PathLike[str], width: int = DEFAULT_WIDTH) -> Path:
    """Write the scene's map to a PNG, SVG or PDF file (chosen by the suffix); return the path."""
    path = Path(output)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise RenderError(
            f"{path}: cannot render to {suffix or 'a file without a suffix'}; use .png, .svg or .pdf"
        )
    if not 16 <= width <= 20000:
        raise RenderError(f"width {width} px is out of range (16 to 20000)")
    source = scene.map_rect()
    height = max(1, round(width * source.height() / max(source.width(), 1e-9)))
    # Vector formats get labels as text paths; the editor's cached label pictures come back after.
    scene.state.vector_labels = suffix != ".png"
    try:
        _write(scene, path, suffix, width, height)
    finally:
        scene.state.vector_labels = False
    return path


def _write(scene: MapScene, path: Path, suffix: str, width: int, height: int) -> None:
    if suffix == ".png":
        image = QImage(QSize(width, height), QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("#ffffff"))
        _paint_on(image, scene, QRectF(0, 0, width, height))
        if not image.save(str(path)):
            raise RenderError(f"{path}: cannot write the PNG file")
    elif suffix == ".svg":
        from PySide6.QtSvg import QSvgGenerator

        generator = QSvgGenerator()
        generator.setFileName(str(path))
        generator.setSize(QSize(width, height))
        generator.setViewBox(QRectF(0, 0, width, height))
        generator.setTitle(scene.scenario.metadata.title)
        generator.setDescription("Rendered by Mappa")
        _paint_on(generator, scene, QRectF(0, 0, width, height))
        if not path.exists():
            raise RenderError(f"{path}: cannot write the SVG file")
    else:
        writer = QPdfWriter(str(path))
        writer.setTitle(scene.scenario.metadata.title)
        writer.setCreator("Mappa")
        orientation = (
            QPageLayout.Orientation.Landscape if width >= height else QPageLayout.Orientation.Portrait
        )
        writer.setPageLayout(
            QPageLayout(QPageSize(QPageSize.PageSizeId.A4), orientation, QMarginsF(10, 10, 10, 10))
        )
        writer.setResolution(150)
        painter = QPainter(writer)
        try:
            page = QRectF(painter.viewport())
            paint_map(painter, scene, page)
        finally:
            painter.end()
        if not path.exists():
            raise RenderError(f"{path}: cannot write the PDF file")


def _paint_on(device: QPaintDevice, scene: MapScene, target: QRectF) -> None:
    painter = QPainter(device)
    try:
        paint_map(painter, scene, target)
    finally:
        painter.end()


def render_scenario(
    scenario: Scenario, output: str | os.PathLike[str], mode: str = "owner", width: int = DEFAULT_WIDTH
) -> Path:
    """Render a scenario's map headless (``mappa render``); raises ``RenderError`` or ``KeyError`` (mode)."""
    get_mode(mode)
    ensure_app()
    document = ScenarioDocument(scenario)
    scene = MapScene(document)
    scene.set_mode(mode)
    if mode == "validation":
        from model.validate import validate

        scene.set_issues(validate(scenario, topology=document.topology))
    return render_scene(scene, output, width)
