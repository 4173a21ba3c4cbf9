"""Rule cases for the sequence of play and initiative (facts sheet 1.3; rules 5-8 are missing from
our texts, so the facts sheet's reconstruction is the reference), played through the public API."""

from __future__ import annotations

from eotma_helpers import area, board, card, game, rules_with, start

from model.rules.eotma.actions import BeginTaxation, EndTurn
from model.rules.eotma.game import AreaStart, EotmaGame, Options, PlayerSetup
from model.rules.eotma.state import EotmaState

RULE_ANY = card(1, rule={"target": ["+1(9>)"]})
NOTHING = 99


def legal(state: EotmaState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def three_players(north: dict[str, int], **areas: AreaStart) -> EotmaState:
    starts = {
        "home": AreaStart("west", 2),
        "march": AreaStart("west", 1),
        "capital": AreaStart("east", 2),
        "city": AreaStart("east", 1),
        "border": AreaStart("north", 1),
        **areas,
    }
    players = [
        PlayerSetup("west", combat=3, administrative=3, diplomatic=1, court="home"),
        PlayerSetup("east", combat=2, administrative=2, diplomatic=2, court="capital"),
        PlayerSetup("north", court="border", **north),
    ]
    g = EotmaGame(board(), players, starts, rules=rules_with(), options=Options(events=False), rounds=2)
    return g.new_state(5)


def test_1_3_initiative_ranks_players_by_the_sum_of_their_statures() -> None:
    # west 1+2+3 = 6, east 3+3+3 = 9: east ranks first and chooses first
    state = game(west={"combat": 1, "administrative": 2, "diplomatic": 3}).new_state(1)
    assert state.phase == "initiative" and state.current_player() == "east"
    assert "initiative ranking: east, west" in state.log[0].effects


def test_1_3_equal_sums_rank_the_player_with_more_areas_first() -> None:
    # both 3-3-3; east holds capital, city and border (3 areas) against west's home and march (2)
    state = game(areas={"border": AreaStart("east", 0)}).new_state(1)
    assert state.current_player() == "east"
    state = game(areas={"border": AreaStart("west", 0)}).new_state(1)
    assert state.current_player() == "west"


def test_1_3_three_players_choose_places_in_rank_order_and_turns_follow_the_places() -> None:
    # sums: west 7, east 6, north 2+2+2 = 6 with one area against east's two: west, east, north
    state = three_players({"combat": 2, "administrative": 2, "diplomatic": 2})
    assert "initiative ranking: west, east, north" in state.log[0].effects
    assert state.current_player() == "west"
    state.apply("slot 3")  # the first-ranked player may choose to move last
    assert state.current_player() == "east"
    state.apply("slot 1")
    assert state.current_player() == "north"
    assert legal(state) == ["slot 2"]
    state.apply("slot 2")
    assert state.view()["turn_order"] == ["east", "north", "west"]
    assert state.current_player() == "east"


def test_1_3_every_player_is_dealt_five_year_cards_a_round() -> None:
    state = game().new_state(2)
    assert [e["year_cards_left"] for e in state.view()["empires"].values()] == [5, 5]


def test_13_13_a_player_must_undertake_at_least_one_endeavour_in_its_own_turn() -> None:
    state = start(RULE_ANY, hand=[1, 1, 1, 1, 1])
    assert str(EndTurn()) not in legal(state)
    state.apply("taxation")  # taxing is not an endeavour
    state.apply("tax home 2")
    state.apply("end-taxation")
    assert str(EndTurn()) not in legal(state)
    state.apply("rule march")
    assert str(EndTurn()) in legal(state)
    state.apply("end-turn")
    assert state.current_player() == "east"


def test_1_3_unused_year_cards_are_lost_at_the_end_of_the_round() -> None:
    state = start(RULE_ANY, hand=[1, 1, 1, 1, 1])
    state.apply("rule march")
    state.apply("end-turn")
    assert state.view()["empires"]["west"]["year_cards_left"] == 4  # kept for defense this round
    state.apply("rule city")
    state.apply("end-turn")
    view = state.view()
    assert view["round"] == 2 and view["year"] == 981 and view["phase"] == "initiative"
    assert [e["year_cards_left"] for e in view["empires"].values()] == [5, 5]


def test_1_2_the_game_ends_after_the_scenarios_last_round() -> None:
    state = start(RULE_ANY, hand=[1], rounds=1)
    state.apply("rule march")
    state.apply("end-turn")
    state.apply("rule city")
    state.apply("end-turn")
    assert state.is_over() and state.legal_actions() == [] and state.current_player() is None


def test_16_14_taxes_are_one_block_not_split_around_an_endeavour() -> None:
    state = start(RULE_ANY, hand=[1, 1])
    state.apply("rule march")
    state.apply("taxation")
    assert not any(a.startswith(("rule ", "conquest ", "diplomacy ")) for a in legal(state))
    state.apply("tax home 1")
    state.apply("end-taxation")
    assert "rule march" in legal(state)  # endeavours may follow the block
    assert str(BeginTaxation()) not in legal(state)  # but no second block this turn
    state.apply("rule march")
    assert str(BeginTaxation()) not in legal(state)


def test_21_1_an_exile_still_chooses_a_place_and_may_end_its_turn_without_an_endeavour() -> None:
    state = game(west={"court": None}, areas={"home": AreaStart("east", 2)}).new_state(4)
    assert state.view()["empires"]["west"]["exiled"]
    while state.phase == "initiative":
        state.apply("slot 1" if state.current_player() == "west" else "slot 2")
    assert state.current_player() == "west"
    assert str(EndTurn()) in legal(state)
    assert not any(
        a.startswith(("conquest ", "rule ", "fortify ", "pillage ", "taxation")) for a in legal(state)
    )
    state.apply("end-turn")
    assert state.current_player() == "east" and area(state, "march")["owner"] == "west"


def test_1_3_a_stature_gained_in_a_round_counts_for_the_next_rounds_initiative() -> None:
    # east holds 3 areas to west's 2 and ranks first at equal sums; a +1 stature check in
    # west's turn (12 on the house-default table) puts west ahead the next round
    check = card(2, rule={"target": []}, stature_check="any")
    state = game(check, areas={"border": AreaStart("east", 0)}).new_state(1)
    assert state.current_player() == "east"
    state.apply("slot 2")  # east lets west move first
    state.apply("slot 1")
    state.force_year_cards("west", [2])
    state.rng.force(6, 6)
    entry = state.apply("rule march")
    assert "west: administrative stature 3 -> 4" in entry.effects
    state.apply("end-turn")
    state.force_year_cards("east", [NOTHING])
    state.apply("rule capital")
    entry = state.apply("end-turn")
    # The ranking is the round's automatic step (logged on its own), not east's end of turn.
    ranking = state.log[-1]
    assert (ranking.player, ranking.action, ranking.round) == (None, "initiative", 1)
    assert ranking.effects == ("initiative ranking: west, east",) and state.current_player() == "west"
    assert "initiative ranking: west, east" not in entry.effects
