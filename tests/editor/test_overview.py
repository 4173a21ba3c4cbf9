"""The overview picture replaces the detailed layers only while it is fresh and sharp enough."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from editor import commands
from editor.document import ScenarioDocument
from editor.mapview.overview import DETAIL_LAYERS
from editor.mapview.scene import MapScene
from editor.mapview.view import MapView
from model import ops


@pytest.fixture
def view(qtbot: QtBot, document: ScenarioDocument) -> MapView:
    view = MapView(MapScene(document))
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    view.fit_map()
    return view


def detail_opacity(view: MapView) -> set[float]:
    return {view.map_scene.layers[layer].opacity() for layer in DETAIL_LAYERS}


def test_fitted_view_uses_the_picture_once_rendered(view: MapView) -> None:
    assert not view.overview.active
    view.overview.refresh()
    assert view.overview.active
    assert detail_opacity(view) == {0.0}
    assert view.overview.item.isVisible()
    assert view.map_scene.layers["land"].isVisible()  # still clickable and in the layer menu
    image = view.overview.item.image
    assert image is not None and image.width() <= 800 * 1.5 + 1


def picture_pixel(view: MapView, x: float, y: float) -> QColor:
    """The overview picture's colour at a map point."""
    overview = view.overview
    image = overview.item.image
    assert image is not None
    point = overview._transform().map(QPointF(x, y))
    return image.pixelColor(int(point.x()), int(point.y()))


def darkest_near(view: MapView, x: float, y: float) -> int:
    """The lowest lightness of the overview picture's pixels within one pixel of a map point."""
    overview = view.overview
    image = overview.item.image
    assert image is not None
    point = overview._transform().map(QPointF(x, y))
    px, py = int(point.x()), int(point.y())
    return min(image.pixelColor(px + dx, py + dy).lightness() for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def test_an_edit_redraws_its_part_of_the_picture_at_once(view: MapView) -> None:
    overview = view.overview
    overview.refresh()
    scene = view.map_scene
    document = scene.document
    x, y = document.scenario.area("halden").anchors[0]
    before = picture_pixel(view, x, y)
    commands.execute(document, lambda s: ops.set_owner(s, "halden", "aldmoor_kingdom"))
    # The picture stays in use, and its pixels over the area show the area's new colour.
    assert overview.active and not overview.stale
    assert overview.patches == 1
    after = picture_pixel(view, x, y)
    assert after == scene.areas["halden"].brush().color()
    assert after != before
    # The patched picture is the picture a full render makes now: no seams, nothing left over.
    patched = QImage(overview.item.image)
    overview.refresh()
    assert overview.item.image == patched


def test_a_border_moved_at_full_view_shows_in_the_picture(view: MapView) -> None:
    overview = view.overview
    overview.refresh()
    scene = view.map_scene
    document = scene.document
    boundary = next(b for b in document.scenario.map.boundaries if len(b.points) > 2)
    x, y = boundary.points[1]
    width = scene.map_rect().width()
    target = (x + width / 100, y + width / 100)
    before = darkest_near(view, *target)
    commands.execute(document, lambda s: ops.move_vertex(s, boundary.id, 1, target))
    assert overview.active and overview.patches == 1
    # The redrawn border passes through the new vertex: darker pixels there than before.
    assert darkest_near(view, *target) < before - 40
    patched = QImage(overview.item.image)
    overview.refresh()
    assert overview.item.image == patched


def test_a_new_map_mode_makes_the_whole_picture_stale(view: MapView, qtbot: QtBot) -> None:
    view.overview.refresh()
    view.map_scene.set_mode("terrain")
    assert not view.overview.active and view.overview.stale
    assert detail_opacity(view) == {1.0}
    qtbot.waitUntil(lambda: view.overview.active, timeout=3000)


def test_zooming_in_past_the_pictures_resolution_shows_the_items(view: MapView) -> None:
    view.overview.refresh()
    view.zoom_by(4.0, QPointF(400, 300))
    assert not view.overview.active
    assert detail_opacity(view) == {1.0}
    view.fit_map()
    assert view.overview.active


def test_the_selection_outline_follows_the_selected_areas(view: MapView) -> None:
    scene = view.map_scene
    scene.set_selected(("halden",))
    assert scene.selection_outline.path().boundingRect() == scene.areas["halden"].path().boundingRect()
    scene.set_selected(())
    assert scene.selection_outline.path().isEmpty()


def test_areas_can_be_clicked_while_the_picture_stands_in_for_them(view: MapView) -> None:
    # Qt's item index skips fully transparent items, so hit tests must not rely on it.
    scene = view.map_scene
    anchor = QPointF(*scene.document.scenario.area("halden").anchors[0])
    view.overview.refresh()
    assert view.overview.active
    assert scene.area_at(anchor) == "halden"
    assert scene.object_at(anchor, 0.1) == ("area", "halden")
    scene.layers["land"].setVisible(False)  # a hidden layer is not clickable
    assert scene.area_at(anchor) is None


def test_snapping_finds_borders_while_the_picture_stands_in_for_them(view: MapView) -> None:
    from editor.mapview.tools import snap_point

    scene = view.map_scene
    boundary = scene.scenario.map.boundaries[0]
    x, y = boundary.points[0]
    view.overview.refresh()
    assert view.overview.active
    assert boundary.id in scene.boundaries_near(QPointF(x + 0.1, y), 1.0)
    snap = snap_point(scene, QPointF(x + 0.1, y - 0.1), 1.0, 0.0)
    assert snap.kind == "vertex" and snap.point == (x, y)


def test_zoomed_in_a_few_steps_the_close_up_picture_stands_in(view: MapView, qtbot: QtBot) -> None:
    overview = view.overview
    overview.refresh()
    view.zoom_by(2.5, QPointF(400, 300))
    assert not overview.active  # past the overview's band: the items, until the close-up is made
    qtbot.waitUntil(lambda: overview.active, timeout=3000)
    close = overview.close_image
    assert close is not None and overview.item.image is close
    assert close.width() > 2 * overview.overview_image.width()
    assert view.scale_factor <= overview.close_scale
    # An edit repaints its part of both pictures: each equals a fresh render of the map.
    document = view.map_scene.document
    commands.execute(document, lambda s: ops.set_owner(s, "halden", "aldmoor_kingdom"))
    assert overview.active and overview.patches == 1
    patched = QImage(close)
    overview.refresh()
    assert overview.close_image is not None and overview.close_image == patched
    view.zoom_by(8.0, QPointF(400, 300))
    assert not overview.active  # past the close-up's band: the items themselves
