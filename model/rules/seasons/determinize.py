"""A position one nation could be in, for search bots (``SeasonsState.determinize``).

Seasons: Units: the other nations' units stand face down, so a nation knows how many units each
other nation has where, not which kind each is. A determinization deals each other nation's own
face-down land units their kinds (and trained flags) again at random, keeping how many of each
kind that nation has: the sample is a position the nation cannot tell from the true one by what
lies on the map.

Left true (the search knows them, a bound on what it may learn by cheating): the other
nations' treasuries (Seasons: Resources), this turn's face-down tokens and purchases before the
reveal, and the kinds a battle has already shown (kept shuffled with the rest). Units under an
order or in a battle keep their kinds, since the resolution of those is under way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.rng import Rng
from model.rules.seasons.battle import LAND_KINDS

if TYPE_CHECKING:
    from model.rules.seasons.state import Board


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
