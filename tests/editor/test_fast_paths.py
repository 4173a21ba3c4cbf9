"""Painter paths made from coordinate arrays in one pass are the paths made vertex by vertex."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath
from shapely.geometry import Polygon, box

from editor.mapview.fast_paths import polygons_paths, polylines_path
from editor.mapview.items import geometry_path, polyline_path


def elements(path: QPainterPath) -> list[tuple[float, float, int]]:
    return [
        (path.elementAt(i).x, path.elementAt(i).y, path.elementAt(i).type.value)
        for i in range(path.elementCount())
    ]


def test_a_batch_of_polylines_is_each_line_one_after_the_other() -> None:
    lines = [[(0.0, 0.0), (1.5, 1.0), (2.0, -3.25)], [(5.0, 5.0), (6.0, 6.0)], [(7.0, 1.0), (7.0, 2.0)]]
    expected = QPainterPath()
    for line in lines:
        expected.addPath(polyline_path(line))
    path = polylines_path(lines)
    assert elements(path) == elements(expected)
    assert [kind for _x, _y, kind in elements(path)] == [0, 1, 1, 0, 1, 0, 1]  # a move starts each line
    assert polylines_path([]).isEmpty()


def test_each_members_faces_make_one_path_with_holes_left_empty() -> None:
    frame = Polygon([(0, 0), (10, 0), (10, 10), (0, 10)], [[(2, 2), (4, 2), (4, 4), (2, 4)]])
    lake_island = box(2.5, 2.5, 3.5, 3.5)
    elsewhere = box(20, 20, 21, 22)
    paths, extents = polygons_paths([frame, lake_island, elsewhere], [[0], [], [1, 2], [0, 1]])
    assert elements(paths[0]) == elements(geometry_path(frame))
    assert paths[0].fillRule() == Qt.FillRule.OddEvenFill
    assert paths[0].contains(QPointF(1, 1)) and not paths[0].contains(QPointF(2.2, 2.2))
    assert paths[1].isEmpty() and all(math.isnan(v) for v in extents[1])
    assert paths[2].contains(QPointF(3, 3)) and paths[2].contains(QPointF(20.5, 21))
    assert paths[3].contains(QPointF(3, 3))  # an island of the same area in its own hole is filled
    assert extents[0].tolist() == [0, 0, 10, 10]
    assert extents[2].tolist() == [2.5, 2.5, 21, 22]
    assert paths[2].boundingRect().getCoords() == (2.5, 2.5, 21, 22)
