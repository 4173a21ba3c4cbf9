"""Probes of partial conquest (10.3-10.38) through the public API: a game on the small test board,
positions reached by actions, values read from the view, the preview and the log."""

from __future__ import annotations

import pytest
from eotma_helpers import area, board, card, rules_with, start, turn_of, unopposed
from probe_helpers import legal, logged_rating, rating

from model.rules.eotma.game import AreaStart, EotmaGame, Options, PlayerSetup
from model.rules.eotma.state import EotmaState
from model.rules.protocol import IllegalActionError

C = card(1, conquest={"result": ["C"]})
DIPLO_C = card(2, diplomacy={"result": ["C"]})
NOTHING = card(3)


def test_10_33_diplomacy_from_a_partly_conquered_court_is_weakened() -> None:
    # 12.11: the court is the base of every diplomacy endeavour, so 10.33 reaches it too.
    plain = start(NOTHING, player="east", hand=[3], areas={"city": AreaStart("west", 1)})
    marked = start(
        NOTHING,
        player="east",
        hand=[3],
        areas={"city": AreaStart("west", 1), "capital": AreaStart("east", 2, partial_conquest={"west": 1})},
    )
    assert area(marked, "capital")["partial_conquest"] == {"west": 1}
    assert rating(marked, "diplomacy border") == rating(plain, "diplomacy border") - 1


def test_10_33_fortifying_and_pillaging_from_a_partly_conquered_area_are_weakened() -> None:
    plain = start(NOTHING, player="east", hand=[3])
    marked = start(
        NOTHING, player="east", hand=[3], areas={"city": AreaStart("east", 1, partial_conquest={"west": 2})}
    )
    assert rating(marked, "fortify city") == rating(plain, "fortify city") - 2
    assert rating(marked, "pillage border from city") == rating(plain, "pillage border from city") - 2
    # an endeavour neither based in nor aimed at the marked area is untouched
    assert rating(marked, "fortify capital") == rating(plain, "fortify capital")


def test_10_35_a_partial_conqueror_may_not_pillage_from_or_fortify_the_area() -> None:
    state = start(C, hand=[1, 1], areas={"city": AreaStart(None, 1)})
    state.apply("conquest city from march")
    assert area(state, "city")["partial_conquest"] == {"west": 1} and area(state, "city")["owner"] is None
    actions = legal(state)
    assert not any(a.startswith("pillage capital from city") for a in actions)
    assert "fortify city" not in actions
    with pytest.raises(IllegalActionError):
        state.apply("pillage capital from city")


def test_10_36_a_counterattack_on_a_populous_enemy_area_only_removes_a_result() -> None:
    # east scored 2 C results on west's city from capital (population 2); west strikes back from city
    state = start(
        C,
        hand=[1],
        areas={"city": AreaStart("west", 1, partial_conquest={"east": 2})},
    )
    assert area(state, "city")["partial_conquest"] == {"east": 2}
    entry = state.apply("conquest capital from city")
    entry_effects = list(entry.effects)
    if state.view()["decision"] == "defense":
        entry_effects += state.apply("decline").effects
    # 3 + SS(city) 1 - SS(capital) 2 - unrelated language 2 - 2 enemy results (10.33) = -2
    assert logged_rating(entry_effects, "conquest", "capital") == -2
    assert "city: one C result from capital removed (10.36)" in entry_effects
    assert area(state, "city")["partial_conquest"] == {"east": 1}
    assert area(state, "capital")["partial_conquest"] == {}  # the C went to the removal alone
    assert area(state, "capital")["owner"] == "east"


def test_10_37_a_diplomatic_conquest_of_the_base_wipes_the_results_scored_from_it() -> None:
    state = start(
        DIPLO_C,
        player="east",
        hand=[2],
        areas={
            "march": AreaStart(None, 1),  # so that border is west's only area beside city
            "border": AreaStart("west", 0),
            "city": AreaStart("east", 1, partial_conquest={"west": 2}),
        },
    )
    assert area(state, "city")["partial_conquest"] == {"west": 2}
    unopposed(state, "diplomacy border")
    while state.view()["decision"] in ("contest", "oppose"):
        state.apply("accept" if state.view()["decision"] == "contest" else "oppose 0")
    assert area(state, "border")["owner"] == "east"
    assert area(state, "city")["partial_conquest"] == {}


def test_10_38_a_rivals_diplomatic_conquest_removes_the_other_markers() -> None:
    # west holds 2 of 3 C results on the independent city; east takes it whole by diplomacy (12.31)
    state = start(
        DIPLO_C, player="east", hand=[2], areas={"city": AreaStart(None, 1, partial_conquest={"west": 2})}
    )
    assert area(state, "city")["partial_conquest"] == {"west": 2}
    unopposed(state, "diplomacy city")
    city = area(state, "city")
    assert city["owner"] == "east" and city["partial_conquest"] == {} and not city["unrest"]


def _three_seats() -> EotmaState:
    """West (home), east (capital, holding city with 2 of west's C results) and a third empire,
    north, whose court is border; east moves first."""
    players = [
        PlayerSetup("west", court="home"),
        PlayerSetup("east", court="capital"),
        PlayerSetup("north", court="border"),
    ]
    starts = {
        "home": AreaStart("west", 2),
        "march": AreaStart("west", 1),
        "capital": AreaStart("east", 2),
        "city": AreaStart("east", 1, unrest=True, partial_conquest={"west": 2}),
        "border": AreaStart("north", 1),
    }
    game = EotmaGame(board(), players, starts, rules=rules_with(NOTHING), options=Options(events=False))
    return turn_of(game.new_state(5), "east", [3])


def test_10_31_a_gift_of_a_partly_conquered_area_keeps_the_conquerors_results() -> None:
    # 10.31: an area may stay partly conquered indefinitely; 10.36-10.38 name the ways the results
    # end, and a change of hands by agreement (20.1) is none of them: east cannot wipe west's two
    # C results by handing city to a friend (and back).
    state = _three_seats()
    assert area(state, "city")["partial_conquest"] == {"west": 2}
    state.apply("give north area city")
    assert area(state, "city")["owner"] == "north"
    assert area(state, "city")["partial_conquest"] == {"west": 2}


def test_10_31_a_rebellion_leaves_the_partial_conquest_standing() -> None:
    state = _three_seats()
    state.apply("taxation")
    state.rng.force(1, 1)  # 2: a rebellion at a value of 6 (1 gold + unrest 5)
    entry = state.apply("tax city 1")
    assert "city: rebels, no gold (16.1)" in entry.effects and area(state, "city")["owner"] is None
    assert area(state, "city")["partial_conquest"] == {"west": 2}


def test_10_38_the_holder_given_the_area_ends_its_own_markers() -> None:
    state = _three_seats()
    state.apply("give west area city")
    assert area(state, "city")["owner"] == "west" and area(state, "city")["partial_conquest"] == {}
