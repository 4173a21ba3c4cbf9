"""Helpers for the Seasons engine tests: stage positions on the Four Isles and play through planning."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from model.rules.seasons.game import SeasonsGame
from model.rules.seasons.schema import Season
from model.rules.seasons.state import PLAN, SeasonsState, UnitState


def stage(
    game: SeasonsGame,
    units: Iterable[tuple[str, str, str, str]] = (),
    owners: dict[str, str | None] | None = None,
    season: Season = Season.SPRING,
    seed: int = 0,
) -> SeasonsState:
    """Start a game in ``season`` with only the given units ``(id, kind, nation, area)`` on the map."""
    state: SeasonsState = dataclasses.replace(game, start_season=season).new_state(seed)
    state.board.units = {uid: UnitState(uid, kind, nation, area) for uid, kind, nation, area in units}
    for area, owner in (owners or {}).items():
        state.board.areas[area].owner = owner
    return state


def plan(state: SeasonsState, orders: dict[str, list[str]] | None = None) -> None:
    """Let every nation of this turn's planning apply its orders (text) and say done."""
    orders = orders or {}
    turn = state.board.turn
    while state.board.phase == PLAN and state.board.turn == turn:
        nation = state.current_player()
        assert nation is not None
        for text in orders.pop(nation, []):
            state.apply(text)
        state.apply("done")
