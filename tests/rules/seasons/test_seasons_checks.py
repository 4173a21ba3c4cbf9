"""The Seasons validator checks, on the shipped scenario and on broken copies of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from model import io
from model.rules import registry
from model.rules.seasons.checks import CODES, check_scenario
from model.scenario import Scenario, Unit

SCENARIO = Path(__file__).resolve().parents[3] / "scenarios" / "seasons-isles.mappa.json"


@pytest.fixture
def scenario() -> Scenario:
    return io.load(SCENARIO)


def codes(scenario: Scenario) -> set[str]:
    return {issue.code for issue in check_scenario(scenario)}


def test_registered_with_nation_label() -> None:
    spec = registry.get("seasons")
    assert spec is not None
    assert spec.player_label == "nation"
    assert [kind.id for kind in spec.unit_kinds] == ["infantry", "cavalry", "war_boat", "siege"]


def test_shipped_scenario_is_clean(scenario: Scenario) -> None:
    assert check_scenario(scenario) == []


def test_every_issue_code_is_documented(scenario: Scenario) -> None:
    scenario.setup.units.append(Unit(id="stray", kind="infantry", owner="vellmark", area="heartland"))
    for issue in check_scenario(scenario):
        assert issue.code in CODES
        assert issue.severity == CODES[issue.code][0]


def test_unit_in_area_not_held(scenario: Scenario) -> None:
    scenario.setup.units.append(Unit(id="stray", kind="infantry", owner="vellmark", area="heartland"))
    issues = [issue for issue in check_scenario(scenario) if issue.code == "seasons.unit-not-held"]
    assert [issue.ids for issue in issues] == [("stray", "heartland")]


def test_war_boat_far_from_its_nation(scenario: Scenario) -> None:
    scenario.setup.units.append(
        Unit(id="lost_boat", kind="war_boat", owner="vellmark", area="south_east_sea")
    )
    assert "seasons.war-boat-far" in codes(scenario)


def test_building_on_sea_and_sea_owner(scenario: Scenario) -> None:
    from model.scenario import AreaSetup

    scenario.setup.areas["east_sea"] = AreaSetup(owner="ostrand", attributes={"building": "tower"})
    assert {"seasons.sea-owner", "seasons.building-on-sea"} <= codes(scenario)


def test_building_damage_reaching_its_might(scenario: Scenario) -> None:
    scenario.setup.areas["harrowmere"].attributes["building_damage"] = 5
    assert "seasons.damage-too-high" in codes(scenario)


def test_alliance_problems(scenario: Scenario) -> None:
    scenario.setup.attributes = {
        "alliances": [
            {"id": "a1", "members": ["vellmark", "ostrand"]},
            {"id": "a2", "members": ["vellmark", "nowhere"]},
            {"id": "a3", "members": ["kessary"]},
        ]
    }
    found = codes(scenario)
    assert {"seasons.alliance-overlap", "seasons.alliance-unknown", "seasons.alliance-small"} <= found


def test_pillaged_start_is_information(scenario: Scenario) -> None:
    scenario.area("heartland").attributes["resources"] = -1
    issues = [issue for issue in check_scenario(scenario) if issue.code == "seasons.pillaged-start"]
    assert len(issues) == 1 and issues[0].severity.value == "info"


def test_broken_table_override(scenario: Scenario) -> None:
    scenario.ruleset.tables["units"] = {"infantry": {"cost": 2}}
    assert "seasons.table" in codes(scenario)
    [issue] = [issue for issue in check_scenario(scenario) if issue.code == "seasons.table"]
    assert issue.path == "ruleset.tables.units"


def test_turns_mismatch(scenario: Scenario) -> None:
    scenario.metadata.rounds = 12
    assert "seasons.turns-mismatch" in codes(scenario)
