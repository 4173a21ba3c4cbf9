"""33.5 and 33.33 in a conversion attempt (22.2) from an adjacent own base: the converting
player's own army in the target does not count against it, and its army in the base may take
the base's -1 instead of a level."""

from __future__ import annotations

from eotma_helpers import area, card, idx, start

from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.ratings import base_rating
from model.rules.eotma.state import EotmaState

DG = Options(events=False, armies_fleets=True)
BASE_LOSS = card(6, conquest={"base": ["-1(<9)"]})


def _converting() -> EotmaState:
    state = start(BASE_LOSS, hand=[6], options=DG, areas={"march": AreaStart("west", 1)})
    state.religion[idx(state, "march")] = "old_faith"  # west's own area, of another religion
    return state


def test_33_5_the_converters_own_army_in_the_target_does_not_lower_its_rating() -> None:
    state = _converting()
    home, march = idx(state, "home"), idx(state, "march")
    before = base_rating(state, 0, "conquest", march, home, 0)
    state.army[march] = 2
    assert base_rating(state, 0, "conquest", march, home, 0) == before
    state.army[home] = 1
    assert base_rating(state, 0, "conquest", march, home, 0) == before + 1


def test_33_33_the_army_in_the_base_may_take_the_base_loss_of_a_conversion() -> None:
    state = _converting()
    home = idx(state, "home")
    state.army[home] = 1
    ss = state.ss[home]
    state.apply("conquest march from home")
    assert state.view()["decision"] == "loss"
    state.apply("lose army")
    assert area(state, "home")["army"] == 0 and area(state, "home")["social_state"] == ss
