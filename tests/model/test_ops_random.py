"""Random sequences of edit operations (hypothesis): refused edits change nothing, the editor's
local ``Topology.update`` keeps matching a fresh build, and undoing everything in reverse gives
back the original scenario exactly."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from model import ops
from model.scenario import Scenario
from model.topology import Topology

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
