"""E&N: Glory from your Capital, and harvest glory (7A facts 2.16) without neutrals."""

from __future__ import annotations

from sevenages_helpers import StartArea, at_step, glory_card, make_game, play

from model.rules.sevenages import glory
from model.rules.sevenages.game import EmpireCard, GloryCategory, SevenAgesGame


def game(cards: dict[str, EmpireCard], areas: dict[str, StartArea]) -> SevenAgesGame:
    return make_game(
        [("a1", "a2"), ("a2", "b1"), ("b1", "b2"), ("b2", "n")],
        empires={e: (p, 3) for e, p in (("assyria", "ann"), ("babylon", "ben"))},
        cards=cards,
        units=[
            ("a1", "assyria", "spearmen", None, 1),
            ("a2", "assyria", "spearmen", None, 2),
            ("b2", "babylon", "spearmen", None, 1),
            ("n", "neutral", "spearmen", None, 5),
        ],
        areas=areas,
    )


def test_homeland_icon_plus_one_with_a_capital_minus_one_without() -> None:
    g = game(
        {"assyria": glory_card("assyria", homeland=True), "babylon": glory_card("babylon", homeland=True)},
        {"a1": StartArea("assyria", city=1, capital=True)},
    )
    state = g.new_state(0)
    assert glory.capital_glory(state, "assyria") == 1 and glory.capital_glory(state, "babylon") == -1
    glory.harvest(state, [])
    assert state.board.players["ann"].glory == 1 and state.board.players["ben"].glory == -1


def test_no_homeland_icon_no_capital_glory() -> None:
    g = game({}, {"a1": StartArea("assyria", city=1, capital=True)})
    state = g.new_state(0)
    assert glory.capital_glory(state, "assyria") == 0 and glory.capital_glory(state, "babylon") == 0


def test_barbarians_score_a_start_area_and_never_lose() -> None:
    g = game(
        {
            "assyria": glory_card("assyria", homeland=True, no_cities=(1,), start=("a2",)),
            "babylon": glory_card("babylon", homeland=True, no_cities=(1,), start=("b1",)),
        },
        {},
    )
    state = g.new_state(0)
    # Assyria holds its start area a2: +1; Babylon holds none of its start areas: 0, not -1.
    assert glory.capital_glory(state, "assyria") == 1 and glory.capital_glory(state, "babylon") == 0
    # Out of its no-cities age, the capital rule applies (no capital: -1).
    state.board.empires["assyria"].progress = 8
    assert glory.capital_glory(state, "assyria") == -1


def test_losing_a_capital_costs_one_glory_at_once_even_without_the_icon() -> None:
    g = game({}, {"b1": StartArea("babylon", city=2, capital=True)})
    state = at_step(g, 4, {"ann": {"assyria": "manoeuvre"}})
    state.board.empires["babylon"].treasury = 7
    # babylon's capital b1 stands empty; assyria walks in.
    play(state, "move a2 b1 spearmen 1")
    assert state.board.players["ben"].glory == -1
    info = state.board.areas["b1"]
    assert (info.capital, info.owner, info.city) == (False, "assyria", 2)
    # The treasury empties and half of it goes to the taker.
    assert state.board.empires["babylon"].treasury == 0 and state.board.empires["assyria"].treasury == 3


def test_harvest_ranks_empires_and_ignores_neutrals() -> None:
    cards = {
        "assyria": EmpireCard("assyria", "A", 3, (1,), (), glory=(GloryCategory("UNITS", 3),)),
        "babylon": EmpireCard("babylon", "B", 3, (1,), (), glory=(GloryCategory("UNITS", 3),)),
    }
    state = game(cards, {}).new_state(0)
    # Five neutral units would lead the ranking if neutrals counted; assyria (3) is first, babylon second.
    assert glory.rank(state, "assyria", cards["assyria"].glory[0]) == 1
    glory.harvest(state, [])
    assert state.board.players["ann"].glory == 3 and state.board.players["ben"].glory == 2


def test_ties_go_by_turn_order() -> None:
    cards = {
        "assyria": EmpireCard("assyria", "A", 3, (1,), (), glory=(GloryCategory("PROGRESS", 2),)),
        "babylon": EmpireCard("babylon", "B", 3, (1,), (), glory=(GloryCategory("PROGRESS", 2),)),
    }
    state = game(cards, {}).new_state(0)
    state.board.order = ["ben", "ann", "cid"]
    glory.harvest(state, [])
    assert state.board.players["ben"].glory == 2 and state.board.players["ann"].glory == 1


def test_a_glory_tie_goes_to_the_most_advanced_empire() -> None:
    """7A facts 1, winning: equal glory, then the player with the most advanced empire."""
    state = game({}, {}).new_state(0)
    state.board.players["ann"].glory = state.board.players["ben"].glory = 5
    state.board.empires["babylon"].progress = 9
    assert state.winners() == ["ben"]
    state.board.empires["assyria"].progress = 9
    assert state.winners() == ["ann", "ben"]
