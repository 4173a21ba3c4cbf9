"""Raiders and Magnates (24, optional; facts sheet 7.2-7.3 house defaults) through the public API."""

from __future__ import annotations

from eotma_helpers import VIKINGS, area, card, game, idx

from model.rules.eotma.game import AreaStart, Options

RAID_DECK = [card(i, pillage={"target": ["-1(0>)"]}, conquest={"result": ["C"]}) for i in range(1, 40)]
DECK = {"year_cards": {"cards": RAID_DECK}}  # no blank cards: every raid draws a result


def test_24_raiders_hit_the_richest_target_and_its_owner_may_defend() -> None:
    g = game(*RAID_DECK, options=Options(events=False, raiders=True), tables={"raiders": VIKINGS, **DECK})
    state = g.new_state(4)
    # home: population 2 + social state 2 beats isle (independent, 1 + 0)
    assert state.phase == "raiders" and state.current_player() == "west"
    assert state.view()["decision"] == "npc-defense"
    entry = state.apply("decline")
    assert "Vikings attack home: card" in " ".join(entry.effects)
    home = area(state, "home")
    assert home["social_state"] == 1 and home["unrest"] and home["owner"] == "west"
    assert state.phase == "initiative"


def test_24_a_defense_against_raiders_uses_a_card_and_gold() -> None:
    g = game(
        *RAID_DECK,
        options=Options(events=False, raiders=True),
        tables={"raiders": VIKINGS, **DECK},
        west={"combat": 6},
    )
    state = g.new_state(4)
    state.apply("defend +1")  # 5 + 2 - 2 = 5, minus 6 + 1 = -2: the raid fails
    assert area(state, "home")["social_state"] == 2 and state.treasury[0] == 10 and len(state.hand[0]) == 4


def test_24_raiders_are_active_only_in_their_years() -> None:
    g = game(
        *RAID_DECK,
        options=Options(events=False, raiders=True),
        tables={"raiders": VIKINGS, **DECK},
        start_year=1200,
    )
    assert g.new_state(4).phase == "initiative"


def test_24_5_a_magnate_appears_from_the_matrix_with_its_kindred_neighbours() -> None:
    matrix = {"rows": [{"from": 0, "to": 3000, "areas": ["border"] * 11}], "attack": False}
    g = game(*RAID_DECK, options=Options(events=False, magnates=True), tables={"magnates": matrix, **DECK})
    state = g.new_state(4)
    assert area(state, "border")["owner"] == "magnate-border"
    assert state.mag_court == [idx(state, "border")]


def test_24_5_a_magnate_conquers_its_weakest_neighbour_independent_first() -> None:
    matrix = {"rows": [{"from": 0, "to": 3000, "areas": ["border"] * 11}], "attack": True}
    g = game(
        *RAID_DECK,
        options=Options(events=False, magnates=True),
        tables={"magnates": matrix, **DECK},
        areas={"venice": AreaStart(None, 0)},
    )
    state = g.new_state(4)
    # border's neighbours: march (west) and city (east); no independent one: the weakest player area
    assert state.current_player() in ("west", "east") and state.view()["decision"] == "npc-defense"
    state.apply("decline")
    taken = [a for a in ("march", "city") if area(state, a)["owner"] == "magnate-border"]
    partial = [a for a in ("march", "city") if area(state, a)["partial_conquest"]]
    assert taken or partial


def test_21_3_an_exile_takes_a_magnate_area_of_its_language_and_religion() -> None:
    matrix = {"rows": [{"from": 0, "to": 3000, "areas": ["border"] * 11}], "attack": False}
    g = game(
        *RAID_DECK,
        options=Options(events=False, magnates=True),
        tables={"magnates": matrix, **DECK},
        west={"court": None, "language": "lowenish", "religion": "latin"},
    )
    state = g.new_state(4)
    assert area(state, "border")["owner"] == "west" and state.court[0] == idx(state, "border")


def test_24_a_magnate_without_a_court_in_the_setup_holds_court_in_its_most_populous_area() -> None:
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
    state = g.new_state(1)
    assert state.mag_court == [idx(state, "venice")]  # population 2 beats border's 1


def test_house_default_12_raider_targets_tied_at_the_cut_go_by_die_rolls_rolled_again_on_a_tie() -> None:
    from model.rules.eotma.npc import richest

    g = game(*RAID_DECK, options=Options(events=False, raiders=True), tables={"raiders": VIKINGS, **DECK})
    state = g.new_state(4)
    march, border, isle = idx(state, "march"), idx(state, "border"), idx(state, "isle")
    for a in (march, border, isle):
        state.ss[a] = 0  # population 1 each: all three tie
    state.rng.force(4, 4, 2, 1, 5)  # march and border tie on 4 and roll again: border 5 beats march 1
    state.rng.drain()
    assert richest(state, [march, border, isle], 2, "Vikings") == [border, march]
    trace = state.rng.drain()
    assert [t.split(":")[1].strip() for t in trace] == ["march", "border", "isle", "march", "border"]
