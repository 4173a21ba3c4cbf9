"""``mappa graph``: graphs read back by networkx equal the model's; distances and their errors."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest

from model import cli, io
from model.graph import MapGraphs
from model.topology import Topology

ROOT = Path(__file__).resolve().parents[2]
M976 = ROOT / "scenarios" / "medieval-europe-976.mappa.json"
ISLES = ROOT / "scenarios" / "seasons-isles.mappa.json"


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def read_back(path: Path, fmt: str) -> nx.Graph:
    if fmt == "json":
        return nx.node_link_graph(json.loads(path.read_text(encoding="utf-8")), edges="edges")
    if fmt == "graphml":
        return nx.read_graphml(path)
    if fmt == "dot":
        pytest.skip("no DOT reader in networkx without pydot")
    return nx.read_gexf(path)


def edge_set(graph: nx.Graph) -> set[frozenset[str]]:
    return {frozenset((str(a), str(b))) for a, b in graph.edges}


@pytest.mark.parametrize("fmt", ["json", "graphml", "gexf"])
@pytest.mark.parametrize("which", ["full", "land", "sea", "adjacency"])
def test_written_graphs_read_back_equal_the_model(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str, which: str
) -> None:
    scenario = io.load(M976)
    graphs = MapGraphs.from_scenario(scenario)
    out = tmp_path / f"m.{fmt}"
    status, printed, _ = run(capsys, "graph", M976, "--graph", which, "--format", fmt, "-o", out)
    assert (status, printed) == (0, f"wrote {out}\n")
    back = read_back(out, fmt)
    if which == "adjacency":
        expected_edges = {frozenset(p) for p in Topology.build(scenario.map).adjacency()}
        expected_nodes = set(graphs.full.nodes)
    else:
        model = {"full": graphs.full, "land": graphs.land, "sea": graphs.sea}[which]
        expected_edges, expected_nodes = edge_set(model), set(model.nodes)
    assert {str(n) for n in back.nodes} == expected_nodes
    assert edge_set(back) == expected_edges
    names = {a.id: a.name for a in scenario.map.areas}
    assert {n: back.nodes[n]["name"] for n in back} == {n: names[n] for n in expected_nodes}
    if fmt == "gexf":  # Gephi shows the label: the area's name
        assert {n: back.nodes[n]["label"] for n in back} == {n: names[n] for n in expected_nodes}
    if which in ("full", "adjacency"):
        venice = back.nodes["venice"]
        assert venice["kind"] == "land"
        assert venice["seafaring_home"] in (True, "true", "True")
        assert back.edges["hungary", "austria"]["why"] == "shared"
        assert back.edges["hungary", "austria"]["pair"] == "land-land"
        assert back.edges["hungary", "austria"]["kind"] == "land-land"
        assert float(back.edges["hungary", "austria"]["length"]) == pytest.approx(
            graphs.full.edges["hungary", "austria"]["length"], rel=1e-6
        )
    if which == "full":
        dover = back.edges["kent", "flanders"]
        assert (dover["why"], dover["connections"]) == ("strait", "dover")
        assert dover["connection_types"] == "strait"
        assert (dover["kind"], dover["pair"]) == ("strait", "land-land")


def test_default_is_the_full_graph_as_node_link_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "graph", ISLES)
    assert status == 0
    back = nx.node_link_graph(json.loads(out), edges="edges")
    graphs = MapGraphs.from_scenario(io.load(ISLES))
    assert edge_set(back) == edge_set(graphs.full)
    assert back.graph["ruleset"] == "seasons"
    assert back.nodes["harrowmere"]["resources"] == 3


def test_dot_names_every_area_and_edge(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "graph", ISLES, "--format", "dot")
    graphs = MapGraphs.from_scenario(io.load(ISLES))
    assert status == 0
    assert out.startswith('graph "')
    assert out.count(" -- ") == graphs.full.number_of_edges()
    assert '"harrowmere" ["label"="Harrowmere"' in out


def test_list_reaches(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "graph", M976, "--list-reaches")
    assert status == 0
    ids = [line.split()[0] for line in out.splitlines()[1:]]
    assert ids == ["distance", "land", "seafaring", "fleet"]
    assert "Seafaring reach (9.53)" in out
    status, out, _ = run(capsys, "graph", ISLES, "--list-reaches", "--format", "json")
    assert [row["id"] for row in json.loads(out)] == ["distance", "move", "march", "sail"]


def test_seafaring_reach_from_venice_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "graph", M976, "--from", "Venice", "--reach", "seafaring")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Seafaring reach from Venice (venice), in sea areas, rule 9.53:"
    assert "   3  Sicily (sicily)" in lines
    assert "   1  Upper Adriatic (upper_adriatic)" in lines
    assert "   -  Crete (crete)" in lines
    assert lines[-1] == "18 areas reached, 141 unreachable"


def test_distances_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "graph", M976, "--from", "normandy", "--reach", "fleet", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert (data["from"], data["reach"], data["unit"]) == ("normandy", "fleet", "sea areas")
    by_id = {row["id"]: row["distance"] for row in data["areas"]}
    assert by_id["ireland"] == 2
    assert by_id["normandy"] == 0
    assert by_id["hungary"] is None  # out of range: listed, with no distance


def test_plain_distance_is_the_default_reach(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "graph", M976, "--from", "hungary")
    assert status == 0
    assert out.splitlines()[0] == "Graph distance from Hungary (hungary), in steps:"
    assert "   1  Austria (austria)" in out.splitlines()


def test_unknown_area_lists_close_matches(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "graph", M976, "--from", "Hungry", "--reach", "land")
    assert (status, out) == (2, "")
    assert err == f"mappa: {M976}: no area with id or name 'Hungry'; did you mean Hungary (hungary)?\n"


def test_unknown_reach_and_missing_start(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "graph", ISLES, "--from", "harrowmere", "--reach", "seafaring")
    assert status == 2
    assert "the seasons ruleset has no reach 'seafaring'; it offers: distance, move, march, sail" in err
    status, _, err = run(capsys, "graph", ISLES, "--reach", "move")
    assert status == 2
    assert "--reach needs --from AREA" in err
    status, _, err = run(capsys, "graph", ISLES, "--from", "harrowmere", "--format", "gexf")
    assert status == 2
    assert "text or json" in err
