"""Grand diplomacy (20): gifts (20.1), parleys and votes (20.4, 20.5), excommunication (22.1)."""

from __future__ import annotations

import pytest
from eotma_helpers import area, card, idx, start

from model.rules.eotma.actions import Vote
from model.rules.eotma.game import AreaStart
from model.rules.eotma.ratings import religion_difference
from model.rules.eotma.records import Agreement
from model.rules.protocol import IllegalActionError

DIP_C = card(1, diplomacy={"result": ["C"]})


def test_20_1_gold_claims_and_areas_may_be_given() -> None:
    state = start(areas={"border": AreaStart("west", 1, unrest=True, claims=("west",))})
    state.apply("give east gold 5")
    assert state.treasury == [7, 17]
    state.apply("give east claim border")
    assert area(state, "border")["claims"] == ["east"]
    state.apply("give east area border")
    b = area(state, "border")
    assert b["owner"] == "east" and b["unrest"]  # 20.1: unrest stays until ruled


def test_20_1_gifts_are_checked() -> None:
    state = start()
    with pytest.raises(IllegalActionError, match="treasury holds 12"):
        state.apply("give east gold 13")
    with pytest.raises(IllegalActionError, match="not the player's area"):
        state.apply("give east area city")
    with pytest.raises(IllegalActionError, match="not another empire"):
        state.apply("give west gold 1")


def test_20_42_claim_parley_carried_on_a_tie_of_votes() -> None:
    state = start(areas={"march": AreaStart("west", 1, ties=("west",))})
    state.apply("parley claim march")
    assert state.current_player() == "west" and state.legal_actions()[:2] == [Vote(True), Vote(False)]
    state.apply("vote yes")  # 3 votes
    assert state.current_player() == "east"
    entry = state.apply("vote no")  # 3 votes: a tie grants the claim
    assert "parley claim: 3 yes, 3 no: carried" in entry.effects
    assert area(state, "march")["claims"] == ["west"]
    with pytest.raises(IllegalActionError, match="once per round"):
        state.apply("parley claim march")


def test_20_4_voters_go_in_order_of_most_votes_and_20_51_influence_adds_five() -> None:
    state = start(areas={"march": AreaStart("west", 1, ties=("west",))}, east={"diplomatic": 5})
    state.holding[0] = ["influence_in_church"]
    state.apply("parley claim march")
    assert state.current_player() == "east"  # 5 votes before 3
    state.apply("vote no")
    state.apply("vote yes influence 1")  # 3 + 5 = 8 > 5
    assert area(state, "march")["claims"] == ["west"] and state.holding[0] == []


def test_20_42_claim_parley_needs_possession_and_a_tie() -> None:
    state = start()
    with pytest.raises(IllegalActionError, match=r"20\.42"):
        state.apply("parley claim march")


def test_12_32_diplomatic_conquest_between_christians_may_be_contested() -> None:
    state = start(DIP_C, hand=[1], east={"diplomatic": 5})
    state.apply("diplomacy city +5")
    state.apply("oppose 0")
    assert area(state, "city")["owner"] == "west" and state.current_player() == "east"
    assert [str(a) for a in state.legal_actions()] == ["contest", "accept"]
    state.apply("contest")
    state.apply("vote yes")  # east, 5 votes: east is the rightful owner
    state.apply("vote no")  # west, 3
    assert state.current_player() == "west"  # 20.41: return the area or be excommunicated
    state.apply("refuse")
    assert state.excommunicated[0] and area(state, "city")["owner"] == "west"


def test_20_41_the_conqueror_may_return_the_area() -> None:
    state = start(DIP_C, hand=[1], east={"diplomatic": 5})
    state.apply("diplomacy city +5")
    state.apply("oppose 0")
    state.apply("contest")
    state.apply("vote yes")
    state.apply("vote no")
    state.apply("accept")
    assert area(state, "city")["owner"] == "east" and not state.excommunicated[0]


def test_22_13_an_excommunicated_owner_cannot_contest() -> None:
    state = start(DIP_C, hand=[1])
    state.excommunicated[1] = True
    state.apply("diplomacy city +5")
    state.apply("oppose 0")
    assert area(state, "city")["owner"] == "west" and state.current_player() == "west"


def test_22_11_excommunication_makes_the_leader_pagan_and_20_45_readmission() -> None:
    state = start()
    state.excommunicated[0] = True
    assert religion_difference(state, 0, idx(state, "march")) == 2
    assert "parley readmission" in [str(a) for a in state.legal_actions()]
    state.apply("parley readmission")
    state.apply("vote yes")  # only the excommunicated caller and the Christian east vote
    state.apply("vote no")
    assert not state.excommunicated[0]  # 20.45: a tie readmits


def test_20_3_a_binding_agreement_needs_the_other_partys_consent() -> None:
    state = start()
    state.apply("agree east truce")
    assert state.current_player() == "east" and state.view()["decision"] == "agreement"
    state.apply("accept")
    assert state.agreements == [Agreement(proposer=0, accepter=1, terms="truce")]
    assert state.current_player() == "west"
    state2 = start()
    state2.apply("agree east truce")
    state2.apply("refuse")
    assert state2.agreements == []


def test_20_44_breaking_an_agreement_excommunicates_on_a_tied_vote() -> None:
    state = start()
    state.agreements = [Agreement(1, 0, "truce")]
    state.apply("parley breach east")
    state.apply("vote yes")  # west 3
    state.apply("vote no")  # east 3: a tie excommunicates (20.44)
    assert state.excommunicated[1] and state.agreements == []


def test_20_44_a_breach_parley_needs_an_agreement() -> None:
    state = start()
    with pytest.raises(IllegalActionError, match=r"20\.44"):
        state.apply("parley breach east")


def test_20_3_an_heirless_death_ends_the_leaders_agreements() -> None:
    from model.rules.eotma import leaders

    state = start()
    state.agreements = [Agreement(1, 0, "truce")]
    effects: list[str] = []
    leaders.heirless(state, 0, effects)
    assert state.agreements == []
    assert "the binding agreements of west lapse (20.3)" in effects
