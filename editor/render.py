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


def _legend_metrics(width: float, entries: int) -> tuple[float, float, int, int]:
    """Scale, line height, columns and rows of a legend band ``width`` wide."""
    scale = max(width / 2000.0, 0.5)
    line = 22 * scale
    columns = max(1, int(width // (330 * scale)))
    rows = max(1, -(-entries // columns))
    return scale, line, columns, rows


def legend_height(width: float, entries: int) -> float:
    """Height of the legend band under a map ``width`` wide (title, mode, then the entries in columns)."""
    scale, line, _columns, rows = _legend_metrics(width, entries)
    return line * (rows + 2) + 16 * scale


def _draw_legend(
    painter: QPainter, band: QRectF, title: str, mode_name: str, entries: list[LegendEntry]
) -> None:
    """Draw the title, the map mode and the legend's entries in columns inside ``band`` (under the map,
    so that it never hides part of it)."""
    scale, line, columns, rows = _legend_metrics(band.width(), len(entries))
    font = QFont("Sans Serif")
    font.setPixelSize(round(16 * scale))
    left = band.left() + 12 * scale
    top = band.top() + 8 * scale
    painter.setPen(QColor("#000000"))
    bold = QFont(font)
    bold.setBold(True)
    painter.setFont(bold)
    painter.drawText(QRectF(left, top, band.width(), line), title)
    painter.setFont(font)
    painter.drawText(QRectF(left, top + line, band.width(), line), f"Map mode: {mode_name}")
    column_width = (band.width() - 24 * scale) / columns
    for index, entry in enumerate(entries):
        column, row = divmod(index, rows)
        x = left + column * column_width
        y = top + line * (row + 2)
        swatch = QRectF(x, y + 3 * scale, 16 * scale, 14 * scale)
        painter.setPen(QColor("#404040"))
        painter.setBrush(QColor(entry.colour))
        painter.drawRect(swatch)
        painter.setPen(QColor("#000000"))
        painter.drawText(QRectF(swatch.right() + 8 * scale, y, column_width - 30 * scale, line), entry.label)


def paint_map(
    painter: QPainter, scene: MapScene, target: QRectF, legend: bool = True, background: QColor | None = None
) -> None:
    """Render the whole map into ``target`` (device coordinates), keeping its aspect ratio; with
    ``legend``, the bottom of ``target`` is a band holding the title and the legend. ``background``
    fills ``target`` first (default: the scene's own background; a transparent colour leaves it)."""
    band = legend_height(target.width(), len(scene.legend)) if legend else 0.0
    area = QRectF(target.left(), target.top(), target.width(), max(target.height() - band, 1.0))
    source = scene.map_rect()
    scene.state.scale = min(
        area.width() / max(source.width(), 1e-9), area.height() / max(source.height(), 1e-9)
    )
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    fill = scene.backgroundBrush().color() if background is None else background
    if fill.alpha() > 0:
        painter.fillRect(target, fill)
    # The scene paints its own background brush under the map: the chosen background replaces it.
    own_brush = scene.backgroundBrush()
    if background is not None:
        scene.setBackgroundBrush(background if background.alpha() > 0 else Qt.BrushStyle.NoBrush)
    try:
        scene.render(painter, area, source, Qt.AspectRatioMode.KeepAspectRatio)
    finally:
        if background is not None:
            scene.setBackgroundBrush(own_brush)
    if legend:
        mode = get_mode(scene.mode_id)
        strip = QRectF(target.left(), area.bottom(), target.width(), band)
        _draw_legend(painter, strip, scene.scenario.metadata.title, mode.name, scene.legend)


def render_scene(
    scene: MapScene,
    output: str | os.PathLike[str],
    width: int = DEFAULT_WIDTH,
    legend: bool = True,
    background: QColor | None = None,
) -> Path:
    """Write the scene's map to a PNG, SVG or PDF file (chosen by the suffix); return the path.

    Draws the scene as it is: File > Export goes through ``editor.export.image.export_image``, which
    leaves the selection and tool state out. ``legend`` adds the title and legend band under the
    map; ``background`` is the fill (default: the scene's; transparent for none)."""
    path = Path(output)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise RenderError(
            f"{path}: cannot render to {suffix or 'a file without a suffix'}; use .png, .svg or .pdf"
        )
    if not 16 <= width <= 20000:
        raise RenderError(f"width {width} px is out of range (16 to 20000)")
    source = scene.map_rect()
    map_height = width * source.height() / max(source.width(), 1e-9)
    band = legend_height(width, len(scene.legend)) if legend else 0.0
    height = max(1, round(map_height + band))
    # Vector formats get labels as text paths; the editor's cached label pictures come back after.
    scene.state.vector_labels = suffix != ".png"
    try:
        _write(scene, path, suffix, width, height, legend, background)
    finally:
        scene.state.vector_labels = False
    return path


def _write(
    scene: MapScene,
    path: Path,
    suffix: str,
    width: int,
    height: int,
    legend: bool = True,
    background: QColor | None = None,
) -> None:
    if suffix == ".png":
        image = QImage(QSize(width, height), QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(
            QColor(0, 0, 0, 0) if background is not None and background.alpha() == 0 else QColor("#ffffff")
        )
        _paint_on(image, scene, QRectF(0, 0, width, height), legend, background)
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
        _paint_on(generator, scene, QRectF(0, 0, width, height), legend, background)
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
            paint_map(painter, scene, page, legend, background)
        finally:
            painter.end()
        if not path.exists():
            raise RenderError(f"{path}: cannot write the PDF file")


def _paint_on(
    device: QPaintDevice,
    scene: MapScene,
    target: QRectF,
    legend: bool = True,
    background: QColor | None = None,
) -> None:
    painter = QPainter(device)
    try:
        paint_map(painter, scene, target, legend, background)
    finally:
        painter.end()


def render_scenario(
    scenario: Scenario,
    output: str | os.PathLike[str],
    mode: str = "owner",
    width: int = DEFAULT_WIDTH,
    board: bool = False,
) -> Path:
    """Render a scenario's map headless (``mappa render``; ``board``: in the board style); raises
    ``RenderError`` or ``KeyError`` (mode)."""
    get_mode(mode)
    ensure_app()
    document = ScenarioDocument(scenario)
    scene = MapScene(document)
    scene.set_board_style(board)
    scene.set_mode(mode)
    if mode == "validation":
        from model.validate import validate

        scene.set_issues(validate(scenario, topology=document.topology))
    return render_scene(scene, output, width)
