"""Armies (33), fleets (34) and civilisation markers (35) as optional rules."""

from __future__ import annotations

import pytest
from eotma_helpers import area, card, idx, start

from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.state import EotmaState
from model.rules.protocol import IllegalActionError, MalformedActionError

DG = Options(events=False, armies_fleets=True, civilisation_markers=True)
F_CARD = card(1, fortify={"result": ["F(2>)"]})
PLUS = card(2, rule={"target": ["+1(1>)"]})


def test_33_raise_army_costs_a_fixed_two_gold_and_an_f_result_raises_a_point() -> None:
    state = start(F_CARD, hand=[1, 1], options=DG)
    state.apply("raise-army march")
    assert area(state, "march")["army"] == 1 and state.treasury[0] == 10


def test_33_no_extra_gold_on_raising_units() -> None:
    state = start(F_CARD, hand=[1], options=DG)
    with pytest.raises(IllegalActionError, match="no extra gold"):
        state.apply("raise-army march +2")


def test_33_without_the_option_no_armies() -> None:
    state = start(F_CARD, hand=[1])
    with pytest.raises(IllegalActionError, match="not used in this scenario"):
        state.apply("raise-army march")


def test_33_31_a_counter_is_at_most_four_but_an_area_may_hold_several() -> None:
    state = start(F_CARD, hand=[1], options=DG)
    state.army[idx(state, "march")] = 4
    assert state.game.rules.max_unit == 4
    assert "raise-army march" in [str(a) for a in state.legal_actions()]
    state.apply("raise-army march")
    assert area(state, "march")["army"] == 5


def test_33_23_armies_are_maintained_or_removed_at_turn_end() -> None:
    state = start(hand=[99], options=DG)
    state.army[idx(state, "march")] = 3
    state.treasury[0] = 2
    state.apply("rule home")
    state.apply("end-turn")
    assert state.pending[-1].kind == "maintain" and state.current_player() == "west"
    entry = state.apply("disband march army")
    assert area(state, "march")["army"] == 2 and state.treasury[0] == 0
    assert "march: 1 army point unpaid and removed (33.23)" in entry.effects


def test_33_32_armies_are_eliminated_when_the_area_is_lost() -> None:
    state = start(card(3, conquest={"result": ["C"]}), hand=[3], player="east", options=DG)
    state.army[idx(state, "march")] = 2
    state.apply("conquest march from city")
    state.apply("decline")
    assert area(state, "march")["owner"] == "east" and area(state, "march")["army"] == 0


def test_34_11_a_fleet_costs_four_gold_lost_on_failure_and_needs_a_coast() -> None:
    state = start(F_CARD, hand=[99, 1], options=DG)
    with pytest.raises(IllegalActionError, match=r"34\.11"):
        state.apply("raise-fleet march")
    state.apply("raise-fleet home")  # a blank card: no F
    assert area(state, "home")["fleet"] == 0 and state.treasury[0] == 8
    state.apply("raise-fleet home")
    assert area(state, "home")["fleet"] == 1


def test_35_11_a_marker_is_built_on_a_plus_one_without_raising_the_social_state() -> None:
    state = start(PLUS, hand=[2, 2], options=DG)
    state.apply("build march cathedral")
    assert area(state, "march")["civilisation"] == 1 and area(state, "march")["social_state"] == 1
    assert state.treasury[0] == 8
    with pytest.raises(IllegalActionError, match=r"35\.21"):
        state.apply("build march cathedral")


def test_35_build_text_names_the_marker() -> None:
    state = start(options=DG)
    with pytest.raises(MalformedActionError, match="marker of cathedral, commerce, palace, university"):
        state.apply("build march tower")
    assert "build march university" in [str(a) for a in state.legal_actions()]


def test_35_22_a_palace_goes_with_a_change_of_owner() -> None:
    state = start(card(3, conquest={"result": ["C"]}), hand=[3], player="east", options=DG)
    state.civ[idx(state, "march")] = 4 | 2
    state.apply("conquest march from city")
    state.apply("decline")
    assert area(state, "march")["civilisation"] == 2


def test_35_32_commerce_adds_a_gold_to_taxes() -> None:
    state = start(options=DG, areas={"march": AreaStart("west", 1)})
    state.civ[idx(state, "march")] = 2
    state.apply("taxation")
    state.rng.force(3, 4)
    state.apply("tax march 1")
    assert state.treasury[0] == 14


def _army_turn(**kwargs: object) -> EotmaState:
    from eotma_helpers import game, turn_of

    g = game(options=Options(events=True, armies_fleets=True), **kwargs)  # type: ignore[arg-type]
    state = g.new_state(3)
    state.army[idx(state, "home")] = 2
    return turn_of(state, "west")


def test_33_4_armies_move_before_the_event_card() -> None:
    state = _army_turn(areas={"border": AreaStart("west", 0)})
    # 56 cards and, with armies and fleets, the 3 cards that give them at no cost (33.23, 34.12)
    assert state.step == "move" and len(state.event_deck) == 59
    assert "move-army home border 1" in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalActionError, match=r"33\.4"):
        state.apply("rule home")


def test_33_4_movement_points_are_points_times_spaces() -> None:
    state = _army_turn(areas={"border": AreaStart("west", 0)})
    with pytest.raises(IllegalActionError, match="needs 4 of 3"):
        state.apply("move-army home border 2")
    state.apply("move-army home border 1")
    assert state.moves_left == 1 and area(state, "border")["army"] == 1
    state.apply("move-army home march 1")
    state.apply("end-movement")
    assert state.step == "main" and len(state.event_deck) == 58  # the event card comes after


def test_33_4_the_event_card_after_the_movement_is_the_turns_start_not_the_players() -> None:
    # 19, 36: the rules draw the event card, whether at the turn's start or after the armies moved
    # (33.4); ending the movement is west's choice, the card and what it does are not.
    state = _army_turn(areas={"border": AreaStart("west", 0)})
    entry = state.apply("end-movement")
    drawn = state.log[-1]
    assert (entry.player, entry.action) == ("west", "end-movement")
    assert not any("draws event" in effect for effect in entry.effects)
    assert (drawn.player, drawn.action, drawn.phase) == (None, "turn-start", "turn")
    assert drawn.effects[0].startswith("west draws event ")


def test_33_42_armies_cross_the_sea_only_from_or_to_a_seafaring_home() -> None:
    state = _army_turn(areas={"isle": AreaStart("west", 0)})
    with pytest.raises(IllegalActionError, match=r"33\.42"):
        state.apply("move-army home isle 1")


def test_33_33_an_army_point_is_lost_instead_of_a_social_state_level() -> None:
    loss = card(6, pillage={"base": ["-1(<9)"], "target": ["-1(0>)"]})
    state = start(loss, hand=[6], options=DG, areas={"border": AreaStart("east", 1)})
    state.army[idx(state, "march")] = 1
    state.army[idx(state, "border")] = 2
    state.apply("pillage border from march")
    state.apply("decline")
    # 33.33: the defender, then the attacker, chooses the army point over the level
    assert state.current_player() == "east" and state.view()["decision"] == "loss"
    state.apply("lose army")
    assert state.current_player() == "west" and state.view()["decision"] == "loss"
    state.apply("lose army")
    assert area(state, "march")["army"] == 0 and area(state, "march")["social_state"] == 1
    assert area(state, "border")["army"] == 1 and area(state, "border")["social_state"] == 1


def test_34_12_fleets_are_maintained_like_armies() -> None:
    state = start(hand=[99], options=DG)
    state.fleet[idx(state, "home")] = 2
    state.treasury[0] = 1
    state.apply("rule home")
    state.apply("end-turn")
    state.apply("disband home fleet")
    assert area(state, "home")["fleet"] == 1 and state.treasury[0] == 0


def test_35_24_a_pillage_may_destroy_a_marker_for_a_gold_instead_of_a_level() -> None:
    from eotma_helpers import rules_with

    from model.rules.eotma.data import _default_table
    from model.rules.eotma.game import EotmaGame

    table = dict(_default_table("endeavours"))
    table["pillage_takes_markers"] = {"value": True}
    loss = card(7, pillage={"target": ["-1(0>)"]})
    base = start(loss, hand=[7], options=DG, areas={"border": AreaStart(None, 1)}).game
    rules = rules_with(loss, endeavours=table)
    g = EotmaGame(base.board, base.seats, base.starts, rules=rules, options=DG)
    from eotma_helpers import turn_of

    state = turn_of(g.new_state(7), "west", [7])
    state.civ[idx(state, "border")] = 2 | 8
    state.apply("pillage border from march")
    assert area(state, "border")["civilisation"] == 8 and area(state, "border")["social_state"] == 1
    assert state.treasury[0] == 13


def test_35_33_one_card_rules_every_palace_area_each_on_its_own_rating() -> None:
    state = start(
        PLUS, hand=[2], options=DG, areas={"march": AreaStart("west", 2)}, west={"administrative": 3}
    )
    state.civ[idx(state, "home")] = 4
    state.civ[idx(state, "march")] = 4
    entry = state.apply("rule-palaces")  # home: 3 - 2 = 1, march: 3 - 2 = 1; +1(1>) on both
    assert area(state, "home")["social_state"] == 3 and area(state, "march")["social_state"] == 3
    assert "rule home: rating 1" in entry.effects and state.endeavours_done == 1


def test_33_31_armies_may_move_into_an_area_holding_four_points() -> None:
    state = _army_turn(areas={"border": AreaStart("west", 0)})
    state.army[idx(state, "march")] = 4
    assert "move-army home march 1" in [str(a) for a in state.legal_actions()]
    state.apply("move-army home march 1")
    assert area(state, "march")["army"] == 5


def test_34_21_a_coast_may_hold_more_than_four_fleet_points() -> None:
    state = start(F_CARD, hand=[1], options=DG)
    state.fleet[idx(state, "home")] = 4
    assert "raise-fleet home" in [str(a) for a in state.legal_actions()]
    state.apply("raise-fleet home")
    assert area(state, "home")["fleet"] == 5 and state.treasury[0] == 8
