"""Probes of gold, taxation and plunder (16) through the public API on the small test board."""

from __future__ import annotations

from pathlib import Path

import pytest
from eotma_helpers import area, card, start
from probe_helpers import legal

from model import io
from model.rules.eotma.game import AreaStart, build_game
from model.rules.protocol import IllegalActionError

NOTHING = card(1)


def test_16_0_each_player_starts_with_twelve_gold() -> None:
    state = start(NOTHING, hand=[1])
    assert [e["treasury"] for e in state.view()["empires"].values()] == [12, 12]


def test_16_11_the_tax_is_at_most_the_social_state_and_needs_a_positive_one() -> None:
    state = start(NOTHING, hand=[1], areas={"march": AreaStart("west", 0), "home": AreaStart("west", 2)})
    state.apply("taxation")
    actions = legal(state)
    assert "tax home 2" in actions and "tax home 3" not in actions
    assert not any(a.startswith("tax march") for a in actions)
    with pytest.raises(IllegalActionError, match=r"16\.11"):
        state.apply("tax march 1")


def test_16_17_the_court_pays_without_a_check_and_16_16_others_add_the_gold_asked() -> None:
    state = start(NOTHING, hand=[1], areas={"march": AreaStart("west", 3)})
    state.apply("taxation")
    entry = state.apply("tax home 2")
    assert not any(e.startswith("rebellion check") for e in entry.effects)
    assert "west: +2 gold from home" in entry.effects
    state.rng.force(3, 4)
    entry = state.apply("tax march 3")
    assert "rebellion check march (taxing 3, value 3): 2d6 3+4=7" in entry.effects
    assert state.treasury[0] == 12 + 2 + 3


def test_16_14_and_16_15_one_block_and_each_area_once() -> None:
    state = start(NOTHING, hand=[1, 1], areas={"march": AreaStart("west", 3)})
    state.apply("taxation")
    state.apply("tax home 1")
    with pytest.raises(IllegalActionError, match=r"16\.15"):
        state.apply("tax home 1")
    with pytest.raises(IllegalActionError):
        state.apply("plunder home")  # 16.2: taxed or plundered, not both
    state.apply("end-taxation")
    state.apply("rule march")
    assert "taxation" not in legal(state)
    with pytest.raises(IllegalActionError):
        state.apply("taxation")


def test_16_21_plunder_only_inside_the_taxation_block() -> None:
    state = start(NOTHING, hand=[1], areas={"march": AreaStart("west", 0)})
    with pytest.raises(IllegalActionError):
        state.apply("plunder march")


def test_16_23_a_calm_area_plundered_loses_a_level_goes_into_unrest_and_pays_by_the_table() -> None:
    state = start(NOTHING, hand=[1], areas={"march": AreaStart("west", -2)})
    state.apply("taxation")
    state.rng.force(6)  # 11.3: three gold
    entry = state.apply("plunder march")
    assert not any(e.startswith("rebellion check") for e in entry.effects)
    assert area(state, "march")["social_state"] == -3 and area(state, "march")["unrest"]
    assert state.treasury[0] == 15
    assert not any(a.startswith("plunder march") for a in legal(state))


def test_16_23_1_an_area_in_unrest_plundered_is_checked_as_for_three_gold_and_may_rebel() -> None:
    state = start(NOTHING, hand=[1], areas={"march": AreaStart("west", 1, unrest=True)})
    state.apply("taxation")
    state.rng.force(1, 1)  # 2: a rebellion at any value of 5 or more (facts sheet 5.3)
    entry = state.apply("plunder march")
    # 3 gold + unrest 5 (same language and church, no fort, no ties)
    assert any(e.startswith("rebellion check march (plunder in unrest, value 8)") for e in entry.effects)
    assert area(state, "march")["owner"] is None and state.treasury[0] == 12
    assert "march: rebels, the plunder fails (16.23.1)" in entry.effects


def test_16_13_an_area_cut_off_from_the_court_is_neither_taxed_nor_plundered() -> None:
    # border is west's but march, between it and home, is nobody's
    state = start(NOTHING, hand=[1], areas={"march": AreaStart(None, 1), "border": AreaStart("west", 2)})
    state.apply("taxation")
    assert not any("border" in a for a in legal(state))


def test_16_1_an_unrest_result_still_pays_the_tax() -> None:
    state = start(NOTHING, hand=[1], areas={"march": AreaStart("west", 3), "border": AreaStart("west", 3)})
    state.apply("taxation")
    state.rng.force(1, 1)  # 2: unrest at a value of 3, never a rebellion below 5 (facts sheet 5.3)
    entry = state.apply("tax march 3")
    assert "west: +3 gold from march" in entry.effects and area(state, "march")["unrest"]
    assert area(state, "march")["owner"] == "west"
    state.rng.force(1, 1)  # 2 again at value 3 + related language 1 = 4: unrest only
    entry = state.apply("tax border 3")
    assert "west: +3 gold from border" in entry.effects and area(state, "border")["unrest"]
    assert state.treasury[0] == 18


@pytest.mark.parametrize("year", ["771", "976", "1136"])
def test_16_0_every_shipped_scenario_starts_each_player_with_twelve_gold(year: str) -> None:
    scenario = Path(__file__).resolve().parents[3] / "scenarios" / f"medieval-europe-{year}.mappa.json"
    state = build_game(io.load(scenario)).new_state(1)
    assert {e["treasury"] for e in state.view()["empires"].values()} == {12}
