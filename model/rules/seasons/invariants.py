"""What must hold in every Seasons position (issue 7's random-game invariants), as messages.

Used after every action by the random-game tests and by ``mappa validate --smoke``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.seasons.battle import LAND_KINDS, WAR_BOAT

if TYPE_CHECKING:
    from model.rules.seasons.state import SeasonsState


def violations(state: SeasonsState) -> list[str]:
    """Return a message for every invariant the position breaks (empty when sound)."""
    from model.rules.seasons.state import PLAN

    game = state.game
    board = state.board
    economy = game.tables.economy
    found: list[str] = []
    for nation, treasury in board.nations.items():
        if treasury.supply < 0:  # Seasons: Upkeep is paid before supply could go below zero
            found.append(f"supply of {nation} is {treasury.supply}")
        if treasury.resources < 0:
            found.append(f"resources of {nation} are {treasury.resources}")
    for area_id, area in board.areas.items():
        if not economy.min_resources <= area.resources <= economy.max_resources:
            found.append(f"resources of {area_id} are {area.resources}")
        if area.building not in (None, "tower", "castle", "ruin"):
            found.append(f"{area_id} has an unknown building {area.building!r}")
    if board.phase != PLAN:
        return found  # during the resolution armies stand in contested areas
    capacity = game.tables.units.war_boat.capacity
    for unit in board.units.values():
        if unit.kind == WAR_BOAT:
            if unit.area not in game.sea or unit.boat is not None:
                found.append(f"war boat {unit.id} stands on land or aboard another boat")
        elif unit.boat is not None:
            boat = board.units[unit.boat]
            if unit.kind not in LAND_KINDS or boat.area != unit.area or boat.nation != unit.nation:
                found.append(f"{unit.id} is aboard {boat.id} but not with it")
        else:
            owner = board.areas[unit.area].owner if unit.area in game.land else None
            if owner is None or not game.allied(owner, unit.nation):
                found.append(f"{unit.id} of {unit.nation} stands in {unit.area}, held by {owner}")
    for boat in (u for u in board.units.values() if u.kind == WAR_BOAT):
        cargo = sum(1 for u in board.units.values() if u.boat == boat.id)
        if cargo > capacity:
            found.append(f"war boat {boat.id} carries {cargo} units, more than {capacity}")
    return found
