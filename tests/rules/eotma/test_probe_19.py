"""Probes of the card notes (19.2) through the public API on the small test board: the kept
cards are put in a player's display as if played earlier."""

from __future__ import annotations

from eotma_helpers import ISLE_LINKED, area, card, start
from probe_helpers import logged_rating, rating

from model.rules.eotma.game import AreaStart

NOTHING = card(1)
CONVERT = card(2, conquest={"result": ["C"]})


def test_19_2_each_technology_card_adds_three_to_conquest_and_pillage_only() -> None:
    plain = start(NOTHING, hand=[1])
    one = start(NOTHING, hand=[1])
    one.kept[0] = ["technological_weapons"]
    both = start(NOTHING, hand=[1])
    both.kept[0] = ["technological_weapons", "tactical_systems_advance"]
    for text in ("conquest border from march", "pillage border from march"):
        assert rating(one, text) == rating(plain, text) + 3
        assert rating(both, text) == rating(plain, text) + 6
    for text in ("diplomacy border", "rule march", "fortify march"):
        assert rating(both, text) == rating(plain, text)


def test_19_2_technology_in_a_defense_takes_three_more_off_the_attacker() -> None:
    state = start(NOTHING, hand=[1], areas={"border": AreaStart("east", 0)})
    state.kept[1] = ["tactical_systems_advance"]
    before = rating(state, "conquest border from march")
    state.apply("conquest border from march")
    entry = state.apply("defend")
    assert logged_rating(entry.effects, "conquest", "border") == before - 3 - 3


def test_19_2_two_demesne_cards_give_two_gold_a_round() -> None:
    state = start(NOTHING, hand=[1])
    state.kept[0] = ["enlargement_of_demesne", "enlargement_of_demesne"]
    state.apply("rule home")
    state.apply("taxation")
    state.apply("end-taxation")
    assert state.treasury[0] == 14


def test_19_2_missionary_fervor_halves_the_differential_and_stays_in_the_display() -> None:
    # isle (Old Faith, pagan: convictional 12 by the chart's group row) owned by west, a Latin
    # leader (Christian: proselytic 6): 6 C results, 3 with Missionary Fervor, 1 with a tie too.
    state = start(CONVERT, hand=[2, 2], areas={"isle": AreaStart("west", 0)}, tables=ISLE_LINKED)
    state.kept[0] = ["missionary_fervor"]
    entry = state.apply("conquest isle from isle")
    assert "isle: conversion 1 of 3" in entry.effects
    assert area(state, "isle")["conversion"] == {"west": {"results": 1, "needed": 3}}
    assert state.kept[0] == ["missionary_fervor"]
    tied = start(CONVERT, hand=[2], areas={"isle": AreaStart("west", 0, ties=("west",))}, tables=ISLE_LINKED)
    tied.kept[0] = ["missionary_fervor"]
    entry = tied.apply("conquest isle from isle")
    assert "isle: conversion 1 of 1" in entry.effects
    assert area(tied, "isle")["religion"] == "latin"
