"""``model.face_walk``: the walk gives shapely's faces exactly (same points, same order) and the
faces on each boundary's sides, or gives way (None) where it cannot be sure to."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
import shapely
from shapely.geometry import LineString

import model.topology as topology_module
from model import io
from model.face_walk import walk_lines
from model.geometry import generate_test_map
from model.topology import Topology, polygonize_here

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").glob("*.mappa.json"))

Points = list[tuple[float, float]]


def square(x0: float, y0: float, x1: float, y1: float) -> Points:
    """A closed ring round a box, counter-clockwise (x right, y up)."""
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]


def lines(*parts: Points) -> list[LineString]:
    return [LineString(part) for part in parts]


def wkb(polygons: object) -> list[bytes]:
    return [bytes(shapely.to_wkb(p)) for p in shapely.get_parts(np.asarray(polygons, dtype=object))]


def assert_as_shapely(linework: list[LineString]) -> None:
    """The walk's faces are shapely's, point for point and in its order (or the walk gives way)."""
    walked = walk_lines(linework)
    if walked is not None:
        assert wkb(walked.faces) == wkb(polygonize_here(linework))


def test_two_squares_sharing_a_side() -> None:
    # Two 10 x 10 squares side by side: a (0..10) and b (10..20); the shared side runs up x = 10.
    linework = lines(
        [(10, 0), (10, 10)], [(10, 10), (0, 10), (0, 0), (10, 0)], [(10, 0), (20, 0), (20, 10), (10, 10)]
    )
    walked = walk_lines(linework)
    assert walked is not None
    assert wkb(walked.faces) == wkb(polygonize_here(linework))
    areas = sorted(shapely.area(walked.faces).tolist())
    assert areas == [100.0, 100.0]
    left_face, right_face = walked.faces[walked.left[0]], walked.faces[walked.right[0]]
    # Walking up x = 10, the left square is on the left.
    assert left_face.centroid.x == pytest.approx(5.0)
    assert right_face.centroid.x == pytest.approx(15.0)
    # The outer borders have a face on one side only: the left one's outside is to its right.
    assert walked.right[1] == -1 and walked.left[1] >= 0
    assert walked.right[2] == -1 and walked.left[2] >= 0


def test_island_is_a_hole_of_the_sea() -> None:
    linework = lines(square(0, 0, 100, 100), square(40, 40, 60, 60))
    walked = walk_lines(linework)
    assert walked is not None
    assert wkb(walked.faces) == wkb(polygonize_here(linework))
    sea = next(f for f in walked.faces if len(f.interiors) == 1)
    assert sea.area == pytest.approx(100 * 100 - 20 * 20)
    # The island's ring (counter-clockwise) has the island on its left, the sea on its right.
    assert walked.faces[walked.left[1]].area == pytest.approx(400.0)
    assert walked.faces[walked.right[1]] is sea


def test_island_touching_its_coast_at_a_node() -> None:
    # A triangle inside the square whose corner is a node of the square's border: the sea's ring
    # passes that node twice and GEOS splits it (minimal rings).
    linework = lines(
        [(0, 0), (50, 0)],
        [(50, 0), (100, 0), (100, 100), (0, 100), (0, 0)],
        [(50, 0), (60, 20), (40, 20), (50, 0)],
    )
    walked = walk_lines(linework)
    assert walked is not None
    assert wkb(walked.faces) == wkb(polygonize_here(linework))
    assert len(walked.faces) == 2


def test_corner_touching_squares_and_nested_islands() -> None:
    assert_as_shapely(lines(square(0, 0, 10, 10), square(10, 10, 20, 20)))
    nested = lines(
        square(0, 0, 100, 100), square(10, 10, 90, 90), square(20, 20, 80, 80), square(40, 40, 60, 60)
    )
    walked = walk_lines(nested)
    assert walked is not None
    assert wkb(walked.faces) == wkb(polygonize_here(nested))
    assert [len(f.interiors) for f in walked.faces] == [1, 1, 1, 0]


@pytest.mark.parametrize(
    "linework",
    [
        lines(square(0, 0, 10, 10), [(10, 10), (20, 20)]),  # a dangle
        lines(square(0, 0, 10, 10), [(0, 0), (10, 0)]),  # overlapping boundaries
        lines(square(0, 0, 10, 10), [(5, 5), (5, 5)]),  # a boundary of one repeated point
    ],
    ids=["dangle", "overlap", "repeated point"],
)
def test_gives_way_where_geos_does_more(linework: list[LineString]) -> None:
    assert walk_lines(linework) is None


def test_crossing_lines_fall_back_or_match() -> None:
    # Lines that cross without a node: GEOS makes rings of the endpoint graph; invalid ones go.
    linework = lines(square(0, 0, 10, 10), [(0, 0), (10, 10)], [(10, 0), (0, 10)])
    assert_as_shapely(linework)


@pytest.mark.parametrize("areas, seed", [(40, 1), (300, 2), (2000, 3)])
def test_generated_maps_walk_and_match(areas: int, seed: int) -> None:
    linework = topology_module.boundary_lines(generate_test_map(areas, seed=seed).map.boundaries)
    walked = walk_lines(linework)
    assert walked is not None
    assert wkb(walked.faces) == wkb(polygonize_here(linework))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_maps_build_as_before(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Islands, coasts touched at a node: the walk's topology equals polygonize-then-link's."""
    scenario = io.load(path)
    walked = Topology.build(scenario.map)
    assert walk_lines(topology_module.boundary_lines(scenario.map.boundaries)) is not None
    monkeypatch.setattr(topology_module, "walk_faces", lambda coords, line_of, count: None)
    linked = Topology.build(scenario.map)
    assert wkb(walked.faces) == wkb(linked.faces)
    assert walked._boundary_faces == linked._boundary_faces
    assert walked._face_boundaries == linked._face_boundaries
    assert walked._anchor_faces == linked._anchor_faces


def _mangled(rng: random.Random, parts: list[Points]) -> list[Points]:
    """A generated map's boundaries after a few random faults of the kinds authors make."""
    nodes = sorted({p[0] for p in parts} | {p[-1] for p in parts})
    for _ in range(rng.randint(1, 4)):
        kind = rng.choice(["move", "snap", "delete", "duplicate", "island", "touch", "cross", "split"])
        if kind == "move":
            old = rng.choice(nodes)
            new = (old[0] + rng.uniform(-2000, 2000), old[1] + rng.uniform(-2000, 2000))
            parts = [[new if q == old else q for q in p] for p in parts]
        elif kind == "snap":  # a node onto another: rings through a node twice
            a, b = rng.sample(nodes, 2)
            parts = [[b if q == a else q for q in p] for p in parts]
        elif kind == "delete":
            parts.pop(rng.randrange(len(parts)))
        elif kind == "duplicate":
            p = rng.choice(parts)
            parts.append(p[::-1] if rng.random() < 0.5 else list(p))
        elif kind == "island":
            x, y, r = rng.uniform(0, 10000), rng.uniform(0, 10000), rng.uniform(50, 3000)
            ring = square(x - r, y - r, x + r, y + r)
            parts.append(ring[::-1] if rng.random() < 0.5 else ring)
        elif kind == "touch":
            c = rng.choice(nodes)
            r = rng.uniform(50, 800)
            parts.append([c, (c[0] + r, c[1] + r * 0.3), (c[0] + r * 0.2, c[1] + r), c])
        elif kind == "cross":
            a, b = rng.sample(nodes, 2)
            parts.append([a, b])
        else:
            i = rng.randrange(len(parts))
            p = parts[i]
            middle = ((p[0][0] + p[-1][0]) / 2, (p[0][1] + p[-1][1]) / 2)
            parts[i : i + 1] = [[p[0], middle], [middle, p[-1]]]
    return parts


def test_mangled_maps_match_or_give_way() -> None:
    """Broken linework of every kind: whenever the walk answers, it answers as shapely."""
    bases = {
        seed: [list(b.points) for b in generate_test_map(40, seed=seed).map.boundaries] for seed in (1, 2)
    }
    answered = 0
    for case in range(120):
        rng = random.Random(case)
        parts = _mangled(rng, [list(p) for p in bases[1 + case % 2]])
        linework = lines(*parts)
        walked = walk_lines(linework)
        if walked is not None:
            answered += 1
            assert wkb(walked.faces) == wkb(polygonize_here(linework)), case
    assert answered > 20  # the walk does answer for many of them (islands, touches, splits)
