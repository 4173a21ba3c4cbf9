"""A game state kept as a plain-data board plus the protocol's generator and log.

The 7 Ages and Seasons states hold their position in a ``Board`` (a dataclass that saves itself
as JSON) and add the rules on top; what they share is how such a state is made, saved and read
back, here once. A ruleset's state says how its board is read (:meth:`BoardState.read_board`)
and how it is copied (``clone``: a deep copy, or a faster copy of its own).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, Generic, Protocol, Self, TypeVar

from model.rules.protocol import Game, LogEntry, State
from model.rules.rng import Rng


class SavedBoard(Protocol):
    """A board that saves itself as plain JSON data."""

    def to_json(self) -> dict[str, Any]:
        """Return the board as plain JSON data."""
        ...


GameT = TypeVar("GameT", bound=Game)
BoardT = TypeVar("BoardT", bound=SavedBoard)


class BoardState(State, Generic[GameT, BoardT]):
    """A state made of its game, its board, the random generator and the log."""

    def __init__(self, game: GameT, board: BoardT, rng: Rng, log: list[LogEntry] | None = None) -> None:
        self.game: GameT = game
        self.board = board
        self.rng = rng
        self.log = list(log or [])

    @classmethod
    @abstractmethod
    def read_board(cls, data: dict[str, Any]) -> BoardT:
        """Rebuild the board saved by its ``to_json``."""

    @classmethod
    def from_json(cls, game: GameT, data: dict[str, Any]) -> Self:
        """Rebuild a state saved by :meth:`to_json`."""
        return cls(
            game,
            cls.read_board(data["board"]),
            Rng.from_json(data["rng"]),
            [LogEntry.from_json(entry) for entry in data["log"]],
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.game.ruleset,
            "board": self.board.to_json(),
            "rng": self.rng.to_json(),
            "log": [entry.to_json() for entry in self.log],
        }
