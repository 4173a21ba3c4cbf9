"""The play-test map's markers for conversion progress, raiders, Magnates and crusader states, and
the side panel's list of Magnates and raiders (24), on a shipped scenario with both options on."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from editor.mainwindow import MainWindow
from editor.playtest.controller import PlaytestController
from editor.playtest.overlay import chip_texts
from editor.playtest.session import PlaytestSetup
from editor.rulesets.eotma.pictures import RAIDERS, eotma_npc_rows, eotma_pictures

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "medieval-europe-976.mappa.json"
SEED = 3


@pytest.fixture
def controller(qtbot: QtBot) -> PlaytestController:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(SCENARIO)
    assert window.document.scenario.ruleset.options["raiders"] is True
    controller = window.playtest  # type: ignore[attr-defined]
    assert isinstance(controller, PlaytestController)
    seats = {e.id: "random" for e in window.document.scenario.setup.empires}
    assert controller.start(PlaytestSetup(seats, SEED))
    return controller


def _chips(controller: PlaytestController, area_id: str) -> list[str]:
    assert controller.overlay is not None
    return chip_texts(controller.overlay, area_id)


def test_active_raiders_are_marked_on_their_seas_and_on_the_areas_they_attack(
    controller: PlaytestController,
) -> None:
    session = controller.session
    assert session is not None
    raiders = {r["name"]: r for r in session.view()["raiders"]}
    assert set(raiders) == {"Vikings", "Saracens"}  # the Magyars and Mongols are not active in 976
    for raider in raiders.values():
        for sea in raider["seas"]:
            assert raider["name"] in _chips(controller, sea)
        for target in raider["attacking"] + raider["attacked"]:
            assert "☠" in _chips(controller, target)
    assert controller.overlay is not None
    sea = raiders["Vikings"]["seas"][0]
    item = controller.overlay.chips[sea]
    vikings = next(c for c in item.chips if c.text == "Vikings")
    assert vikings.fill == RAIDERS and "stature 4" in vikings.tip
    # The row's tooltip names the chip under the pointer first.
    assert item.chip_at(item.boundingRect().center().x()) is vikings


def test_a_magnate_court_and_attack_are_marked_and_listed_in_the_panel(
    controller: PlaytestController,
) -> None:
    session = controller.session
    assert session is not None
    magnate = session.view()["magnates"]["cometopuli"]
    assert "♜" in _chips(controller, magnate["court"])
    for target in magnate["attacking"] + magnate["attacked"]:
        assert "⚔" in _chips(controller, target)
    shown = controller.dock.shown_npcs()
    assert shown == ["♜ Cometopuli (Samuel of Bulgaria)", "☠ Vikings", "☠ Saracens"]
    assert controller.dock.npcs.isVisibleTo(controller.dock)


def test_conversion_progress_and_a_crusader_state_get_chips(controller: PlaytestController) -> None:
    session = controller.session
    assert session is not None
    state = session.state
    board = state.game.board
    france = state.game.player_index["france"]
    area = next(a for a in range(board.n) if state.owner[a] == france)
    state.conversion[(france, area)] = 1  # as after one C result toward converting it (22.2)
    state.crusader_state[board.index["rome"]] = True
    controller.refresh()
    needed = session.view()["areas"][board.ids[area]]["conversion"]["france"]["needed"]
    assert f"✝1/{needed}" in _chips(controller, board.ids[area])
    assert "✠" in _chips(controller, "rome")
    assert controller.overlay is not None
    assert "conversion by france: 1 of" in controller.overlay.pictures[board.ids[area]].tip


def test_pictures_from_a_plain_view_give_an_appeared_magnate_a_colour_of_its_own() -> None:
    view = {
        "areas": {
            "a": {"owner": "magnate-a", "social_state": 0, "partial_conquest": {"magnate-a": 1}},
            "b": {"owner": None, "social_state": 1},
        },
        "empires": {},
        "magnates": {"magnate-a": {"court": "a", "combat": 3, "areas": ["a"], "attacking": ["b"]}},
        "raiders": [],
    }
    pictures = eotma_pictures(view, {}, {})
    assert pictures["a"].fill not in ("#f2efe6", "#808080")
    assert [c.text for c in pictures["a"].chips] == ["♜", "C1"]
    attack = pictures["b"].chips[0]  # attacks come first, before the social state
    assert attack.text == "⚔" and attack.fill == pictures["a"].fill and attack.outline == "#ffd400"
    rows = eotma_npc_rows(view, {"a": "Alba", "b": "Bria"}, {}, {})
    assert [(r["name"], r["kind"], r["where"], r["attacks"]) for r in rows] == [
        ("Magnate of Alba", "Magnate", "Alba", "Bria")
    ]
