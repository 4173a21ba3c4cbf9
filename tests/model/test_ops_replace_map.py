"""``replace_map``: a generated map replaces the scenario's map in one step, undone exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from model import io, ops
from model.generate import generate_files
from model.projection import BBox
from model.scenario import Catalogs, MapData, Scenario, Underlay
from model.validate import validate

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "generate"


@pytest.fixture(scope="module")
def generated() -> Scenario:
    return generate_files(
        DATA / "land.geojson",
        DATA / "regions.csv",
        DATA / "seas.csv",
        DATA / "straits.csv",
        DATA / "catalogs.json",
        bbox=BBox(-1, 39, 12, 47),
    ).scenario


@pytest.fixture
def scenario() -> Scenario:
    return io.load(ROOT / "scenarios" / "default.mappa.json")


def test_replace_map_applies_and_reverts_exactly(scenario: Scenario, generated: Scenario) -> None:
    before = scenario.model_dump()
    old_map = scenario.map
    setup = scenario.setup.model_dump()
    new = generated.map.model_copy(deep=True)

    change = ops.replace_map(scenario, new, generated.catalogs, "Generate the map")

    assert scenario.map is old_map, "patched in place: views holding the map stay valid"
    after = scenario.map.model_dump()
    assert after == generated.map.model_dump()
    assert scenario.catalogs.model_dump() == generated.catalogs.model_dump()
    assert scenario.setup.model_dump() == setup, "the setup is kept as it is"
    assert scenario.next_serial >= generated.next_serial
    assert change.description == "Generate the map"
    assert {"west", "isle", "westmarch"} <= change.touched.areas
    assert "isle-strait" in change.touched.connections

    redo = change.revert(scenario)
    assert scenario.model_dump() == before
    assert scenario.map is old_map
    redo.revert(scenario)
    assert scenario.map.model_dump() == after


def test_catalogs_stay_unless_given(scenario: Scenario, generated: Scenario) -> None:
    catalogs = scenario.catalogs.model_dump()
    ops.replace_map(scenario, generated.map.model_copy(deep=True))
    assert scenario.catalogs.model_dump() == catalogs


def test_setup_naming_lost_areas_is_kept_and_flagged(scenario: Scenario, generated: Scenario) -> None:
    new = generated.map.model_copy(deep=True)
    left = ops.areas_left_behind(scenario, new)
    assert "start of area aldmoor" in left
    assert "empire aldmoor_kingdom: court aldmoor" in left
    assert any(line.startswith("unit ") for line in left)
    units = scenario.setup.model_dump()["units"]

    ops.replace_map(scenario, new, generated.catalogs)

    assert scenario.setup.model_dump()["units"] == units
    errors = [issue.code for issue in validate(scenario) if issue.severity == "error"]
    assert errors == ["UNKNOWN_REFERENCE"] * len(left), "the validator flags each entry left behind"
    assert ops.areas_left_behind(scenario, new) == []


def test_underlays_stay_unless_the_new_map_brings_some(scenario: Scenario, generated: Scenario) -> None:
    picture = Underlay(id="picture", kind="image", source="old.png")
    scenario.map.underlays.append(picture)
    ops.replace_map(scenario, generated.map.model_copy(deep=True))
    assert scenario.map.underlays == [picture]


def test_ids_used_twice_are_refused_before_any_change(scenario: Scenario, generated: Scenario) -> None:
    data = generated.map.model_dump()
    data["areas"][0]["id"] = "aldmoor_kingdom"  # an empire's id
    before = scenario.model_dump()
    with pytest.raises(ops.PreconditionError, match="aldmoor_kingdom"):
        ops.replace_map(scenario, MapData.model_validate(data))
    catalogs = Catalogs.model_validate({"languages": [{"id": "west", "name": "West"}]})
    with pytest.raises(ops.PreconditionError, match="west"):
        ops.replace_map(scenario, generated.map.model_copy(deep=True), catalogs)
    assert scenario.model_dump() == before


def test_next_serial_moves_past_the_new_ids(generated: Scenario) -> None:
    scenario = Scenario.model_validate({"metadata": {"title": "Blank"}})
    change = ops.replace_map(scenario, generated.map.model_copy(deep=True))
    serials = [int(b.id.removeprefix("line-")) for b in generated.map.boundaries]
    assert scenario.next_serial > max(serials)
    change.revert(scenario)
    assert scenario.next_serial == 1
