"""Splitting areas with a drawn stroke: ``split_area`` (the chosen area) and ``split_crossed``
(every area the stroke crosses), each one edit and one undo step.

How a cut is made, so that no sensible stroke is refused:

1. The stroke is noded into the linework on the map's grid (``model.ops.noding``): its ends snap
   onto borders within the snap tolerance, and every crossing becomes a grid point inserted into
   both lines. The stored map is exactly what is computed here; no floating-point intersection
   decides anything.
2. The pieces of the stroke between nodes that lie inside a face of an area being split are the
   candidates. The face's rim, cut where those pieces end, and the pieces are polygonized: that
   gives the parts the face falls into, the same faces a fresh ``Topology.build`` will find.
   Pieces that separate nothing (a loose end inside the area) are left out.
3. A part thinner than the grid (a sliver, where the stroke runs along a border) cannot hold an
   anchor and is not a sensible area: the piece that cut it off is left out, merging it back.
4. In each face, the part holding the area's first anchor there keeps the area (anchors the
   stroke passes through move into it; one that a border bent by step 1 passed stays on its side,
   at the nearest grid point); every other part becomes a new area copying the kind,
   attributes and starting setup, with the anchor that was already in it, if any, else a new one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString, Point, Polygon

from model.geometry import anchor_for
from model.ops.anchors_off import anchors_off_the_line, back_on_its_side, move_anchors, on_the_line
from model.ops.core import Change, InvalidGeometryError, PreconditionError, Recorder, Touched, index_of
from model.ops.noding import (
    NodedStroke,
    Plan,
    apply_plan,
    check_noded,
    current_topology,
    face_rim,
    is_sliver,
    middle,
    node_stroke,
    polygonize_in_face,
)
from model.scenario import Area, Scenario
from model.scenario import Point as XY
from model.topology import Topology

AREAS = ("map", "areas")
SETUP_AREAS = ("setup", "areas")


@dataclass
class _FaceCut:
    """One face of an area being split, and the pieces of the stroke inside it."""

    area_id: str
    face_id: int
    face: Polygon
    rim: list[str]
    fixed: list[LineString]
    pieces: list[int]
    parts: list[Polygon]


def split_area(
    scenario: Scenario,
    area_id: str,
    line: Sequence[XY] | Sequence[Sequence[float]],
    *,
    topology: Topology | None = None,
    name: str | None = None,
    tolerance: float | None = None,
) -> Change:
    """Cut an area with a drawn line: each part the line cuts off becomes a new area.

    The line may overshoot the area's border on both sides, cross other areas (only this one is
    split) and cross this area several times (it falls into that many more parts). Its ends may
    also lie inside the area within ``tolerance`` map units of the border (default: one grid step;
    the editor passes its snap distance): they snap onto the border. New areas copy the kind,
    attributes and starting setup of ``area_id``; the first one is ``Change.new_id`` and is named
    ``name`` (default: the area's name with " (2)", then " (3)"...). The description says into how
    many parts the area was cut and names them.

    Raises ``PreconditionError`` with the reason when the line cuts nothing off: it never enters
    the area, or it enters without crossing it (an end lies inside, beyond the tolerance).
    """
    index_of(scenario.map.areas, area_id, "area")
    return _split(scenario, [area_id], line, topology, tolerance, name, chosen=True)


def split_crossed(
    scenario: Scenario,
    line: Sequence[XY] | Sequence[Sequence[float]],
    area_ids: Sequence[str] | None = None,
    *,
    topology: Topology | None = None,
    tolerance: float | None = None,
) -> Change:
    """Cut every area the line crosses (or those of ``area_ids`` it crosses), in one edit.

    The Split tool's "split every area crossed" option. Each area is cut as ``split_area`` would
    cut it; areas the line enters without crossing are left whole. Raises ``PreconditionError``
    when it splits none.
    """
    if area_ids is not None:
        for area_id in area_ids:
            index_of(scenario.map.areas, area_id, "area")
    return _split(
        scenario,
        list(area_ids) if area_ids is not None else None,
        line,
        topology,
        tolerance,
        None,
        chosen=False,
    )


def _split(
    scenario: Scenario,
    targets: list[str] | None,
    line: Sequence[XY] | Sequence[Sequence[float]],
    topology: Topology | None,
    tolerance: float | None,
    name: str | None,
    *,
    chosen: bool,
) -> Change:
    grid = scenario.map.grid
    topology = current_topology(scenario, topology)
    tol = grid if tolerance is None else max(float(tolerance), grid)
    noded = node_stroke(scenario, line, tolerance=tol, topology=topology, overlap="skip")
    stroke = LineString(noded.coords)
    if targets is None:
        targets = _areas_crossed(scenario, topology, stroke)
    by_id = scenario.boundary_index()
    cuts: list[_FaceCut] = []
    for area_id in targets:
        faces = topology.area_faces(area_id)
        if not faces and chosen:
            raise PreconditionError(f"area {area_id} has no face (its anchors lie outside the linework)")
        for face_id in faces:
            face = topology.face(face_id)
            if not stroke.intersects(face):
                continue
            inside = [k for k, piece in enumerate(noded.pieces) if _inside(piece, face, noded)]
            # The face's rim (its rings' boundaries) and loose ends inside it; those near the stroke
            # may be cut by the plan, the others stay as they are.
            rim, fixed = face_rim(noded, face, set(topology.face_boundaries(face_id)), by_id)
            cuts.append(_FaceCut(area_id, face_id, face, rim, fixed, inside, []))
    if chosen and not cuts:
        raise PreconditionError(f"the line does not cross area {targets[0]}")
    entered = any(cut.pieces for cut in cuts)
    plan = _settle(noded, cuts, grid)
    done = [cut for cut in cuts if len(cut.parts) > 1]
    if not done:
        raise PreconditionError(
            _why_not(targets[0], cuts, noded, entered, tol, grid)
            if chosen
            else "the line crosses no area from border to border"
        )
    check_noded(noded, plan)
    # Anchors of other areas that the new borders cover (an area sharing a face with one split)
    # move off them too, as a drawn border moves them: on a border an anchor is in no face.
    split = {cut.area_id for cut in done}
    moves = {a: m for a, m in anchors_off_the_line(scenario, noded, plan, topology).items() if a not in split}
    return _write(scenario, topology, plan, done, name, moves)


def _areas_crossed(scenario: Scenario, topology: Topology, stroke: LineString) -> list[str]:
    """The areas with a face that the stroke meets, in file order."""
    faces: set[int] = set()
    for bid in topology.boundaries_near(stroke):
        faces.update(topology.boundary_faces(bid))
    for x, y in stroke.coords:
        face = topology.face_at(x, y)
        if face is not None:
            faces.add(face)
    faces = {f for f in faces if topology.face(f).intersects(stroke)}
    return [a.id for a in scenario.map.areas if faces.intersection(topology.area_faces(a.id))]


def _inside(piece: list[XY], face: Polygon, noded: NodedStroke) -> bool:
    """Whether a piece of the stroke (between two nodes) runs inside a face and along no border."""
    centre = middle(LineString(piece))
    if not face.contains(centre):
        return False
    return all(line.distance(centre) > 1e-9 for line in noded.lines.values())


def _settle(noded: NodedStroke, cuts: list[_FaceCut], grid: float) -> Plan:
    """Drop the pieces that separate nothing or cut off slivers until every part is sound.

    Fills each cut's ``parts`` (the polygons its face falls into, as the final plan makes them)
    and returns that plan.
    """
    for _ in range(len(noded.pieces) + 2):
        used = sorted({k for cut in cuts for k in cut.pieces})
        plan = noded.plan([noded.pieces[k] for k in used])
        changed = False
        for cut in cuts:
            lines = noded.lines_after(plan, cut.rim) + cut.fixed
            mine = {k: LineString(noded.pieces[k]) for k in cut.pieces}
            # Polygonizing the face's own rim and the pieces gives its parts.
            polygons = polygonize_in_face([*lines, *mine.values()], cut.face)
            rings = shapely.MultiLineString([ring for p in polygons for ring in [p.exterior, *p.interiors]])
            separating = [k for k, piece in mine.items() if rings.distance(middle(piece)) < grid * 1e-6]
            if len(separating) != len(cut.pieces):
                cut.pieces = separating
                changed = True
                continue
            slivers = [p for p in polygons if is_sliver(p, grid)]
            if slivers and cut.pieces:
                on_ring = [
                    k
                    for k in cut.pieces
                    if any(
                        ring.distance(middle(mine[k])) < grid * 1e-6
                        for p in slivers
                        for ring in [p.exterior, *p.interiors]
                    )
                ]
                if on_ring:
                    drop = min(on_ring, key=lambda k: (mine[k].length, k))
                    cut.pieces = [k for k in cut.pieces if k != drop]
                    changed = True
                    continue
            cut.parts = polygons if cut.pieces else []
        if not changed:
            return plan
    raise InvalidGeometryError(
        "the line could not be noded into the map's linework; draw it again more simply"
    )


def _why_not(
    area_id: str, cuts: list[_FaceCut], noded: NodedStroke, entered: bool, tolerance: float, grid: float
) -> str:
    """The reason a line split nothing of the chosen area (``entered``: a piece of it ran inside)."""
    for cut in cuts:
        for end in (noded.coords[0], noded.coords[-1]):
            if cut.face.contains(Point(end)):
                depth = cut.face.boundary.distance(Point(end))
                return (
                    f"the line must cross area {area_id} from border to border: its end at "
                    f"({end[0]:g}, {end[1]:g}) lies {depth:g} inside the border, beyond the snap distance "
                    f"({tolerance:g}); end it on or beyond the border"
                )
    if not entered:
        stroke = LineString(noded.coords)
        along = any(stroke.intersection(cut.face.boundary).length > 0 for cut in cuts)
        how = "runs along its border" if along else "only touches its border"
        return f"the line does not cross area {area_id}: it {how}; draw it across the area"
    if any(cut.pieces == [] for cut in cuts):
        return (
            f"the line does not cut area {area_id} into parts wider than the grid ({grid:g}): it runs "
            "along the border; draw it across the area"
        )
    return f"the line must cross area {area_id} from border to border"


def _write(
    scenario: Scenario,
    topology: Topology,
    plan: Plan,
    done: list[_FaceCut],
    name: str | None,
    moves: dict[str, dict[int, XY]],
) -> Change:
    """Make the areas, write the plan and move the other areas' anchors that it covers (``moves``,
    from ``anchors_off_the_line``; all checks are done)."""
    grid = scenario.map.grid
    # Per area: anchor moves (into the kept part), anchors given away, and the new parts.
    anchors: dict[str, list[XY | None]] = {}
    new_parts: dict[str, list[tuple[Polygon, XY]]] = {}
    for cut in done:
        area = scenario.area(cut.area_id)
        current = anchors.setdefault(cut.area_id, list(area.anchors))
        here = [i for i in range(len(area.anchors)) if topology.anchor_face(cut.area_id, i) == cut.face_id]
        where: dict[int, int | None] = {}
        points = {i: area.anchors[i] for i in here}  # where each anchor is, once back on its side
        for i in here:
            spot = Point(area.anchors[i])
            found = [k for k, part in enumerate(cut.parts) if part.contains(spot)]
            if not found and not on_the_line(plan, spot, grid):
                # A border bent by a rounded crossing passed it: it stays on its side, in that part.
                k, points[i] = back_on_its_side(cut.parts, spot, grid, f"anchor {i} of area {cut.area_id}")
                current[i] = points[i]
                found = [k]
            where[i] = found[0] if found else None
        placed = [k for k in (where[i] for i in here) if k is not None]
        home = placed[0] if placed else max(range(len(cut.parts)), key=lambda k: cut.parts[k].area)
        for i in here:
            if where[i] is None:
                target = anchor_for(cut.parts[home], grid)
                if target is None:
                    raise InvalidGeometryError(
                        f"the line passes through anchor {i} of area {cut.area_id} and leaves no room "
                        "beside it for the anchor; move the anchor first"
                    )
                current[i] = target
        for k, part in enumerate(cut.parts):
            if k == home:
                continue
            given = [i for i in here if where[i] == k]
            for i in given:
                current[i] = None
            anchor = points[given[0]] if given else anchor_for(part, grid)
            if anchor is None:
                raise InvalidGeometryError(f"a part cut off area {cut.area_id} is too thin to hold an anchor")
            new_parts.setdefault(cut.area_id, []).append((part, anchor))
    rec = Recorder(scenario)
    rec.save(AREAS, SETUP_AREAS)
    made: dict[str, list[str]] = {
        area_id: [rec.new_id("a") for _ in parts] for area_id, parts in new_parts.items()
    }
    own, cut_off, was_cut = apply_plan(rec, plan)
    for area_id, parts in new_parts.items():
        at = index_of(scenario.map.areas, area_id, "area")
        area = scenario.map.areas[at]
        kept = [a for a in anchors[area_id] if a is not None]
        unique = [a for k, a in enumerate(kept) if a not in kept[:k]]
        scenario.map.areas[at] = Area.model_validate({**area.model_dump(), "anchors": unique})
        data = area.model_dump()
        setup = scenario.setup.areas.get(area_id)
        for k, ((_, anchor), new_id) in enumerate(zip(parts, made[area_id], strict=True)):
            if name is not None:
                label = name if k == 0 else f"{name} ({k + 1})"
            else:
                label = f"{area.name} ({k + 2})"
            data.update(id=new_id, name=label, anchors=[anchor], label=None)
            scenario.map.areas.insert(at + 1 + k, Area.model_validate(data))
            if setup is not None:
                scenario.setup.areas[new_id] = type(setup).model_validate(setup.model_dump())
    moved = move_anchors(rec, moves)
    new_areas = [a for ids in made.values() for a in ids]
    created = [*own, *cut_off]
    touched = Touched(
        boundaries=frozenset(created) | frozenset(was_cut),
        areas=frozenset(made) | frozenset(new_areas) | moved,
    )
    parts_text = [_parts_text(area_id, made[area_id]) for area_id in made]
    if len(parts_text) == 1:
        description = f"Split {parts_text[0]}"
    else:
        description = f"Split {len(parts_text)} areas: " + "; ".join(parts_text)
    return rec.change(description, touched, created=[*new_areas, *created])


def _parts_text(area_id: str, new_ids: list[str]) -> str:
    count = len(new_ids) + 1
    what = "in two" if count == 2 else f"into {count} parts"
    return f"{area_id} {what} ({', '.join([area_id, *new_ids])})"
