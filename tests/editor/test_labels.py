"""Area names: level of detail by zoom, no two names overlapping, selected names always shown."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QTransform

from editor.mapview.items import LabelLayerItem, ViewState


def _layer() -> LabelLayerItem:
    layer = LabelLayerItem(ViewState())
    # A wide area, a narrow area right next to it, and a far one.
    layer.set_label("wide", "Wide Land", QPointF(100, 100), extent=400)
    layer.set_label("narrow", "Narrow Land", QPointF(104, 102), extent=30)
    layer.set_label("far", "Far Land", QPointF(900, 900), extent=200)
    return layer


def test_names_appear_as_their_areas_get_wide_enough_on_screen() -> None:
    layer = _layer()
    everywhere = QRectF(-1000, -1000, 3000, 3000)
    layer._state.scale = 0.05  # the wide area is 20 px across: too narrow for its name
    assert layer.visible(everywhere) == []
    layer._state.scale = 1.0
    assert set(layer.visible(everywhere)) == {"wide", "far"}
    layer._state.scale = 10.0
    assert set(layer.visible(everywhere)) == {"wide", "narrow", "far"}
    assert layer.visible(QRectF(800, 800, 200, 200)) == ["far"]


def test_overlapping_names_keep_the_wider_area() -> None:
    layer = _layer()
    layer._state.scale = 10.0
    placed = dict(layer._placed(layer.visible(QRectF(-1000, -1000, 3000, 3000)), QTransform()))
    assert "wide" in placed and "narrow" not in placed and "far" in placed


def test_a_selected_area_shows_its_name_first() -> None:
    layer = _layer()
    layer._state.scale = 10.0
    layer._state.selected = {"narrow"}
    placed = dict(layer._placed(layer.visible(QRectF(-1000, -1000, 3000, 3000)), QTransform()))
    assert "narrow" in placed and "wide" not in placed
