"""The live map overlay: play-state fills, chips beside each area's name, highlighted areas, and
the arrows of the Seasons order tokens the viewer may see (``editor.playtest.orders``).

Drawn on the editor's own ``MapScene`` in a layer of its own; the document is never changed.
While the overlay is shown, the scene's starting units and starting-state chips are hidden (the game's
chips show those in play) and area fills follow the game; ``clear()`` gives the scene back as it was.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.document import DocumentChange
from editor.mapview.chips_item import ChipsItem
from editor.mapview.items import Layer
from editor.mapview.modes import LegendEntry
from editor.mapview.scene import MapScene
from editor.playtest.chips import AreaPicture, Colours
from editor.playtest.orders import LAST, OWN, OrderMark, describe

OVERLAY_Z = 45


class OrderArrow(QGraphicsPathItem):
    """An order token's arrow from its source area's name toward its target's, in the nation's colour.

    Dashed while the token is the viewer's own and still face down, dotted and pale for the last
    turn's tokens, solid once revealed this turn.
    """

    def __init__(
        self, mark: OrderMark, start: QPointF, end: QPointF, colour: str, tip: str, parent: QGraphicsItem
    ) -> None:
        super().__init__(parent)
        self.mark = mark
        colour_ = QColor(colour)
        if mark.known == LAST:
            colour_.setAlpha(150)
        pen = QPen(colour_, 2.5)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if mark.known == OWN:
            pen.setStyle(Qt.PenStyle.DashLine)
        elif mark.known == LAST:
            pen.setStyle(Qt.PenStyle.DotLine)
        self.setPen(pen)
        self.setPath(self.arrow_path(start, end))
        self.setToolTip(tip)
        self.setZValue(-0.5)  # under the chips, over the highlight
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """The arrow over a pale halo, so it shows on an area of its own nation's colour too."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        halo = QPen(QColor(255, 255, 255, 210), self.pen().widthF() + 3)
        halo.setCosmetic(True)
        halo.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(halo)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self.path())
        super().paint(painter, option, widget)

    @staticmethod
    def arrow_path(start: QPointF, end: QPointF) -> QPainterPath:
        """A line over the middle of the way between the two points, with a head at the target end."""
        dx, dy = end.x() - start.x(), end.y() - start.y()
        length = math.hypot(dx, dy)
        path = QPainterPath()
        if length == 0:
            return path
        # Leave the names at both ends readable: the arrow covers the middle of the way only.
        tail = QPointF(start.x() + dx * 0.25, start.y() + dy * 0.25)
        head = QPointF(start.x() + dx * 0.75, start.y() + dy * 0.75)
        path.moveTo(tail)
        path.lineTo(head)
        size = length * 0.08
        ux, uy = dx / length, dy / length
        for side in (1, -1):
            path.moveTo(head)
            path.lineTo(
                head.x() - size * ux + side * size * 0.6 * -uy, head.y() - size * uy + side * size * 0.6 * ux
            )
        return path


class PlayOverlay:
    """Draws a play-test's pictures on a map scene and gives the scene back when cleared."""

    def __init__(self, scene: MapScene) -> None:
        self.scene = scene
        self.layer = Layer("playtest", OVERLAY_Z)
        scene.addItem(self.layer)
        self.chips: dict[str, ChipsItem] = {}
        self.pictures: dict[str, AreaPicture] = {}
        self.highlighted: tuple[str, ...] = ()
        pen = QPen(QColor("#ffd400"), 4)
        pen.setCosmetic(True)
        self._highlight = QGraphicsPathItem(self.layer)
        self._highlight.setPen(pen)
        self._highlight.setZValue(-1)
        self.orders: tuple[OrderMark, ...] = ()
        self.arrows: list[OrderArrow] = []
        # The game's chips show units, forts and courts in play: the starting ones step aside.
        self._were_visible = {name: scene.layers[name].isVisible() for name in ("units", "setup")}
        for name in self._were_visible:
            scene.layers[name].setVisible(False)
        scene.document.changed.connect(self._on_document_changed)
        self.active = True

    def show(self, pictures: Mapping[str, AreaPicture]) -> None:
        """Fill the areas and place the chips for a new position."""
        self.pictures = dict(pictures)
        for area_id, picture in self.pictures.items():
            self.scene.set_area_fill(area_id, picture.fill)
        for area_id in list(self.chips):
            if area_id not in self.pictures or area_id not in self.scene.areas:
                self.scene.removeItem(self.chips.pop(area_id))
        areas = self.scene.scenario.area_index()
        for area_id, picture in self.pictures.items():
            area = areas.get(area_id)
            if area is None:
                continue
            item = self.chips.get(area_id)
            if item is None:
                item = ChipsItem(area_id, self.layer)
                self.chips[area_id] = item
            item.setPos(self.scene.label_point(area))
            item.set_chips(picture.chips, picture.tip, self.scene.area_width(area_id))

    def show_orders(self, marks: Sequence[OrderMark], names: Mapping[str, str], colours: Colours) -> None:
        """Draw an arrow for each token toward another area (the chips come with the pictures)."""
        self.orders = tuple(marks)
        for arrow in self.arrows:
            self.scene.removeItem(arrow)
        self.arrows = []
        areas = self.scene.scenario.area_index()
        for mark in self.orders:
            source, target = areas.get(mark.source), areas.get(mark.target)
            if mark.source == mark.target or source is None or target is None:
                continue
            start, end = self.scene.label_point(source), self.scene.label_point(target)
            colour = colours.get(mark.nation, "#808080")
            self.arrows.append(OrderArrow(mark, start, end, colour, describe(mark, names), self.layer))

    def highlight(self, area_ids: Iterable[str]) -> None:
        """Outline these areas (a log entry's or a chosen action's); an empty list clears it."""
        self.highlighted = tuple(a for a in area_ids if a in self.scene.areas)
        path = QPainterPath()
        for area_id in self.highlighted:
            path.addPath(self.scene.areas[area_id].path())
        self._highlight.setPath(path)

    def legend(self, names: Mapping[str, tuple[str, str]]) -> list[LegendEntry]:
        """Legend entries for the owners shown (``names``: id -> (colour, name))."""
        return [LegendEntry(colour, name) for colour, name in names.values()]

    def _on_document_changed(self, change: DocumentChange) -> None:
        # The scene recoloured by its map mode; play colours win while the overlay is on.
        if self.active:
            self.show(self.pictures)
            self.highlight(self.highlighted)

    def clear(self) -> None:
        """Remove the overlay and restore the scene's own colours and unit counters."""
        if not self.active:
            return
        self.active = False
        self.scene.document.changed.disconnect(self._on_document_changed)
        self.scene.removeItem(self.layer)
        self.chips.clear()
        self.arrows.clear()
        for name, visible in self._were_visible.items():
            self.scene.layers[name].setVisible(visible)
        self.scene.recolour()


def chip_texts(overlay: PlayOverlay, area_id: str) -> list[str]:
    """The texts of the chips shown for an area (for tests and the status bar)."""
    item = overlay.chips.get(area_id)
    return [c.text for c in item.chips] if item else []
