"""Stake: a greedy AI seat (claims the most valuable area it may, passes only when it must)."""

from __future__ import annotations

from model.rules.protocol import Action, State
from toyrules.engine import Claim, Pass, StakeState


class GreedyBot:
    """Claims the claimable area of the highest value (the first by id among equals)."""

    def choose(self, state: State) -> Action:
        """Return the best claim, or ``pass`` when nothing is claimable."""
        assert isinstance(state, StakeState)
        seat = state.current_player()
        assert seat is not None
        options = state.claimable(seat)
        if not options:
            return Pass()
        best = max(options, key=lambda area: (state.game.values[area], [-ord(c) for c in area]))
        return Claim(best)
