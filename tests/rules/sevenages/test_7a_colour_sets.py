"""7A facts 1: colour sets picked in bid order after the opening bid; a set's shade gives its
units' stat modifiers in conflict and its counters per type are the limit on the empire's units."""

from __future__ import annotations

from sevenages_helpers import RULES, at_step, make_game, pick_colours, play

from model.rules.sevenages import colours, conflict, economy
from model.rules.sevenages.bot import HeuristicBot
from model.rules.sevenages.game import EmpireCard, SevenAgesGame
from model.rules.sevenages.state import SevenAgesState, Unit


def game(**options: object) -> SevenAgesGame:
    dacia = EmpireCard("dacia", "Dacia", 4, (1,), ("s1", "s2"), start_money=40)
    return make_game(
        [("s1", "s2"), ("s2", "b_home"), ("b_home", "c_home")],
        empires={"babylon": ("ben", 3)},
        cards={"dacia": dacia},
        units=[("b_home", "babylon", "spearmen", None, 1)],
        **options,
    )


def test_the_table_offers_seven_light_seven_dark_and_one_black_set() -> None:
    assert dict(RULES.set_pool) == {"light": 7, "dark": 7, "black": 1}
    assert sum(RULES.set_pool.values()) == RULES.sets == 15


def test_players_pick_one_set_a_round_in_bid_order_until_each_holds_its_empire_slots() -> None:
    state: SevenAgesState = game(first_player="cid").new_state(0)
    # Babylon's light set counts as ben's; cid holds the turn marker and picks first.
    assert state.board.players["ben"].sets == ["light"]
    assert state.cursor() == (1, "colours") and state.current_player() == "cid"
    assert [str(a) for a in state.legal_actions()] == ["pick light", "pick dark", "pick black"]
    play(state, "pick black")
    assert state.current_player() == "ann"
    play(state, "pick dark")
    assert state.current_player() == "ben"
    play(state, "pick dark")
    # The black set is gone for everybody.
    assert [str(a) for a in state.legal_actions()] == ["pick light", "pick dark"]
    pick_colours(state)
    held = {p: list(state.board.players[p].sets) for p in ("ann", "ben", "cid")}
    # 15 sets among 3 players: 5 each (7A facts 1), in the order picked.
    assert {p: len(s) for p, s in held.items()} == {"ann": 5, "ben": 5, "cid": 5}
    assert held["cid"][0] == "black" and held["ann"][0] == "dark" and held["ben"][:2] == ["light", "dark"]
    assert colours.pool(state) == {}
    assert state.cursor() == (1, "markers")
    # Every seat sees what the others picked.
    assert state.view("ann")["players"]["cid"]["sets"] == held["cid"]


def test_a_new_empire_takes_its_players_first_free_set() -> None:
    state = at_step(game(), 1, {"ann": {"slot": "start"}})
    state.board.players["ann"].sets = ["dark", "light"]
    state.board.players["ann"].hand.append("dacia")
    play(state, "start dacia")
    assert state.board.empires["dacia"].shade == "dark"
    # The next empire of ann's would take the light set: the dark one is in use.
    assert colours.free_set(state, "ann") == "light"


def test_a_dark_set_has_three_counters_of_a_type_and_a_light_set_four() -> None:
    state = at_step(game(), 1, {"ann": {"slot": "start"}})
    state.board.players["ann"].sets = ["dark"]
    state.board.players["ann"].hand.append("dacia")
    play(state, "start dacia")
    play(state, "buy spearmen s1", "buy spearmen s1", "buy spearmen s1")
    assert economy.in_play(state, "dacia") == {"spearmen": 3}
    # The fourth spearmen counter does not exist in a dark set.
    assert "buy spearmen s1" not in [str(a) for a in state.legal_actions()]
    state.board.empires["dacia"].shade = "light"
    assert "buy spearmen s1" in [str(a) for a in state.legal_actions()]


def test_the_shade_changes_the_units_values_in_conflict() -> None:
    """Spearmen are 2/1 in a light set, 3/1 dark, 3/2 black; white neutrals keep light values."""
    assert [RULES.stats("spearmen", s) for s in ("light", "dark", "black", "white")] == [
        (2, 1),
        (3, 1),
        (3, 2),
        (2, 1),
    ]
    state = at_step(game(), 1, {})
    units = [Unit("babylon", "spearmen", 1), Unit("babylon", "spearmen", 1)]
    state.board.units["c_home"] = [*units, Unit("neutral", "spearmen", 1)]
    # Babylon attacks neutrals of its own age in c_home: no age or defence bonus, card 0.
    disorder = {"babylon": 0, "neutral": 0}
    state.board.conflict = {
        "area": "c_home",
        "attacker": "babylon",
        "defender": "neutral",
        "disorder": disorder,
    }
    # One in the front line, one in support: 2 + 1 light, 3 + 1 dark, 3 + 2 black.
    totals = {}
    for shade in ("light", "dark", "black"):
        state.board.empires["babylon"].shade = shade
        totals[shade] = conflict.combat_value(state, "babylon", 0, units[:1], units[1:])
    assert totals == {"light": 3, "dark": 4, "black": 5}


def test_the_heuristic_bot_picks_the_strongest_shade_left() -> None:
    state: SevenAgesState = game(first_player="ann").new_state(0)
    bot = HeuristicBot(0)
    assert str(bot.choose(state)) == "pick black"
    play(state, "pick black")
    assert str(bot.choose(state)) == "pick dark"
