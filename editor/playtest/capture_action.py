"""Capture in the editor: "Use this position as the scenario setup" as one undoable edit.

The position's setup and the map attributes play changed (``model.playtest.capture``) are shown
to the user through the window seam, then written by one ``QUndoCommand`` calling one op
(``model.ops.replace_position``), so a single Edit > Undo restores the document exactly.
"""

from __future__ import annotations

from collections.abc import Callable

from editor import commands
from editor.document import ScenarioDocument
from editor.playtest.prompts import PlaytestPrompts
from editor.playtest.session import PlaytestSession
from model import ops
from model.playtest.capture import CaptureError, capture, summarize

CANNOT = "Cannot use this position"


def capture_position(
    document: ScenarioDocument,
    session: PlaytestSession,
    prompts: PlaytestPrompts,
    report: Callable[[str], None],
) -> bool:
    """Write the session's position into ``document`` after the user confirmed the changes.

    Returns whether the document changed; a refusal is told through ``prompts`` or ``report``.
    """
    scenario = document.scenario
    try:
        captured = capture(scenario, session.state)
    except CaptureError as error:
        prompts.warn(CANNOT, str(error))
        return False
    lines = summarize(scenario, captured)
    if not lines:
        report("The position is the scenario's setup already: nothing to change")
        return False
    if not prompts.confirm_capture(lines):
        return False
    try:
        commands.execute(
            document,
            lambda s: ops.replace_position(s, captured.setup, captured.areas),
            f"Use the play-test position (seed {session.seed}, {len(session.actions)} actions)",
        )
    except ops.OpError as error:
        prompts.warn(CANNOT, str(error))
        return False
    report(f"The scenario setup is now the play-test position ({len(lines)} changes)")
    return True
