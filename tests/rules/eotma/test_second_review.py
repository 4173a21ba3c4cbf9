"""Second rules review (rules 22-24, the event deck, 33-36): each test plays a fixed deviation
through the public API and is named after the rule it checks."""

from __future__ import annotations

import json
from typing import Any

import pytest
from eotma_helpers import CATALOG, area, card, idx, rules_with, start, turn_of

from model.rules.eotma.board import Board, LandSpec
from model.rules.eotma.game import AreaStart, EotmaGame, Options, PlayerSetup
from model.rules.eotma.records import Agreement, ClaimWatch, Crusade, Partial, TaxWait
from model.rules.eotma.state import EotmaState
from model.rules.protocol import IllegalActionError

C_ANY = card(1, conquest={"result": ["C"]})
LOSS_AND_C = card(2, conquest={"target": ["-1"], "result": ["C"]})
DIPLOMATIC_C = card(3, diplomacy={"result": ["C"]})


def _pagan_march(hand: list[int], *cards: dict[str, Any], ss: int = 1, **kwargs: Any) -> EotmaState:
    """West's march, of the old faith, ready for a conversion with these cards in hand."""
    state = start(*cards, hand=hand, areas={"march": AreaStart("west", ss, **kwargs)})
    state.religion[idx(state, "march")] = "old_faith"
    return state


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
    catalog = CATALOG.__class__(
        language_family=dict(CATALOG.language_family),
        religion_group={**CATALOG.religion_group, "norse_pagan": "pagan"},
        group_kind=dict(CATALOG.group_kind),
        religion_names={**CATALOG.religion_names, "norse_pagan": "Norse Pagan"},
    )
    board = Board.build(
        [
            LandSpec("home", language="aldic", religion="latin"),
            LandSpec("denmark", language="aldic", religion="norse_pagan"),
            LandSpec("norway", language="aldic", religion="norse_pagan"),
            LandSpec("sweden", language="aldic", religion="norse_pagan"),
            LandSpec("east_home", language="kestrian", religion="eastern"),
        ],
        land_edges=[
            ("home", "denmark"),
            ("denmark", "norway"),
            ("norway", "sweden"),
            ("sweden", "east_home"),
        ],
        catalog=catalog,
    )
    seats = [PlayerSetup("west", court="home"), PlayerSetup("east", court="east_home")]
    starts = {
        "home": AreaStart("west", 1),
        "denmark": AreaStart("west", 0, ties=("west",)),
        "sweden": AreaStart("east", 0),
        "east_home": AreaStart("east", 1),
    }
    game = EotmaGame(board, seats, starts, rules=rules_with(C_ANY), options=Options(events=False))
    state = turn_of(game.new_state(1), "west")
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


def test_22_12_an_excommunicated_player_cannot_call_a_breach_parley() -> None:
    state = start()
    state.agreements = [Agreement(1, 0, "truce")]
    state.excommunicated[0] = True
    with pytest.raises(IllegalActionError, match=r"20\.4, 22\.12"):
        state.apply("parley breach east")


def _round_trip(state: EotmaState) -> EotmaState:
    saved = json.loads(json.dumps(state.to_json()))
    again = EotmaState.from_json(state.game, saved)
    assert again.to_json() == state.to_json()
    return again


def test_12_42_20_3_state_records_have_named_fields_and_keep_their_saved_lists() -> None:
    state = start(areas={"march": AreaStart("west", 2, ties=("east",))})
    march, city = idx(state, "march"), idx(state, "city")
    state.apply("agree east truce")
    state.apply("accept")
    state.apply("taxation")
    state.apply("tax march 1")  # east's tie: a waiver decision first (12.42)
    state.partial[(city, march)] = Partial(0, 1)
    state.claim_watch.append(ClaimWatch(0, march))
    assert state.waiting == TaxWait(area=march, gold=1, waived=0, asked=1, plunder=False)
    assert state.agreements[0].terms == "truce" and state.agreements[0].parties() == {0, 1}
    saved = state.to_json()
    # The saved forms are the plain lists of before, so earlier saves still load.
    assert saved["waiting"] == [march, 1, 0, 1, 0] and saved["agreements"] == [[0, 1, "truce"]]
    assert saved["crusade"] == [] and [city, march, 0, 1] in saved["partial"]
    assert [0, march] in saved["claim_watch"]
    again = _round_trip(state)
    assert again.waiting is not None and again.waiting.area == march
    assert again.partial[(city, march)].results == 1 and again.claim_watch[-1].area == march
    copy_ = state.clone()
    copy_.apply("waive")
    assert copy_.waiting is None and state.waiting is not None and state.waiting.waived == 0


def test_23_32_a_crusade_under_way_is_a_named_record_saved_as_its_old_list() -> None:
    state = start()
    state.crusade = Crusade(leader=1, asked=0, order=(1, 0))
    saved = state.to_json()
    assert saved["crusade"] == [1, 0, 1, 0]
    again = _round_trip(state)
    assert again.crusade == Crusade(1, 0, (1, 0)) and again.crusade.order == (1, 0)


def _rome_game(tables: dict[str, Any]) -> EotmaGame:
    board = Board.build(
        [
            LandSpec("rome", religion="latin"),
            LandSpec("cpl", religion="eastern"),
            LandSpec("paris", religion="latin"),
        ],
        catalog=CATALOG,
    )
    seats = [PlayerSetup("byzantium", court="cpl"), PlayerSetup("france", court="paris")]
    starts = {
        "cpl": AreaStart("byzantium", 1),
        "paris": AreaStart("france", 1),
        "rome": AreaStart("byzantium", 1, ties=("france",)),
    }
    return EotmaGame(
        board,
        seats,
        starts,
        rules=rules_with(**tables),
        options=Options(events=False, schism=True),
        start_year=1100,
    )


def test_23_1_rome_held_without_a_byzantine_tie_takes_the_schism_tables_condition() -> None:
    from model.rules.eotma.data import _default_table

    def first_check(state: EotmaState) -> str:
        return next(r for r in state.log[0].effects if "schism table, condition" in r)

    shipped = _default_table("schism")
    assert shipped["rome_without_tie_condition"]["value"] == 2
    state = _rome_game({}).new_state(3)
    assert "schism table, condition 2" in first_check(state)
    state = _rome_game({"schism": {**shipped, "rome_without_tie_condition": 6}}).new_state(3)
    assert "schism table, condition 6" in first_check(state)


RAID_DECK = [
    card(i, pillage={"target": ["-1(0>)"]}, conquest={"result": ["C"]}, stature_check=[1, 9])
    for i in range(1, 40)
]
VIKINGS = {
    "note": "one raider with one raid",
    "raiders": [
        {
            "id": "vikings",
            "name": "Vikings",
            "years": [900, 1100],
            "stature": [[9999, 5]],
            "raids": 1,
            "language": None,
            "religion": None,
            "targets": {"seas": ["inner"], "near": [], "steps": 0},
        }
    ],
}


def _raided(seed: int, **kwargs: Any) -> EotmaState:
    from eotma_helpers import game

    options = Options(events=False, raiders=True, armies_fleets=kwargs.pop("armies", False))
    tables = {"raiders": VIKINGS, "year_cards": {"cards": RAID_DECK}}
    return game(*RAID_DECK, options=options, tables=tables, **kwargs).new_state(seed)


def test_house_7_2_raid_targets_tied_at_the_cut_are_chosen_by_die_rolls() -> None:
    # home 2 + 0 and isle 1 + 1 are equally rich: a die roll each, the higher is raided.
    for seed in range(1, 6):
        state = _raided(seed, areas={"home": AreaStart("west", 0), "isle": AreaStart(None, 1)})
        rolls: dict[str, int] = {}
        for line in state.log[0].effects:
            if line.startswith("Vikings target: "):
                name, _, value = line.removeprefix("Vikings target: ").partition(": 1d6 ")
                rolls[name] = int(value.rpartition("=")[2])
        assert set(rolls) == {"home", "isle"}
        raided = "home" if rolls["home"] > rolls["isle"] else "isle"
        if raided == "home":
            assert state.view()["decision"] == "npc-defense"
            state.apply("decline")
        attacks = [e for entry in state.log for e in entry.effects if e.startswith("Vikings attack ")]
        assert attacks and attacks[0].startswith(f"Vikings attack {raided}: card")


def test_33_5_armies_in_a_raided_area_count_for_the_defence_and_33_33_take_the_loss() -> None:
    state = _raided(4, armies=True)
    home = idx(state, "home")
    assert state.view()["decision"] == "npc-defense" and state.current_player() == "west"
    state.army[home] = 2
    entry = state.apply("decline")
    # 5 + population 2 - social state 2 = 5, minus 2 army points: 3; the -1 costs an army point.
    assert any(e.startswith("Vikings attack home: card") and e.endswith("rating 3") for e in entry.effects)
    assert "home: an army point is lost instead of a level (33.33)" in entry.effects
    assert state.army[home] == 1 and area(state, "home")["social_state"] == 2


def test_house_7_3_a_magnate_is_checked_like_a_leader_when_its_card_calls_a_check() -> None:
    from eotma_helpers import game

    matrix = {"rows": [{"from": 0, "to": 3000, "areas": ["border"] * 11}], "attack": True}
    g = game(
        *RAID_DECK,
        options=Options(events=False, magnates=True),
        tables={"magnates": matrix, "year_cards": {"cards": RAID_DECK}},
        areas={"venice": AreaStart(None, 0)},
    )
    state = g.new_state(4)
    assert state.view()["decision"] == "npc-defense"
    state.rng.force(1, 1)  # the stature check table: 2 is a death (house default)
    entry = state.apply("decline")
    assert any(
        e.startswith("magnate-border: the Magnate dies; its heir's combat stature is") for e in entry.effects
    )


def test_19_2_demesne_gold_comes_with_the_taxation_block_once_a_round() -> None:
    state = start(hand=[99, 99])
    state.kept[0] = ["enlargement_of_demesne"]
    state.apply("rule home")
    entry = state.apply("taxation")
    assert "west: +1 gold from the royal demesne (19.2)" in entry.effects and state.treasury[0] == 13
    state.apply("end-taxation")
    entry = state.apply("end-turn")
    assert not any("royal demesne" in e for e in entry.effects) and state.treasury[0] == 13


def _event_table(**changes: Any) -> dict[str, Any]:
    from model.rules.eotma.data import _default_table

    table = _default_table("event_cards")
    cards = [dict(c, **changes.get(c["id"], {})) for c in table["cards"]]
    return {**table, "cards": cards, **changes.get("table", {})}


def test_36_a_leader_card_is_used_only_in_its_years() -> None:
    table = _event_table(great_captain={"years": [1001, 1465]})
    state = start(
        hand=[99], options=Options(events=False, provisional_cards=True), tables={"event_cards": table}
    )
    state.holding[0] = ["great_captain"]
    assert "play great_captain" not in [str(a) for a in state.legal_actions()]  # 976: not yet
    with pytest.raises(IllegalActionError, match=r"only in its years \(36\)"):
        state.apply("play great_captain")
    later = start(
        hand=[99],
        options=Options(events=False, provisional_cards=True),
        tables={"event_cards": table},
        start_year=1001,
    )
    later.holding[0] = ["great_captain"]
    assert "play great_captain" in [str(a) for a in later.legal_actions()]


def test_36_a_card_drawn_before_its_years_goes_under_the_deck_and_another_is_drawn() -> None:
    for substitute in (True, False):
        table = _event_table(table={"early_card_substitute": {"value": substitute}})
        state = start(hand=[99], options=Options(events=True), tables={"event_cards": table})
        state.event_deck = ["quiet_years", "great_pestilence"]  # the pestilence (1346-1355) on top
        state.apply("rule home")
        entry = state.apply("end-turn")  # east's turn begins with its draw
        assert "Great Pestilence is not yet in its years and goes under the deck (36)" in entry.effects
        assert ("east draws event Quiet Years" in entry.effects) is substitute
        assert state.event_deck == (
            ["great_pestilence"] if substitute else ["great_pestilence", "quiet_years"]
        )


def test_23_11_under_a_union_an_area_of_the_other_church_is_a_suitable_court() -> None:
    for union in (False, True):
        state = start(hand=[99], player="east", areas={"march": AreaStart("east", 1)})
        state.religion[idx(state, "march")] = "eastern"
        state.court[0] = -1  # west is in exile (21.0)
        state.union = union
        entry = state.apply("give west area march")
        returned = "west returns from exile with its court at march (21.3)" in entry.effects
        assert returned is union and (state.court[0] == idx(state, "march")) is union


def test_35_22_under_a_union_a_cathedral_of_the_other_church_is_kept() -> None:
    options = Options(events=False, civilisation_markers=True)
    for union in (False, True):
        state = start(hand=[99], player="east", options=options, areas={"border": AreaStart("east", 1)})
        border = idx(state, "border")
        state.religion[border] = "eastern"
        state.civ[border] = 1  # a cathedral
        state.union = union
        state.apply("give west area border")
        assert bool(state.civ[border] & 1) is union


def test_house_7_3_after_1300_the_matrix_rolls_ottoman_entries_in_anatolia() -> None:
    from model.rules.eotma.data import _default_table

    rows = _default_table("magnates")["rows"]
    late = [r for r in rows if r["from"] <= 1350 <= r["to"]]
    assert len(late) == 1 and late[0]["areas"][:3] == ["anatolia"] * 3
    early = [r for r in rows if r["from"] <= 1100 <= r["to"]]
    assert early[0]["areas"][:3] == ["syria", "egypt", "anatolia"]


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
