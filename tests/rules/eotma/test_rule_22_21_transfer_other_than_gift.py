"""22.21: when an area passes from one player to another other than by a conquest endeavour, the
two may agree to pass the partial conversion on. Besides a gift (20.1), that is an area returned
after a parley (20.41, 20.43); a Dynastic Inheritance never has one to pass (the heir inherits
only an area of its own faith, 21.3). The old owner is asked first (a ``transfer`` decision about
``offer``), then the new owner accepts or refuses; the heuristic bot keeps its own results.

20.41 with 22.21: a parley that sends a diplomatically conquered area back does not bring back
the owner's negated results: the diplomatic conquest negated them (22.21: a new effort starts
from scratch) and the parley decides possession only; the return is a change of hands other than
by conquest, so only the returning player's own results may pass, by agreement."""

from __future__ import annotations

from eotma_helpers import area, card, idx, start

from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.state import EotmaState

DIP_C = card(1, diplomacy={"result": ["C"]})


def _returned(west_results: int) -> EotmaState:
    state = start(DIP_C, hand=[1], east={"diplomatic": 5})
    city = idx(state, "city")
    state.religion[city] = "old_faith"
    state.conversion[(1, city)] = 3  # east's conversion of its own area
    state.apply("diplomacy city +5")
    state.apply("oppose 0")
    assert area(state, "city")["owner"] == "west" and (1, city) not in state.conversion
    if west_results:
        state.conversion[(0, city)] = west_results
    state.apply("contest")
    state.apply("vote yes")  # east, 5 votes: east is the rightful owner
    state.apply("vote no")  # west, 3
    state.apply("accept")  # west returns the area (20.41)
    assert area(state, "city")["owner"] == "east"
    return state


def test_20_41_a_returned_area_does_not_bring_back_the_owners_negated_results() -> None:
    state = _returned(0)
    assert state.conversion == {} and not state.pending


def test_22_21_the_returning_conqueror_may_pass_its_own_results_on() -> None:
    state = _returned(1)
    city = idx(state, "city")
    assert state.view()["decision"] == "transfer" and state.current_player() == "west"
    state.apply("accept")  # west offers
    assert state.view()["decision"] == "transfer" and state.current_player() == "east"
    state.apply("accept")  # east takes them over
    assert state.conversion == {(1, city): 1}


def test_22_21_the_returning_conqueror_may_keep_its_results_and_the_bot_does() -> None:
    state = _returned(1)
    assert str(EotmaHeuristicBot().choose(state)) == "refuse"
    entry = state.apply("refuse")
    assert "west keeps its partial conversion of city (22.21)" in entry.effects
    assert state.conversion == {(0, idx(state, "city")): 1} and not state.pending
