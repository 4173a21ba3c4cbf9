"""What the play-test map shows beyond owners: conversion progress (22.2), raiders and Magnates (24),
crusader states (23.32 step 5), as plain data in ``EotmaState.view()``."""

from __future__ import annotations

import json

from eotma_helpers import ISLE_LINKED, area, card, game, idx, start

from model.rules.eotma.game import AreaStart, Options

C_ANY = card(1, conquest={"result": ["C"]})
RAID_DECK = [card(i, pillage={"target": ["-1(0>)"]}, conquest={"result": ["C"]}) for i in range(1, 40)]
DECK = {"year_cards": {"cards": RAID_DECK}}
VIKINGS = {
    "note": "one raider",
    "raiders": [
        {
            "id": "vikings",
            "name": "Vikings",
            "years": [900, 1100],
            "stature": [[980, 5], [9999, 4]],
            "raids": 1,
            "language": None,
            "religion": None,
            "targets": {"seas": ["inner"], "near": [], "steps": 0},
        },
        {
            "id": "mongols",
            "name": "Mongols",
            "years": [1236, 1300],
            "stature": [[9999, 7]],
            "raids": 3,
            "targets": {"seas": [], "near": ["capital"], "steps": 1},
        },
    ],
}
BORDER_MATRIX = {"rows": [{"from": 0, "to": 3000, "areas": ["border"] * 11}], "attack": True}


def test_22_2_view_shows_conversion_progress_after_a_c_result_against_an_own_area() -> None:
    state = start(
        C_ANY, hand=[1, 1, 1, 1, 1], areas={"isle": AreaStart("west", 0, ties=("west",))}, tables=ISLE_LINKED
    )
    assert area(state, "isle")["conversion"] == {}
    state.apply("conquest isle from isle")
    # old_faith 12 against Latin 6, halved for west's tie (22.24): three C results convert it
    assert area(state, "isle")["conversion"] == {"west": {"results": 1, "needed": 3}}
    assert area(state, "home")["conversion"] == {}
    state.apply("conquest isle from isle")
    assert area(state, "isle")["conversion"] == {"west": {"results": 2, "needed": 3}}
    state.apply("conquest isle from isle")
    assert area(state, "isle")["conversion"] == {} and area(state, "isle")["religion"] == "latin"


def test_22_2_view_gives_the_results_still_needed_from_the_conversion_chart() -> None:
    state = start(areas={"isle": AreaStart("west", 0)})
    state.conversion[(0, idx(state, "isle"))] = 4
    assert area(state, "isle")["conversion"] == {"west": {"results": 4, "needed": 6}}


def test_24_view_lists_an_active_raider_group_where_it_strikes_and_what_it_attacks() -> None:
    g = game(*RAID_DECK, options=Options(events=False, raiders=True), tables={"raiders": VIKINGS, **DECK})
    state = g.new_state(4)
    assert state.view()["decision"] == "npc-defense"
    raiders = state.view()["raiders"]
    assert raiders == [
        {
            "id": "vikings",
            "name": "Vikings",
            "stature": 5,
            "raids": 1,
            "seas": ["inner"],
            "near": [],
            "targets": ["home", "isle"],
            "attacking": ["home"],
            "attacked": [],
        }
    ]  # the Mongols are not active in 976
    state.apply("decline")
    raider = state.view()["raiders"][0]
    assert raider["attacking"] == [] and raider["attacked"] == ["home"]
    json.dumps(state.view())


def test_24_view_raiders_attacked_lists_only_this_rounds_raids() -> None:
    g = game(
        *RAID_DECK,
        options=Options(events=False, raiders=True),
        tables={"raiders": VIKINGS, **DECK},
        rounds=3,
    )
    state = g.new_state(4)
    state.apply("decline")
    while state.round == 0 and not state.is_over():
        state.apply(str(state.legal_actions()[0]))
    raider = state.view()["raiders"][0]
    # round 2 (981): the Vikings' stature has stepped down; round 1's raid on home is not listed
    assert state.phase == "raiders" and raider["stature"] == 4
    assert raider["attacking"] == ["home"] and raider["attacked"] == []
    state.apply("decline")
    assert state.view()["raiders"][0]["attacked"] == ["home"]


def test_24_view_has_no_raiders_when_the_option_is_off() -> None:
    g = game(*RAID_DECK, options=Options(events=False), tables={"raiders": VIKINGS, **DECK})
    assert g.new_state(4).view()["raiders"] == []


def test_24_5_view_lists_each_magnate_with_its_court_stature_areas_and_attack() -> None:
    g = game(
        *RAID_DECK,
        options=Options(events=False, magnates=True),
        tables={"magnates": BORDER_MATRIX, **DECK},
        areas={"venice": AreaStart(None, 0)},
    )
    state = g.new_state(4)
    magnate = state.view()["magnates"]["magnate-border"]
    assert magnate["court"] == "border" and magnate["areas"] == ["border"]
    assert magnate["combat"] == state.mag_stat[0]
    assert len(magnate["attacking"]) == 1 and magnate["attacking"][0] in ("march", "city")
    target = magnate["attacking"][0]
    state.apply("decline")
    magnate = state.view()["magnates"]["magnate-border"]
    assert magnate["attacking"] == [] and magnate["attacked"] == [target]
    assert area(state, target)["owner"] == "magnate-border" or area(state, target)["partial_conquest"]


def test_24_view_lists_setup_magnates_even_without_the_option() -> None:
    from model.rules.eotma.game import EotmaGame, MagnateSetup

    base = game()
    starts = {**base.starts, "border": AreaStart("count", 0), "venice": AreaStart("count", 0)}
    g = EotmaGame(
        base.board,
        base.seats,
        starts,
        rules=base.rules,
        options=base.options,
        magnates=[MagnateSetup("count")],
    )
    magnate = g.new_state(1).view()["magnates"]["count"]
    assert magnate["court"] == "venice" and magnate["areas"] == ["border", "venice"]
    assert magnate["attacking"] == [] and magnate["attacked"] == []


def test_23_32_view_shows_a_crusader_state() -> None:
    state = start()
    state.crusader_state[idx(state, "faraway")] = True
    assert area(state, "faraway")["crusader_state"] is True
    assert area(state, "isle")["crusader_state"] is False
