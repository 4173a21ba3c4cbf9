"""What the play-test panel and banner say about a position: round, phase, who acts, the seats.

Pure functions of the session, its view and the scenario (no widgets), so the controller only
puts the text and rows where they go.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from editor import rulesets
from editor.playtest.session import HUMAN, PlaytestSession
from model.rules import protocol
from model.rules.protocol import PUBLIC
from model.scenario import Scenario

SEAT_COLOUR = "#e0e0e0"
"""The seats table's colour for a seat that is no empire of the scenario (a player)."""


def first_round(ruleset: str) -> int:
    """What round 0 of the engine's cursor is called (1 for an engine that counts from 0)."""
    return rulesets.get(ruleset).first_round


def seat_names(session: PlaytestSession) -> dict[str, str]:
    """The name of every side of the session's game: the scenario's empires and Magnates, and
    what the engine names itself (its seats when they are no empires: ``Game.seat_names``)."""
    return protocol.seat_names(session.scenario, session.game)


def player_name(names: Mapping[str, str] | Scenario, player: str | None) -> str:
    """A seat's name from :func:`seat_names` ("nobody" for None, the id itself when unnamed).

    Given a scenario instead, its empires' and Magnates' names (no engine's own seat names).
    """
    if player is None:
        return "nobody"
    if isinstance(names, Scenario):
        names = protocol.seat_names(names)
    return names.get(player, player)


def status_parts(session: PlaytestSession, view: Mapping[str, Any], scenario: Scenario) -> list[str]:
    """The status line in rich-text parts: round, phase, whose turn, result or who acts, decision,
    and last the seed and action count (the banner leaves that one out)."""

    names = seat_names(session)

    def name(player: str | None) -> str:
        return player_name(names, player)

    round_, phase = session.state.cursor()
    start = first_round(session.scenario.ruleset.id)
    player = session.current_player()
    seat = session.seats.get(player or "", "")
    who = f"{html.escape(name(player))} ({'you' if seat == HUMAN else 'AI ' + seat})" if player else ""
    parts = []
    if "year" in view:
        parts.append(f"<b>Round {round_ + start}</b> ({view['year']})")
    else:
        parts.append(f"<b>Turn {round_ + start}</b>")
    parts.append(f"phase <b>{html.escape(str(phase))}</b>")
    if view.get("active") and view.get("active") != player:
        parts.append(f"turn of {html.escape(name(view['active']))}")
    if session.state.is_over():
        scores = session.state.scores()
        best = max(scores.values()) if scores else 0
        winners = ", ".join(name(p) for p, s in scores.items() if s == best)
        parts.append(f"<b>Game over</b>: {html.escape(winners)} won")
    elif player:
        parts.append(f"to act: <b>{who}</b>{', thinking…' if session.thinking else ''}")
    if view.get("decision"):
        parts.append(f"decision: <b>{html.escape(str(view['decision']))}</b>")
    parts.append(f"seed {session.seed}, {len(session.actions)} actions")
    return parts


def seat_rows(session: PlaytestSession, view: Mapping[str, Any], scenario: Scenario) -> list[dict[str, Any]]:
    """One row per seat of the game, in seat order: who plays it, gold, VP, court, whether it acts.

    The seats are the engine's (``Game.players()``): the scenario's empires, or players who take
    over empires in a ruleset whose seats are no empires; such a seat has no colour of its own and
    shows :data:`SEAT_COLOUR` (a colour of its own would read as one of the empires' on the map).
    """
    scores = session.state.scores()
    empires = view.get("empires", {})
    gold_of = rulesets.get(session.scenario.ruleset.id).seat_gold
    seat_looking = looking(session)
    names = seat_names(session)
    colours = {e.id: e.colour for e in scenario.setup.empires}
    rows = []
    acting = session.current_player()
    area_names = {a.id: a.name for a in scenario.map.areas}
    for player in session.game.players():
        data = empires.get(player) or {}
        gold = gold_of(session.state, view, player, seat_looking) if gold_of else ""
        seat = session.seats.get(player, "")
        rows.append(
            {
                "seat": player_name(names, player),
                "colour": colours.get(player, SEAT_COLOUR),
                "played_by": "You" if seat == HUMAN else f"AI {seat}",
                "gold": gold,
                "vp": f"{scores.get(player, 0):g}",
                "court": area_names.get(data.get("court") or "", data.get("court"))
                or ("exiled" if data.get("exiled") else ""),
                "acting": player == acting,
            }
        )
    return rows


def viewer(session: PlaytestSession) -> str | None:
    """The seat whose own hidden orders the map may show: the human seat to act, else the only one.

    With several human seats (hot seat) and an AI to act, nobody's: each person sees their own
    tokens only while it is their turn.
    """
    humans = [player for player, seat in session.seats.items() if seat == HUMAN]
    player = session.current_player()
    if player in humans:
        return player
    return humans[0] if len(humans) == 1 else None


def looking(session: PlaytestSession) -> str | None:
    """Whose knowledge the log and the seats table show: None for the author watching AI seats
    only (everything), else the human seat of :func:`viewer`, or ``PUBLIC`` (no seat's secrets)
    when several humans share the screen and none of them is to act (as ``log_seen_by``)."""
    if not any(seat == HUMAN for seat in session.seats.values()):
        return None
    return viewer(session) or PUBLIC
