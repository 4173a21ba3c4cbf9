"""The engine-owned scenario checks added with the rules (model/rules/eotma/checks.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from model import io
from model.rules.eotma.checks import CODES, check_scenario
from model.scenario import Scenario
from model.validate import validate

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


@pytest.fixture
def default() -> Scenario:
    """A fresh copy of the bundled default scenario."""
    return io.load(SCENARIOS / "default.mappa.json")


@pytest.mark.parametrize("strength", [1, 4, -1])
def test_14_0_a_fort_of_strength_other_than_0_2_or_3_is_an_error(default: Scenario, strength: int) -> None:
    area_id = next(iter(default.setup.areas))
    default.setup.areas[area_id].attributes["fortification"] = strength
    issues = [i for i in check_scenario(default) if i.code == "FORT_STRENGTH"]
    assert len(issues) == 1
    issue = issues[0]
    assert issue.rule == "14.0" and issue.ids == (area_id,) and f"strength {strength}" in issue.message
    assert issue.path == f"setup.areas.{area_id}.attributes.fortification"
    assert CODES["FORT_STRENGTH"][0] is issue.severity


@pytest.mark.parametrize("strength", [0, 2, 3])
def test_14_0_forts_of_0_2_and_3_pass(default: Scenario, strength: int) -> None:
    area_id = next(iter(default.setup.areas))
    default.setup.areas[area_id].attributes["fortification"] = strength
    assert not [i for i in check_scenario(default) if i.code == "FORT_STRENGTH"]


@pytest.mark.parametrize("name", sorted(p.name for p in SCENARIOS.glob("medieval-europe-*.mappa.json")))
def test_14_0_shipped_medieval_scenarios_have_no_fort_of_strength_1(name: str) -> None:
    scenario = io.load(SCENARIOS / name)
    assert [i.message for i in check_scenario(scenario) if i.code == "FORT_STRENGTH"] == []


def test_24_raiders_naming_seas_the_map_lacks_are_reported() -> None:
    root = Path(__file__).resolve().parents[3]
    scenario = io.load(root / "scenarios" / "default.mappa.json")
    scenario.ruleset.options["raiders"] = True
    found = [issue for issue in validate(scenario) if issue.code == "RAIDER_TARGET_UNKNOWN"]
    assert found and "north_sea_north" in found[0].ids
    assert "override the raiders table" in found[0].message


def test_24_the_shipped_raiders_table_fits_the_medieval_map() -> None:
    root = Path(__file__).resolve().parents[3]
    scenario = io.load(root / "scenarios" / "medieval-europe-976.mappa.json")
    assert scenario.ruleset.options.get("raiders")
    assert not [issue for issue in validate(scenario) if issue.code == "RAIDER_TARGET_UNKNOWN"]


def test_house_7_2_the_shipped_vikings_raid_the_kiev_route_too() -> None:
    from model.rules.eotma import npc
    from model.rules.eotma.game import build_game

    root = Path(__file__).resolve().parents[3]
    scenario = io.load(root / "scenarios" / "medieval-europe-976.mappa.json")
    state = build_game(scenario).new_state(1)
    vikings = next(r for r in state.game.rules.raiders if r["id"] == "vikings")
    pool = {state.game.board.ids[a] for a in npc.raider_targets(state, vikings)}
    assert {"novgorod", "smolensk", "kiev"} <= pool
