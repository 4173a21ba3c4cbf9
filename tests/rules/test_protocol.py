"""The engine protocol (model.rules.protocol, model.rules.rng) on a tiny dice game of its own."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

import pytest

from model.rules.protocol import (
    Action,
    ActionCodec,
    AmbiguousActionError,
    Game,
    IllegalActionError,
    LogEntry,
    MalformedActionError,
    State,
    replay,
    replay_log,
)
from model.rules.rng import Rng, RngError


@dataclass(frozen=True)
class Add(Action):
    VERB: ClassVar[str] = "add"
    dice: int

    def args(self) -> tuple[str, ...]:
        return (str(self.dice),)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 1 or not args[0].isdigit():
            raise MalformedActionError(text, "write 'add N'")
        return cls(int(args[0]))


@dataclass(frozen=True)
class Stop(Action):
    VERB: ClassVar[str] = "stop"


@dataclass(frozen=True)
class Skip(Action):
    VERB: ClassVar[str] = "skip"


class RaceGame(Game):
    """Two players add 1 or 2 dice to their total until both stop; more than 12 loses."""

    ruleset = "race"
    codec = ActionCodec([Add, Stop, Skip])

    def players(self) -> tuple[str, ...]:
        return ("a", "b")

    def new_state(self, seed: int) -> RaceState:
        return RaceState(self, seed)

    def state_from_json(self, data: dict[str, Any]) -> RaceState:
        state = RaceState(self, 0)
        state.totals = list(data["totals"])
        state.stopped = list(data["stopped"])
        state.turn = data["turn"]
        state.rng = Rng.from_json(data["rng"])
        state.log = [LogEntry.from_json(e) for e in data["log"]]
        return state


class RaceState(State):
    def __init__(self, game: RaceGame, seed: int) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.log = []
        self.totals = [0, 0]
        self.stopped = [False, False]
        self.turn = 0

    def current_player(self) -> str | None:
        return None if self.is_over() else "ab"[self.turn]

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over() else [Add(1), Add(2), Stop()]

    def is_over(self) -> bool:
        return all(self.stopped)

    def scores(self) -> dict[str, float]:
        return {p: float(t if t <= 12 else 0) for p, t in zip("ab", self.totals, strict=True)}

    def cursor(self) -> tuple[int, str]:
        return len(self.log), "play"

    def clone(self) -> Self:
        other = self.game.state_from_json(self.to_json())
        assert isinstance(other, type(self))
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "totals": list(self.totals),
            "stopped": list(self.stopped),
            "turn": self.turn,
            "rng": self.rng.to_json(),
            "log": [e.to_json() for e in self.log],
        }

    def _check(self, action: Action) -> None:
        if isinstance(action, Add) and action.dice not in (1, 2):
            raise IllegalActionError(action, "one or two dice only")
        if isinstance(action, Skip):
            raise IllegalActionError(action, "skipping is never allowed in this game")

    def _apply(self, action: Action) -> list[str]:
        if isinstance(action, Add):
            self.totals[self.turn] += self.rng.roll(action.dice, "race")
        else:
            self.stopped[self.turn] = True
        if not self.stopped[1 - self.turn]:
            self.turn = 1 - self.turn
        return [f"total {self.totals[self.turn]}"]


def test_rng_is_deterministic_and_clones_its_position() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.die() for _ in range(20)] == [b.die() for _ in range(20)]
    c = a.clone()
    assert [a.below(1000) for _ in range(5)] == [c.below(1000) for _ in range(5)]


def test_rng_dice_are_uniform_enough() -> None:
    rng = Rng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.die() - 1] += 1
    assert all(900 < c < 1100 for c in counts)


def test_rng_forced_values_come_first_and_are_checked() -> None:
    rng = Rng(3)
    rng.force(6, 6, 1)
    assert rng.roll(2, "test") == 12
    assert rng.die() == 1
    assert rng.drain() == ["test: 2d6 6+6=12"]
    rng.force(7)
    with pytest.raises(RngError, match="forced value 7"):
        rng.die()


def test_rng_json_round_trip_keeps_the_stream() -> None:
    rng = Rng(99)
    rng.die()
    copy = Rng.from_json(rng.to_json())
    assert copy == rng
    assert [copy.die() for _ in range(10)] == [rng.die() for _ in range(10)]


def test_shuffle_is_a_permutation_and_seeded() -> None:
    items = list(range(30))
    Rng(5).shuffle(items)
    again = list(range(30))
    Rng(5).shuffle(again)
    assert items == again and sorted(items) == list(range(30)) and items != list(range(30))


def test_action_text_round_trips_and_verbs_may_be_abbreviated() -> None:
    codec = RaceGame.codec
    assert str(Add(2)) == "add 2"
    assert codec.parse("add 2") == Add(2)
    assert codec.parse("a 1") == Add(1)
    assert codec.parse("  STOP ") == Stop()


def test_malformed_and_ambiguous_text_name_the_input_and_reason() -> None:
    codec = RaceGame.codec
    with pytest.raises(MalformedActionError, match="unknown verb 'fly'") as error:
        codec.parse("fly away")
    assert error.value.action == "fly away" and isinstance(error.value, ValueError)
    with pytest.raises(MalformedActionError, match="write 'add N'"):
        codec.parse("add lots")
    with pytest.raises(AmbiguousActionError, match="could be any of several verbs") as amb:
        codec.parse("s")
    assert amb.value.candidates == ("skip", "stop")


def test_apply_logs_seq_player_action_rolls_and_effects() -> None:
    state = RaceGame().new_state(11)
    state.rng.force(3, 4)
    entry = state.apply(Add(2))
    assert entry.seq == 0 and entry.player == "a" and entry.action == "add 2"
    assert entry.effects[0] == "race: 2d6 3+4=7"
    assert state.log == [entry]
    assert state.totals == [7, 0]


def test_rejected_action_changes_nothing() -> None:
    state = RaceGame().new_state(11)
    state.apply("add 1")
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="skipping is never allowed"):
        state.apply(Skip())
    with pytest.raises(MalformedActionError):
        state.apply("add x")
    assert state.to_json() == before


def test_actions_after_the_end_are_illegal() -> None:
    state = RaceGame().new_state(1)
    state.apply("stop")
    state.apply("stop")
    assert state.is_over() and state.current_player() is None
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply("add 1")


def test_replay_of_seed_and_actions_gives_an_identical_state() -> None:
    game = RaceGame()
    state = game.new_state(2024)
    for text in ["add 2", "add 1", "add 2", "stop", "add 1", "stop"]:
        state.apply(text)
    again = replay(game, 2024, [entry.action for entry in state.log])
    assert again == state
    assert replay_log(game, 2024, state.log) == state


def test_clone_is_equal_and_independent() -> None:
    state = RaceGame().new_state(8)
    state.apply("add 2")
    copy = state.clone()
    assert copy == state
    copy.apply("add 1")
    assert copy != state and len(state.log) == 1


def test_resolve_completes_unique_prefixes_of_legal_actions() -> None:
    state = RaceGame().new_state(8)
    assert state.resolve("add 2") == Add(2)
    with pytest.raises(AmbiguousActionError, match="several legal actions"):
        state.resolve("add")
