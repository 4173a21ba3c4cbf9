"""What ``model.topology`` derives per boundary, kept up to date one boundary at a time.

Adjacency, the areas on the two sides of each boundary and the dangling boundaries all follow
from a boundary's own faces, the areas holding those faces, its length and its end points (and
those of the boundaries sharing its nodes). So after a local edit only the boundaries it touched
need looking at again: ``Derived.refresh`` re-derives those and the nodes at their ends, where a
full derivation walks every boundary of the map (20,000 areas: 60,000 boundaries, a quarter of a
second per edit). ``Topology`` marks the boundaries whose faces, face holders or points changed;
a full build starts a new ``Derived`` that derives everything once.

Pair lengths are summed with ``math.fsum``, which does not depend on the order of the terms, so a
pair re-derived after an edit has exactly the length a fresh build gives it.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations

from shapely.geometry import LineString

from model.linework_problems import LineworkProblem, dangling_problem
from model.scenario import AdjacencyPolicy, CornerTouch

Node = tuple[float, float]
Pair = frozenset[str]


@dataclass(frozen=True)
class Sources:
    """How ``Derived`` reads the topology it belongs to (one callable per fact it needs)."""

    line: Callable[[str], LineString | None]
    """The boundary's current line (None once it is gone)."""
    faces: Callable[[str], tuple[int | None, int | None]]
    """The faces on its left and right."""
    holders: Callable[[int | None], list[str]]
    """The areas holding a face, in area order (empty for None or a gap)."""
    length: Callable[[str], float]
    order: Callable[[str], int]
    """The boundary's place in the map (sorts the problems as a full check lists them)."""


class Derived:
    """Adjacency, boundary sides and dangling boundaries, re-derived boundary by boundary."""

    def __init__(self, policy: AdjacencyPolicy, sources: Sources, broken: frozenset[str]) -> None:
        self.policy = policy.model_copy()
        self.broken = broken
        """Boundaries with a breaking problem (they are not reported as enclosing nothing too)."""
        self._src = sources
        self._pairs_of: dict[str, list[Pair]] = {}
        self._members: dict[Pair, Counter[str]] = {}
        self._shared: dict[Pair, float] = {}
        self._ends: dict[str, tuple[Node, Node]] = {}
        self._at_node: dict[Node, set[str]] = defaultdict(set)
        self._node_pairs: dict[Node, set[Pair]] = {}
        self._corner_count: Counter[Pair] = Counter()
        self.sides: dict[str, tuple[str | None, str | None]] = {}
        self.dangling: dict[str, LineworkProblem] = {}
        self.adjacency: dict[Pair, float] = {}
        self.boundaries_refreshed = 0
        """How many boundaries the last ``refresh`` re-derived (a full derivation: all of them)."""

    def refresh(self, boundaries: Iterable[str]) -> None:
        """Re-derive these boundaries (changed, added or removed), their nodes and their pairs."""
        dirty = set(boundaries)
        nodes: set[Node] = set()
        for bid in dirty:
            old = self._ends.pop(bid, None)
            if old is not None:
                nodes.update(old)
                for node in old:
                    self._at_node[node].discard(bid)
            line = self._src.line(bid)
            if line is not None:
                coords = line.coords
                ends = ((coords[0][0], coords[0][1]), (coords[-1][0], coords[-1][1]))
                self._ends[bid] = ends
                nodes.update(ends)
                for node in ends:
                    self._at_node[node].add(bid)
        # A boundary's free end and its node's corner pairs depend on the others ending there.
        around = {b for node in nodes for b in self._at_node.get(node, ())}
        pairs = self._refresh_pairs(dirty)
        corner = self.policy.corner_touch == CornerTouch.ADJACENT
        if corner:
            pairs |= self._refresh_corners(nodes)
        for pair in pairs:
            self._settle(pair, corner)
        for bid in dirty | around:
            self._refresh_sides_and_dangling(bid)
        for node in nodes:
            if not self._at_node.get(node, True):
                del self._at_node[node]
        self.boundaries_refreshed = len(dirty | around)

    def _refresh_pairs(self, dirty: set[str]) -> set[Pair]:
        touched: set[Pair] = set()
        for bid in dirty:
            for pair in self._pairs_of.pop(bid, ()):
                members = self._members[pair]
                members[bid] -= 1
                if members[bid] <= 0:
                    del members[bid]
                touched.add(pair)
            if self._src.line(bid) is None:
                continue
            left, right = self._src.faces(bid)
            if left is None or right is None:
                continue
            found = [
                frozenset((a, b)) for a in self._src.holders(left) for b in self._src.holders(right) if a != b
            ]
            if found:
                self._pairs_of[bid] = found
                for pair in found:
                    self._members.setdefault(pair, Counter())[bid] += 1
                touched.update(found)
        return touched

    def _refresh_corners(self, nodes: set[Node]) -> set[Pair]:
        """Pairs of areas whose faces meet at these nodes (end points of boundaries)."""
        touched: set[Pair] = set()
        for node in nodes:
            old = self._node_pairs.pop(node, set())
            holders: set[str] = set()
            for bid in self._at_node.get(node, ()):
                for face in self._src.faces(bid):
                    if face is not None:
                        holders.update(self._src.holders(face))
            new = {frozenset(p) for p in combinations(sorted(holders), 2)}
            if new:
                self._node_pairs[node] = new
            for pair in old - new:
                self._corner_count[pair] -= 1
                if self._corner_count[pair] <= 0:
                    del self._corner_count[pair]
            for pair in new - old:
                self._corner_count[pair] += 1
            touched |= old ^ new
        return touched

    def _settle(self, pair: Pair, corner: bool) -> None:
        """Recompute one pair's shared length and whether the policy keeps it."""
        members = self._members.get(pair)
        if members:
            self._shared[pair] = math.fsum(self._src.length(b) * k for b, k in members.items())
        else:
            self._members.pop(pair, None)
            self._shared.pop(pair, None)
        length = self._shared.get(pair)
        if length is not None and (corner or length >= self.policy.min_shared_length):
            self.adjacency[pair] = length
        elif corner and pair in self._corner_count:
            self.adjacency[pair] = 0.0
        else:
            self.adjacency.pop(pair, None)

    def _refresh_sides_and_dangling(self, bid: str) -> None:
        line = self._src.line(bid)
        self.dangling.pop(bid, None)
        if line is None:
            self.sides.pop(bid, None)
            return
        left, right = self._src.faces(bid)
        self.sides[bid] = (_first(self._src.holders(left)), _first(self._src.holders(right)))
        ends = self._ends[bid]
        closed = ends[0] == ends[1]
        free = None if closed else next((e for e in ends if len(self._at_node[e]) == 1), None)
        bounded = left is not None or right is not None
        problem = dangling_problem(bid, line, self._src.length(bid), free, bounded, bid in self.broken)
        if problem is not None:
            self.dangling[bid] = problem

    def dangling_problems(self) -> list[LineworkProblem]:
        """The dangling boundaries' problems, in the order of the boundaries in the map."""
        return [self.dangling[b] for b in sorted(self.dangling, key=self._src.order)]


def _first(holders: list[str]) -> str | None:
    return holders[0] if holders else None
