"""Resources, purchases, upkeep and pillage arithmetic (Seasons: Tokens, Resources, Turns).

Pure functions over plain numbers; the engine applies them to its state.
"""

from __future__ import annotations

from collections.abc import Iterable

from model.rules.seasons.schema import Building
from model.rules.seasons.tables import Tables


class PurchaseError(ValueError):
    """A purchase the rules forbid (area at its maximum, building where one cannot go...)."""


def token_limit(resources: int, units: int) -> int:
    """Return how many tokens an area may use: the lower of its resource number and unit count.

    Seasons: Tokens. An area at 0 or -1 resources uses none.
    """
    return max(0, min(resources, units))


def production(resources: int, season_production: int) -> int:
    """Return what an area yields this turn: its number plus the season's change (winter: -1).

    Seasons: Turns: in winter an area yields one less, which can be negative.
    """
    return resources + season_production


def pillage_bonus(area_production: int) -> int:
    """Return the extra resources a pillage brings: the area's yield again, never below 0.

    Seasons: Tokens / Pillage: a pillage doubles the turn's collection of the area.
    """
    return max(area_production, 0)


def after_pillage(resources: int, tables: Tables) -> int:
    """Return an area's resource number after a pillage: halved rounding down, a 0 area goes to -1.

    Seasons: Tokens / Pillage.
    """
    if resources <= 0:
        return tables.economy.min_resources
    return resources // 2


def can_be_pillaged(resources: int, tables: Tables) -> bool:
    """Return whether an area may be pillaged: a -1 area cannot be pillaged further."""
    return resources > tables.economy.min_resources


def spring_recovery(resources: int) -> int:
    """Return an area's number after spring: -1 goes to 0, 0 goes to 1 (Seasons: Tokens / Pillage)."""
    return resources + 1 if resources <= 0 else resources


def raise_cost(resources: int, tables: Tables) -> int:
    """Return the price of raising an area's resource number by one (Seasons: Resources).

    Twice the current number, so nothing for a 0 area; a -1 area, whose doubled number would be
    a negative price, costs ``economy.raise_negative_cost`` (HOUSE DEFAULT).
    """
    economy = tables.economy
    if resources >= economy.max_resources:
        raise PurchaseError(f"an area with resources {resources} is already at the maximum")
    if resources < 0:
        return economy.raise_negative_cost
    return resources * economy.raise_cost_factor


def unit_cost(kind: str, tables: Tables) -> int:
    """Return the price of a unit (Seasons: Resources / Buy Military Units)."""
    return tables.units.stats(kind).cost


def building_cost(building: Building, standing: Building | None, tables: Tables) -> int:
    """Return the price of a building given what stands in the area now (Seasons: Buildings).

    A tower goes on an empty area or on a ruin (at the ruin factor of the price); a castle replaces
    a tower. Anything else is a ``PurchaseError``.
    """
    if building is Building.TOWER:
        if standing is None:
            return tables.buildings.tower.cost
        if standing is Building.RUIN:
            return int(tables.buildings.tower.cost * tables.buildings.tower_on_ruin_factor)
        raise PurchaseError(f"a tower cannot be built where a {standing.value} stands")
    if building is Building.CASTLE:
        if standing is Building.TOWER:
            return tables.buildings.castle.cost
        raise PurchaseError("a castle can only be built from a tower")
    raise PurchaseError("ruins are not built")


def upkeep(unit_kinds: Iterable[str], buildings: Iterable[Building], tables: Tables) -> int:
    """Return the upkeep of a nation's units and buildings (Seasons: Resources)."""
    total = sum(tables.units.stats(kind).upkeep for kind in unit_kinds)
    return total + sum(tables.buildings.stats(building).upkeep for building in buildings)
