"""Event cards: the royal demesne (19.2), plague and famine (house defaults), provisional and leader
cards and their years (36).

Each test plays its case through the public API and is named after the rule it checks."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from eotma_helpers import area, game, start

from model.rules.eotma import events
from model.rules.eotma.data import _default_table
from model.rules.eotma.game import (
    AreaStart,
    EotmaGame,
    Options,
)
from model.rules.protocol import IllegalActionError


def _event_table(**changes: Any) -> dict[str, Any]:
    from model.rules.eotma.data import _default_table

    table = _default_table("event_cards")
    cards = [dict(c, **changes.get(c["id"], {})) for c in table["cards"]]
    return {**table, "cards": cards, **changes.get("table", {})}


def test_19_2_demesne_gold_comes_with_the_taxation_block_once_a_round() -> None:
    state = start(hand=[99, 99])
    state.kept[0] = ["enlargement_of_demesne"]
    state.apply("rule home")
    entry = state.apply("taxation")
    assert "west: +1 gold from the royal demesne (19.2)" in entry.effects and state.treasury[0] == 13
    state.apply("end-taxation")
    entry = state.apply("end-turn")
    assert not any("royal demesne" in e for e in entry.effects) and state.treasury[0] == 13


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
        state.apply("end-turn")  # east's turn begins with its draw, logged as the turn's start
        entry = state.log[-1]
        assert (entry.player, entry.action) == (None, "turn-start") and entry.effects[0] == "turn of east"
        assert "Great Pestilence is not yet in its years and goes under the deck (36)" in entry.effects
        assert ("east draws event Quiet Years" in entry.effects) is substitute
        assert state.event_deck == (
            ["great_pestilence"] if substitute else ["great_pestilence", "quiet_years"]
        )


def test_house_plague_hits_every_populous_area_without_a_roll() -> None:
    state = start(areas={"city": AreaStart("west", 2), "capital": AreaStart("west", 2)})
    plague = state.game.rules.event_kinds["plague"].effect
    assert "die_max" not in plague
    before = len(state.rng.trace)
    events.immediate(state, 0, dict(plague), state.rng.trace)
    new = state.rng.trace[before:]
    assert not any("1d6" in e for e in new)
    assert [area(state, a)["social_state"] for a in ("home", "city", "capital", "march")] == [1, 1, 1, 1]


def test_house_famine_rolls_a_die_per_area_up_to_its_die_max() -> None:
    state = start()
    state.rng.force(2, 3)  # home: 2 <= 2 loses a level; march: 3 keeps it
    events.immediate(state, 0, {"type": "social_state", "min_population": -9, "die_max": 2}, state.rng.trace)
    assert area(state, "home")["social_state"] == 1 and area(state, "march")["social_state"] == 1


def test_36_a_provisional_card_is_in_the_deck_up_to_the_last_year_of_the_last_round() -> None:
    def deck_with(first: int) -> EotmaGame:
        cards = copy.deepcopy(_default_table("event_cards"))
        for entry in cards["cards"]:
            if entry["id"] == "great_pestilence":
                entry["years"] = [first, first + 5]
        return game(
            rounds=4, start_year=1001, options=Options(provisional_cards=True), tables={"event_cards": cards}
        )

    assert events.in_game(deck_with(1020), "great_pestilence")
    assert not events.in_game(deck_with(1021), "great_pestilence")
