"""Each play-test action's outcome reads as one line and as a short message on the map, coloured by
how it went; the chance of success is worded before Do it (issue 18.10)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from editor.playtest.outcomes import FAILURE, NEUTRAL, SUCCESS, OutcomeNote, chance_text, outcome_line, tone
from model.rules.protocol import LogEntry

NAMES = {"west": "Kingdom of West", "border": "Borderland"}


class _Engine:
    """A state that words outcomes and chances as an engine may (or cannot)."""

    def __init__(self, said: str = "", chance: float | None = None) -> None:
        self.said = said
        self.odds = chance

    def outcome(self, _entry: LogEntry) -> str:
        return self.said

    def chance(self, _action: Any) -> float | None:
        return self.odds


def _entry(*effects: str) -> LogEntry:
    return LogEntry(4, 0, "turn", "west", "conquest border from march", effects)


def test_the_engines_outcome_is_told_with_names() -> None:
    state: Any = _Engine("conquest of border failed: card 2 at rating 2 gives no C")
    line = outcome_line(state, _entry("west pays 2 gold"), NAMES)
    assert line == "conquest of Borderland failed: card 2 at rating 2 gives no C"
    assert tone(line) == FAILURE


def test_without_the_engines_words_the_last_effect_stands_for_the_outcome() -> None:
    state: Any = _Engine()
    assert outcome_line(state, _entry("west pays 2 gold", "border: taken by west"), NAMES) == (
        "Borderland: taken by Kingdom of West"
    )
    assert outcome_line(state, _entry(), NAMES) == ""
    assert tone("Borderland: taken") == NEUTRAL
    assert tone("conquest of Borderland succeeded: card 1") == SUCCESS


def test_the_chance_is_a_percentage_or_nothing() -> None:
    assert chance_text(_Engine(chance=0.375), object()).startswith("Chance of success: 38%")  # type: ignore[arg-type]
    assert chance_text(_Engine(chance=None), object()) == ""  # type: ignore[arg-type]
    assert chance_text(_Engine(chance=0.5), None) == ""  # type: ignore[arg-type]


def test_the_map_message_shows_who_and_what_and_hides_when_there_is_nothing(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    note = OutcomeNote(parent)
    parent.show()
    note.say("Kingdom of West", "conquest of Borderland succeeded: card 1 at rating 4 gives C")
    assert note.isVisible()
    assert note.text() == "Kingdom of West: conquest of Borderland succeeded: card 1 at rating 4 gives C"
    assert "#31a354" in note.styleSheet()  # the success colour
    note.say("Kingdom of West", "")
    assert not note.isVisible()
