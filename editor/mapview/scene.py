"""The map scene: the map's objects drawn and kept in sync with the document.

Everything is built when a scenario is opened; afterwards ``ScenarioDocument.changed`` says which
ids an edit touched and only those (and the areas next to moved boundaries) are rebuilt. Areas are
drawn from the topology's faces: a fill record per area drawn by its spatial cell's fill item
(``fills``), the area's own graphics item made only when something asks for its shape
(``lazy_areas``); borders are lines drawn in their cells' batches (``border_batch``). Opening a
big map makes the fills' and batches' paths from the map's points in one pass (``fast_paths``).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QWidget,
)
from shapely.geometry import box

from editor.document import DocumentChange, ScenarioDocument
from editor.graph_cache import graphs_of
from editor.mapview import board_style
from editor.mapview.adjacency_layer import AdjacencyOverlay
from editor.mapview.cells import Cells, grid_side
from editor.mapview.chips_item import ChipsItem
from editor.mapview.fast_paths import pack_paths, polygons_paths
from editor.mapview.fills import AreaFill, FillItem
from editor.mapview.items import (
    AreaItem,
    BoundaryLine,
    ConnectionItem,
    LabelLayerItem,
    Layer,
    MarkerItem,
    UnitItem,
    ViewState,
    geometry_path,
)
from editor.mapview.lazy_areas import AreaItems
from editor.mapview.modes import Colouring, LegendEntry, get_mode
from editor.mapview.scene_index import IdIndex
from editor.mapview.setup_marks import setup_chips
from model.issues import Issue
from model.perf import gc_paused
from model.scenario import Area, AreaKind, Boundary, Scenario

log = logging.getLogger(__name__)

LAYERS = (
    ("underlay", "Basemap underlay", -10),
    ("land", "Land", 0),
    ("sea", "Sea", 1),
    ("borders", "Borders", 10),
    ("connections", "Connections", 20),
    ("adjacency", "Adjacency (derived graph)", 22),
    ("labels", "Labels", 30),
    ("setup", "Starting state (forts, courts...)", 35),
    ("units", "Units", 40),
    ("anchors", "Anchors and label points", 50),
    ("grid", "Grid", 60),
)
"""Layer id, menu name and stacking order, bottom first."""

NOTICE_LAYER = ("notice", 70)
"""Above every layer of the menu, which does not list it: why the map has no areas to draw."""

MARGIN = 40.0


class MapScene(QGraphicsScene):
    """The items of one document's map, with layers and a map mode.

    Signals: ``legend_changed(list[LegendEntry])`` when the mode's colours or legend change.
    """

    legend_changed = Signal(list)
    appearance_changed = Signal()
    """Fills or layer visibility changed all over the map (cached pictures of the map are stale)."""
    region_changed = Signal(QRectF)
    """An edit or a selection redrew the fills and borders within this scene rectangle only
    (cached pictures of the map need that part painted again)."""

    def __init__(self, document: ScenarioDocument, parent: Any = None) -> None:
        super().__init__(parent)
        self.document = document
        self.state = ViewState()
        self.layers: dict[str, Layer] = {}
        for layer_id, _name, z in LAYERS:
            layer = Layer(layer_id, z)
            self.addItem(layer)
            self.layers[layer_id] = layer
        self.layers["anchors"].setVisible(False)
        self.layers["grid"].setVisible(False)
        self.layers["adjacency"].setVisible(False)
        self.adjacency = AdjacencyOverlay(self.layers["adjacency"], graphs_of(document))
        """The Adjacency layer's lines, its selected edge and the lookup of clicks on them."""
        self.adjacency.on_rebuilt = self.publish_legend
        self._mode_legend: list[LegendEntry] = []
        # A layer of its own, so that pictures of the map (the overview, exports) leave it out.
        notice_layer = Layer(*NOTICE_LAYER)
        self.addItem(notice_layer)
        self.layers[NOTICE_LAYER[0]] = notice_layer
        self.notice = QGraphicsSimpleTextItem(notice_layer)
        """Why the areas cannot be drawn (the document's ``topology_error``); hidden when they can."""
        self.notice.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.notice.setBrush(QColor("#a50f15"))
        self.notice.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.notice.setVisible(False)
        self.fills: dict[str, AreaFill] = {}
        """Area id -> its fill record (path, extent, brush), drawn by its cell's fill item."""
        self._fill_items: dict[int, FillItem] = {}
        """``id`` of a cell of the Land or Sea layer -> the item filling its areas."""
        self.areas = AreaItems(self.fills, self._make_area_item)
        """Area id -> its graphics item, made when first asked for (``lazy_areas``)."""
        self._lines_extent = QRectF()
        """The extent of the borders' points as the scene last built them all."""
        self.labels = LabelLayerItem(self.state, self.layers["labels"])
        self.boundaries: dict[str, BoundaryLine] = {}
        """Boundary id -> its line (drawn by its cell's batch; an item of its own only while selected)."""
        self.connections: dict[str, ConnectionItem] = {}
        self.units: dict[str, UnitItem] = {}
        self.setup_chips: dict[str, ChipsItem] = {}
        self.water_lines: QGraphicsItem | None = None  # the board style's coast lines (board_style.dress)
        """Area id -> the chips of its starting state over its name (``setup_marks``)."""
        self.markers: dict[str, list[MarkerItem]] = {}
        """Area id -> its anchor and label-point markers; built while the Anchors layer shows only
        (hidden by default, and a marker per anchor was a tenth of opening a big map)."""
        self._markers_stale: set[str] = set()
        """Areas whose markers are out of date while the Anchors layer is hidden."""
        self.layers["anchors"].on_shown = self._refresh_markers
        self._boundaries = IdIndex[Boundary]()
        self._areas = IdIndex[Area]()
        self._boundary_index: dict[str, Boundary] = {}
        self.redrawn = Redrawn()
        """Which items the last document change rebuilt (tests and the benchmark check it is only
        the touched ones)."""
        self.mode_id = "owner"
        self.issues: list[Issue] = []
        self.legend: list[LegendEntry] = []
        self.setBackgroundBrush(QColor("#f4f4f0"))
        # Selected areas are outlined by one item above the fills (and above the overview picture).
        self.selection_outline = QGraphicsPathItem()
        self.selection_outline.setPen(self.state.highlight_pen)
        self.selection_outline.setZValue(25)
        self.selection_outline.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(self.selection_outline)
        # No item index: the layers' items hang from spatial cells instead (``editor.mapview.cells``
        # says why Qt's BSP index costs more than it saves here).
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.cells = Cells()
        """The spatial cells the fills and borders are grouped in, so a frame visits only those on screen."""
        document.changed.connect(self.on_document_changed)
        self.rebuild()

    # --- building -------------------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario:
        """The document's scenario."""
        return self.document.scenario

    def map_rect(self) -> QRectF:
        """The map's extent: its bounds when set, else the items' extent, with a margin.

        Kept between edits (it unites every border's extent: most of a new picture's cost on a
        big map when worked out each time); an edit's borders widen it (``on_document_changed``),
        and new bounds or a rebuild work it out afresh."""
        bounds = self.scenario.map.bounds
        key = (id(self.scenario.map), bounds)
        cached = getattr(self, "_map_rect", None)
        if cached is not None and cached[0] == key:
            return QRectF(cached[1])
        if bounds is not None:
            rect = QRectF(
                bounds.min_x, bounds.min_y, bounds.max_x - bounds.min_x, bounds.max_y - bounds.min_y
            )
        else:
            rect = self.itemsBoundingRect()
        # The borders' points as last built in one pass (``_build_boundaries``), not each border's
        # path: that would make every border's path; edits since then widen the kept extent.
        rect = rect.united(self._lines_extent)
        rect = rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
        self._map_rect = (key, rect)
        return QRectF(rect)

    def _widen_map_rect(self, boundary_ids: Iterable[str]) -> None:
        """Widen the kept extent, and the borders' (for when new bounds make the map's extent
        afresh), to the borders an edit moved or added."""
        cached = getattr(self, "_map_rect", None)
        rect = cached[1] if cached is not None else None
        for boundary_id in boundary_ids:
            item = self.boundaries.get(boundary_id)
            if item is None:
                continue
            reach = item.boundingRect()
            self._lines_extent = reach if self._lines_extent.isNull() else self._lines_extent.united(reach)
            if rect is not None:
                rect = rect.united(reach.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))
        if cached is not None and rect is not None:
            self._map_rect = (cached[0], rect)

    def rebuild(self) -> None:
        """Drop every item and build them again from the scenario (after opening a file)."""
        # Hundreds of thousands of new objects at once: no collection passes over the heap halfway.
        with gc_paused():
            self._rebuild()

    def _rebuild(self) -> None:
        self._map_rect = None
        self._lines_extent = QRectF()
        self.labels.clear()
        for collection in (self.connections, self.units, self.setup_chips):
            for item in collection.values():
                self.removeItem(item)
            collection.clear()
        for item in self.areas.built.values():
            self.removeItem(item)
        self.areas.built.clear()
        self.fills.clear()
        self._fill_items.clear()
        for line in self.boundaries.values():
            line.show_selected(False)
        self.boundaries.clear()
        self.cells.clear()
        self.state.border_batches.clear()
        self.cells.configure(self._frame(), grid_side(len(self.scenario.map.areas)))
        for markers in self.markers.values():
            for marker in markers:
                self.removeItem(marker)
        self.markers = {}
        self._markers_stale = set()
        self._boundary_index = self._boundaries.build(self.scenario.map.boundaries)
        self.state.board_step = board_style.wobble_step(self.map_rect().width())
        bounds = self.scenario.map.bounds
        self.state.board_cache.configure(
            self.state.board_step,
            (bounds.min_x, bounds.min_y, bounds.max_x, bounds.max_y) if bounds is not None else None,
        )
        self.state.board_cache.keep_only(self._boundary_index)
        self._build_boundaries()
        area_index = self._areas.build(self.scenario.map.areas)
        self._build_areas(area_index)
        for connection in self.scenario.map.connections:
            self._update_connection(connection.id, area_index)
        self._update_units(area_index)
        self._update_setup_chips(area_index)
        self._update_markers(area_index, area_index.keys())
        self._update_notice(force=True)
        self._map_rect = None  # the borders are built now: their extent counts
        self.setSceneRect(self.map_rect())
        self._update_outline()
        self.recolour()
        board_style.dress(self)
        self.state.border_batches.flush(smoothed=self.state.board)

    def _build_boundaries(self) -> None:
        """A line for every border, placed in its cell and filed in its cell's batch, in one pass
        over the map's points (``fast_paths``: no path per border is made until one is needed)."""
        boundaries = list(self._boundary_index.values())  # one per id: the last of a repeated id
        counts = np.fromiter((len(b.points) for b in boundaries), dtype=np.int64, count=len(boundaries))
        boundaries = [b for b, count in zip(boundaries, counts.tolist(), strict=True) if count]
        counts = counts[counts > 0]
        if not boundaries:
            self._lines_extent = QRectF()
            return
        xy = np.array([p for b in boundaries for p in b.points], dtype=float).reshape(-1, 2)
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
        boxes = np.column_stack(
            [
                np.minimum.reduceat(xy[:, 0], starts),
                np.minimum.reduceat(xy[:, 1], starts),
                np.maximum.reduceat(xy[:, 0], starts),
                np.maximum.reduceat(xy[:, 1], starts),
            ]
        )
        low, high = xy.min(axis=0), xy.max(axis=0)
        self._lines_extent = QRectF(low[0], low[1], high[0] - low[0], high[1] - low[1])
        cells = self.cells.assign(self.layers["borders"], boxes)
        lines = []
        for boundary, cell in zip(boundaries, cells, strict=True):
            line = BoundaryLine(boundary.id, self.state, boundary.points)
            line.set_cell(cell)
            self.boundaries[boundary.id] = line
            lines.append(line)
        # Each cell's batch path, from its lines' points in map order (the order ``load`` files
        # the lines in): the points sorted by cell, stably.
        cell_index: dict[int, int] = {}
        line_cell = np.fromiter(
            (cell_index.setdefault(id(cell), len(cell_index)) for cell in cells),
            dtype=np.int64,
            count=len(cells),
        )
        point_cell = np.repeat(line_cell, counts)
        order = np.argsort(point_cell, kind="stable")
        moves = np.zeros(len(xy), dtype=bool)
        moves[starts] = True
        offsets = np.searchsorted(point_cell[order], np.arange(len(cell_index) + 1))
        paths = pack_paths(xy[order], moves[order], offsets, Qt.FillRule.OddEvenFill)
        self.state.border_batches.load(lines, paths)
        for line in lines:
            if line.boundary_id in self.state.selected:
                line.show_selected(True)

    def _build_areas(self, area_index: dict[str, Area]) -> None:
        """Every area's fill record, in its cell's fill item, and its name: the fills' paths made
        from the topology's faces in one pass (``fast_paths``); the board's smoothed ones, or a map
        without faces, area by area."""
        area_ids = list(area_index)
        topology = self.document.topology
        if topology is not None and not self.state.board:
            paths, extents = polygons_paths(topology.faces, [topology.area_faces(a) for a in area_ids])
        else:
            paths = [self._area_path(area_id) for area_id in area_ids]
            nowhere = (np.nan,) * 4
            extents = np.array(
                [nowhere if path.isEmpty() else path.boundingRect().getCoords() for path in paths],
                dtype=float,
            ).reshape(-1, 4)
        drawn = ~np.isnan(extents[:, 0])
        sea = np.fromiter(
            (area.kind is AreaKind.SEA for area in area_index.values()), dtype=bool, count=len(area_ids)
        )
        fills = []
        for area_id, path, extent, is_sea in zip(
            area_ids, paths, extents.tolist(), sea.tolist(), strict=True
        ):
            fill = AreaFill(area_id, is_sea, path, box=extent if extent[0] == extent[0] else None)  # not NaN
            self.fills[area_id] = fill
            fills.append(fill)
        for in_sea in (False, True):
            rows = np.flatnonzero(drawn & (sea == in_sea))
            by_cell: dict[int, tuple[QGraphicsRectItem, list[AreaFill]]] = {}
            cells = self.cells.assign(self.layers["sea" if in_sea else "land"], extents[rows])
            for row, cell in zip(rows.tolist(), cells, strict=True):
                by_cell.setdefault(id(cell), (cell, []))[1].append(fills[row])
            for key, (cell, members) in by_cell.items():
                holder = self._fill_items.get(key)
                if holder is None:
                    holder = self._fill_items[key] = FillItem(cell)
                holder.load(members, cell.rect())  # a new cell covers its areas and nothing else
        widths = np.where(drawn, extents[:, 2] - extents[:, 0], 0.0).tolist()
        self.labels.set_labels(
            [
                (area_id, area.name, self.label_point(area), width, is_sea)
                for (area_id, area), width, is_sea in zip(
                    area_index.items(), widths, sea.tolist(), strict=True
                )
            ]
        )

    def _frame(self) -> QRectF:
        """The map's bounds, else the extent of its borders' points: where the cells' grid lies."""
        bounds = self.scenario.map.bounds
        if bounds is not None:
            width, height = bounds.max_x - bounds.min_x, bounds.max_y - bounds.min_y
            return QRectF(bounds.min_x, bounds.min_y, width, height)
        xs = [x for boundary in self.scenario.map.boundaries for x, _y in boundary.points]
        ys = [y for boundary in self.scenario.map.boundaries for _x, y in boundary.points]
        if not xs:
            return QRectF()
        return QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def notice_text(self) -> str:
        """What the notice says: why the map's areas cannot be drawn, or an empty string."""
        error = self.document.topology_error
        if self.document.topology is not None or not error:
            return ""
        return f"Areas are not drawn: {error}"

    def _update_notice(self, force: bool = False) -> None:
        """Show the notice at the top left of the map while the faces cannot be built."""
        text = self.notice_text()
        if not force and text == self.notice.text() and self.notice.isVisible() == bool(text):
            return
        self.notice.setText("")
        self.notice.setVisible(bool(text))
        if text:
            corner = self.map_rect().topLeft()
            self.notice.setPos(corner.x() + MARGIN, corner.y() + MARGIN / 2)
            self.notice.setText(text)

    def _area_path(self, area_id: str) -> QPainterPath:
        """An area's shape as one path: the union of its faces (smoothed between the borders'
        nodes on the board, as the border lines are); empty without faces."""
        geometry = self._geometry(area_id)
        if self.state.board:
            return board_style.geometry_path(geometry, self._board_nodes(), cache=self.state.board_cache)
        return geometry_path(geometry)

    def _make_area_item(self, area_id: str) -> AreaItem:
        """The graphics item of an area, made the first time something asks for it
        (``lazy_areas``): its shape as one path, in its cell, sharing the area's fill record."""
        fill = self.fills[area_id]
        # The board's fill is already the area's smoothed shape; the plain one is the area's faces
        # one by one (made in one pass when the map opened): the item's path is their union.
        path = fill.path if self.state.board else self._area_path(area_id)
        item = AreaItem(area_id, self.state, fill)
        item.setPath(path)
        self.cells.place(item, self.layers["sea" if fill.sea else "land"])
        return item

    def _place_fill(self, fill: AreaFill) -> None:
        """Draw an area's fill in the fill item of its cell (by the centre of its extent), moving
        it there from another cell or layer."""
        holder = fill.holder
        if fill.path.isEmpty():
            if holder is not None:
                holder.remove(fill)
            return
        layer = self.layers["sea" if fill.sea else "land"]
        centre = fill.rect.center()
        cell = self.cells.cell(layer, centre.x(), centre.y())
        self.cells.grow(cell, fill.rect)
        target = self._fill_items.get(id(cell))
        if target is None:
            target = self._fill_items[id(cell)] = FillItem(cell)
        if holder is not target:
            if holder is not None:
                holder.remove(fill)
            target.add(fill)

    def _update_area(self, area_id: str, area_index: dict[str, Area]) -> QRectF:
        """Rebuild one area's fill and name; return the region its fill covered before and after."""
        area = area_index.get(area_id)
        fill = self.fills.get(area_id)
        if area is None:
            self.labels.remove(area_id)
            item = self.areas.drop(area_id)
            if item is not None:
                self.cells.forget(item)
                self.removeItem(item)
            if fill is None:
                return QRectF()
            del self.fills[area_id]
            if fill.holder is not None:
                fill.holder.remove(fill)
            return QRectF(fill.rect)
        before = QRectF(fill.rect) if fill is not None else QRectF()
        path = self._area_path(area_id)
        sea = area.kind is AreaKind.SEA
        if fill is None:
            fill = self.fills[area_id] = AreaFill(area_id, sea, path, path.boundingRect())
        else:
            if fill.sea != sea and fill.holder is not None:
                fill.holder.remove(fill)  # to the other layer's cell
            fill.sea, fill.path, fill.rect = sea, path, path.boundingRect()
        holder = fill.holder
        self._place_fill(fill)
        if holder is not None and fill.holder is holder:
            holder.moved(fill, before)
        item = self.areas.built.get(area_id)
        if item is not None:
            item.setPath(path)
            self.cells.place(item, self.layers["sea" if sea else "land"])
        extent = fill.rect.width() if not path.isEmpty() else 0.0
        self.labels.set_label(area_id, area.name, self.label_point(area), extent, sea=sea)
        return before.united(fill.rect)

    def _board_nodes(self) -> set[tuple[float, float]]:
        """The ends of the map's borders (kept fixed by the board's smoothing), worked out once per
        change of the linework."""
        boundaries = self.scenario.map.boundaries
        key = (id(boundaries), len(boundaries), self.document.undo_stack.index())
        if getattr(self, "_nodes_key", None) != key:
            self._nodes = board_style.nodes_of(boundaries)
            self._nodes_key = key
        return self._nodes

    def set_board_style(self, on: bool) -> None:
        """Draw the map as a game board (smoothed borders, water lines, tinted fills, serif names)
        or as the plain diagram; the scenario is not changed."""
        if on == self.state.board:
            return
        self.state.board = on
        self.rebuild()
        self.appearance_changed.emit()

    def _geometry(self, area_id: str) -> Any:
        topology = self.document.topology
        if topology is None:
            return None
        try:
            return topology.area_geometry(area_id)
        except (KeyError, ValueError):
            return None

    @staticmethod
    def label_point(area: Area) -> QPointF:
        """Where the area's name (and its units, and connections) are drawn."""
        x, y = area.label if area.label is not None else area.anchors[0]
        return QPointF(x, y)

    def area_width(self, area_id: str) -> float:
        """The width of an area's shape in map units (0 without one): chips' level of detail."""
        fill = self.fills.get(area_id)
        return fill.rect.width() if fill is not None and not fill.path.isEmpty() else 0.0

    def _update_boundary(self, boundary_id: str) -> QRectF:
        """Rebuild one boundary item; return the region it covered before and after."""
        boundary = self._boundary_index.get(boundary_id)
        old = self.boundaries.get(boundary_id)
        before = old.sceneBoundingRect() if old is not None else QRectF()
        if boundary is None:
            if old is not None:
                old.show_selected(False)
                self.state.border_batches.drop(boundary_id)
                del self.boundaries[boundary_id]
            return before
        line = old or BoundaryLine(boundary_id, self.state)
        self.boundaries[boundary_id] = line
        line.set_points(list(boundary.points))
        self.cells.place_line(line, self.layers["borders"])
        self.state.border_batches.put(line)  # in its cell's batch for its pen
        line.show_selected(boundary_id in self.state.selected)
        return before.united(line.sceneBoundingRect())

    def _update_connection(self, connection_id: str, area_index: dict[str, Area]) -> None:
        connection = next((c for c in self.scenario.map.connections if c.id == connection_id), None)
        item = self.connections.get(connection_id)
        if connection is None or connection.a not in area_index or connection.b not in area_index:
            if item is not None:
                self.removeItem(item)
                del self.connections[connection_id]
            return
        if item is None:
            item = ConnectionItem(connection_id, self.state, self.layers["connections"])
            self.connections[connection_id] = item
        start = self.label_point(area_index[connection.a])
        end = self.label_point(area_index[connection.b])
        item.set_ends(start, end, connection.kind)

    def _update_units(self, area_index: dict[str, Area]) -> None:
        """Rebuild every unit counter (units are few; stacking depends on the other units in the area)."""
        for item in self.units.values():
            self.removeItem(item)
        self.units.clear()
        colours = {e.id: e.colour for e in self.scenario.setup.empires}
        colours.update({m.id: m.colour for m in self.scenario.setup.magnates})
        stacks: dict[str, int] = {}
        for unit in self.scenario.setup.units:
            area = area_index.get(unit.area)
            if area is None:
                continue
            slot = stacks.get(unit.area, 0)
            stacks[unit.area] = slot + 1
            item = UnitItem(unit.id, self.state, self.layers["units"])
            text = f"{unit.kind[:1].upper()}{unit.strength}"
            item.set_unit(text, colours.get(unit.owner, "#808080"), self.label_point(area), slot)
            self.units[unit.id] = item

    def _update_setup_chips(self, area_index: dict[str, Area]) -> None:
        """Rebuild the starting-state chips (forts, unrest, courts...; few, and a court's chip moves
        with an empire's edit, so all of them at once)."""
        wanted = setup_chips(self.scenario)
        for area_id in list(self.setup_chips):
            if area_id not in wanted or area_id not in area_index:
                self.removeItem(self.setup_chips.pop(area_id))
        for area_id, chips in wanted.items():
            area = area_index.get(area_id)
            if area is None:
                continue
            item = self.setup_chips.get(area_id)
            if item is None:
                item = ChipsItem(area_id, self.layers["setup"], above=True)
                self.setup_chips[area_id] = item
            item.setPos(self.label_point(area))
            tip = "\n".join(chip.tip for chip in chips)
            item.set_chips(
                chips, f"Starting state of {area.name or area_id}:\n{tip}", self.area_width(area_id)
            )

    def _refresh_markers(self) -> None:
        """Build the markers that went stale while the Anchors layer was hidden (it is shown now)."""
        if self._markers_stale:
            stale, self._markers_stale = self._markers_stale, set()
            self._update_markers({area.id: area for area in self.scenario.map.areas}, stale)

    def _update_markers(self, area_index: dict[str, Area], area_ids: Iterable[str]) -> None:
        """Rebuild the anchor and label-point markers of these areas (later, when the Anchors layer
        is hidden: ``_refresh_markers``)."""
        layer = self.layers["anchors"]
        if not layer.isVisible():
            self._markers_stale.update(area_ids)
            return
        for area_id in area_ids:
            for marker in self.markers.pop(area_id, []):
                self.removeItem(marker)
            area = area_index.get(area_id)
            if area is None:
                continue
            markers = []
            for index, (x, y) in enumerate(area.anchors):
                marker = MarkerItem("anchor", area.id, index, layer)
                marker.setPos(x, y)
                markers.append(marker)
            if area.label is not None:
                marker = MarkerItem("label_point", area.id, 0, layer)
                marker.setPos(*area.label)
                markers.append(marker)
            self.markers[area_id] = markers

    def boundary_points(self, boundary_id: str) -> list[tuple[float, float]]:
        """The points of a boundary as the scene last drew it (empty when unknown)."""
        boundary = self._boundary_index.get(boundary_id)
        return list(boundary.points) if boundary is not None else []

    def boundaries_near(self, point: QPointF, tolerance: float) -> list[str]:
        """Ids of the boundaries within ``tolerance`` map units of a point (snapping, vertex picking).

        Found through the topology's spatial index when there is one: Qt's item index leaves out
        the borders while the overview picture makes their layer transparent (``area_at``).
        """
        x, y = point.x(), point.y()
        topology = self.document.topology
        if topology is not None:
            near = topology.boundaries_near(box(x - tolerance, y - tolerance, x + tolerance, y + tolerance))
            return [bid for bid in near if bid in self.boundaries]
        rect = QRectF(x - tolerance, y - tolerance, 2 * tolerance, 2 * tolerance)
        # Unselected border items are hidden (their cell's batch draws them): Qt's items() skips them.
        return [bid for bid, item in self.boundaries.items() if item.sceneBoundingRect().intersects(rect)]

    # --- colours --------------------------------------------------------------------------------

    def set_mode(self, mode_id: str) -> None:
        """Colour the map by another mode (raises ``KeyError`` for an unknown one)."""
        get_mode(mode_id)
        self.mode_id = mode_id
        self.recolour()

    def set_issues(self, issues: list[Issue]) -> None:
        """Take the latest validation result (the validation mode colours by it)."""
        self.issues = issues
        if self.mode_id == "validation":
            self.recolour()

    def colouring(self) -> Colouring:
        """The current mode's colours and legend."""
        return get_mode(self.mode_id).colour(self.scenario, self.issues)

    def recolour(self, everywhere: bool = True) -> QRectF:
        """Refill every area by the current mode and publish the legend; return the region of the
        fills that changed colour. ``everywhere``: say the whole map's look changed
        (``appearance_changed``); an edit passes False and reports its region itself."""
        colouring = self.colouring()
        region = QRectF()
        board = self.state.board
        changed: set[FillItem] = set()
        for area_id, fill in self.fills.items():
            if fill.set_fill(colouring.fills.get(area_id, "#d0d0d0"), board) and fill.holder is not None:
                if everywhere:
                    changed.add(fill.holder)
                else:
                    fill.repaint()
                    region = region.united(fill.rect)
        for holder in changed:
            holder.restyle()
        if everywhere:
            self.appearance_changed.emit()
        self._mode_legend = colouring.legend
        self.publish_legend()
        return region

    def set_area_fill(self, area_id: str, colour: str) -> None:
        """Fill one area with a colour of another source than the map mode (the play-test
        overlay's) until the next ``recolour``; nothing for an unknown area."""
        fill = self.fills.get(area_id)
        if fill is not None and fill.set_fill(colour, self.state.board):
            fill.repaint()

    def publish_legend(self) -> None:
        """Send the legend: the mode's lines, then the adjacency styles while that layer shows."""
        legend = list(self._mode_legend)
        if self.layers["adjacency"].isVisible():
            legend += self.adjacency.legend()
        if legend != self.legend:
            self.legend = legend
            self.legend_changed.emit(self.legend)

    # --- selection ------------------------------------------------------------------------------

    def set_selected(self, ids: tuple[str, ...]) -> None:
        """Highlight these ids (areas, boundaries, connections, units)."""
        previous = self.state.selected
        self.state.selected = set(ids)
        self._update_outline()
        self.adjacency.set_selected(self.state.selected)
        region = QRectF()
        for item_id in previous ^ self.state.selected:
            selected = item_id in self.state.selected
            boundary = self.boundaries.get(item_id)
            if boundary is not None:
                boundary.show_selected(selected)
                region = region.united(boundary.sceneBoundingRect())
            if item_id in self.labels.labels:
                self.labels.update()
            for other in (self.connections, self.units):
                item = other.get(item_id)
                if item is not None:
                    item.update()
        if not region.isNull():  # a selected border shows in pictures of the map too
            self.region_changed.emit(region)

    def _update_outline(self) -> None:
        path = QPainterPath()
        for area_id in self.state.selected:
            item = self.areas.get(area_id)
            if item is not None:
                path.addPath(item.path())
        self.selection_outline.setPath(path)

    def item_rect(self, ids: tuple[str, ...] | list[str]) -> QRectF:
        """The scene rectangle covering these objects (empty when none is drawn)."""
        rect = QRectF()
        for item_id in ids:
            fill = self.fills.get(item_id)
            if fill is not None:
                rect = rect.united(fill.rect)
            for collection in (self.boundaries, self.connections):
                item = collection.get(item_id)
                if item is not None:
                    rect = rect.united(item.sceneBoundingRect())
            rect = rect.united(self.adjacency.rect_of(item_id))
            unit = self.scenario_unit_area(item_id)
            if unit is not None and unit in self.fills:
                rect = rect.united(self.fills[unit].rect)
        return rect

    def scenario_unit_area(self, unit_id: str) -> str | None:
        """The area a unit stands in, or None when the id is not a unit."""
        for unit in self.scenario.setup.units:
            if unit.id == unit_id:
                return unit.area
        return None

    def object_at(self, point: QPointF, tolerance: float) -> tuple[str, str] | None:
        """Return ``(kind, id)`` of the topmost unit, connection or area under a scene point.

        A connection is drawn between the two areas' label points, so a click near either end is
        a click on that area's name: only the middle half of a connector selects it.
        """
        rect = QRectF(point.x() - tolerance, point.y() - tolerance, 2 * tolerance, 2 * tolerance)
        for item in self.items(rect):
            kind = item.data(0)
            if not item.isVisible():
                continue
            if kind == "unit" or (kind == "connection" and _near_middle(item.path(), point, tolerance)):
                return kind, str(item.data(1))
        edge = self.adjacency.edge_at(point, tolerance)
        if edge is not None:
            return "adjacency", edge
        area_id = self.area_at(point)
        return ("area", area_id) if area_id is not None else None

    def area_at(self, point: QPointF) -> str | None:
        """The id of the visible area under a scene point, or None.

        Found through the topology's spatial index, not Qt's item index: while the overview
        picture stands in for them the area layers are fully transparent, and Qt's ``items()``
        leaves fully transparent items out, so a click at full view would find nothing.
        """
        topology = self.document.topology
        area_id = topology.area_at(point.x(), point.y()) if topology is not None else None
        fill = self.fills.get(area_id) if area_id is not None else None
        # (without making its item: the area's layer says whether it shows)
        if fill is None or not self.layers["sea" if fill.sea else "land"].isVisible():
            return None
        return area_id

    # --- document changes -----------------------------------------------------------------------

    def on_document_changed(self, change: DocumentChange) -> None:
        """Rebuild what the change touched (everything on a reset)."""
        if change.reset:
            self.rebuild()
            self.redrawn = Redrawn(frozenset(self.boundaries), frozenset(self.areas), everything=True)
            return
        if change.geometry:
            self._update_notice()
        # The document adds to ``shapes`` every area whose faces changed, also those the edit did
        # not name: areas next to a moved border, an area whose anchor a new border encloses.
        dirty_areas = set(change.areas) | change.shapes
        # Only the slots the change names are read again (``scene_index``): a full rebuild of both
        # indexes was most of a vertex-drag step on a big map.
        self._boundary_index = self._boundaries.refresh(self.scenario.map.boundaries, change.boundaries)
        region = QRectF()
        for boundary_id in change.boundaries:
            region = region.united(self._update_boundary(boundary_id))
        self._widen_map_rect(change.boundaries)
        area_index = self._areas.refresh(self.scenario.map.areas, change.areas)
        for area_id in dirty_areas:
            region = region.united(self._update_area(area_id, area_index))
        self.redrawn = Redrawn(frozenset(change.boundaries), frozenset(dirty_areas))
        connection_ids = set(change.connections)
        if dirty_areas:
            connection_ids |= {
                c.id for c in self.scenario.map.connections if c.a in dirty_areas or c.b in dirty_areas
            }
        for connection_id in connection_ids:
            self._update_connection(connection_id, area_index)
        if dirty_areas & self.state.selected:
            self._update_outline()
        # Faces that only changed shape keep their colour, anchors, label point and units.
        if change.units or change.empires or change.magnates or change.areas:
            self._update_units(area_index)
        if change.areas or change.empires or change.magnates or change.setup:
            self._update_setup_chips(area_index)
        if change.areas:
            self._update_markers(area_index, change.areas)
        if change.areas or change.empires or change.magnates or change.setup:
            region = region.united(self.recolour(everywhere=False))
        self.state.border_batches.flush(smoothed=self.state.board)
        if self.state.board and (change.geometry or change.areas):
            board_style.dress(self)  # coasts and pens follow the new linework and kinds
            self.state.border_batches.flush(smoothed=True)
            # The water lines are one item over the whole map: pictures of it are redone whole.
            self.appearance_changed.emit()
        elif self.layers["adjacency"].isVisible() and change.geometry:
            self.appearance_changed.emit()  # the adjacency lines are worked out again later
        elif not region.isNull():
            self.region_changed.emit(region)

    # --- drawing --------------------------------------------------------------------------------

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        """Show the map's bounds as a sheet on the view's background, so that an author drawing on a
        new, empty map sees where the map is. Only on screen: pictures and exports leave it out."""
        super().drawBackground(painter, rect)
        bounds = self.scenario.map.bounds
        if bounds is None or not isinstance(painter.device(), QWidget):
            return
        sheet = QRectF(bounds.min_x, bounds.min_y, bounds.max_x - bounds.min_x, bounds.max_y - bounds.min_y)
        pen = QPen(QColor(0, 0, 0, 60), 1, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(_sheet_colour(self.backgroundBrush()))
        painter.drawRect(sheet)

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        """Draw the grid when its layer is on (every 10 grid steps that are at least 8 px apart)."""
        if not self.layers["grid"].isVisible():
            return
        scale = max(painter.worldTransform().m11(), 1e-9)
        step = self.scenario.map.grid * 10
        while step * scale < 8:
            step *= 10
        painter.setPen(QColor(0, 0, 0, 40))
        x = (rect.left() // step) * step
        while x <= rect.right():
            painter.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()))
            x += step
        y = (rect.top() // step) * step
        while y <= rect.bottom():
            painter.drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y))
            y += step

    def set_layer_visible(self, layer_id: str, visible: bool) -> None:
        """Show or hide a layer (raises ``KeyError`` for an unknown one)."""
        self.layers[layer_id].setVisible(visible)
        self.appearance_changed.emit()
        if layer_id == "adjacency":
            self.publish_legend()
        if layer_id == "grid":
            self.update()


@dataclass(frozen=True)
class Redrawn:
    """The boundary and area items one document change rebuilt (``everything`` on a reset)."""

    boundaries: frozenset[str] = frozenset()
    areas: frozenset[str] = frozenset()
    everything: bool = False


SHEET = QColor(255, 255, 255, 110)
"""The map's sheet: a veil of white over the background."""


def _sheet_colour(background: QBrush) -> QColor:
    """The sheet's colour over this background: the white veil blended in advance when the
    background is one opaque colour, because filling a whole screen with an opaque colour is a
    plain copy and blending a translucent one is several milliseconds a frame."""
    base = background.color()
    if background.style() != Qt.BrushStyle.SolidPattern or base.alpha() != 255:
        return SHEET
    share = SHEET.alphaF()
    return QColor(
        round(base.red() + (SHEET.red() - base.red()) * share),
        round(base.green() + (SHEET.green() - base.green()) * share),
        round(base.blue() + (SHEET.blue() - base.blue()) * share),
    )


def all_items(scene: MapScene) -> list[QGraphicsItem]:
    """Every object item of the scene (for tests and the benchmark)."""
    lines = [line.item for line in scene.boundaries.values() if line.item is not None]
    return [*scene.areas.built.values(), *lines, scene.labels]


def _near_middle(path: QPainterPath, point: QPointF, tolerance: float) -> bool:
    """Whether a point lies within a quarter of a two-point path's length (or ``tolerance``) of its middle."""
    start, end = path.elementAt(0), path.elementAt(path.elementCount() - 1)
    middle = QPointF((start.x + end.x) / 2, (start.y + end.y) / 2)
    quarter = math.hypot(end.x - start.x, end.y - start.y) / 4
    return math.hypot(point.x() - middle.x(), point.y() - middle.y()) <= max(quarter, tolerance)
