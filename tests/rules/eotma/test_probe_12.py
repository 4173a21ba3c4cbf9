"""Probes of diplomacy (12) through the public API on the small test board."""

from __future__ import annotations

from pathlib import Path

import pytest
from eotma_helpers import area, card, start, unopposed
from probe_helpers import legal, price, rating

from model import io
from model.rules.eotma.game import AreaStart, build_game
from model.rules.protocol import IllegalActionError

NOTHING = card(1)
DIPLO_C = card(2, diplomacy={"result": ["C"]})
DIPLO_T = card(3, diplomacy={"result": ["T"]})
T_OR_C_AT_4 = card(4, diplomacy={"result": ["T/C(4>)"]})


def test_12_3_a_c_result_against_an_own_area_gives_a_tie() -> None:
    state = start(DIPLO_C, hand=[2])
    assert area(state, "march")["ties"] == []
    unopposed(state, "diplomacy march")
    assert area(state, "march")["ties"] == ["west"] and area(state, "march")["owner"] == "west"


def test_12_16_no_diplomacy_against_an_opponents_court() -> None:
    state = start(DIPLO_C, hand=[2])
    assert "diplomacy capital" not in legal(state)
    with pytest.raises(IllegalActionError):
        state.apply("diplomacy capital")


def test_12_17_an_owned_venice_counts_its_owners_diplomatic_stature_not_five() -> None:
    # 12.19 is about an independent Venice; owned by east, 12.17 takes east's diplomatic stature.
    free = start(NOTHING, hand=[1], areas={"venice": AreaStart(None, 0)})
    owned = start(NOTHING, hand=[1], areas={"venice": AreaStart("east", 0)}, east={"diplomatic": 1})
    assert rating(owned, "diplomacy venice") == rating(free, "diplomacy venice") + 5 - 1


def test_12_2_diplomacy_pays_no_sea_gold_and_takes_no_sea_adjustment() -> None:
    state = start(NOTHING, hand=[1], areas={"faraway": AreaStart(None, 0)})
    # faraway is two sea areas from home. 3 + SS(home) 2 - 0 - independent 3 - unrelated 2
    # - other church 1 = -1; a sea adjustment (9.32) would make it -2.
    assert rating(state, "diplomacy faraway") == -1
    assert price(state, "diplomacy faraway") == 1
    assert price(state, "diplomacy faraway +2") == 3


def test_12_31_a_diplomatic_conquest_takes_a_populous_fortified_area_whole() -> None:
    state = start(DIPLO_C, hand=[2], areas={"city": AreaStart("east", 2, fortification=3)})
    state.apply("diplomacy city")
    state.apply("oppose 0")  # east, the owner, spends nothing against it (12.2)
    assert state.view()["decision"] == "contest"  # 12.32: Christian against Christian
    state.apply("accept")
    city = area(state, "city")
    assert city["owner"] == "west" and city["fortification"] == 3 and not city["unrest"]
    assert city["social_state"] == 2 and city["ties"] == []  # no tie with a conquest (12.3)


def test_12_3_t_or_c_gives_one_result_by_the_threshold() -> None:
    # 3 + 2 - SS(border) 0 - 3 - related 1 = 1: below 4, a tie
    state = start(T_OR_C_AT_4, hand=[4, 4], areas={"border": AreaStart(None, 0)})
    assert rating(state, "diplomacy border") == 1
    unopposed(state, "diplomacy border")
    assert area(state, "border")["ties"] == ["west"] and area(state, "border")["owner"] is None
    unopposed(state, "diplomacy border +3")  # rating 4: the conquest, and no second tie
    assert area(state, "border")["owner"] == "west" and area(state, "border")["ties"] == ["west"]


def test_12_14_a_second_t_is_ignored() -> None:
    state = start(DIPLO_T, hand=[3], areas={"border": AreaStart(None, 0, ties=("west", "east"))})
    entry = unopposed(state, "diplomacy border")
    assert "border: west already has a tie (12.14)" in entry.effects
    assert sorted(area(state, "border")["ties"]) == ["east", "west"]  # 12.15


def test_12_2_an_opponent_may_spend_gold_against_diplomacy_on_an_independent_area() -> None:
    state = start(DIPLO_T, hand=[3], areas={"border": AreaStart(None, 0)})
    state.apply("diplomacy border")
    assert state.view()["decision"] == "oppose" and state.current_player() == "east"
    entry = state.apply("oppose 2")
    # 1 - 2 gold against = -1; T has no threshold so the tie still comes
    assert state.treasury[1] == 10
    assert any(e.endswith("rating -1") for e in entry.effects)


def test_12_43_a_player_removes_its_own_tie() -> None:
    state = start(NOTHING, hand=[1], areas={"border": AreaStart(None, 0, ties=("west", "east"))})
    state.apply("untie border")
    assert area(state, "border")["ties"] == ["east"]
    assert "untie border" not in legal(state)


def test_12_16_no_diplomacy_listed_against_any_court_of_a_shipped_scenario() -> None:
    scenario = Path(__file__).resolve().parents[3] / "scenarios" / "medieval-europe-976.mappa.json"
    state = build_game(io.load(scenario)).new_state(1)
    for _ in range(200):  # raids, initiative and moves, declining every defense, to the first endeavour
        actions = [str(a) for a in state.legal_actions()]
        if any(a.startswith("diplomacy ") for a in actions):
            break
        state.apply(next((a for a in actions if a in ("decline", "end-movement")), actions[0]))
    courts = {e["court"] for e in state.view()["empires"].values()}
    targets = {str(a).split()[1] for a in state.legal_actions() if str(a).startswith("diplomacy ")}
    assert targets and not targets & courts
