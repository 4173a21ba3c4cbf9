"""Stake: the rules engine, on Mappa's engine protocol (``model.rules.protocol``).

Rules:
S1  Each land area scores its ``value`` to the player holding it at the end.
S2  In turn, a player claims a free land area adjacent to one it holds (any free land area while
    it holds none), or passes.
S3  The game ends when no land area is free, when every player passed in a row, or after the
    scenario's rounds (``options.rounds``). A round is one turn of every player.
S4  Score: the values of the areas held plus the player's handicap.
The first player is drawn from the game's seed (so seeds matter, and replays are exact).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from model.graph import MapGraphs
from model.rules.protocol import Action, ActionCodec, Game, IllegalActionError, MalformedActionError, State
from model.rules.rng import Rng
from model.scenario import AreaKind, Scenario
from toyrules import schema


@dataclass(frozen=True)
class Claim(Action):
    """S2: claim a free land area."""

    VERB: ClassVar[str] = "claim"
    area: str

    def args(self) -> tuple[str, ...]:
        return (self.area,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 1:
            raise MalformedActionError(text, "claim takes one area id")
        return cls(args[0])

    def areas(self) -> tuple[str, ...]:
        return (self.area,)


@dataclass(frozen=True)
class Pass(Action):
    """S2: claim nothing this turn."""

    VERB: ClassVar[str] = "pass"


CODEC = ActionCodec([Claim, Pass])


@dataclass(frozen=True)
class StakeGame(Game):
    """The fixed part: seats, land areas with their values and neighbours, rounds, handicaps."""

    ruleset: ClassVar[str] = "toy"
    codec = CODEC

    seats: tuple[str, ...]
    values: Mapping[str, int]
    neighbours: Mapping[str, frozenset[str]]
    owners: Mapping[str, str | None]
    handicaps: Mapping[str, int]
    rounds: int

    def players(self) -> tuple[str, ...]:
        return self.seats

    def new_state(self, seed: int) -> StakeState:
        rng = Rng(seed)
        first = rng.die(len(self.seats)) - 1
        state = StakeState(self, rng, dict(self.owners), turn=first, first=first)
        state.log = []
        return state

    def state_from_json(self, data: dict[str, Any]) -> StakeState:
        return StakeState.from_json(self, data)


def build_game(scenario: Scenario) -> StakeGame:
    """The registry's engine entry: the Stake game of ``scenario``."""
    graphs = MapGraphs.from_scenario(scenario)
    land = {a.id for a in scenario.map.areas if a.kind is AreaKind.LAND}
    values = {
        a.id: schema.AreaAttributes.model_validate(a.attributes).value
        for a in scenario.map.areas
        if a.id in land
    }
    neighbours = {a: frozenset(graphs.land_neighbours(a)) for a in sorted(land)}
    owners = {a: (scenario.setup.areas[a].owner if a in scenario.setup.areas else None) for a in sorted(land)}
    handicaps = {
        e.id: schema.PlayerAttributes.model_validate(e.attributes).handicap for e in scenario.setup.empires
    }
    options = schema.Options.model_validate(scenario.ruleset.options)
    return StakeGame(
        seats=tuple(e.id for e in scenario.setup.empires),
        values=values,
        neighbours=neighbours,
        owners=owners,
        handicaps=handicaps,
        rounds=options.rounds,
    )


class StakeState(State):
    """Who holds what, whose turn it is, and how many passed in a row."""

    game: StakeGame

    def __init__(
        self,
        game: StakeGame,
        rng: Rng,
        owners: dict[str, str | None],
        *,
        turn: int = 0,
        first: int = 0,
        turns_taken: int = 0,
        passes: int = 0,
        stats: dict[str, int] | None = None,
    ) -> None:
        self.game = game
        self.rng = rng
        self.owners = owners
        self.turn = turn
        self.first = first
        self.turns_taken = turns_taken
        self.passes = passes
        self.stats = stats if stats is not None else {"claims": 0, "passes": 0}
        self.log = []

    # --- the protocol ---

    def current_player(self) -> str | None:
        return None if self.is_over() else self.game.seats[self.turn]

    def cursor(self) -> tuple[int, str]:
        return (self.turns_taken // len(self.game.seats) + 1, "claim")

    def is_over(self) -> bool:
        """S3."""
        return (
            all(owner is not None for owner in self.owners.values())
            or self.passes >= len(self.game.seats)
            or self.turns_taken >= self.game.rounds * len(self.game.seats)
        )

    def scores(self) -> dict[str, float]:
        """S1, S4."""
        totals = {seat: float(self.game.handicaps.get(seat, 0)) for seat in self.game.seats}
        for area, owner in self.owners.items():
            if owner is not None:
                totals[owner] += self.game.values[area]
        return totals

    def claimable(self, seat: str) -> list[str]:
        """S2: the free land areas ``seat`` may claim now."""
        held = {a for a, owner in self.owners.items() if owner == seat}
        free = [a for a, owner in self.owners.items() if owner is None]
        if not held:
            return free
        return [a for a in free if self.game.neighbours[a] & held]

    def legal_actions(self) -> list[Action]:
        seat = self.current_player()
        if seat is None:
            return []
        return [*(Claim(a) for a in self.claimable(seat)), Pass()]

    def _check(self, action: Action) -> None:
        seat = self.current_player()
        assert seat is not None
        if isinstance(action, Pass):
            return
        if not isinstance(action, Claim):
            raise IllegalActionError(action, "not a Stake action")
        if action.area not in self.owners:
            raise IllegalActionError(action, f"{action.area!r} is not a land area of this map (S2)")
        if action.area not in self.claimable(seat):
            raise IllegalActionError(
                action, f"{action.area} is held or not next to an area {seat} holds (S2)"
            )

    def _apply(self, action: Action) -> list[str]:
        seat = self.game.seats[self.turn]
        if isinstance(action, Claim):
            self.owners[action.area] = seat
            self.passes = 0
            self.stats["claims"] += 1
            effects = [f"{seat} claims {action.area}"]
        else:
            self.passes += 1
            self.stats["passes"] += 1
            effects = [f"{seat} passes"]
        self.turns_taken += 1
        self.turn = (self.turn + 1) % len(self.game.seats)
        if self.is_over():
            effects.append("game over")
        return effects

    def clone(self) -> Self:
        twin = copy.copy(self)
        twin.rng = Rng(0)
        twin.rng.state, twin.rng.forced = self.rng.state, list(self.rng.forced)
        twin.owners, twin.stats, twin.log = dict(self.owners), dict(self.stats), list(self.log)
        return twin

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": "toy",
            "owners": dict(self.owners),
            "turn": self.turn,
            "first": self.first,
            "turns_taken": self.turns_taken,
            "passes": self.passes,
            "stats": dict(self.stats),
            "rng": {"state": self.rng.state, "forced": list(self.rng.forced)},
            "log": [entry.to_json() for entry in self.log],
        }

    @classmethod
    def from_json(cls, game: StakeGame, data: dict[str, Any]) -> StakeState:
        """Rebuild a state saved by :meth:`to_json`."""
        from model.rules.protocol import LogEntry

        rng = Rng(0)
        rng.state, rng.forced = int(data["rng"]["state"]), list(data["rng"]["forced"])
        state = cls(
            game,
            rng,
            dict(data["owners"]),
            turn=int(data["turn"]),
            first=int(data["first"]),
            turns_taken=int(data["turns_taken"]),
            passes=int(data["passes"]),
            stats=dict(data["stats"]),
        )
        state.log = [LogEntry.from_json(entry) for entry in data["log"]]
        return state

    # --- what the play-test UI and the report read ---

    def view(self) -> dict[str, Any]:
        """Every area's holder and value (Stake has no hidden information)."""
        return {
            "areas": {a: {"owner": owner, "value": self.game.values[a]} for a, owner in self.owners.items()},
            "scores": self.scores(),
        }

    def statistics(self) -> dict[str, int]:
        return dict(self.stats)
