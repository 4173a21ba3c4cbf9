"""Seasons determinizations keep this turn's hidden plans of the other nations hidden (issue 16).

Seasons: Tokens, Turns: a nation that plans after others must not find their face-down tokens and
purchases in a sample; it keeps its own, and everything public stays as it is.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from model.rules.rng import Rng
from model.rules.seasons.bot import HeuristicBot
from model.rules.seasons.game import SeasonsGame
from model.rules.seasons.state import CASUALTIES, PLAN, SeasonsState

SEEDS = range(10)


def planning(game: SeasonsGame, turn: int, index: int, own: int) -> SeasonsState:
    """Heuristic play (game seed 5, bot seed 3) to ``turn``'s planner number ``index`` after
    ``own`` of its own planning actions."""
    state: SeasonsState = game.new_state(5)
    bot = HeuristicBot(3)
    while not (state.board.turn == turn and state.board.plan_index == index and state.board.phase == PLAN):
        state.apply(bot.choose(state))
    for _ in range(own):
        state.apply(bot.choose(state))
    return state


def plans(state: SeasonsState, nations: set[str]) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The tokens (without their running number) and purchases of ``nations``, in order."""
    board = state.board
    orders = [
        (o.nation, o.kind, o.source, o.target, tuple(o.units)) for o in board.orders if o.nation in nations
    ]
    bought = [(p.nation, p.kind, p.what, p.area) for p in board.purchases if p.nation in nations]
    return orders, bought


@pytest.fixture(scope="module")
def third(isles: SeasonsGame) -> SeasonsState:
    """Turn 3: the third planner (vellmark) after three of its own actions."""
    return planning(isles, turn=3, index=2, own=3)


def test_the_position_is_the_one_the_tests_expect(third: SeasonsState) -> None:
    assert third.board.plan_order == ["suderland", "kessary", "vellmark", "ostrand"]
    assert third.current_player() == "vellmark"
    assert plans(third, {"vellmark"})[0] != []  # it has tokens of its own to keep
    assert plans(third, {"suderland", "kessary"})[0] != []  # and hidden tokens before it


def test_the_nations_before_the_seat_plan_again_legal_plans(third: SeasonsState) -> None:
    before = {"suderland", "kessary"}
    truth = plans(third, before)
    differ = 0
    for seed in SEEDS:
        sample = third.determinize("vellmark", Rng(seed))
        differ += plans(sample, before) != truth
        # Legal plans: the sample's planning replays, checked action by action, from the start
        # of the planning with the sample's dealt units.
        assert sample.plan_start is not None
        replay = SeasonsState(sample.game, copy.deepcopy(sample.plan_start), Rng(0))
        for unit_id, unit in sample.board.units.items():
            replay.board.units[unit_id].kind = unit.kind
            replay.board.units[unit_id].trained = unit.trained
        for entry in sample.log:
            if entry.round == 3 and entry.player is not None:
                replay.apply(entry.action)
        assert replay.board.orders == sample.board.orders
        assert replay.board.purchases == sample.board.purchases
        assert sample.invariant_violations() == []
        assert sample.board.plan_index == 2 and sample.current_player() == "vellmark"
    assert differ == 4  # the true hidden plans are not handed to the search (4 of the 10 differ)


def test_the_seat_keeps_its_own_plan_and_what_is_public(third: SeasonsState) -> None:
    own_orders, own_bought = plans(third, {"vellmark"})
    truth = third.board
    for seed in SEEDS:
        sample = third.determinize("vellmark", Rng(seed))
        board = sample.board
        assert plans(sample, {"vellmark"}) == (own_orders, own_bought)
        assert board.nations["vellmark"] == truth.nations["vellmark"]
        assert board.areas == truth.areas
        assert (board.turn, board.season, board.phase, board.plan_order) == (
            truth.turn,
            truth.season,
            truth.phase,
            truth.plan_order,
        )
        assert sorted(board.units) == sorted(truth.units)
        for unit_id, unit in truth.units.items():
            dealt = board.units[unit_id]
            assert (dealt.nation, dealt.area, dealt.boat) == (unit.nation, unit.area, unit.boat)
            if unit.nation == "vellmark":
                assert dealt == unit
        # its own entries of the log are read back as they were
        own = [e.action for e in third.log if e.round == 3 and e.player == "vellmark"]
        assert [e.action for e in sample.log if e.round == 3 and e.player == "vellmark"] == own
        assert len(own) == 3
        # the log before this turn's planning is the true one
        first = next(i for i, e in enumerate(third.log) if e.round == 3 and e.player is not None)
        assert sample.log[:first] == third.log[:first]


def test_the_same_seed_gives_the_same_sample(third: SeasonsState) -> None:
    assert third.determinize("vellmark", Rng(4)).to_json() == third.determinize("vellmark", Rng(4)).to_json()
    assert third.determinize("vellmark", Rng(4)).to_json() != third.determinize("vellmark", Rng(5)).to_json()
    assert third.determinize(None, Rng(4)) == third  # the author sees everything


def test_the_snapshot_survives_clone_and_save(third: SeasonsState) -> None:
    loaded = third.game.state_from_json(third.to_json())
    assert loaded == third and loaded.plan_start == third.plan_start
    for copy_ in (third.clone(), loaded):
        assert (
            copy_.determinize("vellmark", Rng(6)).to_json() == third.determinize("vellmark", Rng(6)).to_json()
        )


def test_without_a_snapshot_only_the_units_are_dealt(third: SeasonsState) -> None:
    """An older save has no start of the planning: the hidden plans stay true (documented)."""
    data = third.to_json()
    del data["plan_start"]
    old: SeasonsState = third.game.state_from_json(data)
    assert old.plan_start is None
    sample = old.determinize("vellmark", Rng(1))
    assert sample.board.orders == third.board.orders and sample.board.purchases == third.board.purchases


def test_the_first_planner_has_nothing_to_plan_again(isles: SeasonsGame) -> None:
    state = planning(isles, turn=2, index=0, own=1)
    seat = state.current_player()
    assert seat == state.board.plan_order[0] == "ostrand"
    sample = state.determinize(seat, Rng(2))
    assert sample.board.orders == state.board.orders and sample.board.purchases == state.board.purchases


def test_after_the_reveal_the_orders_are_public(isles: SeasonsGame) -> None:
    state: SeasonsState = isles.new_state(5)
    bot = HeuristicBot(3)
    while state.board.phase != CASUALTIES and not state.is_over():
        state.apply(bot.choose(state))
    seat = state.current_player()
    assert seat is not None
    sample = state.determinize(seat, Rng(2))
    assert sample.board.orders == state.board.orders and sample.board.battle == state.board.battle
    assert sample.log == state.log
