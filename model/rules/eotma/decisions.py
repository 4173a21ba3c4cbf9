"""Small values shared by the rule modules: decisions pending inside a turn, civilisation marker bits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Civilisation markers (35) as bits of ``civ``.
CATHEDRAL, COMMERCE, PALACE, UNIVERSITY = 1, 2, 4, 8


@dataclass(frozen=True)
class Pending:
    """A decision another player (or the active one) must take inside a turn.

    ``kind``: ``defense`` (13), ``oppose`` (12.2), ``relocate`` (7.52 house default), ``discard``
    (19.2 hand limit), ``maintain`` (33.23 unpaid units), ``transfer`` (22.21) and the parley,
    crusade and raider decisions of their modules.
    ``action`` is the text of the endeavour waiting for the decision; ``data`` extra numbers
    (the defender's gold for a defense already chosen, the areas a court may move to).
    """

    kind: str
    player: int
    action: str = ""
    data: tuple[int, ...] = ()

    def to_json(self) -> list[Any]:
        """Return the decision as plain JSON data."""
        return [self.kind, self.player, self.action, list(self.data)]

    @classmethod
    def from_json(cls, data: list[Any]) -> Pending:
        """Rebuild a decision saved by :meth:`to_json`."""
        return cls(str(data[0]), int(data[1]), str(data[2]), tuple(int(x) for x in data[3]))
