"""Victory points and scores (HOUSE DEFAULT 11, facts sheet 6.2; 22.28 conversions; handicaps).

Each owned area is worth ``area_base + per_social_state * SS`` plus ``claim_bonus`` with a claim,
the court multiplied; conversions add their points (kept for good, 22.28); the scenario's
handicap is added. Scores are the same figures during play (a running total).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    victory points now plus the treasury at the heuristic bot's price of gold (``bot`` table
    ``gold_value``, in VP), since gold buys the endeavours (9.1) that will bring points later."""
    gold = state.game.rules.bot.gold_value
    points = victory_points(state)
    return {pid: points[p] + gold * state.treasury[p] for p, pid in enumerate(state.game.player_ids)}
