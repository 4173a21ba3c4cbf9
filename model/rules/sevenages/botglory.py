"""What the heuristic bot expects in glory (7A facts 2.16 harvest glory; E&N: Glory from your Capital).

Glory wins the game (7A facts 1), so the bot weighs its choices by the glory categories printed on
the empire card that makes them: which card to start (its categories, whether its start areas lie
in the regions it scores, its capital icon), where to expand (areas and seas its categories
count), and what to build (cities, city levels, units, money kept). The numbers are rules of thumb
of the bot, not rules: each is a share of a category's points at the next harvest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.sevenages import economy

if TYPE_CHECKING:
    from model.rules.sevenages.game import EmpireCard, GloryCategory
    from model.rules.sevenages.state import SevenAgesState

START_BONUS = 5.0
"""Any empire started beats starting none: an empire on the map is the only source of glory."""
FIGHT_COST = 1.5
"""A start area held by another side is a fight before the empire scores there."""


def counts_area(state: SevenAgesState, category: GloryCategory, area: str) -> bool:
    """Whether holding ``area`` adds to a category (AREAS in its region, seas with the icon)."""
    name = category.category.upper()
    info = state.game.areas[area]
    if name == "SEA_AREAS":
        return not info.land and (category.region is None or category.region in info.regions)
    if name != "AREAS" or not (info.land or category.with_seas):
        return False
    return category.region is None or category.region in info.regions


def area_glory(state: SevenAgesState, empire: str, area: str) -> float:
    """Return the glory an area is worth to an empire: half the points of each category it counts
    for (holding one more area rarely wins a whole rank)."""
    card = state.game.empire_cards[empire]
    return sum(0.5 * c.points for c in card.glory if counts_area(state, c, area))


def _feasible(state: SevenAgesState, card: EmpireCard, category: GloryCategory) -> float:
    """How much of a category a new empire may hope for: the share of its start areas (and their
    neighbours) the category counts, 1 for the categories every empire has."""
    name = category.category.upper()
    if name in ("AREAS", "SEA_AREAS"):
        near = set(card.start_areas)
        for area in card.start_areas:
            near |= state.game.links.get(area, frozenset())
        counted = [a for a in near if a in state.game.areas and counts_area(state, category, a)]
        return min(1.0, len(counted) / max(1, len(card.start_areas)))
    if name in ("CITIES", "CITY_LEVELS"):
        age = _age_now(state, card)
        return 0.0 if age in card.no_cities_ages else 1.0
    return 1.0


def _age_now(state: SevenAgesState, card: EmpireCard) -> int:
    from model.rules.sevenages.founding import current_age

    return current_age(state) or min(card.ages, default=1)


def card_glory(state: SevenAgesState, card_id: str) -> float:
    """Return what starting a card promises per harvest: its categories as far as its start areas
    reach them, ranked below the empires already scoring them, its capital glory, less the fights
    for its start areas, plus its starting money's worth."""
    card = state.game.empire_cards[card_id]
    board = state.board
    total = START_BONUS
    for category in card.glory:
        rivals = sum(
            1
            for e in board.empires
            if any(c.category == category.category for c in state.game.empire_cards[e].glory)
        )
        # Each rival already scoring the category is likely one rank ahead of a newcomer.
        points = state.game.rules.glory.points_for_rank(category.points, rivals + 1)
        total += points * _feasible(state, card, category)
    if card.homeland:
        total += state.game.rules.homeland_with_capital
    held = [a for a in card.start_areas if a in board.units and state.controller(a) not in (None, card_id)]
    total -= FIGHT_COST * len(held)
    return total + card.start_money / 4


def build_glory(state: SevenAgesState, empire: str, what: str) -> float:
    """Return the glory a build adds: ``city`` (CITIES and CITY_LEVELS), ``upgrade`` (CITY_LEVELS),
    ``unit`` (UNITS); money spent costs a little where MONEY scores."""
    card = state.game.empire_cards[empire]
    gain = 0.0
    for category in card.glory:
        name = category.category.upper()
        if (name == "CITIES" and what == "city") or (name == "CITY_LEVELS" and what in ("city", "upgrade")):
            gain += 0.5 * category.points
        elif name == "UNITS" and what == "unit":
            gain += 0.25 * category.points
        elif name == "MONEY":
            gain -= 0.1 * category.points
    return gain


def own_capital(state: SevenAgesState, empire: str, area: str) -> bool:
    """Whether an area holds the empire's capital and the card has the homeland icon (E&N:
    capital glory: losing it costs 1 at once and 1 a harvest after)."""
    info = state.board.areas[area]
    return info.capital and info.owner == empire and state.game.empire_cards[empire].homeland


def city_price(state: SevenAgesState, empire: str) -> int | None:
    """Return the price of the cheapest city build or upgrade the empire has a site for, when its
    card scores cities (CITIES, CITY_LEVELS) or its capital (homeland icon); None otherwise
    (7A facts 2.11: one build a civilise action, upgrades up to the empire's age)."""
    card = state.game.empire_cards[empire]
    wants = card.homeland or any(c.category.upper() in ("CITIES", "CITY_LEVELS") for c in card.glory)
    if not wants or economy.barbarian(state, empire):
        return None
    rules, board = state.game.rules, state.board
    top = min(state.age_of(empire), rules.max_city_level)
    prices = []
    for area in economy.controlled(state, empire):
        info = board.areas[area]
        if not state.game.is_land(area) or info.disorder:
            continue
        if info.city == 0:
            prices.append(rules.city_build_cost)
        elif info.city < top:
            prices.append(economy.city_upgrade_cost(state, info.city + 1))
    return min(prices) if prices else None


def start_site(state: SevenAgesState, empire: str, area: str) -> float:
    """Return the worth of a unit bought into a start area of a new empire: the capital is founded
    only where the empire holds its first start area after the start (7A facts 2.3), so one unit
    goes there first when no other side holds it (a held site is left to the usual scoring:
    piling units on a strong neutral stack loses more than the capital glory)."""
    card = state.game.empire_cards[empire]
    if not card.has_capital or not card.start_areas or card.start_areas[0] != area:
        return 0.0
    if any(u.owner != empire for u in state.board.units.get(area, ())):
        return 0.0
    return 0.0 if state.units_of(empire, area) else 3.0 + (1.0 if card.homeland else 0.0)
