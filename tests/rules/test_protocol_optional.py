"""The optional State methods (view, area_owners, winners, invariant_violations, statistics).

A tiny state that implements only the mandatory protocol gets the base class's defaults; one that
adds a ``view()`` gets ``area_owners()`` read from it.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

import pytest

from model.rules.protocol import Action, ActionCodec, Game, State, seat_names
from model.rules.rng import Rng
from model.scenario import Empire, Magnate, Scenario


class Pass(Action):
    VERB: ClassVar[str] = "pass"


class TinyGame(Game):
    ruleset = "tiny"
    codec = ActionCodec([Pass])

    def __init__(self, scores: dict[str, float]) -> None:
        self.fixed_scores = scores

    def players(self) -> tuple[str, ...]:
        return tuple(self.fixed_scores)

    def new_state(self, seed: int) -> TinyState:
        return TinyState(self, seed)

    def state_from_json(self, data: dict[str, Any]) -> TinyState:
        return TinyState(self, 0)


class TinyState(State):
    game: TinyGame

    def __init__(self, game: TinyGame, seed: int) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.log = []

    def current_player(self) -> str | None:
        return None

    def legal_actions(self) -> list[Action]:
        return []

    def is_over(self) -> bool:
        return True

    def scores(self) -> dict[str, float]:
        return dict(self.game.fixed_scores)

    def clone(self) -> Self:
        return self

    def to_json(self) -> dict[str, Any]:
        return {}

    def cursor(self) -> tuple[int, str]:
        return 1, "over"

    def _check(self, action: Action) -> None:
        pass

    def _apply(self, action: Action) -> list[str]:
        return []


class ViewState(TinyState):
    def view(self) -> dict[str, Any]:
        return {"areas": {"paris": {"owner": "france", "units": 2}, "rome": {"owner": None}}}


def test_view_is_not_implemented_by_default_and_names_the_ruleset() -> None:
    state = TinyGame({"a": 1.0}).new_state(1)
    with pytest.raises(NotImplementedError, match="tiny"):
        state.view()
    with pytest.raises(NotImplementedError, match="tiny"):
        state.area_owners()


def test_area_owners_defaults_to_the_owners_in_the_view() -> None:
    state = ViewState(TinyGame({"a": 1.0}), 1)
    assert state.area_owners() == {"paris": "france", "rome": None}


def test_area_owners_of_a_view_without_areas_is_empty() -> None:
    class Bare(TinyState):
        def view(self) -> dict[str, Any]:
            return {}

    assert Bare(TinyGame({}), 1).area_owners() == {}


def test_winners_default_to_the_top_score_with_ties() -> None:
    assert TinyGame({"a": 3.0, "b": 5.0, "c": 1.0}).new_state(1).winners() == ["b"]
    assert TinyGame({"a": 5.0, "b": 5.0, "c": 1.0}).new_state(1).winners() == ["a", "b"]
    assert TinyGame({}).new_state(1).winners() == []


def test_invariant_violations_and_statistics_default_to_empty() -> None:
    state = TinyGame({"a": 1.0}).new_state(1)
    assert state.invariant_violations() == []
    assert state.statistics() == {}


def test_seats_are_named_by_the_scenario_unless_the_engine_names_them() -> None:
    scenario = Scenario.model_validate({"metadata": {"title": "Seats"}, "ruleset": {"id": "tiny"}})
    scenario.setup.empires.append(Empire(id="a", name="Alba", colour="#112233"))
    scenario.setup.magnates.append(Magnate(id="m", name="Mormaer", colour="#445566"))
    game = TinyGame({"a": 0.0})
    # The default: the seats are the empires, named by the scenario (Magnates too).
    assert game.seat_names() == {}
    assert seat_names(scenario, game) == {"m": "Mormaer", "a": "Alba"}

    class PlayersGame(TinyGame):
        def seat_names(self) -> dict[str, str]:
            return {"p1": "Player 1", "a": "Alba's card"}

    named = seat_names(scenario, PlayersGame({"p1": 0.0}))
    assert named == {"m": "Mormaer", "a": "Alba's card", "p1": "Player 1"}
