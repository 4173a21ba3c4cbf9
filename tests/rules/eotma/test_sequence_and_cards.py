"""Sequence of play (facts sheet 1.3), year cards and their notation (1.4), initiative, turns."""

from __future__ import annotations

import pytest
from eotma_helpers import card, game, start, turn_of

from model.rules.eotma.cards import CardError, parse_card, parse_result
from model.rules.eotma.data import default_rules
from model.rules.eotma.game import EotmaGame, Options, PlayerSetup
from model.rules.protocol import IllegalActionError


def test_1_4_year_card_deck_has_56_cards_that_all_parse() -> None:
    rules = default_rules()
    assert len(rules.year_cards) == 56
    assert len({c.id for c in rules.year_cards}) == 56
    assert sum(1 for c in rules.year_cards if c.check_low is not None) > 5


def test_1_4_threshold_notation_at_least_and_at_most() -> None:
    at_least = parse_result("C(5>)")
    assert (at_least.code, at_least.at_least) == ("C", 5)
    assert at_least.applies(5) and at_least.applies(9) and not at_least.applies(4)
    at_most = parse_result("-1(<-1)", "base")
    assert (at_most.code, at_most.at_most, at_most.column) == ("-1", -1, "base")
    assert at_most.applies(-1) and at_most.applies(-4) and not at_most.applies(0)
    bare = parse_result("G")
    assert bare.applies(-10) and str(parse_result("T/C(8>)")) == "T/C(8>)"


def test_1_4_bad_card_notation_is_a_precise_error() -> None:
    with pytest.raises(CardError, match="cannot read card result 'X\\(3>\\)'"):
        parse_result("X(3>)")
    with pytest.raises(CardError, match="unknown column 'side'"):
        parse_card({"id": 3, "conquest": {"side": ["C"]}})
    with pytest.raises(CardError, match="stature_check"):
        parse_card({"id": 3, "stature_check": [1]})


def test_1_4_stature_check_range_on_a_card() -> None:
    ranged = parse_card({"id": 1, "stature_check": [1, 2]})
    assert ranged.calls_check(2) and not ranged.calls_check(3)
    assert parse_card({"id": 2, "stature_check": "any"}).calls_check(9)
    assert not parse_card({"id": 3}).calls_check(5)


def test_1_3_five_year_cards_are_dealt_to_each_player_each_round() -> None:
    state = game().new_state(3)
    assert [len(h) for h in state.hand] == [5, 5]
    assert not set(state.hand[0]) & set(state.hand[1])


def test_1_3_initiative_ranks_by_stature_sum() -> None:
    state = game(west={"combat": 1}, east={"combat": 5}).new_state(1)
    assert state.phase == "initiative" and state.current_player() == "east"


def test_1_3_initiative_ties_go_to_the_player_with_more_areas() -> None:
    from model.rules.eotma.game import AreaStart

    state = game(areas={"border": AreaStart("east", 0)}).new_state(1)
    assert state.current_player() == "east"


def test_1_3_ranked_players_choose_their_place_in_turn_order() -> None:
    state = game(west={"combat": 1}).new_state(1)
    assert state.current_player() == "east"
    state.apply("slot 2")
    assert state.current_player() == "west"
    with pytest.raises(IllegalActionError, match="place 2 is already taken"):
        state.apply("slot 2")
    state.apply("slot 1")
    assert state.phase == "turn" and state.current_player() == "west"
    assert state.view()["turn_order"] == ["west", "east"]


def test_13_13_an_endeavour_is_compulsory_in_the_own_turn() -> None:
    state = start()
    with pytest.raises(IllegalActionError, match="at least one endeavour"):
        state.apply("end-turn")
    state.apply("rule home")
    state.apply("end-turn")
    assert state.current_player() == "east"


def test_1_3_unused_cards_are_lost_at_round_end_and_the_game_ends_after_its_rounds() -> None:
    state = start(rounds=1)
    state.apply("rule home")
    state.apply("end-turn")
    state.apply("rule capital")
    state.apply("end-turn")
    assert state.is_over() and state.current_player() is None and state.legal_actions() == []
    assert state.hand == [[], []]


def test_1_3_second_round_deals_new_cards_and_new_initiative() -> None:
    state = start(rounds=2)
    for court in ("home", "capital"):
        state.apply(f"rule {court}")
        state.apply("end-turn")
    assert state.round == 1 and state.phase == "initiative"
    assert [len(h) for h in state.hand] == [5, 5]


def test_19_event_card_drawn_at_turn_start_when_events_are_on() -> None:
    g = game(options=Options(events=True))
    state = turn_of(g.new_state(5), "west")
    assert len(state.event_deck) == 55
    assert any("draws event" in e for e in state.log[-1].effects)


def test_16_0_every_player_starts_with_twelve_gold() -> None:
    state = game().new_state(1)
    assert state.treasury == [12, 12]


def test_setup_errors_name_the_problem() -> None:
    from eotma_helpers import board

    from model.rules.eotma.game import SetupError

    with pytest.raises(SetupError, match="'nowhere', which is not a land area"):
        EotmaGame(board(), [PlayerSetup("a", court="nowhere")])


def test_card_helper_builds_custom_cards() -> None:
    assert card(5, rule={"target": ["+1(2>)"]})["rule"] == {"target": ["+1(2>)"]}
