"""What the user has selected: a set of ids (areas, boundaries, connections, units, empires...).

Ids are unique across the whole scenario, so one set is enough; views look each id up to find its
kind. The map, the inspector, the tables and the issues dock all share one ``Selection``.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QObject, Signal


class Selection(QObject):
    """The shared selection; ``changed(tuple[str, ...])`` fires only when the ids really change."""

    changed = Signal(tuple)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ids: tuple[str, ...] = ()

    @property
    def ids(self) -> tuple[str, ...]:
        """The selected ids, in the order they were selected."""
        return self._ids

    def set(self, ids: Iterable[str]) -> None:
        """Replace the selection (duplicates dropped, order kept)."""
        new = tuple(dict.fromkeys(ids))
        if new != self._ids:
            self._ids = new
            self.changed.emit(new)

    def toggle(self, item_id: str) -> None:
        """Add the id when absent, remove it when present (Ctrl+click)."""
        if item_id in self._ids:
            self.set(i for i in self._ids if i != item_id)
        else:
            self.set((*self._ids, item_id))

    def clear(self) -> None:
        """Select nothing."""
        self.set(())

    def prune(self, existing: set[str]) -> None:
        """Drop ids that no longer exist (after an undo removed an area, say)."""
        kept = [i for i in self._ids if i in existing]
        if len(kept) != len(self._ids):
            self.set(kept)
