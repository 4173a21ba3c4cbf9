"""The play-test log and the map message tell the Seasons turn's resolution (Seasons: Turns,
Battles) as the rules' own steps, each on a row of its own with a readable doer ("Battles"),
never as the last nation's doing, on the shipped Four Isles scenario with every seat human; and
every Seasons and 7 Ages step name reads as words in the log's player column ("End of turn")."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from editor.mainwindow import MainWindow
from editor.playtest.controller import PlaytestController
from editor.playtest.outcomes import doer
from editor.playtest.session import HUMAN, PlaytestSession, PlaytestSetup
from model.rules import protocol
from model.rules.seasons import automatic as seasons_steps
from model.rules.sevenages import automatic as sevenages_steps

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"

# A first turn of Four Isles with the battle in Stavely of
# tests/rules/seasons/test_rule_seasons_turns_logged_as_automatic_steps.py.
ISLES_TURN_1 = [
    "move fennick oldstone vellmark_4",
    "done",
    "move marrow stavely ostrand_4",
    "done",
    "done",
    "move sallow stavely kessary_4",
    "done",
]


def _controller(qtbot: QtBot, scenario: str) -> PlaytestController:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(SCENARIOS / scenario)
    controller = window.playtest  # type: ignore[attr-defined]
    assert isinstance(controller, PlaytestController)
    return controller


def _start(controller: PlaytestController, seats: list[str], seed: int) -> PlaytestSession:
    assert controller.start(PlaytestSetup(dict.fromkeys(seats, HUMAN), seed))
    session = controller.session
    assert session is not None
    return session


def _act(session: PlaytestSession, text: str) -> None:
    """A human seat's action, told to the views as the play-test's Do it does."""
    session.act(text)
    session.changed.emit()


def _rows(controller: PlaytestController) -> list[list[str]]:
    log = controller.log_dock.log
    return [[log.topLevelItem(i).text(c) for c in range(5)] for i in range(log.topLevelItemCount())]


@pytest.mark.parametrize(
    ("step", "shown"),
    [
        (seasons_steps.REVEAL, "Reveal"),
        (seasons_steps.PILLAGE, "Pillage"),
        (seasons_steps.MOVES, "Moves"),
        (seasons_steps.BATTLES, "Battles"),
        (seasons_steps.TURN_END, "Turn end"),
        (seasons_steps.TURN_START, "Turn start"),
        (sevenages_steps.OPENING_BID, "Opening bid"),
        (sevenages_steps.MARKERS, "Markers"),
        (sevenages_steps.PRODUCTION, "Production"),
        (sevenages_steps.FOUNDING, "Founding"),
        (sevenages_steps.EMISSARY, "Emissary"),
        (sevenages_steps.CONFLICT, "Conflict"),
        (sevenages_steps.END_OF_TURN, "End of turn"),
    ],
)
def test_each_step_reads_as_words_in_the_player_column(step: str, shown: str) -> None:
    entry = protocol.LogEntry(0, 1, "phase", None, step, ("x",))
    assert doer(entry, {}) == shown


def test_seasons_the_last_done_is_followed_by_the_rules_rows_and_the_map_message(qtbot: QtBot) -> None:
    controller = _controller(qtbot, "seasons-isles.mappa.json")
    seats = [e.id for e in controller.window.document.scenario.setup.empires]
    session = _start(controller, seats, 0)
    for text in ISLES_TURN_1:
        _act(session, text)
    rows = _rows(controller)
    assert len(rows) == len(session.log) == len(ISLES_TURN_1) + 5
    names = protocol.seat_names(controller.window.document.scenario)
    assert rows[-6][2:4] == [names["kessary"], "done"]
    assert [row[1:4] for row in rows[-5:]] == [
        ["1 spring reveal", "Reveal", "reveal"],
        ["1 spring moves", "Moves", "moves"],
        ["1 spring battles", "Battles", "battles"],
        ["1 spring turn-end", "Turn end", "turn-end"],
        ["2 summer turn-start", "Turn start", "turn-start"],
    ]
    # Every step the rules took is told on a line of its own, by its doer; Ostrand, to act, reads
    # nothing of Kessary's own done (its treasury is hidden), not even the battle's dice.
    note = controller.note.text().splitlines()
    assert [line.split(": ")[0] for line in note] == [
        "Reveal",
        "Moves",
        "Battles",
        "Turn end",
        "Turn start",
    ]
