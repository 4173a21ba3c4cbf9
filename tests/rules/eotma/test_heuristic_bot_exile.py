"""The heuristic bot in exile (21): it asks a court that would grant it asylum (21.2), keeps the
asylum by removing a tie to its host's areas (12.43), and uses it for diplomacy toward an area
that could be its court again (21.3). Each behaviour is switched by an entry of the ``bot`` table."""

from __future__ import annotations

from typing import Any

from eotma_helpers import BLANK, board, card, idx, rules_with, start, turn_of

from model.rules.eotma import victory
from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.data import default_rules
from model.rules.eotma.game import AreaStart, EotmaGame, Options, PlayerSetup
from model.rules.eotma.state import EotmaState

DIP_C = [card(n, diplomacy={"result": ["C(4>)"]}) for n in (1, 2, 3)]
"""Three cards of a diplomatic conquest at a rating of 4 or more, else nothing."""


def _choose(state: EotmaState, **changes: Any) -> str:
    """The bot's choice with the shipped table, some entries changed."""
    return str(EotmaHeuristicBot(default_rules().bot.replace(changes)).choose(state))


def _three_courts(handicap: int = 0) -> EotmaState:
    """West (court home lost: in exile, with ``handicap`` victory points) to move; east holds
    capital (social state 2) and city: 14 VP; north holds border (1), march and faraway: 17 VP."""
    players = [
        PlayerSetup("west", court="home", handicap=handicap),
        PlayerSetup("east", court="capital"),
        PlayerSetup("north", court="border"),
    ]
    starts = {
        "home": AreaStart("west", 2),
        "capital": AreaStart("east", 2),
        "city": AreaStart("east", 1),
        "border": AreaStart("north", 1),
        "march": AreaStart("north", 1),
        "faraway": AreaStart("north", 2),
    }
    game = EotmaGame(board(), players, starts, rules=rules_with(), options=Options(events=False))
    state = turn_of(game.new_state(7), "west", [BLANK])
    state.court[0] = -1
    state.owner[idx(state, "home")] = -1  # its court lost; no suitable area left (21.1)
    return state


def test_21_2_an_exile_asks_the_best_court_that_would_grant_it_asylum() -> None:
    behind = _three_courts()
    assert victory.victory_points(behind) == [0, 14, 17]
    assert _choose(behind) == "ask-asylum east"  # capital (social state 2) before border (1)
    # Level with east, which refuses an exile not behind it (revoke_lead 0), it asks north,
    # whose court is poorer but which would take it.
    level = _three_courts(handicap=14)
    assert _choose(level) == "ask-asylum north"
    assert _choose(level, ask_willing_host=False) == "ask-asylum east"
    # Ahead of both, it asks the best court all the same.
    assert _choose(_three_courts(handicap=17)) == "ask-asylum east"


def test_12_43_an_exile_in_asylum_removes_its_tie_to_a_hosts_area() -> None:
    state = start(hand=[BLANK], areas={"city": AreaStart("east", 1, ties=("west",))})
    state.court[0] = -1
    state.asylum[0] = 1  # east hosts it; east has just come to hold an area west is tied to
    assert _choose(state) == "untie city"  # else east revokes the asylum (21.2)
    assert _choose(state, untie_in_asylum=False) != "untie city"


def test_21_3_an_exile_in_asylum_seeks_a_court_by_diplomacy_not_among_its_hosts_areas() -> None:
    # march (aldic, latin like west's leader) is independent: a diplomatic conquest of it from
    # east's court ends west's exile (21.3). border (lowenish) could not be its court.
    state = start(*DIP_C, hand=[1, 2], areas={"march": AreaStart(None, 0), "border": AreaStart(None, 0)})
    state.court[0] = -1
    state.owner[idx(state, "home")] = 1  # east took home: a suitable area, but the host's
    state.asylum[0] = 1
    west = 0
    state.treasury[west] = 10
    action = _choose(state)
    assert action.startswith("diplomacy march")
    assert _choose(state, exile_diplomacy=False) == "end-turn"
    state.apply(action)
    while state.pending:  # east may oppose the diplomacy (12.2)
        state.apply(_choose(state))
    assert state.owner[idx(state, "march")] == west and state.court[west] == idx(state, "march")
    assert not state.is_exiled(west)
