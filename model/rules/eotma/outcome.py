"""What an endeavour needs from its year card, the chance of getting it, and a logged outcome in words.

An endeavour turns up the actor's next year card and applies the results the card prints for the
effectiveness rating (9, 11.2, 12.3, 14.2, 15.2). It *succeeds* when the card gives its own result
at that rating: a conquest a C, a pillage a G, a diplomacy a T or C (12.3), a fortification or a
raised army or fleet an F (14.2, 33), a rule or a building a +1 on the target (15.2, 35). A
defended attack whose rating falls below zero gets no result that helps the attacker (13.22).

The chance is counted over the year deck (the next card is face down: every card of the deck may
come up), before any defense or opposing gold, which can only lower it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from model.rules.eotma.actions import Endeavour
from model.rules.eotma.cards import YearCard
from model.rules.eotma.endeavours.common import is_conversion, locate
from model.rules.eotma.ratings import base_rating

if TYPE_CHECKING:
    from model.rules.eotma.position import Position

WANTED: dict[str, tuple[str, tuple[str, ...], str]] = {
    "conquest": ("conquest", ("C",), "result"),
    "pillage": ("pillage", ("G",), "result"),
    "diplomacy": ("diplomacy", ("T", "C", "T/C"), "result"),
    "fortify": ("fortify", ("F",), "result"),
    "raise_army": ("fortify", ("F",), "result"),
    "raise_fleet": ("fortify", ("F",), "result"),
    "rule": ("rule", ("+1",), "target"),
    "build": ("rule", ("+1",), "target"),
}
"""Endeavour kind -> (the card row it reads, the codes that make it succeed, their column)."""

NEEDS: dict[str, str] = {kind: " or ".join(codes[:2]) for kind, (_row, codes, _column) in WANTED.items()}
"""What each kind needs from the card, in card codes ("C", "T or C")."""

_RESOLVED = re.compile(r"^(?P<kind>\w+) (?P<target>\S+): card (?P<card>\d+), rating (?P<rating>-?\d+)$")
"""The line ``endeavours.resolve`` logs when a card is turned up for an endeavour."""


def succeeds(card: YearCard, kind: str, rating: int, blocked: bool = False) -> bool:
    """Whether this card gives the endeavour its own result at this rating (13.22: none when blocked)."""
    if blocked or kind not in WANTED:
        return False
    row, codes, column = WANTED[kind]
    return any(r.code in codes and r.column == column and r.applies(rating) for r in card.for_kind(row))


def chance(state: Position, action: object) -> float | None:
    """The share of the year deck that makes this endeavour succeed at its rating now, or None when
    the action is no endeavour or a chart other than the year card decides (a conversion, 22.2)."""
    player = state.active()
    if not isinstance(action, Endeavour) or player < 0:
        return None
    at = locate(state, player, action)
    if isinstance(at, str) or at.kind not in WANTED:
        return None
    if at.kind == "conquest" and is_conversion(state, player, at.target):
        return None
    rating = base_rating(state, player, at.kind, at.target, at.base, at.seas) + action.gold
    cards = state.game.rules.year_cards
    return sum(succeeds(card, at.kind, rating) for card in cards) / len(cards)


def outcome(state: Position, effects: tuple[str, ...]) -> str:
    """The outcome of the endeavours a log entry resolved, e.g. "conquest of lorraine failed: card
    12 at rating 3 gives no C" (13.22 counted); empty when the entry resolved none (ids, not names: the editor
    names them)."""
    cards = state.game.rules.card_by_id
    said: list[str] = []
    for effect in effects:
        match = _RESOLVED.match(effect)
        if match is None or match["kind"] not in WANTED or int(match["card"]) not in cards:
            continue
        kind, target = match["kind"], match["target"]
        card_id, rating = int(match["card"]), int(match["rating"])
        card = cards[card_id]
        # 13.22: a defended attack below zero gets nothing that helps the attacker.
        blocked = kind in ("conquest", "pillage") and rating < 0 and _defended(effects)
        won = succeeds(card, kind, rating, blocked)
        said.append(
            f"{kind.replace('_', ' ')} of {target} {'succeeded' if won else 'failed'}: card {card_id} "
            f"at rating {rating} gives {'' if won else 'no '}{NEEDS[kind]}"
        )
    return "; ".join(said)


def _defended(effects: tuple[str, ...]) -> bool:
    return any(" defends: " in effect for effect in effects)
