"""Probes of grand diplomacy and parleys (20) through the public API on the small test board
(both leaders of the Latin church unless a test says otherwise)."""

from __future__ import annotations

import pytest
from eotma_helpers import area, card, start
from probe_helpers import legal

from model.rules.eotma.game import AreaStart
from model.rules.protocol import IllegalActionError

NOTHING = card(1)


def test_20_1_a_given_area_keeps_its_unrest_fort_and_the_givers_tie() -> None:
    state = start(
        NOTHING,
        hand=[1],
        areas={"border": AreaStart("west", 1, unrest=True, fortification=2, ties=("west",))},
    )
    state.apply("give east area border")
    border = area(state, "border")
    assert border["owner"] == "east" and border["unrest"] and border["fortification"] == 2
    assert border["ties"] == ["west"]  # a tie is never handed over (20.1)


def test_20_1_gold_passes_freely_but_not_more_than_the_treasury() -> None:
    state = start(NOTHING, hand=[1])
    state.apply("give east gold 5")
    assert state.treasury == [7, 17]
    with pytest.raises(IllegalActionError):
        state.apply("give east gold 8")


def test_20_4_the_most_votes_vote_first_and_a_tie_gives_the_claim() -> None:
    state = start(
        NOTHING, hand=[1], areas={"march": AreaStart("west", 1, ties=("west",))}, east={"diplomatic": 4}
    )
    state.apply("parley claim march")
    assert state.current_player() == "east"  # 4 votes before west's 3
    state.apply("vote no")
    state.apply("vote yes")
    assert area(state, "march")["claims"] == []  # 3 yes against 4 no
    with pytest.raises(IllegalActionError, match=r"once per round"):
        state.apply("parley claim march")
    tied = start(NOTHING, hand=[1], areas={"march": AreaStart("west", 1, ties=("west",))})
    tied.apply("parley claim march")
    tied.apply("vote yes")
    tied.apply("vote no")
    assert area(tied, "march")["claims"] == ["west"]  # 20.42: a tie gives the claim


def test_20_4_an_excommunicated_leader_takes_no_part_in_a_claim_parley() -> None:
    state = start(
        NOTHING, hand=[1], areas={"march": AreaStart("west", 1, ties=("west",))}, east={"diplomatic": 9}
    )
    state.excommunicated[1] = True
    entry = state.apply("parley claim march")
    assert any(e.endswith("voters: west") for e in entry.effects)
    state.apply("vote yes")
    assert area(state, "march")["claims"] == ["west"]


def test_20_51_each_influence_card_adds_five_votes() -> None:
    state = start(NOTHING, hand=[1], areas={"march": AreaStart("west", 1, ties=("west",))})
    state.holding[1] = ["influence_in_church", "influence_in_church"]
    state.apply("parley claim march")
    state.apply("vote yes")  # west 3
    entry = state.apply("vote no influence 1")
    assert "east votes no with 8" in entry.effects
    assert area(state, "march")["claims"] == [] and state.holding[1] == ["influence_in_church"]


def test_20_45_readmission_on_a_tie_once_per_round() -> None:
    state = start(NOTHING, hand=[1])
    state.excommunicated[0] = True
    assert "parley claim march" not in legal(state)  # 22.12
    state.apply("parley readmission")
    state.apply("vote yes")  # west, the caller, votes on its own readmission (22.12)
    state.apply("vote no")
    assert not state.excommunicated[0]
    assert not state.view()["empires"]["west"]["excommunicated"]


def test_20_45_a_refused_readmission_waits_for_the_next_round() -> None:
    state = start(NOTHING, hand=[1], east={"diplomatic": 5})
    state.excommunicated[0] = True
    state.apply("parley readmission")
    state.apply("vote no")  # east 5
    state.apply("vote yes")  # west 3
    assert state.excommunicated[0]
    with pytest.raises(IllegalActionError, match=r"20\.45"):
        state.apply("parley readmission")
