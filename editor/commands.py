"""Undo commands: the only code in the editor that writes the scenario.

Every user edit is one ``OpCommand`` on the document's ``QUndoStack``. It wraps one or more calls
to ``model.ops`` functions (Orange canvas's ``AddNodeCommand.redo()`` is one model call): each op
mutates the scenario in place, raises an ``OpError`` before changing anything when the edit is
refused, and returns a ``Change`` whose ``revert(scenario)`` undoes it and returns the change that
re-does it. So undo reverts the changes in reverse order and keeps what they return for redo.

Continuous edits (a vertex drag, typing in a field) carry a merge key; consecutive commands with
the same key merge into one undo step (Tiled's ``ChangeValue``). Multi-selection edits and cascades
are one command holding several changes, applied all-or-nothing.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol

from PySide6.QtGui import QUndoCommand

from editor.document import DocumentChange, ScenarioDocument
from model.scenario import Scenario


class Change(Protocol):
    """What ``model.ops`` functions return (see ``model.ops.Change``)."""

    description: str

    @property
    def touched(self) -> Any: ...

    def revert(self, scenario: Scenario) -> Change: ...


Op = Callable[[Scenario], Change]
"""A pending edit: a function of the scenario that calls one ``model.ops`` function."""


class OpCommand(QUndoCommand):
    """One undo step made of one or more applied ``model.ops`` changes.

    Built by ``execute`` after the ops succeeded, so the first ``redo`` (which ``QUndoStack.push``
    calls) only announces the change; later redos re-apply it.
    """

    def __init__(
        self, document: ScenarioDocument, changes: list[Change], text: str, merge_key: Hashable | None = None
    ) -> None:
        super().__init__(text)
        self._document = document
        self._changes = list(changes)
        self._redo: list[Change] = []
        self._applied = True
        self._merge_key = merge_key

    # Qt merges only commands with the same id(); -1 means never merge.
    def id(self) -> int:
        """Return the merge id (from the merge key), or -1 for commands that never merge."""
        if self._merge_key is None:
            return -1
        return zlib.crc32(repr(self._merge_key).encode()) & 0x7FFFFFFF

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Absorb the next command of the same continuous edit (a drag, typing)."""
        if not isinstance(other, OpCommand) or other._merge_key != self._merge_key or self._merge_key is None:
            return False
        self._changes.extend(other._changes)
        return True

    def redo(self) -> None:
        """Re-apply the changes (the first call only announces what ``execute`` already applied)."""
        if not self._applied:
            scenario = self._document.scenario
            self._changes = [change.revert(scenario) for change in self._redo]
            self._redo = []
            self._applied = True
        self._document.notify(_describe(self._changes, self.text()))

    def undo(self) -> None:
        """Revert the changes, newest first."""
        scenario = self._document.scenario
        self._redo = [change.revert(scenario) for change in reversed(self._changes)]
        self._redo.reverse()
        self._applied = False
        self._document.notify(_describe(self._redo, self.text()))

    @property
    def merge_key(self) -> Hashable | None:
        """The key of the continuous edit this step belongs to (None: it never merges)."""
        return self._merge_key

    @property
    def changes(self) -> Sequence[Change]:
        """The applied changes (empty while undone)."""
        return tuple(self._changes) if self._applied else ()


def _describe(changes: Sequence[Change], text: str) -> DocumentChange:
    result = DocumentChange(description=text)
    for change in changes:
        result = result.merged(DocumentChange.from_touched(change.touched))
    return result


def apply_all(scenario: Scenario, ops: Sequence[Op]) -> list[Change]:
    """Apply the ops in order, all or nothing: when one raises, the earlier ones are reverted first."""
    done: list[Change] = []
    try:
        for op in ops:
            done.append(op(scenario))
    except BaseException:
        for change in reversed(done):
            change.revert(scenario)
        raise
    return done


def execute(
    document: ScenarioDocument, ops: Op | Sequence[Op], text: str = "", merge_key: Hashable | None = None
) -> OpCommand:
    """Run one edit (or several as one undo step) and push it on the document's undo stack.

    Raises whatever the ops raise (``model.ops.OpError`` subclasses name the reason) with the
    scenario unchanged; the caller shows the reason to the user.
    """
    op_list = [ops] if callable(ops) else list(ops)
    if not op_list:
        raise ValueError("nothing to do: no edit was given")
    changes = apply_all(document.scenario, op_list)
    label = text or (changes[0].description if changes else "Edit")
    command = OpCommand(document, changes, label, merge_key)
    document.undo_stack.push(command)
    return command
