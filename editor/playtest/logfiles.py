"""Saving and loading play-test logs from the editor: pick the file, write or replay it, say why not.

The file format and the replay itself belong to the session (``PlaytestSession.save_log`` and
``from_replay``); this module is the user's side of it, through the window seam.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject

from editor.playtest.prompts import PlaytestPrompts
from editor.playtest.session import PlaytestSession, SessionError
from model.scenario import Scenario


def save_log(
    session: PlaytestSession,
    prompts: PlaytestPrompts,
    report: Callable[[str], None],
    path: Path | None = None,
) -> bool:
    """Save the session's log as a replay file at ``path`` (asked for when None); return whether saved."""
    if path is None:
        path = prompts.log_to_save()
        if path is None:
            return False
    try:
        session.save_log(path)
    except OSError as error:
        prompts.warn("Cannot save the log", str(error))
        return False
    report(f"Saved the play-test log to {path}")
    return True


def load_log(
    scenario: Scenario, prompts: PlaytestPrompts, parent: QObject | None, path: Path | None = None
) -> PlaytestSession | None:
    """Replay a saved log (or a failure replay) at ``path`` (asked for when None) on ``scenario``.

    Returns the new session at the log's last position, or None when cancelled or refused.
    """
    if path is None:
        path = prompts.log_to_open()
        if path is None:
            return None
    try:
        return PlaytestSession.from_replay(scenario, path, parent)
    except SessionError as error:
        prompts.warn("Cannot load the log", str(error))
        return None
