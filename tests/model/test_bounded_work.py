"""Small hostile files must make bounded work and fail with messages that name the limit and place.

Each test builds its own hostile file (a boundary through random points, a self-crossing star, a
TopoJSON arc reused hundreds of times, a NaN after a long string...). The limits are in
``model.limits``; tests shrink one with ``monkeypatch`` where the real value needs a large file.
"""

from __future__ import annotations

import json
import math
import random
import tracemalloc
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import shapely

from model import face_walk, io, limits, linework_problems, topology
from model.crossings import self_crossings
from model.importers import SourceError, import_file, pipeline
from model.importers.common import ImportOptions
from model.scenario import Scenario
from model.validate import validate


def _scenario(boundaries: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "schema_version": 1,
        "metadata": {"title": "hostile"},
        "map": {
            "grid": 0.01,
            "boundaries": boundaries,
            "areas": [{"id": "a1", "name": "A", "anchors": [[500, 500]]}],
        },
        "ruleset": {"id": "eotma"},
    }


def _random_points(count: int, seed: int = 1) -> list[list[float]]:
    rng = random.Random(seed)
    return [[round(rng.uniform(0, 1000), 2), round(rng.uniform(0, 1000), 2)] for _ in range(count)]


def _star_ring(vertices: int) -> list[list[float]]:
    step = vertices // 2 - 1
    while math.gcd(vertices, step) != 1:
        step -= 1
    ring = [
        [
            round(10 + 5 * math.cos(2 * math.pi * i * step / vertices), 6),
            round(50 + 5 * math.sin(2 * math.pi * i * step / vertices), 6),
        ]
        for i in range(vertices)
    ]
    return [*ring, ring[0]]


# --- the validator ---------------------------------------------------------------------------


def test_a_boundary_through_3000_random_points_is_one_located_issue() -> None:
    """About 900,000 self-crossings: noding them took 30 s and 2 GB; now counting stops at the cap."""
    points = _random_points(3000)
    scenario = Scenario.model_validate(_scenario([{"id": "b1", "points": [*points, points[0]]}]))
    issues = [i for i in validate(scenario) if i.code == "BOUNDARY_SELF_CROSSING"]
    assert len(issues) == 1
    cap = limits.SELF_CROSSINGS_LISTED.value
    assert f"boundary b1 crosses or touches itself at more than {cap} points; first at (" in issues[0].message
    assert issues[0].ids == ("b1",)
    x, y = issues[0].location or (None, None)
    assert x is not None and 0 <= x <= 1000 and y is not None and 0 <= y <= 1000


def test_a_self_crossing_boundary_among_others_is_not_related_to_each_of_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A random boundary in a map with other boundaries across it: relating it to each one nodes
    all its crossings again every time (3,000 points in a mutated shipped map: minutes). It is
    reported once as crossing itself, and the meetings of the other boundaries are still checked."""
    points = _random_points(800)
    others = [{"id": f"h{k}", "points": [[-10, 100.0 * k + 5], [1010, 100.0 * k + 5]]} for k in range(10)]
    crossing = {"id": "v1", "points": [[500.5, -10], [500.5, 1010]]}  # crosses every h: 10 problems
    boundaries = [{"id": "b1", "points": [*points, points[0]]}, *others, crossing]
    scenario = Scenario.model_validate(_scenario(boundaries))
    related: list[str] = []
    relate = shapely.relate

    def recording(first: Any, second: Any) -> Any:
        related.extend(str(len(shapely.get_coordinates(line))) for line in [*first, *second])
        return relate(first, second)

    monkeypatch.setattr(linework_problems.shapely, "relate", recording)
    issues = validate(scenario)
    assert [i.ids for i in issues if i.code == "BOUNDARY_SELF_CROSSING"] == [("b1",)]
    assert "801" not in related  # the self-crossing boundary is never related to another
    crossings = sorted(i.ids for i in issues if i.code == "BOUNDARY_CROSSING")
    assert crossings == sorted((f"h{k}", "v1") for k in range(10))


def test_self_crossings_are_counted_exactly_below_the_cap() -> None:
    bow_tie = [[0, 0], [2, 2], [2, 0], [0, 2], [0, 0]]
    found = self_crossings([bow_tie])
    assert (found.count, found.more, found.first) == (1, False, (1.0, 1.0))
    assert found.describe() == "at 1 point; first at (1, 1)"
    square = [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]
    assert self_crossings([square]).count == 0


def test_self_crossings_stop_at_the_budget_of_pairs_examined() -> None:
    """A sawtooth whose long teeth all overlap in their boxes: every pair would be examined."""
    xs = np.where(np.arange(2000) % 2 == 0, 0.0, 1000.0)
    saw = np.column_stack([xs, np.arange(2000.0) + xs])
    found = self_crossings([saw], budget=10_000)
    assert found.more and found.count == 0 and found.first is None


def test_crossings_between_boundaries_are_listed_up_to_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """300 random segments cross some 9,000 times: a few are listed, then one issue says the rest."""
    small = limits.Limit("crossings_listed", 20, "boundary crossings listed one by one", "fix them")
    monkeypatch.setattr(linework_problems, "CROSSINGS_LISTED", small)
    boundaries = [{"id": f"b{i}", "points": _random_points(2, seed=i)} for i in range(300)]
    scenario = Scenario.model_validate(_scenario(boundaries))
    crossings = [i for i in validate(scenario) if i.code == "BOUNDARY_CROSSING"]
    assert len(crossings) == 21
    assert "cross in more places than are listed" in crossings[-1].message
    assert "(limit crossings_listed)" in crossings[-1].message


def test_the_crossing_check_stops_at_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    small = limits.Limit("crossing_pairs_examined", 50, "pairs examined", "redraw it")
    monkeypatch.setattr(linework_problems, "CROSSING_PAIRS_EXAMINED", small)
    boundaries = [{"id": f"b{i}", "points": _random_points(2, seed=i)} for i in range(300)]
    crossings = [
        i for i in validate(Scenario.model_validate(_scenario(boundaries))) if i.code == "BOUNDARY_CROSSING"
    ]
    assert crossings and "(limit crossing_pairs_examined)" in crossings[-1].message


# --- loading ---------------------------------------------------------------------------------


def test_a_boundary_over_the_point_limit_is_refused_with_its_place(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _scenario([{"id": "b1", "points": _random_points(limits.BOUNDARY_POINTS.value + 1)}])
    with pytest.raises(io.LoadError) as caught:
        io.loads(json.dumps(data), "long.mappa.json")
    text = str(caught.value)
    assert "long.mappa.json" in text
    assert "map.boundaries[0].points" in text and "(limit boundary_points)" in text


@pytest.mark.parametrize("grid", [5e-324, 1e-300, 1e30])
def test_a_grid_that_saving_cannot_write_is_refused_on_load(grid: float) -> None:
    data = _scenario([{"id": "b1", "points": [[0, 0], [1, 1]]}])
    data["map"]["grid"] = grid
    with pytest.raises(io.LoadError) as caught:
        io.loads(json.dumps(data), "grid.mappa.json")
    assert "map.grid" in str(caught.value)


def test_a_coordinate_beyond_the_map_limit_is_refused_on_load() -> None:
    data = _scenario([{"id": "b1", "points": [[0, 1e300], [1, 1]]}])
    with pytest.raises(io.LoadError) as caught:
        io.loads(json.dumps(data), "far.mappa.json")
    assert "map.boundaries[0].points" in str(caught.value)
    assert "point 0 (0, 1e+300) lies beyond 1e+12" in str(caught.value)


def test_a_million_bad_points_make_a_bounded_list_of_problems() -> None:
    """Each bad point is an error of the schema; the file is refused listing the first ones."""
    data = _scenario([{"id": "b1", "points": [["x", 1]] * 20_000}])
    with pytest.raises(io.LoadError) as caught:
        io.loads(json.dumps(data), "bad.mappa.json")
    problems = caught.value.problems
    assert len(problems) == limits.LOAD_PROBLEMS_LISTED.value + 1
    assert problems[0].where.startswith("map.boundaries[0].points[0][0]")
    assert "(limit load_problems_listed)" in problems[-1].message


def test_a_nan_after_a_long_string_is_located_without_memory_per_character() -> None:
    """The regex that finds the NaN kept state per character of a string (120 bytes each)."""
    text = '{"schema_version": 1, "metadata": {"title": "' + "x" * 2_000_000 + '"},\n "rounds": NaN}'
    tracemalloc.start()
    try:
        with pytest.raises(io.LoadError) as caught:
            io.loads(text, "nan.mappa.json")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "line 2, column 12" in str(caught.value)
    assert peak < 40 * 2**20  # the text itself is 2 MB; per-character state was 240 MB


# --- importing -------------------------------------------------------------------------------


def _write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _feature(name: Any, ring: list[list[float]]) -> dict[str, Any]:
    return {
        "type": "Feature",
        "properties": {"name": name},
        "geometry": {"type": "Polygon", "coordinates": [ring]},
    }


def test_a_self_crossing_star_is_skipped_before_its_repair(tmp_path: Path) -> None:
    """make_valid of a 1,000-vertex star makes 500,000 pieces (over 180 s, 1.8 GB)."""
    square = [[0, 40], [1, 40], [1, 41], [0, 41], [0, 40]]
    source = _write(
        tmp_path / "star.geojson",
        {
            "type": "FeatureCollection",
            "features": [_feature("Star", _star_ring(1000)), _feature("Square", square)],
        },
    )
    result = import_file("geojson", source)
    assert [area.name for area in result.scenario.map.areas if area.kind == "land"] == ["Square"]
    [warning] = [w for w in result.warnings if "Star" in w]
    assert (
        "crosses itself at more than 2,000 points" in warning and "(limit import_self_crossings)" in warning
    )


def test_a_topojson_arc_reused_hundreds_of_times_is_refused(tmp_path: Path) -> None:
    ring = _star_ring(1000)
    geometries = [{"type": "Polygon", "arcs": [[0]], "properties": {"name": f"a{i}"}} for i in range(200)]
    topology = {
        "type": "Topology",
        "objects": {"areas": {"type": "GeometryCollection", "geometries": geometries}},
        "arcs": [ring],
    }
    with pytest.raises(SourceError) as caught:
        import_file("topojson", _write(tmp_path / "reuse.topojson", topology))
    text = str(caught.value)
    assert "reuse.topojson" in text and "objects.areas.geometries[" in text
    assert "(limit topojson_arc_reuse)" in text


def test_coordinates_near_the_largest_float_are_refused(tmp_path: Path) -> None:
    big = 1e308
    ring = [[-big, -big], [big, -big], [big, big], [-big, big], [-big, -big]]
    with pytest.raises(SourceError) as caught:
        import_file("geojson", _write(tmp_path / "plane_1e308.geojson", _feature("Plane", ring)))
    assert "plane_1e308.geojson" in str(caught.value) and "a coordinate reaches 1e+308" in str(caught.value)


@pytest.mark.parametrize("grid", [1e-300, 1e-12, 1e30])
def test_a_grid_that_saving_cannot_write_is_refused_on_import(tmp_path: Path, grid: float) -> None:
    square = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]
    source = _write(tmp_path / "square.geojson", _feature("Square", square))
    with pytest.raises(SourceError) as caught:
        import_file("geojson", source, ImportOptions(grid=grid, project="none"))
    assert "--grid" in str(caught.value)


def test_lone_surrogates_and_huge_names_are_cleaned_with_a_warning(tmp_path: Path) -> None:
    first = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]
    second = [[10, 0], [20, 0], [20, 10], [10, 10], [10, 0]]
    source = tmp_path / "names.geojson"
    text = json.dumps(
        {
            "type": "FeatureCollection",
            "features": [_feature("Bad\ud800name", first), _feature("n" * 50_000, second)],
        }
    )
    source.write_text(text, encoding="utf-8")  # json.dumps escapes the surrogate as \\ud800
    result = import_file("geojson", source, ImportOptions(project="none"))
    names = [area.name for area in result.scenario.map.areas if area.kind == "land"]
    assert names == ["Bad?name", "n" * limits.NAME_CHARACTERS.value]
    assert any("lone surrogates" in w for w in result.warnings)
    assert any("(limit name_characters)" in w for w in result.warnings)
    io.dumps(result.scenario).encode("utf-8")  # saves


def test_an_import_larger_than_the_loader_accepts_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 200 MB name made a 191 MB scenario that Mappa then refused to open."""
    monkeypatch.setattr(io, "MAX_FILE_BYTES", 2_000)
    squares = [_feature(f"area {i}", [[i, 0], [i + 1, 0], [i + 1, 1], [i, 1], [i, 0]]) for i in range(40)]
    source = _write(tmp_path / "big.geojson", {"type": "FeatureCollection", "features": squares})
    with pytest.raises(SourceError) as caught:
        import_file("geojson", source, ImportOptions(project="none", grid=0.01))
    assert "big.geojson" in str(caught.value) and "Mappa opens files up to" in str(caught.value)


# --- failures of the geometry library --------------------------------------------------------


@pytest.mark.parametrize("failure", [MemoryError(), shapely.errors.GEOSException("bad_alloc")])
def test_a_geos_failure_is_an_issue_naming_the_boundaries(
    monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:
    """GEOS running out of memory or not converging is the file's doing: an issue, not a crash."""
    points = _random_points(50)
    scenario = Scenario.model_validate(_scenario([{"id": "b1", "points": [*points, points[0]]}]))

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise failure

    # The faces come from the face walk, or from polygonize where the walk gives way: both fail.
    monkeypatch.setattr(topology.shapely, "polygonize", fail)
    monkeypatch.setattr(face_walk.shapely, "is_valid", fail)
    issues = validate(scenario)
    [failed] = [i for i in issues if i.code == "GEOMETRY_FAILED"]
    assert failed.ids == ("b1",) and "look at boundaries b1" in failed.message
    assert not [i for i in issues if i.code == "INTERNAL_ERROR"]


def test_a_geos_failure_during_an_import_is_a_source_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    square = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]
    source = _write(tmp_path / "square.geojson", _feature("Square", square))

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr(pipeline, "polygons_to_linework", fail)
    with pytest.raises(SourceError) as caught:
        import_file("geojson", source, ImportOptions(project="none"))
    assert "square.geojson" in str(caught.value) and "MemoryError" in str(caught.value)


def test_properties_that_are_not_an_object_are_ignored_with_a_warning(tmp_path: Path) -> None:
    feature = _feature("x", [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]])
    feature["properties"] = [1, 2]
    result = import_file(
        "geojson", _write(tmp_path / "props.geojson", feature), ImportOptions(project="none")
    )
    assert [area.name for area in result.scenario.map.areas] == ["area 1"]
    assert "feature 0: 'properties' is not an object; ignored" in result.warnings


def test_a_geojson_type_that_is_not_a_name_is_refused(tmp_path: Path) -> None:
    source = _write(tmp_path / "odd.geojson", {"type": ["FeatureCollection"], "features": []})
    with pytest.raises(SourceError) as caught:
        import_file("geojson", source)
    assert "odd.geojson" in str(caught.value) and "'type' is ['FeatureCollection']" in str(caught.value)
