"""The map scene follows edits on a big map by reading only what each change names (issue 15).

A vertex drag must not rebuild the scene's indexes of boundaries and areas from the whole map, nor
redraw items the edit did not touch; after the drag the indexes equal freshly built ones.
"""

from __future__ import annotations

from collections import Counter

import pytest

from editor import commands
from editor.document import ScenarioDocument
from editor.mapview import items
from editor.mapview.scene import MapScene
from model import ops
from model.geometry import generate_test_map
from model.scenario import Scenario

AREAS = 1500
"""Big enough for a few thousand boundaries, small enough for a quick test."""


def shared_node(scenario: Scenario) -> tuple[str, tuple[float, float], set[str]]:
    """A node where three or more boundaries end: a boundary starting there, the node, and the
    ids of every boundary ending there (what dragging it moves)."""
    ends: Counter[tuple[float, float]] = Counter()
    for boundary in scenario.map.boundaries:
        ends[boundary.points[0]] += 1
        ends[boundary.points[-1]] += 1
    node = next(p for p, n in sorted(ends.items()) if n >= 3)
    first = next(b.id for b in scenario.map.boundaries if b.points[0] == node)
    at_node = {b.id for b in scenario.map.boundaries if node in (b.points[0], b.points[-1])}
    return first, node, at_node


@pytest.fixture(scope="module")
def big_map() -> Scenario:
    return generate_test_map(AREAS, seed=3)


def test_a_drag_updates_indexes_and_redraws_only_the_touched_items(
    big_map: Scenario, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = ScenarioDocument(big_map.model_copy(deep=True))
    scene = MapScene(document)
    boundary_id, node, at_node = shared_node(document.scenario)
    builds = (scene._boundaries.full_builds, scene._areas.full_builds)

    drawn: Counter[str] = Counter()
    set_points = items.BoundaryLine.set_points

    def counting(item: items.BoundaryLine, points: list[tuple[float, float]]) -> None:
        drawn[item.boundary_id] += 1
        set_points(item, points)

    monkeypatch.setattr(items.BoundaryLine, "set_points", counting)
    changes = []
    document.changed.connect(changes.append)
    steps = 4
    for step in range(1, steps + 1):
        target = (node[0] + step * 0.3, node[1] + step * 0.1)
        commands.execute(
            document,
            lambda s, p=target: ops.move_vertex(s, boundary_id, 0, p),
            "Move vertex",
            merge_key=("drag", boundary_id),
        )
        assert scene.redrawn.boundaries == changes[-1].boundaries == at_node
        assert scene.redrawn.areas == changes[-1].shapes | changes[-1].areas
        assert 2 <= len(scene.redrawn.areas) <= 3 * len(at_node)
        assert not scene.redrawn.everything

    # Each step redrew the boundaries at the node once, and no other boundary item at all.
    assert drawn == {bid: steps for bid in at_node}
    assert (scene._boundaries.full_builds, scene._areas.full_builds) == builds
    assert scene._boundary_index == document.scenario.boundary_index()
    assert scene._areas.index == document.scenario.area_index()
    moved = scene._boundary_index[boundary_id]
    assert moved.points[0] == (node[0] + steps * 0.3, node[1] + steps * 0.1)
    start = scene.boundaries[boundary_id].path().elementAt(0)
    assert (start.x, start.y) == pytest.approx(moved.points[0])


def test_removing_and_restoring_a_boundary_rebuilds_the_index_to_match(big_map: Scenario) -> None:
    document = ScenarioDocument(big_map.model_copy(deep=True))
    scene = MapScene(document)
    boundary_id = document.scenario.map.boundaries[10].id
    commands.execute(document, lambda s: ops.delete_boundary(s, boundary_id), "Delete")
    assert boundary_id not in scene._boundary_index
    assert boundary_id not in scene.boundaries
    assert scene._boundary_index == document.scenario.boundary_index()
    document.undo_stack.undo()
    assert scene._boundary_index == document.scenario.boundary_index()
    assert boundary_id in scene.boundaries
    document.undo_stack.redo()
    assert scene._boundary_index == document.scenario.boundary_index()
    assert scene._areas.index == document.scenario.area_index()
