"""Leaders: stature checks called by year cards, death, heirs, Leader Dies Heirless (facts sheet 2).

The check table, the heir table and the reach of a heirless death are HOUSE DEFAULT tables
(stature_check.json, heirs.json, heirless.json).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from model.rules.eotma import rebellion
from model.rules.eotma.cards import YearCard
from model.rules.eotma.territory import connection

if TYPE_CHECKING:
    from model.rules.eotma.position import Position

STATURE_NAMES = ("combat", "administrative", "diplomatic")
_DICE = re.compile(r"(\d*)d(\d+)(?:\+(\d+))?")


def is_protected(state: Position, player: int) -> bool:
    """Return whether the leader is still in the scenario's protected rounds (27.7)."""
    return state.round < state.game.seats[player].protected_rounds


def stature_check(state: Position, player: int, which: int, card: YearCard, effects: list[str]) -> None:
    """Make the stature check a card calls for when the leader's stature is in its range (13.23).

    27.7: a leader in the scenario's protected rounds makes no stature checks.
    """
    stature = state.stat[player][which]
    if not card.calls_check(stature):
        return
    if is_protected(state, player):
        effects.append(f"{state.game.player_ids[player]}: no stature check in the protected rounds (27.7)")
        return
    rules = state.game.rules
    who = state.game.player_ids[player]
    roll = state.rng.roll(2, f"stature check {who} {STATURE_NAMES[which]} {stature}")
    result = rules.stature_check(roll)
    if result == "dies":
        state.count("leader_deaths")
        effects.append(f"{who}: the leader dies")
        succeed(state, player, effects)
        return
    change = int(result)
    after = max(rules.min_stature, min(rules.max_stature, stature + change))
    if after != stature:
        state.stat[player][which] = after
        effects.append(f"{who}: {STATURE_NAMES[which]} stature {stature} -> {after}")


def heir_statures(state: Position) -> list[int]:
    """Roll a new leader's three statures on the heir table (HOUSE DEFAULT 4)."""
    values: list[int] = []
    for name in STATURE_NAMES:
        entry = state.game.rules.heir_stature(state.rng.roll(2, f"heir {name}"))
        if isinstance(entry, str):
            match = _DICE.fullmatch(entry.replace(" ", ""))
            if match is None:
                raise ValueError(f"heir table entry {entry!r} is neither a number nor dice like 'd6+3'")
            dice, sides, plus = int(match[1] or 1), int(match[2]), int(match[3] or 0)
            entry = state.rng.roll(dice, f"heir {name} extra", sides) + plus
        values.append(int(entry))
    return values


def succeed(state: Position, player: int, effects: list[str]) -> None:
    """An heir takes the throne with newly rolled statures (facts sheet 2)."""
    new = heir_statures(state)
    state.stat[player] = new
    effects.append(f"{state.game.player_ids[player]}: heir succeeds as {new[0]}-{new[1]}-{new[2]}")


def heirless(state: Position, player: int, effects: list[str]) -> None:
    """Leader Dies Heirless (19.1-19.2, 20.3, 22.14; HOUSE DEFAULT 5).

    Areas not connected to the court go into unrest, every other area but the court does so on a
    die roll up to the table's limit; every area in unrest is then checked for rebellion.
    Enlargement of King's Personal Demesne cards are discarded, an excommunication ends, and an
    heir with new statures takes over. 27.7: a leader in the protected rounds ignores the card.
    """
    game = state.game
    rules = game.rules
    who = game.player_ids[player]
    if is_protected(state, player):
        effects.append(f"{who} ignores Leader Dies Heirless in the protected rounds (27.7)")
        return
    state.count("leader_deaths")
    state.heirless_round[player] = state.round
    effects.append(f"{who}: the leader dies heirless")
    conn = connection(state, player)
    court = state.court[player]
    owned = [a for a, o in enumerate(state.owner) if o == player]
    for area in owned:
        if area == court:
            continue
        if (rules.heirless_unconnected and area not in conn) or state.rng.roll(
            1, f"heirless unrest {game.board.ids[area]}"
        ) <= rules.heirless_unrest_max:
            state.unrest[area] = True
    for area in owned:
        if area != court and state.unrest[area] and state.owner[area] == player:
            rebellion.check(state, area, 0, effects, "leader died heirless")
    kept = state.kept[player]
    demesne = [c for c in kept if rules.event_kinds[c].effect.get("type") == "demesne"]
    if demesne:
        state.kept[player] = [c for c in kept if c not in demesne]
        state.event_discard.extend(demesne)
        effects.append(f"{who}: discards {len(demesne)} Enlargement of King's Personal Demesne (19.2)")
    if state.excommunicated[player]:
        state.excommunicated[player] = False
        effects.append(f"{who}: readmitted to the church (22.14)")
    lapse_agreements(state, player, effects)
    succeed(state, player, effects)


def lapse_agreements(state: Position, player: int, effects: list[str]) -> None:
    """20.3: an heirless death frees everyone from the agreements the dead leader made."""
    kept = [a for a in state.agreements if player not in a.parties()]
    if len(kept) != len(state.agreements):
        effects.append(f"the binding agreements of {state.game.player_ids[player]} lapse (20.3)")
        state.agreements = kept
