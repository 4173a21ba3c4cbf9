"""36.11 with 35.33: a leader card serves one endeavour and is then discarded; a palace ruling is
one endeavour, so the card goes with it and the next endeavour rules without the bonus."""

from __future__ import annotations

from eotma_helpers import card, idx, start

from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.ratings import base_rating

PLUS = card(2, rule={"target": ["+1(9>)"]})


def test_36_11_a_palace_ruling_spends_the_leader_card() -> None:
    state = start(
        PLUS,
        hand=[2, 2, 2],
        options=Options(events=False, civilisation_markers=True),
        areas={"march": AreaStart("west", 2), "border": AreaStart("west", 2)},
    )
    for name in ("home", "march"):
        state.civ[idx(state, name)] = 4  # a palace
    state.holding[0] = ["wise_counsellor"]
    state.apply("play wise_counsellor")
    border = idx(state, "border")
    with_card = base_rating(state, 0, "rule", border, border, 0)
    state.apply("rule-palaces")
    assert state.leader_bonus[0] == ""
    assert state.event_discard[-1] == "wise_counsellor"
    # administrative 3 - |social state 2| - language 1 = 0: the +2 is gone for the next ruling
    assert base_rating(state, 0, "rule", border, border, 0) == with_card - 2 == 0
