"""The linework check relates boundary pairs a slice at a time (``shapely.relate`` holds the GIL for
its whole call); the matrices and the problems found are those of one call."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from model import linework_problems
from model.geometry import generate_test_map
from model.linework_problems import find_problems
from model.topology import boundary_lines


def test_relating_in_slices_gives_the_matrices_of_one_call(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = np.array(boundary_lines(generate_test_map(40, seed=2).map.boundaries), dtype=object)
    pairs = shapely.STRtree(lines).query(lines)
    first, second = lines[pairs[0]], lines[pairs[1]]
    monkeypatch.setattr(linework_problems, "_RELATE_SLICE", 7)
    sliced = linework_problems._relate(first, second)
    assert len(first) > 7 * 3
    assert sliced.tolist() == shapely.relate(first, second).tolist()


def test_crossings_are_found_whatever_the_slice(monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = generate_test_map(40, seed=2)
    # A short stray line across the middle of a boundary's first segment crosses it.
    (x0, y0), (x1, y1) = scenario.map.boundaries[5].points[:2]
    mx, my, nx, ny = (x0 + x1) / 2, (y0 + y1) / 2, (y0 - y1) * 0.2, (x1 - x0) * 0.2
    crossing = scenario.map.boundaries[0].model_copy(
        update={"id": "stray", "points": [(mx - nx, my - ny), (mx + nx, my + ny)]}
    )
    boundaries = [*scenario.map.boundaries, crossing]
    lines = dict(zip([b.id for b in boundaries], boundary_lines(boundaries), strict=True))
    whole = find_problems(lines, set(), dangling=False)
    monkeypatch.setattr(linework_problems, "_RELATE_SLICE", 3)
    assert find_problems(lines, set(), dangling=False) == whole
    assert any(p.code == "BOUNDARY_CROSSING" and "stray" in p.boundary_ids for p in whole)
