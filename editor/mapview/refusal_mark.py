"""A refused stroke drawn on the map: the stroke in red and a short note saying why, next to it.

When the model refuses an edit drawn on the map (a split that cannot cut the area, a border that
crosses itself), the author's eyes are on the stroke, not on the status bar: the reason is shown
where the stroke was, without a modal dialog, until the next stroke or Esc clears it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.mapview.overlay import OverlayPathItem, on_screen, take_off

REFUSED_COLOUR = QColor("#d7191c")
MAX_NOTE_CHARS = 200
"""A longer reason is cut with an ellipsis on the map (the status bar shows it whole)."""
NOTE_WIDTH = 320.0
"""The note's text wraps at this many screen pixels."""


def _text_size(font: QFont, text: str) -> QSizeF:
    """The size of ``text`` wrapped at ``NOTE_WIDTH`` pixels."""
    flags = int(Qt.TextFlag.TextWordWrap)
    return QFontMetricsF(font).boundingRect(QRectF(0, 0, NOTE_WIDTH, 1000), flags, text).size()


class Note(QGraphicsItem):
    """A short text in a pale box with a red rim, a fixed size on screen, offset from its point."""

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.font = QFont("Sans Serif", 9)
        self.text = ""
        self._rect = QRectF()

    def set_text(self, text: str, leftwards: bool = False) -> None:
        """Show ``text`` (cut to ``MAX_NOTE_CHARS``, wrapped), right of its point or ``leftwards``."""
        if len(text) > MAX_NOTE_CHARS:
            text = text[: MAX_NOTE_CHARS - 1].rstrip() + "…"
        self.prepareGeometryChange()
        self.text = text
        size = _text_size(self.font, text)
        width, height = size.width() + 12, size.height() + 6
        # Below the point and clear of the stroke's end, on the side where the view has room.
        left = -10 - width if leftwards else 10
        self._rect = QRectF(left, 8, width, height)
        self.update()

    @staticmethod
    def width_for(text: str) -> float:
        """The box's width in screen pixels for a text (to choose its side before showing it)."""
        return _text_size(QFont("Sans Serif", 9), text).width() + 22

    def boundingRect(self) -> QRectF:
        """The box."""
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw the box and the text (on screen only)."""
        if not on_screen(painter):
            return
        painter.setPen(QPen(REFUSED_COLOUR, 1.2))
        painter.setBrush(QColor(255, 245, 240, 235))
        painter.drawRoundedRect(self._rect, 3, 3)
        painter.setFont(self.font)
        painter.setPen(QColor("#67000d"))
        painter.drawText(
            self._rect.adjusted(6, 3, -6, -3),
            int(Qt.AlignmentFlag.AlignVCenter) | int(Qt.TextFlag.TextWordWrap),
            self.text,
        )


class RefusalMark:
    """The red stroke and its note; ``show`` puts them on a scene, ``clear`` takes them off."""

    def __init__(self) -> None:
        self.stroke = OverlayPathItem()
        pen = QPen(REFUSED_COLOUR, 3)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.stroke.setPen(pen)
        self.stroke.setZValue(1000)
        self.stroke.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.note = Note()
        self.note.setZValue(1003)
        self.message = ""
        """The reason shown ("" when nothing is shown)."""

    def show(
        self,
        scene: QGraphicsScene,
        points: list[tuple[float, float]],
        message: str,
        view: QGraphicsView | None = None,
    ) -> None:
        """Draw the refused stroke through ``points`` with ``message`` next to its last point.

        Given the ``view``, the note goes on the side of the point where the view has room for it.
        """
        self.clear()
        path = QPainterPath()
        if points:
            path.moveTo(QPointF(*points[0]))
            for point in points[1:]:
                path.lineTo(QPointF(*point))
        self.stroke.setPath(path)
        at = QPointF(*points[-1]) if points else QPointF()
        leftwards = False
        if view is not None:
            x, width = view.mapFromScene(at).x(), view.viewport().width()
            leftwards = x + Note.width_for(message) > width and x > width / 2
        self.note.set_text(message, leftwards)
        self.note.setPos(at)
        scene.addItem(self.stroke)
        scene.addItem(self.note)
        self.message = message

    def clear(self) -> None:
        """Take the mark off the map."""
        self.message = ""
        take_off(self.stroke)
        take_off(self.note)

    @property
    def shown(self) -> bool:
        """Whether the mark is on a scene."""
        return self.stroke.scene() is not None
