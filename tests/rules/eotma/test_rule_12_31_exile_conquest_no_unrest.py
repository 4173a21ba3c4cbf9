"""12.31: a diplomatic conquest brings no unrest, also when the conqueror is an exile using a
host's court (21.2): the area never had a line to a court to lose (17.0, 7.51), and it stays
quiet when the exile's court returns next to it (21.3). The areas held when the court was lost
do go into unrest (17.0).

West is in exile (its home is East's) and keeps march and border in the first case; in the
second, march and border are independent and West takes both by diplomacy through asylum.
"""

from __future__ import annotations

from eotma_helpers import area, unopposed
from test_cases_claims_vp_court import exiled_west

from model.rules.eotma.game import AreaStart


def test_12_31_an_area_an_exile_takes_by_diplomacy_enters_no_unrest() -> None:
    state = exiled_west(march=AreaStart(None, 1), border=AreaStart(None, 1))
    state.force_year_cards("west", [2, 2])
    state.apply("ask-asylum east")
    state.apply("accept")
    entry = unopposed(state, "diplomacy border")  # lowenish: taken, but no court yet
    assert area(state, "border")["owner"] == "west" and state.view()["empires"]["west"]["exiled"]
    assert not area(state, "border")["unrest"], entry.effects
    unopposed(state, "diplomacy march")  # aldic, Latin: the court returns next to border
    assert state.view()["empires"]["west"]["court"] == "march"
    assert not area(state, "border")["unrest"] and not area(state, "march")["unrest"]


def test_17_0_the_areas_held_when_the_court_is_lost_go_into_unrest() -> None:
    state = exiled_west()
    assert area(state, "march")["unrest"] and area(state, "border")["unrest"]
