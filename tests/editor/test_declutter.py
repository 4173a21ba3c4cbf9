"""Names and chips at a zoom level are placed without overlapping and give way to each other by
importance, coming back as the zoom makes room (issue 18.12: at the fit zoom chips covered names)."""

from __future__ import annotations

from itertools import combinations

from editor_helpers import playtest_controller
from PySide6.QtCore import QPointF, QRectF
from pytestqt.qtbot import QtBot

from editor.files import SCENARIOS_DIR
from editor.mainwindow import MainWindow
from editor.mapview.chips_item import Chip, ChipsItem
from editor.mapview.declutter import Placement, place
from editor.mapview.items import LabelLayerItem, ViewState
from editor.playtest.session import PlaytestSetup

CHIPS = (Chip("+2", "#ffffff", "social state"), Chip("Vikings", "#800000", "raiders"))


def _labels() -> LabelLayerItem:
    layer = LabelLayerItem(ViewState())
    layer.set_label("wide", "Wide Land", QPointF(100, 100), extent=400)
    layer.set_label("next", "Next Land", QPointF(100, 104), extent=300)
    return layer


def _row(area_id: str, at: QPointF, extent: float = 400.0) -> ChipsItem:
    row = ChipsItem(area_id)
    row.setPos(at)
    row.set_chips(CHIPS, "", extent)
    return row


def _boxes(placement: Placement, layer: LabelLayerItem, rows: list[ChipsItem], scale: float) -> list[QRectF]:
    boxes = []
    for area_id in placement.labels:
        label = layer.labels[area_id]
        boxes.append(
            QRectF(
                label.x * scale - label.width / 2,
                label.y * scale - label.height / 2,
                label.width,
                label.height,
            )
        )
    for row in rows:
        offset = placement.chips.get(id(row))
        if offset is not None:
            boxes.append(row.row_rect().translated(row.scenePos() * scale + offset))
    return boxes


def test_a_chip_row_stays_under_its_name_when_there_is_room() -> None:
    layer = _labels()
    row = _row("wide", QPointF(100, 100))
    placement = place(layer.labels, [row], 10.0, set())
    assert placement.labels == {"wide", "next"}  # 40 px apart at this zoom
    assert placement.chips[id(row)] == QPointF(0, 0)


def test_a_chip_row_moves_aside_rather_than_cover_a_name_and_gives_way_when_nothing_is_free() -> None:
    layer = _labels()
    row = _row("wide", QPointF(100, 100))
    # At 3 px per unit "Next Land" sits 12 px under "Wide Land": right where the chips would go.
    placement = place(layer.labels, [row], 3.0, set())
    assert placement.labels == {"wide"}  # the names overlap: the wider area keeps its own
    assert placement.chips[id(row)] == QPointF(0, 0)
    crowded = [_row("wide", QPointF(100, 100)) for _ in range(6)]
    placement = place(layer.labels, crowded, 3.0, set())
    shown = [row for row in crowded if id(row) in placement.chips]
    assert 0 < len(shown) < len(crowded)  # the first rows found spots, the rest give way
    boxes = _boxes(placement, layer, crowded, 3.0)
    assert not [pair for pair in combinations(boxes, 2) if pair[0].intersects(pair[1])]


def test_chips_of_an_area_too_narrow_on_screen_wait_for_the_zoom() -> None:
    layer = _labels()
    row = _row("next", QPointF(100, 104), extent=10)
    assert id(row) not in place(layer.labels, [row], 1.0, set()).chips
    assert id(row) in place(layer.labels, [row], 20.0, set()).chips


def test_at_the_fit_zoom_of_a_play_test_no_name_or_chip_overlaps_another(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(SCENARIOS_DIR / "medieval-europe-976.mappa.json")
    window.resize(1366, 738)
    window.show()
    qtbot.waitExposed(window)
    controller = playtest_controller(window)
    assert controller.start(
        PlaytestSetup({e.id: "random" for e in window.document.scenario.setup.empires}, 1)
    )
    window.view.fit_map()
    scene = window.scene
    scale = window.view.scale_factor  # what the view publishes to the items as it paints
    rows = list(controller.overlay.chips.values())  # type: ignore[union-attr]
    placement = scene.state.declutter.placement(scene, scale, set())
    drawn = [row for row in rows if id(row) in placement.chips]
    assert drawn and placement.labels
    boxes = _boxes(placement, scene.labels, drawn, scale)
    assert not [pair for pair in combinations(boxes, 2) if pair[0].intersects(pair[1])]
    # Zooming out leaves less room: chips and names give way, and come back at the fit zoom.
    farther = scene.state.declutter.placement(scene, scale / 2, set())
    assert len(farther.chips) < len(placement.chips)
    assert len(farther.labels) < len(placement.labels)
    assert not [
        pair
        for pair in combinations(_boxes(farther, scene.labels, rows, scale / 2), 2)
        if pair[0].intersects(pair[1])
    ]
