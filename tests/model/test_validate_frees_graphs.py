"""``validate`` empties the graphs it built for itself (node by node, ``MapGraphs.release``), so
that their contents are freed when it returns, and leaves graphs it was given alone."""

from __future__ import annotations

import networkx as nx
import pytest

from model import graph
from model.geometry import generate_test_map
from model.graph import MapGraphs
from model.validate import validate


def test_graphs_validate_built_are_emptied_and_given_ones_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = generate_test_map(60, seed=3)
    built: list[MapGraphs] = []
    real = MapGraphs.from_scenario.__func__  # type: ignore[attr-defined]

    def noting(cls: type[MapGraphs], *args: object, **kwargs: object) -> MapGraphs:
        result = real(cls, *args, **kwargs)
        built.append(result)
        return result  # type: ignore[no-any-return]

    monkeypatch.setattr(graph.MapGraphs, "from_scenario", classmethod(noting))
    issues = validate(scenario)
    assert len(built) == 1
    graphs = [value for value in vars(built[0]).values() if isinstance(value, nx.Graph)]
    assert graphs and all(g.number_of_nodes() == 0 and g.number_of_edges() == 0 for g in graphs)

    given = real(MapGraphs, scenario)
    assert given.full.number_of_nodes() == 60
    assert validate(scenario, graphs=given) == issues
    assert given.full.number_of_nodes() == 60 and given.full.number_of_edges() > 60


def test_release_empties_the_split_graphs_too() -> None:
    graphs = MapGraphs.from_scenario(generate_test_map(40, seed=2))
    assert graphs.land.number_of_nodes() + graphs.sea.number_of_nodes() == 40  # the split is built
    graphs.release()
    assert graphs.full.number_of_nodes() == 0
    assert all(g.number_of_nodes() == 0 for g in (graphs.land, graphs.sea, graphs.coast))
