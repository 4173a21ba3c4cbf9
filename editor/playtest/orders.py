"""Hidden order tokens on the play-test map (Seasons' move, aid and pillage tokens, for one): how
each one looks. Which tokens the seat at the computer may see is the ruleset's to say (its editor
part's ``order_marks``); another seat's token is never drawn before its reveal. Pure data: the
overlay draws the marks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from editor import rulesets
from editor.playtest.chips import Chip, Colours

OWN, REVEALED, LAST = "own", "revealed", "last"
"""How a token is known: placed by the viewer and face down to the others, face up this turn,
or face up at the last reveal (an earlier turn)."""

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


def order_marks_for(ruleset: str, state: Any, viewer: str | None) -> list[OrderMark]:
    """The order tokens ``viewer`` may see in a state of any ruleset (its editor part decides)."""
    part = rulesets.get(ruleset)
    return [] if part.order_marks is None else list(part.order_marks(state, viewer))


def mark(order: Mapping[str, Any], known: str, turn: int) -> OrderMark:
    """An order token from its plain data (``nation``, ``kind``, ``source``, ``target``, ``units``)."""
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
    text = mark.kind[:1].upper()  # move M, aid A, pillage P
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
