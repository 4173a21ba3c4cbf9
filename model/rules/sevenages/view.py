"""What a seat may see (E&N: Fog of war; 7A facts 2.1 face-down markers; hands are private).

A neutral stack shows only its count until it has been revealed (conflict, disorder, peace
mission, economic aid, modernising, military advisors); from then on it lies face up for all.
Other players' hands show as a count, their markers as face down until their step comes, and in
the log their marker, trade, destiny and commitment choices read ``?``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from model.rules.protocol import PUBLIC, Action, LogEntry
from model.rules.sevenages.actions import Words
from model.rules.sevenages.decisions import decision_about
from model.rules.sevenages.game import NEUTRAL

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState

PRIVATE = {"bid": 0, "wild": 0, "mark": 1, "give": 0, "drop": 0, "commit": 0}
"""Verbs whose words from this index on only the acting player may read."""


def stack_view(state: SevenAgesState, area: str) -> list[dict[str, Any]]:
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

    ``decision_about`` is the pending decision in words (``model.rules.sevenages.decisions``), the
    same for every seat; each player's entry carries its ``name`` from the scenario. The whole
    position, face-down stacks and hands included, is ``State.to_json()``.
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
            "units": stack_view(state, area),
        }
        for area, info in board.areas.items()
    }
    players = {
        p: {
            "name": state.game.names.get(p, p),
            "glory": data.glory,
            "hand": list(data.hand) if seat == p else len(data.hand),
            "markers": marker_view(state, p, seat),
            "counters": data.counters,
            "emissary": data.emissary,
            "sets": list(data.sets),  # the colour sets picked are public (7A facts 1)
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
        "decision_about": decision_about(state),
        "log": [entry.to_json() for entry in log_for(state, PUBLIC if seat is None else seat)],
    }


def preview(state: SevenAgesState, action: Action) -> str:
    """Return a note for a human choosing ``action``: a commitment's value before the card, a
    purchase's price, a card's value and event (the player's own hand). Nothing about face-down
    neutrals (that would lift the fog of war)."""
    from model.rules.sevenages import conflict

    if not isinstance(action, Words):
        return ""
    rules = state.game.rules
    c = state.board.conflict
    if action.VERB == "commit" and c is not None and c["await"] is not None:
        side = c["await"][1]
        words = list(action.words)
        chosen = conflict.choose(
            state,
            side,
            conflict.available(state, side, c["area"]),
            int(words[0]) if words[0].isdigit() else words,
        )
        front, support = conflict.split(state, side, chosen)
        value = conflict.combat_value(state, side, 0, front, support)
        return f"{value} before the card drawn"
    if action.VERB in UNIT_WORDS:
        # "archers 3 1" reads as two counts: say which number is the level (7A facts 2.6).
        at = UNIT_WORDS[action.VERB]
        kind, level = action.word(at).replace("_", " "), action.word(at + 1)
        count = action.word(at + 2, "1")
        return f"{count} {kind} of level {level}"
    if action.VERB in CARD_VERBS and action.word(0) in state.game.cards:
        return _card_note(state, action.word(0))
    if action.VERB == "buy" and action.word(0) in rules.units:
        return f"costs {rules.units[action.word(0)].cost}"
    if action.VERB == "fort" or (action.VERB == "arms" and action.word(1) == "fort"):
        return f"costs {rules.fort_cost}"
    if action.VERB == "arms" and action.word(1) == "unit" and action.word(2) in rules.units:
        return f"costs {rules.units[action.word(2)].cost}, refunded if meddled with"
    return ""


UNIT_WORDS = {"move": 2, "send": 2, "ferry": 3}
"""Verbs naming units as KIND LEVEL [N] -> where KIND is (model.rules.sevenages.actions)."""
CARD_VERBS = frozenset({"bid", "start", "give", "drop", "play"})
"""Verbs whose first word is a card of the acting player's own hand (a bid is by value, 7A facts 1)."""


def _card_note(state: SevenAgesState, card: str) -> str:
    """A card's value and event, which its holder sees on its face (7A facts 3.2)."""
    found = state.game.cards[card]
    note = f"value {found.value}"
    if found.event:
        note += f", event {found.event.replace('_', ' ').lower()}"
    empire = state.game.empire_cards.get(card)
    if empire is not None:
        # Which ages it may start in decides whether a start marker is any use (7A facts 2.3).
        note += f", empire card, starts in age {'/'.join(map(str, empire.ages)) or 'any'}"
    return note


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
