"""The heuristic bot's reasons for the actions it used to leave alone, each switched by an entry of
the ruleset's ``bot`` table: plunder (16.2), lowering a fortification (14.43), removing a tie
(12.43), revoking asylum (21.2) and Diplomatic Coup on a leader's claim step (12.43, 18)."""

from __future__ import annotations

from typing import Any

from eotma_helpers import idx, start

from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.data import default_rules
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.records import Partial
from model.rules.eotma.state import EotmaState


def _choose(state: EotmaState, **changes: Any) -> str:
    """The bot's choice with the shipped table, some entries changed."""
    return str(EotmaHeuristicBot(default_rules().bot.replace(changes)).choose(state))


def test_16_2_it_plunders_an_untaxable_area_when_taxes_leave_it_without_gold() -> None:
    state = start(hand=[99], areas={"march": AreaStart("west", 0)})  # march at 0: no taxes (16.11)
    west = state.game.player_index["west"]
    state.treasury[west] = 0
    state.apply(_choose(state))  # taxation: it holds too little gold
    assert _choose(state) == "tax home 2"  # the court pays without a check (16.17)
    state.apply("tax home 2")
    # 2 gold is below plunder_short 3: the expected 1.5 gold (11.3) at 1.5 VP a gold beats the
    # level (16.22) and the unrest (16.23) it costs, in the last round (round 2 of 0-2) only.
    assert _choose(state, plunder_short=3) == "end-taxation"
    assert _choose(state, plunder_short=3, plunder_rounds_left=2) == "plunder march"
    state.round = 2
    assert _choose(state, plunder_short=3) == "plunder march"
    assert _choose(state) == "end-taxation"  # the shipped threshold is 2 gold
    state.unrest[idx(state, "march")] = True
    assert _choose(state, plunder_short=3) == "end-taxation"  # in unrest a plunder risks a rebellion


def test_14_43_it_slights_a_strength_3_fort_that_one_more_conquest_result_takes() -> None:
    state = start(hand=[99], areas={"city": AreaStart("west", 1), "capital": AreaStart("east", 2)})
    city, capital = idx(state, "city"), idx(state, "capital")
    state.fort[city] = 3
    state.partial[(city, capital)] = Partial(state.game.player_index["east"], 2)  # population 3
    assert _choose(state) == "reduce-fort city"
    state.apply("reduce-fort city")
    assert state.fort[city] == 2  # now a conquest destroys it (14.41) rather than handing it over
    assert _choose(state) != "reduce-fort city"
    state.fort[city] = 3
    assert _choose(state, slight_before_fall=False) != "reduce-fort city"


def test_12_43_an_exile_removes_its_ties_to_a_hosts_areas_before_asking_asylum() -> None:
    state = start(hand=[99], areas={"city": AreaStart("east", 1, ties=("west",))})
    state.court[state.game.player_index["west"]] = -1  # west is in exile (21.1)
    assert _choose(state, untie_for_asylum=False) == "ask-asylum east"
    assert _choose(state) == "untie city"
    state.apply("untie city")
    assert _choose(state) == "ask-asylum east"


def _asking(**areas: AreaStart) -> EotmaState:
    """West, in exile, has asked east for asylum; east decides."""
    state = start(hand=[99], areas=areas)
    state.court[0] = -1
    state.apply("ask-asylum east")
    return state


def test_21_2_a_host_refuses_and_revokes_the_asylum_of_an_exile_ahead_of_it() -> None:
    ahead = _asking(border=AreaStart("west", 3), city=AreaStart("west", 3))  # 21 VP against 10
    assert _choose(ahead) == "refuse"
    assert _choose(ahead, revoke_lead=-1) == "accept"
    behind = _asking()
    assert _choose(behind) == "accept"
    behind.apply("accept")
    behind.owner[idx(behind, "city")] = 0  # west's diplomacy takes east's city: now 14 VP to 10
    behind.apply("agree east truce")  # a decision of the host
    assert _choose(behind) == "revoke-asylum west"


def test_12_43_with_no_tie_on_its_own_areas_it_breaks_a_leaders_step_to_a_claim() -> None:
    state = start(
        hand=[99], options=Options(events=True), areas={"city": AreaStart("east", 3, ties=("east",))}
    )
    state.holding[state.game.player_index["west"]].append("diplomatic_coup")
    # east leads, 16 VP to 14: its tie to its own city is its step to a claim (18)
    assert _choose(state) == "play diplomatic_coup city east"
    assert not _choose(state, coup_on_claims=False).startswith("play")


def test_20_1_in_the_last_round_it_buys_the_vote_for_a_claim_rule_18_would_give_too_late() -> None:
    state = start(hand=[99], west={"diplomatic": 2}, areas={"march": AreaStart("west", 1, ties=("west",))})
    state.treasury[state.game.player_index["west"]] = 10
    # a march of its leader's faith: rule 18 claims it at the end of west's next turn
    assert not _choose(state).startswith(("parley", "give"))
    state.round = state.game.rounds - 1  # that turn never comes
    assert _choose(state) == "give east gold 1"  # east's 3 votes against west's 2 (20.1)
    assert not _choose(state, bribe_last_round=False).startswith(("parley", "give"))
