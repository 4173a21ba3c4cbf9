"""The 7 Ages play-test panel reads in 7 Ages words: the seats table's columns name players, their
empires' money and glory (no court column), unit types and empire cards show by name, the legend
lists the powers on the map only, and the side list's names keep a readable width.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from sevenages_editor_helpers import controller_of, tiny_window

from editor.mainwindow import MainWindow
from editor.playtest.controller import PlaytestController
from editor.playtest.panel import PlaytestDock
from editor.playtest.session import HUMAN, PlaytestSetup
from editor.rulesets.sevenages.players import SIDE_LIST

SEED = 5


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    with tiny_window(qtbot, tmp_path) as window:
        yield window


def _started(window: MainWindow) -> PlaytestController:
    controller = controller_of(window)
    assert controller.start(PlaytestSetup({"ann": HUMAN, "ben": "random", "cid": "random"}, SEED))
    return controller


def test_the_seats_table_names_players_money_and_glory_without_a_court(window: MainWindow) -> None:
    table = _started(window).dock.table
    headings = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert headings == ["Player", "Played by", "Empires: money", "Glory", ""]
    shown = [c for c in range(table.columnCount()) if not table.isColumnHidden(c)]
    assert shown == [0, 1, 2, 3]  # players hold no court (7A facts 1)
    assert "glory" in table.horizontalHeaderItem(3).toolTip().lower()
    rows = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert rows == {"Ann": "You", "Ben": "AI random", "Cid": "AI random"}


def _human_until(controller: PlaytestController, verb: str) -> str:
    """Answer the human seat's questions with its first legal action (the AI seats play
    themselves) until it may ``verb``; the first such action's text."""
    session = controller.session
    assert session is not None
    for _ in range(400):
        session.run_to_end()
        legal = [str(action) for action in session.legal_actions()]
        assert legal, "the game ended first"
        found = [text for text in legal if text.split()[0] == verb]
        if found:
            return found[0]
        session.act(legal[0])
    raise AssertionError(f"no {verb!r} choice came")


def test_unit_types_and_empire_cards_read_by_name(window: MainWindow) -> None:
    controller = _started(window)
    buy = _human_until(controller, "buy")  # e.g. "buy spearmen egypt": KIND then AREA
    controller.select_area(buy.split()[2])
    listed = [controller.dock.choices.item(r).text() for r in range(controller.dock.choices.count())]
    texts = [text for text in listed if text.startswith("Buy ")]
    # The engine's "buy light_horse egypt" reads with the units table's name (7A facts 2.4) and
    # the area's name; no id with an underscore is left.
    assert texts and all("_" not in text for text in texts), texts
    area = window.document.scenario.area(buy.split()[2]).name
    assert texts == [
        f"Buy Spearmen {area} (costs 2)",
        f"Buy Chariots {area} (costs 3)",
        f"Buy Archers {area} (costs 2)",
    ]
    names = controller._names()
    assert (names["light_horse"], names["mech_infantry"]) == ("Light horse", "Mechanised infantry")
    assert names["scythia"] == "Scythia"  # an empire card, in hand or on the map
    first = window.document.scenario.map.areas[0]
    assert names[first.id] == first.name


def test_the_legend_lists_the_powers_on_the_map_only(window: MainWindow) -> None:
    _started(window)
    # Egypt and Scythia are on the map; Persia and Greece are cards in the deck (7A facts 2.3),
    # so they are not listed. The white neutrals are named without "(Magnate)"; unheld land is
    # independent.
    assert window.legend_dock.labels() == ["Egypt", "Scythia", "Neutrals", "Independent"]
    assert window.legend_dock.windowTitle() == "Legend: Play-test: owners"


def test_the_side_lists_names_keep_a_readable_width_in_a_narrow_panel(qtbot: QtBot) -> None:
    dock = PlaytestDock()
    qtbot.addWidget(dock)
    dock.resize(300, 700)
    dock.show()
    rows = [
        {
            "name": "Player 1",
            "kind": "Player",
            "stature": 3,
            "attacks": "Egypt, Scythia",
            "holds": 4,
            "where": "Egypt: wild card for emissary; empty slot: ?",
            "tip": "",
        },
        {
            "name": "Neutrals",
            "kind": "Neutrals",
            "stature": "",
            "attacks": "",
            "holds": 12,
            "where": "9 areas",
            "tip": "",
        },
    ]
    dock.set_npcs(rows, SIDE_LIST)
    qtbot.wait(10)
    header = dock.npcs.header()
    metrics = dock.npcs.fontMetrics()
    # "Player 1" shows whole (it read "P…"), yet the name does not take the whole list.
    assert header.sectionSize(0) >= metrics.horizontalAdvance("Player 1") + 8
    assert header.sectionSize(0) < dock.npcs.viewport().width() // 2
    # A wider panel: the whole heading "Player / neutrals", and every column still fits.
    dock.resize(420, 700)
    qtbot.wait(10)
    assert header.sectionSize(0) >= metrics.horizontalAdvance("Player / neutrals")
    assert sum(header.sectionSize(c) for c in range(header.count())) <= dock.npcs.viewport().width()
