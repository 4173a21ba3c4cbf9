"""Production, upkeep, buying, cities and forts (7A facts 2.8, 2.11; HOUSE DEFAULTS as data).

Income is the total income value of every area the empire controls and that is not in disorder;
upkeep is one per ``upkeep_divisor`` units, rounded up; units are bought at the unit table's price
up to the empire's progress level.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState, Unit


def controlled(state: SevenAgesState, empire: str) -> list[str]:
    """Return the areas where the empire has units and no other side does (7A facts 2.6)."""
    return [area for area in state.board.units if state.controller(area) == empire]


def unit_count(state: SevenAgesState, side: str) -> int:
    """Return how many units a side has on the map."""
    return sum(1 for stack in state.board.units.values() for u in stack if u.owner == side)


def income(state: SevenAgesState, empire: str) -> int:
    """Return an empire's income: the income value of its areas not in disorder (7A facts 2.8)."""
    areas, in_disorder = state.board.areas, state.game.rules.disorder_income
    return sum(in_disorder if areas[a].disorder else state.income_value(a) for a in controlled(state, empire))


def upkeep(state: SevenAgesState, empire: str) -> int:
    """Return an empire's upkeep: its units divided by the divisor, rounded up (7A facts 2.8)."""
    return state.game.rules.economy.upkeep(unit_count(state, empire))


def barbarian(state: SevenAgesState, empire: str) -> bool:
    """Return whether the empire is in one of its 'no cities' ages (7A facts 2.3)."""
    return state.age_of(empire) in state.game.empire_cards[empire].no_cities_ages


def collect(state: SevenAgesState, empire: str, effects: list[str]) -> None:
    """Add income less upkeep; when the treasury cannot pay, disband the cheapest units first
    (7A facts 2.8)."""
    treasury = state.board.empires[empire]
    before = treasury.treasury
    gain, cost = income(state, empire), upkeep(state, empire)
    treasury.treasury = before + gain - cost
    effects.append(f"{empire} earns {gain}, pays upkeep {cost}: treasury {treasury.treasury}")
    while treasury.treasury < 0:
        victim = cheapest(state, empire)
        if victim is None:
            treasury.treasury = 0
            break
        area, unit = victim
        state.take(area, unit)
        effects.append(f"{empire} disbands {unit.kind} in {area} (upkeep unpaid)")
        state.board.count("disbanded")
        # Each disbanded unit lowers the upkeep (and perhaps the income): work the sum out again.
        treasury.treasury = before + income(state, empire) - upkeep(state, empire)


def cheapest(state: SevenAgesState, side: str) -> tuple[str, Unit] | None:
    """Return the side's cheapest unit (lowest cost, then level, then area id)."""
    units = state.game.rules.units
    best: tuple[tuple[int, int, str], str, Unit] | None = None
    for area, stack in state.board.units.items():
        for unit in stack:
            if unit.owner == side:
                key = (units[unit.kind].cost, unit.level, area)
                if best is None or key < best[0]:
                    best = (key, area, unit)
    return None if best is None else (best[1], best[2])


def buildable(state: SevenAgesState, empire: str, money: int) -> list[str]:
    """Return the unit types the empire may buy now: level within its progress, price affordable,
    and a counter of that type still free in its set (7A facts 1: light 4, dark and black 3)."""
    data = state.board.empires[empire]
    limit = state.game.rules.counters(data.shade)
    used = in_play(state, empire) if limit is not None else {}
    return [
        kind
        for kind, unit in state.game.rules.units.items()
        if unit.level <= data.progress and unit.cost <= money and (limit is None or used.get(kind, 0) < limit)
    ]


def in_play(state: SevenAgesState, side: str) -> dict[str, int]:
    """Return how many counters of each type a side has on the map."""
    found: dict[str, int] = {}
    for stack in state.board.units.values():
        for unit in stack:
            if unit.owner == side:
                found[unit.kind] = found.get(unit.kind, 0) + 1
    return found


def placements(state: SevenAgesState, empire: str) -> list[str]:
    """Return where new units go: held areas with a city (any held area when it has no city)
    (7A facts 2.8)."""
    held = [a for a in controlled(state, empire) if state.game.is_land(a)]
    areas = state.board.areas
    with_city = [a for a in held if areas[a].city > 0 and not areas[a].disorder]
    return sorted(with_city if with_city else [a for a in held if not areas[a].disorder])


def domain_ok(state: SevenAgesState, kind: str, area: str) -> bool:
    """Return whether a unit type may stand in an area (ships at sea, the rest on land)."""
    domain = state.game.rules.units[kind].domain
    return (domain == "sea") != state.game.is_land(area)


def sea_placements(state: SevenAgesState, areas: list[str], side: str) -> list[str]:
    """Return the sea areas next to ``areas`` where a new ship may go (no other side there; 7A facts 2.8)."""
    found: set[str] = set()
    for area in areas:
        for sea in state.game.links.get(area, ()):
            if not state.game.is_land(sea) and all(u.owner == side for u in state.board.units.get(sea, ())):
                found.add(sea)
    return sorted(found)


def city_upgrade_cost(state: SevenAgesState, level: int) -> int:
    """Return the price of raising a city to ``level`` (7A facts 2.11)."""
    return state.game.rules.economy.upgrade_cost(level)
