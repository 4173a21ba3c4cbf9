"""Every gold choice says its effect and its cost through ``State.preview`` (13.11, 13.21, 12.2, 9.33)."""

from __future__ import annotations

from eotma_helpers import card, start

from model.rules.eotma.actions import Decline, Defend, Oppose
from model.rules.eotma.game import AreaStart

C_ANY = card(4, conquest={"result": ["C"]})
TIE = card(2, diplomacy={"result": ["T(1>)", "C(9>)"]})


def test_13_11_13_21_each_defense_gold_says_what_it_takes_off_and_what_it_costs() -> None:
    state = start(C_ANY, hand=[4], areas={"border": AreaStart("east", 0)}, east={"combat": 2})
    state.apply("conquest border from march")
    assert state.current_player() == "east"
    # The minimum is 1 gold (13.11) plus the extra gold; the defense is combat 2 + the extra (13.21).
    assert state.preview(Defend(0)) == "takes 2 off the attacker's rating, costs 1 gold"
    assert state.preview(Defend(3)) == "takes 5 off the attacker's rating, costs 4 gold"
    assert state.preview(Defend(5)) == "takes 7 off the attacker's rating, costs 6 gold"
    assert state.preview(Decline()) == ""
    # What the preview says is what applying it does.
    before = state.treasury[1]
    state.apply("defend +3")
    assert state.treasury[1] == before - 4


def test_12_2_opposing_gold_says_its_effect_and_cost() -> None:
    state = start(TIE, hand=[2], areas={"city": AreaStart("east", 0)})
    state.apply("diplomacy city")
    assert state.preview(Oppose(3)) == "takes 3 off the rating, costs 3 gold"
    assert state.preview(Defend(1)) == ""  # not the decision at hand
