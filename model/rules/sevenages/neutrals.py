"""White neutrals: reveals, disorder in neutral areas, removal priority, discarding empires.

E&N: Neutral Units and Areas (fog of war, vacated areas), Disorder in neutral areas, Discarding
Empires, and the capital rules that a change of hands triggers (E&N: Glory from your Capital).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.sevenages.game import NEUTRAL
from model.rules.sevenages.state import Unit

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState


def describe(units: list[Unit]) -> str:
    """Return a stack's composition as text: ``2 spearmen(1), archers(3)``."""
    counts: dict[tuple[str, int], int] = {}
    for unit in units:
        counts[(unit.kind, unit.level)] = counts.get((unit.kind, unit.level), 0) + 1
    return ", ".join(f"{n} {k}({lv})" if n > 1 else f"{k}({lv})" for (k, lv), n in sorted(counts.items()))


def reveal(state: SevenAgesState, area: str, effects: list[str]) -> None:
    """Turn an area's neutral stack face up for everyone and log it (E&N: Fog of war)."""
    info = state.board.areas[area]
    units = state.units_of(NEUTRAL, area)
    if info.revealed or not units:
        return
    info.revealed = True
    if state.game.fog_of_war:
        effects.append(f"reveal {area}: {describe(units)}")
        state.board.count("reveals")


def removal_order(state: SevenAgesState, units: list[Unit]) -> list[Unit]:
    """Return units in the order disorder or a peace mission removes them.

    E&N: Disorder in neutral areas: by class priority (nuke first ... infantry last), and the
    lowest progress level first within a class.
    """
    table = state.game.rules
    sign = 1 if table.lowest_level_first else -1
    return sorted(
        units, key=lambda u: (table.priority(table.units[u.kind].unit_class), sign * u.level, u.kind)
    )


def remove_one(state: SevenAgesState, area: str, effects: list[str], cause: str) -> str | None:
    """Remove one neutral fort or unit by priority; return what went (None: nothing there)
    (E&N: Disorder in neutral areas)."""
    info = state.board.areas[area]
    neutrals = state.units_of(NEUTRAL, area)
    if info.fort and (neutrals or info.owner == NEUTRAL):
        info.fort = False
        effects.append(f"{cause} removes the fortification in {area}")
        return "fortification"
    if not neutrals:
        return None
    victim = removal_order(state, neutrals)[0]
    state.take(area, victim)
    effects.append(f"{cause} removes neutral {victim.kind}({victim.level}) in {area}")
    if not state.units_of(NEUTRAL, area):
        effects.append(f"{area} is vacated")
        info.revealed = False
    return victim.kind


def disorder(state: SevenAgesState, area: str, effects: list[str]) -> None:
    """Put an area in disorder: a marker on an empire area, a removal in a neutral area
    (7A facts 2.15; E&N: Disorder in neutral areas)."""
    info = state.board.areas[area]
    if state.units_of(NEUTRAL, area) and state.controller(area) == NEUTRAL:
        reveal(state, area, effects)
        if remove_one(state, area, effects, "disorder"):
            state.board.count("neutral_disorder_removals")
        return
    if state.controller(area) is not None and not info.disorder:
        info.disorder = True
        effects.append(f"{area} falls into disorder")


def lose_capital(state: SevenAgesState, area: str, taker: str | None, effects: list[str]) -> None:
    """The capital in ``area`` is lost: -1 glory at once, treasury emptied, half to the taker.

    E&N: Glory from your Capital (any empire loses 1 glory the moment its capital is lost);
    7A facts 2.7 (capture empties the treasury, half goes to the winner; a normal city remains).
    """
    info = state.board.areas[area]
    empire = info.owner
    info.capital = False
    if empire is None or empire not in state.board.empires:
        return
    loser = state.board.empires[empire]
    state.board.players[loser.player].glory += state.game.rules.capital_lost
    money, loser.treasury = loser.treasury, 0
    effects.append(
        f"{empire} loses its capital in {area}: {loser.player} {state.game.rules.capital_lost} glory"
    )
    state.board.count("capitals_lost")
    if taker in state.board.empires and money:
        state.board.empires[taker].treasury += money // 2
        effects.append(f"{taker} takes {money // 2} of {empire}'s {money}")


def change_hands(state: SevenAgesState, area: str, winner: str, effects: list[str], fought: bool) -> None:
    """An area passes to ``winner``: capital lost, and after a conflict fort gone and city -1
    (7A facts 2.14; E&N: Glory from your Capital)."""
    info = state.board.areas[area]
    if info.owner == winner:
        return
    if info.capital:
        lose_capital(state, area, winner, effects)
    if fought:
        info.fort = False
        if info.city:
            info.city -= 1
            effects.append(f"the city of {area} drops to level {info.city}")
    info.disorder = False
    info.owner = winner


def discard_empire(state: SevenAgesState, empire: str, effects: list[str], automatic: bool) -> None:
    """Discard an empire (E&N: Discarding Empires).

    Its card goes to the discard pile and its markers go; its capital becomes a normal city of
    the same level; every unit becomes a white neutral of the same type (light stats).
    """
    board = state.board
    player = board.empires[empire].player
    for area, stack in board.units.items():
        if any(u.owner == empire for u in stack):
            board.units[area] = [Unit(NEUTRAL, u.kind, u.level) if u.owner == empire else u for u in stack]
    for area, info in board.areas.items():
        if info.owner != empire:
            continue
        info.capital = False
        info.disorder = False
        if state.units_of(NEUTRAL, area):
            info.owner = NEUTRAL
            # The counters were open on the map; as neutrals they are known to all.
            info.revealed = True
        else:
            info.owner = None
    board.players[player].markers.pop(empire, None)
    del board.empires[empire]
    board.discards.append(empire)
    effects.append(f"{player} discards {empire}" + (" (no units left)" if automatic else ""))
    board.count("discards_automatic" if automatic else "discards")


def automatic_discards(state: SevenAgesState, effects: list[str]) -> None:
    """Discard every empire with no units on the map, at once and for free (E&N).

    Called after whatever removes units; never while a new empire is still buying its first.
    """
    present = {u.owner for stack in state.board.units.values() for u in stack}
    for empire in list(state.board.empires):
        if empire not in present:
            discard_empire(state, empire, effects, automatic=True)
