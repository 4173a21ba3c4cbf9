"""36.12: a leader card serves only an endeavour whose base is of a language group listed on it.

West (aldic, westric) holds home, march (aldic) and, in one case, city (kestrian, eastric); the
Wise Counsellor (+2 administration, 36.11) is made an eastric card here.
"""

from __future__ import annotations

from typing import Any

import pytest
from eotma_helpers import card, idx, start

from model.rules.eotma.data import _default_table
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.ratings import base_rating
from model.rules.protocol import IllegalActionError

PLUS = card(2, rule={"target": ["+1(9>)"]})


def _eastric_counsellor() -> dict[str, Any]:
    table = _default_table("event_cards")
    cards = []
    for c in table["cards"]:
        if c["id"] == "wise_counsellor":
            c = {**c, "effect": {**c["effect"], "languages": ["eastric"]}}
        cards.append(c)
    return {**table, "cards": cards}


def _state(with_city: bool) -> Any:
    areas = {"city": AreaStart("west", 2)} if with_city else {}
    state = start(
        PLUS,
        hand=[2, 2, 2],
        options=Options(events=False),
        areas=areas,
        tables={"event_cards": _eastric_counsellor()},
    )
    state.holding[0] = ["wise_counsellor"]
    return state


def test_36_12_a_leader_card_without_a_base_of_its_languages_cannot_be_played() -> None:
    state = _state(with_city=False)
    assert "play wise_counsellor" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalActionError, match=r"36\.12"):
        state.apply("play wise_counsellor")


def test_36_12_an_endeavour_from_another_language_keeps_the_card_for_a_later_one() -> None:
    state = _state(with_city=True)
    state.apply("play wise_counsellor")
    march, city = idx(state, "march"), idx(state, "city")
    # march is aldic: no bonus (administrative 3 - |1| - language 0 = 2) and the card stays in play
    assert base_rating(state, 0, "rule", march, march, 0) == 2
    state.apply("rule march")
    assert state.leader_bonus[0] == "wise_counsellor" and "wise_counsellor" not in state.event_discard
    # city is kestrian (eastric): 3 + 2 - |2| - unrelated language 2 = 1, then the card is spent
    assert base_rating(state, 0, "rule", city, city, 0) == 1
    state.apply("rule city")
    assert state.leader_bonus[0] == "" and state.event_discard[-1] == "wise_counsellor"
