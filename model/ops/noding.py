"""Noding a drawn stroke into the linework, on the map's grid.

Every point the file stores lies on the map's grid, so a crossing of two boundaries cannot be
stored where it really is: it is rounded to a grid point, and that point is inserted as a vertex
into both lines (each moves by less than one grid step there). A crossing within one grid step of
an existing vertex (of either line) is taken to be that vertex, so that a stroke passing close
to a node makes no sliver faces around it. This is snap rounding in the small: what makes the
cuts of ``split_area`` and ``add_boundary`` exact, instead of relying on floating-point
intersections that lie a hair off both lines.

``node_stroke`` does the noding (ends snapped onto the linework or onto the stroke's own first
point, crossings rounded) and returns a ``NodedStroke``; ``NodedStroke.plan`` turns some or all
of its pieces into the ``Plan`` that ``apply_plan`` writes into the scenario.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from model.geometry import anchor_for, split_line_at
from model.linework_problems import meets_at_ends
from model.ops.core import InvalidGeometryError, Recorder, index_of, snap
from model.scenario import Boundary, Scenario
from model.scenario import Point as XY
from model.topology import Topology, boundary_lines

BOUNDARIES = ("map", "boundaries")


@dataclass
class Plan:
    """A new boundary cut at the nodes it makes, and the existing boundaries it cuts."""

    pieces: list[list[XY]]
    splits: dict[str, list[list[XY]]] = field(default_factory=dict)


@dataclass
class NodedStroke:
    """A stroke noded into the linework (nothing written yet).

    ``pieces`` is the stroke cut at every node it makes, in order along it; ``cuts`` the points
    (not end points) where it cuts each existing boundary; ``lines`` the existing boundaries near
    it, by id, as they are now.
    """

    coords: list[XY]
    pieces: list[list[XY]]
    cuts: dict[str, list[XY]]
    lines: dict[str, LineString]

    def plan(self, pieces: Sequence[list[XY]] | None = None) -> Plan:
        """The plan that adds ``pieces`` (default: all of them).

        Existing boundaries are cut only where one of those pieces ends, so that leaving out a
        piece (a part of a stroke outside the area being split) leaves the boundaries it crossed
        as they were.
        """
        used = list(self.pieces if pieces is None else pieces)
        nodes = {p[0] for p in used} | {p[-1] for p in used}
        splits: dict[str, list[list[XY]]] = {}
        for bid, cuts in self.cuts.items():
            inner = [c for c in cuts if c in nodes]
            if inner:
                parts = split_line_at([(float(x), float(y)) for x, y in self.lines[bid].coords], inner)
                if len(parts) > 1:
                    splits[bid] = parts
        return Plan(pieces=used, splits=splits)

    def lines_after(self, plan: Plan, ids: Sequence[str]) -> list[LineString]:
        """The existing boundaries ``ids`` (those near the stroke) as the plan leaves them."""
        result: list[LineString] = []
        for bid in ids:
            if bid in plan.splits:
                result.extend(LineString(piece) for piece in plan.splits[bid])
            else:
                result.append(self.lines[bid])
        return result


def is_current(topology: Topology, scenario: Scenario) -> bool:
    """Whether ``topology`` was built from the scenario's boundaries as they are (same ids)."""
    return set(topology.boundary_ids()) == {b.id for b in scenario.map.boundaries}


def current_topology(scenario: Scenario, topology: Topology | None) -> Topology:
    """``topology`` when it is current for the scenario, else one built afresh."""
    if topology is not None and is_current(topology, scenario):
        return topology
    return Topology.build(scenario.map)


def lines_near(scenario: Scenario, probe: BaseGeometry, topology: Topology | None) -> dict[str, LineString]:
    """Existing boundaries meeting ``probe``, with their current lines, in file order."""
    boundaries = scenario.map.boundaries
    if topology is not None and is_current(topology, scenario):
        by_id = scenario.boundary_index()
        ids = set(topology.boundaries_near(probe))
        return {b.id: LineString(by_id[b.id].points) for b in boundaries if b.id in ids}
    lines = np.array(boundary_lines(boundaries), dtype=object)
    if not len(lines):
        return {}
    hits = np.nonzero(shapely.intersects(lines, probe))[0]
    return {boundaries[int(i)].id: lines[int(i)] for i in hits}


def snap_end(point: XY, near: dict[str, LineString], tolerance: float, grid: float) -> tuple[XY, str | None]:
    """Move a free end onto the nearest node, else onto the nearest boundary, within ``tolerance``.

    Returns the point and, when it landed on the middle of a boundary, that boundary's id (the
    point, rounded to the grid, must then be inserted into it: it is a node now).
    """
    here = Point(point)
    best: tuple[float, XY] | None = None
    for line in near.values():
        for end in (line.coords[0], line.coords[-1]):
            distance = here.distance(Point(end))
            if distance <= tolerance and (best is None or distance < best[0]):
                best = (distance, (float(end[0]), float(end[1])))
    if best is not None:
        return best[1], None
    on: tuple[float, XY, str] | None = None
    for bid, line in near.items():
        distance = line.distance(here)
        if distance <= tolerance and (on is None or distance < on[0]):
            foot = line.interpolate(line.project(here))
            on = (distance, _on_grid_near(line, (foot.x, foot.y), grid), bid)
    if on is None:
        return point, None
    _, foot, bid = on
    line = near[bid]
    ends = {
        (float(line.coords[0][0]), float(line.coords[0][1])),
        (float(line.coords[-1][0]), float(line.coords[-1][1])),
    }
    return foot, (None if foot in ends else bid)


def _on_grid_near(line: LineString, foot: XY, grid: float) -> XY:
    """The point of the line's vertices within a grid step of ``foot``, else ``foot`` on the grid."""
    coords = np.asarray(line.coords)
    distances = np.hypot(coords[:, 0] - foot[0], coords[:, 1] - foot[1])
    k = int(np.argmin(distances))
    if distances[k] <= grid:
        return (float(coords[k, 0]), float(coords[k, 1]))
    return snap(foot, grid)


def clean_points(points: Sequence[XY] | Sequence[Sequence[float]], grid: float) -> list[XY]:
    """The points on the grid without repeats in a row (at least two, else an error)."""
    snapped = [snap(p, grid) for p in points]
    cleaned = [p for i, p in enumerate(snapped) if i == 0 or p != snapped[i - 1]]
    if len(cleaned) < 2:
        raise InvalidGeometryError(
            f"a boundary needs two distinct points on the grid ({grid:g}); got {len(cleaned)}"
        )
    return cleaned


def _round_crossing(crossing: XY, hot: np.ndarray, grid: float, taken: set[XY]) -> XY:
    """Where a crossing is stored: the nearest vertex within a grid step, else a grid point.

    The grid point is the nearest one not ``taken`` (already inserted into another boundary):
    two nearly parallel boundaries crossed side by side would otherwise both get the same new
    vertex, and their next segments would become one line stored twice.
    """
    if len(hot):
        distances = np.hypot(hot[:, 0] - crossing[0], hot[:, 1] - crossing[1])
        k = int(np.argmin(distances))
        if distances[k] <= grid:
            return (float(hot[k, 0]), float(hot[k, 1]))
    nearest = snap(crossing, grid)
    if nearest not in taken:
        return nearest
    around = [
        snap((nearest[0] + dx * grid, nearest[1] + dy * grid), grid) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
    ]
    free = [p for p in around if p not in taken]
    return min(free, key=lambda p: (math.dist(p, crossing), p)) if free else nearest


def node_stroke(
    scenario: Scenario,
    points: Sequence[XY] | Sequence[Sequence[float]],
    *,
    tolerance: float,
    topology: Topology | None,
    overlap: Literal["refuse", "skip"] = "refuse",
) -> NodedStroke:
    """Snap a drawn stroke into the linework and find every node it makes.

    The points go to the grid. With ``tolerance`` > 0, the last point closes the stroke onto its
    first when within ``tolerance`` of it (and the stroke has three points or more); otherwise each
    end moves onto the nearest node, else onto the nearest boundary, within ``tolerance``. Every
    meeting with an existing boundary becomes a node of both (rounded as the module says). A
    stroke running along an existing boundary is refused with ``overlap="refuse"``; with
    ``"skip"`` the ends of the shared stretch become nodes and the caller leaves that stretch out.
    """
    grid = scenario.map.grid
    coords = clean_points(points, grid)
    reach = max(tolerance, grid) * 2
    drawn = LineString(coords)
    near = lines_near(scenario, drawn.buffer(reach), topology)
    forced: dict[str, list[XY]] = {}
    if tolerance > 0:
        first_drawn = coords[0]
        closed = coords[0] == coords[-1]
        coords[0], on_first = snap_end(coords[0], near, tolerance, grid)
        if on_first is not None:
            forced.setdefault(on_first, []).append(coords[0])
        distinct = len(set(coords))
        closes = (
            distinct >= 3
            and min(math.dist(coords[-1], first_drawn), math.dist(coords[-1], coords[0])) <= tolerance
        )
        if closed or closes:
            coords[-1] = coords[0]
        else:
            coords[-1], on_last = snap_end(coords[-1], near, tolerance, grid)
            if on_last is not None:
                forced.setdefault(on_last, []).append(coords[-1])
        coords = [p for i, p in enumerate(coords) if i == 0 or p != coords[i - 1]]
        if len(coords) < 2 or (coords[0] == coords[-1] and len(coords) < 4):
            raise InvalidGeometryError("the boundary collapses to a point once its ends snap to the linework")
    line = LineString(coords)
    if not line.is_simple:
        raise InvalidGeometryError("the line crosses itself; draw it without loops")
    stroke_hot = np.asarray(coords, dtype=float)
    own_cuts: list[XY] = []
    cuts: dict[str, list[XY]] = {}
    inserted: dict[XY, str] = {}  # new vertices put into existing boundaries, and where
    for bid, other in near.items():
        meeting = line.intersection(other)
        found: list[XY] = list(forced.get(bid, []))
        if not meeting.is_empty:
            hot = np.vstack([np.asarray(other.coords, dtype=float), stroke_hot])
            # An end on this boundary (snapped onto it, or on its vertex) can make the stroke cross it
            # just before that end (a shallow approach): such a crossing is the end itself.
            on_this = [
                e for e in (coords[0], coords[-1]) if e in forced.get(bid, []) or e in set(other.coords)
            ]
            for part in shapely.get_parts(meeting):
                if part.geom_type == "Point":
                    x, y = part.x, part.y
                    close = [e for e in on_this if math.dist(e, (x, y)) <= tolerance]
                    taken = {p for p, owner in inserted.items() if owner != bid}
                    found.append(close[0] if close else _round_crossing((x, y), hot, grid, taken))
                    continue
                if overlap == "refuse":
                    x, y = part.representative_point().coords[0]
                    raise InvalidGeometryError(
                        f"the new boundary runs along boundary {bid} near ({x:g}, {y:g}); "
                        "borders are stored once, so draw only the new part"
                    )
                for end in (part.coords[0], part.coords[-1]):
                    taken = {p for p, owner in inserted.items() if owner != bid}
                    found.append(_round_crossing((end[0], end[1]), hot, grid, taken))
        if not found:
            continue
        other_ends = {tuple(other.coords[0]), tuple(other.coords[-1])}
        inner = list(dict.fromkeys(c for c in found if c not in other_ends))
        vertices = set(other.coords)
        inserted.update((c, bid) for c in inner if c not in vertices)
        if inner:
            cuts[bid] = inner
        own_cuts.extend(found)
    ends = {coords[0], coords[-1]}
    pieces = split_line_at(coords, [c for c in own_cuts if c not in ends])
    if not pieces:
        raise InvalidGeometryError("the new boundary has no length once snapped to the grid")
    return NodedStroke(coords=coords, pieces=pieces, cuts=cuts, lines=near)


def is_sliver(polygon: BaseGeometry, grid: float) -> bool:
    """Whether a face is below the grid's resolution: too thin or too small to hold a grid point.

    ``2 * area / perimeter`` is the radius of the largest circle a triangle holds (about half the
    width of a strip); under half a grid step the face is a sliver of rounding, not an area.
    """
    if polygon.area < grid * grid or 2 * polygon.area / polygon.length < grid / 2:
        return True
    return anchor_for(polygon, grid) is None


def without_slivers(noded: NodedStroke, grid: float) -> Plan:
    """The plan of all the stroke's pieces, less those that close only slivers with the linework.

    A stroke drawn within a grid step of an existing border makes faces thinner than the grid
    between them; such a face is merged back (the piece closing it is left out), never kept.
    """
    kept = list(range(len(noded.pieces)))
    ids = list(noded.lines)
    for _ in range(len(noded.pieces)):
        plan = noded.plan([noded.pieces[k] for k in kept])
        mine = {k: LineString(noded.pieces[k]) for k in kept}
        lines = noded.lines_after(plan, ids) + list(mine.values())
        faces = [p for p in shapely.get_parts(shapely.polygonize(lines)) if is_sliver(p, grid)]
        rings = [ring for face in faces for ring in [face.exterior, *face.interiors]]
        closing = [
            k
            for k, piece in mine.items()
            if any(ring.distance(middle(piece)) < grid * 1e-6 for ring in rings)
        ]
        if not closing:
            return plan
        drop = min(closing, key=lambda k: (mine[k].length, k))
        kept.remove(drop)
    return noded.plan([noded.pieces[k] for k in kept])


def face_parts(
    noded: NodedStroke, plan: Plan, face: Polygon, ring_ids: set[str], by_id: dict[str, Boundary]
) -> list[Polygon]:
    """The parts an existing face falls into once ``plan`` is written, as ``Topology`` will find them.

    Polygonizes the face's rim (its ring boundaries, cut where the plan cuts them), the loose ends
    inside it and the plan's pieces inside it; the polygons filling its holes are left out. No
    floating-point clipping is involved, so a piece ending on the rim always cuts.
    """
    rim, fixed = face_rim(noded, face, ring_ids, by_id)
    pieces = [LineString(p) for p in plan.pieces]
    inside = [piece for piece in pieces if face.contains(middle(piece))]
    return polygonize_in_face([*noded.lines_after(plan, rim), *fixed, *inside], face)


def face_rim(
    noded: NodedStroke, face: Polygon, ring_ids: set[str], by_id: dict[str, Boundary]
) -> tuple[list[str], list[LineString]]:
    """A face's rim, split in two: the boundaries near the stroke that a plan may cut (its rings'
    boundaries and loose ends inside it), and the other ring boundaries as they are."""
    rim = [b for b in noded.lines if b in ring_ids or face.contains(middle(noded.lines[b]))]
    fixed = [LineString(by_id[b].points) for b in ring_ids if b not in noded.lines]
    return rim, fixed


def polygonize_in_face(lines: Sequence[LineString], face: Polygon) -> list[Polygon]:
    """The polygons of a face's rim and the lines inside it, less those filling the face's holes
    (polygonizing the rim fills them too; the rounding may move the rim a little, so the polygons
    are not tested against the face itself)."""
    holes = [Polygon(ring) for ring in face.interiors]
    return [
        p
        for p in shapely.get_parts(shapely.polygonize(list(lines)))
        if isinstance(p, Polygon) and not any(hole.contains(p.representative_point()) for hole in holes)
    ]


def middle(line: LineString) -> Point:
    """The point halfway along a line."""
    return line.interpolate(0.5, normalized=True)


def check_noded(noded: NodedStroke, plan: Plan) -> None:
    """Refuse a plan whose lines would meet away from their ends (rounding gone wrong).

    Rounding moves lines by less than a grid step; where a stroke runs within a step of other
    linework this can, rarely, make lines cross again or run along each other. The edit is
    refused rather than leaving such a problem in the map.
    """
    lines: list[LineString] = [LineString(piece) for piece in plan.pieces]
    for bid in plan.splits:
        lines.extend(noded.lines_after(plan, [bid]))
    checked = len(lines)
    lines.extend(noded.lines[bid] for bid in noded.lines if bid not in plan.splits)
    array = np.array(lines, dtype=object)
    for k in range(checked):
        hits = np.nonzero(shapely.intersects(array[k + 1 :], lines[k]))[0]
        for other in (lines[k + 1 + int(i)] for i in hits):
            if not meets_at_ends(lines[k], other):
                where = lines[k].intersection(other).representative_point()
                raise InvalidGeometryError(
                    f"the line passes within one grid step of other linework near "
                    f"({where.x:g}, {where.y:g}) and cannot be noded there on the grid; "
                    "draw it a little farther from that point"
                )


def apply_plan(rec: Recorder, plan: Plan) -> tuple[list[str], list[str], set[str]]:
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
