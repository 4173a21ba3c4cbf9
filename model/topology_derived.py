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
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import shapely
from shapely.geometry import LineString

from model.linework_problems import LineworkProblem, dangling_problem
from model.scenario import AdjacencyPolicy, CornerTouch

Node = tuple[float, float]
Pair = frozenset[str]


@dataclass(frozen=True)
class Sources:
    """The topology's own tables that ``Derived`` reads (the same dicts, updated in place by it).

    A full build replaces these dicts, and then also starts a new ``Derived``.
    """

    lines: dict[str, LineString]
    faces: dict[str, list[int | None]]
    """Boundary id -> [face on its left, face on its right]."""
    holders: dict[int, list[str]]
    """Face -> the areas holding it, in area order."""
    lengths: dict[str, float]
    order: dict[str, int]
    """Boundary id -> its place in the map (sorts the problems as a full check lists them)."""


ENDS_SLICE = 5000
"""Boundaries whose end points one vectorised call reads (a few milliseconds)."""

_NO_FACES: list[int | None] = [None, None]
_NOBODY: list[str] = []


class Derived:
    """Adjacency, boundary sides and dangling boundaries, re-derived boundary by boundary."""

    def __init__(
        self, policy: AdjacencyPolicy, sources: Sources, broken: frozenset[str], for_edits: bool = True
    ) -> None:
        self.policy = policy.model_copy()
        self.broken = broken
        """Boundaries with a breaking problem (they are not reported as enclosing nothing too)."""
        self._for_edits = for_edits
        # Whether the tables only edits read (each boundary's ends and pairs, the boundaries at
        # each node) were left out of the last full derivation (``for_edits`` False).
        self._lean = False
        self._src = sources
        self._clear()
        self.boundaries_refreshed = 0
        """How many boundaries the last ``refresh`` re-derived (a full derivation: all of them)."""

    def _clear(self) -> None:
        """Forget everything derived."""
        # Boundary -> the pairs it adds its length to, as tuples of ids (a frozenset is four times
        # the memory, and 90,000 boundaries have one or more each).
        self._pairs_of: dict[str, tuple[tuple[str, str], ...]] = {}
        # Pair -> the boundaries adding their length to it (a boundary twice when it separates
        # faces that both hold both areas, as a full derivation counts it).
        self._members: dict[Pair, list[str]] = {}
        self._ends: dict[str, tuple[Node, Node]] = {}
        self._at_node: dict[Node, set[str]] = defaultdict(set)
        self._node_pairs: dict[Node, set[Pair]] = {}
        self._corner_count: Counter[Pair] = Counter()
        # Boundary sides are derived when first asked for (few callers need them), then kept.
        self._sides: dict[str, tuple[str | None, str | None]] | None = None
        self.dangling: dict[str, LineworkProblem] = {}
        self.adjacency: dict[Pair, float] = {}

    def rebind(self, sources: Sources) -> None:
        """Read these tables from now on: the owner's own, equal to the copies derived from."""
        self._src = sources

    def refresh_all(self) -> None:
        """Derive every boundary (the first time after a build) with loops kept lean: the ends are
        read in a few vectorised calls, and only boundaries with a lonely end or no face are looked
        at for dangling (on 60,000 boundaries a general per-boundary pass took half a second).

        Made ``for_edits`` False (a validator's topology, never edited), it leaves out the tables
        only ``refresh`` reads, unless the policy counts corners (they need them): adjacency and
        the dangling boundaries come out the same. A ``refresh`` after that derives all again.
        """
        if not self._for_edits and self.policy.corner_touch != CornerTouch.ADJACENT:
            self._refresh_all_lean()
            return
        self._lean = False
        src = self._src
        ids = list(src.lines)
        at_node = self._at_node
        # One tuple per node, shared by the boundaries ending there (three, mostly): the tuples
        # made by zip, the first of each node kept by setdefault, both looping in C.
        canonical: dict[Node, Node] = {}
        keep = canonical.setdefault
        # A slice of lines per vectorised call: one call for 90,000 lines holds the GIL for tens of
        # milliseconds (the editor derives adjacency in a worker thread beside its UI thread).
        for begin in range(0, len(ids), ENDS_SLICE):
            chunk = ids[begin : begin + ENDS_SLICE]
            lines = np.fromiter((src.lines[b] for b in chunk), dtype=object, count=len(chunk))
            coords, owner = shapely.get_coordinates(lines, return_index=True)
            last = np.concatenate([np.nonzero(np.diff(owner))[0], [len(owner) - 1]])
            first = np.concatenate([[0], last[:-1] + 1])
            points = list(zip(coords[first, 0].tolist(), coords[first, 1].tolist(), strict=True))
            starts = list(map(keep, points, points))
            points = list(zip(coords[last, 0].tolist(), coords[last, 1].tolist(), strict=True))
            stops = list(map(keep, points, points))
            self._ends.update(zip(chunk, zip(starts, stops, strict=True), strict=True))
            for bid, start, stop in zip(chunk, starts, stops, strict=True):
                at_node[start].add(bid)
                at_node[stop].add(bid)
        self._all_pairs()
        corner = self.policy.corner_touch == CornerTouch.ADJACENT
        if corner:
            self._refresh_corners(set(at_node))
        self._settle_all(corner)
        lonely = {bid for bids in at_node.values() if len(bids) == 1 for bid in bids}
        self._refresh_dangling(lonely | (src.lines.keys() - src.faces.keys()))
        self.boundaries_refreshed = len(ids)

    def refresh(self, boundaries: Iterable[str]) -> None:
        """Re-derive these boundaries (changed, added or removed), their nodes and their pairs."""
        if self._lean:  # the tables an edit reads were left out: derive all, with them
            self._clear()
            self._for_edits = True
            self.refresh_all()
            return
        dirty = set(boundaries)
        nodes: set[Node] = set()
        for bid in dirty:
            old = self._ends.pop(bid, None)
            if old is not None:
                nodes.update(old)
                for node in old:
                    self._at_node[node].discard(bid)
            line = self._src.lines.get(bid)
            if line is not None:
                coords = line.coords
                ends = ((coords[0][0], coords[0][1]), (coords[-1][0], coords[-1][1]))
                self._ends[bid] = ends
                nodes.update(ends)
                for node in ends:
                    self._at_node[node].add(bid)
        # A boundary's free end and its node's corner pairs depend on the others ending there.
        around = {b for node in nodes for b in self._at_node.get(node, ())}
        pairs = self._refresh_pairs(dirty, self._pairs_of)
        corner = self.policy.corner_touch == CornerTouch.ADJACENT
        if corner:
            pairs |= self._refresh_corners(nodes)
        for pair in pairs:
            self._settle(pair, corner)
        self._refresh_dangling(dirty | around)
        if self._sides is not None:
            for bid in dirty:
                self._refresh_side(bid)
        for node in nodes:
            if not self._at_node.get(node, True):
                del self._at_node[node]
        self.boundaries_refreshed = len(dirty | around)

    def _refresh_all_lean(self) -> None:
        """``refresh_all`` without the tables of edits: the ends and the boundaries at each node
        only for the boundaries that may dangle (found with array operations), no pairs per
        boundary."""
        self._lean = True
        src = self._src
        ids = list(src.lines)
        self.boundaries_refreshed = len(ids)
        self._all_pairs(keep_pairs_of=False)
        self._settle_all(corner=False)
        if not ids:
            return
        lines = np.fromiter(src.lines.values(), dtype=object, count=len(ids))
        coords, owner = shapely.get_coordinates(lines, return_index=True)
        last = np.concatenate([np.nonzero(np.diff(owner))[0], [len(owner) - 1]])
        first = np.concatenate([[0], last[:-1] + 1])
        ends = np.stack([coords[first], coords[last]], axis=1) + 0.0  # -0.0 is the node 0.0
        _, node = np.unique(ends.reshape(-1, 2).view(np.complex128).reshape(-1), return_inverse=True)
        node = node.reshape(-1, 2)
        # Boundaries at each node, each once (a ring's two ends are one node).
        ring = node[:, 0] == node[:, 1]
        counted = np.concatenate([node[:, 0], node[~ring, 1]])
        boundaries_at = np.bincount(counted, minlength=int(node.max()) + 1)
        lonely = (boundaries_at[node] == 1).any(axis=1)
        without_faces = src.lines.keys() - src.faces.keys()
        faceless = np.zeros(len(ids), dtype=bool)
        if without_faces:
            faceless = np.fromiter((bid in without_faces for bid in ids), dtype=bool, count=len(ids))
        looked_at = np.nonzero(lonely | faceless)[0]
        if not len(looked_at):
            return
        # The ends and the boundaries at them of those (and of every boundary at those nodes).
        wanted = np.zeros(len(boundaries_at), dtype=bool)
        wanted[node[looked_at].reshape(-1)] = True
        sharing = np.nonzero(wanted[node].any(axis=1))[0]
        points = ends[sharing].tolist()
        at_node = self._at_node
        for k, (start, stop) in zip(sharing.tolist(), points, strict=True):
            bid = ids[k]
            start_node, stop_node = (start[0], start[1]), (stop[0], stop[1])
            self._ends[bid] = (start_node, stop_node)
            at_node[start_node].add(bid)
            at_node[stop_node].add(bid)
        self._refresh_dangling([ids[k] for k in looked_at.tolist()])

    def _settle_all(self, corner: bool) -> None:
        """Every pair's shared length, kept when the policy keeps it (after ``_all_pairs``)."""
        lengths, minimum = self._src.lengths, self.policy.min_shared_length
        for pair, members in self._members.items():
            length = lengths[members[0]] if len(members) == 1 else math.fsum(lengths[b] for b in members)
            if corner or length >= minimum:
                self.adjacency[pair] = length
        if corner:
            for pair in self._corner_count:
                self.adjacency.setdefault(pair, 0.0)

    def _all_pairs(self, keep_pairs_of: bool = True) -> None:
        """Every boundary's pairs: ``_refresh_pairs`` for all, without the bookkeeping of a change
        (nothing to take back, nothing to settle one by one), in one lean loop. Without
        ``keep_pairs_of`` each boundary's own pairs (what an edit takes back) are not kept."""
        holders, pairs_of, members_of = self._src.holders, self._pairs_of, self._members
        for bid, (left, right) in self._src.faces.items():
            if left is None or right is None:
                continue
            first = holders.get(left)
            second = holders.get(right)
            if not first or not second:
                continue
            if len(first) == 1 and len(second) == 1:  # one area per face: nearly always
                a, b = first[0], second[0]
                if a == b:
                    continue
                if keep_pairs_of:
                    pairs_of[bid] = ((a, b),)
                pair = frozenset((a, b))
                members = members_of.get(pair)
                if members is None:
                    members_of[pair] = [bid]
                else:
                    members.append(bid)
                continue
            found = tuple((a, b) for a in first for b in second if a != b)
            if not found:
                continue
            if keep_pairs_of:
                pairs_of[bid] = found
            for a, b in found:
                pair = frozenset((a, b))
                members = members_of.get(pair)
                if members is None:
                    members_of[pair] = [bid]
                else:
                    members.append(bid)

    def _refresh_pairs(
        self, dirty: Iterable[str], previous: dict[str, tuple[tuple[str, str], ...]]
    ) -> set[Pair]:
        touched: set[Pair] = set()
        faces, holders, lines = self._src.faces, self._src.holders, self._src.lines
        members_of = self._members
        for bid in dirty:
            for a, b in previous.pop(bid, ()):
                pair = frozenset((a, b))
                members_of[pair].remove(bid)
                touched.add(pair)
            left, right = faces.get(bid, _NO_FACES)
            if left is None or right is None or bid not in lines:
                continue
            found = tuple(
                (a, b) for a in holders.get(left, _NOBODY) for b in holders.get(right, _NOBODY) if a != b
            )
            if found:
                self._pairs_of[bid] = found
                for a, b in found:
                    pair = frozenset((a, b))
                    members = members_of.get(pair)
                    if members is None:
                        members_of[pair] = [bid]
                    else:
                        members.append(bid)
                    touched.add(pair)
        return touched

    def _refresh_corners(self, nodes: set[Node]) -> set[Pair]:
        """Pairs of areas whose faces meet at these nodes (end points of boundaries)."""
        touched: set[Pair] = set()
        for node in nodes:
            old = self._node_pairs.pop(node, set())
            holders: set[str] = set()
            for bid in self._at_node.get(node, ()):
                for face in self._src.faces.get(bid, _NO_FACES):
                    if face is not None:
                        holders.update(self._src.holders.get(face, _NOBODY))
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
        length: float | None = None
        if members:
            lengths = self._src.lengths
            length = lengths[members[0]] if len(members) == 1 else math.fsum(lengths[b] for b in members)
        else:
            self._members.pop(pair, None)
        if length is not None and (corner or length >= self.policy.min_shared_length):
            self.adjacency[pair] = length
        elif corner and pair in self._corner_count:
            self.adjacency[pair] = 0.0
        else:
            self.adjacency.pop(pair, None)

    def _refresh_dangling(self, boundaries: Iterable[str]) -> None:
        src = self._src
        lines, faces, lengths, at_node, ends_of = src.lines, src.faces, src.lengths, self._at_node, self._ends
        for bid in boundaries:
            self.dangling.pop(bid, None)
            line = lines.get(bid)
            if line is None:
                continue
            start, stop = ends_of[bid]
            free = None
            if start != stop:
                if len(at_node[start]) == 1:
                    free = start
                elif len(at_node[stop]) == 1:
                    free = stop
            left, right = faces.get(bid, _NO_FACES)
            bounded = left is not None or right is not None
            problem = dangling_problem(bid, line, lengths[bid], free, bounded, bid in self.broken)
            if problem is not None:
                self.dangling[bid] = problem

    def _refresh_side(self, bid: str) -> None:
        assert self._sides is not None
        if bid not in self._src.lines:
            self._sides.pop(bid, None)
            return
        left, right = self._src.faces.get(bid, _NO_FACES)
        holders = self._src.holders
        first = holders.get(left, _NOBODY) if left is not None else _NOBODY
        second = holders.get(right, _NOBODY) if right is not None else _NOBODY
        self._sides[bid] = (first[0] if first else None, second[0] if second else None)

    def sides(self) -> dict[str, tuple[str | None, str | None]]:
        """Boundary id -> the first area holding its left face and its right face (or None)."""
        if self._sides is None:
            self._sides = {}
            for bid in self._src.lines:
                self._refresh_side(bid)
        return self._sides

    def dangling_problems(self) -> list[LineworkProblem]:
        """The dangling boundaries' problems, in the order of the boundaries in the map."""
        return [self.dangling[b] for b in sorted(self.dangling, key=self._src.order.__getitem__)]
