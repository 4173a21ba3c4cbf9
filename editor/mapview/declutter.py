"""Names and chips placed on the map without overlapping, worked out once per zoom level.

Area names (``LabelLayerItem``) and rows of chips (``ChipsItem``: a game's state in a play-test,
the starting state while editing) are drawn at a constant size on screen, so the fewer pixels an
area has, the more they crowd. Each zoom level gets one placement: areas in order of importance
(selected first, then by width) place their name, then their chip rows, each row at the first free
spot of a few beside the name (its own side, the other side, a row further, right, left). What
finds no free spot gives way at this zoom and comes back when zooming in makes room.

The placement is kept until the zoom, the selection or something placed changes (``bump``); it is
in screen pixels relative to the map's origin, so panning keeps it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF

if TYPE_CHECKING:
    from editor.mapview.chips_item import ChipsItem
    from editor.mapview.items import Label

CELL = 32.0
"""Side of the grid cells that index placed boxes (pixels)."""
GAP = 2.0
"""Pixels kept between a chip row and what it gives way to."""


@dataclass
class Placement:
    """One zoom level's result: the names drawn and where each chip row goes (offset from its point)."""

    labels: set[str] = field(default_factory=set)
    chips: dict[int, QPointF] = field(default_factory=dict)
    """``id(ChipsItem)`` -> the row's offset in pixels from where it would go by itself."""


class _Taken:
    """Boxes already placed, found by grid cell."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[QRectF]] = {}

    def _cells(self, box: QRectF) -> Iterator[tuple[int, int]]:
        for cx in range(int(box.left() // CELL), int(box.right() // CELL) + 1):
            for cy in range(int(box.top() // CELL), int(box.bottom() // CELL) + 1):
                yield cx, cy

    def free(self, box: QRectF) -> bool:
        return not any(box.intersects(other) for c in self._cells(box) for other in self.cells.get(c, ()))

    def take(self, box: QRectF) -> None:
        for c in self._cells(box):
            self.cells.setdefault(c, []).append(box)


def chip_offsets(row: QRectF, label: QRectF | None) -> list[QPointF]:
    """Where a chip row may go, best first, as offsets from its own place (``row``: its box in
    pixels around the label point; ``label``: the name's box there, None when no name is drawn)."""
    height = row.height() + GAP
    up = row.bottom() <= 0  # the row stands over the name
    half = (label.width() if label is not None else 0.0) / 2
    beside = half + GAP + row.width() / 2
    other_side = (row.height() + 18) * (1 if up else -1)
    return [
        QPointF(0, 0),
        QPointF(0, other_side),
        QPointF(0, -height if up else height),
        QPointF(beside, -row.center().y()),
        QPointF(-beside, -row.center().y()),
    ]


def place(
    labels: Mapping[str, Label],
    rows: Iterable[ChipsItem],
    scale: float,
    selected: set[str],
    extent: Mapping[str, float] | None = None,
) -> Placement:
    """Place the names and chip rows for a zoom of ``scale`` pixels per map unit (see the module notes).

    A name takes part when its area is about as wide on screen as the text (or is selected), a chip
    row when its area is wide enough for it (``ChipsItem.fits``); ``extent`` gives the width of
    areas with chips but no name.
    """
    by_area: dict[str, list[ChipsItem]] = {}
    for row in rows:
        by_area.setdefault(row.area_id, []).append(row)
    widths = dict(extent or {})
    widths.update({area_id: label.extent for area_id, label in labels.items()})

    def importance(area_id: str) -> tuple[bool, float]:
        return area_id not in selected, -widths.get(area_id, 0.0)

    taken = _Taken()
    result = Placement()
    for area_id in sorted(set(labels) | set(by_area), key=importance):
        label = labels.get(area_id)
        name_box: QRectF | None = None
        if label is not None:
            x, y = label.x * scale - label.width / 2, label.y * scale - label.height / 2
            box = QRectF(x, y, label.width, label.height)
            readable = label.extent * scale >= label.width * 0.8 or area_id in selected
            if readable and taken.free(box):
                taken.take(box)
                result.labels.add(area_id)
                name_box = QRectF(-label.width / 2, -label.height / 2, label.width, label.height)
        for row in by_area.get(area_id, ()):
            if not row.fits(scale):
                continue
            origin = row.scenePos() * scale
            own = row.row_rect()
            for offset in chip_offsets(own, name_box):
                box = own.translated(origin + offset).adjusted(-GAP / 2, -GAP / 2, GAP / 2, GAP / 2)
                if taken.free(box):
                    taken.take(box)
                    result.chips[id(row)] = offset
                    break
    return result


class Declutter:
    """The placement of one scene, worked out again when the zoom, the selection or a placed item changes."""

    def __init__(self) -> None:
        self.version = 0
        self._key: tuple[Any, ...] | None = None
        self._placement = Placement()

    def bump(self) -> None:
        """Something placed changed (a name, a chip row, a layer shown or hidden): place again."""
        self.version += 1

    def placement(self, scene: Any, scale: float, selected: set[str]) -> Placement:
        """The placement at this zoom (kept while nothing changes)."""
        key = (round(scale, 9), self.version, frozenset(selected))
        if key != self._key:
            from editor.mapview.chips_item import ChipsItem  # the items import this module

            rows = [item for item in scene.items() if isinstance(item, ChipsItem) and item.isVisible()]
            extent = {row.area_id: row.extent for row in rows}
            labels = scene.labels.labels if scene.labels.isVisible() else {}
            self._placement = place(labels, rows, scale, selected, extent)
            self._key = key
        return self._placement
