"""Conversion of own areas (22.2-22.28): excommunication (22.11), unions (23.11), pagan groups (22.25),
losses in conversion (22.2), Iberian Moslem areas (22.27), kept results (22.21), halving (22.23,
22.24), the conversion table (22.3).

Each test plays its case through the public API and is named after the rule it checks."""

from __future__ import annotations

from typing import Any

import pytest
from eotma_helpers import CATALOG, area, card, idx, pagan_north, rules_with, start

from model.rules.eotma.board import Board, LandSpec
from model.rules.eotma.conversion import conversion_progress
from model.rules.eotma.data import Rules, RulesDataError
from model.rules.eotma.game import (
    AreaStart,
    EotmaGame,
    Options,
    PlayerSetup,
)
from model.rules.eotma.state import EotmaState
from model.rules.eotma.victory import victory_points
from model.rules.protocol import IllegalActionError


def _pagan_march(hand: list[int], *cards: dict[str, Any], ss: int = 1, **kwargs: Any) -> EotmaState:
    """West's march, of the old faith, ready for a conversion with these cards in hand."""
    state = start(*cards, hand=hand, areas={"march": AreaStart("west", ss, **kwargs)})
    state.religion[idx(state, "march")] = "old_faith"
    return state


C_ANY = card(1, conquest={"result": ["C"]})


LOSS_AND_C = card(2, conquest={"target": ["-1"], "result": ["C"]})


def _iberia(*cards: dict[str, Any]) -> EotmaGame:
    board = Board.build(
        [
            LandSpec("home", language="aldic", religion="latin"),
            LandSpec("cordova", language="aldic", religion="moslem", iberian_moslem=True),
        ],
        land_edges=[("home", "cordova")],
        catalog=CATALOG,
    )
    return EotmaGame(
        board,
        [PlayerSetup("west", court="home", diplomatic=9)],
        {"home": AreaStart("west", 1)},
        rules=rules_with(*cards),
        options=Options(events=False),
    )


DIPLOMATIC_C = card(3, diplomacy={"result": ["C"]})


def test_22_11_an_excommunicated_leader_still_converts_to_its_own_religion() -> None:
    # 22.11 makes the leader pagan for ratings and rebellion values only; the conversion (22.2)
    # still goes by its own church: old faith 12 - Christian 6 = 6 C results, to latin.
    state = _pagan_march([1, 1], C_ANY)
    state.excommunicated[0] = True
    assert "conquest march from march" in [str(a) for a in state.legal_actions()]
    entry = state.apply("conquest march from march")
    assert "march: conversion 1 of 6" in entry.effects
    state.conversion[(0, idx(state, "march"))] = 5
    entry = state.apply("conquest march from march")
    assert state.religion[idx(state, "march")] == "latin" and state.vp_conversions[0] == 5


def test_23_11_under_a_union_an_area_of_the_other_church_needs_no_conversion() -> None:
    state = start(C_ANY, hand=[1])
    state.religion[idx(state, "march")] = "eastern"
    assert "conquest march from march" in [str(a) for a in state.legal_actions()]  # schism: other church
    state.union = True
    assert "conquest march from march" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalActionError, match=r"only a conversion of another religion \(22\.2\)"):
        state.apply("conquest march from march")


def test_22_25_under_a_union_an_area_of_the_united_church_converts_with_its_group() -> None:
    state = pagan_north(rules_with(C_ANY))
    state.union = True  # 23.11 U: the Eastern player is of the same church as the Latin one
    state.force_year_cards("west", [1, 1, 1])
    for _ in range(3):  # 12 - 6 = 6, halved for the tie (22.24): 3 C results
        entry = state.apply("conquest denmark from denmark")
    assert state.religion[1:4] == ["latin", "latin", "latin"]
    assert "sweden: converted to latin (+5 VP, 22.28)" in entry.effects and state.vp_conversions[0] == 15


def test_22_2_a_conversion_loss_at_the_lowest_level_brings_no_unrest_nor_check() -> None:
    state = _pagan_march([2], LOSS_AND_C, ss=-3)
    entry = state.apply("conquest march from march")
    # Nothing is lost at -3 (16.22), so nothing puts the area in unrest or calls a check.
    assert not state.unrest[idx(state, "march")]
    assert not any("rebellion" in e or e.startswith("march: unrest") for e in entry.effects)
    assert "march: conversion 1 of 6" in entry.effects


def test_22_2_a_conversion_loss_in_unrest_holds_the_c_result_until_the_waived_check() -> None:
    state = _pagan_march([2], LOSS_AND_C, unrest=True, ties=("east",))
    entry = state.apply("conquest march from march")
    assert "march: social state 1 -> 0" in entry.effects
    # The check waits for east's waiver (12.42); the C result waits with it (22.2).
    assert state.current_player() == "east" and state.view()["decision"] == "waive"
    assert not any(e.startswith("march: conversion") for e in entry.effects) and state.conversion == {}
    state.rng.force(3, 4)
    entry = state.apply("waive no")
    assert area(state, "march")["owner"] == "west" and "march: conversion 1 of 6" in entry.effects


def test_22_27_a_diplomatic_conquest_of_an_iberian_moslem_area_makes_it_catholic() -> None:
    state = _iberia(DIPLOMATIC_C).new_state(1)
    state.force_year_cards("west", [3])
    entry = state.apply("diplomacy cordova")
    assert "cordova: diplomatic conquest by west (12.31)" in entry.effects
    assert state.religion[1] == "latin" and state.vp_conversions[0] == 0
    assert "cordova: religion becomes latin (22.27, no conversion points)" in entry.effects


def test_22_27_an_excommunicated_christian_conqueror_still_makes_it_catholic() -> None:
    state = _iberia(C_ANY).new_state(1)
    state.excommunicated[0] = True
    state.force_year_cards("west", [1])
    state.apply("conquest cordova from home")
    assert state.owner[1] == 0 and state.religion[1] == "latin" and state.vp_conversions[0] == 0


def test_22_21_retaking_an_own_rebelled_area_keeps_the_own_conversion_results() -> None:
    state = start(C_ANY, hand=[1], areas={"border": AreaStart(None, 0)})
    border = idx(state, "border")
    state.conversion[(0, border)] = 2  # west's results from before the area rebelled
    state.conversion[(1, border)] = 1  # east's, from an earlier time it held the area
    state.apply("conquest border from march")
    assert area(state, "border")["owner"] == "west"
    assert state.conversion == {(0, border): 2}


def test_22_23_22_24_missionary_fervor_and_a_tie_halve_the_differential_twice_in_play() -> None:
    # old faith 12 - Christian 6 = 6; the tie halves it to 3 (22.24), the card to 1 (22.23).
    state = _pagan_march([1, 1], C_ANY, ties=("west",))
    state.kept[0] = ["missionary_fervor"]
    entry = state.apply("conquest march from march")
    assert "march: conversion 1 of 1" in entry.effects
    assert state.religion[idx(state, "march")] == "latin" and state.vp_conversions[0] == 5


def test_22_3_a_group_kind_missing_from_the_conversion_table_is_a_table_error() -> None:
    rules = Rules.load()
    assert rules.conversion_rating(None, "other", None) == rules.conversion_by_kind["other"]
    with pytest.raises(RulesDataError, match=r"conversion table.*by_group_kind.*'martian'"):
        rules.conversion_rating(None, "martian", None)


def test_22_25_a_search_evaluation_credits_a_group_conversion_for_the_results_gained() -> None:
    # 12 - 6 = 6 results, halved for the tie (22.24): 3. The group converting with denmark is
    # denmark and nobody's norway (east's Eastern sweden stays, 22.25): 2 areas of 5 VP (22.28).
    # The shipped bot table credits it in full in a game of two seats (search_conversion_seats 2).
    state = pagan_north(rules_with(C_ANY))
    state.force_year_cards("west", [1, 1, 1])
    assert conversion_progress(state, 0) == 0.0
    state.apply("conquest denmark from denmark")
    assert conversion_progress(state, 0) == pytest.approx(1 / 3 * 5 * 2)
    points, gold = victory_points(state)[0], state.treasury[0]
    assert state.scores()["west"] == points  # the score counts no conversion before it is done
    assert state.evaluation()["west"] == pytest.approx(points + 0.45 * gold + 10 / 3)
    duel_only = pagan_north(rules_with(C_ANY, bot={"search_conversion_seats": {"value": 1}}))
    duel_only.force_year_cards("west", [1, 1, 1])
    duel_only.apply("conquest denmark from denmark")
    assert duel_only.evaluation()["west"] == pytest.approx(points + 0.45 * gold)  # 2 seats > 1: none
    state.union = True  # 23.11: sweden's church is west's, so it would convert with the group
    assert conversion_progress(state, 0) == pytest.approx(1 / 3 * 5 * 3)
    state.apply("conquest denmark from denmark")
    assert conversion_progress(state, 0) == pytest.approx(2 / 3 * 5 * 3)
    assert conversion_progress(state, 1) == 0.0
