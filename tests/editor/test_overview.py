"""The overview picture replaces the detailed layers only while it is fresh and sharp enough."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
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


def test_an_edit_shows_the_items_until_the_picture_is_redone(view: MapView, qtbot: QtBot) -> None:
    view.overview.refresh()
    document = view.map_scene.document
    commands.execute(document, lambda s: ops.set_owner(s, "halden", "aldmoor_kingdom"))
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
