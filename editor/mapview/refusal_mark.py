"""A refused stroke drawn on the map: the stroke in red and a short note saying why, next to it.

When the model refuses an edit drawn on the map (a split that cannot cut the area, a border that
crosses itself), the author's eyes are on the stroke, not on the status bar: the reason is shown
where the stroke was, without a modal dialog, until the next stroke or Esc clears it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

REFUSED_COLOUR = QColor("#d7191c")
MAX_NOTE_CHARS = 90
"""A longer reason is cut with an ellipsis on the map (the status bar shows it whole)."""


class Note(QGraphicsItem):
    """A short text in a pale box with a red rim, a fixed size on screen, offset from its point."""

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.font = QFont("Sans Serif", 9)
        self.text = ""
        self._rect = QRectF()

    def set_text(self, text: str) -> None:
        """Show ``text`` (cut to ``MAX_NOTE_CHARS``)."""
        if len(text) > MAX_NOTE_CHARS:
            text = text[: MAX_NOTE_CHARS - 1].rstrip() + "…"
        self.prepareGeometryChange()
        self.text = text
        width = QFontMetricsF(self.font).horizontalAdvance(text)
        height = QFontMetricsF(self.font).height()
        # Below and to the right of the point, clear of the stroke's end.
        self._rect = QRectF(10, 8, width + 12, height + 6)
        self.update()

    def boundingRect(self) -> QRectF:
        """The box."""
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw the box and the text."""
        painter.setPen(QPen(REFUSED_COLOUR, 1.2))
        painter.setBrush(QColor(255, 245, 240, 235))
        painter.drawRoundedRect(self._rect, 3, 3)
        painter.setFont(self.font)
        painter.setPen(QColor("#67000d"))
        painter.drawText(self._rect.adjusted(6, 3, -6, -3), Qt.AlignmentFlag.AlignVCenter, self.text)


class RefusalMark:
    """The red stroke and its note; ``show`` puts them on a scene, ``clear`` takes them off."""

    def __init__(self) -> None:
        self.stroke = QGraphicsPathItem()
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

    def show(self, scene: QGraphicsScene, points: list[tuple[float, float]], message: str) -> None:
        """Draw the refused stroke through ``points`` with ``message`` next to its last point."""
        self.clear()
        path = QPainterPath()
        if points:
            path.moveTo(QPointF(*points[0]))
            for point in points[1:]:
                path.lineTo(QPointF(*point))
        self.stroke.setPath(path)
        self.note.set_text(message)
        self.note.setPos(QPointF(*points[-1]) if points else QPointF())
        scene.addItem(self.stroke)
        scene.addItem(self.note)
        self.message = message

    def clear(self) -> None:
        """Take the mark off the map."""
        self.message = ""
        for item in (self.stroke, self.note):
            if item.scene() is not None:
                item.scene().removeItem(item)

    @property
    def shown(self) -> bool:
        """Whether the mark is on a scene."""
        return self.stroke.scene() is not None
