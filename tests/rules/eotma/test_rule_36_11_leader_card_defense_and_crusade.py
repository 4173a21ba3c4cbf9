"""36.11: a leader card adds to the stature for one endeavour; a defense (13.0) and a crusader's
conquest (23.32) are endeavours too, so a Great Captain (+2 combat) in play counts there and is
then discarded."""

from __future__ import annotations

from eotma_helpers import card, start
from test_crusader_routes_and_states import two_route_state

from model.rules.eotma import crusades
from model.rules.eotma.game import AreaStart

C_ANY = card(4, conquest={"result": ["C"]})


def test_36_11_a_leader_card_adds_to_a_defense() -> None:
    state = start(C_ANY, hand=[4], areas={"border": AreaStart("east", 0)})
    state.leader_bonus[1] = "great_captain"  # played in an earlier turn, not used yet
    state.apply("conquest border from march")
    entry = state.apply("defend")
    # combat 3 + the card's 2 + the minimum gold spent on nothing extra: 5 off the rating (13.21)
    assert any(
        e.startswith("east defends: pays 1 gold") and e.endswith("rating -5 (13.21)") for e in entry.effects
    )
    assert state.leader_bonus[1] == "" and state.event_discard[-1] == "great_captain"


def test_36_11_a_leader_card_adds_to_a_crusaders_conquest() -> None:
    state = two_route_state()
    state.apply("crusade")
    state.apply("crusade-route venice")
    syria = state.game.board.index["syria"]
    without = crusades.crusade_rating(state, 0, syria, 0, pillage=False)
    state.leader_bonus[0] = "great_captain"
    assert crusades.crusade_rating(state, 0, syria, 0, pillage=False) == without + 2
    state.apply("crusade-attack syria")
    assert state.leader_bonus[0] == "" and state.event_discard[-1] == "great_captain"
