"""Tool overlays (previews, snap markers, handles, refusals) are drawn on the map view only.

Pictures of the map (PNG, SVG and PDF exports, print sheets, the overview picture that stands in
for the detailed layers at full view) are made with ``QGraphicsScene.render``, which paints every
visible item. A stroke being drawn or a vertex handle must not end up in an exported map, nor be
baked into the overview picture where it would stay after the tool is gone: overlays paint only
when the painter draws on a widget (the view's viewport), as ``MapScene.drawBackground`` does.
"""

from __future__ import annotations

from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget


def on_screen(painter: QPainter) -> bool:
    """Whether the painter draws on the screen (a view's viewport), not into a picture of the map."""
    return isinstance(painter.device(), QWidget)


def take_off(item: QGraphicsItem) -> bool:
    """Take a tool's item off its scene; whether it was on one (False: nothing to do)."""
    scene = item.scene()
    if scene is None:
        return False
    scene.removeItem(item)
    return True


class OverlayPathItem(QGraphicsPathItem):
    """A path item that is drawn on the view only (see the module)."""

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw the path on screen; nothing in pictures of the map."""
        if on_screen(painter):
            super().paint(painter, option, widget)
