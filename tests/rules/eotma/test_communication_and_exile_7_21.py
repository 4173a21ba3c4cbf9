"""Lines of communication and exile: sea crossings of the line (7.51, house default 6, 34.31), cut-off
areas (7.51, 21.0), a court being moved (7.52), an exile's return (21.3).

Each test plays its case through the public API and is named after the rule it checks."""

from __future__ import annotations

import pytest
from eotma_helpers import ISLE_LINKED, area, card, game, idx, start

from model.rules.eotma import events
from model.rules.eotma.data import _default_table
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.state import EotmaState
from model.rules.eotma.territory import connection, sea_range
from model.rules.protocol import IllegalActionError


def _connected(state: EotmaState) -> set[str]:
    return {state.game.board.ids[a] for a in connection(state, 0)}


C_ANY = card(1, conquest={"result": ["C"]})


def test_house_6_7_51_no_sea_crossing_between_two_areas_that_are_not_seafaring() -> None:
    state = start(areas={"isle": AreaStart("west", 2)})
    assert _connected(state) == {"home", "march"}
    state.apply("taxation")
    with pytest.raises(IllegalActionError, match=r"16\.13"):
        state.apply("tax isle 1")


def test_house_6_34_31_a_fleet_makes_the_crossing_end_seafaring() -> None:
    state = start(areas={"isle": AreaStart("west", 2)}, options=Options(events=False, armies_fleets=True))
    state.fleet[idx(state, "home")] = 1
    state.invalidate()
    assert "isle" in _connected(state)


def test_house_6_7_51_a_seafaring_home_links_across_its_connection_range() -> None:
    state = start(areas={"venice": AreaStart("west", 1)})  # home -> venice: inner, outer
    assert "venice" in _connected(state)
    endeavours = {**_default_table("endeavours"), "connection_seafaring_range": 1}
    short = start(areas={"venice": AreaStart("west", 1)}, tables={"endeavours": endeavours})
    assert "venice" not in _connected(short)
    assert sea_range(short, idx(short, "venice")) == 3  # the endeavour range (9.53) is its own value


def test_21_3_an_exile_inherits_a_suitable_area_and_returns_from_exile() -> None:
    # west's court (home) is independent and march is east's: west starts in exile.
    state = game(areas={"home": AreaStart(None, 1), "march": AreaStart("east", 1)}).new_state(3)
    assert state.is_exiled(0)
    events.immediate(state, 0, {"type": "inheritance"}, state.rng.trace)
    assert area(state, "home")["owner"] == "west" and area(state, "home")["claims"] == ["west"]
    assert state.court[0] == idx(state, "home") and not state.is_exiled(0)
    assert "west returns from exile with its court at home (21.3)" in state.rng.trace


def test_21_0_7_51_an_exiles_areas_are_cut_off_and_go_into_unrest() -> None:
    state = start(
        C_ANY,
        player="east",
        hand=[1, 1],
        areas={"home": AreaStart("west", 0), "march": AreaStart("east", 1), "isle": AreaStart("west", 1)},
        tables=ISLE_LINKED,  # isle hangs on home, and is not a suitable court (old faith)
    )
    assert not area(state, "isle")["unrest"]
    for _ in range(2):  # home has population 2: two C results (10.3)
        state.apply("conquest home from march")
        if state.pending:
            entry = state.apply("decline")
    assert area(state, "home")["owner"] == "east" and state.is_exiled(0)
    assert "isle: cut off from the court, unrest (7.51, 17.0)" in entry.effects
    assert area(state, "isle")["unrest"]


def test_7_52_no_cut_off_unrest_while_the_new_court_is_being_chosen() -> None:
    # west's leader speaks kestrian and holds court at march; city and capital both qualify.
    state = start(
        C_ANY,
        player="east",
        hand=[1],
        west={"court": "march", "language": "kestrian"},
        east={"court": "border"},
        areas={
            "home": AreaStart("west", 1),
            "march": AreaStart("west", 1),
            "city": AreaStart("west", 1),
            "capital": AreaStart("west", 1),
            "border": AreaStart("east", 1),
        },
    )
    state.apply("conquest march from border")
    entry = state.apply("decline")
    assert state.view()["decision"] == "relocate" and state.current_player() == "west"
    assert not any("cut off" in e for e in entry.effects)
    entry = state.apply("relocate city")
    assert entry.effects[-1] == "home: cut off from the court, unrest (7.51, 17.0)"
    assert not area(state, "capital")["unrest"]
