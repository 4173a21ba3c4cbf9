"""Anchors that a new line would cover, moved off it into their face (``add_boundary``, the splits).

An anchor left on a border lies in no face, and its area would vanish into gaps (the validator
reports ANCHOR_OUTSIDE). Drawing a border and splitting an area both move every such anchor, of
whichever area, into a part of its face beside the line.

Noding also moves existing borders a little: a crossing is stored on the grid and becomes a vertex
of the border it cuts, which bends that border by about a grid step at most (``model.ops.noding``). An
anchor lying a hair beside such a border can end up on its other side, in a neighbour's face (the
validator reports AREA_SHARED_FACE) or in a gap. Such an anchor moves back onto its own side: to
the nearest grid point inside the nearest part of the face it was in.
"""

from __future__ import annotations

from collections.abc import Sequence

import shapely
from shapely.geometry import Point, Polygon

from model.geometry import anchor_for
from model.linework import grid_anchor
from model.ops.core import InvalidGeometryError, Recorder
from model.ops.noding import NodedStroke, Plan, current_topology, face_parts
from model.scenario import Area, Scenario
from model.scenario import Point as XY
from model.topology import Topology

AREAS = ("map", "areas")


def anchors_off_the_line(
    scenario: Scenario, noded: NodedStroke, plan: Plan, topology: Topology | None
) -> dict[str, dict[int, XY]]:
    """Where to move the anchors that the new line would cover (``{area: {anchor index: point}}``).

    An anchor left on a border lies in no face, and its area would vanish into gaps. Each moves into
    the part of its face that holds the area's other anchors there, else into the biggest part.
    An anchor that a bent existing border leaves outside its face (see the module docstring) moves
    into the part of that face nearest to it.
    """
    grid = scenario.map.grid
    # Every line the plan writes: the new pieces and the existing borders it cuts (and so bends).
    written = shapely.MultiLineString([*plan.pieces, *(p for parts in plan.splits.values() for p in parts)])
    # A cut moves a border by at most about one and a half grid steps (``_round_crossing``), so an
    # anchor it carries across lies within that distance of the border as written.
    found = [
        (area, i, Point(anchor))
        for area in scenario.map.areas
        for i, anchor in enumerate(area.anchors)
        if written.distance(Point(anchor)) <= grid * 2
    ]
    if not found:
        return {}
    topology = current_topology(scenario, topology)
    by_id = scenario.boundary_index()
    moves: dict[str, dict[int, XY]] = {}
    for area, i, anchor in found:
        face_id = topology.anchor_face(area.id, i)
        if face_id is None:
            continue  # already in no face: not this line's doing
        face = topology.face(face_id)
        parts = face_parts(noded, plan, face, set(topology.face_boundaries(face_id)), by_id)
        if not parts or any(part.contains(anchor) for part in parts):
            continue  # the line ends inside the face (a dangle), or leaves the anchor where it was
        if not on_the_line(plan, anchor, grid):
            moves.setdefault(area.id, {})[i] = back_on_its_side(
                parts, anchor, grid, f"anchor {i} of area {area.id}"
            )[1]
            continue
        others = [
            Point(a)
            for k, a in enumerate(area.anchors)
            if k != i and topology.anchor_face(area.id, k) == face_id
        ]
        home = [part for part in parts if any(part.contains(o) for o in others)]
        target = anchor_for(home[0] if home else max(parts, key=lambda part: part.area), grid)
        if target is None:
            raise InvalidGeometryError(
                f"the new boundary passes through anchor {i} of area {area.id}, and no part of the area "
                "beside it is wide enough to take the anchor; move the anchor first"
            )
        moves.setdefault(area.id, {})[i] = target
    return moves


def on_the_line(plan: Plan, anchor: Point, grid: float) -> bool:
    """Whether an anchor lies on the new line's pieces (as opposed to beside a border it bends)."""
    return bool(shapely.MultiLineString(plan.pieces).distance(anchor) <= grid * 1e-3)


def back_on_its_side(parts: Sequence[Polygon], anchor: Point, grid: float, what: str) -> tuple[int, XY]:
    """For an anchor that a bent border left outside every part of its face: the part on its side
    of that border (the nearest one: the border moved by about a grid step at most) and the grid point
    in it nearest the anchor. ``what`` names the anchor in the error when the part is too thin.
    """
    k = min(range(len(parts)), key=lambda k: parts[k].distance(anchor))
    target = grid_anchor(parts[k], (anchor.x, anchor.y), grid) or anchor_for(parts[k], grid)
    if target is None:
        raise InvalidGeometryError(
            f"the new boundary bends a border across {what}, and the part of the face beside it "
            "is too thin to take the anchor; move the anchor first"
        )
    return k, target


def move_anchors(rec: Recorder, moves: dict[str, dict[int, XY]]) -> frozenset[str]:
    """Apply ``anchors_off_the_line``'s moves (saving the areas for undo); return the areas moved."""
    if not moves:
        return frozenset()
    rec.save(AREAS)
    areas = rec.scenario.map.areas
    for at, area in enumerate(areas):
        if area.id in moves:
            anchors = [moves[area.id].get(k, a) for k, a in enumerate(area.anchors)]
            unique_anchors = [a for k, a in enumerate(anchors) if a not in anchors[:k]]
            areas[at] = Area.model_validate({**area.model_dump(), "anchors": unique_anchors})
    return frozenset(moves)
