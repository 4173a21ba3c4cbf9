"""Colour sets: picked after the opening bid, one each in bid order, until every player holds as
many sets as it may have empires (7A facts 1 set-up).

A colour set's shade (light, dark or black, the units table's ``sets``) gives its units' stat
modifiers in conflict and how many counters of each type its empire may have on the map. How
many sets of each shade exist is the table's ``in_game``. Empires on the map at the start keep
their scenario shade, which counts as picked by their player. HOUSE DEFAULT (the sources only
give the order): the players pick one set at a time, round after round in bid order, and a new
empire takes the first set its player holds that none of its empires uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.protocol import Action
from model.rules.sevenages.actions import Words, act

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState

PHASE = "colours"


def pool(state: SevenAgesState) -> dict[str, int]:
    """Return the sets of each shade nobody holds yet (table order)."""
    left = dict(state.game.rules.set_pool)
    for player in state.board.players.values():
        for shade in player.sets:
            if left.get(shade, 0) > 0:
                left[shade] -= 1
    return {shade: n for shade, n in left.items() if n > 0}


def _wants(state: SevenAgesState, player: str) -> bool:
    board = state.board
    return len(board.players[player].sets) < state.game.max_empires(board.order, player)


def picker(state: SevenAgesState) -> str | None:
    """Return who picks next: from ``ctx['i']`` on in bid order, the first player short of sets
    (None: the pick is over)."""
    board = state.board
    if not pool(state):
        return None
    count, start = len(board.order), int(board.ctx["i"])
    for step in range(count):
        player: str = board.order[(start + step) % count]
        if _wants(state, player):
            return player
    return None


def begin(state: SevenAgesState) -> None:
    """Open the pick after the turn order is known (the bid, or the scenario's first player);
    with nothing to pick the marker placement keeps the decision."""
    board = state.board
    for player_id, player in board.players.items():
        if not player.sets:
            player.sets = [e.shade for e in board.empires.values() if e.player == player_id]
    board.phase, board.ctx = PHASE, {"i": 0}
    if picker(state) is None:
        board.phase, board.ctx = "mark", {"i": 0}


def legal(state: SevenAgesState) -> list[Action]:
    """Return the picks open to the current picker: one per shade still in the pool."""
    return [act("pick", shade) for shade in pool(state)]


def apply(state: SevenAgesState, action: Words, effects: list[str]) -> None:
    """The picker takes a set of a shade; the next player in bid order picks next."""
    board = state.board
    player = picker(state)
    assert player is not None
    shade = action.word(0)
    board.players[player].sets.append(shade)
    effects.append(f"{player} picks a {shade} colour set")
    board.ctx["i"] = (board.order.index(player) + 1) % len(board.order)
    if picker(state) is None:
        board.phase, board.ctx = "mark", {"i": 0}


def free_set(state: SevenAgesState, player: str) -> str:
    """Return the shade a new empire of ``player`` takes: the first held set no empire of the
    player uses. A player with none free (a position set up past the pick) takes the table's
    first shade, the light set."""
    used = [e.shade for e in state.board.empires.values() if e.player == player]
    for shade in state.board.players[player].sets:
        if shade in used:
            used.remove(shade)
        else:
            return shade
    return next(iter(state.game.rules.set_pool), "light")
