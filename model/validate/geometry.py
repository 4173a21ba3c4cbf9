"""Checks of the map's geometry: the linework, the faces and their anchors, neighbours."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from model.issues import Issue
from model.scenario import AreaKind, Point
from model.validate.codes import CODES, issue
from model.validate.context import Context, label
from model.validate.geometry_failure import FAILURES, geometry_failed


def linework(context: Context) -> Iterator[Issue]:
    """Crossing, dangling, degenerate and duplicate boundaries (``Topology.linework_problems``)."""
    geometry = context.geometry() if context.scenario.map.boundaries else None
    if geometry is None:
        return
    try:
        problems = geometry[0].linework_problems()
    except FAILURES as error:
        yield geometry_failed(context.scenario, "linework", error)
        return
    for problem in problems:
        code = problem.code if problem.code in CODES else "BOUNDARY_INVALID"
        yield issue(code, problem.message, ids=problem.boundary_ids, location=problem.location)


def faces(context: Context) -> Iterator[Issue]:
    """An empty map, faces that hold no anchor or anchors of several areas, anchors in no face."""
    if not context.scenario.map.areas:
        yield issue("MAP_EMPTY", "the map has no areas yet: draw boundaries and add areas")
        return
    geometry = context.geometry()
    if geometry is None:
        return
    topology = geometry[0]
    for face in topology.gaps():
        point = _point_in(topology.face(face))
        yield issue(
            "AREA_GAP",
            f"a face near ({point[0]:g}, {point[1]:g}) belongs to no area: "
            "add an anchor to it, or delete the boundaries that enclose it",
            location=point,
        )
    for face, area_ids in sorted(topology.shared_faces().items()):
        names = ", ".join(label(context, area_id) for area_id in area_ids)
        yield issue(
            "AREA_SHARED_FACE",
            f"one face holds anchors of {names}: split it with a boundary or move an anchor",
            ids=area_ids,
            location=_point_in(topology.face(face)),
        )
    paths: dict[str, str] = {}
    for area_id, index in topology.stray_anchors():
        if not paths:  # built once, on the first stray anchor: a broken map may have thousands
            for at, listed in enumerate(context.scenario.map.areas):
                paths.setdefault(listed.id, f"map.areas[{at}]")
        area = context.areas[area_id]
        point = area.anchors[index]
        yield issue(
            "ANCHOR_OUTSIDE",
            f"anchor {index} of {label(context, area_id)} at ({point[0]:g}, "
            f"{point[1]:g}) lies outside every face: move it inside a closed outline",
            ids=(area_id,),
            path=f"{paths.get(area_id, 'map.areas')}.anchors[{index}]",
            location=point,
        )


def neighbours(context: Context) -> Iterator[Issue]:
    """Areas with no neighbour at all, seas that touch no land."""
    geometry = context.geometry() if len(context.areas) >= 2 else None
    if geometry is None:
        return
    graphs = geometry[1]
    for area_id in sorted(graphs.isolated()):
        yield issue(
            "AREA_ISOLATED",
            f"{label(context, area_id)} has no neighbour: it shares no border "
            "and no connection with any area",
            ids=(area_id,),
            location=context.location_of(area_id),
        )
    # Asked once per area kind, not once per neighbour (a 30,000-area map has 6,000 seas).
    land = {area_id for area_id, area in context.areas.items() if area.kind is AreaKind.LAND}
    sea = AreaKind.SEA
    adjacent = graphs.full.adj
    for area in context.scenario.map.areas:
        if area.kind is not sea or area.id not in adjacent:
            continue
        around = adjacent[area.id]
        if around and land.isdisjoint(around):
            yield issue(
                "SEA_NO_COAST",
                f"sea area {label(context, area.id)} touches no land area",
                ids=(area.id,),
                location=context.location_of(area.id),
            )


def _point_in(polygon: Any) -> Point:
    point = polygon.representative_point()
    return (float(point.x), float(point.y))
