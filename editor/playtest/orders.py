"""Seasons order tokens on the play-test map: which ones may be drawn, and how each one looks.

Seasons tokens lie face down until the reveal (Seasons: Tokens, Turns). The map shows what the
seat at the computer may know: its own tokens placed this turn (marked as still hidden from the
others), every token from the reveal until the turn ends, and otherwise the tokens of the last
reveal, so that what every nation did stays readable after the turn resolved in one step.
Another nation's token is never drawn before its reveal. Pure data: the overlay draws the marks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from editor.playtest.chips import Chip, Colours

OWN, REVEALED, LAST = "own", "revealed", "last"
"""How a token is known: placed by the viewer and face down to the others, face up this turn,
or face up at the last reveal (an earlier turn)."""

KIND_TEXT = {"move": "M", "aid": "A", "pillage": "P"}
"""The letter on a token's chip (Seasons: Tokens)."""

HIDDEN_OUTLINE = "#ffd400"
"""The viewer's own face-down tokens get the gold outline the map uses for what is still pending."""


@dataclass(frozen=True)
class OrderMark:
    """One order token to draw: a chip on its source area and, toward another area, an arrow."""

    nation: str
    kind: str
    source: str
    target: str
    units: tuple[str, ...]
    known: str
    """``OWN``, ``REVEALED`` or ``LAST``."""
    turn: int


def seasons_order_marks(state: Any, viewer: str | None) -> list[OrderMark]:
    """The tokens of a Seasons state that ``viewer`` (a nation, None: nobody's own) may see now."""
    current = state.orders_seen_by(viewer)
    turn = int(state.board.turn)
    if current:
        return [_mark(order, REVEALED if order["revealed"] else OWN, turn) for order in current]
    last_turn, last = state.last_revealed_orders()
    # At the end of the game the last reveal is this turn's: its tokens are simply face up.
    known = REVEALED if last_turn == turn else LAST
    return [_mark(order, known, last_turn) for order in last]


def order_marks_for(ruleset: str, state: Any, viewer: str | None) -> list[OrderMark]:
    """The order tokens to draw for a state of any ruleset (none but Seasons has hidden orders)."""
    return seasons_order_marks(state, viewer) if ruleset == "seasons" else []


def _mark(order: Mapping[str, Any], known: str, turn: int) -> OrderMark:
    return OrderMark(
        nation=str(order["nation"]),
        kind=str(order["kind"]),
        source=str(order["source"]),
        target=str(order["target"]),
        units=tuple(str(u) for u in order.get("units") or ()),
        known=known,
        turn=turn,
    )


def _paler(colour: str) -> str:
    """The colour halfway to white: last turn's tokens stand back from this turn's."""
    text = colour.lstrip("#")
    if len(text) != 6:
        return colour
    channels = [int(text[i : i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{(c + 255) // 2:02x}" for c in channels)


def describe(mark: OrderMark, names: Mapping[str, str]) -> str:
    """A token in words: kind, nation, from where to where, units, and who can see it."""
    source, target = names.get(mark.source, mark.source), names.get(mark.target, mark.target)
    where = source if mark.source == mark.target else f"{source} → {target}"
    units = f", units {', '.join(mark.units)}" if mark.units else ""
    seen = {
        OWN: "face down: the other nations see it at the reveal",
        REVEALED: "revealed",
        LAST: f"revealed in turn {mark.turn}",
    }[mark.known]
    return f"{mark.kind} token of {mark.nation}: {where}{units} ({seen})"


def order_chip(mark: OrderMark, names: Mapping[str, str], colours: Colours) -> Chip:
    """The chip of a token on its source area: the kind's letter in the nation's colour."""
    fill = colours.get(mark.nation, "#808080")
    text = KIND_TEXT.get(mark.kind, mark.kind[:1].upper())
    if mark.source != mark.target:
        text += "→"
    outline = HIDDEN_OUTLINE if mark.known == OWN else "#202020"
    return Chip(text, _paler(fill) if mark.known == LAST else fill, describe(mark, names), outline=outline)


def chips_by_area(
    marks: Sequence[OrderMark], names: Mapping[str, str], colours: Colours
) -> dict[str, tuple[Chip, ...]]:
    """The token chips of each source area, in the order the tokens were placed."""
    chips: dict[str, list[Chip]] = {}
    for mark in marks:
        chips.setdefault(mark.source, []).append(order_chip(mark, names, colours))
    return {area: tuple(found) for area, found in chips.items()}
