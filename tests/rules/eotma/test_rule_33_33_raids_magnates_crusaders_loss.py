"""33.33 for attacks that are no player's endeavour: a raid's or Magnate's (24) or a crusader's
(23.32) -1 on an area holding an army asks the same ``loss`` decision as an endeavour (a level
or an army point), of the target's owner, and of the crusader for its army in the launch area;
the heuristic bot answers it, and a saved game resumes it.

Raids as in ``test_raiders_and_magnates_24`` (the Saracens' card takes a level at rating 0 or
more from ``home``, social state 2); crusades as in ``test_crusader_routes_and_states``."""

from __future__ import annotations

from eotma_helpers import area, card, game, idx
from test_crusader_routes_and_states import two_route_state
from test_raiders_and_magnates_24 import _raided

from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.data import _default_table
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.state import EotmaState


def _raid_with_army() -> EotmaState:
    state = _raided(4, armies=True)
    state.army[idx(state, "home")] = 2
    assert state.view()["decision"] == "npc-defense"
    state.apply("decline")
    return state


def test_33_33_a_raided_owner_chooses_a_level_or_an_army_point() -> None:
    state = _raid_with_army()
    assert state.view()["decision"] == "loss" and state.current_player() == "west"
    assert [str(a) for a in state.legal_actions()] == ["lose level", "lose army"]
    assert state.view()["decision_about"]["areas"] == ["home"]
    assert area(state, "home")["social_state"] == 2  # nothing applied before the answer
    entry = state.apply("lose level")
    assert area(state, "home")["army"] == 2 and area(state, "home")["social_state"] == 1
    assert "west gives up the level in home" in entry.effects
    assert state.phase != "raiders" and not state.npc_queue  # the round goes on


def test_33_33_a_raided_owner_may_give_up_the_army_point() -> None:
    state = _raid_with_army()
    state.apply("lose army")
    assert area(state, "home")["army"] == 1 and area(state, "home")["social_state"] == 2


def test_33_33_the_heuristic_bot_gives_up_the_raided_army_point() -> None:
    state = _raid_with_army()
    assert str(EotmaHeuristicBot().choose(state)) == "lose army"


def test_33_33_a_saved_raid_loss_decision_resumes() -> None:
    state = _raid_with_army()
    loaded = state.game.state_from_json(state.to_json())
    assert loaded == state and loaded.view()["decision"] == "loss"
    loaded.apply("lose level")
    assert area(loaded, "home")["social_state"] == 1 and area(loaded, "home")["army"] == 2


def test_33_33_the_table_may_still_take_the_raided_point_without_asking() -> None:
    table = dict(_default_table("endeavours"))
    table["army_absorbs_losses"] = {"value": "always"}
    state = _raided(4, armies=True, tables_extra={"endeavours": table})
    state.army[idx(state, "home")] = 2
    entry = state.apply("decline")
    assert "home: an army point is lost instead of a level (33.33)" in entry.effects
    assert area(state, "home")["army"] == 1 and area(state, "home")["social_state"] == 2


BOTH = card(3, conquest={"base": ["-1"], "target": ["-1"]})
"""A crusader's card whose -1 hits the launch area and the target at any rating."""


def _crusade_with_armies() -> EotmaState:
    state = two_route_state(cards=(BOTH,), armies=True)
    state.force_year_cards("france", [3, 3, 3, 3])
    syria, venice = (state.game.board.index[a] for a in ("syria", "venice"))
    state.apply("crusade")
    state.apply("crusade-route venice")
    state.owner[syria] = 1  # meanwhile byzantium holds syria, with an army
    state.ss[syria] = 1
    state.army[syria] = 1
    state.army[venice] = 2
    state.apply("crusade-attack syria")
    if state.view()["decision"] == "npc-defense":
        state.apply("decline")
    return state


def test_33_33_a_crusaders_target_owner_then_the_crusader_choose() -> None:
    state = _crusade_with_armies()
    assert state.view()["decision"] == "loss" and state.current_player() == "byzantium"
    assert [str(a) for a in state.legal_actions()] == ["lose level", "lose army"]
    state.apply("lose army")  # byzantium keeps syria's level
    assert state.view()["decision"] == "loss" and state.current_player() == "france"
    state.apply("lose level")  # france keeps its two army points in venice
    assert area(state, "syria")["army"] == 0 and area(state, "syria")["social_state"] == 1
    assert area(state, "venice")["army"] == 2 and area(state, "venice")["social_state"] == 0


def test_33_33_a_saved_crusade_loss_decision_resumes() -> None:
    state = _crusade_with_armies()
    state.apply("lose level")
    loaded = state.game.state_from_json(state.to_json())
    assert loaded == state
    loaded.apply("lose army")
    assert area(loaded, "syria")["social_state"] == 0 and area(loaded, "syria")["army"] == 1
    assert area(loaded, "venice")["army"] == 1 and area(loaded, "venice")["social_state"] == 1


MAGNATE_DECK = [card(i, conquest={"target": ["-1"]}) for i in range(1, 40)]
"""Every Magnate attack's card takes a level from the target at any rating."""


def test_33_33_a_magnates_target_owner_chooses_too() -> None:
    matrix = {"rows": [{"from": 0, "to": 3000, "areas": ["border"] * 11}], "attack": True}
    g = game(
        *MAGNATE_DECK,
        options=Options(events=False, magnates=True, armies_fleets=True),
        tables={"magnates": matrix, "year_cards": {"cards": MAGNATE_DECK}},
        areas={"venice": AreaStart(None, 0)},
    )
    state = g.new_state(4)
    assert state.view()["decision"] == "npc-defense"
    target = state.game.board.index[state.view()["decision_about"]["areas"][0]]
    owner = state.current_player()
    state.army[target] = 1
    level = state.ss[target]
    state.apply("decline")
    assert state.view()["decision"] == "loss" and state.current_player() == owner
    assert state.view()["decision_about"]["about"].startswith("magnate magnate-border ")
    state.apply("lose army")
    assert state.army[target] == 0 and state.ss[target] == level
