"""7 Ages players in the play-test panel: each player's empires, glory, hand and markers, and the
treasuries the seats table shows, as the seat looking may know them.

Seats are players (the contract of issue 14), each with empires on the map that come and go; the
play-test's side list carries one row per player (its empires, glory, cards in hand, markers as
the view shows them: another player's face-down markers read ``?``, 7A facts 2.1), then the
white neutrals.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from editor.playtest.chips import owner_colour
from editor.playtest.status import SEAT_COLOUR
from editor.rulesets import PictureContext, SeatTable, SideList

NEUTRAL = "neutral"
NEUTRALS = "Neutrals"
"""The ``kind`` of the white neutrals' row."""

SIDE_LIST = SideList(
    headings=("Player / neutrals", "Glory", "Empires", "Markers / areas", "Cards / units"),
    tip="Each player's glory, empires on the map, markers and cards in hand (7A facts 2.1, 2.16), "
    "then the white neutral units (E&N: Neutral Units and Areas)",
    # Players have no marker on the map; the neutrals stand as white counters (E&N).
    marks={"Player": "", NEUTRALS: "□"},
    default_mark="",
)
"""The side list's columns: ``stature`` the glory, ``attacks`` the empires, ``where`` the markers
(the neutrals: their areas), ``holds`` the cards in hand (the neutrals: their units)."""

SEAT_TABLE = SeatTable(
    headings=("Player", "Played by", "Empires: money", "Glory", ""),
    tips=(
        "The player (players take over empires, 7A facts 1)",
        "Who plays it: you or an AI level",
        "Each of the player's empires on the map with its treasury (7A facts 2.8)",
        "Glory harvested so far: the most glory wins (7A facts 1, 2.16)",
        "",
    ),
)
"""The seats table's columns: the seats are players, ``gold`` their empires' treasuries, ``vp``
their glory; players hold no court, so that column is hidden."""


def _markers(markers: Mapping[str, str], names: Mapping[str, str]) -> str:
    shown = []
    for slot, marker in markers.items():
        where = "empty slot" if slot == "slot" else names.get(slot, slot)
        shown.append(f"{where}: {marker.replace('wild:', 'wild card for ')}")
    return "; ".join(shown)


def player_rows(view: Mapping[str, Any], context: PictureContext) -> list[dict[str, Any]]:
    """Rows of the side list: a player's empires (with progress and treasury), glory, hand, markers.

    Columns of the shared list: ``stature`` holds the glory, ``attacks`` the empires on the map,
    ``where`` the markers, ``holds`` the cards in hand (the list to its owner, a count to others).
    """
    names = {**context.names, **context.seat_names}
    empires = view.get("empires") or {}
    rows: list[dict[str, Any]] = []
    for player, data in (view.get("players") or {}).items():
        own = [e for e, d in empires.items() if d.get("player") == player]
        listed = ", ".join(
            f"{names.get(e, e)} (progress {empires[e].get('progress')}, money {empires[e].get('treasury')})"
            for e in own
        )
        hand = data.get("hand")
        cards = len(hand) if isinstance(hand, list) else int(hand or 0)
        # An empire card reads by its empire's name; a generic card by its id (its value shows
        # beside each choice naming it, the engine's preview).
        held = ", ".join(names.get(str(c), str(c)) for c in hand) if isinstance(hand, list) else cards
        markers = _markers(data.get("markers") or {}, names)
        counters = int(data.get("counters") or 0)
        title = str(data.get("name") or names.get(player, player))
        tip = [
            f"{title}: glory {data.get('glory', 0)} (7A facts 2.16)",
            f"empires on the map: {listed or 'none'}",
            f"cards in hand: {held}",
            f"markers: {markers or 'none yet'} (7A facts 2.1)",
        ]
        if counters or data.get("emissary"):
            tip.append(f"emissary counters: {counters} (E&N: Emissary Action)")
        rows.append(
            {
                "name": title,
                # A player has no colour of its own (its empires have): the seats table's then.
                "colour": owner_colour(own[0], context.colours) if own else SEAT_COLOUR,
                "kind": "Player",
                "where": markers,
                "stature": data.get("glory", 0),
                "holds": cards,
                "attacks": ", ".join(names.get(e, e) for e in own),
                "tip": "\n".join(tip),
            }
        )
    return rows


def side_rows(view: Mapping[str, Any], context: PictureContext) -> list[dict[str, Any]]:
    """The editor part's ``side_rows``: one row per player, then the white neutrals on the map."""
    rows = player_rows(view, context)
    stacks = areas = 0
    for data in (view.get("areas") or {}).values():
        units = data.get("units") or []
        here = sum(int(u.get("count") or 1) for u in units if u.get("owner") == NEUTRAL)
        stacks += here
        areas += 1 if here else 0
    if stacks:
        rows.append(
            {
                "name": "Neutrals",
                "colour": context.colours.get(NEUTRAL, "#ffffff"),
                "kind": NEUTRALS,
                "where": f"{areas} areas" if areas != 1 else "1 area",
                "stature": "",
                "holds": stacks,
                "attacks": "",
                "tip": f"white neutral units: {stacks} in {areas} areas (E&N: Neutral Units and Areas)",
            }
        )
    return rows


def seat_gold(state: Any, view: Mapping[str, Any], seat: str, looking: str | None) -> Any:
    """The seats table's Gold column: an empire's treasury ("" for a card in the deck); for a
    player id, each of its empires' treasuries, by name.

    The engine's view shows every empire's treasury to every seat (the facts sheet hides only
    hands, face-down markers and neutral stacks), so the view the table is given serves any seat
    looking; asking for each seat's own view per row would mask the whole log per row and refresh.
    """
    empires = view.get("empires") or {}
    if seat in empires:
        return empires[seat].get("treasury", "")
    names = getattr(getattr(state, "game", None), "names", {})
    own = [(e, d) for e, d in empires.items() if d.get("player") == seat]
    return ", ".join(f"{names.get(e, e)} {d.get('treasury', 0)}" for e, d in own)
