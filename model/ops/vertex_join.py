"""Dropping a dragged vertex onto another border: the linework is joined there, not just touched.

``move_vertex`` moves a vertex and nothing else, so a vertex put down on the middle of another
boundary's segment would touch that boundary without being a node of it (boundaries must meet only
at their ends). ``move_vertex_onto`` moves it and nodes it in, as ``add_boundary`` does for a stroke
starting mid-segment (``model.ops.noding.snap_end``): the other boundary gets a vertex there, rounded
to the grid, and is cut in two; a dragged inner vertex becomes a node too (its boundary is cut
there). It refuses, naming the place, a drop that would make borders cross or a face thinner than
the grid.
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import LineString, Point

from model.geometry import split_line_at
from model.linework_problems import meets_at_ends
from model.ops.core import Change, InvalidGeometryError, PreconditionError, Recorder, Touched, repeated_points
from model.ops.noding import Plan, apply_plan, is_sliver, lines_near, snap_end
from model.scenario import Point as XY
from model.scenario import Scenario
from model.topology import Topology

__all__ = ["move_vertex_onto"]


def move_vertex_onto(
    scenario: Scenario,
    boundary_id: str,
    index: int,
    point: XY,
    *,
    snap_distance: float | None = None,
    topology: Topology | None = None,
) -> Change:
    """Move vertex ``index`` of ``boundary_id`` onto the linework of another boundary near ``point``.

    Within ``snap_distance`` (default one grid step; the editor passes its snap tolerance in map
    units) of ``point`` the vertex lands on the nearest node of another boundary, else on the
    nearest point of one, which gets a vertex there on the grid and is cut in two. An end point (a
    node) moves in every boundary ending there, as in ``move_vertex``; an inner vertex becomes a node
    (its boundary is cut there). Boundaries through the dragged vertex are not targets. Refused with
    ``PreconditionError`` when no other boundary is that near, and with ``InvalidGeometryError`` when
    the result would have crossing borders, a zero-length segment or a face thinner than the grid.
    """
    grid = scenario.map.grid
    boundaries = scenario.map.boundaries
    at = next((k for k, b in enumerate(boundaries) if b.id == boundary_id), None)
    if at is None:
        raise PreconditionError(f"there is no boundary {boundary_id}")
    own = boundaries[at]
    count = len(own.points)
    if not 0 <= index < count:
        raise PreconditionError(f"boundary {boundary_id} has no vertex {index} (it has {count})")
    old = own.points[index]
    is_node = index in (0, count - 1)
    moving = {b.id for b in boundaries if old in (b.points[0], b.points[-1])} if is_node else {boundary_id}
    tolerance = grid if snap_distance is None else max(snap_distance, grid)
    near = {
        bid: line
        for bid, line in lines_near(scenario, Point(point).buffer(tolerance), topology).items()
        if bid not in moving
    }
    target, cut_id = snap_end(point, near, tolerance, grid)
    on_node = any(target in (line.coords[0], line.coords[-1]) for line in near.values())
    if cut_id is None and not on_node:
        raise PreconditionError(
            f"no other border within {tolerance:g} of ({point[0]:g}, {point[1]:g}) for vertex {index} "
            f"of boundary {boundary_id} to join; drop it on a border, or move it with move_vertex"
        )
    new_points: dict[str, list[list[XY]]] = {}
    for b in boundaries:
        if b.id not in moving:
            continue
        if is_node:
            pts = [target if p == old and k in (0, len(b.points) - 1) else p for k, p in enumerate(b.points)]
            new_points[b.id] = [pts]
        else:
            pts = list(b.points)
            pts[index] = target
            new_points[b.id] = split_line_at(pts, [target])
    if cut_id is not None:
        line = near[cut_id]
        coords = [(float(x), float(y)) for x, y in line.coords]
        if target not in coords:  # a new vertex, on the grid within a step of the segment
            k = int(
                np.argmin(
                    [LineString(coords[j - 1 : j + 1]).distance(Point(target)) for j in range(1, len(coords))]
                )
            )
            coords.insert(k + 1, target)
        new_points[cut_id] = split_line_at(coords, [target])
    for bid, pieces in new_points.items():
        for piece in pieces:
            _check_piece(bid, piece)
    changed = [(bid, LineString(piece)) for bid, pieces in new_points.items() for piece in pieces]
    _check_crossings(changed, scenario, topology)
    _check_slivers(changed, scenario, topology, grid)
    rec = Recorder(scenario)
    _, created, _ = apply_plan(rec, Plan(pieces=[], splits=new_points))
    touched = Touched(boundaries=frozenset(new_points) | frozenset(created))
    where = f"({target[0]:g}, {target[1]:g})"
    return rec.change(
        f"Join vertex {index} of {boundary_id} to the border at {where}", touched, created=created
    )


def _check_piece(boundary_id: str, points: list[XY]) -> None:
    """Refuse a piece with a zero-length segment or too few points."""
    for i, p in repeated_points(points):
        raise InvalidGeometryError(
            f"boundary {boundary_id} would have point {i - 1} and {i} both at ({p[0]:g}, {p[1]:g}); "
            "drop the vertex farther from its neighbours"
        )
    if len(points) < 2 or (points[0] == points[-1] and len(points) < 4):
        raise InvalidGeometryError(
            f"boundary {boundary_id} would collapse once the vertex joins the border there"
        )


def _check_crossings(
    changed: list[tuple[str, LineString]], scenario: Scenario, topology: Topology | None
) -> None:
    """Refuse a join whose moved or cut lines would meet other linework away from their ends."""
    moved = {bid for bid, _ in changed}
    probe = shapely.MultiLineString([line for _, line in changed])
    others = [(bid, line) for bid, line in lines_near(scenario, probe, topology).items() if bid not in moved]
    lines = changed + others
    for k, (bid, line) in enumerate(changed):
        for other_id, other in lines[k + 1 :]:
            if line.intersects(other) and not meets_at_ends(line, other):
                meeting = line.intersection(other)
                where = meeting.representative_point()
                how = "cross" if meeting.geom_type in ("Point", "MultiPoint") else "run along"
                raise InvalidGeometryError(
                    f"the vertex would make boundary {bid} {how} boundary {other_id} near "
                    f"({where.x:g}, {where.y:g}); drop it where the borders neither cross nor overlap"
                )


def _check_slivers(
    changed: list[tuple[str, LineString]], scenario: Scenario, topology: Topology | None, grid: float
) -> None:
    """Refuse a join that closes a face thinner than the grid beside a moved or cut line.

    The faces are polygonized from the changed lines and every boundary near them: a face touching
    a changed line is bounded by lines within its own extent, so those are enough to find it.
    """
    moved = {bid for bid, _ in changed}
    probe = shapely.MultiLineString([line for _, line in changed])
    others = [
        line
        for bid, line in lines_near(scenario, probe.envelope.buffer(grid), topology).items()
        if bid not in moved
    ]
    faces = shapely.get_parts(shapely.polygonize([line for _, line in changed] + others))
    for face in faces:
        if (
            face.boundary.intersects(probe)
            and face.boundary.intersection(probe).length > 0
            and is_sliver(face, grid)
        ):
            where = face.representative_point()
            raise InvalidGeometryError(
                f"the vertex would make a face thinner than the grid ({grid:g}) near "
                f"({where.x:g}, {where.y:g}); drop it farther from the borders there"
            )
