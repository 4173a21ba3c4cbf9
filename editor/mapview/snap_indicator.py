"""The snap indicator: a small marker that shows, while the pointer moves, where a click will land.

Its shape says what the point will snap to, so an author sees before clicking whether a border
will start on a node, on the middle of a segment, or close the shape being drawn:

* ``vertex``: a filled square on the vertex (or node);
* ``segment``: a hollow diamond on the nearest point of the boundary;
* ``first``: a green ring around the stroke's first point (clicking there closes the shape);
* ``free``: a small grey cross while the snapping modifier is held (the point goes to the grid only);
* ``clear``: an orange ring where an anchor lands, kept clear of the border it was dropped on.

Nothing is shown when the point would only go to the grid. The marker keeps its size on screen
at every zoom (``ItemIgnoresTransformations``) and takes no mouse buttons.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from editor.mapview.overlay import on_screen, take_off
from editor.mapview.tools import Snap

SHOWN_KINDS = ("vertex", "segment", "first", "free", "clear")
"""The snap kinds the indicator draws; a plain grid snap shows nothing."""

_SNAP_COLOUR = QColor("#ff7f00")
_CLOSE_COLOUR = QColor("#1a9641")
_FREE_COLOUR = QColor("#505050")


class SnapIndicator(QGraphicsItem):
    """A marker of the point a click would place, shaped by the kind of snap (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(1002)
        self.kind = ""
        """The kind of the snap shown ("" while hidden)."""
        self.hide()

    def boundingRect(self) -> QRectF:
        """A few pixels around the point (the ring of a closing snap is the biggest shape)."""
        return QRectF(-10, -10, 20, 20)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw the shape of the current kind (on screen only)."""
        if not on_screen(painter):
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self.kind == "vertex":
            painter.setPen(QPen(QColor("#ffffff"), 1.5))
            painter.setBrush(_SNAP_COLOUR)
            painter.drawRect(QRectF(-5, -5, 10, 10))
        elif self.kind == "segment":
            painter.setPen(QPen(_SNAP_COLOUR, 2))
            painter.setBrush(QColor(255, 255, 255, 200))
            diamond = QPolygonF([QPointF(0, -6), QPointF(6, 0), QPointF(0, 6), QPointF(-6, 0)])
            painter.drawPolygon(diamond)
        elif self.kind == "first":
            painter.setPen(QPen(_CLOSE_COLOUR, 2.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), 8, 8)
            painter.setBrush(_CLOSE_COLOUR)
            painter.drawEllipse(QPointF(0, 0), 2.5, 2.5)
        elif self.kind == "clear":
            painter.setPen(QPen(_SNAP_COLOUR, 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), 6, 6)
        elif self.kind == "free":
            painter.setPen(QPen(_FREE_COLOUR, 1.5))
            painter.drawLine(QPointF(-5, 0), QPointF(5, 0))
            painter.drawLine(QPointF(0, -5), QPointF(0, 5))

    def show_snap(self, scene: QGraphicsScene, snap: Snap | None) -> None:
        """Show where ``snap`` lands (added to ``scene`` on first use); hide for None or a grid snap."""
        if snap is None or snap.kind not in SHOWN_KINDS:
            self.clear()
            return
        if self.scene() is not scene:
            take_off(self)
            scene.addItem(self)
        if self.kind != snap.kind:
            self.kind = snap.kind
            self.update()
        self.setPos(QPointF(*snap.point))
        self.show()

    def clear(self) -> None:
        """Hide the marker."""
        self.kind = ""
        self.hide()

    def detach(self) -> None:
        """Hide the marker and take it off its scene (the tool is no longer current)."""
        self.clear()
        take_off(self)
