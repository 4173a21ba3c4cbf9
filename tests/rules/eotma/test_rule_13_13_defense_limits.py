"""13.13, 13.14: a player must undertake an endeavour in its own turn, so before that turn it
keeps a year card for it, and it defends at most four times a round: five cards less the one of
its own turn. Both limits come from one table entry (``own_turn_endeavours`` of the endeavours
table) and the cards per round, so they cannot disagree."""

from __future__ import annotations

from eotma_helpers import card, start

from model.rules.eotma.data import _default_table, default_rules
from model.rules.eotma.endeavours.common import may_defend
from model.rules.eotma.game import AreaStart

C_ANY = card(4, conquest={"result": ["C"]})


def test_13_13_four_defenses_a_round_follow_from_five_cards_and_one_own_endeavour() -> None:
    rules = default_rules()
    assert (rules.cards_per_round, rules.own_turn_endeavours, rules.max_defenses) == (5, 1, 4)


def test_13_13_more_endeavours_due_in_the_own_turn_keep_more_cards_back() -> None:
    table = dict(_default_table("endeavours"))
    table["own_turn_endeavours"] = {"value": 2}
    state = start(C_ANY, hand=[4, 4], areas={"border": AreaStart("east", 0)}, tables={"endeavours": table})
    assert state.game.rules.max_defenses == 3
    border = state.game.board.index["border"]
    state.force_year_cards("east", [99, 99])
    assert not may_defend(state, 1, border)  # both cards stay for east's own turn
    state.force_year_cards("east", [99, 99, 99])
    assert may_defend(state, 1, border)
