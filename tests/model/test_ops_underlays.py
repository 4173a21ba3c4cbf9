"""Underlays: add, edit, remove as reverting changes; basemap land placed on the map's plane."""

from __future__ import annotations

from pathlib import Path

import pytest
import shapely

from model import io, ops
from model.scenario import Bounds, MapData, Metadata, Scenario
from model.underlay import (
    SHIPPED_BASEMAP,
    UnderlayError,
    coastline,
    fit_into,
    place_land,
    resolve_source,
    source_for,
    transformed,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def scenario() -> Scenario:
    return io.load(ROOT / "scenarios" / "default.mappa.json")


def test_add_set_remove_underlay_revert_exactly(scenario: Scenario) -> None:
    before = io.dumps(scenario)
    added = ops.add_underlay(scenario, "image", "pictures/old-map.png", opacity=0.5)
    underlay_id = added.new_id
    assert scenario.map.underlays[0].source == "pictures/old-map.png"
    after_add = io.dumps(scenario)
    moved = ops.set_underlay(scenario, underlay_id, x=12.5, y=-4.0, scale=2.0, opacity=0.25)
    assert (scenario.map.underlays[0].x, scenario.map.underlays[0].scale) == (12.5, 2.0)
    moved.revert(scenario)
    assert io.dumps(scenario) == after_add
    removed = ops.remove_underlay(scenario, underlay_id)
    assert scenario.map.underlays == []
    removed.revert(scenario)
    assert io.dumps(scenario) == after_add
    added.revert(scenario)
    assert io.dumps(scenario) == before


def test_bad_underlay_values_are_refused(scenario: Scenario) -> None:
    before = io.dumps(scenario)
    with pytest.raises(ops.PreconditionError, match="cannot add the underlay"):
        ops.add_underlay(scenario, "video", "x.mp4")
    with pytest.raises(ops.PreconditionError, match="needs a source file"):
        ops.add_underlay(scenario, "image", " ")
    underlay_id = ops.add_underlay(scenario, "image", "a.png").new_id
    with pytest.raises(ops.InvalidValueError, match="opacity"):
        ops.set_underlay(scenario, underlay_id, opacity=1.5)
    with pytest.raises(ops.InvalidValueError, match="scale"):
        ops.set_underlay(scenario, underlay_id, scale=0)
    with pytest.raises(ops.PreconditionError, match="no editable field 'kind'"):
        ops.set_underlay(scenario, underlay_id, kind="basemap")
    with pytest.raises(ops.UnknownIdError, match="no underlay with id 'nope'"):
        ops.remove_underlay(scenario, "nope")
    assert len(scenario.map.underlays) == 1
    del before


def test_shipped_basemap_fits_a_map_without_projection(scenario: Scenario) -> None:
    path = resolve_source(SHIPPED_BASEMAP, None)
    assert path.is_file()
    assert source_for(path, None) == SHIPPED_BASEMAP
    placed = place_land(path, scenario.map)
    assert placed.fit is not None
    x, y, scale = placed.fit
    moved = transformed(placed.land, x, y, scale)
    min_x, min_y, max_x, max_y = moved.bounds
    bounds = scenario.map.bounds
    assert bounds is not None
    assert min_x >= bounds.min_x - 1e-6 and max_x <= bounds.max_x + 1e-6
    assert min_y >= bounds.min_y - 1e-6 and max_y <= bounds.max_y + 1e-6
    assert fit_into((0, 0, 10, 10), Bounds(min_x=0, min_y=0, max_x=100, max_y=50)) == (25.0, 0.0, 5.0)


def test_projected_map_uses_its_projection() -> None:
    europe = io.load(ROOT / "scenarios" / "medieval-europe-771.mappa.json")
    placed = place_land(resolve_source(SHIPPED_BASEMAP, None), europe.map)
    assert placed.fit is None
    # The map's areas were made from the same land: most land anchors lie on the basemap's land.
    lands = [a for a in europe.map.areas if a.kind.value == "land"]
    xs = [a.anchors[0][0] for a in lands]
    ys = [a.anchors[0][1] for a in lands]
    inside = shapely.contains_xy(placed.land.buffer(20), xs, ys)
    assert inside.sum() / len(lands) > 0.9


def test_coastline_linework_is_one_reverting_change(tmp_path: Path) -> None:
    blank = Scenario(
        metadata=Metadata(title="Blank"),
        map=MapData(bounds=Bounds(min_x=0, min_y=0, max_x=1600, max_y=1000), grid=0.5),
    )
    placed = place_land(resolve_source(SHIPPED_BASEMAP, None), blank.map)
    assert placed.fit is not None
    land = transformed(placed.land, *placed.fit)
    lines = coastline(land.simplify(2.0), blank.map.bounds, blank.map.grid)
    assert len(lines) > 10
    before = io.dumps(blank)
    change = ops.add_linework(blank, lines)
    assert len(blank.map.boundaries) >= len(lines) - change.skipped  # type: ignore[attr-defined]
    after = io.dumps(blank)
    redo = change.revert(blank)
    assert io.dumps(blank) == before
    redo.revert(blank)
    assert io.dumps(blank) == after
    with pytest.raises(ops.PreconditionError, match="no coastline"):
        ops.add_linework(blank, [])


def test_unreadable_basemap_is_reported(tmp_path: Path, scenario: Scenario) -> None:
    bad = tmp_path / "bad.geojson"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(UnderlayError, match=r"bad\.geojson: not a GeoJSON or TopoJSON file"):
        place_land(bad, scenario.map)
