"""What each play-test action came to, in one line for the log and a short message on the map, and
the chance of success shown before "Do it".

The engine words an entry's outcome when it can (``State.outcome``: EotMA says whether an
endeavour got its result from the year card, with the card and the rating); otherwise the entry's
last effect stands for it. The chance is the engine's (``State.chance``); a ruleset that cannot
tell shows none.

An action may set off automatic steps that nobody chose (a round's start, raiders' attacks): the
engine logs them after it as automatic entries, each named after what did it (the protocol's
``State.begin_automatic``). Each is told as its doer's ("Raiders: Rome: social state 0 -> -1"),
never as the acting player's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtWidgets import QLabel, QWidget

from editor.playtest.decisions import with_names
from model.rules.protocol import Action, LogEntry, State, is_automatic

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


def doer(entry: LogEntry, names: Mapping[str, str]) -> str:
    """Who did what an entry logs, by name: its player, or for an automatic entry what did it (the
    name ``names`` gives its step, else the step's words: ``round-start`` -> "Round start")."""
    if not is_automatic(entry):
        player = entry.player or ""
        return names.get(player, player)
    if entry.action in names:
        return names[entry.action]
    words = entry.action.replace("-", " ").replace("_", " ")
    return words[:1].upper() + words[1:]


def latest(entries: Sequence[LogEntry], since: int = 0) -> list[LogEntry]:
    """The newest action's entry with the automatic entries it set off, among ``entries[since:]``
    (only automatic entries when no action is among them)."""
    start = max(since, 0)
    for index in range(len(entries) - 1, start - 1, -1):
        if not is_automatic(entries[index]):
            return list(entries[index:])
    return list(entries[start:])


def told(state: State, entries: Sequence[LogEntry], names: Mapping[str, str]) -> list[tuple[str, str]]:
    """Each entry's outcome line with who did it, for the map message: ``(who, line)``, entries
    without a line left out. An engine's success or failure names the endeavour itself and the
    entry's player may be the defender who answered it, so only a plain effect gets its doer."""
    said: list[tuple[str, str]] = []
    for entry in entries:
        line = outcome_line(state, entry, names)
        if line:
            said.append(("" if tone(line) != NEUTRAL else doer(entry, names), line))
    return said


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
        self.say_all([(who, line)] if line else [])

    def say_all(self, lines: Sequence[tuple[str, str]]) -> None:
        """Show "who: line" for each ``(who, line)``, one under the other (an action's own outcome,
        then the automatic steps it set off); coloured by the first line that tells a success or
        a failure. Hidden when there is no line."""
        lines = [(who, line) for who, line in lines if line]
        if not lines:
            self.hide()
            return
        self.setText("\n".join(spoken(who, line) for who, line in lines))
        colour = next((tone(line) for _who, line in lines if tone(line) != NEUTRAL), NEUTRAL)
        self.setStyleSheet(f"QLabel {{ {_STYLES[colour]} border-radius: 4px; padding: 3px 6px; }}")
        self.adjustSize()
        self.show()
        self.raise_()


def spoken(who: str, line: str) -> str:
    """ "who: line", or the line alone when nobody is named or the line begins with who."""
    return f"{who}: {line}" if who and not line.startswith(f"{who}: ") else line
