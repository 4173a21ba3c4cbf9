"""The reaches EotMA offers on the map (``model.rules.reach``): land steps, seafaring reach, fleet range.

Each is computed by the engine's own code on the engine's own board, so the map shows exactly what
the rules allow: the board's land adjacency (straits included), ``Board.sea_depths`` and
``Board.sea_reach`` for crossings, and ``territory.endeavour_sea_range`` for how many sea areas a
base may cross.

- Land steps: fewest moves between land areas over land (33.41: a land step is one space).
- Seafaring reach (9.53): from a base, the land areas an endeavour may target and how many sea areas
  lie between (0 for a land neighbour); a seafaring home crosses up to the endeavours table's
  seafaring range (3), any other base the non-seafaring range (house default 1). Sea areas the
  crossing may enter are shown at their depth.
- Fleet range (34.32): the same from a base holding a full fleet (the largest counter, 34.21: 4
  points): each point beyond the one that makes a seafaring home (34.31) adds one sea area.
"""

from __future__ import annotations

from model.graph import MapGraphs
from model.rules import tables
from model.rules.eotma.board import Board
from model.rules.eotma.data import TABLE_IDS, Rules
from model.rules.eotma.territory import endeavour_sea_range
from model.rules.reach import Distances, Reach, Reacher, bfs, require_area
from model.scenario import Scenario


def _compile(scenario: Scenario, graphs: MapGraphs) -> tuple[Board, Rules]:
    board = Board.from_scenario(scenario, graphs)
    rules = Rules.load({table_id: tables.table(scenario, table_id) for table_id in TABLE_IDS})
    return board, rules


def _land_steps(scenario: Scenario, graphs: MapGraphs) -> Reacher:
    board = Board.from_scenario(scenario, graphs)

    def distances(start: str) -> Distances:
        require_area(graphs, start)
        if start not in board.index:
            return {start: 0}  # a sea area: no land step starts there
        ids, index = board.ids, board.index
        return bfs(start, lambda area: [ids[j] for j in board.adj[index[area]]])

    return distances


def _sea_reach(scenario: Scenario, graphs: MapGraphs, fleets: int | None) -> Reacher:
    board, rules = _compile(scenario, graphs)
    points = rules.max_unit if fleets is None else fleets

    def distances(start: str) -> Distances:
        require_area(graphs, start)
        if start not in board.index:
            return {start: 0}  # endeavours start from a land base (9.53)
        base = board.index[start]
        # 34.22: a fleet stands only on a coast; an inland base keeps its own range.
        held = points if board.is_coastal(base) else 0
        reach = endeavour_sea_range(rules, board.seafaring[base], held)
        found: Distances = {start: 0}
        found.update((board.ids[j], 0) for j in board.adj[base])
        for sea, depth in board.sea_depths(base).items():
            if depth <= reach:
                found[board.sea_ids[sea]] = depth
        for land, seas in board.sea_reach(base).items():
            if seas <= reach and board.ids[land] not in found:
                found[board.ids[land]] = seas
        return found

    return distances


def reaches() -> list[Reach]:
    """Return EotMA's reaches (the registry's ``reaches`` entry for ``eotma``)."""
    return [
        Reach(
            id="land",
            name="Land steps",
            unit="steps",
            description="Fewest land steps between land areas; straits count as land borders.",
            rule="33.41",
            prepare=_land_steps,
        ),
        Reach(
            id="seafaring",
            name="Seafaring reach",
            unit="sea areas",
            description=(
                "Areas an endeavour from this base may target, by the sea areas between "
                "(0: a land neighbour); a seafaring home crosses 3, any other base 1 (table values)."
            ),
            rule="9.53",
            prepare=lambda scenario, graphs: _sea_reach(scenario, graphs, fleets=0),
        ),
        Reach(
            id="fleet",
            name="Fleet range",
            unit="sea areas",
            description=(
                "The seafaring reach of this base with a full-strength fleet in it: each fleet "
                "point adds a sea area, beyond the one that makes a seafaring home."
            ),
            rule="34.31, 34.32",
            prepare=lambda scenario, graphs: _sea_reach(scenario, graphs, fleets=None),
        ),
    ]
