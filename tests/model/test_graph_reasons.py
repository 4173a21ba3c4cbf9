"""Why two areas are adjacent (``MapGraphs.why``): shared border, corner touch, connections, cuts."""

from __future__ import annotations

from pathlib import Path

import pytest

from model import io
from model.graph import CORNER, SHARED, SHORT, MapGraphs
from model.scenario import Connection, ConnectionKind, CornerTouch, Scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def test_shared_border_gives_its_length(grid: Scenario) -> None:
    graphs = MapGraphs.from_scenario(grid)
    reason = graphs.why("a00", "a01")
    assert reason.adjacent
    assert reason.border == SHARED
    assert reason.length == pytest.approx(10.0)
    assert reason.pair == "land-land"
    assert reason.connections == ()
    assert reason.sentences() == ["They share a border 10.0 long."]
    assert reason.sentences(units="km") == ["They share a border 10.0 km long."]
    assert graphs.why("a20", "s0").pair == "land-sea"
    assert graphs.why("s0", "s1").pair == "sea-sea"


def test_corner_touch_counts_only_under_the_policy(grid: Scenario) -> None:
    assert not MapGraphs.from_scenario(grid).why("a00", "a11").adjacent
    grid.map.adjacency.corner_touch = CornerTouch.ADJACENT
    reason = MapGraphs.from_scenario(grid).why("a00", "a11")
    assert reason.adjacent
    assert reason.border == CORNER
    assert reason.length == 0
    assert "corner" in reason.sentences()[0]


def test_short_border_kept_by_the_corner_policy(grid: Scenario) -> None:
    grid.map.adjacency.min_shared_length = 15.0
    assert not MapGraphs.from_scenario(grid).full.has_edge("a00", "a01")
    grid.map.adjacency.corner_touch = CornerTouch.ADJACENT
    reason = MapGraphs.from_scenario(grid).why("a00", "a01")
    assert (reason.adjacent, reason.border, reason.length) == (True, SHORT, pytest.approx(10.0))


def test_connections_and_an_impassable_cut(grid: Scenario) -> None:
    grid.map.connections = [
        Connection(id="c1", a="a00", b="a22", kind=ConnectionKind.STRAIT),
        Connection(id="c2", a="a10", b="a11", kind=ConnectionKind.RIVER_CROSSING),
        Connection(id="c3", a="a00", b="a01", kind=ConnectionKind.IMPASSABLE),
    ]
    graphs = MapGraphs.from_scenario(grid)
    strait = graphs.why("a22", "a00")
    assert (strait.adjacent, strait.border, strait.connections) == (True, None, (("c1", "strait"),))
    assert strait.sentences() == ["A strait connection (c1) joins them."]
    river = graphs.why("a10", "a11")
    assert river.border == SHARED
    assert river.connections == (("c2", "river_crossing"),)
    cut = graphs.why("a00", "a01")
    assert not cut.adjacent
    assert cut.cut_by == ("c3",)
    assert cut.length == pytest.approx(10.0)  # what the border would give, kept to show what was cut
    assert cut.connections == (("c3", "impassable"),)
    assert cut.sentences()[-1].startswith("An impassable connection (c3) cuts them apart")
    assert set(graphs.cut.edges) == {("a00", "a01")}
    apart = graphs.why("a00", "a02")
    assert not apart.adjacent
    assert apart.sentences({"a00": "North", "a02": "East"}) == [
        "North and East do not touch and no connection joins them."
    ]
    with pytest.raises(KeyError, match="nowhere"):
        graphs.why("a00", "nowhere")


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.mappa.json")), ids=lambda p: p.name)
def test_every_edge_of_the_shipped_maps_says_why(path: Path) -> None:
    scenario = io.load(path)
    graphs = MapGraphs.from_scenario(scenario)
    names = {area.id: area.name for area in scenario.map.areas}
    for a, b in graphs.full.edges:
        reason = graphs.why(a, b)
        assert reason.adjacent and not reason.cut_by
        assert reason.border is not None or reason.connections, (a, b)
        assert (reason.border is not None) == (reason.length > 0 or reason.border == CORNER)
        assert reason.sentences(names)
        assert not any("do not touch" in s for s in reason.sentences(names))
    for a, b in graphs.cut.edges:
        assert graphs.why(a, b).cut_by
