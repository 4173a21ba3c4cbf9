"""A position one nation could be in, for search bots (``SeasonsState.determinize``).

Seasons: Units: the other nations' units stand face down, so a nation knows how many units each
other nation has where, not which kind each is. A determinization deals each other nation's own
face-down land units their kinds (and trained flags) again at random, keeping how many of each
kind that nation has: the sample is a position the nation cannot tell from the true one by what
lies on the map.

Seasons: Tokens, Turns: the tokens and purchases of a turn lie face down until the reveal, and
planning here is sequential (``Board.plan_order``), so a nation that plans after others would see
their hidden plans in a plain copy. During planning (``plan`` and ``upkeep`` phases) the sample
therefore starts from the position at the start of this turn's planning
(``SeasonsState.plan_start``), deals the face-down units there, lets the Seasons heuristic bot
(seeded from the given generator) plan again for every nation that planned before the seat, and
then replays the seat's own actions of this planning from the log: the seat keeps exactly its
own tokens, purchases and disbands, and the others' are plausible plans, not the true ones.

Left true (the search knows them, a bound on what it may learn by cheating): the other nations'
treasuries (Seasons: Resources), which the re-planning bot spends from; the kinds a battle has
already shown (kept shuffled with the rest). Units under an order or in a battle keep their kinds
after the reveal, since the resolution of those is under way. Not matched: how many actions each
other nation took while planning (the log shows that many ``hidden`` entries; the bot's plan may
be longer or shorter). Without a snapshot of the planning's start (a game saved before snapshots
were kept), or for a seat that is not the one deciding, the sample only deals the face-down units
again and keeps this turn's hidden plans true.
"""

from __future__ import annotations

import copy
from collections import deque
from typing import TYPE_CHECKING

from model.rules.rng import Rng
from model.rules.seasons.battle import LAND_KINDS
from model.rules.seasons.visibility import PLANNING_PHASES

if TYPE_CHECKING:
    from model.rules.seasons.state import Board, SeasonsState

REPLAN_LIMIT = 1000
"""At most this many actions to plan the nations before the seat again (a guard against a loop)."""


class ReplanError(RuntimeError):
    """Planning again from the start of the turn did not reach the seat's decision."""


def deal_face_down(board: Board, seat: str | None, rng: Rng) -> None:
    """Deal the kinds of the face-down land units of every nation but ``seat`` again, in place."""
    busy = {unit for order in board.orders for unit in order.units}
    if board.battle is not None:
        busy.update(unit for side in board.battle.sides for unit in side)
    by_nation: dict[str, list[str]] = {}
    for unit_id in sorted(board.units):
        unit = board.units[unit_id]
        if unit.nation != seat and unit.kind in LAND_KINDS and unit.boat is None and unit_id not in busy:
            by_nation.setdefault(unit.nation, []).append(unit_id)
    for ids in by_nation.values():
        faces = [(board.units[i].kind, board.units[i].trained) for i in ids]
        rng.shuffle(faces)
        for unit_id, (kind, trained) in zip(ids, faces, strict=True):
            board.units[unit_id].kind, board.units[unit_id].trained = kind, trained


def planning_entries(state: SeasonsState) -> tuple[int, list[tuple[str, str]]]:
    """Return where this turn's planning starts in the log, and its (nation, action text) pairs."""
    turn = state.board.turn
    first = len(state.log)
    found: list[tuple[str, str]] = []
    # From the end back to the turn's start only: it runs for every sample a search draws, and
    # the log's rounds never go down.
    for index in range(len(state.log) - 1, -1, -1):
        entry = state.log[index]
        if entry.round < turn:
            break
        if entry.round == turn and entry.player is not None and entry.phase.endswith(PLANNING_PHASES):
            first = index
            found.append((entry.player, entry.action))
    found.reverse()
    return first, found


def replan(state: SeasonsState, seat: str, rng: Rng) -> SeasonsState | None:
    """Return a sample where the nations that planned before ``seat`` this turn planned again.

    None when the state is not in planning with ``seat`` deciding, or no snapshot of the
    planning's start is kept (the caller then falls back to :func:`deal_face_down`).
    """
    from model.rules.seasons.bot import HeuristicBot
    from model.rules.seasons.state import PLAN, UPKEEP

    board, start = state.board, state.plan_start
    if (
        board.phase not in (PLAN, UPKEEP)
        or start is None
        or start.turn != board.turn
        or state.current_player() != seat
    ):
        return None
    first, entries = planning_entries(state)
    own = deque(state.game.parse_action(text) for nation, text in entries if nation == seat)
    sample = type(state)(state.game, copy.deepcopy(start), state.rng.clone(), state.log[:first])
    sample.plan_start = start
    deal_face_down(sample.board, seat, rng)
    planner = HeuristicBot(seed=rng.below(2**31))
    for _ in range(REPLAN_LIMIT):
        player = sample.current_player()
        if player == seat and not own:
            return sample
        sample.apply(own.popleft() if player == seat else planner.choose(sample))
        if sample.board.phase not in (PLAN, UPKEEP) or sample.board.turn != board.turn:
            raise ReplanError(f"planning again for {seat} left turn {board.turn}'s planning")
    raise ReplanError(f"planning again did not reach {seat}'s decision in {REPLAN_LIMIT} actions")
