"""Small records the state keeps between actions, with named fields.

Each is a ``NamedTuple``: immutable (a clone shares them), and saved by ``EotmaState.to_json`` as
the plain list of its fields in order, which ``from_json`` reads back with ``from_list``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple


class Parley(NamedTuple):
    """The parley being voted (20.4): its kind, caller, subject area (-1 none), other player
    (-1 none) and the yes and no votes so far."""

    kind: str
    caller: int
    area: int
    other: int
    yes: int = 0
    no: int = 0

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> Parley:
        kind, caller, area, other, yes, no = data
        return cls(str(kind), int(caller), int(area), int(other), int(yes), int(no))


NO_PARLEY = Parley("", -1, -1, -1)
"""``state.parley`` when no parley is being voted (saved as an empty list)."""


class Attack(NamedTuple):
    """A raid or Magnate attack waiting its turn (24): ``kind`` is ``raid`` or ``magnate``; the
    raiders' or Magnate's name and stature, the target area, the Magnate's base area (-1 for a
    raid), and the attackers' language and religion ids (None when they have none)."""

    kind: str
    name: str
    stature: int
    target: int
    base: int
    language: str | None = None
    religion: str | None = None

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> Attack:
        kind, name, stature, target, base, language, religion = data
        return cls(str(kind), str(name), int(stature), int(target), int(base), language, religion)


class DeferredCheck(NamedTuple):
    """A rebellion check awaiting tie waivers (12.42): the area, the gold spent on it, the waivers
    given, the answers still to come, the answers asked, the index of its reason in
    ``rebellion.REASONS``, and the conversion C results held until the roll (22.2)."""

    area: int
    gold: int
    waived: int
    left: int
    asked: int
    reason: int
    held: int

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> DeferredCheck:
        area, gold, waived, left, asked, reason, held = (int(v) for v in data)
        return cls(area, gold, waived, left, asked, reason, held)


__all__ = ["NO_PARLEY", "Attack", "DeferredCheck", "Parley"]
