"""Conquest (10): C results, partial conquest of populous areas (10.3-10.38), forts (14.41),
Iberian Moslem areas taken (22.27); a conquest of an own area is a conversion attempt (22.2, whose
results ``conversion`` carries out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma import rebellion
from model.rules.eotma.cards import YearCard
from model.rules.eotma.conversion import convert_result, end_claims, is_iberian_moslem, roman_catholic
from model.rules.eotma.endeavours.losses import BASE_ARMY, NO_ANSWERS, TARGET_ARMY, Answers
from model.rules.eotma.ratings import faith
from model.rules.eotma.records import Located, Partial
from model.rules.eotma.territory import set_owner

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def apply_results(
    state: Position,
    at: Located,
    card: YearCard,
    rating: int,
    blocked: bool,
    effects: list[str],
    answers: Answers = NO_ANSWERS,
) -> None:
    """Apply a conquest card's results: target -1, then C, then the base -1(<#); ``answers`` are
    the players' choices of an army point instead of a level (33.33, ``losses``)."""
    conversion = state.owner[at.target] == at.player
    held = False  # 22.2: C results wait while the conversion's rebellion check awaits waivers
    for result in card.in_order("conquest", rating, blocked):
        column = result.column
        if result.code == "-1":
            area = at.base if column == "base" else at.target
            own = state.owner[area] == at.player
            if conversion and area == at.target:
                if own:
                    held = _conversion_loss(state, area, effects) or held
                continue
            # 33.33: the defender's army in the target, the attacker's in the base (also when
            # converting: the own target took its loss above, the base is the attacker's).
            question = BASE_ARMY if column == "base" else TARGET_ARMY
            if rebellion.army_absorbs(state, area, effects, answers.army(question)):
                continue
            rebellion.lower_social_state(state, area, effects, own_failure=own)
        elif result.code == "C":
            if conversion:
                if held:
                    rebellion.hold_conversion(state, at.target)
                elif state.owner[at.target] == at.player:
                    convert_result(state, at.player, at.target, effects)
            else:
                c_result(state, at, effects)


def _conversion_loss(state: Position, area: int, effects: list[str]) -> bool:
    """22.2: a level lost by the area under conversion puts it in unrest (already there or not)
    and calls a rebellion check; at the lowest level nothing is lost, so nothing follows.
    Return whether the check waits for tie waivers (12.42), the C results then wait with it."""
    before = state.ss[area]
    rebellion.lower_social_state(state, area, effects, own_failure=False)
    if state.ss[area] == before:
        return False
    state.unrest[area] = True
    return rebellion.check(state, area, 0, effects, "conversion") == rebellion.DEFERRED


def c_result(state: Position, at: Located, effects: list[str]) -> None:
    """One C result against an enemy or independent area (10.3, 10.36, 10.38)."""
    board = state.game.board
    target, base, player = at.target, at.base, at.player
    if state.owner[target] == player or state.owner[base] != player:
        return
    enemy = state.owner[target]
    # 10.36: C results that the target's owner holds against our base from the target come off first.
    counter = state.partial.get((base, target))
    if counter is not None and counter.holder == enemy:
        if counter.results > 1:
            state.partial[(base, target)] = Partial(enemy, counter.results - 1)
        else:
            del state.partial[(base, target)]
        effects.append(f"{board.ids[base]}: one C result from {board.ids[target]} removed (10.36)")
        return
    total = count_c_result(state, player, target, base)
    if total is not None:
        population = board.population[target]
        effects.append(
            f"{board.ids[target]}: {total} of {population} C results "
            f"for {state.game.player_ids[player]} (10.3)"
        )
        if total < population:
            return
    take(state, player, target, effects)


def count_c_result(state: Position, holder: int, target: int, base: int) -> int | None:
    """10.3-10.33: record one C result of ``holder`` against ``target`` from ``base`` and return the
    holder's C results against the area from all its bases; the area falls when they reach its
    population. An area of population one or less falls to a single C result: nothing is
    recorded and None returned.

    The one count for every conqueror: players' conquests (here), Magnates (``npc``) and
    crusaders (``crusades``, whose base is a code off the map)."""
    if state.game.board.population[target] <= 1:
        return None
    _holder, count = state.partial.get((target, base), Partial(holder, 0))
    state.partial[(target, base)] = Partial(holder, count + 1)
    return sum(c for (t, _b), (p, c) in state.partial.items() if t == target and p == holder)


def reduce_fort(state: Position, target: int, effects: list[str]) -> None:
    """14.41: a conquered area's fortification of 3 falls to 2, one of 2 is razed (logged)."""
    fort = state.fort[target]
    state.fort[target] = 2 if fort >= 3 else 0
    if fort:
        area = state.game.board.ids[target]
        effects.append(f"{area}: fortification {fort} -> {state.fort[target]} (14.41)")


def take(state: Position, player: int, target: int, effects: list[str]) -> None:
    """Full conquest: new owner, unrest, forts reduced (14.41); Iberian Moslem areas turn Catholic (22.27)."""
    reduce_fort(state, target, effects)
    set_owner(state, target, player, effects, conquest=True)
    state.unrest[target] = True
    iberian_conquest(state, player, target, effects)


def iberian_conquest(state: Position, player: int, target: int, effects: list[str]) -> None:
    """22.27: an Iberian Moslem area conquered by a player whose leader is Christian (excommunicated
    or not: 22.11 is about ratings only) turns Roman Catholic at once; no conversion points. A
    diplomatic conquest is a conquest too (12.31, 12.32)."""
    board = state.game.board
    if not is_iberian_moslem(state, target):
        return
    if board.group_kind(faith(state, player)) != "christian":
        return
    new = roman_catholic(state, player)
    if state.religion[target] != new:
        state.religion[target] = new
        state.count("conversions")
        effects.append(f"{board.ids[target]}: religion becomes {new} (22.27, no conversion points)")
        end_claims(state, target, effects)
