"""Probes of defense (13) through the public API: west attacks east's city from march."""

from __future__ import annotations

from typing import Any

from eotma_helpers import area, card, start
from probe_helpers import logged_rating, rating

from model.rules.eotma.data import _default_table
from model.rules.eotma.game import AreaStart
from model.rules.eotma.state import EotmaState

C = card(1, conquest={"result": ["C"], "base": ["-1(<0)"]})
DEFENDER_CARD = card(
    2,
    conquest={"result": ["C"]},
    fortify={"result": ["F"]},
    rule={"result": ["+1"]},
    stature_check=[5, 5],
)
DIPLO_T = card(3, diplomacy={"result": ["T"]})
ALWAYS_UP = {**_default_table("stature_check"), "rows": [{"max_roll": 12, "result": 1}]}


def _attack(**kwargs: Any) -> EotmaState:
    state = start(C, DEFENDER_CARD, DIPLO_T, hand=[1], tables={"stature_check": ALWAYS_UP}, **kwargs)
    state.force_year_cards("east", [2, 2, 2, 2, 2])
    return state


def test_13_21_the_defense_takes_combat_and_extra_gold_off_the_rating() -> None:
    state = _attack()
    plain = rating(state, "conquest city from march")  # 3 + 1 - 1 - unrelated 2 = 1
    assert plain == 1
    state.apply("conquest city from march")
    assert state.view()["decision"] == "defense" and state.current_player() == "east"
    entry = state.apply("defend +2")
    assert logged_rating(entry.effects, "conquest", "city") == plain - 3 - 2
    assert state.treasury[1] == 12 - 1 - 2  # 13.11: one gold at least, 13.12: the extra gold


def test_13_22_below_zero_only_bad_results_and_the_defenders_card_does_nothing() -> None:
    state = _attack()
    state.apply("conquest city from march")
    entry = state.apply("defend")  # 1 - 3 = -2
    city, march, capital = area(state, "city"), area(state, "march"), area(state, "capital")
    assert city["owner"] == "east" and city["partial_conquest"] == {}  # the C is ignored
    assert march["social_state"] == 0  # the base -1(<0) stands
    # the defender's card (C, F, +1) changes nothing of its own
    assert city["fortification"] == 0 and city["social_state"] == 1 and capital["social_state"] == 2
    assert not any("owner" in e for e in entry.effects)


def test_13_23_the_defenders_check_reads_its_combat_stature() -> None:
    # the defender's card calls a check for a stature of 5 only
    fighter = _attack(east={"combat": 5, "administrative": 3, "diplomatic": 3})
    fighter.apply("conquest city from march")
    entry = fighter.apply("defend")
    assert "east: combat stature 5 -> 6" in entry.effects
    clerk = _attack(east={"combat": 3, "administrative": 5, "diplomatic": 5})
    clerk.apply("conquest city from march")
    entry = clerk.apply("defend")
    assert not any(e.startswith("east:") and "stature" in e for e in entry.effects)
    assert clerk.stat[1] == [3, 5, 5]


def test_13_0_diplomacy_is_not_defended() -> None:
    state = _attack()
    state.force_year_cards("west", [3])
    state.apply("diplomacy city")
    # 12.2: gold against it, not a defense endeavour with a year card
    assert state.view()["decision"] == "oppose"
    state.apply("oppose 0")
    assert area(state, "city")["ties"] == ["west"]
    assert state.view()["empires"]["east"]["year_cards_left"] == 5


def test_13_13_at_most_four_defenses_in_a_round() -> None:
    state = start(
        C, DEFENDER_CARD, player="east", areas={"border": AreaStart("west", 0)}, west={"treasury": 40}
    )
    state.force_year_cards("east", [1, 1, 1, 1, 1])
    state.force_year_cards("west", [2, 2, 2, 2, 2])
    asked = 0
    for _ in range(5):
        state.apply("conquest border from city")
        if state.view()["decision"] == "defense":
            asked += 1
            state.apply("defend +5")  # 3 + 1 - 0 - 2 = 2, less 8: the C is ignored (13.22)
    # west moves after east and keeps one card for its own turn (13.13, 13.14): the fifth attack
    # finds no defense and takes the area.
    assert asked == 4
    assert area(state, "border")["owner"] == "east"
    assert state.view()["empires"]["west"]["year_cards_left"] == 1
