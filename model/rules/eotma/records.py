"""Small records the state keeps between actions, with named fields.

Each is a ``NamedTuple``: immutable (a clone shares them), and saved by ``Position.to_json`` as
the plain list of its fields in order, which ``from_json`` reads back with ``from_list``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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


class TaxWait(NamedTuple):
    """A tax or plunder awaiting tie waivers (12.42): the area, the gold asked, the waivers given
    so far, the opponents asked, and whether it is a plunder (16.2) rather than a tax (16.1)."""

    area: int
    gold: int
    waived: int
    asked: int
    plunder: bool

    def to_list(self) -> list[int]:
        return [self.area, self.gold, self.waived, self.asked, int(self.plunder)]

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> TaxWait:
        area, gold, waived, asked, plunder = (int(v) for v in data)
        return cls(area, gold, waived, asked, bool(plunder))


class Agreement(NamedTuple):
    """A binding agreement (20.3): the player who proposed it, the one who consented, its terms."""

    proposer: int
    accepter: int
    terms: str

    def parties(self) -> frozenset[int]:
        """Return both parties (20.44: either may call a parley when the other breaks it)."""
        return frozenset((self.proposer, self.accepter))

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> Agreement:
        proposer, accepter, terms = data
        return cls(int(proposer), int(accepter), str(terms))


class Crusade(NamedTuple):
    """A crusade under way (23.32): its leader (step 1), the index in ``order`` of the crusader
    asked last, and the crusaders in the order of their endeavours (step 2). Saved as
    ``[leader, asked, *order]``."""

    leader: int
    asked: int
    order: tuple[int, ...]

    def to_list(self) -> list[int]:
        return [self.leader, self.asked, *self.order]

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> Crusade:
        leader, asked, *order = (int(v) for v in data)
        return cls(leader, asked, tuple(order))


class ClaimWatch(NamedTuple):
    """House default 18 method 1: a player holding and tied to an area of its leader's religion,
    watched until the end of its next turn for a claim."""

    player: int
    area: int

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> ClaimWatch:
        player, area = data
        return cls(int(player), int(area))


@dataclass(frozen=True, slots=True)
class Located:
    """An endeavour placed on the board: indices of target and base, and the sea areas it crosses
    (its price is ``ratings.cost(state, kind, seas, extra)``, 9.17, 9.33)."""

    kind: str
    player: int
    target: int
    base: int
    seas: int


class Partial(NamedTuple):
    """C results one holder has against an area from one base (10.3-10.38): the holder (a
    player, or a Magnate's owner code) and how many."""

    holder: int
    results: int


__all__ = [
    "NO_PARLEY",
    "Agreement",
    "Attack",
    "ClaimWatch",
    "Crusade",
    "DeferredCheck",
    "Located",
    "Parley",
    "Partial",
    "TaxWait",
]
