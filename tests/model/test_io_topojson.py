"""The TopoJSON decoder: arcs, reversal, quantization and delta encoding, and its error messages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from model.importers.common import SourceError
from model.importers.topojson import layers, to_features

TOPO = Path(__file__).resolve().parents[2] / "tests" / "data" / "topojson" / "two-shires.topojson"


@pytest.fixture
def topology() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TOPO.read_text(encoding="utf-8"))
    return data


def test_quantized_arcs_are_delta_decoded_and_scaled(topology: dict[str, Any]) -> None:
    west = to_features(topology)[0]
    assert west["id"] == "W"
    assert west["properties"] == {"name": "West Shire"}
    assert west["geometry"] == {
        "type": "Polygon",
        "coordinates": [[[6.0, 46.0], [6.0, 47.0], [5.0, 47.0], [5.0, 46.0], [6.0, 46.0]]],
    }


def test_a_negative_index_reverses_the_arc(topology: dict[str, Any]) -> None:
    east = to_features(topology)[1]["geometry"]["coordinates"][0]
    assert east[-2:] == [[6.0, 47.0], [6.0, 46.0]]  # ~0: arc 0 walked from its end


def test_points_are_scaled_but_not_delta_decoded(topology: dict[str, Any]) -> None:
    burg, road = to_features(topology, "towns")
    assert burg["geometry"] == {"type": "Point", "coordinates": [5.5, 46.5]}
    assert road["geometry"]["coordinates"] == [[6.0, 46.0], [6.0, 47.0]]


def test_null_geometry_stays_null(topology: dict[str, Any]) -> None:
    assert to_features(topology)[2]["geometry"] is None


def test_layers_in_file_order(topology: dict[str, Any]) -> None:
    assert layers(topology) == ["shires", "towns"]


def test_an_unquantized_topology_uses_positions_as_they_are() -> None:
    topology = {
        "type": "Topology",
        "objects": {"one": {"type": "MultiPolygon", "arcs": [[[0]]]}},
        "arcs": [[[0.5, 0.5], [1.5, 0.5], [1.5, 1.5], [0.5, 0.5]]],
    }
    (only,) = to_features(topology)
    assert only["geometry"]["coordinates"] == [[[[0.5, 0.5], [1.5, 0.5], [1.5, 1.5], [0.5, 0.5]]]]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda t: t["objects"]["shires"]["geometries"][0].update(arcs=[[7]]),
            "arc 7 does not exist (3 arcs)",
        ),
        (lambda t: t["objects"]["shires"]["geometries"][0].update(arcs=[["a"]]), "is not a whole number"),
        (
            lambda t: t["objects"]["shires"]["geometries"][0].update(type="Blob"),
            "unknown geometry type 'Blob'",
        ),
        (lambda t: t.update(transform={"scale": [1]}), "'transform' needs two-number"),
        (lambda t: t["arcs"].__setitem__(0, [["x", 1]]), "arcs[0]: positions must be [x, y] numbers"),
        (lambda t: t.update(type="FeatureCollection"), "not TopoJSON"),
        (lambda t: t.update(objects={}), "the topology has no objects"),
        (
            lambda t: t["objects"]["shires"]["geometries"][0].update(
                type="GeometryCollection", geometries=None
            ),
            "objects.shires.geometries[0]: 'geometries' must be a list",
        ),
        (
            lambda t: t["objects"]["towns"]["geometries"][0].update(type="MultiPoint", coordinates=5),
            "'coordinates' must be a list",
        ),
    ],
)
def test_malformed_topologies_name_the_file_and_the_place(
    topology: dict[str, Any], change: Any, message: str
) -> None:
    change(topology)
    with pytest.raises(SourceError) as caught:
        for layer in layers(topology) or [None]:
            to_features(topology, layer, source="shires.topojson")
    assert str(caught.value).startswith("shires.topojson: ")
    assert message in str(caught.value)


def test_a_bad_arc_names_the_geometry(topology: dict[str, Any]) -> None:
    topology["objects"]["shires"]["geometries"][1]["arcs"] = [[9]]
    with pytest.raises(SourceError, match=r"objects\.shires\.geometries\[1\]: arc 9"):
        to_features(topology, source="x")
