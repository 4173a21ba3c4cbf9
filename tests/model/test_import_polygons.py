"""Polygon import on data as authors have it: gaps between traced shapes, pixels, sea flags, titles.

The fixtures are made by ``tests/data/polyimport/make_fixtures.py`` (its docstring draws the
layout of ``pixel-gaps.geojson`` and lists the nine pairs of neighbours built into it).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import shapely

from model import io
from model.exchange import run_import
from model.importers import ImportOptions, SourceError, import_file
from model.importers.gaps import nice_up, touch_summary
from model.issues import Severity
from model.scenario import AreaKind, Scenario
from model.topology import Topology
from model.validate import validate

DATA = Path(__file__).resolve().parents[1] / "data" / "polyimport"
PIXELS = DATA / "pixel-gaps.geojson"
WIDE = DATA / "wide-planar.geojson"
LONLAT = DATA / "lonlat-coast.geojson"

EXPECTED_PAIRS = {
    frozenset(pair)
    for pair in [
        ("Avalon", "Brena"),
        ("Brena", "Corsa"),
        ("Avalon", "Dunmore"),
        ("Brena", "Dunmore"),
        ("Brena", "Elmet"),
        ("Corsa", "Elmet"),
        ("Dunmore", "Elmet"),
        ("Dunmore", "Western Sea"),
        ("Elmet", "Western Sea"),
    ]
}
"""The neighbours drawn into pixel-gaps.geojson (see make_fixtures.py)."""


def named_pairs(scenario: Scenario) -> set[frozenset[str]]:
    """The pairs of area names that share a border."""
    names = {area.id: area.name for area in scenario.map.areas}
    return {frozenset(names[i] for i in pair) for pair in Topology.build(scenario.map).adjacency()}


def file_errors(scenario: Scenario) -> list[str]:
    """The validator's errors on the scenario as a file holds it (saved and read back)."""
    again = io.loads(io.dumps(scenario))
    return [f"{i.code}: {i.message}" for i in validate(again) if i.severity is Severity.ERROR]


def anchors_y(scenario: Scenario, name: str) -> float:
    (area,) = [a for a in scenario.map.areas if a.name == name]
    return area.anchors[0][1]


# --- gaps ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("grid", [None, 1.0, 3.0])
def test_close_gaps_gives_exactly_the_neighbours_drawn(grid: float | None) -> None:
    result = run_import("geojson", PIXELS, ImportOptions(close_gaps=2.5, flip_y=True, grid=grid))
    assert named_pairs(result.scenario) == EXPECTED_PAIRS
    assert [a.name for a in result.scenario.map.areas] == [
        "Avalon",
        "Brena",
        "Corsa",
        "Dunmore",
        "Elmet",
        "Western Sea",
    ]  # the gaps became no "Water N" area
    assert file_errors(result.scenario) == []
    assert any(n.startswith("closing gaps up to 2.5 units: 5 of 6 shapes") for n in result.notes)


def test_closing_gaps_does_not_move_the_coast() -> None:
    source = json.loads(PIXELS.read_text())
    sea = shapely.geometry.shape(source["features"][5]["geometry"])
    result = import_file("geojson", PIXELS, ImportOptions(close_gaps=2.5, flip_y=True, grid=0.5))
    shape = Topology.build(result.scenario.map).area_geometry("western_sea")
    assert shape is not None
    # The sea's bottom edge (the map's outer coast, y = 430 in the picture) is where it was.
    assert shape.bounds[3] == pytest.approx(sea.bounds[3], abs=0.5)
    assert shape.area == pytest.approx(sea.area, rel=0.02)


def test_without_close_gaps_the_import_says_how_far_apart_the_shapes_are() -> None:
    result = run_import("geojson", PIXELS, ImportOptions(flip_y=True))
    (warning,) = [w for w in result.warnings if "touch another" in w]
    assert warning.startswith("0 of 6 features touch another; their nearest neighbours are ")
    assert " units apart (gaps up to 2.2 along their borders); try --close-gaps 3" in warning
    assert named_pairs(result.scenario) == set()


def test_touching_features_give_no_gap_warning() -> None:
    squares = [shapely.box(0, 0, 100, 100), shapely.box(100, 0, 200, 100), shapely.box(200, 0, 300, 100)]
    assert touch_summary(squares) is None
    apart = [shapely.box(0, 0, 100, 100), shapely.box(101.5, 0, 200, 100), shapely.box(201, 0, 300, 100)]
    summary = touch_summary(apart)
    assert summary is not None and (summary.touching, summary.features) == (0, 3)
    assert summary.text().endswith("try --close-gaps 2")
    islands = [shapely.box(0, 0, 10, 10), shapely.box(40, 0, 50, 10)]  # far apart: not gaps
    assert touch_summary(islands) is None


@pytest.mark.parametrize(("value", "nice"), [(1.21, 1.5), (2.0, 2.0), (2.6, 3.0), (0.013, 0.015), (7, 8)])
def test_suggestions_are_round_numbers_above(value: float, nice: float) -> None:
    assert nice_up(value) == nice


# --- coordinates ---------------------------------------------------------------------------------


def test_planar_data_is_said_and_never_folded_at_the_180th_meridian() -> None:
    result = run_import("geojson", WIDE)
    assert result.notes[0].startswith("coordinates: planar (x 0 to 300, y 100 to 160: not degrees)")
    assert not any("meridian" in w for w in result.warnings)
    topology = Topology.build(result.scenario.map)
    for area_id in ("long_reach", "far_reach"):
        shape = topology.area_geometry(area_id)
        assert shape is not None and shape.area == pytest.approx(300 * 30)
    assert result.scenario.map.projection is None and result.scenario.map.units == "px"


def test_planar_data_cannot_be_projected() -> None:
    with pytest.raises(SourceError, match="not longitude/latitude, so they cannot be projected"):
        import_file("geojson", WIDE, ImportOptions(project="EPSG:3035"))
    assert import_file("geojson", WIDE, ImportOptions(project="none")).scenario.map.projection is None


def test_bbox_is_read_in_the_datas_own_units() -> None:
    result = run_import("geojson", WIDE, ImportOptions(bbox=(0, 100, 150, 130)))
    (area,) = result.scenario.map.areas
    assert area.name == "Long Reach"
    shape = Topology.build(result.scenario.map).area_geometry(area.id)
    assert shape is not None and shape.area == pytest.approx(150 * 30)
    assert result.features_outside == 1


def test_a_box_missing_the_data_says_where_the_data_is() -> None:
    with pytest.raises(SourceError, match=r"nothing lies inside --bbox 500,500,600,600 .*x 0 to 300"):
        import_file("geojson", WIDE, ImportOptions(bbox=(500, 500, 600, 600)))


def test_flip_y_keeps_picture_coordinates_the_right_way_up() -> None:
    down = import_file("geojson", PIXELS, ImportOptions(flip_y=True, close_gaps=2.5)).scenario
    assert anchors_y(down, "Avalon") < anchors_y(down, "Dunmore") < anchors_y(down, "Western Sea")
    up = import_file("geojson", PIXELS, ImportOptions(close_gaps=2.5)).scenario
    assert anchors_y(up, "Avalon") > anchors_y(up, "Western Sea")


def test_lonlat_is_said_and_projected() -> None:
    result = run_import("geojson", LONLAT)
    assert result.notes[0].startswith("coordinates: longitude/latitude in degrees, guessed")
    assert any(n.startswith("projected to ") for n in result.notes)
    assert result.scenario.map.units == "km" and result.scenario.map.projection is not None
    assert named_pairs(result.scenario) == {
        frozenset(p)
        for p in [("Westmarch", "Eastmarch"), ("Westmarch", "Narrow Sea"), ("Eastmarch", "Narrow Sea")]
    }
    assert file_errors(result.scenario) == []


def test_coordinates_option_overrules_the_guess() -> None:
    result = import_file("geojson", LONLAT, ImportOptions(coordinates="planar"))
    assert result.notes[0].startswith("coordinates: planar (--coordinates planar")
    assert result.scenario.map.projection is None
    with pytest.raises(SourceError, match="--coordinates lonlat, but the numbers are not degrees"):
        import_file("geojson", WIDE, ImportOptions(coordinates="lonlat"))


# --- land or sea ---------------------------------------------------------------------------------


def test_sea_is_guessed_from_a_water_flag_and_said() -> None:
    result = import_file("geojson", PIXELS, ImportOptions(close_gaps=2.5))
    kinds = {a.name: a.kind for a in result.scenario.map.areas}
    assert kinds["Western Sea"] is AreaKind.SEA
    assert sum(kind is AreaKind.SEA for kind in kinds.values()) == 1
    assert "sea: 1 of 6 features, those whose 'water' is true (guessed" in " ".join(result.notes)


def test_sea_is_guessed_from_a_terrain_value() -> None:
    result = import_file("geojson", LONLAT)
    assert {a.name for a in result.scenario.map.areas if a.kind is AreaKind.SEA} == {"Narrow Sea"}
    assert "those whose 'type' is 'sea' (guessed" in " ".join(result.notes)


def test_sea_when_chooses_the_property_and_value() -> None:
    options = ImportOptions(close_gaps=2.5, sea_when="name=corsa")
    result = import_file("geojson", PIXELS, options)
    assert {a.name for a in result.scenario.map.areas if a.kind is AreaKind.SEA} == {"Corsa"}
    assert "those whose 'name' is 'corsa' (--sea-when)" in " ".join(result.notes)
    with pytest.raises(SourceError, match="--sea-when terrain: no feature has the property 'terrain'"):
        import_file("geojson", PIXELS, ImportOptions(sea_when="terrain"))


def test_without_any_sea_property_every_feature_is_land() -> None:
    result = import_file("geojson", WIDE)
    assert all(a.kind is AreaKind.LAND for a in result.scenario.map.areas)
    assert any(n.startswith("sea: none found, every feature is land") for n in result.notes)


# --- files the validator accepts -----------------------------------------------------------------


def test_faces_too_thin_for_the_grid_never_make_an_invalid_file(tmp_path: Path) -> None:
    # Shapes a little over a grid cell wide between big ones: with --grid 3 their faces hold no
    # grid point; they must join a neighbour rather than carry an anchor off the grid.
    shapes = [
        ("West", shapely.box(0, 0, 100, 100)),
        ("Strip", shapely.box(100, 0, 103.5, 100)),
        ("East", shapely.box(103.5, 0, 200, 100)),
        ("Speck", shapely.box(40, 100, 41, 101.5)),
        ("Sea", shapely.box(0, 101.5, 200, 160)),
    ]
    path = tmp_path / "thin.geojson"
    path.write_text(
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": [
                    {
                        "type": "Feature",
                        "properties": {"name": n, "sea": n == "Sea"},
                        "geometry": shapely.geometry.mapping(g),
                    }
                    for n, g in shapes
                ],
            }
        )
    )
    for grid in (3.0, 1.0, 0.5):
        result = run_import("geojson", path, ImportOptions(grid=grid, flip_y=True))
        assert file_errors(result.scenario) == [], grid
        kinds = {a.name: a.kind for a in result.scenario.map.areas}
        assert kinds["Sea"] is AreaKind.SEA and kinds["West"] is AreaKind.LAND


def test_run_import_refuses_a_map_with_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    from model.exchange import ImportCheckError
    from model.exchange import run as run_module

    def broken(scenario: Scenario) -> list[object]:
        from model.issues import Issue

        return [Issue("AREA_GAP", Severity.ERROR, "a face near (1, 2) belongs to no area")]

    monkeypatch.setattr(run_module, "validate", broken)
    with pytest.raises(ImportCheckError, match=r"fails validation with 1 error\(s\), so nothing was written"):
        run_import("geojson", WIDE)


# --- the title -----------------------------------------------------------------------------------


def test_the_title_keeps_the_dots_of_the_name(tmp_path: Path) -> None:
    copy = tmp_path / "map.v2.geojson"
    shutil.copy(WIDE, copy)
    assert import_file("geojson", copy).scenario.metadata.title == "map.v2"


def test_faces_thinner_than_a_grid_cell_still_know_their_neighbours() -> None:
    from model.importers.dissolve import chain_sides
    from model.linework import polygons_to_linework

    grid = 0.001
    frame = shapely.box(-5, -5, 25, 15).difference(shapely.box(0, 0, 20.002, 10))
    left, right = shapely.box(0, 0, 10, 10), shapely.box(10.002, 0, 20.002, 10)
    linework = polygons_to_linework([frame, left, right], grid)
    (gap,) = [face for face, owner in enumerate(linework.owners) if owner is None]
    assert linework.faces[gap].area == pytest.approx(0.02)  # 2 cells wide, 10 long
    neighbours = chain_sides(linework, grid).shared()[gap]
    assert {linework.owners[face] for face in neighbours} == {0, 1, 2}
    assert sum(neighbours.values()) == pytest.approx(linework.faces[gap].length)


def test_a_format_may_mark_its_own_sea_features() -> None:
    from model.importers.common import read_json
    from model.importers.geojson import to_features
    from model.importers.pipeline import build_scenario

    features = to_features(read_json(WIDE, "GeoJSON"), str(WIDE))
    features[1]["properties"]["is_ocean_zone"] = True
    result = build_scenario(features, ImportOptions(), str(WIDE), sea_from="is_ocean_zone")
    assert {a.name for a in result.scenario.map.areas if a.kind is AreaKind.SEA} == {"Far Reach"}
    assert "sea: 1 of 2 features, those whose 'is_ocean_zone' is true (as the source marks them)" in (
        result.notes
    )
    overruled = build_scenario(
        features, ImportOptions(sea_when="name=Long Reach"), str(WIDE), "is_ocean_zone"
    )
    assert {a.name for a in overruled.scenario.map.areas if a.kind is AreaKind.SEA} == {"Long Reach"}


# --- coordinates far from the origin ------------------------------------------------------------


def write_features(path: Path, shapes: list[tuple[str, shapely.Geometry]]) -> Path:
    """Write named shapes as a GeoJSON feature collection."""
    path.write_text(
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": [
                    {"type": "Feature", "properties": {"name": n}, "geometry": shapely.geometry.mapping(g)}
                    for n, g in shapes
                ],
            }
        ),
        encoding="utf-8",
    )
    return path


def test_areas_thousands_of_units_from_the_origin_keep_every_face(tmp_path: Path) -> None:
    # At x = 4568.4 with --grid 0.1 the grid point computed as 45684 * 0.1 is 4568.400000000001,
    # not the 4568.4 that saving writes. The anchors of these big faces fall there: they must not
    # be taken for faces too thin for the grid and merged, whole, into a neighbour.
    shapes = [
        ("Ashby", shapely.box(4500, 3000, 4636.8, 3100)),  # its anchor: x 4568.4
        ("Brill", shapely.box(4636.8, 3000, 4800, 3100)),  # x 4718.4
        ("Cole", shapely.box(4500, 3100, 4800, 3211.6)),
    ]
    result = import_file("geojson", write_features(tmp_path / "far.geojson", shapes), ImportOptions(grid=0.1))
    assert result.warnings == []
    assert [a.name for a in result.scenario.map.areas] == ["Ashby", "Brill", "Cole"]
    assert named_pairs(result.scenario) == {
        frozenset(p) for p in [("Ashby", "Brill"), ("Ashby", "Cole"), ("Brill", "Cole")]
    }
    topology = Topology.build(result.scenario.map)
    ashby = topology.area_geometry(result.scenario.map.areas[0].id)
    assert ashby is not None and ashby.area == pytest.approx(136.8 * 100)
    assert file_errors(result.scenario) == []


def test_european_countries_at_the_default_grid_are_all_kept(tmp_path: Path) -> None:
    # Lon/lat in Europe is projected to LAEA Europe, thousands of km from its origin, on a grid of
    # 0.1 km: countries of every size, with thin parts and islands, all stay, with their borders.
    # Corners on multiples of a quarter degree, where the projection adds its vertices, so that
    # shared borders stay shared once projected.
    corridor = shapely.box(12, 49, 24, 49.25)  # a long strip, about 27 km wide
    north = shapely.union(shapely.box(-5, 51, 24, 56), shapely.box(12, 49.25, 24, 51))
    island = shapely.box(-4, 40, -3.9, 40.08)  # about 8 km by 9 km
    west, middle, east = shapely.box(-5, 43, 3, 51), shapely.box(3, 43, 12, 51), shapely.box(12, 43, 24, 49)
    shapes = [
        ("Westmark", shapely.union(west, island)),
        ("Midland", middle),
        ("Eastreach", east),
        ("Corridor", corridor),
        ("Northmark", north),
    ]
    path = write_features(tmp_path / "europe.geojson", shapes)
    result = import_file("geojson", path, ImportOptions())
    assert result.scenario.map.units == "km" and result.scenario.map.grid == 0.1
    assert result.warnings == []
    names = [a.name for a in result.scenario.map.areas]
    assert names == ["Westmark", "Midland", "Eastreach", "Corridor", "Northmark"]
    westmark = result.scenario.map.areas[0]
    assert len(westmark.anchors) == 2  # the mainland and the island
    assert frozenset({"Corridor", "Eastreach"}) in named_pairs(result.scenario)
    assert frozenset({"Westmark", "Midland"}) in named_pairs(result.scenario)
    assert frozenset({"Westmark", "Eastreach"}) not in named_pairs(result.scenario)
    assert file_errors(result.scenario) == []


def test_grid_anchors_are_the_points_saving_writes() -> None:
    from model.linework import grid_anchor

    # 45684 * 0.1 is 4568.400000000001: inside this face by a hair, while 4568.4, the point a
    # file holds, lies on its west border.
    face = shapely.box(4568.4, 0, 4570, 10)
    assert grid_anchor(face, (4568.4, 5.0), 0.1) == (4568.5, 5.0)
    for column in range(45000, 45300):  # one cell around each grid point: it holds only that one
        x = column / 10
        point = grid_anchor(shapely.box(x - 0.05, -3050.05, x + 0.05, -3049.95), (x, -3050.0), 0.1)
        assert point is not None and io.quantize_point(point, 0.1) == point, point


def test_an_anchor_off_the_grid_by_float_noise_is_on_the_grid() -> None:
    from model.importers.dissolve import on_grid
    from model.linework import Linework

    square = shapely.box(4500, 3000, 4600, 3100)

    def anchored(anchor: tuple[float, float]) -> bool:
        return on_grid(Linework([], [square], [0], [anchor]), 0, 0.1)

    assert anchored((4568.400000000001, 3050.0))
    assert anchored((4568.4, 3050.0))
    assert not anchored((4568.45, 3050.0))  # saving would move it
    assert not anchored((4600.0, 3050.0))  # on the border: in no face once saved


def test_shapes_all_smaller_than_the_grid_are_refused_with_the_grid_named(tmp_path: Path) -> None:
    square = [[[0, 0], [0.5, 0], [0.5, 0.5], [0, 0.5], [0, 0]]]
    source = tmp_path / "specks.geojson"
    feature = {
        "type": "Feature",
        "properties": {"name": "Speck"},
        "geometry": {"type": "Polygon", "coordinates": square},
    }
    source.write_text(json.dumps({"type": "FeatureCollection", "features": [feature]}))
    with pytest.raises(
        SourceError, match=r"specks.geojson: every shape is smaller than the grid \(10\).*--grid"
    ):
        import_file("geojson", source, ImportOptions(coordinates="planar", grid=10.0))
