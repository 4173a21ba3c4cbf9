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

from collections.abc import Iterable, Mapping
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


Box = tuple[float, float, float, float]
"""A box in pixels as (left, top, right, bottom): plain floats, several times cheaper to make and
compare than ``QRectF`` in the inner loop of a placement of tens of thousands of names."""


class _Taken:
    """Boxes already placed, found by grid cell."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}

    @staticmethod
    def _cells(box: Box) -> list[tuple[int, int]]:
        left, top, right, bottom = box
        return [
            (cx, cy)
            for cx in range(int(left // CELL), int(right // CELL) + 1)
            for cy in range(int(top // CELL), int(bottom // CELL) + 1)
        ]

    def free(self, box: Box) -> bool:
        """Whether the box overlaps no placed box (touching edges do not overlap, as for QRectF)."""
        left, top, right, bottom = box
        cells = self.cells
        for cell in self._cells(box):
            for other in cells.get(cell, ()):
                if left < other[2] and other[0] < right and top < other[3] and other[1] < bottom:
                    return False
        return True

    def take(self, box: Box) -> None:
        for cell in self._cells(box):
            self.cells.setdefault(cell, []).append(box)


def _box(rect: QRectF) -> Box:
    return rect.left(), rect.top(), rect.right(), rect.bottom()


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
    # Only names readable at this zoom (or selected) and areas with chips take part: at full view
    # of a big map that is a few of tens of thousands, and sorting them all was most of the cost.
    readable = {
        area_id
        for area_id, label in labels.items()
        if label.extent * scale >= label.width * 0.8 or area_id in selected
    }
    for area_id in sorted(readable | set(by_area), key=importance):
        label = labels.get(area_id)
        name_box: QRectF | None = None
        # Readability first: at a low zoom most names are too wide for their areas, and are
        # skipped before any box is made for them.
        if label is not None and area_id in readable:
            x, y = label.x * scale - label.width / 2, label.y * scale - label.height / 2
            box = (x, y, x + label.width, y + label.height)
            if taken.free(box):
                taken.take(box)
                result.labels.add(area_id)
                name_box = QRectF(-label.width / 2, -label.height / 2, label.width, label.height)
        for row in by_area.get(area_id, ()):
            if not row.fits(scale):
                continue
            origin = row.scenePos() * scale
            own = row.row_rect()
            for offset in chip_offsets(own, name_box):
                spot = _box(own.translated(origin + offset).adjusted(-GAP / 2, -GAP / 2, GAP / 2, GAP / 2))
                if taken.free(spot):
                    taken.take(spot)
                    result.chips[id(row)] = offset
                    break
    return result


REACH = 1.0
"""How far around the screen a placement reaches, in screens: names within it are placed together,
so that no name on screen overlaps one placed beside it; farther ones wait until the view gets
near them (a placement of every name of a 30,000-area map zoomed in took seconds a zoom step)."""


class Declutter:
    """The placement of one scene, worked out again when the zoom, the selection or a placed item
    changes, or when the view leaves the part of the map it was worked out for."""

    def __init__(self) -> None:
        self.version = 0
        self._key: tuple[Any, ...] | None = None
        self._placement = Placement()
        self.covers: QRectF | None = None
        """The scene rectangle the kept placement was worked out for (None: the whole map)."""
        self.placed = 0
        """How many placements were worked out (for tests)."""

    def bump(self) -> None:
        """Something placed changed (a name, a chip row, a layer shown or hidden): place again."""
        self.version += 1

    def placement(
        self, scene: Any, scale: float, selected: set[str], region: QRectF | None = None
    ) -> Placement:
        """The placement at this zoom (kept while nothing changes) for the names and chips around
        ``region``, the scene rectangle on screen; without one, the kept placement whatever it
        covers, else one of the whole map."""
        key = (round(scale, 9), self.version, frozenset(selected))
        covered = self.covers is None or region is None or self.covers.contains(region)
        if key != self._key or not covered:
            from editor.mapview.chips_item import ChipsItem  # the items import this module

            covers = None
            if region is not None and region.isValid():
                reach_x, reach_y = region.width() * REACH, region.height() * REACH
                covers = region.adjusted(-reach_x, -reach_y, reach_x, reach_y)
                if covers.contains(scene.labels.boundingRect()):
                    covers = None  # the whole map is near the screen: place it all
            # The live rows of this scene, without walking every item of the map for them.
            rows = [item for item in ChipsItem.alive() if item.scene() is scene and item.isVisible()]
            labels = scene.labels.labels if scene.labels.isVisible() else {}
            if covers is not None:
                rows = [row for row in rows if covers.contains(row.scenePos())]
                labels = {
                    area_id: label for area_id, label in labels.items() if covers.contains(label.x, label.y)
                }
            extent = {row.area_id: row.extent for row in rows}
            self._placement = place(labels, rows, scale, selected, extent)
            self._key = key
            self.covers = covers
            self.placed += 1
        return self._placement
