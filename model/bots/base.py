"""The Bot protocol and a loop that plays a whole game with one bot per seat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from model.rules.protocol import Action, Game, State
from model.rules.rng import Rng


class Bot(Protocol):
    """Anything that picks one of the current player's legal actions."""

    def choose(self, state: State) -> Action:
        """Return a legal action for ``state.current_player()``."""
        ...


@runtime_checkable
class RankingBot(Bot, Protocol):
    """A bot that can also say which moves it rates next after its own choice: the search
    (model/bots/mcts.py) compares those instead of moves drawn at random from the legal ones."""

    def shortlist(self, state: State, k: int) -> list[Action]:
        """Return at most ``k`` distinct actions the engine accepts for ``state.current_player()``,
        best first by the bot's own rating, the first being what :meth:`choose` would return.
        Deterministic for the bot's seed and the state."""
        ...


class BotError(RuntimeError):
    """A game that a bot loop could not finish (no legal action, or too many actions)."""


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator (any ruleset)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        """Return a random legal action."""
        actions = state.legal_actions()
        if not actions:
            raise BotError(f"no legal action for {state.current_player()} in a game that is not over")
        return actions[self.rng.below(len(actions))]


def play(game: Game, bots: Mapping[str, Bot] | Bot, seed: int, max_actions: int = 1_000_000) -> State:
    """Play a whole game from ``game.new_state(seed)``, each seat choosing with its bot; return the end."""
    state = game.new_state(seed)
    by_seat = bots if isinstance(bots, Mapping) else None
    single = None if isinstance(bots, Mapping) else bots
    for _ in range(max_actions):
        if state.is_over():
            return state
        if by_seat is not None:
            player = state.current_player()
            if player is None or player not in by_seat:
                raise BotError(f"no bot for seat {player!r}")
            state.apply(by_seat[player].choose(state))
        else:
            assert single is not None
            state.apply(single.choose(state))
    raise BotError(f"the game did not end within {max_actions} actions")
