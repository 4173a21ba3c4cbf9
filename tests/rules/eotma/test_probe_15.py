"""Probes of ruling (15) through the public API on the small test board."""

from __future__ import annotations

import pytest
from eotma_helpers import ISLE_LINKED, area, card, start
from probe_helpers import price, rating

from model.rules.eotma.game import AreaStart
from model.rules.protocol import IllegalActionError

UP = card(1, rule={"result": ["+1"]})
DOWN = card(2, rule={"result": ["-1"]})
NOTHING = card(3)


def test_15_2_the_ruling_rating_falls_with_the_distance_from_zero() -> None:
    low = start(NOTHING, hand=[3], areas={"march": AreaStart("west", -2)})
    high = start(NOTHING, hand=[3], areas={"march": AreaStart("west", 2)})
    # facts sheet 3.2: administrative 3 - |SS| 2 (same language and church)
    assert rating(low, "rule march") == rating(high, "rule march") == 1


def test_15_1_ruling_is_free_but_pays_the_sea_gold() -> None:
    state = start(NOTHING, hand=[3], areas={"isle": AreaStart("west", 1)}, tables=ISLE_LINKED)
    assert price(state, "rule march") == 0
    assert price(state, "rule isle") == 1


def test_15_3_a_plus_one_at_the_top_still_quells_the_unrest() -> None:
    state = start(UP, hand=[1], areas={"march": AreaStart("west", 3, unrest=True)})
    entry = state.apply("rule march")
    assert area(state, "march")["social_state"] == 3 and not area(state, "march")["unrest"]
    assert "march: unrest quelled (15.3)" in entry.effects


def test_15_3_a_minus_one_at_the_bottom_keeps_the_unrest() -> None:
    # the result would lower the area though it cannot go lower: the unrest stays
    state = start(DOWN, hand=[2], areas={"march": AreaStart("west", -3, unrest=True)})
    state.apply("rule march")
    assert area(state, "march")["social_state"] == -3 and area(state, "march")["unrest"]


def test_15_3_no_result_quells_the_unrest() -> None:
    state = start(NOTHING, hand=[3], areas={"march": AreaStart("west", 0, unrest=True)})
    state.apply("rule march")
    assert not area(state, "march")["unrest"] and area(state, "march")["social_state"] == 0


def test_15_3_a_lowered_area_in_unrest_keeps_it_and_is_checked() -> None:
    state = start(DOWN, hand=[2], areas={"march": AreaStart("west", 1, unrest=True)})
    state.rng.force(3, 4)  # 7: nothing at rebellion value 5
    entry = state.apply("rule march")
    assert area(state, "march")["social_state"] == 0 and area(state, "march")["unrest"]
    assert any(e.startswith("rebellion check march") for e in entry.effects)


def test_15_0_only_own_areas_are_ruled() -> None:
    state = start(NOTHING, hand=[3])
    with pytest.raises(IllegalActionError):
        state.apply("rule city")
