"""33.33: a player whose army stands in the area a conquest's or pillage's -1 hits (the attacker's
base, the defender's target) may lose an army point instead of the level: a choice offered as a
``loss`` decision (the endeavours table's ``army_absorbs_losses``: ``choice`` by default). At the
lowest social state there is no level to lose, so no army point goes either."""

from __future__ import annotations

from typing import Any

from eotma_helpers import area, card, idx, start

from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.data import _default_table
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.state import EotmaState

DG = Options(events=False, armies_fleets=True)
BOTH = card(6, conquest={"base": ["-1(<9)"], "target": ["-1(0>)"]})


def _state(ss_base: int = 1, ss_target: int = 1, **kwargs: Any) -> EotmaState:
    state = start(
        BOTH,
        hand=[6],
        options=DG,
        areas={"march": AreaStart("west", ss_base), "border": AreaStart("east", ss_target)},
        **kwargs,
    )
    state.army[idx(state, "march")] = 1
    state.army[idx(state, "border")] = 2
    state.apply("conquest border from march")
    state.apply("decline")
    return state


def test_33_33_the_defender_and_the_attacker_each_choose_a_point_or_a_level() -> None:
    state = _state()
    assert state.current_player() == "east" and state.view()["decision"] == "loss"
    assert [str(a) for a in state.legal_actions()] == ["lose level", "lose army"]
    state.apply("lose level")  # the defender keeps its army, the target loses a level
    assert state.current_player() == "west"
    assert [str(a) for a in state.legal_actions()] == ["lose level", "lose army"]
    state.apply("lose army")  # the attacker keeps its base's level
    assert area(state, "border")["army"] == 2 and area(state, "border")["social_state"] == 0
    assert area(state, "march")["army"] == 0 and area(state, "march")["social_state"] == 1


def test_33_33_at_the_lowest_level_no_army_point_is_lost() -> None:
    state = _state(ss_base=-3, ss_target=-3)
    assert not state.pending  # nothing to choose: no level to lose
    assert area(state, "border")["army"] == 2 and area(state, "border")["social_state"] == -3
    assert area(state, "march")["army"] == 1 and area(state, "march")["social_state"] == -3


def test_33_33_the_table_may_take_the_point_without_asking() -> None:
    table = dict(_default_table("endeavours"))
    table["army_absorbs_losses"] = {"value": "always"}
    state = _state(tables={"endeavours": table})
    assert not state.pending
    assert area(state, "border")["army"] == 1 and area(state, "march")["army"] == 0


def test_33_33_the_heuristic_bot_gives_up_the_army_point() -> None:
    state = _state()
    assert str(EotmaHeuristicBot().choose(state)) == "lose army"


def test_33_33_a_saved_loss_decision_resumes_with_its_card_and_answers() -> None:
    state = _state()
    state.apply("lose level")
    loaded = state.game.state_from_json(state.to_json())
    assert loaded == state
    loaded.apply("lose army")
    assert area(loaded, "border")["social_state"] == 0 and area(loaded, "march")["army"] == 0
