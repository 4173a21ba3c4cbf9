"""Edit operations on the linework: boundaries and their vertices, splitting and merging areas.

The linework stays noded: a new boundary is cut where it meets existing ones, and those are cut
there too; a node shared by several boundaries moves for all of them (a shared border moves for
both neighbours). See DESIGN.md "Geometry".
"""

from __future__ import annotations

from collections.abc import Sequence

from model.ops import lookup
from model.ops.anchors_off import anchors_off_the_line, move_anchors
from model.ops.areas import remove_area_references
from model.ops.core import (
    Change,
    InvalidGeometryError,
    PreconditionError,
    Recorder,
    Touched,
    UnknownIdError,
    index_of,
    repeated_points,
    snap,
)
from model.ops.noding import (
    apply_plan,
    check_noded,
    node_stroke,
    without_slivers,
)
from model.ops.split import split_area, split_crossed
from model.scenario import Area, Boundary, Scenario
from model.scenario import Point as XY
from model.topology import Topology

__all__ = [
    "add_boundary",
    "delete_boundary",
    "delete_vertex",
    "insert_vertex",
    "merge_areas",
    "move_vertex",
    "set_boundary_points",
    "split_area",
    "split_crossed",
]

BOUNDARIES = ("map", "boundaries")
AREAS = ("map", "areas")


# --- adding boundaries (with noding) -------------------------------------------------------


def add_boundary(
    scenario: Scenario,
    points: Sequence[XY] | Sequence[Sequence[float]],
    *,
    snap_distance: float | None = None,
    topology: Topology | None = None,
) -> Change:
    """Draw a new boundary, noded into the linework (``model.ops.noding``).

    Points are snapped to the grid. Within ``snap_distance`` (default: one grid step; the editor
    passes its snap distance in map units) the last point closes the line onto its first (a ring:
    the shape closes), else a free end moves onto the nearest node, else onto the nearest point of
    a boundary, which is cut there (the end becomes a node). Every crossing with an existing
    boundary becomes a node of both, on the grid, so boundaries meet only at their ends. An end in
    empty space stays a loose end (the validator reports BOUNDARY_DANGLING).
    ``created`` lists the new boundary's pieces first, then the pieces cut off existing ones.
    Pass the editor's up-to-date ``topology`` to find nearby boundaries through its index.
    """
    tolerance = scenario.map.grid if snap_distance is None else snap_distance
    noded = node_stroke(scenario, points, tolerance=tolerance, topology=topology)
    plan = without_slivers(noded, scenario.map.grid)
    if not plan.pieces:
        raise InvalidGeometryError(
            "the new boundary runs within one grid step of existing borders all along: it would "
            "only make faces thinner than the grid; draw it farther from them"
        )
    check_noded(noded, plan)
    moves = anchors_off_the_line(scenario, noded, plan, topology)
    rec = Recorder(scenario)
    own, cut_off, cut = apply_plan(rec, plan)
    moved = move_anchors(rec, moves)
    touched = Touched(boundaries=frozenset(own) | frozenset(cut_off) | frozenset(cut), areas=moved)
    return rec.change(f"Add boundary {own[0]}", touched, created=[*own, *cut_off])


# --- vertices --------------------------------------------------------------------------------


def _boundary(scenario: Scenario, boundary_id: str) -> tuple[int, Boundary]:
    """The position and the boundary with this id (indexed: a drag looks one up on every step)."""
    at = lookup.position(scenario, BOUNDARIES, boundary_id)
    if at is None:
        raise UnknownIdError(f"no boundary with id {boundary_id!r}")
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
        for i in lookup.ending_at(scenario, old):
            pts = list(scenario.map.boundaries[i].points)
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
    touched = set()
    for i, pts in updates.items():
        bid = scenario.map.boundaries[i].id
        rec.replace(BOUNDARIES, i, Boundary(id=bid, points=pts))
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
