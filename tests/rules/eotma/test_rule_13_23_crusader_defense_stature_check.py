"""13.23: a defender's stature check (on its own card, by its combat stature) is made after the
attacker's results are in. A crusader's conquest (23.32) defended by the owner of the area is no
exception: the crusader's results come first, then the defender's check."""

from __future__ import annotations

from eotma_helpers import card
from test_crusader_routes_and_states import two_route_state

from model.rules.eotma.data import _default_table

BASE_HIT = card(8, conquest={"base": ["-1(<0)"]})
"""The crusader's card: its base (the launch area paris) loses a level at a rating of 0 or less."""
CHECK = card(9, stature_check="any")
"""The defender's card: a stature check whatever the stature."""
ALWAYS_UP = {**_default_table("stature_check"), "rows": [{"max_roll": 12, "result": 1}]}
"""A check table where every roll raises the stature, so that the check shows in the effects."""


def test_13_23_the_defenders_check_follows_the_crusaders_results() -> None:
    state = two_route_state(cards=(BASE_HIT, CHECK), tables={"stature_check": ALWAYS_UP})
    state.force_year_cards("france", [8])
    state.force_year_cards("byzantium", [9, 9, 9, 9, 9])
    state.apply("crusade")
    state.apply("crusade-route paris")
    state.apply("refuse")  # no passage through cpl
    state.apply("crusade-route cpl")
    state.apply("crusade-attack cpl")
    entry = state.apply("defend")
    effects = list(entry.effects)
    # france 4 + paris 2 - cpl 2 - language 2 - church 1 - byzantium's combat 3 = -2: paris loses a level.
    turned = next(i for i, e in enumerate(effects) if e.startswith("france crusades against cpl"))
    hit = effects.index("paris: social state 2 -> 1")
    check = effects.index("byzantium: combat stature 3 -> 4")
    assert turned < hit < check
    assert state.stat[1][0] == 4 and state.ss[state.game.board.index["paris"]] == 1
