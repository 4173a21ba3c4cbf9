"""The linework check's noding shortcut (``model.linework_problems._noded_already``) says "clean"
only where the pair-by-pair check finds no meeting problem, and the check's answers are the same
with and without it."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString

from model import linework_problems
from model.geometry import generate_test_map
from model.topology import boundary_lines

CLEAN = {
    "three at a node": [[(0, 0), (1, 0)], [(1, 0), (2, 1)], [(1, 0), (1, -1)]],
    "ring touching a line at its node": [[(0, 0), (1, 0), (1, 1), (0, 0)], [(0, 0), (-1, 0)]],
    "near but apart": [[(0, 0), (1, 0)], [(0.5, 0.001), (0.5, 1)]],
}
BROKEN = {
    "duplicate": [[(0, 0), (1, 0)], [(0, 0), (1, 0)]],
    "duplicate reversed": [[(0, 0), (1, 0)], [(1, 0), (0, 0)]],
    "crossing": [[(0, 0), (2, 2)], [(0, 2), (2, 0)]],
    "crossing at inner vertices": [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]],
    "end on the middle": [[(0, 0), (2, 0)], [(1, 0), (1, 1)]],
    "end on an inner vertex": [[(0, 0), (1, 0), (2, 0)], [(1, 0), (1, 1)]],
    "part of another": [[(0, 0), (2, 0)], [(0, 0), (1, 0)]],
    "overlapping stretch": [[(0, 0), (2, 0)], [(1, 0), (3, 0)]],
    "ring touched on its middle": [[(0, 0), (1, 0), (1, 1), (0, 0)], [(1, 0), (2, 0)]],
}


def check(lines: dict[str, LineString], shortcut: bool, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    if not shortcut:
        monkeypatch.setattr(linework_problems, "_noded_already", lambda *args: False)
    problems = linework_problems.find_problems(lines, set(lines), dangling=False)
    monkeypatch.undo()
    return [(p.code, p.boundary_ids, p.message) for p in problems]


def noded(lines: list[LineString]) -> bool:
    array = np.array(lines, dtype=object)
    return linework_problems._noded_already(array, shapely.STRtree(array), shapely.is_simple(array))


@pytest.mark.parametrize("name", sorted(CLEAN))
def test_clean_linework_takes_the_shortcut(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = {f"b{i}": LineString(points) for i, points in enumerate(CLEAN[name])}
    assert noded(list(lines.values()))
    assert check(lines, True, monkeypatch) == check(lines, False, monkeypatch) == []


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_lines_meeting_away_from_their_ends_never_take_it(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = {f"b{i}": LineString(points) for i, points in enumerate(BROKEN[name])}
    assert not noded(list(lines.values()))
    found = check(lines, True, monkeypatch)
    assert found and found == check(lines, False, monkeypatch)


def test_a_generated_map_is_clean_either_way_and_a_crossing_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scenario = generate_test_map(300, seed=2)
    ids = [b.id for b in scenario.map.boundaries]
    lines = dict(zip(ids, boundary_lines(scenario.map.boundaries), strict=True))
    assert noded(list(lines.values()))
    assert check(lines, True, monkeypatch) == check(lines, False, monkeypatch) == []
    size = scenario.map.bounds.max_x - scenario.map.bounds.min_x  # type: ignore[union-attr]
    lines["cut"] = LineString([(0.3 * size, 0.3 * size + 0.5), (0.6 * size, 0.6 * size - 0.5)])
    found = check(lines, True, monkeypatch)
    assert found == check(lines, False, monkeypatch)
    assert {code for code, *_ in found} == {"BOUNDARY_CROSSING"}


@pytest.mark.parametrize("strip", [7, 64, 100_000])
def test_noding_strip_by_strip_finds_what_noding_all_at_once_finds(
    strip: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any strip width: a clean map passes, and a cut through many strips, a line laid over another
    and a line ending on another's middle are each caught."""
    monkeypatch.setattr(linework_problems, "_NODING_STRIP", strip)
    scenario = generate_test_map(200, seed=9)
    lines = boundary_lines(scenario.map.boundaries)
    assert noded(lines)
    size = scenario.map.bounds.max_x - scenario.map.bounds.min_x  # type: ignore[union-attr]
    cut = LineString([(0.05 * size, 0.5 * size + 0.25), (0.95 * size, 0.5 * size - 0.25)])
    assert not noded([*lines, cut])
    assert not noded([*lines, LineString(lines[len(lines) // 2].coords)])  # a duplicate
    middle = shapely.line_interpolate_point(lines[3], 0.5, normalized=True)
    assert not noded([*lines, LineString([middle.coords[0], (middle.x + 0.1, middle.y + 0.1)])])


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3)), min_size=2, max_size=4), max_size=6)
)
def test_lines_simple_together_meet_only_at_shared_ends(points: list[list[tuple[int, int]]]) -> None:
    """The quick simplicity test only ever says clean where the pair-by-pair check finds no
    meeting problem (lines on a small grid: ends on ends, on middles, overlaps, rings, repeats)."""
    lines = np.array([LineString(p) for p in points], dtype=object)
    simple = shapely.is_simple(lines)
    if not len(lines) or not simple.all() or not linework_problems._simple_together(lines):
        return
    ids = [f"b{i}" for i in range(len(lines))]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(linework_problems, "_noded_already", lambda *args: False)
        assert linework_problems._meeting_problems(ids, lines, simple, linework_problems.CheckCounts()) == []
