"""What the emissary initiatives do once no one meddled (E&N: Arms Sales, Peace Mission,
Economic Aid); military advisors move stacks one by one in ``model.rules.sevenages.emissary``.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from model.rules.sevenages import neutrals
from model.rules.sevenages.game import NEUTRAL
from model.rules.sevenages.state import Unit

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState


def arms_sale(state: SevenAgesState, empire: str, picks: list[list[str]], effects: list[str]) -> None:
    """Place the bought unit or fort as neutral, or modernise up to two neutral areas (E&N)."""
    rules = state.game.rules
    first = picks[0]  # AREA unit KIND, AREA fort or AREA modernise (the actions' words)
    if first[1] == "unit":
        area, kind = first[0], first[2]
        state.put(area, Unit(NEUTRAL, kind, rules.units[kind].level))
        effects.append(f"arms sales: a neutral {kind} joins {area}")
    elif first[1] == "fort":
        state.board.areas[first[0]].fort = True
        effects.append(f"arms sales: a fortification in {first[0]}")
    else:
        progress = state.board.empires[empire].progress
        for pick in picks:
            modernise(state, pick[0], progress, effects)


def modernise(state: SevenAgesState, area: str, progress: int, effects: list[str]) -> None:
    """Upgrade every neutral unit in an area along ``upgrades_to`` up to a progress level (E&N)."""
    neutrals.reveal(state, area, effects)
    units = state.game.rules.units
    changed = 0
    stack = state.board.units.get(area, [])
    for i, unit in enumerate(stack):
        if unit.owner != NEUTRAL:
            continue
        kind = unit.kind
        while (nxt := units[kind].upgrades_to) and nxt in units and units[nxt].level <= progress:
            kind = nxt
        if kind != unit.kind:
            stack[i] = Unit(NEUTRAL, kind, max(unit.level, units[kind].level))
            changed += 1
    effects.append(f"arms sales modernise {changed} neutral units in {area}")


def peace_mission(state: SevenAgesState, area: str, effects: list[str]) -> None:
    """Remove one neutral fort or unit by the disorder priority (E&N: Peace Mission)."""
    neutrals.reveal(state, area, effects)
    if neutrals.remove_one(state, area, effects, "peace mission"):
        state.board.count("peace_removals")


def economic_aid(state: SevenAgesState, area: str, mode: str, effects: list[str]) -> None:
    """Add an identical unit below the income value, or found/raise a city (E&N: Economic Aid)."""
    neutrals.reveal(state, area, effects)
    here = state.units_of(NEUTRAL, area)
    if not here or not state.is_neutral_area(area):
        effects.append(f"economic aid in {area}: nothing (vacated)")
        return
    info = state.board.areas[area]
    if mode == "unit":
        if len(here) < state.income_value(area):
            # The copy must match a present unit exactly (type and level): the most common one.
            counts = Counter((u.kind, u.level) for u in here)
            kind, level = max(counts, key=lambda k: (counts[k], k[1], k[0]))
            state.put(area, Unit(NEUTRAL, kind, level))
            effects.append(f"economic aid: a neutral {kind}({level}) joins {area}")
            state.board.count("aid_units")
            return
    else:
        age = state.neutral_age(area)
        if info.city == 0:
            info.city = 1  # E&N: Economic Aid founds a level-1 city
            info.owner = NEUTRAL
            effects.append(f"economic aid: a neutral city in {area}")
            state.board.count("aid_cities")
            return
        if info.city < min(age, state.game.rules.max_city_level):
            info.city += 1
            effects.append(f"economic aid: the city of {area} rises to {info.city}")
            state.board.count("aid_cities")
            return
    effects.append(f"economic aid in {area}: nothing possible")
