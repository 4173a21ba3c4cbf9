"""Victory points and scores (HOUSE DEFAULT 11, facts sheet 6.2; 22.28 conversions; handicaps).

Each owned area is worth ``area_base + per_social_state * SS`` plus ``claim_bonus`` with a claim,
the court multiplied; conversions add their points (kept for good, 22.28); the scenario's
handicap is added. Scores are the same figures during play (a running total).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma.conversion import conversion_progress

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def victory_points(state: Position) -> list[int]:
    """Return each player's victory points now, by seat."""
    game = state.game
    rules = game.rules
    points = [seat.handicap for seat in game.seats]
    for p in range(game.n_players):
        points[p] += state.vp_conversions[p]
    for area, owner in enumerate(state.owner):
        if not 0 <= owner < game.n_players:
            continue
        value = rules.vp_area + rules.vp_per_ss * state.ss[area]
        if state.claims[area] & (1 << owner):
            value += rules.vp_claim
        if state.court[owner] == area:
            value *= rules.vp_court_multiplier
        points[owner] += value
    return points


def scores(state: Position) -> dict[str, float]:
    """Return {empire id: victory points} (the protocol's scores)."""
    return {pid: float(vp) for pid, vp in zip(state.game.player_ids, victory_points(state), strict=True)}


def winners(state: Position) -> list[str]:
    """Return the empires with the most points; ties go to the higher sum of statures (house default)."""
    points = victory_points(state)
    best = max(points)
    tied = [p for p, vp in enumerate(points) if vp == best]
    top = max(sum(state.stat[p]) for p in tied)
    return [state.game.player_ids[p] for p in tied if sum(state.stat[p]) == top]


def evaluation(state: Position) -> dict[str, float]:
    """Return {empire id: worth of the position} for a search bot that stops before the end: the
    victory points now, plus the treasury at the heuristic bot's price of gold (``bot`` table
    ``gold_value``, in VP), since gold buys the endeavours (9.1) that will bring points later
    (over the last ``search_gold_rounds`` rounds less and less, as gold left at the end wins
    nothing), plus the points of the conversions under way (22.2, 22.25, 22.28) for the share of their C
    results already gained (``conversion.conversion_progress``, weighted by the ``bot`` table's
    ``search_conversion_share``, in games of at most ``search_conversion_seats`` seats): a pagan
    group converts only on its last result, many rounds after the first, and a search that saw
    nothing of it before then would never begin one."""
    weights = state.game.rules.bot
    points = victory_points(state)
    gold = weights.gold_value
    if weights.search_gold_rounds:
        left = state.game.rounds - state.round  # the current round counted (rounds count from 0)
        gold *= min(1.0, max(0, left) / weights.search_gold_rounds)
    credit = state.game.n_players <= weights.search_conversion_seats and weights.search_conversion_share
    result = {}
    for p, pid in enumerate(state.game.player_ids):
        worth = points[p] + gold * state.treasury[p]
        if credit:
            worth += weights.search_conversion_share * conversion_progress(state, p)
        result[pid] = worth
    return result
