"""Edit operations on the linework: boundaries and their vertices, splitting and merging areas.

The linework stays noded: a new boundary is cut where it meets existing ones, and those are cut
there too; a node shared by several boundaries moves for all of them (a shared border moves for
both neighbours). See DESIGN.md "Geometry".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import split as split_polygon

from model.geometry import anchor_for, split_line_at
from model.ops.areas import remove_area_references
from model.ops.core import (
    Change,
    InvalidGeometryError,
    PreconditionError,
    Recorder,
    Touched,
    index_of,
    repeated_points,
    snap,
)
from model.scenario import Area, Boundary, Scenario
from model.scenario import Point as XY
from model.topology import Topology, boundary_lines

BOUNDARIES = ("map", "boundaries")
AREAS = ("map", "areas")


# --- adding boundaries (with noding) -------------------------------------------------------


@dataclass
class _Plan:
    """A new boundary cut at the nodes it makes, and the existing boundaries it cuts."""

    pieces: list[list[XY]]
    splits: dict[str, list[list[XY]]] = field(default_factory=dict)


def _lines_near(
    scenario: Scenario, probe: BaseGeometry, topology: Topology | None
) -> list[tuple[str, LineString]]:
    """Existing boundaries meeting ``probe``, with their current lines."""
    boundaries = scenario.map.boundaries
    if topology is not None and set(topology.boundary_ids()) == {b.id for b in boundaries}:
        by_id = scenario.boundary_index()
        ids = topology.boundaries_near(probe)
        return [(bid, LineString(by_id[bid].points)) for bid in ids]
    lines = np.array(boundary_lines(boundaries), dtype=object)
    if not len(lines):
        return []
    hits = np.nonzero(shapely.intersects(lines, probe))[0]
    return [(boundaries[int(i)].id, lines[int(i)]) for i in hits]


def _snap_end(point: XY, near: list[tuple[str, LineString]], tolerance: float, grid: float) -> XY:
    """Move a free end onto the nearest node, or else onto the nearest boundary, within tolerance."""
    here = Point(point)
    best: tuple[float, XY] | None = None
    for _, line in near:
        for end in (line.coords[0], line.coords[-1]):
            distance = here.distance(Point(end))
            if distance <= tolerance and (best is None or distance < best[0]):
                best = (distance, (float(end[0]), float(end[1])))
    if best is not None:
        return best[1]
    for _, line in near:
        distance = line.distance(here)
        if distance <= tolerance and (best is None or distance < best[0]):
            on = line.interpolate(line.project(here))
            best = (distance, snap((on.x, on.y), grid))
    return best[1] if best is not None else point


def _clean_points(points: Sequence[XY] | Sequence[Sequence[float]], grid: float) -> list[XY]:
    snapped = [snap(p, grid) for p in points]
    cleaned = [p for i, p in enumerate(snapped) if i == 0 or p != snapped[i - 1]]
    if len(cleaned) < 2:
        raise InvalidGeometryError(
            f"a boundary needs two distinct points on the grid ({grid:g}); got {len(cleaned)}"
        )
    return cleaned


def _plan_boundary(
    scenario: Scenario,
    points: Sequence[XY] | Sequence[Sequence[float]],
    snap_distance: float | None,
    topology: Topology | None,
) -> _Plan:
    grid = scenario.map.grid
    coords = _clean_points(points, grid)
    tolerance = grid if snap_distance is None else snap_distance
    # Everything the final line can meet lies within the snapping distance of the drawn one.
    drawn = LineString(coords)
    near = _lines_near(scenario, drawn.buffer(tolerance) if tolerance > 0 else drawn, topology)
    if tolerance > 0:
        closed = coords[0] == coords[-1]
        coords[0] = _snap_end(coords[0], near, tolerance, grid)
        coords[-1] = coords[0] if closed else _snap_end(coords[-1], near, tolerance, grid)
        coords = [p for i, p in enumerate(coords) if i == 0 or p != coords[i - 1]]
        if len(coords) < 2:
            raise InvalidGeometryError("the boundary collapses to a point once its ends snap to the linework")
    line = LineString(coords)
    if not line.is_simple:
        raise InvalidGeometryError("the new boundary crosses itself; draw it without loops")
    ends = {coords[0], coords[-1]}
    plan = _Plan(pieces=[])
    own_cuts: list[XY] = []
    for bid, other in near:
        meeting = line.intersection(other)
        if meeting.is_empty:
            continue
        cuts: list[XY] = []
        for part in shapely.get_parts(meeting):
            if part.geom_type != "Point":
                x, y = part.representative_point().coords[0]
                raise InvalidGeometryError(
                    f"the new boundary runs along boundary {bid} near ({x:g}, {y:g}); "
                    "borders are stored once, so draw only the new part"
                )
            cuts.append(snap((part.x, part.y), grid))
        other_ends = {tuple(other.coords[0]), tuple(other.coords[-1])}
        inner = [c for c in cuts if c not in other_ends]
        if inner:
            plan.splits[bid] = split_line_at([(float(x), float(y)) for x, y in other.coords], inner)
        own_cuts.extend(c for c in cuts if c not in ends)
    plan.pieces = split_line_at(coords, own_cuts)
    plan.splits = {bid: pieces for bid, pieces in plan.splits.items() if len(pieces) > 1}
    if not plan.pieces:
        raise InvalidGeometryError("the new boundary has no length once snapped to the grid")
    return plan


def _apply_plan(rec: Recorder, plan: _Plan) -> tuple[list[str], list[str], set[str]]:
    """Write a plan into the scenario.

    Returns the ids of the new boundary's pieces, the ids of pieces cut off existing boundaries,
    and the ids of the existing boundaries that were cut (they keep their first piece).
    """
    rec.save(BOUNDARIES)
    boundaries = rec.scenario.map.boundaries
    own: list[str] = []
    for piece in plan.pieces:
        new = rec.new_id("b")
        boundaries.append(Boundary(id=new, points=piece))
        own.append(new)
    cut_off: list[str] = []
    for bid, pieces in plan.splits.items():
        at = index_of(boundaries, bid, "boundary")
        extra = []
        for piece in pieces[1:]:
            new = rec.new_id("b")
            extra.append(Boundary(id=new, points=piece))
            cut_off.append(new)
        boundaries[at : at + 1] = [Boundary(id=bid, points=pieces[0]), *extra]
    return own, cut_off, set(plan.splits)


def add_boundary(
    scenario: Scenario,
    points: Sequence[XY] | Sequence[Sequence[float]],
    *,
    snap_distance: float | None = None,
    topology: Topology | None = None,
) -> Change:
    """Draw a new boundary, noded into the linework.

    Points are snapped to the grid; a free end within ``snap_distance`` (default: one grid step)
    of a node or boundary is moved onto it. Existing boundaries the new one meets are split there,
    and the new one is split at every node it passes, so boundaries meet only at their ends.
    ``created`` lists the new boundary's pieces first, then the pieces cut off existing ones.
    Pass the editor's up-to-date ``topology`` to find nearby boundaries through its index.
    """
    plan = _plan_boundary(scenario, points, snap_distance, topology)
    moves = _anchors_off_the_line(scenario, plan, topology)
    rec = Recorder(scenario)
    own, cut_off, cut = _apply_plan(rec, plan)
    moved = _move_anchors(rec, moves)
    touched = Touched(boundaries=frozenset(own) | frozenset(cut_off) | frozenset(cut), areas=moved)
    return rec.change(f"Add boundary {own[0]}", touched, created=[*own, *cut_off])


def _anchors_off_the_line(
    scenario: Scenario, plan: _Plan, topology: Topology | None
) -> dict[str, dict[int, XY]]:
    """Where to move the anchors that the new line would cover (``{area: {anchor index: point}}``).

    An anchor left on a border lies in no face, and its area would vanish into gaps. Each moves into
    the part of its face that holds the area's other anchors there, else into the biggest part.
    """
    grid = scenario.map.grid
    lines = shapely.MultiLineString(plan.pieces)
    found = [
        (area, i, Point(anchor))
        for area in scenario.map.areas
        for i, anchor in enumerate(area.anchors)
        if lines.distance(Point(anchor)) <= grid * 1e-3
    ]
    if not found:
        return {}
    if topology is None or set(topology.boundary_ids()) != {b.id for b in scenario.map.boundaries}:
        topology = Topology.build(scenario.map)
    moves: dict[str, dict[int, XY]] = {}
    for area, i, anchor in found:
        face_id = topology.anchor_face(area.id, i)
        if face_id is None:
            continue  # already in no face: not this line's doing
        face = topology.face(face_id)
        cut = shapely.unary_union([face.boundary, lines.intersection(face)])
        parts = [
            part
            for part in shapely.get_parts(shapely.polygonize(shapely.get_parts(cut)))
            if isinstance(part, Polygon) and face.contains(part.representative_point())
        ]
        if not parts or any(part.contains(anchor) for part in parts):
            continue  # the line ends inside the face (a dangle): the face holds the anchor still
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


def _move_anchors(rec: Recorder, moves: dict[str, dict[int, XY]]) -> frozenset[str]:
    """Apply ``_anchors_off_the_line``'s moves (saving the areas for undo); return the areas moved."""
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


# --- vertices --------------------------------------------------------------------------------


def _boundary(scenario: Scenario, boundary_id: str) -> tuple[int, Boundary]:
    at = index_of(scenario.map.boundaries, boundary_id, "boundary")
    return at, scenario.map.boundaries[at]


def _check_points(boundary_id: str, points: list[XY]) -> None:
    for i, p in repeated_points(points):
        raise InvalidGeometryError(
            f"boundary {boundary_id} would have point {i - 1} and {i} both at ({p[0]:g}, {p[1]:g}); "
            "a boundary cannot have a zero-length segment"
        )
    if len(points) < 2 or (points[0] == points[-1] and len(points) < 4):
        raise InvalidGeometryError(f"boundary {boundary_id} would have too few points")


def move_vertex(scenario: Scenario, boundary_id: str, index: int, point: XY) -> Change:
    """Move one vertex of a boundary; an end point is a node and moves in every boundary ending there.

    Moving a vertex across another boundary is allowed (a drag passes through such states); the
    validator reports the crossing until it is undone.
    """
    at, boundary = _boundary(scenario, boundary_id)
    count = len(boundary.points)
    if not 0 <= index < count:
        raise PreconditionError(f"boundary {boundary_id} has no vertex {index} (it has {count})")
    target = snap(point, scenario.map.grid)
    old = boundary.points[index]
    updates: dict[int, list[XY]] = {}
    if index in (0, count - 1):
        for i, other in enumerate(scenario.map.boundaries):
            if old in (other.points[0], other.points[-1]):
                pts = list(other.points)
                if pts[0] == old:
                    pts[0] = target
                if pts[-1] == old:
                    pts[-1] = target
                updates[i] = pts
    else:
        pts = list(boundary.points)
        pts[index] = target
        updates[at] = pts
    for i, pts in updates.items():
        _check_points(scenario.map.boundaries[i].id, pts)
    rec = Recorder(scenario)
    rec.save(BOUNDARIES)
    touched = set()
    for i, pts in updates.items():
        bid = scenario.map.boundaries[i].id
        scenario.map.boundaries[i] = Boundary(id=bid, points=pts)
        touched.add(bid)
    return rec.change(f"Move vertex {index} of {boundary_id}", Touched(boundaries=frozenset(touched)))


def insert_vertex(scenario: Scenario, boundary_id: str, index: int, point: XY) -> Change:
    """Insert a vertex so that it becomes ``points[index]`` (between two existing vertices)."""
    at, boundary = _boundary(scenario, boundary_id)
    count = len(boundary.points)
    if not 1 <= index < count:
        raise PreconditionError(
            f"a vertex of boundary {boundary_id} goes between two others: index 1 to {count - 1}, not {index}"
        )
    pts = list(boundary.points)
    pts.insert(index, snap(point, scenario.map.grid))
    _check_points(boundary_id, pts)
    rec = Recorder(scenario)
    rec.save(BOUNDARIES)
    scenario.map.boundaries[at] = Boundary(id=boundary_id, points=pts)
    return rec.change(f"Insert vertex {index} in {boundary_id}", Touched(boundaries=frozenset({boundary_id})))


def delete_vertex(scenario: Scenario, boundary_id: str, index: int) -> Change:
    """Delete an inner vertex of a boundary (its end points are nodes: delete the boundary instead)."""
    at, boundary = _boundary(scenario, boundary_id)
    count = len(boundary.points)
    if not 1 <= index < count - 1:
        raise PreconditionError(
            f"vertex {index} of boundary {boundary_id} is an end point (a node) or does not exist; "
            f"inner vertices are 1 to {count - 2}"
        )
    pts = list(boundary.points)
    del pts[index]
    _check_points(boundary_id, pts)
    rec = Recorder(scenario)
    rec.save(BOUNDARIES)
    scenario.map.boundaries[at] = Boundary(id=boundary_id, points=pts)
    return rec.change(f"Delete vertex {index} of {boundary_id}", Touched(boundaries=frozenset({boundary_id})))


def set_boundary_points(scenario: Scenario, boundary_id: str, points: Sequence[XY]) -> Change:
    """Replace every point of a boundary (for tools that reshape a whole line; no noding)."""
    at, _ = _boundary(scenario, boundary_id)
    pts = [snap(p, scenario.map.grid) for p in points]
    _check_points(boundary_id, pts)
    rec = Recorder(scenario)
    rec.save(BOUNDARIES)
    scenario.map.boundaries[at] = Boundary(id=boundary_id, points=pts)
    return rec.change(f"Reshape {boundary_id}", Touched(boundaries=frozenset({boundary_id})))


def delete_boundary(scenario: Scenario, boundary_ids: str | Sequence[str]) -> Change:
    """Delete boundaries; the faces on their two sides merge (use ``merge_areas`` to merge areas)."""
    ids = [boundary_ids] if isinstance(boundary_ids, str) else list(dict.fromkeys(boundary_ids))
    if not ids:
        raise PreconditionError("no boundary given")
    for bid in ids:
        index_of(scenario.map.boundaries, bid, "boundary")
    rec = Recorder(scenario)
    rec.save(BOUNDARIES)
    gone = set(ids)
    scenario.map.boundaries[:] = [b for b in scenario.map.boundaries if b.id not in gone]
    what = ids[0] if len(ids) == 1 else f"{len(ids)} boundaries"
    return rec.change(f"Delete {what}", Touched(boundaries=frozenset(ids)), removed=ids)


# --- splitting and merging areas ----------------------------------------------------------------


def _area(scenario: Scenario, area_id: str) -> tuple[int, Area]:
    at = index_of(scenario.map.areas, area_id, "area")
    return at, scenario.map.areas[at]


def split_area(
    scenario: Scenario,
    area_id: str,
    line: Sequence[XY] | Sequence[Sequence[float]],
    *,
    topology: Topology | None = None,
    name: str | None = None,
) -> Change:
    """Draw a boundary across an area; the side without its anchor becomes a new area.

    The line must enter and leave one face of the area once (its ends may overshoot the border:
    it is clipped to the face). The new area copies the kind, attributes and starting setup of
    the old one; its id is ``Change.new_id``.
    """
    at, area = _area(scenario, area_id)
    topology = topology or Topology.build(scenario.map)
    grid = scenario.map.grid
    drawn = LineString(_clean_points(line, grid))
    crossed: list[tuple[int, Polygon, LineString]] = []
    for face_id in topology.area_faces(area_id):
        face = topology.face(face_id)
        clipped = drawn.intersection(face)
        if clipped.length > 0:
            crossed.append((face_id, face, clipped))
    if not topology.area_faces(area_id):
        raise PreconditionError(f"area {area_id} has no face (its anchors lie outside the linework)")
    if not crossed:
        raise PreconditionError(f"the line does not cross area {area_id}")
    if len(crossed) > 1:
        raise PreconditionError(
            f"the line crosses {len(crossed)} parts of area {area_id}; split one part at a time"
        )
    face_id, face, clipped = crossed[0]
    if clipped.geom_type != "LineString":
        raise PreconditionError(
            f"the line enters area {area_id} more than once; "
            "draw a line that crosses it from border to border once"
        )
    rim = face.boundary
    if rim.distance(Point(clipped.coords[0])) > 1e-9 or rim.distance(Point(clipped.coords[-1])) > 1e-9:
        raise PreconditionError(f"the line must cross area {area_id} from border to border")
    halves = [p for p in shapely.get_parts(split_polygon(face, clipped)) if isinstance(p, Polygon)]
    if len(halves) != 2:
        raise PreconditionError(f"the line does not cut area {area_id} in two")
    sides: list[list[int]] = [[], []]
    on_line: list[int] = []
    for i, anchor in enumerate(area.anchors):
        if topology.anchor_face(area_id, i) != face_id:
            continue
        where = [k for k, half in enumerate(halves) if half.contains(Point(anchor))]
        if where:
            sides[where[0]].append(i)
        else:
            on_line.append(i)
    if sides[0] and sides[1]:
        raise PreconditionError(f"both sides of the line already hold anchors of area {area_id}")
    # The side keeping the area: the one with its anchors, else the bigger one; anchors the line
    # passes through move into it (left on the new border, they would lie in no face).
    home = 0 if sides[0] else 1 if sides[1] else max((0, 1), key=lambda k: halves[k].area)
    moves: dict[str, dict[int, XY]] = {}
    if on_line:
        target = anchor_for(halves[home], grid)
        if target is None:
            raise InvalidGeometryError(
                f"the line passes through anchor {on_line[0]} of area {area_id} and leaves no room "
                "beside it for the anchor; move the anchor first"
            )
        moves[area_id] = dict.fromkeys(on_line, target)
    empty = halves[1 - home]
    new_anchor = anchor_for(empty, grid)
    if new_anchor is None:
        raise InvalidGeometryError(f"the new part of area {area_id} is too thin to hold an anchor")
    plan = _plan_boundary(scenario, [tuple(c) for c in clipped.coords], grid, topology)
    rec = Recorder(scenario)
    rec.save(AREAS, ("setup", "areas"))
    new_area = rec.new_id("a")
    own, cut_off, cut = _apply_plan(rec, plan)
    _move_anchors(rec, moves)
    created = [*own, *cut_off]
    data = scenario.map.areas[at].model_dump()
    data.update(
        id=new_area, name=name if name is not None else f"{area.name} (2)", anchors=[new_anchor], label=None
    )
    scenario.map.areas.insert(at + 1, Area.model_validate(data))
    setup = scenario.setup.areas.get(area_id)
    if setup is not None:
        scenario.setup.areas[new_area] = type(setup).model_validate(setup.model_dump())
    touched = Touched(boundaries=frozenset(created) | frozenset(cut), areas=frozenset({area_id, new_area}))
    return rec.change(f"Split {area_id}", touched, created=[new_area, *created])


def merge_areas(
    scenario: Scenario, keep_id: str, other_id: str, *, topology: Topology | None = None
) -> Change:
    """Merge ``other_id`` into ``keep_id``: the borders between them go, ``other_id`` is deleted.

    Anchors of ``other_id`` in parts that did not touch ``keep_id`` move to ``keep_id`` (so
    separate parts stay part of it); its units move to ``keep_id``; connections to it are re-pointed
    (those between the two, or duplicated by re-pointing, are removed); its setup entry goes.
    """
    if keep_id == other_id:
        raise PreconditionError(f"cannot merge area {keep_id} with itself")
    keep_at, keep = _area(scenario, keep_id)
    _, other = _area(scenario, other_id)
    if keep.kind != other.kind:
        raise PreconditionError(
            f"cannot merge {keep.kind.value} area {keep_id} with {other.kind.value} area {other_id}; "
            "make their kinds the same first"
        )
    topology = topology or Topology.build(scenario.map)
    pair = {keep_id, other_id}
    between = [bid for bid, sides in topology.boundary_sides().items() if set(sides) == pair]
    joined_faces = {f for bid in between for f in topology.boundary_faces(bid)}
    moved_anchors = [
        anchor
        for i, anchor in enumerate(other.anchors)
        if topology.anchor_face(other_id, i) not in joined_faces or topology.anchor_face(other_id, i) is None
    ]
    rec = Recorder(scenario)
    rec.save(BOUNDARIES, AREAS)
    gone = set(between)
    scenario.map.boundaries[:] = [b for b in scenario.map.boundaries if b.id not in gone]
    anchors = list(keep.anchors) + [a for a in moved_anchors if a not in keep.anchors]
    scenario.map.areas[keep_at] = Area.model_validate({**keep.model_dump(), "anchors": anchors})
    scenario.map.areas[:] = [a for a in scenario.map.areas if a.id != other_id]
    touched = remove_area_references(rec, other_id, replacement=keep_id)
    touched = touched | Touched(boundaries=frozenset(between), areas=frozenset(pair))
    return rec.change(f"Merge {other_id} into {keep_id}", touched, removed=[other_id, *between])
