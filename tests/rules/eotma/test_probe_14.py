"""Probes of fortification (14) through the public API on the small test board."""

from __future__ import annotations

import pytest
from eotma_helpers import ISLE_LINKED, area, card, start
from probe_helpers import legal, price, rating

from model.rules.eotma.game import AreaStart
from model.rules.protocol import IllegalActionError

F = card(1, fortify={"result": ["F"]})
F_OR_LOSS = card(2, fortify={"result": ["F(20>)"], "target": ["-1(<7)"]})
NOTHING = card(3)


def test_14_0_a_fort_is_built_at_two_raised_to_three_and_never_higher() -> None:
    state = start(F, hand=[1, 1, 1])
    strengths = []
    for _ in range(2):
        state.apply("fortify march")
        strengths.append(area(state, "march")["fortification"])
    assert strengths == [2, 3]
    assert state.treasury[0] == 12 - 2 * 2  # 14.1: two gold each time
    assert "fortify march" not in legal(state)


def test_14_1_a_fortification_pays_two_gold_and_the_sea_gold() -> None:
    state = start(NOTHING, hand=[3], areas={"isle": AreaStart("west", 1)}, tables=ISLE_LINKED)
    assert price(state, "fortify march") == 2
    assert price(state, "fortify march +3") == 5
    # isle is one sea area from the court: 9.17 adds a gold (house default: one per sea area)
    assert price(state, "fortify isle") == 3


def test_14_2_the_fortification_rating_and_its_minus_one_on_the_target() -> None:
    state = start(F_OR_LOSS, hand=[2])
    # facts sheet 3.2: administrative 3 + SS(home) 2 + population 2 = 7
    assert rating(state, "fortify home") == 7
    state.apply("fortify home")
    assert area(state, "home")["social_state"] == 1 and area(state, "home")["fortification"] == 0


def test_14_31_a_fort_lowers_conquest_and_pillage_ratings_by_its_strength() -> None:
    bare = start(NOTHING, hand=[3], areas={"border": AreaStart(None, 0)})
    walled = start(NOTHING, hand=[3], areas={"border": AreaStart(None, 0, fortification=3)})
    assert rating(walled, "conquest border from march") == rating(bare, "conquest border from march") - 3
    assert rating(walled, "pillage border from march") == rating(bare, "pillage border from march") - 3
    assert rating(walled, "diplomacy border") == rating(bare, "diplomacy border")  # not diplomacy


def test_14_32_a_fort_lowers_the_rebellion_value() -> None:
    state = start(NOTHING, hand=[3], areas={"march": AreaStart("west", 2, fortification=3)})
    state.apply("taxation")
    state.rng.force(3, 4)
    entry = state.apply("tax march 2")
    # two gold asked, fort 3: 2 - 3 = -1
    assert "rebellion check march (taxing 2, value -1): 2d6 3+4=7" in entry.effects


def test_14_43_a_fort_is_reduced_at_will_only_in_the_owners_own_turn() -> None:
    state = start(NOTHING, hand=[3], areas={"march": AreaStart("west", 1, fortification=3)})
    assert "reduce-fort march" in legal(state)
    state.apply("reduce-fort march")
    assert area(state, "march")["fortification"] == 2
    state.apply("rule home")
    state.apply("end-turn")
    assert state.current_player() == "east"
    with pytest.raises(IllegalActionError):
        state.apply("reduce-fort march")
