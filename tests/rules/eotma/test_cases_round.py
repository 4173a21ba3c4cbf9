"""A whole round played by hand through the public API, every figure worked out from the rules:
conquest (10.3), taxation (16.1, 16.17), ruling that quells unrest (15.2, 15.3), a pillage met by a
defense that drives the rating below zero (11.2, 13.21, 13.22), the next round's initiative
(facts sheet 1.3) and the running victory points (26, house default)."""

from __future__ import annotations

from eotma_helpers import area, card, game

C = card(1, conquest={"result": ["C"]})
RULE = card(2, rule={"target": ["+1(2>)", "-1(<0)"]})
PILLAGE = card(3, pillage={"result": ["G"], "target": ["-1(0>)"], "base": ["-1(<-1)"]})
NOTHING = 99


def test_a_round_of_conquest_taxes_ruling_and_a_defended_pillage() -> None:
    state = game(C, RULE, PILLAGE).new_state(11)
    assert state.current_player() == "west"  # 9 = 9 statures, 2 areas each: seat order
    state.apply("slot 1")
    state.apply("slot 2")
    state.force_year_cards("west", [1, 2, NOTHING, NOTHING, NOTHING])
    state.force_year_cards("east", [3, NOTHING, NOTHING, NOTHING, NOTHING])

    # west: conquest of independent border (population 1): 2 gold, border taken in unrest
    state.apply("conquest border from march")
    assert area(state, "border")["owner"] == "west" and area(state, "border")["unrest"]
    # taxes: the court without a check, march 1 at rebellion value 1 (roll 7: nothing)
    state.apply("taxation")
    state.apply("tax home 2")
    state.rng.force(3, 4)
    state.apply("tax march 1")
    state.apply("end-taxation")
    assert state.treasury[0] == 12 - 2 + 2 + 1
    # ruling border: 3 - |0| - related 1 = 2 meets +1(2>): SS 1, unrest quelled
    state.apply("rule border")
    assert area(state, "border")["social_state"] == 1 and not area(state, "border")["unrest"]
    state.apply("end-turn")

    # east pillages border from city; west defends with 1 extra gold:
    # 3 + SS(city) 1 + population 1 - SS(border) 1 - unrelated 2 = 2, minus 3 + 1 = -2:
    # G and the target -1 are ignored (13.22), the base -1(<-1) applies to city
    state.apply("pillage border from city")
    assert state.current_player() == "west"
    entry = state.apply("defend +1")
    assert "pillage border: card 3, rating -2" in entry.effects
    assert area(state, "border")["social_state"] == 1 and area(state, "city")["social_state"] == 0
    assert state.treasury == [13 - 2, 12]
    state.apply("taxation")
    state.apply("tax capital 2")
    state.apply("end-taxation")
    state.apply("end-turn")

    # round 2: equal statures, west now holds 3 areas to east's 2: west ranks first
    view = state.view()
    assert view["round"] == 2 and view["phase"] == "initiative" and state.current_player() == "west"
    assert state.treasury == [11, 14]
    # points: home (3 + 2) x 2 + march 3 + 1 + border 3 + 1 = 18; capital 10 + city 3 + 0 = 13
    assert view["empires"]["west"]["victory_points"] == 18
    assert view["empires"]["east"]["victory_points"] == 13
    assert view["empires"]["west"]["year_cards_left"] == 5
