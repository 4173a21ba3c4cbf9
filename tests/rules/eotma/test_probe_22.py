"""Probes of excommunication and conversion (22) through the public API on the small test board."""

from __future__ import annotations

import pytest
from eotma_helpers import CATALOG, ISLE_LINKED, area, card, rules_with, start, turn_of
from probe_helpers import logged_rating

from model.rules.eotma.board import Board, LandSpec
from model.rules.eotma.game import AreaStart, EotmaGame, Options, PlayerSetup
from model.rules.protocol import IllegalActionError

NOTHING = card(1)
C = card(2, conquest={"result": ["C"]})
LOSS = card(3, conquest={"target": ["-1"]})


def test_22_11_an_excommunicated_leaders_own_areas_count_it_pagan_in_the_rebellion_value() -> None:
    state = start(NOTHING, hand=[1], areas={"march": AreaStart("west", 2)})
    state.excommunicated[0] = True
    state.apply("taxation")
    state.rng.force(3, 4)
    entry = state.apply("tax march 1")
    # one gold + another religion 2 (a pagan leader over a Latin area)
    assert "rebellion check march (taxing 1, value 3): 2d6 3+4=7" in entry.effects


def test_14_31_an_own_fort_lowers_a_conversion_rating() -> None:
    bare = start(C, hand=[2], areas={"isle": AreaStart("west", 0)}, tables=ISLE_LINKED)
    walled = start(C, hand=[2], areas={"isle": AreaStart("west", 0, fortification=3)}, tables=ISLE_LINKED)
    plain = logged_rating(bare.apply("conquest isle from isle").effects, "conquest", "isle")
    assert logged_rating(walled.apply("conquest isle from isle").effects, "conquest", "isle") == plain - 3


def test_22_2_a_negative_differential_still_needs_one_c_result() -> None:
    # An Iberian Moslem area (convictional 0, 22.27) held by a Latin leader (proselytic 6): 0 - 6 < 1.
    board = Board.build(
        [
            LandSpec("home", language="aldic", religion="latin"),
            LandSpec("cordova", language="aldic", religion="moslem", iberian_moslem=True),
        ],
        land_edges=[("home", "cordova")],
        catalog=CATALOG,
    )
    game = EotmaGame(
        board,
        [PlayerSetup("west", court="home")],
        {"home": AreaStart("west", 1), "cordova": AreaStart("west", 0)},
        rules=rules_with(C),
        options=Options(events=False),
    )
    state = turn_of(game.new_state(3), "west", [2])
    entry = state.apply("conquest cordova from home")
    assert "cordova: conversion 1 of 1" in entry.effects
    assert area(state, "cordova")["religion"] == "latin"


def test_22_2_an_area_of_the_leaders_own_religion_is_not_converted() -> None:
    state = start(C, hand=[2])
    with pytest.raises(IllegalActionError):
        state.apply("conquest march from home")


def test_22_2_a_level_lost_in_a_conversion_brings_unrest_and_a_rebellion_check() -> None:
    state = start(LOSS, hand=[3], areas={"isle": AreaStart("west", 1)}, tables=ISLE_LINKED)
    state.rng.force(3, 4)  # 7: the one roll that gives nothing at a value of 7 (facts sheet 5.3)
    entry = state.apply("conquest isle from isle")
    isle = area(state, "isle")
    assert isle["social_state"] == 0 and isle["unrest"] and isle["owner"] == "west"
    # unrest 5 + another religion 2 (the Old Faith under a Latin leader)
    assert any(e.startswith("rebellion check isle") and "value 7" in e for e in entry.effects)


DIPLO_C = card(4, diplomacy={"result": ["C"]})


def test_22_21_a_diplomatic_conquest_negates_the_conversion_results_for_good() -> None:
    state = start(C, DIPLO_C, hand=[2], areas={"isle": AreaStart("west", 0)}, tables=ISLE_LINKED)
    state.force_year_cards("east", [4])
    state.apply("conquest isle from isle")
    assert area(state, "isle")["conversion"] == {"west": {"results": 1, "needed": 6}}
    state.apply("end-turn")
    state.apply("diplomacy isle +5")
    while state.view()["decision"] in ("oppose", "contest"):
        state.apply("oppose 0" if state.view()["decision"] == "oppose" else "accept")
    assert area(state, "isle")["owner"] == "east" and area(state, "isle")["conversion"] == {}
    state.apply("give west area isle")  # handed back: the negated results do not return
    assert area(state, "isle")["owner"] == "west" and area(state, "isle")["conversion"] == {}
