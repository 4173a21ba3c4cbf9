"""What each play-test action came to, in one line for the log and a short message on the map, and
the chance of success shown before "Do it".

The engine words an entry's outcome when it can (``State.outcome``: EotMA says whether an
endeavour got its result from the year card, with the card and the rating); otherwise the entry's
last effect stands for it. The chance is the engine's (``State.chance``); a ruleset that cannot
tell shows none.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QLabel, QWidget

from editor.playtest.decisions import with_names
from model.rules.protocol import Action, LogEntry, State

SUCCESS, FAILURE, NEUTRAL = "success", "failure", "neutral"
"""How an outcome reads: the map message's colour."""

_STYLES = {
    SUCCESS: "background: rgba(229, 245, 224, 235); border: 1px solid #31a354;",
    FAILURE: "background: rgba(254, 224, 210, 235); border: 1px solid #de2d26;",
    NEUTRAL: "background: rgba(255, 255, 255, 225); border: 1px solid #808080;",
}


def outcome_line(state: State, entry: LogEntry, names: Mapping[str, str]) -> str:
    """The entry's outcome in one line, with names: the engine's words, else its last effect."""
    try:
        said = state.outcome(entry)
    except Exception:  # a ruleset's wording must never stop the play-test
        said = ""
    text = said or (entry.effects[-1] if entry.effects else "")
    return with_names(text, names)


def tone(line: str) -> str:
    """Whether an outcome line tells a success, a failure or neither (the map message's colour)."""
    words = line.lower()
    if "failed" in words:
        return FAILURE
    return SUCCESS if "succeeded" in words else NEUTRAL


def chance_text(state: State, action: Action | None) -> str:
    """ "Chance of success: 70%" for an action the engine can rate, else an empty string."""
    if action is None:
        return ""
    try:
        chance = state.chance(action)
    except Exception:  # as above: no chance shown rather than a broken panel
        return ""
    if chance is None:
        return ""
    return f"Chance of success: {round(100 * chance)}% (before any defense or opposing gold)"


class OutcomeNote(QLabel):
    """The last action's outcome over the map, under the play-test banner, coloured by how it went."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("playtest_outcome")
        self.setWordWrap(True)
        self.setMaximumWidth(520)
        self.hide()

    def say(self, who: str, line: str) -> None:
        """Show "who: line" (hidden when the line is empty)."""
        if not line:
            self.hide()
            return
        self.setText(f"{who}: {line}" if who else line)
        self.setStyleSheet(f"QLabel {{ {_STYLES[tone(line)]} border-radius: 4px; padding: 3px 6px; }}")
        self.adjustSize()
        self.show()
        self.raise_()
