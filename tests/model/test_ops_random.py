"""Random sequences of edit operations (hypothesis): refused edits change nothing, the editor's
local ``Topology.update`` keeps matching a fresh build, and undoing everything in reverse gives
back the original scenario exactly.

On the grid map, every kind of edit; on shipped scenarios, long sequences of map drawing (draw
border, split, split every area crossed, merge, delete, vertex and anchor moves) that must also
undo to the file's very bytes, and that the validator follows: drawing and splitting never break
the map (a loose end of a drawn border is reported as BOUNDARY_DANGLING, naming it)."""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from linework_checks import point_in_face
from shapely.geometry import LineString

from model import io, ops
from model.geometry import anchor_for
from model.scenario import Scenario
from model.topology import Topology
from model.validate import validate

Factory = Callable[[], Scenario]
coordinate = st.integers(-2, 32).map(float)


def pick(data: st.DataObject, items: list[Any]) -> Any:
    return data.draw(st.sampled_from(items)) if items else None


def random_edit(
    data: st.DataObject, scenario: Scenario, topology: Topology
) -> tuple[str, Callable[[], ops.Change]]:
    """Draw one edit: its name and a thunk performing it."""
    boundaries = [b.id for b in scenario.map.boundaries]
    areas = [a.id for a in scenario.map.areas]
    kind = data.draw(
        st.sampled_from(
            [
                "move_vertex",
                "insert_vertex",
                "delete_vertex",
                "add_boundary",
                "delete_boundary",
                "split_area",
                "merge_areas",
                "add_area",
                "delete_area",
                "move_anchor",
                "set_owner",
                "place_unit",
                "add_connection",
                "set_population",
            ]
        )
    )
    point = (data.draw(coordinate), data.draw(coordinate))
    if kind == "move_vertex":
        bid = pick(data, boundaries)
        points = scenario.boundary_index()[bid].points
        index = data.draw(st.integers(0, len(points)))
        x, y = points[min(index, len(points) - 1)]
        offset = (x + data.draw(st.integers(-3, 3)), y + data.draw(st.integers(-3, 3)))
        return kind, lambda: ops.move_vertex(scenario, bid, index, offset)
    if kind == "insert_vertex":
        bid = pick(data, boundaries)
        return kind, lambda: ops.insert_vertex(scenario, bid, 1, point)
    if kind == "delete_vertex":
        bid = pick(data, boundaries)
        return kind, lambda: ops.delete_vertex(scenario, bid, data.draw(st.integers(0, 3)))
    if kind == "add_boundary":
        end = (data.draw(coordinate), data.draw(coordinate))
        return kind, lambda: ops.add_boundary(scenario, [point, end], topology=topology)
    if kind == "delete_boundary":
        return kind, lambda: ops.delete_boundary(scenario, pick(data, boundaries))
    if kind == "split_area":
        area = pick(data, areas)
        x, y = scenario.area(area).anchors[0]
        shift = data.draw(st.sampled_from([-4.0, -2.5, -1.0, 1.0, 3.0, 4.5]))
        # Through the area, beside its anchor, overshooting its borders on both sides.
        if data.draw(st.booleans()):
            line = [(x + shift, y - 12.0), (x + shift, y + 12.0)]
        else:
            line = [(x - 12.0, y + shift), (x + 12.0, y + shift)]
        return kind, lambda: ops.split_area(scenario, area, line, topology=topology)
    if kind == "merge_areas":
        return kind, lambda: ops.merge_areas(
            scenario, pick(data, areas), pick(data, areas), topology=topology
        )
    if kind == "add_area":
        return kind, lambda: ops.add_area(scenario, point)
    if kind == "delete_area":
        return kind, lambda: ops.delete_area(scenario, pick(data, areas))
    if kind == "move_anchor":
        return kind, lambda: ops.move_anchor(scenario, pick(data, areas), 0, point)
    if kind == "set_owner":
        owner = data.draw(st.sampled_from(["e1", "e2", None, "nobody"]))
        return kind, lambda: ops.set_owner(scenario, pick(data, areas), owner)
    if kind == "place_unit":
        strength = data.draw(st.integers(0, 5))
        return kind, lambda: ops.place_unit(scenario, "army", "e1", pick(data, areas), strength)
    if kind == "add_connection":
        return kind, lambda: ops.add_connection(scenario, pick(data, areas), pick(data, areas), "strait")
    population = data.draw(st.integers(-12, 12))
    return kind, lambda: ops.set_attributes(scenario, "area", pick(data, areas), "population", population)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_random_edits_undo_exactly_and_keep_the_topology_in_step(
    make_grid: Factory, data: st.DataObject
) -> None:
    scenario = make_grid()
    original = scenario.model_dump(mode="json")
    topology = Topology.build(scenario.map)
    changes: list[ops.Change] = []
    for _ in range(data.draw(st.integers(1, 8))):
        kind, edit = random_edit(data, scenario, topology)
        before = scenario.model_dump(mode="json")
        try:
            change = edit()
        except ops.OpError:
            assert scenario.model_dump(mode="json") == before, f"refused {kind} changed the scenario"
            event(f"{kind} refused")
            continue
        event(f"{kind} done")
        Scenario.model_validate(scenario.model_dump(mode="json"))
        changes.append(change)
        topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
        fresh = Topology.build(scenario.map)
        assert topology.canonical() == fresh.canonical(), f"topology after {kind}"
        problems = sorted(topology.linework_problems(), key=repr)
        assert problems == sorted(fresh.linework_problems(), key=repr), f"linework problems after {kind}"
    for change in reversed(changes):
        change.revert(scenario)
    assert scenario.model_dump(mode="json") == original


# --- long random sequences of map drawing on shipped scenarios ---------------------------------

SHIPPED = Path(__file__).resolve().parents[2] / "scenarios"
GEOMETRY_CODES = {
    "AREA_GAP",
    "AREA_SHARED_FACE",
    "ANCHOR_OUTSIDE",
    "BOUNDARY_CROSSING",
    "BOUNDARY_DANGLING",
    "BOUNDARY_DEGENERATE",
    "BOUNDARY_DUPLICATE",
    "BOUNDARY_INVALID",
    "BOUNDARY_SELF_CROSSING",
}
"""The validator's codes for a broken map geometry."""
CLEAN_DRAWING = {"split_area", "split_crossed", "draw"}
"""Steps that must never break the map (a loose end of a drawn border is reported, and allowed)."""


def inside(data: st.DataObject, face: Any) -> tuple[float, float]:
    """A point inside a face, on a chord at a random height."""
    return point_in_face(data, face, 0.05)


def on_linework(data: st.DataObject, scenario: Scenario) -> tuple[float, float]:
    """A point near the middle of a segment or on a vertex of a random boundary."""
    boundary = data.draw(st.sampled_from(scenario.map.boundaries))
    line = LineString(boundary.points)
    at = line.interpolate(data.draw(st.sampled_from([0.0, 0.3, 0.5, 0.77, 1.0])), normalized=True)
    return (at.x + data.draw(st.floats(-0.2, 0.2)), at.y + data.draw(st.floats(-0.2, 0.2)))


def stroke(
    data: st.DataObject, scenario: Scenario, topology: Topology, area_id: str
) -> list[tuple[float, float]]:
    """A straight or bent stroke through an area's face, overshooting its bounding box."""
    face = topology.face(data.draw(st.sampled_from(topology.area_faces(area_id))))
    west, south, east, north = face.bounds
    reach = math.hypot(east - west, north - south) + 1
    points = [inside(data, face) for _ in range(data.draw(st.integers(1, 2)))]
    angles = [data.draw(st.floats(0, 2 * math.pi)) for _ in range(2)]
    if len(points) == 1:
        angles[1] = angles[0] + math.pi
    (x0, y0), (x1, y1) = points[0], points[-1]
    start = (x0 + reach * math.cos(angles[0]), y0 + reach * math.sin(angles[0]))
    end = (x1 + reach * math.cos(angles[1]), y1 + reach * math.sin(angles[1]))
    return [start, *points, end] if len(points) > 1 else [start, end]


def drawing_step(
    data: st.DataObject, scenario: Scenario, topology: Topology
) -> tuple[str, Callable[[], list[ops.Change]]]:
    """Draw one map-drawing step: its name and a thunk making its changes (one undo step)."""
    areas = [a.id for a in scenario.map.areas if topology.area_faces(a.id)]
    size = max(scenario.map.bounds.max_x - scenario.map.bounds.min_x, 1.0) if scenario.map.bounds else 100.0
    tolerance = size / 200  # about 8 pixels on a map shown 1,600 pixels wide
    kind = data.draw(
        st.sampled_from(
            [
                *("draw", "draw", "split_area", "split_area", "split_crossed", "merge_areas"),
                *("delete_boundary", "delete_area", "move_vertex", "move_anchor", "join_vertex"),
            ]
        )
    )
    if kind == "draw":
        shape = data.draw(st.sampled_from(["across", "closed", "loose"]))
        if shape == "closed" and areas:
            face = topology.face(topology.area_faces(data.draw(st.sampled_from(areas)))[0])
            cx, cy = inside(data, face)
            r = tolerance * data.draw(st.floats(2, 6))
            points = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
            points.append((cx - r + tolerance / 2, cy - r + tolerance / 3))
        else:
            points = [on_linework(data, scenario), on_linework(data, scenario)]
            if shape == "loose" and areas:
                face = topology.face(topology.area_faces(data.draw(st.sampled_from(areas)))[0])
                points[1] = inside(data, face)

        def draw() -> list[ops.Change]:
            change = ops.add_boundary(scenario, points, snap_distance=tolerance, topology=topology)
            done = [change]
            # As the editor's Draw border tool: an area in each new face (the same undo step),
            # anchored at a grid point inside it (a point off the grid would move when snapped).
            topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
            created = set(change.created)
            for face in [f for f in topology.gaps() if created & set(topology.face_boundaries(f))]:
                point = anchor_for(topology.face(face), scenario.map.grid)
                if point is None:
                    continue  # thinner than the grid: the validator reports the gap
                done.append(ops.add_area(scenario, point))
                topology.update(scenario.map, done[-1].touched.boundaries, done[-1].touched.areas)
            return done

        return kind, draw
    if kind in ("split_area", "split_crossed") and areas:
        area = data.draw(st.sampled_from(areas))
        line = stroke(data, scenario, topology, area)
        if kind == "split_area":
            return kind, lambda: [
                ops.split_area(scenario, area, line, topology=topology, tolerance=tolerance)
            ]
        return kind, lambda: [ops.split_crossed(scenario, line, topology=topology, tolerance=tolerance)]
    if kind == "merge_areas":
        kinds = {a.id: a.kind for a in scenario.map.areas}
        pairs = sorted(tuple(sorted(p)) for p in topology.adjacency() if len({kinds[a] for a in p}) == 1)
        if pairs:
            keep, other = data.draw(st.sampled_from(pairs))
            return kind, lambda: [ops.merge_areas(scenario, keep, other, topology=topology)]
    if kind == "delete_area" and areas:
        area = data.draw(st.sampled_from(areas))
        return kind, lambda: [ops.delete_area(scenario, area)]
    if kind == "move_anchor" and areas:
        area = data.draw(st.sampled_from(areas))
        target = data.draw(st.sampled_from(areas))
        point = inside(data, topology.face(topology.area_faces(target)[0]))
        return kind, lambda: [ops.move_anchor(scenario, area, 0, point)]
    boundary = data.draw(st.sampled_from(scenario.map.boundaries))
    if kind == "move_vertex":
        index = data.draw(st.integers(0, len(boundary.points) - 1))
        x, y = boundary.points[index]
        shift = (data.draw(st.floats(-1, 1)) * tolerance * 3, data.draw(st.floats(-1, 1)) * tolerance * 3)
        return kind, lambda: [ops.move_vertex(scenario, boundary.id, index, (x + shift[0], y + shift[1]))]
    if kind == "join_vertex":  # a vertex dragged onto the linework, as the Vertices tool does
        index = data.draw(st.integers(0, len(boundary.points) - 1))
        target = on_linework(data, scenario)
        return kind, lambda: [
            ops.move_vertex_onto(
                scenario, boundary.id, index, target, snap_distance=tolerance, topology=topology
            )
        ]
    return "delete_boundary", lambda: [ops.delete_boundary(scenario, boundary.id)]


Broken = set[tuple[str, tuple[str, ...], tuple[float, float] | None]]


def broken(scenario: Scenario, topology: Topology) -> Broken:
    """What the validator reports as broken geometry: (code, ids, location)."""
    return {
        (i.code, i.ids, i.location) for i in validate(scenario, topology=topology) if i.code in GEOMETRY_CODES
    }


@pytest.mark.parametrize(
    ("name", "steps", "examples"),
    [("default", 14, 12), ("seasons-isles", 12, 10), ("medieval-europe-976", 6, 4)],
)
def test_random_drawing_on_shipped_maps_undoes_to_the_same_bytes(
    name: str, steps: int, examples: int
) -> None:
    text = (SHIPPED / f"{name}.mappa.json").read_text(encoding="utf-8")

    scale = int(os.environ.get("MAPPA_DRAWING_SCALE", "1"))  # search harder: MAPPA_DRAWING_SCALE=20

    @settings(max_examples=examples * scale, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.data())
    def run(data: st.DataObject) -> None:
        scenario = io.loads(text)
        topology = Topology.build(scenario.map)
        before_all = broken(scenario, topology)
        reported = before_all
        done: list[ops.Change] = []
        for _ in range(steps):
            kind, step = drawing_step(data, scenario, topology)
            before = io.dumps(scenario)
            try:
                changes = step()
            except ops.OpError:
                assert io.dumps(scenario) == before, f"refused {kind} changed the scenario"
                event(f"{kind} refused")
                topology = Topology.build(scenario.map)
                continue
            event(f"{kind} done")
            done.extend(changes)
            for change in changes[:1] if kind == "draw" else changes:
                topology.update(scenario.map, change.touched.boundaries, change.touched.areas)
            fresh = Topology.build(scenario.map)
            assert topology.canonical() == fresh.canonical(), f"topology after {kind}"
            now = broken(scenario, topology)
            assert now == broken(scenario, fresh)
            new, previous, reported = now - reported, reported, now
            if kind in CLEAN_DRAWING:
                created = {i for change in changes for i in change.created}
                # Areas already broken: anchors in no face, or in a face shared with another area;
                # and the places of problems already reported (a cut renames the boundary there).
                broken_before = {
                    i
                    for code, ids, _ in previous
                    if code in ("ANCHOR_OUTSIDE", "AREA_SHARED_FACE")
                    for i in ids
                }
                places = {(code, at) for code, _, at in previous}
                gaps_before = sum(code == "AREA_GAP" for code, _, _ in previous)
                gaps_now = sum(code == "AREA_GAP" for code, _, _ in now)
                # A loose end that was there before may now be reported under the piece of its
                # boundary that kept the id, at another place: count the old ones.
                loose_before = sum(code == "BOUNDARY_DANGLING" for code, _, _ in previous)
                loose_now = sum(
                    code == "BOUNDARY_DANGLING" and not set(ids) <= created for code, ids, _ in now
                )
                for code, ids, at in new:
                    # A loose end of the new border; or a face closed around anchors that lay in no
                    # face, or a part cut from a face that several areas already shared.
                    assert (
                        (code == "BOUNDARY_DANGLING" and set(ids) <= created)
                        or (code == "AREA_SHARED_FACE" and len(set(ids) - broken_before - created) <= 1)
                        or (code, at) in places
                        or (code == "AREA_GAP" and gaps_now <= gaps_before)  # a gap's rim got a node
                        or (code == "BOUNDARY_DANGLING" and loose_now <= loose_before)
                    ), (kind, code, ids)
        for change in reversed(done):
            change.revert(scenario)
        assert io.dumps(scenario) == text
        assert broken(scenario, Topology.build(scenario.map)) == before_all

    run()
