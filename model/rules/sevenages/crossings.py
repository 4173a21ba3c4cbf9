"""Which of the map's connections (straits, sea lanes, river crossings) an action crosses, for the
play-test coverage table (``State.connections_crossed``).

A 7 Ages move names only its two ends, and a unit may move several areas (7A facts 2.6), so the
way it went is rebuilt from the same search the engine allows moves by
(``movement.destinations``): step by step back from the end, through areas the unit may pass,
the lowest area id first when two ways are as short (the engine picks no way, so one must be
chosen; this is the reading a player would give too, the shortest way). Actions that cross:

* ``move FROM TO``: a unit of the acting empire (7A facts 2.6);
* ``ferry FROM SEA TO``: the land units embark from FROM into SEA, the ship sails to the sea it
  stops in next to TO (``movement.ferry_ends``) and they land in TO (7A facts 2.6, sea transport);
* ``send FROM TO``: a neutral stack moved by military advisors (E&N: Military Advisors);
* ``retreat TO``: the losing side leaves the conflict area into a neighbour (7A facts 2.7).
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from model.rules.protocol import Action
from model.rules.sevenages import movement
from model.rules.sevenages.game import NEUTRAL

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState


def way(state: SevenAgesState, side: str, kind: str, origin: str, target: str) -> list[str]:
    """Return the areas a unit of ``side`` passes from ``origin`` to ``target``, both included
    (the shortest way the engine allows, lowest area ids first; just the two ends when the
    target is out of reach, e.g. a unit already moved)."""
    reach = {origin: 0, **movement.destinations(state, side, kind, origin)}
    if target not in reach:
        return [origin, target]
    units = state.board.units

    def passable(area: str) -> bool:
        # the same stop rule as movement.destinations: entering another side's units ends a move
        others = {u.owner for u in units.get(area, ()) if u.owner != side}
        if side == NEUTRAL:
            others.discard(NEUTRAL)
        return area == origin or not others

    path = [target]
    while path[-1] != origin:
        here = path[-1]
        step = reach[here] - 1
        before = [
            a
            for a in state.game.links.get(here, ())
            if reach.get(a) == step and passable(a) and (step == 0) == (a == origin)
        ]
        # planes fly over seas the search leaves out of its answer (land ends only): no way to tell
        path.append(min(before) if before else origin)
    path.reverse()
    return path


def _legs(state: SevenAgesState, action: Action) -> list[str]:
    """Return the areas an action passes through in order (empty when it moves nothing)."""
    verb = type(action).VERB
    words = action.args()
    board = state.board
    if verb == "move" and board.ctx.get("sub") == "move":
        return way(state, board.ctx["slot"], words[2], words[0], words[1])
    if verb == "send":
        return way(state, NEUTRAL, words[2], words[0], words[1])
    if verb == "ferry" and board.ctx.get("sub") == "move":
        origin, sea, target = words[0], words[1], words[2]
        empire = board.ctx["slot"]
        units = state.game.rules.units
        ships = sorted(
            u.kind
            for u in board.units.get(sea, ())
            if u.owner == empire and not u.used and units[u.kind].domain == "sea"
        )
        if not ships:
            return [origin, sea, target]
        stop = movement.ferry_ends(state, empire, ships[0], sea).get(target, sea)
        return [origin, *way(state, empire, ships[0], sea, stop), target]
    if verb == "retreat" and board.conflict is not None:
        return [board.conflict["area"], words[0]]
    return []


def connections_crossed(state: SevenAgesState, action: Action) -> tuple[str, ...]:
    """Return the ids of the connections ``action`` would cross if applied now, in the order it
    crosses them."""
    crossings = state.game.crossings
    if not crossings:
        return ()
    areas = _legs(state, action)
    found: list[str] = []
    for a, b in pairwise(areas):
        found.extend(crossings.get(frozenset((a, b)), ()))
    return tuple(found)
