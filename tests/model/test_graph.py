"""Graphs of the grid map (``model.graph``): neighbours, coasts, typed connections, sea reach."""

from __future__ import annotations

import pytest

from model.graph import MapGraphs
from model.scenario import Area, AreaKind, Connection, ConnectionKind, Scenario


def test_neighbours_land_and_coast(grid: Scenario) -> None:
    graphs = MapGraphs.from_scenario(grid)
    assert graphs.neighbours("a11") == {"a01", "a10", "a12", "a21"}
    assert graphs.land_neighbours("a21") == {"a11", "a20", "a22"}
    assert graphs.neighbours("a21") == {"a11", "a20", "a22", "s1"}
    assert graphs.coastal_seas("a21") == {"s1"}
    assert graphs.is_coastal("a21")
    assert not graphs.is_coastal("a11")
    assert not graphs.is_coastal("s1")  # a sea area is not a coastal land area
    assert set(graphs.sea.edges) == {("s0", "s1"), ("s1", "s2")}
    assert graphs.full.edges["a00", "a01"]["kinds"] == {"border"}
    assert graphs.full.edges["a00", "a01"]["length"] == pytest.approx(10.0)


def test_components_per_movement_type(grid: Scenario) -> None:
    graphs = MapGraphs.from_scenario(grid)
    assert graphs.components("land") == [{f"a{r}{c}" for r in range(3) for c in range(3)}]
    assert graphs.components("sea") == [{"s0", "s1", "s2"}]
    with pytest.raises(ValueError, match="unknown graph 'air'"):
        graphs.components("air")


def test_typed_connections_add_kinds_and_impassable_removes_the_edge(grid: Scenario) -> None:
    grid.map.connections = [
        Connection(id="c1", a="a00", b="a22", kind=ConnectionKind.STRAIT),
        Connection(id="c2", a="a10", b="a11", kind=ConnectionKind.RIVER_CROSSING),
        Connection(id="c3", a="a00", b="a01", kind=ConnectionKind.IMPASSABLE),
        Connection(id="c4", a="s0", b="a02", kind=ConnectionKind.SEA_LANE),
    ]
    graphs = MapGraphs.from_scenario(grid)
    assert graphs.full.edges["a00", "a22"]["kinds"] == {"strait"}
    assert "a22" in graphs.land_neighbours("a00")
    assert graphs.full.edges["a10", "a11"]["kinds"] == {"border", "river_crossing"}
    assert graphs.full.edges["a10", "a11"]["connections"] == ["c2"]
    assert not graphs.full.has_edge("a00", "a01")
    assert graphs.coastal_seas("a02") == {"s0"}


def split_by_sea(grid: Scenario) -> Scenario:
    """Turn the middle column into sea and block it from the east column: 3 seas separate the coasts."""
    for row in range(3):
        grid.area(f"a{row}1").kind = AreaKind.SEA
    grid.map.connections = [
        Connection(id=f"x{row}", a=f"a{row}1", b=f"a{row}2", kind=ConnectionKind.IMPASSABLE)
        for row in range(3)
    ]
    return grid


def test_reachable_across_sea_counts_fewest_sea_areas(grid: Scenario) -> None:
    graphs = MapGraphs.from_scenario(split_by_sea(grid))
    assert graphs.reachable_across_sea("a00", 2) == {"a00": 0, "a10": 0, "a20": 0}
    assert graphs.reachable_across_sea("a00", 3) == {
        "a00": 0,
        "a10": 0,
        "a20": 0,
        "a22": 3,
        "a12": 3,
        "a02": 3,
    }


def test_reachable_across_sea_direct_only(grid: Scenario) -> None:
    graphs = MapGraphs.from_scenario(split_by_sea(grid))
    # a00 is 3 seas away directly (a21, a11, a01); by land through a10 it would be 1.
    assert graphs.reachable_across_sea("a20", 3, by_land=False) == {"a20": 0, "a10": 0, "a22": 3, "a00": 3}


def test_reachable_across_sea_one_sea_between_coasts(grid: Scenario) -> None:
    for row in range(3):
        grid.area(f"a{row}1").kind = AreaKind.SEA
    graphs = MapGraphs.from_scenario(grid)
    reach = graphs.reachable_across_sea("a00", 1)
    assert reach == {"a00": 0, "a10": 0, "a20": 0, "a02": 1, "a12": 1, "a22": 1}
    assert graphs.reachable_across_sea("a00", 0) == {"a00": 0, "a10": 0, "a20": 0}
    with pytest.raises(KeyError, match="nowhere"):
        graphs.reachable_across_sea("nowhere", 1)


def test_isolated_areas(grid: Scenario) -> None:
    grid.map.areas.append(Area(id="lost", name="Lost", anchors=[(500.0, 500.0)]))
    graphs = MapGraphs.from_scenario(grid)
    assert graphs.isolated() == ["lost"]
    assert graphs.components("land")[-1] == {"lost"}
