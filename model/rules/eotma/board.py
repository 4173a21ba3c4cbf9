"""The map compiled for the engine: land areas and sea areas as small integers, adjacency as tuples.

Rules code never touches geometry. :meth:`Board.from_scenario` compiles a Scenario (through
``model.graph.MapGraphs``); :meth:`Board.build` takes plain lists, which is what rules tests use.
Reach across sea areas is computed once per area and cached (9.53, 34.32).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

MAX_SEA_REACH = 9
"""Deepest sea crossing the board pre-computes (3 for a seafaring home plus at most 4 fleet points, 34.32)."""


@dataclass(frozen=True)
class LandSpec:
    """One land area as plain data, for :meth:`Board.build`."""

    id: str
    name: str = ""
    language: str | None = None
    religion: str | None = None
    population: int = 1
    seafaring: bool = False
    independent_diplomacy: int | None = None
    iberian_moslem: bool = False


@dataclass(frozen=True)
class Catalog:
    """Language families and religion groups: what makes two languages related or two faiths churches."""

    language_family: Mapping[str, str | None] = field(default_factory=dict)
    religion_group: Mapping[str, str | None] = field(default_factory=dict)
    group_kind: Mapping[str, str] = field(default_factory=dict)
    religion_names: Mapping[str, str] = field(default_factory=dict)


class Board:
    """An int-indexed, immutable view of the map for the rules (areas 0..n-1, seas 0..m-1)."""

    def __init__(
        self,
        lands: Sequence[LandSpec],
        seas: Sequence[str],
        land_edges: Iterable[tuple[str, str]],
        sea_edges: Iterable[tuple[str, str]],
        coast_edges: Iterable[tuple[str, str]],
        catalog: Catalog | None = None,
    ) -> None:
        self.catalog = catalog or Catalog()
        self.ids: tuple[str, ...] = tuple(land.id for land in lands)
        self.names: tuple[str, ...] = tuple(land.name or land.id for land in lands)
        self.index: dict[str, int] = {area_id: i for i, area_id in enumerate(self.ids)}
        self.sea_ids: tuple[str, ...] = tuple(seas)
        self.sea_index: dict[str, int] = {sea: i for i, sea in enumerate(self.sea_ids)}
        if len(self.index) != len(self.ids) or len(self.sea_index) != len(self.sea_ids):
            raise ValueError("duplicate area ids on the board")
        if set(self.index) & set(self.sea_index):
            raise ValueError("an id is both a land area and a sea area")
        n, m = len(self.ids), len(self.sea_ids)
        self.n = n
        self.m = m
        self.language: tuple[str | None, ...] = tuple(land.language for land in lands)
        self.religion: tuple[str | None, ...] = tuple(land.religion for land in lands)
        self.population: tuple[int, ...] = tuple(land.population for land in lands)
        self.seafaring: tuple[bool, ...] = tuple(land.seafaring for land in lands)
        self.independent_diplomacy: tuple[int | None, ...] = tuple(
            land.independent_diplomacy for land in lands
        )
        self.iberian_moslem: tuple[bool, ...] = tuple(land.iberian_moslem for land in lands)
        adj: list[set[int]] = [set() for _ in range(n)]
        for a, b in land_edges:
            i, j = self._land(a), self._land(b)
            if i != j:
                adj[i].add(j)
                adj[j].add(i)
        sea_adj: list[set[int]] = [set() for _ in range(m)]
        for a, b in sea_edges:
            i, j = self._sea(a), self._sea(b)
            if i != j:
                sea_adj[i].add(j)
                sea_adj[j].add(i)
        coast: list[set[int]] = [set() for _ in range(n)]
        shore: list[set[int]] = [set() for _ in range(m)]
        for land_id, sea_id in coast_edges:
            i, s = self._land(land_id), self._sea(sea_id)
            coast[i].add(s)
            shore[s].add(i)
        self.adj: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(x)) for x in adj)
        self.adj_sets: tuple[frozenset[int], ...] = tuple(frozenset(x) for x in adj)
        self.sea_adj: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(x)) for x in sea_adj)
        self.coast: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(x)) for x in coast)
        self.shore: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(x)) for x in shore)
        self._reach: list[dict[int, int] | None] = [None] * n

    def _land(self, area_id: str) -> int:
        try:
            return self.index[area_id]
        except KeyError:
            raise KeyError(f"no land area {area_id!r} on the board") from None

    def _sea(self, sea_id: str) -> int:
        try:
            return self.sea_index[sea_id]
        except KeyError:
            raise KeyError(f"no sea area {sea_id!r} on the board") from None

    # --- derived facts ---

    def is_coastal(self, area: int) -> bool:
        """Return whether the land area touches a sea area (34.22)."""
        return bool(self.coast[area])

    def sea_reach(self, area: int) -> dict[int, int]:
        """Return {land area: fewest sea areas crossed} for every land area reachable by sea.

        Crossing from a coast into one sea area and landing on any shore of it counts one sea
        area; each further sea area counts one more. Cached; capped at ``MAX_SEA_REACH``.
        """
        cached = self._reach[area]
        if cached is not None:
            return cached
        reach: dict[int, int] = {}
        for sea, d in self.sea_depths(area).items():
            for land in self.shore[sea]:
                if land != area and (land not in reach or d < reach[land]):
                    reach[land] = d
        self._reach[area] = reach
        return reach

    def sea_depths(self, area: int) -> dict[int, int]:
        """Return {sea area: how many sea areas a crossing from this land area has entered on reaching it}.

        A sea area on the area's coast is 1 deep, its neighbours 2, and so on up to
        ``MAX_SEA_REACH`` (9.53): a landing on a shore of a sea area ``d`` deep crosses ``d``.
        """
        dist: dict[int, int] = {}
        frontier = list(self.coast[area])
        for sea in frontier:
            dist[sea] = 1
        head = 0
        while head < len(frontier):
            sea = frontier[head]
            head += 1
            d = dist[sea]
            if d >= MAX_SEA_REACH:
                continue
            for nxt in self.sea_adj[sea]:
                if nxt not in dist:
                    dist[nxt] = d + 1
                    frontier.append(nxt)
        return dist

    def seas_between(self, a: int, b: int) -> int | None:
        """Return 0 when land-adjacent, else the fewest sea areas between, or None if unreachable."""
        if b in self.adj_sets[a]:
            return 0
        return self.sea_reach(a).get(b)

    def language_difference(self, leader: str | None, area: int) -> int:
        """Return the language modifier: 0 same, 1 related (same family), 2 unrelated (facts 3.2)."""
        other = self.language[area]
        if leader is None or other is None or leader == other:
            return 0
        family = self.catalog.language_family
        fa, fb = family.get(leader), family.get(other)
        return 1 if fa is not None and fa == fb else 2

    def religion_difference(
        self, leader: str | None, area_religion: str | None, united: Collection[str] = ()
    ) -> int:
        """Return the religion modifier: 0 same, 1 other church of the same group, 2 other religion.

        ``leader`` None means a pagan leader with no religion of its own (an excommunicated
        Christian, 22.11): every religion differs. ``united`` are the churches a union result
        makes one (23.11: the Roman Catholic and Eastern Orthodox churches; empty in a schism).
        """
        if area_religion is None:
            return 0
        if leader is None:
            return 2
        if leader == area_religion:
            return 0
        group = self.catalog.religion_group
        ga, gb = group.get(leader), group.get(area_religion)
        if ga is None or ga != gb:
            return 2
        if leader in united and area_religion in united:
            return 0
        return 1

    def group_kind(self, religion: str | None) -> str:
        """Return the kind (christian, moslem, pagan, other) of a religion's group."""
        if religion is None:
            return "pagan"
        group = self.catalog.religion_group.get(religion)
        return self.catalog.group_kind.get(group, "other") if group else "other"

    # --- constructors ---

    @classmethod
    def build(
        cls,
        lands: Sequence[LandSpec | Mapping[str, Any]],
        seas: Sequence[str] = (),
        land_edges: Iterable[tuple[str, str]] = (),
        sea_edges: Iterable[tuple[str, str]] = (),
        coast_edges: Iterable[tuple[str, str]] = (),
        catalog: Catalog | None = None,
    ) -> Board:
        """Return a board from plain lists (land specs may be dicts of LandSpec fields)."""
        specs = [land if isinstance(land, LandSpec) else LandSpec(**land) for land in lands]
        return cls(specs, seas, land_edges, sea_edges, coast_edges, catalog)

    @classmethod
    def from_scenario(cls, scenario: Any, graphs: Any = None) -> Board:
        """Compile a Scenario's map (areas, derived adjacency, catalogs) into a board.

        ``graphs``: the scenario's ``MapGraphs`` when the caller has them already.
        """
        from model.graph import MapGraphs  # the graphs need geometry; imported only here
        from model.scenario import AreaKind

        graphs = graphs if graphs is not None else MapGraphs.from_scenario(scenario)
        lands: list[LandSpec] = []
        seas: list[str] = []
        for area in scenario.map.areas:
            if area.kind == AreaKind.SEA:
                seas.append(area.id)
                continue
            attrs = area.attributes
            lands.append(
                LandSpec(
                    id=area.id,
                    name=area.name,
                    language=attrs.get("language"),
                    religion=attrs.get("religion"),
                    population=int(attrs.get("population", 1)),
                    seafaring=bool(attrs.get("seafaring_home", False)),
                    independent_diplomacy=attrs.get("independent_diplomacy"),
                    iberian_moslem=bool(attrs.get("iberian_moslem", False)),
                )
            )
        land_ids = {land.id for land in lands}
        sea_ids = set(seas)
        land_edges = [(a, b) for a, b in graphs.land.edges() if a in land_ids and b in land_ids]
        sea_edges = [(a, b) for a, b in graphs.sea.edges() if a in sea_ids and b in sea_ids]
        coast_edges: list[tuple[str, str]] = []
        for a, b in graphs.coast.edges():
            if a in land_ids and b in sea_ids:
                coast_edges.append((a, b))
            elif b in land_ids and a in sea_ids:
                coast_edges.append((b, a))
        catalogs = scenario.catalogs
        catalog = Catalog(
            language_family={lang.id: lang.family for lang in catalogs.languages},
            religion_group={rel.id: rel.group for rel in catalogs.religions},
            group_kind={group.id: group.kind for group in catalogs.religion_groups},
            religion_names={rel.id: rel.name for rel in catalogs.religions},
        )
        return cls(lands, seas, land_edges, sea_edges, coast_edges, catalog)
