"""Where units may go: empire movement, neutral movement under military advisors, and range.

7A facts 2.6 (HOUSE DEFAULT): a unit moves up to its movement allowance along links of its domain;
entering an area that holds units of any other side ends its move (E&N: neutral units restrict
movement the same way). E&N: Military Advisors: neutral units ignore other neutrals. 7A facts 2.5:
range is a breadth-first search from every area an empire controls; neutral areas never block it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.sevenages.game import NEUTRAL

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState


def _fits(state: SevenAgesState, domain: str, area: str) -> bool:
    land = state.game.is_land(area)
    if domain == "sea":
        return not land
    if domain == "air":
        return True
    return land


def destinations(state: SevenAgesState, side: str, kind: str, origin: str) -> dict[str, int]:
    """Return the areas a unit of ``side`` can reach from ``origin`` (area -> steps).

    Empire units stop on entering any area with another side's units. Neutral units (moved by
    military advisors) pass through neutral and empty areas and stop on entering an area with
    empire units.
    """
    unit = state.game.rules.units[kind]
    reach: dict[str, int] = {}
    frontier = [origin]
    units = state.board.units
    for step in range(1, unit.move + 1):
        following: list[str] = []
        for area in frontier:
            for nxt in state.game.links.get(area, ()):
                if nxt == origin or nxt in reach or not _fits(state, unit.domain, nxt):
                    continue
                reach[nxt] = step
                others = {u.owner for u in units.get(nxt, ()) if u.owner != side}
                if side == NEUTRAL:
                    others.discard(NEUTRAL)
                if not others:
                    following.append(nxt)
        frontier = following
    if unit.domain == "air":
        # HOUSE DEFAULT (7A facts 2.6): planes end on land, in a held or a conflict area.
        reach = {a: d for a, d in reach.items() if state.game.is_land(a)}
    return reach


def ferry_ends(state: SevenAgesState, side: str, kind: str, sea: str) -> dict[str, str]:
    """Return the land areas a ship in ``sea`` can land troops in -> the sea area it stops in.

    HOUSE DEFAULT (7A facts 2.6): the ship sails through seas it may enter and stops next to the
    landing area, in a sea without other sides' units; the nearest such sea is used.
    """
    reach = {sea: 0, **destinations(state, side, kind, sea)}
    units = state.board.units
    ends: dict[str, str] = {}
    for stop in sorted(reach, key=lambda a: (reach[a], a)):
        if state.game.is_land(stop) or any(u.owner != side for u in units.get(stop, ())):
            continue
        for land in state.game.links.get(stop, ()):
            if state.game.is_land(land) and land not in ends:
                ends[land] = stop
    return ends


def in_range(state: SevenAgesState, empire: str, multiple: int = 1) -> dict[str, int]:
    """Return the areas within ``multiple`` times an empire's range (area -> distance; own areas 0).

    E&N: Neutral areas do not block range; other empires' areas may be reached but not passed.
    """
    rules = state.game.rules
    limit = rules.range_of(state.board.empires[empire].progress) * multiple
    units = state.board.units
    own = [a for a, stack in units.items() if any(u.owner == empire for u in stack)]
    reach = dict.fromkeys(own, 0)
    frontier = list(own)
    for step in range(1, limit + 1):
        following: list[str] = []
        for area in frontier:
            for nxt in state.game.links.get(area, ()):
                if nxt in reach:
                    continue
                reach[nxt] = step
                blocked = any(u.owner not in (empire, NEUTRAL) for u in units.get(nxt, ()))
                if not blocked:
                    following.append(nxt)
        frontier = following
    return reach
