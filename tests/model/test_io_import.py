"""GeoJSON and TopoJSON import: features become areas over shared linework, problems become warnings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box, mapping

from model import io
from model.importers import ImportOptions, SourceError, import_file
from model.importers.common import slug, unique_ids
from model.issues import Severity
from model.scenario import AreaKind, Scenario
from model.topology import Topology
from model.validate import validate

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
SHIRES = DATA / "geojson" / "three-shires.geojson"
INVALID = DATA / "geojson" / "invalid-polygons.geojson"
TOPO = DATA / "topojson" / "two-shires.topojson"
NATURAL_EARTH = ROOT.parent / "shared" / "data" / "basemaps" / "natural-earth" / "countries-50m.json"


def errors(scenario: Scenario) -> list[str]:
    """The messages of the validator's errors."""
    return [f"{i.code}: {i.message}" for i in validate(scenario) if i.severity is Severity.ERROR]


def neighbours(scenario: Scenario) -> set[frozenset[str]]:
    """The pairs of areas that share a border."""
    return set(Topology.build(scenario.map).adjacency())


def feature(name: str, geometry: Any) -> dict[str, Any]:
    return {"type": "Feature", "properties": {"name": name}, "geometry": mapping(geometry)}


def write_geojson(path: Path, features: list[dict[str, Any]]) -> Path:
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}), encoding="utf-8")
    return path


# --- the self-made fixture -----------------------------------------------------------------------


def test_geojson_features_become_areas_that_share_borders() -> None:
    result = import_file("geojson", SHIRES)
    scenario = result.scenario
    assert result.warnings == []
    assert [(a.id, a.name, a.kind) for a in scenario.map.areas] == [
        ("alpha", "Alpha", AreaKind.LAND),
        ("beta", "Beta", AreaKind.LAND),
        ("gamma", "Gamma", AreaKind.LAND),
        ("delta_isle", "Delta Isle", AreaKind.LAND),
    ]
    assert neighbours(scenario) == {
        frozenset({"alpha", "beta"}),
        frozenset({"alpha", "gamma"}),
        frozenset({"beta", "gamma"}),
    }
    assert errors(scenario) == []


def test_two_features_with_the_same_name_make_one_area_with_an_anchor_in_each_part() -> None:
    alpha = import_file("geojson", SHIRES).scenario.area("alpha")
    assert len(alpha.anchors) == 2


def test_lon_lat_is_projected_to_laea_europe_in_km_with_north_up() -> None:
    scenario = import_file("geojson", SHIRES).scenario
    assert scenario.map.projection is not None
    assert scenario.map.projection.crs == "EPSG:3035"
    assert scenario.map.units == "km"
    beta, gamma = scenario.area("beta").anchors[0], scenario.area("gamma").anchors[0]
    assert beta[1] < gamma[1]  # Beta lies north of Gamma: smaller y on screen
    topology = Topology.build(scenario.map)
    beta_shape = topology.area_geometry("beta")
    assert beta_shape is not None
    assert (
        75 < beta_shape.bounds[2] - beta_shape.bounds[0] < 85
    )  # about one degree of longitude at 46N, in km
    bounds = scenario.map.bounds
    assert bounds is not None and bounds.min_x < beta_shape.bounds[0] and bounds.max_y > beta_shape.bounds[3]


def test_every_boundary_point_is_on_the_grid() -> None:
    scenario = import_file("geojson", SHIRES, ImportOptions(grid=0.5)).scenario
    assert scenario.map.grid == 0.5
    points = [p for b in scenario.map.boundaries for p in b.points]
    assert all(abs(x * 2 - round(x * 2)) < 1e-9 and abs(y * 2 - round(y * 2)) < 1e-9 for x, y in points)


def test_ids_come_from_the_id_property_when_asked() -> None:
    scenario = import_file("geojson", SHIRES, ImportOptions(id_property="code")).scenario
    assert [a.id for a in scenario.map.areas] == ["al", "be", "ga", "de"]


def test_an_absent_name_property_is_an_error_listing_the_properties() -> None:
    with pytest.raises(SourceError) as caught:
        import_file("geojson", SHIRES, ImportOptions(name_property="NAME_LONG"))
    assert str(caught.value).startswith(f"{SHIRES}: no feature has the property 'NAME_LONG'")
    assert "code, name" in str(caught.value)


def test_bbox_clips_and_drops_what_lies_outside() -> None:
    result = import_file("geojson", SHIRES, ImportOptions.from_text(bbox="4.5,44,6.5,48"))
    assert [a.id for a in result.scenario.map.areas] == ["alpha", "beta", "gamma"]
    assert result.features_outside == 1  # Delta Isle (the small Alpha part is outside too, but merged)
    assert errors(result.scenario) == []


def test_keeping_source_coordinates_flips_y(tmp_path: Path) -> None:
    result = import_file("geojson", SHIRES, ImportOptions(project="none", grid=0.001))
    assert result.scenario.map.projection is None
    assert result.scenario.area("beta").anchors[0][1] < -46  # y = -latitude


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1,2,3", "expected four numbers"),
        ("10,50,5,55", "W < E"),
        ("0,0,10,nan", "must be finite"),
        ("0,10,10,5", "S < N"),
    ],
)
def test_bad_bbox_text(text: str, message: str) -> None:
    with pytest.raises(SourceError, match=message):
        ImportOptions.from_text(bbox=text)


def test_unknown_projection_is_an_error() -> None:
    with pytest.raises(SourceError, match="unknown CRS"):
        import_file("geojson", SHIRES, ImportOptions(project="EPSG:99999999"))


def test_a_geographic_crs_is_refused_as_projection() -> None:
    with pytest.raises(SourceError, match="geographic"):
        import_file("geojson", SHIRES, ImportOptions(project="EPSG:4326"))


# --- bad polygons: reported, repaired where safe, never a traceback ------------------------------


def test_invalid_polygons_are_repaired_or_skipped_with_a_warning_each() -> None:
    result = import_file("geojson", INVALID)
    warnings = "\n".join(result.warnings)
    assert "feature 1 (Bowtie): invalid polygon (Self-intersection[12.5 50.5]); repaired" in warnings
    assert "feature 2 (Open): a ring was not closed" in warnings
    assert "feature 3 (Void): empty geometry holds no polygon" in warnings
    assert "feature 4 (Nothing): no geometry; skipped" in warnings
    assert "feature 5 (Pin): Point holds no polygon" in warnings
    assert "feature 6 (Stub): unreadable Polygon" in warnings
    assert "feature 7 (Text): unreadable Polygon" in warnings
    assert "feature 8 (Shapeless): unreadable Polygon" in warnings
    assert "feature 9: not an object; skipped" in warnings
    assert len(result.warnings) == 9
    scenario = result.scenario
    assert [a.id for a in scenario.map.areas] == ["solid", "bowtie", "open"]
    assert len(scenario.area("bowtie").anchors) == 2  # the two triangles of the repaired bow-tie
    assert errors(scenario) == []


def test_overlapping_polygons_give_the_overlap_to_the_earlier_one(tmp_path: Path) -> None:
    path = write_geojson(
        tmp_path / "overlap.geojson",
        [feature("First", box(5, 45, 6, 46)), feature("Second", box(5.5, 45, 6.5, 46))],
    )
    result = import_file("geojson", path)
    assert any("feature 1 (Second): overlaps First" in w for w in result.warnings)
    assert neighbours(result.scenario) == {frozenset({"first", "second"})}
    assert errors(result.scenario) == []


def test_a_hole_inside_one_area_joins_that_area(tmp_path: Path) -> None:
    lake = Polygon(box(5, 45, 7, 47).exterior.coords, [box(5.8, 45.8, 6.2, 46.2).exterior.coords])
    path = write_geojson(tmp_path / "lake.geojson", [feature("Lakeland", lake)])
    result = import_file("geojson", path)
    assert any("hole(s) inside a single area" in w for w in result.warnings)
    assert len(result.scenario.area("lakeland").anchors) == 2
    assert errors(result.scenario) == []


def test_an_enclosed_gap_between_areas_becomes_water(tmp_path: Path) -> None:
    ring = box(5, 45, 8, 48).difference(box(6, 46, 7, 47))
    west, east = ring.intersection(box(5, 45, 6.5, 48)), ring.intersection(box(6.5, 45, 8, 48))
    path = write_geojson(tmp_path / "inland-sea.geojson", [feature("West", west), feature("East", east)])
    scenario = import_file("geojson", path).scenario
    water = [a for a in scenario.map.areas if a.kind is AreaKind.SEA]
    assert [a.name for a in water] == ["Water 1"]
    assert errors(scenario) == []


def test_nan_in_a_geojson_file_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "nan.geojson"
    path.write_text('{"type": "Feature",\n "geometry": {"type": "Point", "coordinates": [NaN, 1]}}', "utf-8")
    with pytest.raises(SourceError) as caught:
        import_file("geojson", path)
    assert str(caught.value).startswith(f"{path}: ")
    assert "NaN" in str(caught.value)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"type": "FeatureCollection", "features": [', "line 1, column 44: JSON syntax error"),
        (b"", "line 1, column 1"),
        (b"\xff\xfe\x00", "byte 0 is not UTF-8"),
        (b'{"type": "Topology", "objects": {}}', "this is TopoJSON"),
        (b'{"type": "Feature", "geometry": null}', "no polygon features"),
        (b"[1, 2]", "not a GeoJSON object"),
    ],
)
def test_unreadable_geojson_names_the_file_and_the_place(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "bad.geojson"
    path.write_bytes(content)
    with pytest.raises(SourceError) as caught:
        import_file("geojson", path)
    assert str(caught.value).startswith(f"{path}: ")
    assert message in str(caught.value)


def test_a_directory_is_not_a_source(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="is a folder; GeoJSON polygons import reads a GeoJSON file"):
        import_file("geojson", tmp_path)


# --- TopoJSON ------------------------------------------------------------------------------------


def test_topojson_shares_its_arcs_as_one_border() -> None:
    result = import_file("topojson", TOPO)
    scenario = result.scenario
    assert [a.name for a in scenario.map.areas] == ["West Shire", "East Shire"]
    assert result.warnings == ["feature 2 (Lost): no geometry; skipped"]
    assert neighbours(scenario) == {frozenset({"west_shire", "east_shire"})}
    assert errors(scenario) == []


def test_topojson_layer_must_exist() -> None:
    with pytest.raises(SourceError) as caught:
        import_file("topojson", TOPO, ImportOptions(layer="rivers"))
    assert "no object 'rivers'; the objects are shires, towns" in str(caught.value)


def test_a_layer_without_polygons_is_an_error() -> None:
    with pytest.raises(SourceError, match="no polygon features"):
        import_file("topojson", TOPO, ImportOptions(layer="towns"))


def test_importing_twice_writes_identical_files(tmp_path: Path) -> None:
    one, two = tmp_path / "1.mappa.json", tmp_path / "2.mappa.json"
    io.save(import_file("geojson", SHIRES).scenario, one)
    io.save(import_file("geojson", SHIRES).scenario, two)
    assert one.read_bytes() == two.read_bytes()
    assert io.load(one) == io.load(two)


# --- ids -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Bosnia and Herz.", "bosnia_and_herz"),
        ("Côte d'Ivoire", "cote_d_ivoire"),
        ("日本", "area"),
        ("", "area"),
    ],
)
def test_slug(name: str, expected: str) -> None:
    assert slug(name) == expected


def test_unique_ids_never_reuse_a_taken_id() -> None:
    taken = {"b1"}
    assert unique_ids(["France", "France", "B1", "b1"], taken) == ["france", "france_2", "b1_2", "b1_3"]


# --- the Natural Earth acceptance check (only where the shared data exists) ----------------------


@pytest.mark.slow
@pytest.mark.skipif(not NATURAL_EARTH.exists(), reason="the shared Natural Earth data is not beside the repo")
def test_europe_from_natural_earth_countries() -> None:
    result = import_file("topojson", NATURAL_EARTH, ImportOptions.from_text(bbox="-11,35,32,60"))
    assert result.warnings == []  # Russia's ring across 180 degrees is mended silently, far from the box
    scenario = result.scenario
    assert errors(scenario) == []
    ids = {a.id for a in scenario.map.areas}
    assert {"france", "germany", "spain", "italy", "poland", "united_kingdom"} <= ids
    pairs = neighbours(scenario)
    assert frozenset({"france", "germany"}) in pairs
    assert frozenset({"france", "spain"}) in pairs
    assert frozenset({"spain", "germany"}) not in pairs
    assert frozenset({"spain", "portugal"}) in pairs
    assert frozenset({"united_kingdom", "france"}) not in pairs  # the Channel is water
    topology = Topology.build(scenario.map)
    germany = topology.area_geometry("germany")
    assert germany is not None
    assert 340_000 < germany.area < 370_000  # km², equal-area projection
    assert shapely.is_valid(germany)


def test_a_polygon_across_the_180th_meridian_is_folded_not_filled(tmp_path: Path) -> None:
    ring = [[178, -17], [-179, -17], [-179, -16], [178, -16], [178, -17]]  # 3 degrees wide, across 180
    path = tmp_path / "fiji.geojson"
    path.write_text(
        json.dumps(
            {
                "type": "Feature",
                "properties": {"name": "Fiji"},
                "geometry": {"type": "Polygon", "coordinates": [ring]},
            }
        ),
        encoding="utf-8",
    )
    result = import_file("geojson", path, ImportOptions(project="none", grid=0.01))
    assert result.warnings == [
        "feature 0 (Fiji): crosses the 180th meridian; the part beyond it was folded back"
    ]
    shape = Topology.build(result.scenario.map).area_geometry("fiji")
    assert shape is not None
    assert shape.area == pytest.approx(3.0)  # not the 357 degrees the other way round
    assert len(result.scenario.area("fiji").anchors) == 2  # one piece each side of the map


def test_parts_thinner_than_the_grid_are_dropped(tmp_path: Path) -> None:
    sliver = Polygon([(6, 46), (6.01, 46), (6.01, 47)])  # at most one grid cell wide: no grid point inside
    path = write_geojson(
        tmp_path / "thin.geojson", [feature("Land", shapely.union_all([box(5, 46, 5.5, 47), sliver]))]
    )
    result = import_file("geojson", path, ImportOptions(project="none", grid=0.01))
    assert "1 polygon part(s) thinner than the grid (0.01) were dropped" in result.warnings
    assert len(result.scenario.area("land").anchors) == 1
    assert errors(result.scenario) == []


_number = st.floats(-200, 200, allow_nan=False) | st.integers(-200, 200)
_polygon = st.lists(st.lists(st.lists(_number, max_size=3), max_size=6), max_size=3)
_geometry = st.one_of(
    st.fixed_dictionaries({"type": st.just("Polygon"), "coordinates": _polygon}),
    st.fixed_dictionaries({"type": st.just("MultiPolygon"), "coordinates": st.lists(_polygon, max_size=3)}),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["Point", "GeometryCollection", "Blob"]), "coordinates": _polygon}
    ),
    st.none(),
    st.integers(),
)
_feature = st.fixed_dictionaries(
    {
        "type": st.just("Feature"),
        "properties": st.none()
        | st.dictionaries(st.sampled_from(["name", "id"]), st.text(max_size=4), max_size=2),
        "geometry": _geometry,
    }
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(features=st.lists(_feature, max_size=5), bbox=st.sampled_from([None, "-10,-10,10,10"]))
def test_any_features_import_or_fail_with_a_source_error(
    tmp_path: Path, features: list[dict[str, Any]], bbox: str | None
) -> None:
    path = tmp_path / "fuzz.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}), encoding="utf-8")
    try:
        result = import_file("geojson", path, ImportOptions.from_text(bbox=bbox, project="none"))
    except SourceError as error:
        assert str(error).startswith(f"{path}: ")
        return
    assert errors(result.scenario) == []
