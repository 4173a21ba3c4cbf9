"""Army movement (33.4): at the start of the turn, before the event card, a player moves army points
times spaces up to the leader's combat stature, through its own areas (33.41), or across up to three
sea areas from or to an own seafaring home for one gold per sea area (33.42)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma.ratings import COMBAT

if TYPE_CHECKING:
    from model.rules.eotma.state import EotmaState

MAX_SEA_MOVE = 3
"""33.42: an army crosses at most three sea areas."""


def routes(state: EotmaState, player: int, start: int) -> dict[int, tuple[int, int]]:
    """Return {own area: (spaces, sea areas crossed)} reachable from ``start`` (fewest spaces first).

    A land step is one space (33.41); a sea crossing is one space whatever its length, allowed when
    it begins or ends in an own seafaring home and spans at most three sea areas (33.42).
    """
    board = state.game.board
    owner = state.owner
    best: dict[int, tuple[int, int]] = {start: (0, 0)}
    frontier = [start]
    while frontier:
        nxt: list[int] = []
        for area in frontier:
            spaces, seas = best[area]
            steps = [(b, 0) for b in board.adj[area]]
            if board.coast[area]:
                steps += [(b, s) for b, s in board.sea_reach(area).items() if s <= MAX_SEA_MOVE]
            for target, crossing in steps:
                if owner[target] != player or target in best:
                    continue
                if crossing and not (board.seafaring[area] or board.seafaring[target]):
                    continue
                best[target] = (spaces + 1, seas + crossing)
                nxt.append(target)
        frontier = nxt
    del best[start]
    return best


def move_problem(state: EotmaState, player: int, source: int, target: int, points: int) -> str | None:
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
    if state.army[target] + points > state.game.rules.max_unit:
        return f"{ids[target]} would hold more than {state.game.rules.max_unit} army points (33.31)"
    return None


def move(state: EotmaState, player: int, source: int, target: int, points: int, effects: list[str]) -> None:
    """Move army points (33.4), paying one gold per sea area crossed (33.42)."""
    spaces, seas = routes(state, player, source)[target]
    state.moves_left -= points * spaces
    state.treasury[player] -= seas
    state.army[source] -= points
    state.army[target] += points
    ids = state.game.board.ids
    effects.append(f"{points} army points move {ids[source]} -> {ids[target]} ({spaces} spaces, {seas} gold)")


def start_movement(state: EotmaState, player: int) -> bool:
    """Open the movement step when the player has armies (33.4); return whether it opened."""
    if not state.game.options.armies_fleets:
        return False
    if not any(state.army[a] for a, o in enumerate(state.owner) if o == player):
        return False
    state.step = "move"
    state.moves_left = state.stat[player][COMBAT]
    return True
