"""Area fills drawn per cell, area items made on demand (issue 15: a 30,000-area map opens as fast
as a 5,000-area one did).

Opening a map makes a fill record per area and one fill item per cell, not a graphics item per
area; an area's item is made when something needs its shape (the selection outline, an issue
zoomed to). Counts, pixels and paths, never times.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from editor import commands
from editor.document import ScenarioDocument
from editor.mainwindow import MainWindow
from editor.mapview.items import geometry_path
from editor.mapview.scene import MapScene
from editor.mapview.view import MapView
from editor.playtest.chips import AreaPicture
from editor.playtest.overlay import PlayOverlay
from model import ops
from model.geometry import generate_test_map
from model.issues import Issue, Severity
from model.scenario import AreaKind, Scenario

AREAS = 700


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


def frame(view: MapView) -> QImage:
    """The viewport painted as the screen paints it."""
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    view.viewport().render(image)
    return image


def test_opening_and_drawing_a_map_makes_no_area_items(view: MapView) -> None:
    scene = view.map_scene
    ids = {area.id for area in scene.scenario.map.areas}
    assert set(scene.areas) == set(scene.fills) == ids
    frame(view)
    view.overview.refresh()
    frame(view)
    view.zoom_by(8.0, QPointF(400, 300))
    frame(view)
    assert scene.areas.built == {}
    # One fill item per cell, not one item per area.
    holders = {id(fill.holder) for fill in scene.fills.values() if fill.holder is not None}
    assert 1 < len(holders) < len(ids) / 4


def test_a_zoomed_in_frame_fills_each_area_in_view_with_its_brush(view: MapView) -> None:
    scene = view.map_scene
    scene.layers["labels"].setVisible(False)
    topology = scene.document.topology
    assert topology is not None
    area = scene.scenario.map.areas[len(scene.scenario.map.areas) // 2]
    inside = topology.area_geometry(area.id).representative_point()
    view.zoom_by(8.0)
    view.centerOn(QPointF(inside.x, inside.y))
    image = frame(view)
    pixel = view.mapFromScene(QPointF(inside.x, inside.y))
    assert image.pixelColor(pixel) == scene.fills[area.id].brush.color()
    assert scene.areas.built == {}


def test_a_zoomed_in_frame_paints_exactly_the_fill_items_in_view(view: MapView) -> None:
    scene = view.map_scene
    holders = {fill.holder for fill in scene.fills.values() if fill.holder is not None}
    view.zoom_by(8.0, QPointF(400, 300))
    before = {holder: holder.paints for holder in holders}
    frame(view)
    painted = {holder for holder in holders if holder.paints > before[holder]}
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    slack = 2 / view.scale_factor  # Qt widens an exposed rectangle by a pixel or so
    within = {
        h for h in holders if h.sceneBoundingRect().intersects(shown.adjusted(slack, slack, -slack, -slack))
    }
    near = {
        h for h in holders if h.sceneBoundingRect().intersects(shown.adjusted(-slack, -slack, slack, slack))
    }
    assert within and len(near) < len(holders) / 4
    assert within <= painted <= near
    assert all(holder.paints == before[holder] + 1 for holder in painted)  # each once


def test_an_area_item_is_made_when_its_area_is_selected(view: MapView) -> None:
    scene = view.map_scene
    area_id = scene.scenario.map.areas[3].id
    scene.set_selected((area_id,))
    assert set(scene.areas.built) == {area_id}
    item = scene.areas[area_id]
    topology = scene.document.topology
    assert topology is not None
    # The item's path is the area's shape (the union of its faces), in its layer's cell.
    assert item.path() == geometry_path(topology.area_geometry(area_id))
    assert scene.selection_outline.path().boundingRect() == item.path().boundingRect()
    assert item.brush() is scene.fills[area_id].brush
    assert item.parentItem().parentItem() is scene.layers["land"]
    assert scene.areas.get("no such area") is None and set(scene.areas.built) == {area_id}


def test_an_edit_updates_a_made_item_and_the_fill_of_its_area(view: MapView) -> None:
    scene = view.map_scene
    document = scene.document
    topology = document.topology
    assert topology is not None
    boundary = scene.scenario.map.boundaries[len(scene.scenario.map.boundaries) // 2]
    sides = [a for a in topology.boundary_sides()[boundary.id] if a is not None]
    area_id = sides[0]
    item = scene.areas[area_id]
    before = item.path()
    middle = len(boundary.points) // 2
    x, y = boundary.points[middle]
    target = (x + 0.3, y - 0.2)
    commands.execute(document, lambda s: ops.move_vertex(s, boundary.id, middle, target), "Move vertex")
    shape = geometry_path(topology.area_geometry(area_id))
    assert item.path() != before
    assert item.path() == shape == scene.fills[area_id].path
    assert scene.fills[area_id].rect == shape.boundingRect()


def test_an_area_made_a_sea_is_filled_in_the_sea_layer(view: MapView) -> None:
    scene = view.map_scene
    area = next(a for a in scene.scenario.map.areas if a.kind is AreaKind.LAND)
    commands.execute(scene.document, lambda s: ops.set_area_fields(s, area.id, kind=AreaKind.SEA))
    holder = scene.fills[area.id].holder
    assert holder is not None and holder.parentItem().parentItem() is scene.layers["sea"]
    assert all(area.id not in h.members for h in {f.holder for f in scene.fills.values()} if h is not holder)
    assert scene.areas.built == {}


def test_the_play_overlay_fills_areas_without_making_their_items(view: MapView) -> None:
    scene = view.map_scene
    area_id = scene.scenario.map.areas[0].id
    overlay = PlayOverlay(scene)
    overlay.show({area_id: AreaPicture("#123456", (), "tip")})
    assert scene.fills[area_id].brush.color() == QColor("#123456")
    assert scene.areas.built == {}
    overlay.clear()
    assert scene.fills[area_id].brush.color() != QColor("#123456")


def test_an_issue_activated_in_the_dock_makes_its_areas_item(window: MainWindow) -> None:
    window.show()
    window.view.fit_map()
    assert "halden" not in window.scene.areas.built
    issue = Issue("TEST", Severity.WARNING, "something about Halden", ids=("halden",))
    window._on_issues([issue])
    window.issues_dock.issue_activated.emit(window.issues_dock.issue_at(0))
    assert "halden" in window.scene.areas.built
    shown = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert shown.contains(window.scene.fills["halden"].rect.center())
    assert window.scene.selection_outline.path() == window.scene.areas["halden"].path()


def test_a_picture_of_the_map_fills_each_area_from_its_record(view: MapView) -> None:
    scene = view.map_scene
    view.overview.refresh()
    image = view.overview.item.image
    assert image is not None
    topology = scene.document.topology
    assert topology is not None
    area = scene.scenario.map.areas[10]
    inside = topology.area_geometry(area.id).representative_point()
    point = view.overview._transform().map(QPointF(inside.x, inside.y))
    assert image.pixelColor(int(point.x()), int(point.y())) == scene.fills[area.id].brush.color()
    assert QRectF(scene.fills[area.id].rect).contains(QPointF(inside.x, inside.y))
