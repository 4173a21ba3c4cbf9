"""``Topology.update`` reports the areas whose faces it changed (what the editor repaints)."""

from __future__ import annotations

import shapely

from model.scenario import Area, Boundary, MapData, Scenario
from model.topology import Topology


def ring(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    """A closed square ring."""
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]


def shapes(topology: Topology, map_data: MapData) -> dict[str, bytes | None]:
    """Area id -> its geometry by shape (None without a face), comparable across topologies."""
    result: dict[str, bytes | None] = {}
    for area in map_data.areas:
        geometry = topology.area_geometry(area.id)
        result[area.id] = None if geometry is None else bytes(shapely.to_wkb(shapely.normalize(geometry)))
    return result


def reshaped(before: dict[str, bytes | None], after: dict[str, bytes | None]) -> set[str]:
    return {a for a in before.keys() | after.keys() if before.get(a) != after.get(a)}


def test_update_reports_the_area_a_new_ring_gives_a_face() -> None:
    map_data = MapData(areas=[Area(id="a1", name="Alpha", anchors=[(5.0, 5.0)])])
    topology = Topology.build(map_data)
    assert topology.area_geometry("a1") is None

    map_data.boundaries.append(Boundary(id="b1", points=ring(0, 0, 10, 10)))
    changed = topology.update(map_data, ["b1"])
    assert changed == {"a1"}
    assert topology.last_changed_areas == {"a1"}
    assert topology.area_geometry("a1") is not None

    # Undoing the ring takes the face away again: reported too.
    map_data.boundaries.clear()
    assert topology.update(map_data, ["b1"]) == {"a1"}
    assert topology.area_geometry("a1") is None


def test_local_update_reports_a_stray_anchor_that_a_reshaped_boundary_places(grid: Scenario) -> None:
    # An anchor on the line v11 is in no face; bending v11 leaves it inside a10's cell.
    grid.map.areas.append(Area(id="x", name="On the line", anchors=[(10.0, 15.0)]))
    topology = Topology.build(grid.map)
    assert topology.area_geometry("x") is None
    v11 = next(b for b in grid.map.boundaries if b.id == "v11")
    v11.points = [(10.0, 10.0), (12.0, 15.0), (10.0, 20.0)]
    changed = topology.update(grid.map, ["v11"])
    assert topology.last_update_was_local
    assert topology.area_geometry("x") is not None
    assert {"x", "a10", "a11"} <= changed
    assert not changed & {"a02", "a22", "s0", "s1", "s2"}, "far areas kept their faces"


def test_update_reports_every_area_whose_shape_changed_local_or_not(grid: Scenario) -> None:
    """After each edit, the reported ids cover every area whose shape differs from before."""
    grid.map.areas.append(Area(id="lake", name="Lake", anchors=[(14.0, 14.0)]))
    topology = Topology.build(grid.map)
    edits: list[tuple[str, list[str], list[str]]] = []

    def edit(kind: str) -> tuple[list[str], list[str]]:
        boundaries = {b.id: b for b in grid.map.boundaries}
        if kind == "island":  # a ring inside a11's cell around the lake's anchor: local
            grid.map.boundaries.append(Boundary(id="isle", points=ring(12, 12, 16, 16)))
            return ["isle"], []
        if kind == "outer edge":  # moves the map's edge: a full build
            for bid in ("v00", "v10"):
                boundary = boundaries[bid]
                boundary.points = [(-4.0, 10.0) if p == (0.0, 10.0) else p for p in boundary.points]
            return ["v00", "v10"], []
        if kind == "delete":  # merges a21 and a22's cells
            grid.map.boundaries.remove(boundaries["v22"])
            return ["v22"], []
        if kind == "anchor":  # a sea anchor moves into another cell
            grid.area("s0").anchors = [(25.0, 35.0)]
            return [], ["s0"]
        grid.map.boundaries.remove(boundaries["isle"])
        return ["isle"], []

    for kind in ("island", "outer edge", "delete", "anchor", "no island"):
        before = shapes(topology, grid.map)
        changed_boundaries, changed_areas = edit(kind)
        changed = topology.update(grid.map, changed_boundaries, changed_areas)
        after = shapes(topology, grid.map)
        assert after == shapes(Topology.build(grid.map), grid.map)
        assert reshaped(before, after) <= changed, kind
        assert changed == topology.last_changed_areas
        edits.append((kind, sorted(changed), sorted(reshaped(before, after))))

    island = edits[0]
    assert set(island[2]) == {"a11", "lake"}
    outer = edits[1]
    assert not {"a02", "a22", "s2"} & set(outer[1]), "a full build reports only what changed"
