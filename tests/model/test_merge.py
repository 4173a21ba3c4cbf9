"""``model.merge``: independent edits merge into what making both in sequence gives; conflicts keep
ours, are recorded in the file and listed by the validator, and the result always loads."""

from __future__ import annotations

from collections.abc import Callable

from model import io, ops
from model.merge import merge_scenarios
from model.scenario import Scenario
from model.validate import validate
from tests.model.conftest import grid_scenario

Edit = Callable[[Scenario], object]


def _ours(scenario: Scenario) -> None:
    """One author: splits a00, bends the border between a01 and a02, recolours Westria, gives a12 away."""
    ops.split_area(scenario, "a00", [(-1, 5), (11, 5)], name="North Land")
    next(b for b in scenario.map.boundaries if b.id == "v02").points = [(20, 0), (22.5, 5), (20, 10)]
    ops.set_empire_fields(scenario, "e1", colour="#bb0000")
    ops.set_owner(scenario, "a12", "e2")


def _theirs(scenario: Scenario) -> None:
    """The other: splits a22, renames a00, sets attributes of a02 (whose shape ours changed),
    renames Eastria and places an army."""
    ops.split_area(scenario, "a22", [(19, 25), (31, 25)], name="South Land")
    ops.set_area_fields(scenario, "a00", name="Old March")
    scenario.area("a02").attributes["population"] = 3
    ops.set_empire_fields(scenario, "e2", name="East Realm")
    ops.place_unit(scenario, "army", "e2", "a02")


def _edited(*edits: Edit) -> Scenario:
    scenario = grid_scenario()
    for edit in edits:
        edit(scenario)
    return scenario


def test_independent_edits_merge_into_both_made_in_sequence() -> None:
    base, ours, theirs = grid_scenario(), _edited(_ours), _edited(_theirs)
    result = merge_scenarios(base, ours, theirs)
    assert result.clean
    assert io.dumps(result.scenario) == io.dumps(_edited(_ours, _theirs))
    # Both splits made id a100 from the same serial: theirs' moved past ours', as in sequence.
    assert result.scenario.area("a100").name == "North Land"
    assert result.scenario.area("a104").name == "South Land"  # ours used serials 100 to 103


def test_the_merge_is_the_same_whichever_side_is_ours_for_independent_edits() -> None:
    base = grid_scenario()
    merged = merge_scenarios(base, _edited(_theirs), _edited(_ours)).scenario
    assert io.dumps(merged) == io.dumps(_edited(_theirs, _ours))


def test_conflicting_edits_keep_ours_and_are_recorded_and_listed() -> None:
    base = grid_scenario()
    ours = _edited(lambda s: ops.set_area_fields(s, "a00", name="Ours"))
    ours.area("a01").attributes["population"] = 3
    theirs = _edited(lambda s: ops.set_area_fields(s, "a00", name="Theirs"))
    theirs.area("a01").attributes["population"] = 4
    theirs.area("a02").attributes["population"] = 2  # no conflict: merged
    result = merge_scenarios(base, ours, theirs)
    assert [(c.path, c.ids, c.base, c.ours, c.theirs) for c in result.conflicts] == [
        ("map.areas[id=a00].name", ["a00"], "Land 00", "Ours", "Theirs"),
        ("map.areas[id=a01].attributes.population", ["a01"], None, 3, 4),
    ]
    merged = io.loads(io.dumps(result.scenario))  # the file loads
    assert merged.area("a00").name == "Ours"
    assert merged.area("a01").attributes["population"] == 3
    assert merged.area("a02").attributes["population"] == 2
    assert len(merged.conflicts) == 2
    listed = [i for i in validate(merged) if i.code == "MERGE_CONFLICT"]
    assert [(i.ids, i.path, i.severity.value) for i in listed] == [
        (("a00",), "conflicts[0]", "warning"),
        (("a01",), "conflicts[1]", "warning"),
    ]
    assert listed[0].message == (
        "merge conflict at map.areas[id=a00].name: both versions changed it, differently (kept ours) "
        '(kept ours: "Ours"; theirs: "Theirs"; base: "Land 00")'
    )


def test_a_unit_placed_in_an_area_the_other_deleted_is_a_conflict() -> None:
    base = grid_scenario()
    ours = _edited(lambda s: ops.delete_area(s, "a11"))
    theirs = _edited(lambda s: ops.place_unit(s, "army", "e1", "a11"))
    result = merge_scenarios(base, ours, theirs)
    assert [(c.path, c.ids) for c in result.conflicts] == [("(merged file)", ["a11", "u100"])]
    assert "UNKNOWN_REFERENCE" in result.conflicts[0].message
    io.loads(io.dumps(result.scenario))


def test_borders_that_cross_once_merged_keep_ours_linework() -> None:
    base = grid_scenario()
    ours = _edited(lambda s: setattr(_boundary(s, "v01"), "points", [(10, 0), (14, 5), (10, 10)]))
    theirs = _edited(lambda s: setattr(_boundary(s, "v02"), "points", [(20, 0), (12, 5), (20, 10)]))
    result = merge_scenarios(base, ours, theirs)
    assert [c.path for c in result.conflicts] == ["map.boundaries"]
    assert "BOUNDARY_CROSSING" in result.conflicts[0].message
    assert io.dumps(result.scenario.model_copy(update={"conflicts": []})) == io.dumps(ours)
    assert not [i for i in validate(result.scenario) if i.code == "BOUNDARY_CROSSING"]


def _boundary(scenario: Scenario, boundary_id: str) -> object:
    return next(b for b in scenario.map.boundaries if b.id == boundary_id)


def test_conflicts_already_in_the_files_are_kept() -> None:
    base = grid_scenario()
    ours = _edited(lambda s: ops.set_area_fields(s, "a00", name="Ours"))
    theirs = _edited(lambda s: ops.set_area_fields(s, "a00", name="Theirs"))
    first = merge_scenarios(base, ours, theirs).scenario
    again = merge_scenarios(base, first, theirs)
    assert [c.path for c in again.scenario.conflicts] == ["map.areas[id=a00].name"] * 2
