"""Edit operations (``model.ops``): each is performed, reverted and redone on the grid map, and
each refused edit leaves the scenario exactly as it was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from shapely.geometry import LineString, Point

from model import io, ops
from model.scenario import AreaKind, Connection, ConnectionKind, Scenario, Unit
from model.topology import Topology
from model.validate import validate


def dump(scenario: Scenario) -> dict[str, Any]:
    return scenario.model_dump(mode="json")


def perform(scenario: Scenario, op: Callable[..., ops.Change], *args: Any, **kwargs: Any) -> ops.Change:
    """Run an op, check that undo restores the exact previous state and redo the new one."""
    before = dump(scenario)
    change = op(scenario, *args, **kwargs)
    after = dump(scenario)
    assert after != before, "the op changed nothing"
    Scenario.model_validate(after)  # still a valid file
    undo = change.revert(scenario)
    assert dump(scenario) == before
    redo = undo.revert(scenario)
    assert dump(scenario) == after
    assert redo.description == change.description
    return change


def refuse(
    scenario: Scenario,
    error: type[Exception],
    match: str,
    op: Callable[..., ops.Change],
    *args: Any,
    **kw: Any,
) -> None:
    """Check that an op raises ``error`` (message matching) and changes nothing."""
    before = dump(scenario)
    with pytest.raises(error, match=match):
        op(scenario, *args, **kw)
    assert dump(scenario) == before


# --- linework ------------------------------------------------------------------------------


def test_add_boundary_between_nodes_splits_a_face(grid: Scenario) -> None:
    change = perform(grid, ops.add_boundary, [(10, 10), (20, 20)])
    assert change.created == ("b100",)
    assert change.touched.boundaries == {"b100"}
    assert grid.next_serial == 101
    topology = Topology.build(grid.map)
    assert len(topology.face_ids()) == 13
    # a11's anchor (15, 15) was on the new line: the op moved it into one half, the other is a gap.
    assert change.touched.areas == {"a11"}
    assert grid.area("a11").anchors != [(15.0, 15.0)]
    assert topology.stray_anchors() == []
    assert len(topology.area_faces("a11")) == 1
    assert len(topology.gaps()) == 1
    assert topology.linework_problems() == []


def test_add_boundary_moves_an_anchor_on_it_to_the_side_of_the_areas_other_anchors(grid: Scenario) -> None:
    grid.area("a11").anchors = [(15, 15), (18, 12)]  # the second one is right of the line x = 15
    grid.area("a00").anchors = [(5, 5), (2, 2)]
    change = perform(grid, ops.add_boundary, [(15, 10), (15, 20)])
    assert change.touched.areas == {"a11"}
    topology = Topology.build(grid.map)
    assert topology.stray_anchors() == []
    moved = grid.area("a11").anchors[0]
    assert 15 < moved[0] < 20 and 10 < moved[1] < 20
    assert topology.anchor_face("a11", 0) == topology.anchor_face("a11", 1)
    assert len(topology.gaps()) == 1  # the left half, for a new area


def test_add_boundary_leaves_anchors_off_the_line_and_on_a_dangle_alone(grid: Scenario) -> None:
    change = perform(grid, ops.add_boundary, [(10, 15), (15, 15)])  # ends inside a11, at its anchor
    assert change.touched.areas == frozenset()
    assert grid.area("a11").anchors == [(15.0, 15.0)]
    assert Topology.build(grid.map).stray_anchors() == []


SHIPPED = Path(__file__).resolve().parents[2] / "scenarios"


def test_add_boundary_keeps_an_anchor_beside_a_border_it_bends_on_its_side() -> None:
    """A crossing rounded to the grid bends the border it cuts; an anchor that lay a hair beside
    that border must stay in its own face (found by the random drawing test on the default map).

    The first stroke cuts Aldmoor with a long straight border from (400, 280) to (251.5, 0), which
    passes 0.13 east of Aldmoor's anchor (323.5, 136); an area is added east of it. The second
    stroke crosses that border near (361.6, 208.3); the crossing is stored at the grid point
    (361.5, 208), which tilts the long segment below it east by about 0.2 at the anchor's height.
    The anchor would fall on the east side, into the new area's face (AREA_SHARED_FACE); it must
    move back into the west part of Aldmoor's face instead.
    """
    text = (SHIPPED / "default.mappa.json").read_text(encoding="utf-8")
    scenario = io.loads(text)
    first = ops.add_boundary(scenario, [(400.0, 280.0), (251.5, 0.0)], snap_distance=6.0)
    east = ops.add_area(scenario, (381.5, 142.0))
    border = next(b for b in scenario.map.boundaries if b.points == [(400.0, 280.0), (251.5, 0.0)])
    assert LineString(border.points).distance(Point(323.5, 136.0)) < 0.15  # the anchor, a hair west
    assert scenario.area("aldmoor").anchors == [(323.5, 136.0)]
    before = [(i.code, i.ids) for i in validate(scenario) if i.code == "AREA_SHARED_FACE"]
    assert before == []

    second = perform(scenario, ops.add_boundary, [(0.0, 320.0), (450.0, 180.5)], snap_distance=6.0)

    bent = scenario.boundary_index()[border.id].points
    assert bent == [(400.0, 280.0), (361.5, 208.0)]  # cut at the rounded crossing
    topology = Topology.build(scenario.map)
    (new_area,) = east.created
    aldmoor_face = topology.anchor_face("aldmoor", 0)
    assert aldmoor_face is not None and aldmoor_face != topology.anchor_face(new_area, 0)
    # Aldmoor keeps the part west of the bent border (it reaches the old west border b9's line).
    x, y = scenario.area("aldmoor").anchors[0]
    lower = next(b for b in scenario.map.boundaries if b.points == [(361.5, 208.0), (251.5, 0.0)])
    assert (361.5 - 251.5) * (y - 0.0) - (208.0 - 0.0) * (x - 251.5) > 0  # left of the line going up
    assert [i for i in validate(scenario, topology=topology) if i.code == "AREA_SHARED_FACE"] == []
    assert second.touched.areas == {"aldmoor"} and lower.id in second.created
    for change in (second, east, first):
        change.revert(scenario)
    assert io.dumps(scenario) == text


def test_split_area_keeps_an_anchor_beside_a_border_it_bends_where_it_was() -> None:
    """The split of the same cut: the stroke's piece inside Aldmoor ends on the long border at
    the rounded crossing (361.5, 208), bending it past Aldmoor's anchor. The anchor stays on its
    side, at the nearest grid point (one step west), instead of jumping to the middle of the part
    that Aldmoor keeps; the part north of the stroke becomes the new area."""
    text = (SHIPPED / "default.mappa.json").read_text(encoding="utf-8")
    scenario = io.loads(text)
    first = ops.add_boundary(scenario, [(400.0, 280.0), (251.5, 0.0)], snap_distance=6.0)
    east = ops.add_area(scenario, (381.5, 142.0))

    split = perform(scenario, ops.split_area, "aldmoor", [(0.0, 320.0), (450.0, 180.5)], tolerance=6.0)

    assert split.description == "Split aldmoor in two (aldmoor, a53)"
    assert scenario.area("aldmoor").anchors == [(323.0, 136.0)]
    assert scenario.area("a53").anchors == [(313.5, 284.0)]
    topology = Topology.build(scenario.map)
    assert topology.anchor_face("aldmoor", 0) != topology.anchor_face(east.created[0], 0)
    codes = {i.code for i in validate(scenario, topology=topology)}
    assert not codes & {"AREA_SHARED_FACE", "ANCHOR_OUTSIDE"}
    for change in (split, east, first):
        change.revert(scenario)
    assert io.dumps(scenario) == text


def test_add_boundary_is_noded_into_the_boundaries_it_meets(grid: Scenario) -> None:
    change = perform(grid, ops.add_boundary, [(0.5, 12), (30, 12)], snap_distance=1.0)
    new = [b for b in grid.map.boundaries if b.id in change.created[:3]]
    assert [b.points for b in new] == [
        [(0.0, 12.0), (10.0, 12.0)],
        [(10.0, 12.0), (20.0, 12.0)],
        [(20.0, 12.0), (30.0, 12.0)],
    ]
    assert change.touched.boundaries >= {"v10", "v11", "v12", "v13"}
    assert len(change.created) == 3 + 4
    by_id = grid.boundary_index()
    assert by_id["v11"].points == [(10.0, 10.0), (10.0, 12.0)]
    topology = Topology.build(grid.map)
    assert topology.linework_problems() == []
    assert len(topology.face_ids()) == 15
    assert len(topology.gaps()) == 3


def test_add_boundary_refuses_overlaps_and_loops(grid: Scenario) -> None:
    refuse(grid, ops.InvalidGeometryError, "runs along boundary h11", ops.add_boundary, [(10, 10), (20, 10)])
    refuse(
        grid,
        ops.InvalidGeometryError,
        "crosses itself",
        ops.add_boundary,
        [(1, 1), (8, 8), (8, 1), (1, 8)],
    )
    refuse(grid, ops.InvalidGeometryError, "two distinct points", ops.add_boundary, [(1, 1), (1.001, 1)])
    refuse(grid, ops.InvalidGeometryError, "not finite", ops.add_boundary, [(1, 1), (float("nan"), 1)])


def test_move_vertex_moves_a_node_for_every_boundary(grid: Scenario) -> None:
    change = perform(grid, ops.move_vertex, "v11", 0, (12.004, 11))
    assert change.touched.boundaries == {"h10", "h11", "v01", "v11"}
    by_id = grid.boundary_index()
    assert by_id["h10"].points[-1] == (12.0, 11.0)
    assert by_id["h11"].points[0] == (12.0, 11.0)
    assert by_id["v01"].points[-1] == (12.0, 11.0)
    assert by_id["v11"].points[0] == (12.0, 11.0)
    assert change.description == "Move vertex 0 of v11"


def test_vertex_insert_move_delete(grid: Scenario) -> None:
    perform(grid, ops.insert_vertex, "h11", 1, (15, 8))
    assert grid.boundary_index()["h11"].points == [(10.0, 10.0), (15.0, 8.0), (20.0, 10.0)]
    perform(grid, ops.move_vertex, "h11", 1, (15, 12))
    assert grid.boundary_index()["h11"].points[1] == (15.0, 12.0)
    topology = Topology.build(grid.map)
    assert topology.area_geometry("a01").area == pytest.approx(110.0)  # type: ignore[union-attr]
    perform(grid, ops.delete_vertex, "h11", 1)
    assert grid.boundary_index()["h11"].points == [(10.0, 10.0), (20.0, 10.0)]


def test_vertex_preconditions(grid: Scenario) -> None:
    refuse(grid, ops.UnknownIdError, "no boundary with id 'nope'", ops.move_vertex, "nope", 0, (1, 1))
    refuse(grid, ops.PreconditionError, "no vertex 5", ops.move_vertex, "h11", 5, (1, 1))
    refuse(grid, ops.InvalidGeometryError, "zero-length", ops.move_vertex, "h11", 0, (20, 10))
    refuse(grid, ops.PreconditionError, "index 1 to 1", ops.insert_vertex, "h11", 0, (15, 8))
    refuse(grid, ops.PreconditionError, "end point", ops.delete_vertex, "h11", 0)


def test_delete_boundary_merges_faces(grid: Scenario) -> None:
    change = perform(grid, ops.delete_boundary, "v11")
    assert change.removed == ("v11",)
    assert list(Topology.build(grid.map).shared_faces().values()) == [["a10", "a11"]]
    refuse(grid, ops.UnknownIdError, "v11", ops.delete_boundary, ["v11"])


def test_split_area_makes_a_new_area_copying_attributes_and_setup(grid: Scenario) -> None:
    grid.area("a00").attributes = {"population": 2}
    change = perform(grid, ops.split_area, "a00", [(2, -5), (2, 15)])
    new_id = change.new_id
    assert new_id == "a100"
    new = grid.area(new_id)
    assert new.attributes == {"population": 2}
    assert new.name == "Land 00 (2)"
    assert grid.setup.areas[new_id].owner == "e1"
    assert change.touched.areas == {"a00", new_id}
    topology = Topology.build(grid.map)
    assert topology.area_geometry(new_id).area == pytest.approx(20.0)  # type: ignore[union-attr]
    assert topology.area_geometry("a00").area == pytest.approx(80.0)  # type: ignore[union-attr]
    assert topology.adjacency()[frozenset(("a00", new_id))] == pytest.approx(10.0)
    assert topology.adjacency()[frozenset(("a10", new_id))] == pytest.approx(2.0)
    assert topology.linework_problems() == []
    assert topology.gaps() == []


def test_split_area_preconditions(grid: Scenario) -> None:
    refuse(grid, ops.PreconditionError, "does not cross area a11", ops.split_area, "a11", [(0, 50), (30, 50)])
    refuse(grid, ops.PreconditionError, "from border to border", ops.split_area, "a11", [(12, 5), (12, 15)])
    refuse(grid, ops.UnknownIdError, "no area with id 'zz'", ops.split_area, "zz", [(12, 5), (12, 25)])


def test_split_through_the_anchor_moves_it_to_the_bigger_side(grid: Scenario) -> None:
    grid.area("a11").anchors = [(13, 15)]
    change = perform(grid, ops.split_area, "a11", [(13, 5), (13, 25)])  # through the anchor
    new_id = change.new_id
    topology = Topology.build(grid.map)
    assert topology.stray_anchors() == [] and topology.gaps() == []
    assert topology.area_geometry("a11").area == pytest.approx(70.0)  # type: ignore[union-attr]
    assert topology.area_geometry(new_id).area == pytest.approx(30.0)  # type: ignore[union-attr]
    assert grid.area("a11").anchors[0][0] > 13  # moved into the bigger, right-hand side


def test_split_through_an_anchor_keeps_the_side_with_the_areas_other_anchor(grid: Scenario) -> None:
    grid.area("a11").anchors = [(15, 15)]
    grid.map.boundaries.append(
        grid.map.boundaries[0].model_copy(
            update={"id": "ring", "points": [(11, 11), (12, 11), (12, 12), (11, 11)]}
        )
    )
    grid.area("a11").anchors = [(15, 15), (11.8, 11.2)]  # the second in the small ring: another face
    change = perform(grid, ops.split_area, "a11", [(15, 5), (15, 25)])
    topology = Topology.build(grid.map)
    assert topology.stray_anchors() == []
    assert grid.area("a11").anchors[1] == (11.8, 11.2)
    assert change.touched.areas == {"a11", change.new_id}


def test_merge_areas_removes_borders_and_moves_everything(grid: Scenario) -> None:
    grid.setup.units.append(Unit(id="u9", kind="army", owner="e1", area="a01"))
    grid.map.connections = [
        Connection(id="c1", a="a01", b="a22", kind=ConnectionKind.STRAIT),
        Connection(id="c2", a="a00", b="a01", kind=ConnectionKind.RIVER_CROSSING),
    ]
    change = perform(grid, ops.merge_areas, "a00", "a01")
    assert "v01" in change.removed and "a01" in change.removed
    assert [a.id for a in grid.map.areas].count("a01") == 0
    assert grid.area("a00").anchors == [(5.0, 5.0)]
    assert "a01" not in grid.setup.areas
    assert next(u for u in grid.setup.units if u.id == "u9").area == "a00"
    assert [(c.id, c.a, c.b) for c in grid.map.connections] == [("c1", "a00", "a22")]
    topology = Topology.build(grid.map)
    assert topology.area_geometry("a00").area == pytest.approx(200.0)  # type: ignore[union-attr]
    assert topology.shared_faces() == {}
    assert topology.linework_problems() == []


def test_merge_areas_keeps_separate_parts_as_anchors(grid: Scenario) -> None:
    perform(grid, ops.merge_areas, "a00", "a22")
    assert grid.area("a00").anchors == [(5.0, 5.0), (25.0, 25.0)]
    refuse(grid, ops.PreconditionError, "with itself", ops.merge_areas, "a00", "a00")
    refuse(grid, ops.PreconditionError, "land area a20 with sea area s0", ops.merge_areas, "a20", "s0")


# --- areas -------------------------------------------------------------------------------------


def test_add_and_delete_area(grid: Scenario) -> None:
    grid.map.areas = [a for a in grid.map.areas if a.id != "a11"]
    change = perform(grid, ops.add_area, (15.004, 15), "sea", "Lake")
    area = grid.area(change.new_id)
    assert (area.kind, area.name, area.anchors) == (AreaKind.SEA, "Lake", [(15.0, 15.0)])
    refuse(grid, ops.PreconditionError, "unknown area kind 'air'", ops.add_area, (1, 1), "air")


def test_delete_area_cascades(grid: Scenario) -> None:
    grid.map.connections = [Connection(id="c1", a="a00", b="a22", kind=ConnectionKind.STRAIT)]
    change = perform(grid, ops.delete_area, "a00")
    assert "a00" not in grid.setup.areas
    assert [u.id for u in grid.setup.units] == ["u2"]
    assert grid.map.connections == []
    assert "court" not in grid.empire("e1").attributes
    assert change.touched.units == {"u1"} and change.touched.connections == {"c1"}
    assert change.touched.empires == {"e1"}
    assert len(Topology.build(grid.map).gaps()) == 1


def test_area_fields_kind_label_and_anchors(grid: Scenario) -> None:
    change = perform(grid, ops.set_area_fields, ["a00", "a01"], name="North")
    assert {grid.area("a00").name, grid.area("a01").name} == {"North"}
    assert change.touched.areas == {"a00", "a01"}
    perform(grid, ops.set_area_kind, "a11", "sea")
    assert grid.area("a11").kind == AreaKind.SEA
    perform(grid, ops.set_label, "a11", (12.346, 13))
    assert grid.area("a11").label == (12.35, 13.0)
    perform(grid, ops.move_anchor, "a11", 0, (11, 11))
    perform(grid, ops.add_anchor, "a11", (25, 25))
    assert grid.area("a11").anchors == [(11.0, 11.0), (25.0, 25.0)]
    perform(grid, ops.remove_anchor, "a11", 1)
    refuse(grid, ops.PreconditionError, "only one anchor", ops.remove_anchor, "a11", 0)
    refuse(grid, ops.PreconditionError, "cannot set area field", ops.set_area_fields, "a11", id="x")
    refuse(grid, ops.InvalidValueError, "kind", ops.set_area_fields, "a11", kind="lava")
    refuse(grid, ops.UnknownIdError, "no area with id 'zz'", ops.set_area_fields, ["a11", "zz"], name="Q")


# --- attributes -----------------------------------------------------------------------------------


def test_set_attributes_validates_against_the_ruleset(grid: Scenario) -> None:
    perform(grid, ops.set_attributes, "area", ["a10", "a11"], "population", 2)
    assert grid.area("a10").attributes == {"population": 2}
    refuse(
        grid,
        ops.InvalidValueError,
        "less than or equal to 9",
        ops.set_attributes,
        "area",
        "a10",
        "population",
        42,
    )
    refuse(grid, ops.InvalidValueError, "cannot set colour", ops.set_attributes, "area", "a10", "colour", 1)
    # Setting the default removes the key, keeping files small.
    perform(grid, ops.set_attributes, "area", "a10", "population", 1)
    assert grid.area("a10").attributes == {}
    perform(grid, ops.set_attributes, "empire", "e1", "treasury", 20)
    assert grid.empire("e1").attributes["treasury"] == 20
    perform(grid, ops.set_attributes, "options", [], "schism", True)
    assert grid.ruleset.options == {"schism": True}
    refuse(grid, ops.PreconditionError, "unknown attribute target", ops.set_attributes, "moon", "a", "k", 1)


def test_set_setup_attributes(grid: Scenario) -> None:
    change = perform(grid, ops.set_setup_attributes, ["a10", "a00"], "social_state", -2)
    assert grid.setup.areas["a10"].attributes == {"social_state": -2}
    assert grid.setup.areas["a00"].owner == "e1"
    assert change.touched.areas == {"a10", "a00"}
    refuse(
        grid,
        ops.InvalidValueError,
        "greater than or equal to -3",
        ops.set_setup_attributes,
        "a10",
        "social_state",
        -4,
    )


def test_unknown_ruleset_refuses_attribute_checks(grid: Scenario) -> None:
    grid.ruleset.id = "nonesuch"
    refuse(
        grid, ops.PreconditionError, "ruleset 'nonesuch' is unknown", ops.set_attributes, "area", "a0", "k", 1
    )


# --- connections, empires, owners, units ---------------------------------------------------------


def test_connections(grid: Scenario) -> None:
    change = perform(grid, ops.add_connection, "a00", "a22", "strait", name="Sound")
    connection_id = change.new_id
    refuse(grid, ops.PreconditionError, "already have a strait", ops.add_connection, "a22", "a00", "strait")
    refuse(grid, ops.PreconditionError, "with itself", ops.add_connection, "a00", "a00", "strait")
    refuse(grid, ops.UnknownIdError, "no area with id 'zz'", ops.add_connection, "a00", "zz", "strait")
    refuse(grid, ops.PreconditionError, "unknown connection kind", ops.add_connection, "a00", "a11", "tunnel")
    perform(grid, ops.set_connection, connection_id, kind="sea_lane", one_way=True)
    assert grid.map.connections[0].kind == ConnectionKind.SEA_LANE
    perform(grid, ops.remove_connection, connection_id)
    assert grid.map.connections == []


def test_empires_and_their_cascade(grid: Scenario) -> None:
    change = perform(grid, ops.add_empire, "Southia", "#00aa00")
    assert grid.empire(change.new_id).name == "Southia"
    refuse(grid, ops.InvalidValueError, "colour", ops.add_empire, "Bad", "red")
    change = perform(grid, ops.remove_empire, "e2")
    assert "a02" not in grid.setup.areas  # independent with nothing else to say
    assert grid.setup.areas["a01"].attributes == {"ties": []}
    assert [u.id for u in grid.setup.units] == ["u1"]
    assert change.touched.units == {"u2"}
    perform(grid, ops.set_empire_fields, "e1", name="Westmark")
    magnate = perform(grid, ops.add_magnate, "Duke").new_id
    perform(grid, ops.set_owner, ["a10", "a11"], magnate)
    assert grid.owner_of("a11") == magnate
    perform(grid, ops.remove_magnate, magnate)
    assert grid.owner_of("a11") is None


def test_set_owner(grid: Scenario) -> None:
    perform(grid, ops.set_owner, ["a00", "a22"], "e2")
    assert grid.owner_of("a00") == "e2" and grid.owner_of("a22") == "e2"
    assert grid.setup.areas["a00"].attributes == {"social_state": 1}
    perform(grid, ops.set_owner, "a22", None)
    assert "a22" not in grid.setup.areas
    refuse(grid, ops.UnknownIdError, "no empire or Magnate with id 'e9'", ops.set_owner, "a00", "e9")


def test_units(grid: Scenario) -> None:
    unit_id = perform(grid, ops.place_unit, "army", "e1", "a10", 3).new_id
    assert next(u for u in grid.setup.units if u.id == unit_id).strength == 3
    perform(grid, ops.move_unit, unit_id, "a11")
    perform(grid, ops.set_unit_strength, [unit_id, "u1"], 4)
    assert {u.strength for u in grid.setup.units if u.id in (unit_id, "u1")} == {4}
    refuse(
        grid,
        ops.InvalidValueError,
        r"strength must be 1 to 4 \(33.31\), not 5",
        ops.set_unit_strength,
        "u1",
        5,
    )
    refuse(grid, ops.PreconditionError, "cannot stand in sea area s0", ops.move_unit, "u1", "s0")
    refuse(grid, ops.InvalidValueError, "no unit kind 'dragon'", ops.place_unit, "dragon", "e1", "a10")
    refuse(grid, ops.UnknownIdError, "no empire or Magnate", ops.place_unit, "army", "e7", "a10")
    # Unit attributes are the ruleset's (EotMA units have none): an unknown one is refused.
    refuse(
        grid,
        ops.InvalidValueError,
        "cannot set veteran to True",
        ops.place_unit,
        "army",
        "e1",
        "a10",
        attributes={"veteran": True},
    )
    perform(grid, ops.remove_unit, [unit_id, "u1"])
    assert [u.id for u in grid.setup.units] == ["u2"]


def test_adjacency_policy(grid: Scenario) -> None:
    perform(grid, ops.set_adjacency_policy, corner_touch="adjacent")
    assert frozenset(("a00", "a11")) in Topology.build(grid.map).adjacency()
    refuse(grid, ops.InvalidValueError, "min_shared_length", ops.set_adjacency_policy, min_shared_length=-1)


# --- ids and sequences -------------------------------------------------------------------------------


def test_new_ids_skip_ids_in_use(grid: Scenario) -> None:
    grid.map.connections.append(Connection(id="a100", a="a00", b="a01", kind=ConnectionKind.STRAIT))
    change = ops.add_area(grid, (100, 100))
    assert change.new_id == "a101"
    assert grid.next_serial == 102
    assert ops.new_id(grid, "x") == "x102"


def test_a_sequence_of_edits_undoes_in_reverse(grid: Scenario) -> None:
    original = dump(grid)
    changes = [
        ops.add_boundary(grid, [(0, 15), (30, 15)]),
        ops.split_area(grid, "a00", [(2, -1), (2, 11)]),
        ops.move_vertex(grid, "v11", 0, (11, 11)),
        ops.merge_areas(grid, "a21", "a22"),
        ops.delete_area(grid, "a00"),
        ops.set_owner(grid, "a11", "e2"),
    ]
    for change in reversed(changes):
        change.revert(grid)
    assert dump(grid) == original


def test_topology_update_with_touched_equals_fresh_build(grid: Scenario) -> None:
    topology = Topology.build(grid.map)
    # Each op, then the update it calls for (an update names every boundary changed since the last).
    for edit in (
        lambda: ops.add_boundary(grid, [(0, 15), (30, 15)]),
        lambda: ops.move_vertex(grid, "v11", 0, (11, 11)),
        lambda: ops.split_area(grid, "a22", [(22, 19), (22, 31)], topology=topology),
        lambda: ops.add_area(grid, (5, 12)),
    ):
        change = edit()
        topology.update(grid.map, change.touched.boundaries, change.touched.areas)
        assert topology.canonical() == Topology.build(grid.map).canonical()


def test_undo_steps_hold_only_what_changed() -> None:
    from model.geometry import generate_test_map

    scenario = generate_test_map(300, seed=5)
    boundary = scenario.map.boundaries[100]
    change = ops.move_vertex(scenario, boundary.id, 0, (boundary.points[0][0] + 1, boundary.points[0][1]))
    kept = sum(len(patch.items) for patch in change._saved.values())
    assert kept == len(change.touched.boundaries) <= 4  # not a copy of the 900 boundaries
    change = ops.delete_boundary(scenario, scenario.map.boundaries[10].id)
    assert sum(len(patch.items) for patch in change._saved.values()) == 1


def test_metadata_and_magnate_fields(grid: Scenario) -> None:
    perform(grid, ops.set_metadata, title="Grid War", start_year=771)
    assert (grid.metadata.title, grid.metadata.start_year) == ("Grid War", 771)
    refuse(grid, ops.InvalidValueError, "title", ops.set_metadata, title="")
    refuse(grid, ops.PreconditionError, "unknown metadata field", ops.set_metadata, colour="red")
    magnate = ops.add_magnate(grid, "Duke").new_id
    perform(grid, ops.set_magnate_fields, magnate, name="Count", colour="#123456")
    assert grid.setup.magnates[0].name == "Count"
    refuse(grid, ops.InvalidValueError, "colour", ops.set_magnate_fields, magnate, colour="blue")
