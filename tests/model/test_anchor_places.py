"""``model.anchor_places``: every anchor of a map placed at once, as ``Topology`` places them."""

from __future__ import annotations

from shapely.geometry import Polygon

from model.anchor_places import place_anchors
from model.scenario import Area, AreaKind
from model.spatial_index import SpatialIndex


def area(area_id: str, *anchors: tuple[float, float]) -> Area:
    return Area(id=area_id, name=area_id, kind=AreaKind.LAND, anchors=list(anchors))


def test_places_anchors_in_faces_in_map_order() -> None:
    # Face 0 spans x 0..10, face 1 x 10..20, face 2 overlaps face 1 (broken linework) at 15..25.
    faces = [
        Polygon([(0, 0), (10, 0), (10, 10), (0, 10)]),
        Polygon([(10, 0), (20, 0), (20, 10), (10, 10)]),
        Polygon([(15, 0), (25, 0), (25, 10), (15, 10)]),
    ]
    areas = [
        area("b", (16, 5)),  # in faces 1 and 2: the lowest id wins
        area("a", (5, 5), (12, 5)),  # two anchors, two faces
        area("c", (10, 5)),  # on the border of faces 0 and 1: in none
        area("d", (3, 3)),  # shares face 0 with a
        area("e", (50, 50)),  # outside every face
    ]
    places = place_anchors(areas, faces, SpatialIndex(enumerate(faces)))
    assert places.anchors["a"] == ((5.0, 5.0), (12.0, 5.0))
    assert places.anchor_faces == {"b": [1], "a": [0, 1], "c": [None], "d": [0], "e": [None]}
    # Faces in the order of their first anchor (b's, then a's), each face's areas in map order.
    assert list(places.face_areas.items()) == [(1, ["b", "a"]), (0, ["a", "d"])]
    assert places.strays == {"c", "e"}


def test_no_faces_leaves_every_area_stray() -> None:
    places = place_anchors([area("a", (1, 1))], [], SpatialIndex())
    assert places.anchor_faces == {"a": [None]}
    assert places.face_areas == {}
    assert places.strays == {"a"}
