"""Render the application icon ``resources/icons/mappa.svg`` to the PNG sizes the desktops use.

Run it after changing the SVG: ``.venv/bin/python packaging/make_icons.py``. It writes
``resources/icons/mappa-SIZE.png`` (16 to 128 pixels) and ``mappa.png`` (256 pixels, which
PyInstaller turns into the Windows .ico and the macOS .icns at build time).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
SIZES = (16, 32, 48, 64, 128)


def render(svg: Path, size: int, out: Path) -> None:
    """Draw ``svg`` into a transparent ``size``-pixel square PNG at ``out``."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg}: not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    if not image.save(str(out)):
        raise OSError(f"{out}: cannot write the PNG")


def main() -> int:
    """Write every size; return the exit status."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QGuiApplication(sys.argv[:1])  # QImage text and SVG need an application object
    svg = ICONS / "mappa.svg"
    for size in SIZES:
        render(svg, size, ICONS / f"mappa-{size}.png")
    render(svg, 256, ICONS / "mappa.png")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
