"""Capture: a play-test position becomes the scenario setup; one revert restores the exact file."""

from __future__ import annotations

from pathlib import Path

import pytest

from model import io, ops
from model.bots.base import RandomBot
from model.playtest.capture import Captured, CaptureError, capture, capture_setup, summarize
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
    captured = capture(scenario, state)
    assert summarize(scenario, captured) == []
    assert captured.setup == scenario.setup
    assert captured.areas == {}  # no map attribute moves before anyone plays


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
    captured = capture(scenario, state)
    changed = {
        a: d["resources"]
        for a, d in board["areas"].items()
        if d["resources"] != scenario.area_index()[a].attributes.get("resources", 1)
    }
    assert changed, "two hundred random actions raise or pillage some area"
    assert {a: attrs["resources"] for a, attrs in captured.areas.items()} == changed
    lines = summarize(scenario, captured, limit=1000)
    for area_id, now in changed.items():
        name = scenario.area_index()[area_id].name
        wanted = f"-> {now} (map)"
        assert any(line.startswith(f"{name}: resources ") and line.endswith(wanted) for line in lines)
    change = ops.replace_position(scenario, captured.setup, captured.areas)
    assert {u.id: (u.owner, u.area) for u in scenario.setup.units} == {
        uid: (u["nation"], u["area"]) for uid, u in board["units"].items()
    }
    for empire in scenario.setup.empires:
        assert empire.attributes["resources"] == board["nations"][empire.id]["resources"]
    for area_id, data in board["areas"].items():
        assert scenario.area_index()[area_id].attributes.get("resources", 1) == data["resources"]
    redo = change.revert(scenario)
    assert io.dumps(scenario) == before
    redo.revert(scenario)
    assert io.dumps(scenario) != before


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


def _converted(scenario: Scenario, area_id: str, religion: str) -> State:
    """The opening position with one area converted to ``religion``, as a conversion leaves it (22)."""
    spec = registry.get("eotma")
    assert spec is not None
    state = spec.engine_factory()(scenario).new_state(1)
    state.religion[state.game.board.index[area_id]] = religion  # type: ignore[attr-defined]
    return state


def test_a_converted_areas_religion_is_captured_with_the_setup_and_reverted_exactly() -> None:
    scenario = io.load(SCENARIOS / "default.mappa.json")
    before = io.dumps(scenario)
    dumped = scenario.model_dump()
    area = scenario.area_index()["oster_vale"]
    assert area.attributes["religion"] == "old_faith"
    state = _converted(scenario, "oster_vale", "latin")

    captured = capture(scenario, state)
    assert isinstance(captured, Captured)
    assert captured.areas == {"oster_vale": {**area.attributes, "religion": "latin"}}
    assert f"{area.name}: religion Old Faith -> Latin Church (map)" in summarize(scenario, captured)

    change = ops.replace_position(scenario, captured.setup, captured.areas, "Capture")
    assert scenario.area_index()["oster_vale"].attributes["religion"] == "latin"
    assert "oster_vale" in change.touched.areas
    # A new game from the captured file starts with the converted area.
    again = io.loads(io.dumps(scenario))
    spec = registry.get("eotma")
    assert spec is not None
    assert spec.engine_factory()(again).new_state(2).view()["areas"]["oster_vale"]["religion"] == "latin"

    redo = change.revert(scenario)
    assert io.dumps(scenario) == before
    assert scenario.model_dump() == dumped
    redo.revert(scenario)
    assert scenario.area_index()["oster_vale"].attributes["religion"] == "latin"


def test_replace_position_refuses_a_bad_map_value_and_changes_nothing() -> None:
    scenario = io.load(SCENARIOS / "seasons-isles.mappa.json")
    before = io.dumps(scenario)
    land = next(a for a in scenario.map.areas if a.kind.value == "land")
    setup = scenario.setup.model_copy(deep=True)
    setup.units.clear()
    with pytest.raises(ops.InvalidValueError, match=land.id):
        ops.replace_position(scenario, setup, {land.id: {"resources": 9}})
    with pytest.raises(ops.InvalidValueError, match="nowhere"):
        ops.replace_position(scenario, setup, {"nowhere": {"resources": 2}})
    assert io.dumps(scenario) == before


def test_the_summary_reads_as_people_name_things() -> None:
    # Names for ids, yes/no for flags, the ruleset's default for a value the file leaves out.
    scenario = io.load(SCENARIOS / "default.mappa.json")
    setup = scenario.setup.model_copy(deep=True)
    area_id = "aldmoor"
    owner = setup.areas[area_id].owner
    assert owner is not None and "unrest" not in setup.areas[area_id].attributes
    setup.areas[area_id].attributes["unrest"] = True
    lines = summarize(scenario, setup)
    name = scenario.area(area_id).name
    assert f"{name}: unrest no -> yes" in lines
    setup.areas[area_id].attributes["unrest"] = False  # the default written out: no change
    assert not any(line.startswith(f"{name}: unrest") for line in summarize(scenario, setup))
    setup.areas[area_id].owner = None
    assert f"{name}: owner {scenario.empire(owner).name} -> none" in summarize(scenario, setup)
