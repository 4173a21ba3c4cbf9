"""35.11: a civilisation marker is built as a ruling endeavour, when a +1 result would raise the
target's social state: none at the highest level. As a ruling it quells unrest on a +1 or no
result (15.3), by the endeavours table's ``build_quells_unrest`` (house default: yes)."""

from __future__ import annotations

from typing import Any

from eotma_helpers import area, card, idx, start

from model.rules.eotma.data import _default_table
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.state import EotmaState

MARKERS = Options(events=False, civilisation_markers=True)
PLUS = card(2, rule={"target": ["+1(0>)"]})
NOTHING = card(3, rule={})
MINUS = card(4, rule={"target": ["-1(<9)"]})


def _state(hand: list[int], ss: int = 1, **kwargs: Any) -> EotmaState:
    return start(
        PLUS, NOTHING, MINUS, hand=hand, options=MARKERS, areas={"march": AreaStart("west", ss)}, **kwargs
    )


def test_35_11_no_marker_is_built_at_the_highest_social_state() -> None:
    state = _state([2], ss=3)
    entry = state.apply("build march commerce")
    assert area(state, "march")["civilisation"] == 0 and area(state, "march")["social_state"] == 3
    assert any("no commerce built" in e for e in entry.effects)


def test_35_11_a_plus_one_below_the_top_builds_the_marker_without_raising_the_area() -> None:
    state = _state([2], ss=2)
    state.apply("build march commerce")
    assert area(state, "march")["civilisation"] == 2 and area(state, "march")["social_state"] == 2


def test_15_3_a_marker_endeavour_with_no_result_quells_unrest() -> None:
    state = _state([3])
    state.unrest[idx(state, "march")] = True
    entry = state.apply("build march commerce")
    assert "march: unrest quelled (15.3)" in entry.effects and not state.unrest[idx(state, "march")]


def test_15_3_a_marker_endeavour_that_lowers_the_area_keeps_unrest() -> None:
    state = _state([4])
    state.unrest[idx(state, "march")] = True
    entry = state.apply("build march commerce")
    # the loss in unrest calls a rebellion check (17.0); whatever it gives, nothing is quelled
    assert "march: social state 1 -> 0" in entry.effects
    assert "march: unrest quelled (15.3)" not in entry.effects


def test_35_11_the_table_may_keep_marker_endeavours_from_quelling_unrest() -> None:
    table = dict(_default_table("endeavours"))
    table["build_quells_unrest"] = {"value": False}
    state = _state([2], tables={"endeavours": table})
    state.unrest[idx(state, "march")] = True
    state.apply("build march commerce")
    assert state.unrest[idx(state, "march")] and area(state, "march")["civilisation"] == 2
