"""Harvest glory (7A facts 2.16) with E&N's capital glory; neutrals are left out of every ranking.

Each empire scores the categories on its card: its rank among the empires on the map (ties go to
the earlier player in turn order), worth ``points - (rank - 1) * rank_decay``, and only with at
least one of the thing counted. E&N: Glory from your Capital: an empire whose card has the
homeland icon gains 1 with a capital and loses 1 without; in a 'no cities' age it gains 1 for
holding a start area instead, and never loses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.sevenages import economy

if TYPE_CHECKING:
    from model.rules.sevenages.game import GloryCategory
    from model.rules.sevenages.state import SevenAgesState


def measure(state: SevenAgesState, empire: str, category: GloryCategory) -> int:
    """Return how much of a category an empire has (7A facts 2.16)."""
    board, game = state.board, state.game
    name = category.category.upper()
    if name == "MONEY":
        return board.empires[empire].treasury
    if name == "PROGRESS":
        return board.empires[empire].progress
    if name == "UNITS":
        return economy.unit_count(state, empire)
    held = economy.controlled(state, empire)
    if name == "CITIES":
        return sum(1 for a in held if board.areas[a].city > 0)
    if name == "CITY_LEVELS":
        return sum(board.areas[a].city for a in held)
    if name == "SEA_AREAS":
        return sum(1 for a in held if not game.is_land(a))
    # AREAS: land areas (plus seas with the icon), in the region when one is named.
    return sum(
        1
        for a in held
        if (game.is_land(a) or category.with_seas)
        and (category.region is None or category.region in game.areas[a].regions)
    )


def rank(state: SevenAgesState, empire: str, category: GloryCategory) -> int:
    """Return an empire's rank (1 = best) in a category; ties go by turn order (7A facts 2.16)."""
    order = state.board.order
    values = {e: measure(state, e, category) for e in state.board.empires}

    def key(e: str) -> tuple[int, int, int]:
        data = state.board.empires[e]
        return (-values[e], order.index(data.player), list(state.board.empires).index(e))

    return sorted(values, key=key).index(empire) + 1


def capital_glory(state: SevenAgesState, empire: str) -> int:
    """Return an empire's capital glory at harvest (E&N: Glory from your Capital)."""
    card = state.game.empire_cards[empire]
    if not card.homeland:
        return 0
    board, rules = state.board, state.game.rules
    if economy.barbarian(state, empire):
        held = set(economy.controlled(state, empire))
        return rules.barbarian_start_area if any(a in held for a in card.start_areas) else 0
    has_capital = any(info.capital and info.owner == empire for info in board.areas.values())
    return rules.homeland_with_capital if has_capital else rules.homeland_without_capital


def harvest(state: SevenAgesState, effects: list[str]) -> None:
    """Score every empire's categories and its capital glory for its player
    (7A facts 2.16; E&N: Glory from your Capital)."""
    board = state.board
    table = state.game.rules.glory
    gains: dict[str, int] = {}
    for empire, data in board.empires.items():
        total = 0
        for category in state.game.empire_cards[empire].glory:
            if measure(state, empire, category) < state.game.rules.min_to_score:
                continue
            total += table.points_for_rank(category.points, rank(state, empire, category))
        capital = capital_glory(state, empire)
        if capital:
            board.count("capital_glory_plus" if capital > 0 else "capital_glory_minus")
        total += capital
        gains[data.player] = gains.get(data.player, 0) + total
        effects.append(f"{empire} harvests {total} glory for {data.player}")
    for player, amount in gains.items():
        board.players[player].glory += amount
