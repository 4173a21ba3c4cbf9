"""Rows of small labelled chips beside an area's name, a constant size on screen.

The play-test overlay shows a game's state with them (``editor.playtest.overlay``) and the editing
map shows an area's starting state (``editor.mapview.setup_marks``): forts, unrest, courts...
"""

from __future__ import annotations

import itertools
import weakref
from dataclasses import dataclass
from typing import ClassVar

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneHoverEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.mapview.items import bump_placement

CHIP_HEIGHT = 13.0
BESIDE = 240.0
"""The widest name a chip row may go beside (pixels): beyond it the row is drawn but not hovered."""


@dataclass(frozen=True)
class Chip:
    """One marker next to an area's name: a short text on a coloured box, with an explanation."""

    text: str
    fill: str
    tip: str
    outline: str = "#202020"


def _is_symbol(text: str) -> bool:
    """A chip text that is one pictograph (♛, ☠, ⚔, ✠...), not letters or digits."""
    return len(text) == 1 and ord(text) >= 0x2000


class ChipsItem(QGraphicsItem):
    """A row of chips under an area's label, a constant size on screen."""

    _alive: ClassVar[weakref.WeakValueDictionary[int, ChipsItem]] = weakref.WeakValueDictionary()
    """Every row made and not yet collected, by when it was made."""
    _made: ClassVar[itertools.count[int]] = itertools.count()

    @classmethod
    def alive(cls) -> list[ChipsItem]:
        """Every row still alive, oldest first (the placement finds a scene's rows here rather than
        walking every item of a big map for them)."""
        rows = []
        for row in list(cls._alive.values()):
            try:
                row.scene()
            except RuntimeError:  # its scene was deleted, and the row with it
                continue
            rows.append(row)
        return rows

    def __init__(self, area_id: str, parent: QGraphicsItem | None = None, above: bool = False) -> None:
        super().__init__(parent)
        ChipsItem._alive[next(ChipsItem._made)] = self
        self.area_id = area_id
        self.above = above
        """Whether the row stands above the area's name (the starting state, while units are
        below it) rather than under it (a game's state)."""
        self.chips: tuple[Chip, ...] = ()
        self._font = QFont("Sans Serif", 7)
        self._font.setBold(True)
        self._metrics = QFontMetricsF(self._font)
        # A lone symbol (court, raid, attack, cross...) is drawn larger: at 7 pt it is a smudge.
        self._symbol_font = QFont("Sans Serif", 9)
        self._widths: list[float] = []
        self._rect = QRectF()
        self._extent = 0.0
        self._tip = ""
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges, True)  # moves re-place
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(True)

    def set_chips(self, chips: tuple[Chip, ...], tip: str, extent: float = 0.0) -> None:
        """Show these chips centred under the label point; ``extent`` is the area's width in map units.

        Showing the same again only resets the tooltip: a new position or an edit re-sends every
        area's chips, and most are unchanged (no geometry change, no repaint for those).
        """
        if chips == self.chips and tip == self._tip and extent == self._extent:
            self.setToolTip(tip)
            return
        self.prepareGeometryChange()
        self.chips = chips
        self._extent = extent
        self._widths = [max(CHIP_HEIGHT, self._metrics.horizontalAdvance(c.text) + 5) for c in chips]
        total = sum(self._widths) + max(0, len(chips) - 1) * 2
        # Under or over the area's name (drawn about 8 px either side of the label point).
        top = -9 - CHIP_HEIGHT if self.above else 9
        self._rect = QRectF(-total / 2, top, total, CHIP_HEIGHT)
        self._tip = tip
        self.setToolTip(tip)
        bump_placement(self)
        self.update()

    @property
    def extent(self) -> float:
        """The area's width in map units (0: unknown, the row always fits)."""
        return self._extent

    def row_rect(self) -> QRectF:
        """The row's box in pixels around its point, where it goes when nothing is in the way."""
        return QRectF(self._rect)

    def fits(self, scale: float) -> bool:
        """Level of detail, as for names: the chips of an area narrower on screen than most of the
        row would bury a zoomed-out map; zoom in (or hover for the tooltip) to read them."""
        return bool(self.chips) and (not self._extent or self._extent * scale >= self._rect.width() * 0.6)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        """A row moved, shown, hidden, added or removed: the zoom level's placement is made again."""
        if change in (
            QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged,
            QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged,
            QGraphicsItem.GraphicsItemChange.ItemSceneChange,
            QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged,
        ):
            bump_placement(self)
        return super().itemChange(change, value)

    def offset(self) -> QPointF | None:
        """Where the row is drawn, from its own place, at the current zoom; None: it gives way."""
        scene = self.scene()
        state = getattr(scene, "state", None)
        if state is None:
            return QPointF(0, 0) if self.fits(self._scale()) else None
        return state.declutter.placement(scene, self._scale(), state.selected).chips.get(id(self))

    def chip_at(self, x: float, y: float | None = None) -> Chip | None:
        """The chip under ``x`` (and ``y``) in the item's pixels, None between or beside the chips."""
        shift = self.offset() if self.scene() is not None else QPointF(0, 0)
        if shift is None:
            return None
        if y is not None and not self._rect.top() <= y - shift.y() <= self._rect.bottom():
            return None
        left = self._rect.left() + shift.x()
        for chip, width in zip(self.chips, self._widths, strict=True):
            if left <= x <= left + width:
                return chip
            left += width + 2
        return None

    def hoverMoveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        """The tooltip names the chip under the pointer first, then tells the area's whole story."""
        chip = self.chip_at(event.pos().x(), event.pos().y())
        self.setToolTip(f"{chip.tip}\n\n{self._tip}" if chip is not None else self._tip)
        super().hoverMoveEvent(event)

    def _scale(self) -> float:
        scene = self.scene()
        state = getattr(scene, "state", None)
        if state is not None:
            return float(state.scale)  # the view's zoom, or an export's while it draws
        if scene is None or not scene.views():
            return float(scene.property("render_scale") or 1.0) if scene is not None else 1.0
        return float(scene.views()[0].transform().m11())

    def boundingRect(self) -> QRectF:
        """Every place the row may be drawn (``declutter.chip_offsets``): around the name, a row
        further, or beside a name of up to ``BESIDE`` pixels."""
        reach = self._rect.width() + BESIDE
        return self._rect.adjusted(-reach, -2 * CHIP_HEIGHT - 24, reach, 2 * CHIP_HEIGHT + 24)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Draw each chip as a rounded box with its text where the zoom level's placement put the
        row (``editor.mapview.declutter``): nowhere when its area is too narrow or no spot is free."""
        shift = self.offset()
        if shift is None:
            return
        painter.translate(shift)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setFont(self._font)
        x = self._rect.left()
        for chip, width in zip(self.chips, self._widths, strict=True):
            box = QRectF(x, self._rect.top(), width, CHIP_HEIGHT)
            fill = QColor(chip.fill)
            painter.setPen(QPen(QColor(chip.outline), 1.5 if chip.outline != "#202020" else 0.8))
            painter.setBrush(fill)
            painter.drawRoundedRect(box, 3, 3)
            painter.setPen(QColor("#ffffff") if fill.lightness() < 120 else QColor("#111111"))
            painter.setFont(self._symbol_font if _is_symbol(chip.text) else self._font)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, chip.text)
            x += width + 2
