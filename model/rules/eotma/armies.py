"""Army movement (33.4): at the start of the turn, before the event card, a player moves army points
times spaces up to the leader's combat stature, through its own areas (33.41), or across up to three
sea areas when the move begins or ends in an own seafaring home (a fleet makes one, 34.31), for one
gold per sea area (33.42)."""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from model.rules.eotma.ratings import COMBAT

if TYPE_CHECKING:
    from model.rules.eotma.position import Position

MAX_SEA_MOVE = 3
"""33.42: an army crosses at most three sea areas."""


def is_seafaring_home(state: Position, area: int) -> bool:
    """Return whether an area is the home of a seafaring people: printed so, or made so by a fleet
    there for as long as it stays (34.31)."""
    return state.game.board.seafaring[area] or state.fleet[area] > 0


def routes(state: Position, player: int, start: int) -> dict[int, tuple[int, int]]:
    """Return {own area: (spaces, sea areas crossed)} reachable from ``start`` (fewest spaces first,
    then fewest sea areas).

    A land step is one space (33.41); a sea crossing is one space whatever its length. A move may
    cross up to three sea areas in all, and only when it begins or ends in one of the player's
    seafaring homes, a fleet making one (33.42, 34.31); an own seafaring home passed on the way
    does not count.
    """
    board = state.game.board
    owner = state.owner
    from_seafarer = is_seafaring_home(state, start)
    best: dict[int, tuple[int, int]] = {}
    seen: set[tuple[int, int]] = {(start, 0)}
    queue: list[tuple[int, int, int]] = [(0, 0, start)]
    while queue:
        spaces, seas, area = heapq.heappop(queue)
        allowed = seas == 0 or from_seafarer or is_seafaring_home(state, area)
        if area != start and allowed and area not in best:
            best[area] = (spaces, seas)  # popped in (spaces, seas) order: the first is the best
        steps = [(b, 0) for b in board.adj[area]]
        if board.coast[area]:
            steps += [(b, s) for b, s in board.sea_reach(area).items() if seas + s <= MAX_SEA_MOVE]
        for target, crossing in steps:
            key = (target, seas + crossing)
            if owner[target] != player or key in seen:
                continue
            seen.add(key)
            heapq.heappush(queue, (spaces + 1, seas + crossing, target))
    return best


def move_problem(state: Position, player: int, source: int, target: int, points: int) -> str | None:
    """Return why these army points cannot move now, or None."""
    ids = state.game.board.ids
    if state.owner[source] != player or state.army[source] < points or points < 1:
        return f"{ids[source]} holds {state.army[source]} of the player's army points"
    route = routes(state, player, source).get(target)
    if route is None:
        return f"no route of own areas from {ids[source]} to {ids[target]} (33.41, 33.42)"
    spaces, seas = route
    if points * spaces > state.moves_left:
        need = points * spaces
        return f"moving {points} points {spaces} spaces needs {need} of {state.moves_left} left (33.4)"
    if seas and state.treasury[player] < seas:
        return f"crossing {seas} sea areas costs {seas} gold (33.42)"
    return None


def move(state: Position, player: int, source: int, target: int, points: int, effects: list[str]) -> None:
    """Move army points (33.4), paying one gold per sea area crossed (33.42)."""
    spaces, seas = routes(state, player, source)[target]
    state.moves_left -= points * spaces
    state.treasury[player] -= seas
    state.army[source] -= points
    state.army[target] += points
    ids = state.game.board.ids
    effects.append(f"{points} army points move {ids[source]} -> {ids[target]} ({spaces} spaces, {seas} gold)")


def start_movement(state: Position, player: int) -> bool:
    """Open the movement step when the player has armies (33.4); return whether it opened."""
    if not state.game.options.armies_fleets:
        return False
    if not any(state.army[a] for a, o in enumerate(state.owner) if o == player):
        return False
    state.step = "move"
    state.moves_left = state.stat[player][COMBAT]
    return True
