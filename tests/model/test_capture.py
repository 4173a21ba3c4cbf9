"""Capture: a play-test position becomes the scenario setup; one revert restores the exact file."""

from __future__ import annotations

from pathlib import Path

import pytest

from model import io, ops
from model.bots.base import RandomBot
from model.playtest.capture import CaptureError, capture_setup, map_differences, summarize
from model.rules import registry
from model.rules.protocol import State
from model.scenario import Scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _played(scenario: Scenario, actions: int, seed: int = 3) -> State:
    spec = registry.get(scenario.ruleset.id)
    assert spec is not None
    game = spec.engine_factory()(scenario)
    state = game.new_state(seed)
    bot = RandomBot(seed)
    for _ in range(actions):
        if state.is_over():
            break
        state.apply(bot.choose(state))
    return state


@pytest.mark.parametrize("name", ["default.mappa.json", "seasons-isles.mappa.json"])
def test_the_starting_position_captures_to_the_very_same_setup(name: str) -> None:
    scenario = io.load(SCENARIOS / name)
    spec = registry.get(scenario.ruleset.id)
    assert spec is not None
    state = spec.engine_factory()(scenario).new_state(1)
    setup = capture_setup(scenario, state)
    assert summarize(scenario, setup) == []
    assert setup == scenario.setup


def test_a_large_starting_position_keeps_every_owner_and_unit() -> None:
    # The opening may already hold rolls (the schism table, 23.1), so only owners and units are fixed.
    scenario = io.load(SCENARIOS / "medieval-europe-976.mappa.json")
    spec = registry.get("eotma")
    assert spec is not None
    setup = capture_setup(scenario, spec.engine_factory()(scenario).new_state(1))
    assert {a: e.owner for a, e in setup.areas.items() if e.owner} == {
        a: e.owner for a, e in scenario.setup.areas.items() if e.owner
    }
    assert setup.units == scenario.setup.units
    assert setup.empires == scenario.setup.empires


def test_eotma_capture_writes_owners_treasuries_and_units_and_revert_restores_the_file() -> None:
    scenario = io.load(SCENARIOS / "default.mappa.json")
    before = io.dumps(scenario)
    state = _played(scenario, 400)
    view = state.view()  # type: ignore[attr-defined]
    setup = capture_setup(scenario, state)
    lines = summarize(scenario, setup)
    assert lines, "four hundred random actions change something"

    change = ops.replace_setup(scenario, setup)
    for area_id, area in view["areas"].items():
        entry = scenario.setup.areas.get(area_id)
        assert (entry.owner if entry else None) == area["owner"]
        assert (entry.attributes.get("social_state", 0) if entry else 0) == area["social_state"]
    for empire in scenario.setup.empires:
        assert empire.attributes["treasury"] == view["empires"][empire.id]["treasury"]
    armies = {u.area: u.strength for u in scenario.setup.units if u.kind == "army"}
    assert armies == {a: v["army"] for a, v in view["areas"].items() if v["army"] and v["owner"]}
    # The captured scenario is a valid file, and a new game from it starts from the position.
    again = io.loads(io.dumps(scenario))
    spec = registry.get("eotma")
    assert spec is not None
    restarted = spec.engine_factory()(again).new_state(9).view()
    assert {a: v["owner"] for a, v in restarted["areas"].items()} == {
        a: v["owner"] for a, v in view["areas"].items()
    }

    redo = change.revert(scenario)
    assert io.dumps(scenario) == before
    redo.revert(scenario)
    assert io.dumps(scenario) != before


def test_seasons_capture_writes_buildings_resources_and_units() -> None:
    scenario = io.load(SCENARIOS / "seasons-isles.mappa.json")
    before = io.dumps(scenario)
    state = _played(scenario, 200)
    board = state.to_json()["board"]
    setup = capture_setup(scenario, state)
    change = ops.replace_setup(scenario, setup)
    assert {u.id: (u.owner, u.area) for u in scenario.setup.units} == {
        uid: (u["nation"], u["area"]) for uid, u in board["units"].items()
    }
    for empire in scenario.setup.empires:
        assert empire.attributes["resources"] == board["nations"][empire.id]["resources"]
    assert isinstance(map_differences(scenario, state), list)
    change.revert(scenario)
    assert io.dumps(scenario) == before


def test_replace_setup_refuses_another_set_of_empires() -> None:
    scenario = io.load(SCENARIOS / "default.mappa.json")
    setup = scenario.setup.model_copy(deep=True)
    setup.empires.pop()
    with pytest.raises(ops.PreconditionError, match="same empires"):
        ops.replace_setup(scenario, setup)


def test_capture_refuses_an_unknown_ruleset() -> None:
    scenario = io.load(SCENARIOS / "default.mappa.json")
    scenario.ruleset.id = "sevenages"
    with pytest.raises(CaptureError, match="sevenages"):
        capture_setup(scenario, object())
