"""Probes of exile and asylum (21) through the public API on the small test board: east starts
without its court (capital), so in exile, holding city."""

from __future__ import annotations

from typing import Any

from eotma_helpers import area, card, start
from probe_helpers import legal, rating

from model.rules.eotma.game import AreaStart
from model.rules.eotma.state import EotmaState

C = card(1, conquest={"result": ["C"]})
DIPLO_C = card(2, diplomacy={"result": ["C"]})


def _exiled(player: str = "west", hand: list[int] | None = None, **areas: Any) -> EotmaState:
    starts = {"capital": AreaStart(None, 2), "city": AreaStart("east", 1), **areas}
    state = start(C, DIPLO_C, player=player, hand=hand or [1], areas=starts)
    assert state.view()["empires"]["east"]["exiled"]
    return state


def test_21_0_an_exile_does_not_defend_its_areas() -> None:
    state = _exiled(border=AreaStart("east", 1))
    state.apply("conquest border from march")
    assert state.view()["decision"] is None  # no defense decision for the exile
    assert area(state, "border")["owner"] == "west"


def test_21_3_an_area_given_returns_the_exile_only_if_it_is_suitable() -> None:
    state = _exiled(capital=AreaStart("west", 2), border=AreaStart("west", 1))
    state.apply("give east area border")  # lowenish: not the leader's language
    assert state.view()["empires"]["east"]["exiled"]
    state.apply("give east area capital")  # kestrian and Latin, like the leader
    east = state.view()["empires"]["east"]
    assert not east["exiled"] and east["court"] == "capital"


def test_21_2_an_exile_without_asylum_has_no_endeavour_and_with_it_only_diplomacy() -> None:
    state = _exiled(player="east", hand=[2, 2])
    actions = legal(state)
    assert not any(a.split()[0] in ("conquest", "pillage", "diplomacy", "rule", "fortify") for a in actions)
    assert "taxation" not in actions
    state.apply("ask-asylum west")
    state.apply("accept")
    actions = legal(state)
    kinds = {a.split()[0] for a in actions}
    assert "diplomacy" in kinds and not kinds & {"conquest", "pillage", "rule", "fortify", "taxation"}
    # 21.2: the host's court (home, social state 2) is the base; east's own language (kestrian)
    # and church count against border (lowenish, Latin): 3 + 2 - 0 - independent 3 - unrelated 2
    assert rating(state, "diplomacy border") == 0


def test_21_3_a_diplomatic_conquest_of_a_suitable_area_ends_the_exile_and_the_asylum() -> None:
    state = _exiled(player="east", hand=[2, 2])
    state.apply("ask-asylum west")
    state.apply("accept")
    state.apply("diplomacy capital +5")
    while state.view()["decision"] == "oppose":
        state.apply("oppose 0")
    east = state.view()["empires"]["east"]
    assert not east["exiled"] and east["court"] == "capital"
    assert not area(state, "capital")["unrest"]  # 12.31
    assert state.asylum[1] == -1


def test_12_31_an_area_taken_by_diplomacy_in_exile_stays_out_of_unrest_after_the_return() -> None:
    state = _exiled(player="east", hand=[2, 2])
    state.apply("ask-asylum west")
    state.apply("accept")
    state.apply("diplomacy border +5")  # lowenish: not a court for east's leader
    while state.view()["decision"] == "oppose":
        state.apply("oppose 0")
    assert area(state, "border")["owner"] == "east" and not area(state, "border")["unrest"]
    assert state.view()["empires"]["east"]["exiled"]
    state.apply("diplomacy capital +5")  # the court comes back beside city, which touches border
    while state.view()["decision"] == "oppose":
        state.apply("oppose 0")
    assert state.view()["empires"]["east"]["court"] == "capital"
    assert not area(state, "border")["unrest"] and not area(state, "capital")["unrest"]
