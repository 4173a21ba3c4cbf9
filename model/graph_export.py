"""The scenario's graphs as plain networkx graphs that other tools read: node-link JSON, GraphML, GEXF, DOT.

Nodes are area ids with ``name``, ``kind`` and every scalar area attribute (lists and objects are
left out: GraphML and GEXF hold scalars only); edges carry ``kind`` (the connection type when a
typed connection joins the pair, else the pair: one category to colour by, as the editor's
Adjacency layer does), ``pair`` (land-land, land-sea, sea-sea), ``why`` (what made the pair
adjacent: shared, corner or short border, strait, sea_lane, river_crossing; joined by commas),
``length`` (the shared border's length, 0 when none) and ``connections`` / ``connection_types``
(the typed connections' ids and kinds). Every value is a string, number or boolean, so each
format round-trips what the model holds.

Which graph (``GRAPHS``): ``full`` is the movement graph (derived adjacency, typed connections,
impassable cuts removed); ``adjacency`` only what the linework derives (shared borders and corner
touches after the map's policy, no connections); ``land`` and ``sea`` the land-land and sea-sea
edges of ``full``. DOT is written here (no Graphviz library is needed): node colours by kind and
edge styles by why, so ``dot -Tsvg`` or ``neato`` draw something readable at once.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable
from typing import Any

import networkx as nx

from model.graph import BORDER, MapGraphs, pair_kind
from model.scenario import AreaKind, Scenario
from model.topology import Topology

GRAPHS = ("full", "adjacency", "land", "sea")
"""The graphs ``mappa graph --graph`` writes, the default first."""

FORMATS = ("json", "graphml", "gexf", "dot")
"""The file formats ``mappa graph --format`` writes, the default first."""

Scalar = str | int | float | bool


def export_graph(scenario: Scenario, which: str = "full", graphs: MapGraphs | None = None) -> nx.Graph:
    """Return one of the scenario's graphs (``GRAPHS``) with names and scalar attributes, ready to write."""
    if which not in GRAPHS:
        raise ValueError(f"unknown graph {which!r}: use one of {', '.join(GRAPHS)}")
    topology = None
    if graphs is None or which == "adjacency":
        topology = Topology.build(scenario.map)
        graphs = graphs or MapGraphs.from_scenario(scenario, topology)
    kinds = graphs.kinds
    out: nx.Graph = nx.Graph(
        name=f"{scenario.metadata.title or 'scenario'} ({which})",
        graph=which,
        ruleset=scenario.ruleset.id,
    )
    for area in scenario.map.areas:
        if (which == "land" and area.kind != AreaKind.LAND) or (which == "sea" and area.kind != AreaKind.SEA):
            continue
        data: dict[str, Scalar] = {
            key: value for key, value in sorted(area.attributes.items()) if _scalar(value)
        }
        data.update(name=area.name or area.id, kind=area.kind.value)
        out.add_node(area.id, **data)
    if which == "adjacency":
        assert topology is not None
        minimum = scenario.map.adjacency.min_shared_length
        for pair, length in sorted(topology.adjacency().items(), key=lambda item: sorted(item[0])):
            a, b = sorted(pair)
            if a in kinds and b in kinds:
                border = "corner" if length == 0 else "shared" if length >= minimum else "short"
                out.add_edge(a, b, **_edge_data(kinds[a], kinds[b], [border], length, [], []))
        return out
    source = {"full": graphs.full, "land": graphs.land, "sea": graphs.sea}[which]
    for u, v, edge in sorted(source.edges(data=True), key=lambda e: tuple(sorted(e[:2]))):
        a, b = sorted((str(u), str(v)))
        why: list[str] = []
        if BORDER in edge["kinds"]:
            why.append(str(edge.get("border", "shared")))
        ids = [str(i) for i in edge.get("connections", [])]
        types = [graphs.connection_kinds.get(i, "") for i in ids]
        why.extend(sorted(set(types)))
        out.add_edge(a, b, **_edge_data(kinds[a], kinds[b], why, float(edge["length"]), ids, types))
    return out


def _scalar(value: Any) -> bool:
    return isinstance(value, str | int | float | bool)


def _edge_data(
    first: AreaKind, second: AreaKind, why: list[str], length: float, ids: list[str], types: list[str]
) -> dict[str, Scalar]:
    typed = [t for t in types if t and t != "impassable"]
    pair = pair_kind(first, second)
    return {
        "kind": typed[0] if typed else pair,
        "pair": pair,
        "why": ",".join(why),
        "length": round(float(length), 6),
        "connections": ",".join(ids),
        "connection_types": ",".join(types),
    }


def write_graph(graph: nx.Graph, fmt: str) -> str:
    """Return the graph as text in one of ``FORMATS``."""
    if fmt == "json":
        return json.dumps(node_link(graph), indent=2, ensure_ascii=False) + "\n"
    if fmt in ("graphml", "gexf"):
        buffer = io.BytesIO()
        if fmt == "graphml":
            nx.write_graphml(graph, buffer, encoding="utf-8")
        else:  # Gephi shows a node's label: the area's name rather than its id
            labelled = graph.copy()
            for node, data in labelled.nodes(data=True):
                data.setdefault("label", data.get("name", node))
            nx.write_gexf(labelled, buffer, encoding="utf-8")
        return buffer.getvalue().decode("utf-8")
    if fmt == "dot":
        return to_dot(graph)
    raise ValueError(f"unknown format {fmt!r}: use one of {', '.join(FORMATS)}")


def node_link(graph: nx.Graph) -> dict[str, Any]:
    """Return networkx's node-link data with the edges under ``edges`` (read with ``node_link_graph``)."""
    try:
        data: dict[str, Any] = nx.node_link_data(graph, edges="edges")
    except TypeError:  # networkx before 3.4 names the keyword ``link``
        data = nx.node_link_data(graph, link="edges")
    return data


_NODE_COLOURS = {"land": "#e9dfb8", "sea": "#bcd8ee"}
_EDGE_STYLES = {
    "land-land": 'color="#6b5a2e"',
    "land-sea": 'color="#4f8a8b", style=dashed',
    "sea-sea": 'color="#2f6fae"',
    "strait": 'color="#b5462f", penwidth=2',
    "sea_lane": 'color="#2f6fae", style=dotted, penwidth=2',
    "river_crossing": 'color="#3b7dd8", style=bold',
}


def to_dot(graph: nx.Graph) -> str:
    """Return the graph in Graphviz DOT: every attribute kept, plus a colour per kind and a style per edge."""
    lines = [f"graph {_quote(str(graph.graph.get('name', 'map')))} {{"]
    lines.append('  node [shape=box, style="rounded,filled", fontname="Helvetica"];')
    for node, data in graph.nodes(data=True):
        fill = _NODE_COLOURS.get(str(data.get("kind")), "#ffffff")
        attrs = _attributes({"label": data.get("name", node), **data}, extra=f'fillcolor="{fill}"')
        lines.append(f"  {_quote(str(node))} [{attrs}];")
    for a, b, data in graph.edges(data=True):
        types = [t for t in str(data.get("connection_types", "")).split(",") if t]
        style = _EDGE_STYLES.get(types[0] if types else str(data.get("pair")), "")
        lines.append(f"  {_quote(str(a))} -- {_quote(str(b))} [{_attributes(data, extra=style)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _attributes(data: dict[str, Any], extra: str = "") -> str:
    parts: Iterable[str] = (f"{_quote(str(key))}={_quote(_text(value))}" for key, value in data.items())
    joined = ", ".join(parts)
    return f"{joined}, {extra}" if extra else joined


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'
