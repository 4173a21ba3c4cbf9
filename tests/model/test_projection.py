"""Projection from longitude/latitude to the map plane and back."""

from __future__ import annotations

import json

import numpy as np
import pytest
import shapely
from hypothesis import given
from hypothesis import strategies as st

from model.generate import land_from_data
from model.generate.basemap import BasemapError
from model.projection import BBox, MapProjection, ProjectionError
from model.scenario import Projection

EUROPE = BBox(-12, 27, 50, 62)


@given(
    st.floats(min_value=-12, max_value=50, allow_nan=False),
    st.floats(min_value=27, max_value=62, allow_nan=False),
)
def test_round_trip(lon: float, lat: float) -> None:
    projection = MapProjection.centred_laea(EUROPE)
    x, y = projection.forward([lon], [lat])
    back_lon, back_lat = projection.inverse(x, y)
    assert back_lon[0] == pytest.approx(lon, abs=1e-7)
    assert back_lat[0] == pytest.approx(lat, abs=1e-7)  # about a centimetre


def test_centred_laea_is_in_km_with_north_up() -> None:
    projection = MapProjection.centred_laea(EUROPE)
    assert projection.crs.startswith("+proj=laea +lat_0=44.5 +lon_0=19")
    assert projection.point(19, 44.5) == pytest.approx((0, 0), abs=1e-6)
    paris = projection.point(2.35, 48.85)
    rome = projection.point(12.5, 41.9)
    assert paris[1] < rome[1]  # Paris is north of Rome: smaller y, higher on screen
    assert paris[0] < rome[0]
    # Paris-Rome is about 1,105 km on the ground.
    assert float(np.hypot(paris[0] - rome[0], paris[1] - rome[1])) == pytest.approx(1105, rel=0.02)


def test_equal_area() -> None:
    projection = MapProjection.centred_laea(EUROPE)
    # A one-degree cell at 60N is half the size of one at the equator's width times cos(60).
    north = projection.project_geometry(shapely.box(40, 59.5, 41, 60.5).segmentize(0.05)).area
    south = projection.project_geometry(shapely.box(-10, 29.5, -9, 30.5).segmentize(0.05)).area
    assert north / south == pytest.approx(np.cos(np.radians(60)) / np.cos(np.radians(30)), rel=0.01)
    assert south == pytest.approx(111.2 * 111.2 * np.cos(np.radians(30)), rel=0.01)


def test_epsg_in_metres_scaled_to_km() -> None:
    projection = MapProjection("EPSG:3035", 0.001)
    x, y = projection.point(10, 52)  # the projection's centre, at false easting 4321 km, northing 3210 km
    assert (x, y) == pytest.approx((4321.0, -3210.0), abs=1e-6)


def test_model_round_trip() -> None:
    projection = MapProjection.centred_laea(EUROPE)
    recorded = projection.to_model()
    assert isinstance(recorded, Projection)
    assert MapProjection.from_model(recorded) == projection


@pytest.mark.parametrize(
    ("extent", "crs", "scale"),
    [
        ((-10.0, 35.0, 30.0, 60.0), "EPSG:3035", 0.001),  # inside LAEA Europe's area of use
        ((-170.0, -10.0, 170.0, 10.0), "EPSG:8857", 0.001),  # most of the globe: Equal Earth
        (
            (-60.5, -23.0, -54.0, -17.0),
            "+proj=laea +lat_0=-20 +lon_0=-57.25 +x_0=0 +y_0=0 +ellps=GRS80 +units=km +no_defs",
            1.0,
        ),
    ],
)
def test_for_extent_picks_a_projection_in_km(
    extent: tuple[float, float, float, float], crs: str, scale: float
) -> None:
    projection = MapProjection.for_extent(extent)
    assert (projection.crs, projection.scale, projection.units) == (crs, scale, "km")
    assert projection.description


@pytest.mark.parametrize(
    ("crs", "scale", "units", "description"),
    [
        ("EPSG:3035", 0.001, "km", "ETRS89-extended / LAEA Europe, km"),
        ("EPSG:2263", 1.0, "US survey foot", "NAD83 / New York Long Island (ftUS)"),
    ],
)
def test_named_is_in_km_when_the_crs_is_in_metres(
    crs: str, scale: float, units: str, description: str
) -> None:
    projection = MapProjection.named(crs)
    assert (projection.scale, projection.units, projection.description) == (scale, units, description)


def test_units_name_what_one_map_unit_is() -> None:
    assert MapProjection("EPSG:3035", 1.0).units == "m"
    assert MapProjection("EPSG:3035", 0.01).units == "100 m"


@pytest.mark.parametrize(
    ("crs", "words"),
    [("EPSG:4326", "geographic"), ("+proj=nonsense", "unknown CRS"), ("EPSG:999999", "unknown")],
)
def test_unusable_crs_is_refused(crs: str, words: str) -> None:
    with pytest.raises(ProjectionError, match=words):
        MapProjection(crs)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1,2,3", "four numbers"),
        ("a,b,c,d", "four numbers"),
        ("10,0,5,1", "west < east"),
        ("0,50,1,40", "south"),
    ],
)
def test_bad_box_is_refused(text: str, words: str) -> None:
    with pytest.raises(ProjectionError, match=words):
        BBox.parse(text)


def test_box_parse() -> None:
    assert BBox.parse(" -12, 27 ,50,62") == EUROPE


def test_topojson_land_with_quantized_delta_arcs_and_a_reversed_arc() -> None:
    # Two squares side by side sharing arc 1: left = [0, 1], right = [2, ~1].
    topology = {
        "type": "Topology",
        "transform": {"scale": [0.5, 0.5], "translate": [10, 20]},
        "arcs": [
            [[2, 0], [-2, 0], [0, 2], [2, 0]],  # (11,20) (10,20) (10,21) (11,21)
            [[2, 2], [0, -2]],  # (11,21) -> (11,20): the shared border
            [[2, 0], [2, 0], [0, 2], [-2, 0]],  # (11,20) (12,20) (12,21) (11,21)
        ],
        "objects": {
            "countries": {
                "type": "GeometryCollection",
                "geometries": [
                    {"type": "Polygon", "arcs": [[0, 1]]},
                    {"type": "Polygon", "arcs": [[2, -2]]},
                ],
            }
        },
    }
    land = land_from_data(topology)
    assert land.equals(shapely.MultiPolygon([shapely.box(10, 20, 12, 21)]))


def test_geojson_countries_are_dissolved_and_clipped() -> None:
    collection = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {},
                "geometry": json.loads(shapely.to_geojson(shapely.box(0, 0, 1, 1))),
            },
            {
                "type": "Feature",
                "properties": {},
                "geometry": json.loads(shapely.to_geojson(shapely.box(1, 0, 2, 1))),
            },
            {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [5, 5]}},
        ],
    }
    land = land_from_data(collection, clip=shapely.box(0.5, -1, 3, 3))
    assert land.area == pytest.approx(1.5)
    assert len(land.geoms) == 1


def test_basemap_without_polygons_is_refused() -> None:
    with pytest.raises(BasemapError, match=r"b\.json: no polygons"):
        land_from_data({"type": "FeatureCollection", "features": []}, "b.json")
    with pytest.raises(BasemapError, match="no land inside the box"):
        land_from_data(
            json.loads(shapely.to_geojson(shapely.box(0, 0, 1, 1))), "b.json", clip=shapely.box(5, 5, 6, 6)
        )


def test_ring_across_the_antimeridian_is_folded_not_filled() -> None:
    # As world land layers draw Chukotka: one ring running off 180 E and back in at 180 W.
    polygon = {"type": "Polygon", "coordinates": [[[170, 60], [-170, 60], [-170, 70], [170, 70], [170, 60]]]}
    land = land_from_data(polygon)
    assert land.area == pytest.approx(200)
    assert land.contains(shapely.Point(175, 65)) and land.contains(shapely.Point(-175, 65))
    assert not land.contains(shapely.Point(0, 65))
