"""7 Ages play-test seats in the shared play-test code: the seats are PLAYERS, not empire cards.

The setup dialog lists the game's seats (``Game.players()``) by the names the engine gives them
(``Game.seat_names()``, 7A facts 1: players take over empires); the seats table has one row per
player, Human or AI as chosen; the banner and the choices' hint name the player.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from sevenages_editor_helpers import controller_of, tiny, tiny_window

from editor.mainwindow import MainWindow
from editor.playtest import status
from editor.playtest.controller import PlaytestController
from editor.playtest.dialog import PlaytestSetupDialog, seats_of
from editor.playtest.session import HUMAN, PlaytestSetup
from model import io
from model.rules import registry
from model.rules.protocol import seat_names
from model.rules.sevenages.game import build_game

SEED = 5


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    with tiny_window(qtbot, tmp_path) as window:
        yield window


def _controller(window: MainWindow) -> PlaytestController:
    return controller_of(window)


def test_the_engine_names_its_players_and_keeps_the_empire_names() -> None:
    scenario = tiny()
    game = build_game(scenario)
    assert game.seat_names() == {"ann": "Ann", "ben": "Ben", "cid": "Cid"}
    names = seat_names(scenario, game)
    assert (names["ann"], names["egypt"], names["neutral"]) == ("Ann", "Egypt", "Neutrals")
    # Without a game, the scenario's empires and Magnates only (the protocol's default).
    assert "ann" not in seat_names(scenario)


def test_the_setup_dialog_lists_the_players_by_name(qtbot: QtBot) -> None:
    scenario = tiny()
    spec = registry.get("sevenages")
    assert spec is not None
    assert seats_of(scenario, spec) == [("ann", "Ann"), ("ben", "Ben"), ("cid", "Cid")]
    dialog = PlaytestSetupDialog(scenario, spec)
    qtbot.addWidget(dialog)
    assert list(dialog.seat_boxes) == ["ann", "ben", "cid"]
    # No empire card is a seat: Egypt and Scythia are taken over by players (7A facts 1).
    assert "egypt" not in dialog.seat_boxes
    dialog.set_seat("ben", HUMAN)
    dialog.set_seat("ann", "random")
    chosen = dialog.setup()
    assert chosen.seats["ben"] == HUMAN and chosen.seats["ann"] == "random"
    assert chosen.seats["cid"] == spec.bot_levels()[-1]


def test_a_scenario_the_engine_refuses_falls_back_to_its_empires() -> None:
    scenario = tiny()
    scenario.setup.attributes["players"] = scenario.setup.attributes["players"][:1]  # one player
    spec = registry.get("sevenages")
    assert spec is not None
    assert [seat for seat, _name in seats_of(scenario, spec)] == [e.id for e in scenario.setup.empires]


def test_choosing_human_for_a_player_makes_that_seat_human(window: MainWindow) -> None:
    controller = _controller(window)
    scenario = window.document.scenario
    spec = registry.get("sevenages")
    assert spec is not None
    dialog = PlaytestSetupDialog(scenario, spec)
    dialog.set_seat("ann", "random")
    dialog.set_seat("ben", HUMAN)
    dialog.set_seat("cid", "random")
    assert controller.start(dialog.setup())
    session = controller.session
    assert session is not None
    assert session.seats == {"ann": "random", "ben": HUMAN, "cid": "random"}
    rows = status.seat_rows(session, session.view(), scenario)
    assert [(r["seat"], r["played_by"]) for r in rows] == [
        ("Ann", "AI random"),
        ("Ben", "You"),
        ("Cid", "AI random"),
    ]
    # Players have no colour of their own: none that reads as an empire's (7A facts 1).
    assert {r["colour"] for r in rows} == {status.SEAT_COLOUR}
    table = controller.dock.table
    assert table.rowCount() == 3
    assert [table.item(r, 0).text() for r in range(3)] == ["Ann", "Ben", "Cid"]
    assert [table.item(r, 1).text() for r in range(3)] == ["AI random", "You", "AI random"]


def test_the_banner_and_the_hint_name_the_player(window: MainWindow) -> None:
    controller = _controller(window)
    assert controller.start(PlaytestSetup({"ann": HUMAN, "ben": "random", "cid": "random"}, SEED))
    session = controller.session
    assert session is not None and session.current_player() == "ann"
    assert "to act: <b>Ann (you)</b>" in controller.banner.text()
    assert controller.dock.choices_hint.text().startswith("Ann ")
    rows = controller.dock.table
    acting = [r for r in range(rows.rowCount()) if rows.item(r, 0).font().bold()]
    assert [rows.item(r, 0).text() for r in acting] == ["Ann"]


def test_the_world_scenario_seats_are_its_players() -> None:
    scenario = io.load(Path(__file__).resolve().parents[2] / "scenarios" / "sevenages-world.mappa.json")
    spec = registry.get("sevenages")
    assert spec is not None
    seats = seats_of(scenario, spec)
    players = scenario.setup.attributes["players"]
    assert seats == [(p["id"], p["name"]) for p in players]
    assert seats[0] == ("player_1", "Player 1")


def test_a_seat_name_from_names_or_from_the_scenario() -> None:
    scenario = tiny()
    assert status.player_name({"ann": "Ann"}, "ann") == "Ann"
    assert status.player_name({"ann": "Ann"}, "zed") == "zed"
    assert status.player_name(scenario, "egypt") == "Egypt"
    assert status.player_name(scenario, None) == "nobody"
