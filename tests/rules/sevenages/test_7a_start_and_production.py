"""7A facts 2.3 (start empire; E&N: Starting Empires against neutrals) and 2.8 (production)."""

from __future__ import annotations

from sevenages_helpers import StartArea, at_step, make_game, pick_colours, play

from model.rules.sevenages import economy
from model.rules.sevenages.game import EmpireCard, SevenAgesGame


def game(convert: str) -> SevenAgesGame:
    dacia = EmpireCard("dacia", "Dacia", 4, (1,), ("s1", "s2"), start_money=6, homeland=True, convert=convert)
    return make_game(
        [("s1", "s2"), ("s2", "b_home"), ("b_home", "c_home")],
        empires={"babylon": ("ben", 3), "carthage": ("cid", 3)},
        cards={"dacia": dacia},
        units=[
            ("b_home", "babylon", "spearmen", None, 1),
            ("c_home", "carthage", "spearmen", None, 1),
            ("s2", "neutral", "archers", None, 2),
        ],
    )


def test_an_empire_that_converts_any_takes_over_the_neutrals_in_its_start_areas() -> None:
    state = at_step(game("any"), 1, {"ann": {"slot": "start"}})
    state.board.players["ann"].hand.append("dacia")
    play(state, "start dacia")
    assert state.board.empires["dacia"].progress == 1 and state.board.empires["dacia"].treasury == 6
    play(state, "buy spearmen s1", "buy spearmen s2", "done")
    assert sorted(u.kind for u in state.units_of("dacia", "s2")) == ["archers", "archers", "spearmen"]
    assert state.units_of("neutral", "s2") == [] and state.statistics()["conversions"] == 2
    # The capital stands in the first start area, a level-1 city.
    info = state.board.areas["s1"]
    assert (info.city, info.capital, info.owner) == (1, True, "dacia")
    assert state.board.empires["dacia"].treasury == 2


def test_other_empires_fight_the_neutrals_in_their_start_areas() -> None:
    state = at_step(game("babylon"), 1, {"ann": {"slot": "start"}})
    state.board.players["ann"].hand.append("dacia")
    play(state, "start dacia", "buy spearmen s1", "buy spearmen s2", "buy spearmen s2", "done")
    c = state.board.conflict
    assert c is not None and c["attacker"] == "dacia" and c["defender"] == "neutral"
    # Control of the defending neutrals goes to ben or cid, who have no units in s2.
    assert c["control"]["neutral"] in ("ben", "cid")


def test_production_earns_income_less_upkeep_and_buys_where_cities_are() -> None:
    g = make_game(
        [("a", "b"), ("b", "c")],
        empires={"assyria": ("ann", 3)},
        units=[("a", "assyria", "spearmen", None, 3), ("b", "assyria", "archers", None, 1)],
        areas={"a": StartArea("assyria", city=2), "b": StartArea("assyria")},
        income={"b": 1},
    )
    state = at_step(g, 2, {"ann": {"assyria": "production"}})
    # Income: a (1 + city 2) + b (1) = 4; upkeep ceil(4 / 2) = 2.
    assert economy.income(state, "assyria") == 4 and economy.upkeep(state, "assyria") == 2
    assert state.board.empires["assyria"].treasury == 2
    legal = {str(x) for x in state.legal_actions()}
    assert "buy spearmen a" in legal and "buy spearmen b" not in legal and "fort a" not in legal
    play(state, "buy spearmen a")
    assert state.board.empires["assyria"].treasury == 0 and len(state.units_of("assyria", "a")) == 4
    # A light set has four counters of each type: no fifth spearman, whatever the money.
    state.board.empires["assyria"].treasury = 10
    legal = {str(x) for x in state.legal_actions()}
    assert "buy spearmen a" not in legal and "buy archers a" in legal


def test_the_opening_bid_gives_the_turn_marker_to_the_highest_card() -> None:
    """7A facts 1 set-up: each player bids a card face down; ties go by seat order."""
    g = make_game(
        [("a", "b")], empires={"assyria": ("ann", 3)}, units=[("a", "assyria", "spearmen", None, 1)]
    )
    state = g.new_state(0)
    assert state.cursor() == (1, "bid") and state.current_player() == "ann"
    high = max(state.board.players["ben"].hand, key=lambda c: g.cards[c].value)
    value = g.cards[high].value
    low = {p: min(state.board.players[p].hand, key=lambda c: g.cards[c].value) for p in ("ann", "cid")}
    play(state, f"bid {low['ann']}", f"bid {high}", f"bid {low['cid']}")
    expected = "ben" if value > max(g.cards[c].value for c in low.values()) else "ann"
    # 7A facts 1: the colour sets are picked next, the bid's winner first.
    assert state.board.order[0] == expected and state.cursor() == (1, "colours")
    assert state.current_player() == expected
    pick_colours(state)
    assert state.cursor() == (1, "markers")
    assert high in state.board.discards and len(state.board.players["ben"].hand) == 6
    # The bids stay face down in the others' log.
    assert state.log_for("ann")[1].action == "bid ?"
