"""The EotMA scenario checks (model/rules/eotma/checks.py), named after the rules they enforce.

Each test starts from the bundled default scenario (which validates clean) and breaks one thing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from model import io
from model.issues import Issue, Severity
from model.rules.eotma.checks import CODES, check_scenario
from model.scenario import AreaSetup, Scenario, Unit
from model.validate import validate

DEFAULT = Path(__file__).resolve().parents[2] / "scenarios" / "default.mappa.json"


@pytest.fixture
def default() -> Scenario:
    """A fresh copy of the bundled default scenario."""
    return io.load(DEFAULT)


def the(issues: list[Issue], code: str) -> Issue:
    """The single issue with this code."""
    found = [i for i in issues if i.code == code]
    assert len(found) == 1, f"expected one {code}, got {[(i.code, i.message) for i in issues]}"
    return found[0]


def test_default_scenario_passes_the_eotma_checks(default: Scenario) -> None:
    assert check_scenario(default) == []


def test_21_empire_without_a_court(default: Scenario) -> None:
    del default.setup.empires[1].attributes["court"]
    issue = the(validate(default), "COURT_MISSING")
    assert issue.ids == ("kestrian_duchy",)
    assert issue.rule == "21"
    assert issue.path == "setup.empires[1].attributes.court"


def test_21_court_the_empire_does_not_own(default: Scenario) -> None:
    default.setup.empires[0].attributes["court"] = "marrach"  # independent
    issue = the(validate(default), "COURT_NOT_OWNED")
    assert issue.ids == ("aldmoor_kingdom", "marrach")
    assert "independent" in issue.message
    assert issue.location == default.area("marrach").anchors[0]


def test_21_court_held_by_another_empire(default: Scenario) -> None:
    default.setup.empires[0].attributes["court"] = "kestria"
    issue = the(validate(default), "COURT_NOT_OWNED")
    assert "held by 'kestrian_duchy'" in issue.message


def test_33_32_army_in_an_area_its_owner_does_not_control(default: Scenario) -> None:
    default.setup.units[0].area = "veluna"
    issue = the(validate(default), "UNIT_AREA_NOT_CONTROLLED")
    assert issue.ids == ("army_aldmoor", "veluna")
    assert issue.rule == "33.32"
    assert issue.path == "setup.units[0].area"


def test_34_22_fleet_in_an_area_its_owner_does_not_control(default: Scenario) -> None:
    default.setup.units[2].area = "veluna"  # coastal, but independent
    issue = the(validate(default), "UNIT_AREA_NOT_CONTROLLED")
    assert issue.rule == "34.22"


def test_34_22_fleet_in_an_area_adjacent_to_no_sea(default: Scenario) -> None:
    default.setup.units[2].area = "sarnia"  # owned by the League, but inland
    issue = the(validate(default), "FLEET_NOT_COASTAL")
    assert issue.ids == ("fleet_sarnia", "sarnia")
    assert issue.rule == "34.22"


def test_34_22_fleet_check_builds_the_graphs_when_not_given(default: Scenario) -> None:
    default.setup.units[2].area = "sarnia"
    assert [i.code for i in check_scenario(default)] == ["FLEET_NOT_COASTAL"]


def test_33_31_army_strength_over_4(default: Scenario) -> None:
    default.setup.units[1].strength = 5
    issue = the(validate(default), "UNIT_STRENGTH_OUT_OF_RANGE")
    assert issue.rule == "33.31"
    assert "5" in issue.message and "1..4" in issue.message


def test_33_units_while_the_armies_fleets_option_is_off(default: Scenario) -> None:
    default.ruleset.options["armies_fleets"] = False
    issue = the(validate(default), "UNITS_OPTION_OFF")
    assert issue.severity is Severity.WARNING
    assert set(issue.ids) == {"army_aldmoor", "army_kestria", "fleet_sarnia"}


def test_33_unit_owned_by_a_magnate(default: Scenario) -> None:
    default.setup.units.append(Unit(id="count_army", kind="army", owner="count_of_dravia", area="dravia"))
    issue = the(validate(default), "UNIT_OWNER_NOT_EMPIRE")
    assert issue.ids == ("count_army", "count_of_dravia")


def test_unit_owned_by_an_unknown_empire(default: Scenario) -> None:
    default.setup.units[0].owner = "byzantium"
    issues = validate(default)
    issue = the(issues, "UNKNOWN_REFERENCE")
    assert issue.path == "setup.units[0].owner"
    assert not [i for i in issues if i.code == "UNIT_AREA_NOT_CONTROLLED"]  # one report, not two


def test_12_16_tie_on_another_empires_court(default: Scenario) -> None:
    default.setup.areas["sarnia"].attributes["ties"] = ["kestrian_duchy"]
    issue = the(validate(default), "TIE_ON_COURT")
    assert issue.ids == ("sarnia", "kestrian_duchy")
    assert issue.rule == "12.16"


def test_12_20_setup_tie_on_a_magnates_area(default: Scenario) -> None:
    default.setup.areas["dravia"].attributes["ties"] = ["sarnian_league"]
    issue = the(validate(default), "TIE_ON_MAGNATE_AREA")
    assert issue.severity is Severity.WARNING
    assert "count_of_dravia" in issue.message


def test_12_tie_by_the_owner(default: Scenario) -> None:
    default.setup.areas["westmarch"].attributes["ties"] = ["aldmoor_kingdom"]
    assert the(validate(default), "TIE_BY_OWNER").ids == ("westmarch", "aldmoor_kingdom")


def test_12_tie_naming_an_unknown_empire(default: Scenario) -> None:
    default.setup.areas["marrach"].attributes["ties"] = ["kestrian_duchy", "atlantis"]
    issue = the(validate(default), "TIE_UNKNOWN_EMPIRE")
    assert issue.ids == ("marrach", "atlantis")
    assert issue.path == "setup.areas.marrach.attributes.ties"


def test_18_claim_naming_an_unknown_empire(default: Scenario) -> None:
    default.setup.areas["lowen"].attributes["claims"] = ["rome"]
    assert the(validate(default), "CLAIM_UNKNOWN_EMPIRE").rule == "18"


def test_10_33_partial_conquest_by_an_unknown_empire(default: Scenario) -> None:
    default.setup.areas["veluna"].attributes["partial_conquest"] = {"huns": 1}
    assert the(validate(default), "CONQUEST_UNKNOWN_EMPIRE").ids == ("veluna", "huns")


def test_16_0_negative_treasury(default: Scenario) -> None:
    default.setup.empires[2].attributes["treasury"] = -3
    issues = validate(default)
    issue = the(issues, "VALUE_OUT_OF_RANGE")
    assert issue.path == "setup.empires[2].attributes.treasury"
    assert issue.rule == "16.0" and "below the minimum 0" in issue.message
    assert not [i for i in issues if i.code == "ATTRIBUTE_INVALID"]


def test_2_0_sea_area_with_an_owner(default: Scenario) -> None:
    default.setup.areas["mirror_bay"] = AreaSetup(owner="sarnian_league")
    issue = the(validate(default), "SEA_AREA_OWNED")
    assert issue.path == "setup.areas.mirror_bay"


def test_2_0_land_area_without_language_or_religion(default: Scenario) -> None:
    del default.area("halden").attributes["language"]
    del default.area("halden").attributes["religion"]
    issues = validate(default)
    assert the(issues, "LANGUAGE_MISSING").path == "map.areas[11].attributes.language"
    assert the(issues, "RELIGION_MISSING").ids == ("halden",)


def test_every_eotma_code_is_documented_with_its_rule() -> None:
    for code, (severity, text) in CODES.items():
        assert isinstance(severity, Severity)
        assert "(" in text and text.endswith(")."), code  # the rule number, in brackets
