"""Unrest and rebellion (16.1, 16.23, 17, facts sheet 5): rebellion values, the table, independence."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma.conversion import convert_result
from model.rules.eotma.decisions import UNIVERSITY, DecisionKind, Pending
from model.rules.eotma.ratings import language_difference, religion_difference
from model.rules.eotma.records import DeferredCheck
from model.rules.eotma.territory import set_owner

if TYPE_CHECKING:
    from model.rules.eotma.position import Position

NONE, UNREST, REBELLION, DEFERRED = "no result", "unrest", "rebellion", "deferred"

REASONS = ("social state lost in unrest", "conversion", "leader died heirless")
"""Why a deferred rebellion check is rolled (its index is kept in ``state.deferred``)."""


def rebellion_value(state: Position, area: int, gold: int, *, waived: bool = False) -> int:
    """Return the rebellion value of an owned area when ``gold`` is being raised there.

    16.16 +1 per gold; 14.32 -1 per fort point; language +1/+2 and religion +1/+2 between the
    owner's leader and the area; 12.42 -2 for the owner's own tie, +2 when any opponent has one;
    17.26 +5 in unrest; +1 when it adjoins an independent area of the same language and religion.
    """
    rules = state.game.rules
    board = state.game.board
    owner = state.owner[area]
    value = gold * rules.rv_per_gold + state.fort[area] * rules.rv_per_fort
    if 0 <= owner < state.game.n_players:
        value += rules.rv_language[language_difference(state, owner, area)]
        value += rules.rv_religion[religion_difference(state, owner, area)]
        ties = state.ties[area]
        if ties & (1 << owner):
            value += rules.rv_own_tie
        if ties & ~(1 << owner) and not waived:  # unless every opponent with a tie waived it (12.42)
            value += rules.rv_opponent_ties
    if state.unrest[area]:
        value += rules.rv_unrest
    language, religion = board.language[area], state.religion[area]
    for other in board.adj[area]:
        if (
            state.owner[other] == -1
            and board.language[other] == language
            and state.religion[other] == religion
        ):
            value += rules.rv_kindred_independent
            break
    return value


def table_result(state: Position, value: int, roll: int) -> str:
    """Return the Unrest & Rebellion Table result for a rebellion value and a 2d6 roll (HOUSE DEFAULT 9)."""
    rules = state.game.rules
    if roll in rules.rebellion_set(value - rules.rebellion_offset):
        return REBELLION
    if roll in rules.rebellion_set(value):
        return UNREST
    return NONE


def tie_holders(state: Position, area: int) -> list[int]:
    """Return the opponents of the area's owner with a tie to it, in seat order (12.42)."""
    owner = state.owner[area]
    ties = state.ties[area]
    if not 0 <= owner < state.game.n_players or not ties & ~(1 << owner):
        return []
    return [p for p in range(state.game.n_players) if p != owner and ties & (1 << p)]


def may_ask_waivers(state: Position) -> bool:
    """Return whether a rebellion check may wait for waiver decisions now.

    Every rebellion check of an empire's area in these rules falls inside a player turn (taxes,
    plunder, failed endeavours, conversion, the Leader Dies Heirless card drawn at a turn's
    start). Should one come up elsewhere (the crusader phase), it goes ahead with the ties.
    """
    return state.phase == "turn" and state.crusade is None


def check(
    state: Position,
    area: int,
    gold: int,
    effects: list[str],
    why: str,
    *,
    waived: bool = False,
    ask: bool = True,
    held: int = 0,
) -> str:
    """Roll a rebellion check for an area and apply the result (unrest marker or independence).

    12.42: when opponents of the owner hold ties to the area and ``ask`` is set, each of them
    first says whether it waives its tie's +2 (a ``waive`` decision, in seat order); the roll
    happens after the last answer and this returns ``DEFERRED``. ``held`` counts conversion C
    results (22.2) that wait for that roll and count only if the area does not rebel.
    """
    if ask and not waived and why in REASONS and may_ask_waivers(state):
        others = tie_holders(state, area)
        if others:
            state.deferred.append(
                DeferredCheck(area, gold, 0, len(others), len(others), REASONS.index(why), held)
            )
            for other in reversed(others):
                state.pending.append(Pending(DecisionKind.WAIVE, other, "check", (area,)))
            effects.append(
                f"{state.game.board.ids[area]}: rebellion check ({why}) after the tie holders "
                "say whether they waive their ties (12.42)"
            )
            return DEFERRED
    value = rebellion_value(state, area, gold, waived=waived)
    roll = state.rng.roll(2, f"rebellion check {state.game.board.ids[area]} ({why}, value {value})")
    result = table_result(state, value, roll)
    effects.append(f"{state.game.board.ids[area]}: {result}")
    if result == UNREST:
        state.unrest[area] = True
    elif result == REBELLION:
        become_independent(state, area, effects)
    return result


def hold_conversion(state: Position, area: int) -> None:
    """Keep one conversion C result until the deferred check of the area is rolled (22.2)."""
    for i, record in enumerate(state.deferred):
        if record.area == area:
            state.deferred[i] = record._replace(held=record.held + 1)
            return


def waive(state: Position, waived: bool, effects: list[str]) -> None:
    """One tie holder's answer before a deferred rebellion check (12.42); after the last, roll it."""
    decision = state.pending.pop()
    area = decision.data[0]
    effects.append(
        f"{state.game.player_ids[decision.player]} {'waives' if waived else 'keeps'} its tie (12.42)"
    )
    i = next((i for i, r in enumerate(state.deferred) if r.area == area), None)
    if i is None:
        return
    record = state.deferred[i]._replace(waived=state.deferred[i].waived + int(waived))
    record = record._replace(left=record.left - 1)
    if record.left > 0:
        state.deferred[i] = record
        return
    del state.deferred[i]
    gold, given, asked, reason, held = record.gold, record.waived, record.asked, record.reason, record.held
    owner = state.owner[area]
    if not 0 <= owner < state.game.n_players:
        effects.append(f"{state.game.board.ids[area]}: no longer an empire's area, no check")
        return
    result = check(state, area, gold, effects, REASONS[reason], waived=given == asked, ask=False)
    if held and result != REBELLION and state.owner[area] == owner:
        for _ in range(held):
            if state.owner[area] == owner:
                convert_result(state, owner, area, effects)


def become_independent(state: Position, area: int, effects: list[str]) -> None:
    """The area rebels (16.1 step 3): it goes independent keeping its social state and forts.

    HOUSE DEFAULT 8: unrest is removed; armies go (33.32) and palaces go (35.23) with the owner.
    """
    state.unrest[area] = False
    state.count("rebellions")
    set_owner(state, area, -1, effects)


def lower_social_state(state: Position, area: int, effects: list[str], *, own_failure: bool) -> None:
    """Lower an area's social state one level (never below the minimum).

    ``own_failure``: the area is the acting player's base or domestic target; if it is in unrest
    the loss calls a rebellion check (17.0 failed endeavour trigger).
    """
    rules = state.game.rules
    before = state.ss[area]
    if before <= rules.ss_min:
        return  # nothing is lost at the lowest level, so nothing calls a rebellion check
    state.ss[area] = before - 1
    effects.append(f"{state.game.board.ids[area]}: social state {before} -> {before - 1}")
    if own_failure and state.unrest[area] and 0 <= state.owner[area] < state.game.n_players:
        check(state, area, 0, effects, "social state lost in unrest")


def raise_social_state(state: Position, area: int, effects: list[str], amount: int = 1) -> None:
    """Raise an owned area's social state (never above the maximum; a university doubles it, 35.34)."""
    rules = state.game.rules
    if state.game.options.civilisation_markers and state.civ[area] & UNIVERSITY:
        amount *= 2
    before = state.ss[area]
    after = min(rules.ss_max, before + amount)
    if after != before:
        state.ss[area] = after
        effects.append(f"{state.game.board.ids[area]}: social state {before} -> {after}")


def army_absorbs(state: Position, area: int, effects: list[str], chosen: bool | None = None) -> bool:
    """33.33: a -1 from a conquest or pillage may cost an army point there instead of a level.

    ``chosen`` is the player's answer when asked (``endeavours.losses``); None when nobody was
    asked (raids, Magnates, crusaders, or the ``army_absorbs_losses`` option of the endeavours
    table is ``always``): the point then goes unless that option is ``never``. At the lowest
    social state there is no level to lose, so no point replaces it.
    """
    game = state.game
    if not (game.options.armies_fleets and game.rules.army_absorbs != "never" and state.army[area] > 0):
        return False
    if not 0 <= state.owner[area] < game.n_players or state.ss[area] <= game.rules.ss_min:
        return False
    if chosen is False:
        return False
    state.army[area] -= 1
    effects.append(f"{game.board.ids[area]}: an army point is lost instead of a level (33.33)")
    return True
