"""Drawing a big map costs what is on screen (issue 15): Qt visits only the spatial cells in view,
borders are drawn per cell in batches, and an edit repaints only the region of what it touched.

Counts, regions and pixels, never times.
"""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QEvent, QObject, QPointF, QRect, QRectF
from PySide6.QtGui import QColor, QImage, QPainterPath, QPaintEvent
from PySide6.QtWidgets import QApplication, QGraphicsRectItem
from pytestqt.qtbot import QtBot

from editor import commands
from editor.document import ScenarioDocument
from editor.mapview.items import BoundaryItem, LabelLayerItem
from editor.mapview.scene import MapScene
from editor.mapview.view import MapView
from model import ops
from model.geometry import generate_test_map
from model.scenario import Scenario

AREAS = 700
"""Enough areas for a grid of cells and a few thousand borders, few enough for a quick test."""


@pytest.fixture(scope="module")
def big_map() -> Scenario:
    return generate_test_map(AREAS, seed=5)


@pytest.fixture
def view(qtbot: QtBot, big_map: Scenario) -> MapView:
    view = MapView(MapScene(ScenarioDocument(big_map.model_copy(deep=True))))
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    view.fit_map()
    return view


class Probe(QGraphicsRectItem):
    """A rectangle item that counts how often Qt asks for its extent (what culling it costs)."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__(rect)
        self.asked = 0

    def boundingRect(self) -> QRectF:
        self.asked += 1
        return super().boundingRect()


def inner_node(scenario: Scenario) -> tuple[str, int, tuple[float, float]]:
    """A node where three borders end, near the middle of the map: a border starting there."""
    ends: Counter[tuple[float, float]] = Counter()
    for boundary in scenario.map.boundaries:
        ends[boundary.points[0]] += 1
        ends[boundary.points[-1]] += 1
    bounds = scenario.map.bounds
    assert bounds is not None
    cx, cy = (bounds.min_x + bounds.max_x) / 2, (bounds.min_y + bounds.max_y) / 2
    node = min((p for p, n in ends.items() if n >= 3), key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
    boundary = next(b for b in scenario.map.boundaries if b.points[0] == node)
    return boundary.id, 0, node


def test_a_zoomed_in_frame_visits_only_the_cells_in_view(view: MapView) -> None:
    scene = view.map_scene
    assert scene.cells.side > 1
    frame = scene.map_rect()
    # Two probes in the Land layer's cells: one in the corner of the map, one in the middle.
    corner = QRectF(frame.left() + 5, frame.top() + 5, 2, 2)
    middle = QRectF(frame.center().x(), frame.center().y(), 2, 2)
    probes = []
    for rect in (corner, middle):
        probe = Probe(rect)
        scene.cells.place(probe, scene.layers["land"])
        probes.append(probe)
    far, near = probes
    view.zoom_by(8.0, view.mapFromScene(middle.center()).toPointF())
    view.centerOn(middle.center())
    assert not view.mapToScene(view.viewport().rect()).boundingRect().intersects(corner)
    far.asked = near.asked = 0
    view.viewport().render(QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied))
    assert near.asked > 0  # the cell in view was visited down to its items
    assert far.asked == 0  # the corner's cell was skipped with everything in it


def test_borders_are_drawn_in_batches_per_cell_and_pen(view: MapView) -> None:
    scene = view.map_scene
    batches = scene.state.border_batches
    boundary_id = next(iter(scene.boundaries))
    item = scene.boundaries[boundary_id]
    assert not item.isVisible()  # drawn by its batch
    batch = batches.batch_of(boundary_id)
    assert batch is not None and batch.parentItem() is item.parentItem()
    assert batch.pen().color() == item.batch_pen().color()
    batched = sum(1 for b in scene.boundaries if batches.batch_of(b) is batch)
    assert batch.path().elementCount() == sum(
        scene.boundaries[b].path().elementCount() for b in scene.boundaries if batches.batch_of(b) is batch
    )
    assert batched > 1
    # Selected, the border shows itself over its batch in the selected pen.
    scene.set_selected((boundary_id,))
    assert item.isVisible() and item.pen().color() == QColor("#d7191c")
    scene.set_selected(())
    assert not item.isVisible()


def _points(path: QPainterPath) -> list[tuple[float, float]]:
    return [(path.elementAt(i).x, path.elementAt(i).y) for i in range(path.elementCount())]


def test_a_border_has_a_graphics_item_only_while_selected(view: MapView) -> None:
    scene = view.map_scene
    assert scene.boundaries
    assert not any(isinstance(item, BoundaryItem) for item in scene.items())
    assert all(line.item is None for line in scene.boundaries.values())
    boundary = scene.scenario.map.boundaries[3]
    line = scene.boundaries[boundary.id]
    assert _points(line.path()) == list(boundary.points)

    scene.set_selected((boundary.id,))
    item = line.item
    assert item is not None and item.scene() is scene
    assert [i for i in scene.items() if isinstance(i, BoundaryItem)] == [item]
    assert _points(item.path()) == list(boundary.points)
    assert item.pen().color() == QColor("#d7191c") and item.parentItem() is line.parentItem()
    assert (item.data(0), item.data(1)) == ("boundary", boundary.id)

    # An edit of the selected border shows at once in its item.
    target = (boundary.points[0][0] + 0.5, boundary.points[0][1] + 0.25)
    commands.execute(scene.document, lambda s: ops.move_vertex(s, boundary.id, 0, target), "Move vertex")
    assert line.item is item and _points(item.path())[0] == pytest.approx(target)

    scene.set_selected(())
    assert line.item is None and item.scene() is None
    assert not any(isinstance(i, BoundaryItem) for i in scene.items())


class Repaints(QObject):
    """Records the regions of the paint events a widget gets (what the screen redraws)."""

    def __init__(self) -> None:
        super().__init__()
        self.regions: list[QRect] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and isinstance(event, QPaintEvent):
            self.regions.extend(event.region())
        return False


def test_an_edit_repaints_only_the_region_of_what_it_touched(view: MapView, qtbot: QtBot) -> None:
    scene = view.map_scene
    view.overview.refresh()
    assert view.overview.active
    app = QApplication.instance()
    assert app is not None
    repaints = Repaints()
    view.viewport().installEventFilter(repaints)
    view.viewport().update()
    qtbot.waitUntil(lambda: bool(repaints.regions))  # the whole view, once
    assert repaints.regions[0] == view.viewport().rect()
    repaints.regions.clear()
    batches = scene.state.border_batches
    built = batches.rebuilt
    boundary_id, index, node = inner_node(scene.scenario)
    before = {b: scene.boundaries[b].sceneBoundingRect() for b in scene.boundaries}
    width = scene.map_rect().width()
    target = (node[0] + width / 400, node[1] + width / 400)
    commands.execute(scene.document, lambda s: ops.move_vertex(s, boundary_id, index, target))
    qtbot.waitUntil(lambda: bool(repaints.regions))
    for _ in range(3):
        app.processEvents()
    view.viewport().removeEventFilter(repaints)
    touched = scene.redrawn
    assert touched.boundaries and not touched.everything
    # Where the edit may repaint: the touched borders and areas, before and after, with the names
    # around them (a name's pad is its margin in pixels at the view's zoom).
    allowed = QRectF()
    for b in touched.boundaries:
        allowed = allowed.united(before[b]).united(scene.boundaries[b].sceneBoundingRect())
    for a in touched.areas:
        allowed = allowed.united(scene.areas[a].sceneBoundingRect())
    pad = LabelLayerItem.MARGIN_PX / view.scale_factor
    allowed = allowed.adjusted(-pad, -pad, pad, pad)
    repainted = QRectF()
    for rect in repaints.regions:
        repainted = repainted.united(view.mapToScene(rect).boundingRect())
    # A pixel of slack: the view widens what it repaints for antialiasing.
    pixel = 2 / view.scale_factor
    assert allowed.adjusted(-pixel, -pixel, pixel, pixel).contains(repainted), (allowed, repainted)
    whole = view.mapToScene(view.viewport().rect()).boundingRect()
    assert repainted.width() * repainted.height() < 0.25 * whole.width() * whole.height()
    # Only the batches of the cells the moved borders lie in were built again.
    assert 0 < batches.rebuilt - built <= len(touched.boundaries)


def test_names_left_as_they_were_are_not_redrawn(view: MapView) -> None:
    scene = view.map_scene
    area = scene.scenario.map.areas[0]
    label = scene.labels.labels[area.id]
    version = scene.state.declutter.version
    scene.labels.set_label(area.id, label.text, QPointF(label.x, label.y), label.extent, sea=label.sea)
    assert scene.state.declutter.version == version
    scene.labels.set_label(area.id, label.text + "x", QPointF(label.x, label.y), label.extent, sea=label.sea)
    assert scene.state.declutter.version == version + 1


def test_areas_change_layer_with_their_kind(view: MapView) -> None:
    scene = view.map_scene
    area = next(a for a in scene.scenario.map.areas if a.kind.value == "land")
    commands.execute(scene.document, lambda s: ops.set_area_kind(s, area.id, "sea"))
    assert scene.cells.layer_of(scene.areas[area.id]) is scene.layers["sea"]
    assert scene.areas[area.id].parentItem().parentItem() is scene.layers["sea"]


def test_zoomed_in_names_are_placed_around_the_screen_not_over_the_whole_map(view: MapView) -> None:
    scene = view.map_scene
    declutter = scene.state.declutter
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    frame = scene.map_rect()
    view.zoom_by(8.0)
    view.centerOn(frame.center())
    view.viewport().render(image)
    covers = declutter.covers
    assert covers is not None and not covers.contains(frame)
    on_screen = view.mapToScene(view.viewport().rect()).boundingRect()
    assert covers.contains(on_screen)
    placed = declutter.placed
    # Names drawn on screen do not overlap one another.
    scale = view.scale_factor
    labels = scene.labels.labels
    shown = [labels[a] for a in declutter.placement(scene, scale, set()).labels]
    boxes = [
        QRectF(lb.x * scale - lb.width / 2, lb.y * scale - lb.height / 2, lb.width, lb.height) for lb in shown
    ]
    assert len(boxes) > 3
    assert not any(a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
    # A small pan stays within the placement; a pan to the far corner places again there.
    view.centerOn(frame.center() + QPointF(on_screen.width() / 4, 0))
    view.viewport().render(image)
    assert declutter.placed == placed
    view.centerOn(frame.topLeft() + QPointF(on_screen.width() / 2, on_screen.height() / 2))
    view.viewport().render(image)
    assert declutter.placed == placed + 1
    assert declutter.covers is not None and declutter.covers.contains(
        view.mapToScene(view.viewport().rect()).boundingRect()
    )


def test_anchor_markers_are_built_when_their_layer_is_first_shown(view: MapView) -> None:
    scene = view.map_scene
    assert not scene.markers  # the Anchors layer is hidden
    area = scene.scenario.map.areas[0]
    scene.layers["anchors"].setVisible(True)
    markers = scene.markers[area.id]
    assert [(m.pos().x(), m.pos().y()) for m in markers if m.data(0) == "anchor"] == list(area.anchors)
    assert len(scene.markers) == len(scene.scenario.map.areas)
