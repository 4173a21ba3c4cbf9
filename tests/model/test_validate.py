"""The core validator: one test per check, on the bundled default scenario or the 3 x 3 grid."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model import io, validate
from model.graph import MapGraphs
from model.issues import Issue, Severity
from model.scenario import (
    Area,
    AreaKind,
    AreaSetup,
    Boundary,
    Connection,
    ConnectionKind,
    Language,
    Religion,
    Scenario,
    Unit,
)
from model.topology import Topology
from model.validate import runner

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "default.mappa.json"


@pytest.fixture
def default() -> Scenario:
    """A fresh copy of the bundled default scenario."""
    return io.load(DEFAULT)


def only(issues: list[Issue], code: str) -> list[Issue]:
    """The issues with this code."""
    return [i for i in issues if i.code == code]


def the(issues: list[Issue], code: str) -> Issue:
    """The single issue with this code (fails when there are none or several)."""
    found = only(issues, code)
    assert len(found) == 1, f"expected one {code}, got {[(i.code, i.message) for i in issues]}"
    return found[0]


def assert_documented(issues: list[Issue]) -> None:
    """Every issue's code is documented, with the severity it is emitted at."""
    documented = validate.all_codes()
    for item in issues:
        assert item.code in documented, item.code
        assert documented[item.code][0] is item.severity, item.code


def square(x: float, y: float, size: float = 10.0) -> list[Boundary]:
    """A closed square ring as one boundary, for areas placed apart from the grid."""
    points = [(x, y), (x + size, y), (x + size, y + size), (x, y + size), (x, y)]
    return [Boundary(id=f"sq_{int(x)}_{int(y)}", points=points)]


# --- the shipped scenarios -----------------------------------------------------------------------


def test_default_scenario_has_no_issue_at_all(default: Scenario) -> None:
    assert validate.validate(default) == []


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.mappa.json")), ids=lambda p: p.name)
def test_every_shipped_scenario_has_no_error(path: Path) -> None:
    issues = validate.validate(io.load(path))
    assert [i for i in issues if i.severity is Severity.ERROR] == []


def test_grid_fixture_has_only_warnings_about_what_it_leaves_out(grid: Scenario) -> None:
    issues = validate.validate(grid)
    assert {i.code for i in issues} == {"LANGUAGE_MISSING", "RELIGION_MISSING", "UNITS_OPTION_OFF"}


# --- linework, faces, anchors --------------------------------------------------------------------


def test_gap_is_reported_at_the_empty_face(grid: Scenario) -> None:
    grid.map.areas = [a for a in grid.map.areas if a.id != "a11"]
    issue = the(validate.validate(grid), "AREA_GAP")
    assert issue.severity is Severity.ERROR
    assert issue.location is not None
    x, y = issue.location
    assert 10 < x < 20 and 10 < y < 20  # inside the cell that lost its area


def test_face_with_anchors_of_two_areas(grid: Scenario) -> None:
    grid.map.areas[0].anchors.append((15.0, 15.0))  # a00 also claims a11's square
    issue = the(validate.validate(grid), "AREA_SHARED_FACE")
    assert set(issue.ids) == {"a00", "a11"}
    assert "'Land 00' (a00)" in issue.message and "'Land 11' (a11)" in issue.message


def test_anchor_outside_every_face(grid: Scenario) -> None:
    grid.map.areas[4].anchors.append((-50.0, -50.0))
    issue = the(validate.validate(grid), "ANCHOR_OUTSIDE")
    assert issue.ids == ("a11",)
    assert issue.path == "map.areas[4].anchors[1]"
    assert issue.location == (-50.0, -50.0)


def test_self_crossing_boundary(grid: Scenario) -> None:
    grid.map.boundaries.append(Boundary(id="knot", points=[(2, 2), (8, 8), (8, 2), (2, 8)]))
    issue = the(validate.validate(grid), "BOUNDARY_SELF_CROSSING")
    assert issue.ids == ("knot",)
    assert issue.location == pytest.approx((5.0, 5.0))


def test_crossing_boundaries(grid: Scenario) -> None:
    grid.map.boundaries += [
        Boundary(id="across", points=[(0, 5), (10, 5)]),
        Boundary(id="down", points=[(5, 0), (5, 10)]),
    ]
    issues = only(validate.validate(grid), "BOUNDARY_CROSSING")
    assert any({"across", "down"} <= set(i.ids) for i in issues)


def test_dangling_boundary(grid: Scenario) -> None:
    grid.map.boundaries.append(Boundary(id="spur", points=[(0, 0), (5, 5)]))
    issue = the(validate.validate(grid), "BOUNDARY_DANGLING")
    assert issue.ids == ("spur",)
    assert issue.severity is Severity.WARNING


def test_isolated_area_is_a_warning(grid: Scenario) -> None:
    grid.map.boundaries += square(100, 100)
    grid.map.areas.append(Area(id="far", name="Far Isle", anchors=[(105.0, 105.0)]))
    issue = the(validate.validate(grid), "AREA_ISOLATED")
    assert issue.ids == ("far",)
    assert issue.location == (105.0, 105.0)
    assert issue.severity is Severity.WARNING


def test_sea_touching_no_land(grid: Scenario) -> None:
    grid.map.boundaries += [
        Boundary(id="west", points=[(110, 100), (100, 100), (100, 110), (110, 110)]),
        Boundary(id="east", points=[(110, 100), (120, 100), (120, 110), (110, 110)]),
        Boundary(id="mid", points=[(110, 100), (110, 110)]),
    ]
    grid.map.areas += [
        Area(id="deep1", name="Deep One", kind=AreaKind.SEA, anchors=[(105.0, 105.0)]),
        Area(id="deep2", name="Deep Two", kind=AreaKind.SEA, anchors=[(115.0, 105.0)]),
    ]
    issues = validate.validate(grid)
    assert {i.ids for i in only(issues, "SEA_NO_COAST")} == {("deep1",), ("deep2",)}
    assert not only(issues, "AREA_ISOLATED")


def test_empty_map_is_a_warning_not_a_crash(grid: Scenario) -> None:
    grid.map.areas = []
    grid.map.boundaries = []
    grid.setup.areas = {}
    grid.setup.units = []
    grid.setup.empires = []
    issues = validate.validate(grid)
    assert the(issues, "MAP_EMPTY").severity is Severity.WARNING
    assert_documented(issues)


# --- ids and names -------------------------------------------------------------------------------


def test_duplicate_id_across_object_kinds(default: Scenario) -> None:
    default.setup.units[0].id = "aldmoor"  # the id of an area
    issue = the(validate.validate(default), "DUPLICATE_ID")
    assert issue.ids == ("aldmoor",)
    # the objects in the author's words; where the second one is stays in the path
    assert issue.message == (
        "id 'aldmoor' is used by the area 'Aldmoor' and by a unit: give one of them a new id"
    )
    assert issue.path == "setup.units[0]"


def test_unknown_references_name_the_field(default: Scenario) -> None:
    default.setup.units[0].area = "atlantis"
    default.setup.units[1].owner = "nobody"
    default.map.connections[0].b = "nowhere"
    default.setup.areas["ghost"] = AreaSetup(owner="aldmoor_kingdom")
    default.setup.areas["halden"].owner = "pretender"
    default.catalogs.languages.append(Language(id="gothic", name="Gothic", family="germanic"))
    default.catalogs.religions.append(Religion(id="arian", name="Arian", group="heresies"))
    default.map.areas[0].attributes["language"] = "elvish"
    default.setup.empires[0].attributes["court"] = "camelot"
    paths = {i.path: i for i in only(validate.validate(default), "UNKNOWN_REFERENCE")}
    assert set(paths) == {
        "setup.units[0].area",
        "setup.units[1].owner",
        "map.connections[0].b",
        "setup.areas.ghost",
        "setup.areas.halden.owner",
        "catalogs.languages[4].family",
        "catalogs.religions[3].group",
        "map.areas[0].attributes.language",
        "setup.empires[0].attributes.court",
    }
    assert "'atlantis'" in paths["setup.units[0].area"].message
    assert "atlantis" in paths["setup.units[0].area"].ids


def test_unknown_catalog_parents_are_named_by_kind(default: Scenario) -> None:
    default.catalogs.languages.append(Language(id="gothic", name="Gothic", family="germanic"))
    default.catalogs.religions.append(Religion(id="arian", name="Arian", group="heresies"))
    found = {i.path: i for i in only(validate.validate(default), "UNKNOWN_REFERENCE")}
    language, religion = found["catalogs.languages[4].family"], found["catalogs.religions[3].group"]
    assert language.message == (
        "language 'gothic' names 'germanic', which is no language family: pick an existing one or add it"
    )
    assert language.ids == ("gothic", "germanic")
    assert religion.message == (
        "religion 'arian' names 'heresies', which is no religion group: pick an existing one or add it"
    )
    assert religion.ids == ("arian", "heresies")


def test_missing_and_duplicate_names(default: Scenario) -> None:
    default.map.areas[0].name = "  "
    default.map.areas[2].name = "Aldmoor"
    default.setup.empires[1].name = ""
    issues = validate.validate(default)
    missing = {i.path for i in only(issues, "NAME_MISSING")}
    assert missing == {"map.areas[0].name", "setup.empires[1].name"}
    assert set(the(issues, "NAME_DUPLICATE").ids) == {"aldmoor", "brennland"}


# --- connections ---------------------------------------------------------------------------------


def _connect(scenario: Scenario, cid: str, a: str, b: str, kind: str, **extra: object) -> None:
    scenario.map.connections.append(Connection(id=cid, a=a, b=b, kind=ConnectionKind(kind), **extra))


def test_connection_to_itself(default: Scenario) -> None:
    _connect(default, "loop", "lowen", "lowen", "sea_lane")
    assert the(validate.validate(default), "CONNECTION_SELF").ids == ("loop", "lowen")


def test_duplicate_connection(default: Scenario) -> None:
    _connect(default, "again", "corvant", "lowen", "strait")  # same pair as corvant_strait, reversed
    issue = the(validate.validate(default), "CONNECTION_DUPLICATE")
    assert "corvant_strait" in issue.message and "again" in issue.message


def test_one_way_connection_is_a_warning(default: Scenario) -> None:
    default.map.connections[0].one_way = True
    issue = the(validate.validate(default), "CONNECTION_ONE_WAY")
    assert issue.path == "map.connections[0].one_way"
    assert issue.severity is Severity.WARNING


def test_strait_between_two_seas_makes_no_sense(default: Scenario) -> None:
    _connect(default, "wet", "western_ocean", "mirror_bay", "strait")
    issue = the(validate.validate(default), "CONNECTION_KIND_MISMATCH")
    assert issue.path == "map.connections[1].kind"
    assert "make it a sea lane" in issue.message  # says what to do, in words


def test_sea_lane_between_two_lands_makes_no_sense(default: Scenario) -> None:
    _connect(default, "dry", "westmarch", "halden", "sea_lane")
    assert the(validate.validate(default), "CONNECTION_KIND_MISMATCH").ids[0] == "dry"


def test_strait_between_neighbours_is_redundant(default: Scenario) -> None:
    _connect(default, "moot", "aldmoor", "westmarch", "strait")
    issue = the(validate.validate(default), "CONNECTION_REDUNDANT")
    assert issue.ids == ("moot", "aldmoor", "westmarch")


def test_sea_lane_along_a_shared_coast_is_redundant(default: Scenario) -> None:
    _connect(default, "lane", "lowen", "western_ocean", "sea_lane")
    assert (
        "sea lane between areas that already share a border"
        in the(validate.validate(default), "CONNECTION_REDUNDANT").message
    )


def test_impassable_and_connected_conflict(default: Scenario) -> None:
    _connect(default, "wall", "lowen", "corvant", "impassable")
    issues = validate.validate(default)
    assert set(the(issues, "CONNECTION_CONFLICT").ids) == {"corvant", "lowen"}


# --- ruleset data --------------------------------------------------------------------------------


def test_unknown_ruleset(default: Scenario) -> None:
    default.ruleset.id = "chess"
    issues = validate.validate(default)
    issue = the(issues, "RULESET_UNKNOWN")
    assert issue.path == "ruleset.id" and "eotma" in issue.message
    assert not only(issues, "ATTRIBUTE_INVALID")


def test_attribute_of_wrong_type_names_its_json_path(default: Scenario) -> None:
    default.map.areas[3].attributes["population"] = "many"
    default.map.areas[3].attributes["colour_of_sky"] = "blue"
    default.ruleset.options["armies_fleets"] = "yes please"
    issues = only(validate.validate(default), "ATTRIBUTE_INVALID")
    paths = {i.path for i in issues}
    assert paths == {
        "map.areas[3].attributes.population",
        "map.areas[3].attributes.colour_of_sky",
        "ruleset.options.armies_fleets",
    }
    assert all(i.ids == ("kestria",) for i in issues if i.path.startswith("map.areas[3]"))


def test_population_out_of_the_limits_table_is_reported_once(default: Scenario) -> None:
    default.map.areas[0].attributes["population"] = 7
    default.map.areas[1].attributes["population"] = -9
    issues = validate.validate(default)
    found = {i.ids: i for i in only(issues, "POPULATION_OUT_OF_RANGE")}
    assert set(found) == {("westmarch",), ("aldmoor",)}
    assert "-2..3" in found[("westmarch",)].message
    assert found[("westmarch",)].rule == "HOUSE DEFAULT 7"
    assert not only(issues, "ATTRIBUTE_INVALID")


def test_social_state_range_16_11(default: Scenario) -> None:
    default.setup.areas["aldmoor"].attributes["social_state"] = 4
    issues = validate.validate(default)
    issue = the(issues, "SOCIAL_STATE_OUT_OF_RANGE")
    assert issue.path == "setup.areas.aldmoor.attributes.social_state"
    assert issue.rule == "16.11"
    assert not only(issues, "ATTRIBUTE_INVALID")


def test_a_scenario_override_of_the_limits_table_is_used(default: Scenario) -> None:
    default.ruleset.tables["limits"] = {"population": {"applies_to": "area", "min": 0, "max": 1}}
    issues = only(validate.validate(default), "POPULATION_OUT_OF_RANGE")
    assert {i.ids[0] for i in issues} == {"aldmoor", "kestria", "veluna", "sarnia", "dravia", "halden"}


def test_a_malformed_limits_override_is_reported(default: Scenario) -> None:
    default.ruleset.tables["limits"] = {"population": {"min": "low"}}
    issue = the(validate.validate(default), "TABLE_INVALID")
    assert issue.path == "ruleset.tables.limits.population"


def test_unit_strength_range_comes_from_the_unit_kind(default: Scenario) -> None:
    default.setup.units[0].strength = -1
    issue = the(validate.validate(default), "UNIT_STRENGTH_OUT_OF_RANGE")
    assert issue.path == "setup.units[0].strength"
    assert issue.rule == "33.31" and "1..4" in issue.message


def test_unit_of_unknown_kind(default: Scenario) -> None:
    default.setup.units[0].kind = "dragon"
    issue = the(validate.validate(default), "UNIT_KIND_UNKNOWN")
    assert "army, fleet" in issue.message


def test_army_at_sea(default: Scenario) -> None:
    default.setup.units.append(Unit(id="raft", kind="army", owner="aldmoor_kingdom", area="western_ocean"))
    issue = the(validate.validate(default), "UNIT_AREA_KIND")
    assert issue.ids == ("raft", "western_ocean")


# --- never raises --------------------------------------------------------------------------------


def test_a_crashing_check_becomes_one_internal_error(
    default: Scenario, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(context: object) -> list[Issue]:
        raise ZeroDivisionError("boom")

    checks = [(name, broken if name == "names" else fn) for name, fn in runner.CHECKS]
    monkeypatch.setattr(runner, "CHECKS", checks)
    default.setup.units[0].strength = 9
    issues = validate.validate(default)
    internal = the(issues, "INTERNAL_ERROR")
    assert "'names'" in internal.message and "boom" in internal.message
    assert the(issues, "UNIT_STRENGTH_OUT_OF_RANGE")  # the other checks still ran


def test_a_crashing_topology_is_reported_once(default: Scenario, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(map_data: object) -> Topology:
        raise RuntimeError("no faces today")

    monkeypatch.setattr(Topology, "build", broken)
    issues = validate.validate(default)
    internal = the(issues, "INTERNAL_ERROR")
    assert "'topology'" in internal.message


def test_prebuilt_topology_and_graphs_give_the_same_issues(default: Scenario) -> None:
    default.map.areas[0].anchors.append((-5.0, -5.0))
    topology = Topology.build(default.map)
    graphs = MapGraphs.from_scenario(default, topology)
    assert validate.validate(default, topology=topology, graphs=graphs) == validate.validate(default)


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(area=_json, setup=_json, empire=_json, options=_json)
def test_arbitrary_attribute_values_never_raise(
    default: Scenario, area: object, setup: object, empire: object, options: object
) -> None:
    scenario = default.model_copy(deep=True)
    scenario.map.areas[0].attributes = {"population": area, "language": area, "x": setup}
    scenario.setup.areas["aldmoor"].attributes = {"ties": setup, "social_state": setup, "claims": area}
    scenario.setup.empires[0].attributes = {"court": empire, "leader": empire, "treasury": empire}
    scenario.ruleset.options = {"armies_fleets": options}
    issues = validate.validate(scenario)
    assert not only(issues, "INTERNAL_ERROR"), [i.message for i in only(issues, "INTERNAL_ERROR")]
    assert_documented(issues)


def test_codes_are_documented_and_listed() -> None:
    codes = validate.all_codes()
    assert set(validate.CODES) <= set(codes)
    assert codes["COURT_MISSING"][2] == "eotma"  # ruleset codes are merged in, with their origin
    for code, (severity, text, origin) in codes.items():
        assert isinstance(severity, Severity) and text
        if origin in ("core", "eotma"):
            assert code.isupper() and text.endswith("."), code


def test_issues_about_objects_get_a_map_point_to_zoom_to(default: Scenario) -> None:
    default.setup.units[2].id = "westmarch"  # DUPLICATE_ID names the unit's id, reported at the unit
    del default.setup.empires[1].attributes["court"]
    issues = validate.validate(default)
    assert the(issues, "DUPLICATE_ID").location == default.area("westmarch").anchors[0]
    kestrian_areas = [a for a, s in default.setup.areas.items() if s.owner == "kestrian_duchy"]
    location = the(issues, "COURT_MISSING").location
    assert location in [default.area(a).anchors[0] for a in kestrian_areas]
    assert all(i.location is not None for i in issues)
