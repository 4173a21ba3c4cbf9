"""Seasons: Resources: raising an area's resource number costs twice its current number, so a
0 area is raised for nothing. Only a -1 area, where that price would be negative, needs a house
default (the economy table's ``raise_negative_cost``)."""

from __future__ import annotations

from model.rules.seasons.economy import raise_cost
from model.rules.seasons.game import SeasonsGame
from model.rules.seasons.tables import default_tables


def test_resources_raising_a_zero_area_costs_nothing() -> None:
    tables = default_tables()
    assert [raise_cost(n, tables) for n in (0, 1, 2, 3)] == [0, 2, 4, 6]
    assert raise_cost(-1, tables) == tables.economy.raise_negative_cost == 0
    assert "raise_negative_cost" in tables.economy.house_defaults


def test_resources_a_nation_without_resources_raises_a_zero_area(isles: SeasonsGame) -> None:
    state = isles.new_state(0)
    state.board.areas["fennick"].resources = 0
    state.board.nations["vellmark"].resources = 0
    state.apply("raise fennick")  # 0 -> 1 costs 0
    assert state.board.nations["vellmark"].resources == 0
