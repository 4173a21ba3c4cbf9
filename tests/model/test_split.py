"""Splitting areas (``ops.split_area``, ``ops.split_crossed``): cases on the grid map, then random
straight and bent strokes across the land areas of every shipped scenario (hypothesis).

The grid map (tests/model/conftest.py): land squares ``a{row}{col}`` of 10 x 10, y growing
downwards, ``a11`` spanning (10, 10)-(20, 20); grid step 0.01.
"""

from __future__ import annotations

import functools
import math
import os
import re
from pathlib import Path

import pytest
import shapely
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from linework_checks import point_in_face
from shapely.geometry import LineString, MultiLineString, Point, Polygon
from shapely.ops import split as split_polygon

from model import io, ops
from model.ops.core import InvalidGeometryError, snap
from model.scenario import AreaKind, Scenario
from model.topology import Topology

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").glob("*.mappa.json"))
EXAMPLES = int(os.environ.get("MAPPA_SPLIT_EXAMPLES", "10"))
"""Random strokes per shipped scenario (raise it to search harder: MAPPA_SPLIT_EXAMPLES=500)."""


def dump(scenario: Scenario) -> str:
    return io.dumps(scenario)


def areas_of(scenario: Scenario) -> dict[str, float]:
    """Area id -> the surface of its faces (0 for an area in no face)."""
    topology = Topology.build(scenario.map)
    return {
        a.id: (shape.area if (shape := topology.area_geometry(a.id)) is not None else 0.0)
        for a in scenario.map.areas
    }


def health(topology: Topology) -> tuple[int, int, int]:
    """Linework problems, gaps and stray anchors (a split adds none)."""
    return (len(topology.linework_problems()), len(topology.gaps()), len(topology.stray_anchors()))


def split_and_check(scenario: Scenario, op: object, *args: object, **kwargs: object) -> ops.Change:
    """Run a split; check the map stays sound, the local update is exact, and undo gives the bytes."""
    before = dump(scenario)
    topology = Topology.build(scenario.map)
    sound = health(topology)
    change = op(scenario, *args, topology=topology, **kwargs)  # type: ignore[operator]
    topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
    fresh = Topology.build(scenario.map)
    assert topology.canonical() == fresh.canonical()
    assert health(fresh) == sound
    redo = change.revert(scenario)
    assert dump(scenario) == before
    redo.revert(scenario)
    return change


def new_areas(change: ops.Change) -> list[str]:
    return [i for i in change.created if i.startswith("a")]


# --- cases on the grid map -------------------------------------------------------------------


def test_a_line_overshooting_both_borders_splits_the_area_in_two(grid: Scenario) -> None:
    change = split_and_check(grid, ops.split_area, "a11", [(13.3, 4.7), (16.1, 27.9)])
    [new] = new_areas(change)
    surfaces = areas_of(grid)
    assert surfaces["a11"] + surfaces[new] == pytest.approx(100.0)
    assert min(surfaces["a11"], surfaces[new]) > 30
    assert change.description == f"Split a11 in two (a11, {new})"
    # Only the chosen area: its neighbours the line also crossed keep their surface.
    assert surfaces["a01"] == surfaces["a21"] == pytest.approx(100.0)


def test_a_line_crossing_the_area_twice_cuts_it_into_three(grid: Scenario) -> None:
    change = split_and_check(grid, ops.split_area, "a11", [(12, 5), (12, 25), (14, 25), (14, 5)])
    parts = new_areas(change)
    assert len(parts) == 2
    assert change.description == f"Split a11 into 3 parts (a11, {parts[0]}, {parts[1]})"
    surfaces = areas_of(grid)
    assert sorted(surfaces[a] for a in ["a11", *parts]) == pytest.approx([20.0, 20.0, 60.0])
    assert surfaces["a01"] == surfaces["a21"] == pytest.approx(100.0)


def test_a_diagonal_through_two_nodes_splits_into_triangles(grid: Scenario) -> None:
    change = split_and_check(grid, ops.split_area, "a11", [(5, 5), (25, 25)])
    [new] = new_areas(change)
    surfaces = areas_of(grid)
    assert surfaces["a11"] == surfaces[new] == pytest.approx(50.0)


def test_ends_inside_the_area_within_the_tolerance_snap_onto_its_border(grid: Scenario) -> None:
    line = [(12, 10.3), (12.5, 19.6)]
    with pytest.raises(ops.PreconditionError, match=r"from border to border: its end at \(12, 10.3\)"):
        ops.split_area(grid, "a11", line)
    change = split_and_check(grid, ops.split_area, "a11", line, tolerance=0.5)
    [new] = new_areas(change)
    assert areas_of(grid)[new] == pytest.approx(22.5)


def test_a_line_along_a_border_or_cutting_only_a_sliver_is_refused(grid: Scenario) -> None:
    before = dump(grid)
    with pytest.raises(ops.PreconditionError, match="does not cross area a11: it runs along its border"):
        ops.split_area(grid, "a11", [(10, 5), (10, 25)])
    # Across a11 at a slope of 1/1000 from its corner: the part below h11 is 0.01 thick at most.
    with pytest.raises(ops.PreconditionError, match="wider than the grid"):
        ops.split_area(grid, "a11", [(0, 9.99), (30, 10.02)])
    assert dump(grid) == before


def test_a_line_that_never_enters_the_area_is_refused_with_the_reason(grid: Scenario) -> None:
    with pytest.raises(ops.PreconditionError, match="does not cross area a11"):
        ops.split_area(grid, "a11", [(0, 5), (30, 5)])


def test_anchors_on_both_sides_each_keep_a_part(grid: Scenario) -> None:
    grid.area("a11").anchors = [(12, 15), (18, 15)]
    change = split_and_check(grid, ops.split_area, "a11", [(15, 5), (15, 25)])
    [new] = new_areas(change)
    assert grid.area("a11").anchors == [(12.0, 15.0)]
    assert grid.area(new).anchors == [(18.0, 15.0)]


def test_split_crossed_splits_every_area_the_line_crosses_in_one_change(grid: Scenario) -> None:
    change = split_and_check(grid, ops.split_crossed, [(-2, 13), (32, 13)])
    parts = new_areas(change)
    assert len(parts) == 3
    assert change.description.startswith("Split 3 areas: a10 in two")
    surfaces = areas_of(grid)
    assert [surfaces[a] for a in ("a10", "a11", "a12")] == pytest.approx([70.0] * 3)
    assert sorted(surfaces[a] for a in parts) == pytest.approx([30.0] * 3)


def test_a_split_moves_another_areas_anchor_off_the_new_border() -> None:
    """Regression (found by the random drawing test on seasons-isles): dunhollow's anchor moved into
    harrowmere's face, then harrowmere split by a line through that anchor. The new border used to
    cover the anchor, leaving dunhollow in no face (ANCHOR_OUTSIDE); now it moves off the border,
    as a drawn border moves anchors, and undo gives the file back."""
    text = (ROOT / "scenarios" / "seasons-isles.mappa.json").read_text(encoding="utf-8")
    scenario = io.loads(text)
    topology = Topology.build(scenario.map)
    ops.move_anchor(scenario, "dunhollow", 0, (99.0, 102.0))  # inside harrowmere's face
    topology = Topology.build(scenario.map)
    assert topology.area_faces("dunhollow") == topology.area_faces("harrowmere")
    before = dump(scenario)
    change = ops.split_area(scenario, "harrowmere", [(200.0, 102.35), (0.0, 102.35)], topology=topology)
    assert "dunhollow" in change.touched.areas
    (anchor,) = scenario.area("dunhollow").anchors
    assert anchor != (99.0, 102.0)
    lines = [LineString(b.points) for b in scenario.map.boundaries]
    assert min(line.distance(Point(anchor)) for line in lines) > 0
    after = Topology.build(scenario.map)
    assert after.anchor_face("dunhollow", 0) is not None
    assert ("dunhollow", 0) not in after.stray_anchors()
    change.revert(scenario)
    assert dump(scenario) == before


def test_split_crossed_limited_to_some_areas(grid: Scenario) -> None:
    change = split_and_check(grid, ops.split_crossed, [(-2, 13), (32, 13)], ["a12", "a00"])
    assert change.touched.areas == {"a12", *new_areas(change)}
    with pytest.raises(ops.PreconditionError, match="crosses no area"):
        ops.split_crossed(grid, [(-2, 13), (32, 13)], ["a00"])


# --- random strokes across the land areas of every shipped scenario ---------------------------


@functools.cache
def shipped_text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@functools.cache
def land_faces(path: Path) -> list[tuple[str, Polygon, tuple[float, float, float, float]]]:
    """(area id, face, area bounds) of every face of every land area of a shipped scenario."""
    scenario = io.loads(shipped_text(path), str(path))
    topology = Topology.build(scenario.map)
    found = []
    for area in scenario.map.areas:
        shape = topology.area_geometry(area.id)
        if area.kind != AreaKind.LAND or shape is None:
            continue
        for face in topology.area_faces(area.id):
            found.append((area.id, topology.face(face), shape.bounds))
    return found


def point_inside(data: st.DataObject, face: Polygon) -> tuple[float, float]:
    """A point strictly inside the face: on a random chord at a random height."""
    return point_in_face(data, face, 0.02)


def outward(point: tuple[float, float], angle: float, bounds: tuple[float, ...]) -> tuple[float, float]:
    """A point beyond the area's bounding box from ``point`` in direction ``angle``."""
    reach = math.hypot(bounds[2] - bounds[0], bounds[3] - bounds[1]) + 1.0
    return (point[0] + reach * math.cos(angle), point[1] + reach * math.sin(angle))


def wide_parts(face: Polygon, line: list[tuple[float, float]], grid: float) -> list[Polygon]:
    """The parts of ``face`` cut by ``line`` exactly, that are at least four grid steps wide."""
    parts = shapely.get_parts(split_polygon(face, LineString(line)))
    return [p for p in parts if 2 * p.area / p.length >= 4 * grid]


REFUSED_NEAR = re.compile(
    r"within one grid step of other linework near \((?P<x>[-\d.e+]+), (?P<y>[-\d.e+]+)\)"
)


def assert_refusal_is_justified(message: str, scenario: Scenario, line: list[tuple[float, float]]) -> None:
    """A refused stroke names a point that lies by the stroke and by linework of the map."""
    found = REFUSED_NEAR.search(message)
    assert found is not None, message
    where = Point(float(found["x"]), float(found["y"]))
    reach = 3 * scenario.map.grid
    assert LineString([snap(p, scenario.map.grid) for p in line]).distance(where) <= reach, message
    linework = MultiLineString([b.points for b in scenario.map.boundaries])
    assert linework.distance(where) <= reach, message


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name.split(".")[0])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_stroke_across_a_land_area_splits_it(path: Path, data: st.DataObject) -> None:
    area_id, face, bounds = data.draw(st.sampled_from(land_faces(path)), label="face")
    angle = st.floats(0, 2 * math.pi)
    first = point_inside(data, face)
    if data.draw(st.booleans(), label="bent"):
        second = point_inside(data, face)
        line = [
            outward(first, data.draw(angle), bounds),
            first,
            second,
            outward(second, data.draw(angle), bounds),
        ]
    else:
        direction = data.draw(angle)
        line = [outward(first, direction, bounds), outward(first, direction + math.pi, bounds)]
    scenario = io.loads(shipped_text(path), str(path))
    # Without loops, also once on the grid (a stroke crossing itself is refused with that reason).
    grid = scenario.map.grid
    assume(LineString(line).is_simple and LineString([snap(p, grid) for p in line]).is_simple)
    # A sensible stroke: cut exactly (in floating point), the face falls into parts wider than a
    # few grid steps (a part thinner than the grid is merged back, by design).
    assume(len(wide_parts(face, line, grid)) >= 2)
    count = len(scenario.map.areas)
    try:
        change = split_and_check(scenario, ops.split_area, area_id, line)
    except InvalidGeometryError as refusal:
        # The designed refusal (model/ops/noding.py check_noded): rounding to the grid would make
        # the stroke meet other linework. It must name a real place: beside the stroke and beside
        # existing linework, within a couple of grid steps of both.
        assert_refusal_is_justified(str(refusal), scenario, line)
        return
    assert len(scenario.map.areas) > count
    surfaces = areas_of(scenario)
    assert all(surfaces[a] > 0 for a in [area_id, *new_areas(change)])
