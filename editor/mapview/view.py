"""The map view: zoom about the cursor, pan, fit, zoom to selection, and the current tool.

Mouse presses, moves and releases on the map go to the current tool (``editor.mapview.tools``)
unless they pan: the middle button, or the left button while Space is held.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from editor.mapview.overview import Overview
from editor.mapview.scene import MapScene

MIN_SCALE = 1e-4
MAX_SCALE = 1e4
WHEEL_STEP = 1.25


class MapView(QGraphicsView):
    """A view of a ``MapScene``.

    Signals: ``cursor_moved(QPointF)`` in map units, ``scale_changed(float)`` (pixels per map unit).
    """

    cursor_moved = Signal(QPointF)
    scale_changed = Signal(float)

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.map_scene = scene
        self.tool: object | None = None
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setMouseTracking(True)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self._pan_from: QPoint | None = None
        self._space = False
        self.overview = Overview(scene, self)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        """Publish the zoom to the scene's items before they paint (labels choose their detail by it)."""
        self.map_scene.state.scale = self.scale_factor
        super().drawBackground(painter, rect)

    # --- zoom -----------------------------------------------------------------------------------

    @property
    def scale_factor(self) -> float:
        """Pixels per map unit."""
        return float(self.transform().m11())

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        """Zoom by ``factor``, keeping the scene point under ``anchor`` (a viewport point) still."""
        new_scale = min(max(self.scale_factor * factor, MIN_SCALE), MAX_SCALE)
        factor = new_scale / self.scale_factor
        if anchor is None:
            self.scale(factor, factor)
        else:
            before = self.mapToScene(anchor.toPoint())
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
            self.scale(factor, factor)
            after = self.mapToScene(anchor.toPoint())
            delta = after - before
            self.translate(delta.x(), delta.y())
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.scale_changed.emit(self.scale_factor)

    def wheelEvent(self, event: QWheelEvent) -> None:
        """Zoom about the cursor: one wheel notch is a factor of 1.25."""
        steps = event.angleDelta().y() / 120.0
        if steps == 0:
            return
        self.zoom_by(WHEEL_STEP**steps, event.position())
        event.accept()

    def fit_map(self) -> None:
        """Show the whole map."""
        self.fit_rect(self.map_scene.map_rect())

    def fit_rect(self, rect: QRectF, margin: float = 0.05) -> None:
        """Show this scene rectangle (with a margin), zooming in or out as needed."""
        if rect.isEmpty():
            return
        grow = max(rect.width(), rect.height()) * margin
        self.fitInView(rect.adjusted(-grow, -grow, grow, grow), Qt.AspectRatioMode.KeepAspectRatio)
        self.scale_changed.emit(self.scale_factor)

    def zoom_to(self, ids: tuple[str, ...] | list[str]) -> bool:
        """Zoom to the objects with these ids; return False when none of them is drawn."""
        rect = self.map_scene.item_rect(ids)
        if rect.isEmpty():
            return False
        # Never zoom in so far that a tiny area fills the screen: show some context around it.
        minimum = self.map_scene.map_rect().width() / 40
        if rect.width() < minimum and rect.height() < minimum:
            centre = rect.center()
            rect = QRectF(centre.x() - minimum / 2, centre.y() - minimum / 2, minimum, minimum)
        self.fit_rect(rect, margin=0.25)
        return True

    def center_on_point(self, point: QPointF) -> None:
        """Scroll so that the map point is in the middle."""
        self.centerOn(point)

    # --- pan and tools --------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        """Let the current tool take keys that are also window shortcuts while it uses them.

        Esc is also "Select none": while a line is being drawn it must cancel the line instead,
        so the tool claims it (``Tool.wants_key``) before the shortcut fires.
        """
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            wants = getattr(self.tool, "wants_key", None)
            if wants is not None and wants(event):
                event.accept()
                return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Space held turns left-drag into panning."""
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        tool = self.tool
        if tool is not None and getattr(tool, "key_press", None) and tool.key_press(event):  # type: ignore[attr-defined]
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        """Releasing Space ends space-panning."""
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().unsetCursor()
            return
        super().keyReleaseEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Start panning (middle button, or Space + left button), or hand the press to the tool."""
        if event.button() == Qt.MouseButton.MiddleButton or (
            self._space and event.button() == Qt.MouseButton.LeftButton
        ):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if self.tool is not None and self.tool.press(self.mapToScene(event.position().toPoint()), event):  # type: ignore[attr-defined]
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Pan, or tell the tool, and report the cursor position in map units."""
        point = self.mapToScene(event.position().toPoint())
        self.cursor_moved.emit(point)
        if self._pan_from is not None:
            delta = event.position().toPoint() - self._pan_from
            self._pan_from = event.position().toPoint()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            event.accept()
            return
        if self.tool is not None and self.tool.move(point, event):  # type: ignore[attr-defined]
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """End panning, or tell the tool."""
        if self._pan_from is not None and event.button() in (
            Qt.MouseButton.MiddleButton,
            Qt.MouseButton.LeftButton,
        ):
            self._pan_from = None
            if self._space:
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            else:
                self.viewport().unsetCursor()
            event.accept()
            return
        if self.tool is not None and self.tool.release(self.mapToScene(event.position().toPoint()), event):  # type: ignore[attr-defined]
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        """Hand double-clicks to the tool (drawing ends on a double-click)."""
        tool = self.tool
        point = self.mapToScene(event.position().toPoint())
        if tool is not None and getattr(tool, "double_click", None) and tool.double_click(point, event):  # type: ignore[attr-defined]
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def pixels_to_map(self, pixels: float) -> float:
        """How many map units ``pixels`` screen pixels span at the current zoom."""
        return pixels / max(self.scale_factor, 1e-12)
