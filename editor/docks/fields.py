"""What every field editor of a generated form shares: the editor base class and field changes.

An editor shows the values of the selected objects and emits ``committed(value)`` when the user
changes it. Editors of lists and dicts emit a *change* (``FieldChange``) rather than a whole value
when the selected objects disagree, so that ticking one more empire adds it to every selected
object and keeps what each already had; ``resolve_edit`` turns a change into the new value of one
object. When the objects agree, the editors emit the plain new value, so a form of one object
(the play-test options) never sees a change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

ChoiceProvider = Callable[[str], list[tuple[str, str]]]
"""Returns ``(id, display name)`` pairs for a reference kind ("area", "language", "owner"...)."""

MIXED: Any = object()
"""The value shown when the selected objects disagree."""


class FieldChange:
    """A change to a field's value that applies to each selected object's own value."""

    def apply(self, old: Any) -> Any:
        """Return the new value of a field whose value is ``old``."""
        raise NotImplementedError


@dataclass(frozen=True)
class ToggleReference(FieldChange):
    """Add a reference to a list (at its end, once) or remove it."""

    ref: str
    on: bool

    def apply(self, old: Any) -> Any:
        """The list with ``ref`` added or removed (other items keep their order)."""
        items = [x for x in old if x != self.ref] if isinstance(old, list) else []
        return [*items, self.ref] if self.on else items


@dataclass(frozen=True)
class SetKey(FieldChange):
    """Set one key of a dict."""

    key: str
    value: Any

    def apply(self, old: Any) -> Any:
        """The dict with ``key`` set to ``value``."""
        return {**(old if isinstance(old, dict) else {}), self.key: self.value}


@dataclass(frozen=True)
class RemoveKey(FieldChange):
    """Remove one key of a dict."""

    key: str

    def apply(self, old: Any) -> Any:
        """The dict without ``key``."""
        return {k: v for k, v in (old if isinstance(old, dict) else {}).items() if k != self.key}


def resolve_edit(value: Any, old: Any) -> Any:
    """The new value of a field that was ``old`` after an edit that emitted ``value``."""
    return value.apply(old) if isinstance(value, FieldChange) else value


def get_path(data: Any, path: tuple[str, ...]) -> Any:
    """The value at ``path`` (field names) in nested dicts, or None when a level is missing."""
    value: Any = data
    for name in path:
        value = value.get(name) if isinstance(value, dict) else None
    return value


class FieldEditor(QObject):
    """One field's widget; emits ``committed(value)`` when the user changes it.

    ``merges`` says whether the last emitted edit continues the previous edit of the same field
    (typing, spinning: one undo step for the lot) or is a step of its own (a pick, an added row);
    ``merge_tag`` narrows "the same field" to a part of it (one record of a list of records).
    """

    committed = Signal(object)
    invalid = Signal(str)

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.widget = widget
        self.merges = True
        self.merge_tag: Any = None
        self._loading = False

    def set_value(self, value: Any) -> None:
        """Show a value (``MIXED`` when the selected objects disagree) without emitting."""
        self._loading = True
        try:
            self._show(value)
        finally:
            self._loading = False

    def set_values(self, values: list[Any]) -> bool:
        """Show the values of all selected objects; return whether they disagree.

        Editors that can show how the objects disagree (which references some of them hold)
        override ``_show_all``.
        """
        mixed = any(v != values[0] for v in values[1:])
        self._loading = True
        try:
            self._show_all(values, mixed)
        finally:
            self._loading = False
        return mixed

    def _show_all(self, values: list[Any], mixed: bool) -> None:
        self._show(MIXED if mixed else (values[0] if values else None))

    def set_choices(self, choices: ChoiceProvider) -> None:
        """Re-read the choices of reference pickers (after empires or catalog entries changed)."""

    def _show(self, value: Any) -> None:
        raise NotImplementedError

    def _emit(self, value: Any, merges: bool = True, tag: Any = None) -> None:
        if not self._loading:
            self.merges = merges
            self.merge_tag = tag
            self.committed.emit(value)
