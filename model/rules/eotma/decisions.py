"""Small values shared by the rule modules: decisions pending inside a turn, civilisation marker bits."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from model.rules.eotma.actions import CODEC, Endeavour

# Civilisation markers (35) as bits of ``civ``.
CATHEDRAL, COMMERCE, PALACE, UNIVERSITY = 1, 2, 4, 8


class DecisionKind(StrEnum):
    """What a pending decision asks; the values are the words saved states and replays hold."""

    DEFENSE = "defense"
    """13: defend against an endeavour (``Pending.action`` is the endeavour)."""
    OPPOSE = "oppose"
    """12.2: gold against a diplomacy endeavour (``Pending.action`` is the endeavour)."""
    NPC_DEFENSE = "npc-defense"
    """24, 23.32: defend against raiders, a Magnate or a crusader (``about`` names the attack)."""
    WAIVE = "waive"
    """12.42: waive a tie before a rebellion check, a tax or a plunder."""
    ASYLUM = "asylum"
    """21.2: grant an exile asylum."""
    RELOCATE = "relocate"
    """21.3, house default 7.52: choose where a lost court moves."""
    CONTEST = "contest"
    """20.41, 20.43: contest a diplomatic conquest or an inheritance."""
    VOTE = "vote"
    """20.4: vote in a parley."""
    COMPLY = "comply"
    """20.41: return an area or be excommunicated."""
    AGREEMENT = "agreement"
    """20.3: accept a binding agreement."""
    ROUTE = "route"
    """23.32 step 3: where the crusade sets out."""
    PASSAGE = "passage"
    """23.32 step 4: let the crusaders pass."""
    LOAN = "loan"
    """23.32 step 2: lend a crusader gold."""
    CRUSADE = "crusade"
    """23.32: a crusader's attack, pillage, loan or pass."""
    CRUSADER_STATE = "crusader-state"
    """23.32 step 5: found a crusader state."""
    CONSENT = "consent"
    """23.32 step 5: consent to a crusader state."""
    DISCARD = "discard"
    """19.2: discard a holding card over the hand limit."""
    MAINTAIN = "maintain"
    """33.23: choose the unpaid unit points to remove."""
    TRANSFER = "transfer"
    """22.21: accept a partial conversion."""
    LOSS = "loss"
    """33.33, 35.24: what a -1 result takes, a level, an army point or a civilisation marker
    (``Pending.action`` is the endeavour; ``data`` the card, rating and answers so far, see
    ``endeavours.losses``). A raid's, Magnate's or crusader's -1 asks it too, with no endeavour:
    ``about`` then names the attack (its first word one of :data:`ATTACKS`)."""


DEFENSES = frozenset((DecisionKind.DEFENSE, DecisionKind.NPC_DEFENSE))
"""The decisions answered with ``defend`` or ``decline`` (13, 24)."""

ABOUT_ENDEAVOUR = frozenset((DecisionKind.DEFENSE, DecisionKind.OPPOSE, DecisionKind.LOSS))
"""The decisions about a declared endeavour, which ``Pending.action`` holds as a value."""

ATTACKS = frozenset(("raid", "magnate", "crusade-attack", "crusade-pillage"))
"""The first words naming an attack that is no player's endeavour (24, 23.32) in ``about``."""


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision another player (or the active one) must take inside a turn.

    ``kind`` says what is asked (:class:`DecisionKind`); ``action`` the endeavour waiting for the
    decision (defense, opposition), as a value; ``about`` what else the decision concerns, in
    words (the attack, the parley's kind, the agreement's terms, the tax or plunder waived...);
    ``data`` extra numbers (the areas a court may move to, the voter's area...).
    """

    kind: DecisionKind
    player: int
    about: str = ""
    data: tuple[int, ...] = ()
    action: Endeavour | None = None

    @property
    def subject(self) -> str:
        """What the decision concerns, as the text saved states hold (the endeavour or ``about``)."""
        return str(self.action) if self.action is not None else self.about

    def to_json(self) -> list[Any]:
        """Return the decision as plain JSON data: ``[kind, player, subject, data]``."""
        return [self.kind.value, self.player, self.subject, list(self.data)]

    @classmethod
    def from_json(cls, data: list[Any]) -> Pending:
        """Rebuild a decision saved by :meth:`to_json` (the endeavour parsed back to a value)."""
        kind = DecisionKind(data[0])
        numbers = tuple(int(x) for x in data[3])
        text = str(data[2])
        if kind in ABOUT_ENDEAVOUR and text and text.split(" ", 1)[0] not in ATTACKS:
            action = CODEC.parse(text)
            if not isinstance(action, Endeavour):
                raise ValueError(f"a saved {kind.value} decision names {text!r}, which is not an endeavour")
            return cls(kind, int(data[1]), "", numbers, action)
        return cls(kind, int(data[1]), text, numbers)


__all__ = [
    "ABOUT_ENDEAVOUR",
    "ATTACKS",
    "CATHEDRAL",
    "COMMERCE",
    "DEFENSES",
    "PALACE",
    "UNIVERSITY",
    "DecisionKind",
    "Pending",
]
