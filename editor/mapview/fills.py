"""The areas' fills: a record per area (its path, brush and extent), drawn per spatial cell by one
item that fills every area of the cell.

Why not an item per area: opening a 30,000-area map built 30,000 path items (their paths from
shapely one vertex at a time), over a second before anything showed. The records are made in one
pass from the topology's faces (``fast_paths``), and an area's graphics item (``AreaItem``, which
the rest of the editor reads for an area's path, brush and extent) is made only when something
asks for it (``editor.mapview.lazy_areas``).

On screen the fills are drawn without antialiasing: each pixel goes to the one area whose shape
holds its centre, so areas still meet without gaps, and the borders drawn over them (antialiased)
hide the stair steps. Antialiasing the fills was over half of a zoomed-in frame of a big map.
Pictures of the map (the overview, exports) keep it.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.mapview import board_style

NO_PEN = QPen(Qt.PenStyle.NoPen)

_BRUSHES: dict[tuple[str, bool, bool], QBrush] = {}
"""The brush of each (colour, board, sea) fill, shared by every area filled alike: a map has a few
dozen fills, and parsing the colour again for each of 30,000 areas was a tenth of opening it."""

DEFAULT_BRUSH = QBrush()
"""An area's brush before its map mode colours it (no fill)."""


def fill_brush(colour: str, board: bool, sea: bool) -> QBrush:
    """The brush of an area filled with ``colour`` (a ``#rrggbb`` string), tinted on the board."""
    key = (colour, board, sea)
    brush = _BRUSHES.get(key)
    if brush is None:
        brush = QBrush(board_style.fill(colour, sea) if board else QColor(colour))
        _BRUSHES[key] = brush
    return brush


class AreaFill:
    """One area's fill: its path (empty when it has no faces), extent, brush and the cell's fill
    item that draws it."""

    __slots__ = ("_box", "_fill", "_rect", "area_id", "brush", "holder", "path", "sea")

    def __init__(
        self,
        area_id: str,
        sea: bool,
        path: QPainterPath,
        rect: QRectF | None = None,
        box: tuple[float, float, float, float] | None = None,
    ) -> None:
        self.area_id = area_id
        self.sea = sea
        """A sea zone (in the Sea layer, tinted as sea on the board)."""
        self.path = path
        self._rect = rect
        self._box = box
        """The extent as (left, top, right, bottom) until ``rect`` is first read: a map opening
        gives every area's extent as numbers, and most are never read as a rectangle."""
        self.brush = DEFAULT_BRUSH
        self.holder: FillItem | None = None
        """The fill item of the cell the area is drawn in (None while its path is empty)."""
        self._fill: tuple[str, bool, bool] | None = None

    @property
    def rect(self) -> QRectF:
        """The extent of the area's path (empty without one)."""
        if self._rect is None:
            box = self._box
            self._rect = QRectF() if box is None else QRectF(box[0], box[1], box[2] - box[0], box[3] - box[1])
        return self._rect

    @rect.setter
    def rect(self, rect: QRectF) -> None:
        self._rect, self._box = rect, None

    def set_fill(self, colour: str, board: bool) -> bool:
        """Fill the area with a colour (tinted on the board); return whether its brush changed.
        The caller repaints (``FillItem.update``): a new map mode repaints all at once."""
        fill = (colour, board, self.sea)
        if fill == self._fill:
            # The validation mode recolours the map after every run: on a 30,000-area map, setting
            # every brush again held the UI thread for 60 ms when a handful had changed.
            return False
        self._fill = fill
        self.brush = fill_brush(colour, board, self.sea)
        return True

    def repaint(self) -> None:
        """Ask for the area's part of the map to be painted again (after a new brush)."""
        if self.holder is not None:
            self.holder.restyle(self.rect)


class FillItem(QGraphicsItem):
    """Fills the areas of one cell of the Land or Sea layer, each with its own brush, in one paint
    (a child of its cell: hidden and culled with it)."""

    def __init__(self, cell: QGraphicsItem) -> None:
        super().__init__(cell)
        self.members: dict[str, AreaFill] = {}
        self._rect = QRectF()
        self._merged: list[tuple[QBrush, QPainterPath]] | None = None
        """The members' paths joined per brush, for the screen (made at the first paint after a
        change): a zoomed-in frame then draws a few paths per cell instead of one per area."""
        self.paints = 0
        """How many times the item was painted (tests: a frame paints the cells in view only)."""
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        """The extent of the areas it fills."""
        return self._rect

    def add(self, fill: AreaFill) -> None:
        """Draw this area here (its path and extent set; it is in no other fill item)."""
        self.members[fill.area_id] = fill
        fill.holder = self
        self._cover(fill.rect)
        fill.repaint()

    def load(self, members: list[AreaFill], rect: QRectF) -> None:
        """Draw these areas here (a map opened: new records, in no other fill item; ``rect``:
        the extent of them all)."""
        for fill in members:
            self.members[fill.area_id] = fill
            fill.holder = self
        self._merged = None
        self.prepareGeometryChange()
        self._rect = rect if self._rect.isNull() else self._rect.united(rect)

    def moved(self, fill: AreaFill, before: QRectF) -> None:
        """A member's path changed (``before``: its old extent): cover and repaint both."""
        self._cover(fill.rect)
        self.restyle(before.united(fill.rect))

    def restyle(self, rect: QRectF | None = None) -> None:
        """A member's brush or path changed: paint again (within ``rect``; None: all of it)."""
        self._merged = None
        if rect is None:
            self.update()
        else:
            self.update(rect)

    def remove(self, fill: AreaFill) -> None:
        """Stop drawing this area here."""
        if self.members.pop(fill.area_id, None) is None:
            return
        fill.holder = None
        self.restyle(fill.rect)
        rect = QRectF()
        for member in self.members.values():
            rect = rect.united(member.rect)
        self.prepareGeometryChange()
        self._rect = rect

    def _cover(self, rect: QRectF) -> None:
        if not self._rect.contains(rect):
            self.prepareGeometryChange()
            self._rect = rect if self._rect.isNull() else self._rect.united(rect)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Fill every area of the cell: on screen its paths joined per brush, without antialiasing
        (see the module notes); in a picture or an export area by area, antialiased, as asked."""
        self.paints += 1
        painter.setPen(NO_PEN)
        # A view passes the widget it paints (its viewport); pictures and exports pass none.
        if widget is not None:
            # (the view saves and restores the painter around each item: no need to put it back)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            for brush, path in self._joined():
                painter.setBrush(brush)
                painter.drawPath(path)
            return
        brush = None
        exposed = option.exposedRect  # type: ignore[attr-defined]
        everything = not exposed.isValid() or exposed.contains(self._rect)
        for member in self.members.values():
            if not everything and not exposed.intersects(member.rect):
                continue
            if member.brush is not brush:
                brush = member.brush
                painter.setBrush(brush)
            painter.drawPath(member.path)

    def _joined(self) -> list[tuple[QBrush, QPainterPath]]:
        """The members' paths joined per brush (kept until a member or a brush changes)."""
        if self._merged is None:
            joined: dict[int, tuple[QBrush, QPainterPath]] = {}
            for member in self.members.values():
                entry = joined.get(id(member.brush))
                if entry is None:
                    path = QPainterPath()
                    path.setFillRule(Qt.FillRule.OddEvenFill)
                    entry = joined[id(member.brush)] = (member.brush, path)
                entry[1].addPath(member.path)
            self._merged = list(joined.values())
        return self._merged
