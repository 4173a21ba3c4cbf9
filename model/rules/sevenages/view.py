"""What a seat may see (E&N: Fog of war; 7A facts 2.1 face-down markers; hands are private).

A neutral stack shows only its count until it has been revealed (conflict, disorder, peace
mission, economic aid, modernising, military advisors); from then on it lies face up for all.
Other players' hands show as a count, their markers as face down until their step comes, and in
the log their marker, trade, destiny and commitment choices read ``?``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from model.rules.protocol import PUBLIC, LogEntry
from model.rules.sevenages.game import NEUTRAL

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState

PRIVATE = {"bid": 0, "wild": 0, "mark": 1, "give": 0, "drop": 0, "commit": 0}
"""Verbs whose words from this index on only the acting player may read."""


def stack_view(state: SevenAgesState, area: str, seat: str | None) -> list[dict[str, Any]]:
    """Return the units of an area as any seat sees them (neutral stacks face down until revealed)."""
    shown: list[dict[str, Any]] = []
    hidden = state.game.fog_of_war and not state.board.areas[area].revealed
    neutral_count = 0
    for unit in state.board.units.get(area, ()):
        if unit.owner == NEUTRAL and hidden:
            neutral_count += 1
            continue
        shown.append({"owner": unit.owner, "kind": unit.kind, "level": unit.level})
    if neutral_count:
        shown.append({"owner": NEUTRAL, "count": neutral_count, "hidden": True})
    return shown


def marker_view(state: SevenAgesState, player: str, seat: str | None) -> dict[str, str]:
    """Return a player's markers: all of them to their owner, the revealed ones to the others."""
    from model.rules.sevenages.sequence import STEPS

    markers = state.board.players[player].markers
    if seat == player:
        return dict(markers)
    step = state.board.step if state.board.phase == "step" else 0
    return {
        slot: marker
        if marker not in ("none", "wild") and STEPS.index(marker.removeprefix("wild:")) < step
        else "?"
        for slot, marker in markers.items()
    }


def view(state: SevenAgesState, seat: str | None) -> dict[str, Any]:
    """Return the position as ``seat`` may see it (None: the public view, what every seat may see).

    The whole position, face-down stacks and hands included, is ``State.to_json()``.
    """
    board = state.board
    owners = state.area_owners()
    areas = {
        area: {
            "owner": owners[area],
            "city": info.city,
            "capital": info.capital,
            "fort": info.fort,
            "disorder": info.disorder,
            "revealed": info.revealed,
            "units": stack_view(state, area, seat),
        }
        for area, info in board.areas.items()
    }
    players = {
        p: {
            "glory": data.glory,
            "hand": list(data.hand) if seat == p else len(data.hand),
            "markers": marker_view(state, p, seat),
            "counters": data.counters,
            "emissary": data.emissary,
        }
        for p, data in board.players.items()
    }
    empires = {
        e: {"player": d.player, "progress": d.progress, "treasury": d.treasury, "shade": d.shade}
        for e, d in board.empires.items()
    }
    return {
        "turn": board.turn,
        "order": list(board.order),
        "step": board.step,
        "areas": areas,
        "players": players,
        "empires": empires,
        "log": [entry.to_json() for entry in log_for(state, PUBLIC if seat is None else seat)],
    }


def log_for(state: SevenAgesState, seat: str) -> list[LogEntry]:
    """Return the log with other players' private choices masked (``seq`` kept)."""
    seen: list[LogEntry] = []
    for entry in state.log:
        words = entry.action.split()
        keep = PRIVATE.get(words[0]) if words else None
        if keep is not None and entry.player != seat and len(words) > keep + 1:
            entry = replace(entry, action=" ".join([*words[: keep + 1], "?"]))
        seen.append(entry)
    return seen
