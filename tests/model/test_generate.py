"""Generating a map from named points on a small synthetic geography (tests/data/generate)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import shapely
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from model.generate import (
    GenerateError,
    GenerateOptions,
    NamedPoint,
    TableError,
    generate,
    generate_map,
    land_from_data,
    parse_points,
    parse_straits,
)
from model.generate.files import generate_files
from model.generate.linework import to_linework
from model.generate.partition import divide
from model.io import dumps, loads
from model.projection import BBox, MapProjection
from model.rules.eotma.schema import AreaAttributes
from model.scenario import AreaKind, ConnectionKind, Scenario

DATA = Path(__file__).resolve().parents[1] / "data" / "generate"
BOX = BBox(-1, 39, 12, 47)


@pytest.fixture(scope="module")
def made() -> tuple[Scenario, list[str]]:
    generation = generate_files(
        DATA / "land.geojson",
        DATA / "regions.csv",
        DATA / "seas.csv",
        DATA / "straits.csv",
        bbox=BOX,
        title="Test land",
    )
    return generation.scenario, generation.notes


def faces(scenario: Scenario) -> list[shapely.Polygon]:
    """The faces the boundaries enclose."""
    polygons = shapely.polygonize([shapely.LineString(b.points) for b in scenario.map.boundaries])
    return list(shapely.get_parts(polygons))


def area_shapes(scenario: Scenario) -> dict[str, shapely.Geometry]:
    """Each area's geometry: the union of the faces holding its anchors (as the topology does)."""
    found = faces(scenario)
    shapes = {}
    for area in scenario.map.areas:
        mine = [f for f in found if any(f.contains(Point(a)) for a in area.anchors)]
        shapes[area.id] = shapely.union_all(mine)
    return shapes


def adjacent(shapes: dict[str, shapely.Geometry], a: str, b: str) -> bool:
    return shapes[a].boundary.intersection(shapes[b].boundary).length > 0


def projected(lon: float, lat: float) -> Point:
    return Point(MapProjection.centred_laea(BOX).point(lon, lat))


def test_every_face_has_exactly_one_anchor(made: tuple[Scenario, list[str]]) -> None:
    scenario, _ = made
    anchors = [Point(p) for area in scenario.map.areas for p in area.anchors]
    for face in faces(scenario):
        assert sum(face.contains(p) for p in anchors) == 1, face.wkt[:80]


def test_areas_and_kinds(made: tuple[Scenario, list[str]]) -> None:
    scenario, _ = made
    kinds = {a.id: a.kind for a in scenario.map.areas}
    assert kinds == {
        "west": AreaKind.LAND,
        "north": AreaKind.LAND,
        "east": AreaKind.LAND,
        "south": AreaKind.LAND,
        "isle": AreaKind.LAND,
        "wsea": AreaKind.SEA,
        "esea": AreaKind.SEA,
    }
    assert scenario.map.units == "km"
    assert scenario.map.projection is not None and "+proj=laea" in scenario.map.projection.crs
    assert scenario.metadata.title == "Test land"


def test_each_region_holds_its_point_and_its_anchor_is_the_point(made: tuple[Scenario, list[str]]) -> None:
    scenario, _ = made
    shapes = area_shapes(scenario)
    for area_id, lon, lat in [("west", 1.5, 43), ("north", 5, 45.5), ("east", 7, 42.5), ("isle", 10.5, 42.5)]:
        site = projected(lon, lat)
        assert shapes[area_id].contains(site)
        anchor = scenario.area(area_id).anchors[0]
        assert site.distance(Point(anchor)) < 0.1  # the grid step


def test_land_is_the_clipped_coast_and_sea_fills_the_box(made: tuple[Scenario, list[str]]) -> None:
    scenario, _ = made
    shapes = area_shapes(scenario)
    projection = MapProjection.centred_laea(BOX)
    land = land_from_data(json.loads((DATA / "land.geojson").read_text()))
    land_xy = projection.project_geometry(land)
    generated_land = shapely.union_all([shapes[a.id] for a in scenario.map.areas if a.kind is AreaKind.LAND])
    # The islet of 0.05 x 0.05 degrees (about 22 km2) is dropped; the lake becomes land.
    lake = projection.project_geometry(shapely.box(3, 44, 3.6, 44.5))
    expected = shapely.union(land_xy, lake)
    islet = projection.project_geometry(shapely.box(11.5, 45, 11.55, 45.05))
    expected = shapely.difference(expected, islet)
    assert shapely.symmetric_difference(generated_land, expected).area < 0.001 * expected.area
    frame = projection.project_geometry(BOX.outline())
    everything = shapely.union_all(list(shapes.values()))
    assert abs(everything.area - frame.area) < 0.001 * frame.area


def test_island_without_point_joins_nearest_region_as_extra_anchor(made: tuple[Scenario, list[str]]) -> None:
    scenario, notes = made
    island = projected(8.5, 41.2)
    owners = [a.id for a in scenario.map.areas if len(a.anchors) > 1]
    assert owners == ["east"]
    assert area_shapes(scenario)["east"].contains(island)
    assert any("1 islands" in note for note in notes)
    assert any("lakes" in note for note in notes)


def test_lake_without_sea_point_becomes_land_of_the_region_around_it(
    made: tuple[Scenario, list[str]],
) -> None:
    scenario, _ = made
    shapes = area_shapes(scenario)
    holders = [area_id for area_id, shape in shapes.items() if shape.contains(projected(3.3, 44.25))]
    assert len(holders) == 1
    assert scenario.area(holders[0]).kind is AreaKind.LAND


def test_seas_are_divided_between_their_points(made: tuple[Scenario, list[str]]) -> None:
    scenario, _ = made
    shapes = area_shapes(scenario)
    assert shapes["wsea"].contains(projected(-0.5, 41))
    assert shapes["esea"].contains(projected(10, 45))
    assert shapes["esea"].contains(projected(11.5, 40))  # south-east corner, nearer the east sea point


def test_adjacency(made: tuple[Scenario, list[str]]) -> None:
    scenario, _ = made
    shapes = area_shapes(scenario)
    assert adjacent(shapes, "west", "south")
    assert adjacent(shapes, "west", "north")
    assert adjacent(shapes, "east", "north")
    assert adjacent(shapes, "west", "wsea")
    assert adjacent(shapes, "isle", "esea")
    assert not adjacent(shapes, "isle", "east")  # only across the water, by the strait
    assert adjacent(shapes, "wsea", "esea")


def test_attributes_are_typed_by_the_ruleset(made: tuple[Scenario, list[str]]) -> None:
    scenario, _ = made
    assert scenario.area("west").attributes == {
        "population": 3,
        "seafaring_home": True,
        "language": "wl",
        "religion": "cath",
    }
    assert scenario.area("north").attributes == {"population": 2, "language": "wl", "religion": "cath"}
    assert scenario.area("south").attributes["seafaring_home"] is False
    assert scenario.area("isle").attributes["seafaring_home"] is True
    assert scenario.area("wsea").attributes == {}


def test_straits_become_connections(made: tuple[Scenario, list[str]]) -> None:
    scenario, _ = made
    [strait] = scenario.map.connections
    assert (strait.id, strait.a, strait.b, strait.kind, strait.name) == (
        "isle-strait",
        "east",
        "isle",
        ConnectionKind.STRAIT,
        "Isle Strait",
    )


def test_output_is_deterministic_and_round_trips(made: tuple[Scenario, list[str]]) -> None:
    scenario, _ = made
    again = generate_files(
        DATA / "land.geojson", DATA / "regions.csv", DATA / "seas.csv", DATA / "straits.csv", bbox=BOX
    ).scenario
    again.metadata.title = "Test land"
    text = dumps(scenario)
    assert dumps(again) == text
    assert dumps(loads(text)) == text


def test_boundary_ids_do_not_clash_and_serial_moves_on(made: tuple[Scenario, list[str]]) -> None:
    scenario, _ = made
    ids = [b.id for b in scenario.map.boundaries] + [a.id for a in scenario.map.areas]
    assert len(ids) == len(set(ids))
    assert scenario.next_serial == len(scenario.map.boundaries) + 1


def test_without_seas_the_sea_is_left_outside() -> None:
    generation = generate_files(DATA / "land.geojson", DATA / "regions.csv", bbox=BOX)
    scenario = generation.scenario
    assert all(area.kind is AreaKind.LAND for area in scenario.map.areas)
    shapes = area_shapes(scenario)
    assert not any(shape.contains(projected(-0.5, 41)) for shape in shapes.values())
    anchors = [Point(p) for area in scenario.map.areas for p in area.anchors]
    for face in faces(scenario):  # the lake is no gap: it became land
        assert sum(face.contains(p) for p in anchors) == 1
    assert any(shape.contains(projected(3.3, 44.25)) for shape in shapes.values())
    assert any("1 lakes" in note for note in generation.notes)


def test_linework_of_two_squares_shares_the_middle_border() -> None:
    boundaries = to_linework([shapely.box(0, 0, 1, 1), shapely.box(1, 0, 2, 1)], 0.1)
    assert len(boundaries) == 3
    middle = [(1.0, 0.0), (1.0, 1.0)]
    assert any(b.points in (middle, middle[::-1]) for b in boundaries)  # either direction


# --- errors ----------------------------------------------------------------------------------

HEADER = "id,name,lon,lat,population\n"


@pytest.mark.parametrize(
    ("text", "row", "column", "words"),
    [
        (HEADER + "a,A,1,2,1\nb,B,1,north,1\n", 3, "lat", "'north' is not a number"),
        (HEADER + "a,A,1,95,1\n", 2, "lat", "outside -90..90"),
        (HEADER + "a,A,1,2,1\na,B,3,4,1\n", 3, "id", "duplicate id 'a' (first on row 2)"),
        (HEADER + "bad id,A,1,2,1\n", 2, "id", "not a valid id"),
        (HEADER + "a,A,1,2,lots\n", 2, "population", "'lots'"),
        (HEADER + "a,A,1,2,12\n", 2, "population", "less than or equal to 9"),
        ("id,name,lon,lat,colour\na,A,1,2,red\n", 2, "colour", "unknown attribute column"),
        ("id,name,lon\na,A,1\n", 1, None, "lacks the column(s) lat"),
        (HEADER + "a,A,1,2,1,extra\n", 2, None, "6 cells but the header has 5 columns"),
    ],
)
def test_bad_rows_name_file_row_and_column(text: str, row: int, column: str | None, words: str) -> None:
    with pytest.raises(TableError) as caught:
        parse_points(text, "regions.csv", AreaAttributes)
    error = caught.value
    assert (error.source, error.row, error.column) == ("regions.csv", row, column)
    assert words in str(error)
    assert str(error).startswith(f"regions.csv, row {row}")


def test_comments_blank_lines_and_bom_are_skipped() -> None:
    text = "\ufeff# a comment\nid,name,lon,lat\n\na,,1,2\n# another\n"
    [point] = parse_points(text, "t.csv")
    assert (point.id, point.name, point.lon, point.lat, point.row) == ("a", "a", 1.0, 2.0, 4)


def test_strait_to_itself_is_refused() -> None:
    with pytest.raises(TableError, match=r"straits.csv, row 2, column b: .*two different areas"):
        parse_straits("id,a,b\ns,x,x\n", "straits.csv")


def _options() -> GenerateOptions:
    return GenerateOptions(bbox=BOX)


def _land() -> shapely.Geometry:
    return land_from_data(json.loads((DATA / "land.geojson").read_text()))


def test_point_in_the_sea_names_its_row() -> None:
    points = [
        NamedPoint("a", "A", 2, 42, source="r.csv", row=2),
        NamedPoint("atlantis", "Atlantis", 9.5, 44, source="r.csv", row=3),
    ]
    with pytest.raises(TableError) as caught:
        generate(_land(), points, [], [], _options())
    assert (caught.value.row, caught.value.column) == (3, "lon, lat")
    assert "'atlantis'" in str(caught.value) and "in the sea" in str(caught.value)


def test_point_just_off_the_coast_is_moved_onto_land() -> None:
    points = [NamedPoint("a", "A", 2, 42), NamedPoint("b", "B", 8.05, 41)]  # 4 km off the coast
    generation = generate(_land(), points, [], [], _options())
    assert any(note.startswith("b: moved") for note in generation.notes)


def test_sea_point_on_land_is_refused() -> None:
    seas = [NamedPoint("s", "S", 4, 42, source="seas.csv", row=2)]
    with pytest.raises(TableError, match=r"seas.csv, row 2, column lon, lat: 's': .* is on land"):
        generate(_land(), [NamedPoint("a", "A", 2, 42)], seas, [], _options())


def test_point_outside_the_box_is_refused() -> None:
    points = [NamedPoint("a", "A", 20, 42, source="r.csv", row=2)]
    with pytest.raises(TableError, match=r"outside the box -1,39,12,47"):
        generate(_land(), points, [], [], _options())


def test_duplicate_id_across_tables_is_refused() -> None:
    points = [NamedPoint("a", "A", 2, 42, source="regions.csv", row=2)]
    seas = [NamedPoint("a", "Sea A", -0.5, 41, source="seas.csv", row=5)]
    with pytest.raises(
        TableError, match=r"seas.csv, row 5, column id: 'a': duplicate id \(also in regions.csv, row 2\)"
    ):
        generate(_land(), points, seas, [], _options())


def test_strait_to_unknown_or_sea_area_is_refused() -> None:
    points = [NamedPoint("a", "A", 2, 42), NamedPoint("b", "B", 6, 45)]
    seas = [NamedPoint("s", "S", -0.5, 41)]
    straits = parse_straits("id,a,b\nk,a,s\nm,a,zz\n", "straits.csv")
    with pytest.raises(TableError, match=r"row 2, column b: 'k': 's' is a sea zone"):
        generate(_land(), points, seas, straits[:1], _options())
    with pytest.raises(TableError, match=r"row 3, column b: 'm': 'zz' is not a region"):
        generate(_land(), points, seas, straits[1:], _options())


def test_no_points_is_refused() -> None:
    with pytest.raises(GenerateError, match="no regions"):
        generate(_land(), [], [], [], _options())


def test_two_points_on_the_same_spot_are_refused() -> None:
    points = [
        NamedPoint("a", "A", 2, 42, source="r.csv", row=2),
        NamedPoint("b", "B", 2.00001, 42, source="r.csv", row=3),
    ]
    with pytest.raises(
        TableError, match=r"r.csv, row 3, column lon, lat: 'b': on the same spot as 'a' \(r.csv, row 2\)"
    ):
        generate(_land(), points, [], [], _options())


@settings(max_examples=15, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(2, 78), st.integers(2, 58)),  # tenths of a degree inside the mainland
        min_size=1,
        max_size=12,
        unique=True,
    )
)
def test_any_points_give_a_clean_tiling(cells: list[tuple[int, int]]) -> None:
    points = [NamedPoint(f"p{i}", f"P{i}", x / 10, 40 + y / 10) for i, (x, y) in enumerate(cells)]
    points = [p for p in points if not (3 <= p.lon <= 3.6 and 44 <= p.lat <= 44.5)]  # not in the lake
    points = [p for p in points if not (p.lon >= 6.4 and 42.9 <= p.lat <= 44.1)]  # not in the bay
    assume(points)
    seas = [NamedPoint("wsea", "West Sea", -0.5, 41), NamedPoint("esea", "East Sea", 10, 45)]
    scenario = generate(_land(), points, seas, [], _options()).scenario
    anchors = [Point(p) for area in scenario.map.areas for p in area.anchors]
    found = faces(scenario)
    for face in found:
        assert sum(face.contains(p) for p in anchors) == 1
    shapes = area_shapes(scenario)
    assert all(not shapes[p.id].is_empty and shapes[p.id].contains(projected(p.lon, p.lat)) for p in points)
    frame = MapProjection.centred_laea(BOX).project_geometry(BOX.outline())
    assert abs(sum(face.area for face in found) - frame.area) < 0.001 * frame.area


def test_generate_map_is_the_pure_entry_point() -> None:
    points = parse_points((DATA / "regions.csv").read_text(), "regions.csv", AreaAttributes)
    seas = parse_points((DATA / "seas.csv").read_text(), "seas.csv")
    scenario = generate_map(_land(), points, seas, options=GenerateOptions(bbox=BOX, title="Pure"))
    assert isinstance(scenario, Scenario)
    assert [a.id for a in scenario.map.areas] == ["west", "north", "east", "south", "isle", "wsea", "esea"]
    assert scenario.metadata.title == "Pure"
    assert scenario.map.connections == []


def test_sea_zones_are_cut_at_narrow_straits() -> None:
    # Two basins joined by a channel 4 units wide; a's point sits by the channel, so straight-line
    # distance would give a the near end of b's basin.
    space = shapely.union_all(
        [shapely.box(0, 0, 100, 100), shapely.box(100, 48, 130, 52), shapely.box(130, 0, 230, 100)]
    )
    sites = {"a": Point(90, 50), "b": Point(220, 50)}
    plain, _ = divide(space, sites, 0.1)
    assert plain["a"].geometry().contains(Point(140, 50))
    cut, _ = divide(space, sites, 0.1, narrows=3)
    assert cut["a"].geometry().contains(Point(50, 50)) and not cut["a"].geometry().contains(Point(140, 50))
    assert cut["b"].geometry().contains(Point(140, 50)) and cut["b"].geometry().contains(Point(140, 95))
    assert cut["a"].geometry().area + cut["b"].geometry().area == pytest.approx(space.area)
