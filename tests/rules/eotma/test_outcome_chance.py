"""An endeavour's chance of success before it is chosen, and its outcome in one line once resolved
(9: the rating against the year card's results; 10.3, 12.3 what each kind needs; 13.22 a defended
attack below zero gets nothing that helps the attacker)."""

from __future__ import annotations

import pytest
from eotma_helpers import card, start

from model.rules.eotma.game import AreaStart

DECK = 2 + 12  # the two cards of each test and the helper's twelve blank ones

C_ANY = card(1, conquest={"result": ["C"]})
C_AT_5 = card(2, conquest={"result": ["C(5>)"], "base": ["-1(<0)"]})
TIE_AT_1 = card(3, diplomacy={"result": ["T(1>)", "C(9>)"]})


def test_9_the_chance_is_the_share_of_the_deck_whose_card_gives_the_result_at_the_rating() -> None:
    state = start(C_ANY, C_AT_5, hand=[2], areas={"border": AreaStart(None, 1)})
    # Rating 2 (3 + 1 - 1 - 1): only card 1 gives a C; with 3 extra gold card 2 does too.
    assert state.chance(state.resolve("conquest border from march")) == pytest.approx(1 / DECK)
    assert state.chance(state.resolve("conquest border from march +3")) == pytest.approx(2 / DECK)
    assert state.chance(state.resolve("end-turn")) is None


def test_12_3_a_tie_counts_as_a_diplomatic_success() -> None:
    state = start(TIE_AT_1, C_AT_5, hand=[3], areas={"city": AreaStart("east", 0)})
    # Card 3 gives a tie at rating 1 or more (the rating is 0, +1 with a gold); card 2 gives none.
    assert state.chance(state.resolve("diplomacy city")) == 0.0
    assert state.chance(state.resolve("diplomacy city +1")) == pytest.approx(1 / DECK)


def test_10_3_a_failed_conquest_says_so_with_its_card_and_rating() -> None:
    state = start(C_AT_5, hand=[2], areas={"border": AreaStart(None, 1)})
    entry = state.apply("conquest border from march")
    assert state.outcome(entry) == "conquest of border failed: card 2 at rating 2 gives no C"


def test_10_3_a_conquest_that_gets_its_c_succeeds() -> None:
    state = start(C_AT_5, hand=[2], areas={"border": AreaStart(None, 1)})
    entry = state.apply("conquest border from march +3")
    assert state.outcome(entry) == "conquest of border succeeded: card 2 at rating 5 gives C"


def test_13_22_the_attack_fails_in_the_defenders_entry_when_the_defense_brings_it_below_zero() -> None:
    state = start(C_ANY, hand=[1], areas={"border": AreaStart("east", 0)}, east={"combat": 2})
    declared = state.apply("conquest border from march")
    assert state.outcome(declared) == ""  # the defender decides first: nothing resolved yet
    defended = state.apply("defend +5")
    assert state.outcome(defended).startswith("conquest of border failed: card 1 at rating -")
