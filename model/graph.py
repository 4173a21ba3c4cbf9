"""The map as networkx graphs: what the rules engines and the validator ask about movement.

``full`` holds every area; an edge means the two areas are neighbours, and its ``kinds`` say why:
``border`` (derived from shared boundaries by ``model.topology``), ``strait``, ``sea_lane`` and
``river_crossing`` (typed connections). An ``impassable`` connection removes the edge whatever
else joins the pair; ``cut`` keeps those removed pairs so that what was cut stays visible.
``land``, ``sea`` and ``coast`` are the land-land, sea-sea and land-sea edges. Connections are
two-way here (rulesets treat ``one_way`` themselves).

Every edge says why the pair is adjacent (:meth:`MapGraphs.why`): ``border`` is ``shared`` for a
shared border at least the policy's minimum length, ``corner`` for areas that meet only at a
point and ``short`` for a shorter border, both kept only when the map's adjacency policy makes
corner touches adjacent; ``connections`` lists the typed connections joining the pair.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

import networkx as nx

from model.perf import gc_paused
from model.scenario import AreaKind, ConnectionKind, Scenario
from model.topology import Topology

BORDER = "border"

SHARED = "shared"
"""A shared border at least the policy's minimum length."""
CORNER = "corner"
"""Areas meeting only at a point, adjacent because the policy makes corner touches adjacent."""
SHORT = "short"
"""A shared border shorter than the policy's minimum, kept because corner touches are adjacent."""


_BORDER_ONLY = frozenset({BORDER})
"""The ``kinds`` of an edge that only a border makes, one set shared by all of them: edges are never
changed in place (a connection gives its edge a new set), and a set per edge was 20 MB at 30,000
areas."""


def pair_kind(first: AreaKind, second: AreaKind) -> str:
    """Return ``land-land``, ``land-sea`` or ``sea-sea`` for a pair of area kinds (in either order)."""
    if first == second:
        return f"{first.value}-{first.value}"
    return f"{AreaKind.LAND.value}-{AreaKind.SEA.value}"


@dataclass(frozen=True)
class PairReason:
    """Why two areas are adjacent, or why not: the derived border, the typed connections, any cut."""

    a: str
    b: str
    adjacent: bool
    pair: str
    """``land-land``, ``land-sea`` or ``sea-sea``."""
    length: float
    """Total length of the borders the two areas share (0 for a corner touch or none)."""
    border: str | None
    """``shared``, ``corner``, ``short`` (see the module), or None when no border makes them adjacent."""
    connections: tuple[tuple[str, str], ...]
    """``(connection id, kind)`` of every typed connection joining the pair, impassable ones included."""
    cut_by: tuple[str, ...]
    """Ids of the impassable connections that remove the adjacency."""

    def sentences(self, names: Mapping[str, str] | None = None, units: str = "") -> list[str]:
        """Return what made the pair adjacent (or not), one plain sentence per reason.

        ``names`` gives the areas' names by id; ``units`` the map's length unit (``km``).
        """
        label = (lambda i: names.get(i, i)) if names else (lambda i: i)
        unit = f" {units}" if units else ""
        found: list[str] = []
        if self.border == SHARED:
            found.append(f"They share a border {self.length:,.1f}{unit} long.")
        elif self.border == CORNER:
            found.append("They meet only at a corner, which the map's adjacency policy counts.")
        elif self.border == SHORT:
            found.append(
                f"They share a border only {self.length:,.1f}{unit} long, below the policy's minimum; "
                "the policy counts corner touches, so it stays."
            )
        for connection_id, kind in self.connections:
            if kind != "impassable":
                found.append(f"A {kind.replace('_', ' ')} connection ({connection_id}) joins them.")
        if self.cut_by:
            joined = ", ".join(self.cut_by)
            found.append(f"An impassable connection ({joined}) cuts them apart: they are not adjacent.")
        elif not self.adjacent:
            found.append(f"{label(self.a)} and {label(self.b)} do not touch and no connection joins them.")
        return found


class MapGraphs:
    """Adjacency graphs of one scenario's map (rebuild them after the map changes)."""

    def __init__(
        self,
        full: nx.Graph,
        kinds: dict[str, AreaKind],
        cut: nx.Graph | None = None,
        connection_kinds: dict[str, str] | None = None,
    ) -> None:
        self.full = full
        self.kinds = kinds
        self.connection_kinds: dict[str, str] = connection_kinds or {}
        """Connection id -> kind, for the connections the graphs hold (impassable ones included)."""
        self.cut: nx.Graph = cut if cut is not None else nx.Graph()
        """Pairs an impassable connection separates: the edge they would have, plus ``impassable`` ids."""

    def release(self) -> None:
        """Empty every graph held here (the land, sea and coast graphs too, once built), so that
        their contents are freed at once, by whichever thread calls this.

        A networkx graph refers to itself through the views it caches (``edges``, ``degree``...),
        so a dropped one is left to the cyclic garbage collector: on a 5,000-area map some 50,000
        dicts, sets and lists, whose collection holds the GIL for tens of milliseconds (the
        editor's UI stalls meanwhile); kept out of the collector (``gc.freeze``), never freed.
        They are emptied a node at a time: ``Graph.clear`` frees a whole graph's contents in one C
        call, which holds the GIL for 100-200 ms on a 30,000-area map; node by node, other threads
        run in between. Each node's dict of neighbours is cleared in place (an edge's data goes with
        the second of its two ends), a fifth of the cost of ``remove_node``, which looks up every
        neighbour's entry too. The graphs are empty afterwards: only their last user may call this.
        """
        graphs: list[nx.Graph] = []
        for value in vars(self).values():
            if isinstance(value, nx.Graph):
                graphs.append(value)
            elif isinstance(value, tuple):
                graphs.extend(item for item in value if isinstance(item, nx.Graph))
        for graph in graphs:
            for neighbours in graph._adj.values():
                neighbours.clear()
            graph.clear()

    @cached_property
    def _split(self) -> tuple[nx.Graph, nx.Graph, nx.Graph]:
        """The land, sea and coast graphs, built on first use (a view of the map may need none)."""
        kinds, full = self.kinds, self.full
        land_graph: nx.Graph = nx.Graph()
        land_graph.add_nodes_from(a for a, k in kinds.items() if k == AreaKind.LAND)
        sea_graph: nx.Graph = nx.Graph()
        sea_graph.add_nodes_from(a for a, k in kinds.items() if k == AreaKind.SEA)
        coast_graph: nx.Graph = nx.Graph()
        coast_graph.add_nodes_from(full.nodes)
        split: dict[tuple[AreaKind, AreaKind], list[tuple[str, str, dict[str, object]]]] = {}
        for a, b, data in full.edges(data=True):
            split.setdefault((kinds[a], kinds[b]), []).append((a, b, data))
        land_graph.add_edges_from(split.get((AreaKind.LAND, AreaKind.LAND), []))
        sea_graph.add_edges_from(split.get((AreaKind.SEA, AreaKind.SEA), []))
        coast_graph.add_edges_from(split.get((AreaKind.LAND, AreaKind.SEA), []))
        coast_graph.add_edges_from(split.get((AreaKind.SEA, AreaKind.LAND), []))
        return land_graph, sea_graph, coast_graph

    @property
    def land(self) -> nx.Graph:
        """Land-land edges (every land area a node)."""
        return self._split[0]

    @property
    def sea(self) -> nx.Graph:
        """Sea-sea edges (every sea area a node)."""
        return self._split[1]

    @property
    def coast(self) -> nx.Graph:
        """Land-sea edges (every area a node)."""
        return self._split[2]

    @classmethod
    def from_scenario(cls, scenario: Scenario, topology: Topology | None = None) -> MapGraphs:
        """Build the graphs from the derived adjacency and the scenario's connections."""
        topology = topology or Topology.build(scenario.map)
        return cls.from_adjacency(scenario, topology.adjacency())

    @classmethod
    def from_adjacency(cls, scenario: Scenario, adjacency: Mapping[frozenset[str], float]) -> MapGraphs:
        """Build the graphs from a topology's ``adjacency()`` (area pair -> shared border length).

        A topology belongs to one thread; its adjacency, copied, lets another thread build the
        graphs (the editor's adjacency layer on a big map).
        """
        with gc_paused():
            return cls._build(scenario, adjacency)

    @classmethod
    def _build(cls, scenario: Scenario, adjacency: Mapping[frozenset[str], float]) -> MapGraphs:
        kinds = {area.id: area.kind for area in scenario.map.areas}
        minimum = scenario.map.adjacency.min_shared_length
        full: nx.Graph = nx.Graph()
        full.add_nodes_from((area.id, {"kind": area.kind}) for area in scenario.map.areas)
        # The border edges go straight into the graph's adjacency dicts (networkx's documented
        # data structure: node -> neighbour -> the edge's data, one dict shared by both ends), as
        # ``add_edges_from`` would put them, in the same order: its checks and copies per edge
        # were a third of building the graphs of a 30,000-area map. Both ends are nodes already.
        neighbours = full._adj
        for pair, length in adjacency.items():
            if not pair <= kinds.keys():
                continue
            a, b = sorted(pair)
            data = {
                "kinds": _BORDER_ONLY,
                "length": length,
                "connections": [],
                "border": CORNER if length == 0 else SHARED if length >= minimum else SHORT,
            }
            neighbours[a][b] = data
            neighbours[b][a] = data
        blocked: list[tuple[str, str, str]] = []
        for connection in scenario.map.connections:
            a, b = connection.a, connection.b
            if a not in kinds or b not in kinds or a == b:
                continue  # the validator reports these; graphs only hold what is meaningful
            if connection.kind == ConnectionKind.IMPASSABLE:
                blocked.append((a, b, connection.id))
                continue
            if full.has_edge(a, b):
                data = full.edges[a, b]
                data["kinds"] = data["kinds"] | {connection.kind.value}
                data["connections"] = [*data["connections"], connection.id]
            else:
                full.add_edge(a, b, kinds={connection.kind.value}, length=0.0, connections=[connection.id])
        cut: nx.Graph = nx.Graph()
        for a, b, connection_id in blocked:
            if cut.has_edge(a, b):
                cut.edges[a, b]["impassable"].append(connection_id)
                continue
            data = dict(full.edges[a, b]) if full.has_edge(a, b) else {"kinds": set(), "length": 0.0}
            cut.add_edge(a, b, **data, impassable=[connection_id])
            if full.has_edge(a, b):
                full.remove_edge(a, b)
        connection_kinds = {c.id: c.kind.value for c in scenario.map.connections}
        return cls(full, kinds, cut, connection_kinds)

    def why(self, a: str, b: str) -> PairReason:
        """Return why two areas are adjacent (or not): their border, typed connections and any cut."""
        for area_id in (a, b):
            if area_id not in self.kinds:
                raise KeyError(f"no area with id {area_id!r}")
        adjacent = self.full.has_edge(a, b)
        data = self.full.edges[a, b] if adjacent else self.cut.edges[a, b] if self.cut.has_edge(a, b) else {}
        ids = [*data.get("connections", []), *data.get("impassable", [])]
        connections = tuple((i, self.connection_kinds.get(i, "")) for i in ids)
        cut_by = tuple(self.cut.edges[a, b]["impassable"]) if self.cut.has_edge(a, b) else ()
        return PairReason(
            a=a,
            b=b,
            adjacent=adjacent,
            pair=pair_kind(self.kinds[a], self.kinds[b]),
            length=float(data.get("length", 0.0)),
            border=data.get("border") if BORDER in data.get("kinds", set()) else None,
            connections=connections,
            cut_by=cut_by,
        )

    def neighbours(self, area_id: str) -> set[str]:
        """Return every area next to this one, by any kind of edge."""
        return set(self.full.adj[area_id]) if area_id in self.full else set()

    def land_neighbours(self, area_id: str) -> set[str]:
        """Return the land areas a land move reaches from this land area in one step."""
        return set(self.land.adj[area_id]) if area_id in self.land else set()

    def coastal_seas(self, area_id: str) -> set[str]:
        """Return the sea areas next to a land area."""
        return set(self.coast.adj[area_id]) if area_id in self.coast else set()

    def is_coastal(self, area_id: str) -> bool:
        """Whether a land area touches at least one sea area."""
        return self.kinds.get(area_id) == AreaKind.LAND and bool(self.coastal_seas(area_id))

    def components(self, kind: str = "land") -> list[set[str]]:
        """Return the connected components of the ``land``, ``sea``, ``coast`` or ``full`` graph.

        Largest first, ties broken by the smallest id, so the order is stable.
        """
        graphs = {"land": self.land, "sea": self.sea, "coast": self.coast, "full": self.full}
        if kind not in graphs:
            raise ValueError(f"unknown graph {kind!r}: use one of {', '.join(graphs)}")
        found = [set(c) for c in nx.connected_components(graphs[kind])]
        return sorted(found, key=lambda c: (-len(c), min(c)))

    def reachable_across_sea(self, area_id: str, max_seas: int, by_land: bool = True) -> dict[str, int]:
        """Return land area -> fewest sea areas crossed to reach it from ``area_id``.

        A path may cross at most ``max_seas`` sea areas in a row (EotMA 9.53 seafaring reach, the
        facts sheet's connection rule); 0 means reachable by land alone, the start included. With
        ``by_land`` False, land steps are not allowed between crossings (only direct reach).
        """
        if area_id not in self.full:
            raise KeyError(f"no area with id {area_id!r}")
        # 0-1 breadth-first search over (area, sea areas in the current run); entering a sea costs 1.
        start = (area_id, 0)
        best: dict[tuple[str, int], int] = {start: 0}
        queue: deque[tuple[str, int]] = deque([start])
        while queue:
            state = queue.popleft()
            node, run = state
            cost = best[state]
            if not by_land and node != area_id and self.kinds[node] == AreaKind.LAND:
                continue  # direct reach only: a landfall ends the path
            for other in self.full.adj[node]:
                if self.kinds[other] == AreaKind.LAND:
                    step, new_run = 0, 0
                elif run + 1 > max_seas:
                    continue
                else:
                    step, new_run = 1, run + 1
                new = (other, new_run)
                if new not in best or best[new] > cost + step:
                    best[new] = cost + step
                    if step == 0:
                        queue.appendleft(new)
                    else:
                        queue.append(new)
        result: dict[str, int] = {}
        for (node, _), cost in best.items():
            if self.kinds[node] == AreaKind.LAND and cost < result.get(node, cost + 1):
                result[node] = cost
        return result

    def isolated(self) -> list[str]:
        """Return the areas with no neighbour at all, sorted."""
        return sorted(node for node, degree in self.full.degree if degree == 0)
