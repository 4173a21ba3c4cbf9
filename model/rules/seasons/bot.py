"""A heuristic bot for Seasons (the random bot of ``model.bots.base`` plays any ruleset).

It follows the ``model.bots.base.Bot`` protocol, reads only what its nation may see (its own
orders and treasury, the public map) and returns one legal action at a time; it is seeded so that
bot games replay exactly.
"""

from __future__ import annotations

import random

from model.rules.protocol import Action, State
from model.rules.ranking import first_distinct
from model.rules.seasons import economy, resolution, rules
from model.rules.seasons.actions import Aid, Build, Buy, Casualty, Disband, Done, Move, Pillage, Raise
from model.rules.seasons.alternatives import alternatives
from model.rules.seasons.battle import CAVALRY, INFANTRY, LAND_KINDS, SIEGE
from model.rules.seasons.schema import Building
from model.rules.seasons.state import CASUALTIES, UPKEEP, SeasonsState
from model.rules.seasons.tables import BotTable, default_tables


class HeuristicBot:
    """Keeps supply for upkeep, buys troops where they train, takes weak neighbours, aids its
    attacks, adds towers on its frontier, pillages with idle units when the loss would only show
    after the game, and chooses casualties and disbanding to lose as little as it can. Its
    weights are the ruleset's ``bot`` table."""

    def __init__(self, seed: int = 0, table: BotTable | None = None) -> None:
        self.random = random.Random(seed)
        self._table = table
        """Weights fixed at construction (a benchmark's variant), else the scenario's ``bot`` table."""
        self.w: BotTable = table if table is not None else default_tables().bot

    def choose(self, state: State) -> Action:
        """Return a legal action for the current player."""
        return self._ranking(state, False)[0]

    def shortlist(self, state: State, k: int) -> list[Action]:
        """Return at most ``k`` distinct legal actions, best first: the bot's choice, then that
        choice given differently (``model.rules.seasons.alternatives``: the search gains by
        choosing where units go, not in which order the plan's orders are given), then the other
        orders and purchase of its plan in their order, being done, then the other legal actions
        in the order the rules list them (``model.bots.base.RankingBot``)."""
        if not isinstance(state, SeasonsState):
            raise TypeError(f"the Seasons bot cannot play a {type(state).__name__}")
        return first_distinct(self._ranking(state, k > 1), k, lambda action: rules.reason(state, action))

    def _ranking(self, state: State, whole: bool) -> list[Action]:
        """The bot's choice first, then (``whole``) the actions it rates next, unchecked."""
        if not isinstance(state, SeasonsState):
            raise TypeError(f"the Seasons bot cannot play a {type(state).__name__}")
        self.w = self._table if self._table is not None else state.game.tables.bot
        nation = state.current_player()
        assert nation is not None
        # Planning checks its own actions one by one: listing every legal action (the costly part
        # of a choice) is only needed for casualties, disbanding and the whole ranking.
        planning = state.board.phase not in (CASUALTIES, UPKEEP)
        legal = state.legal_actions() if whole or not planning else []
        rest = legal if whole else []
        if state.board.phase == CASUALTIES:
            return [self._casualty(state, nation, legal), *rest]
        if state.board.phase == UPKEEP:
            return [self._disband(state, nation, legal), *rest]
        # Its moves may name any group of units, not only the groups legal_actions lists.
        planned = [
            action
            for action in (self._purchase(state, nation), *self._orders(state, nation))
            if action is not None and rules.reason(state, action) is None
        ]
        if not whole:
            return planned[:1] or [Done()]
        if not planned:
            return [Done(), *rest]
        # The choice given differently before the rest of the plan: see model.rules.seasons.alternatives.
        return [planned[0], *alternatives(state, nation, planned[0]), *planned[1:], Done(), *rest]

    # --- planning ---

    def _spare(self, state: SeasonsState, nation: str) -> int:
        treasury = state.board.nations[nation]
        reserve = max(state.upkeep_due(nation) + treasury.debt - treasury.supply, 0)
        return treasury.resources - reserve

    def _purchase(self, state: SeasonsState, nation: str) -> Action | None:
        bought = sum(1 for p in state.board.purchases if p.nation == nation)
        if bought >= self.w.max_purchases:
            return None
        spare = self._spare(state, nation)
        tables = state.game.tables
        held = sorted(a for a, area in state.board.areas.items() if area.owner == nation)
        if not held:
            return None
        strongholds = [a for a in held if state.board.areas[a].building in ("tower", "castle")]
        if not strongholds and spare >= tables.buildings.tower.cost and not state.effects.no_build:
            richest = max(held, key=lambda a: (state.board.areas[a].resources, a))
            return Build(Building.TOWER.value, richest)
        tower = self._frontier_tower(state, nation, held, len(strongholds), spare)
        if tower is not None:
            return tower
        place = strongholds[0] if strongholds else held[0]
        cavalry = tables.units.cavalry
        if spare >= cavalry.cost + cavalry.upkeep and self.random.random() < self.w.cavalry_share:
            return Buy("cavalry", place)
        if spare >= tables.units.infantry.cost + tables.units.infantry.upkeep:
            return Buy("infantry", place)
        cheap = [a for a in held if 0 <= state.board.areas[a].resources < 2]
        if cheap and spare >= 2 and not state.effects.no_raise:
            return Raise(cheap[0])
        return None

    def _frontier_tower(
        self, state: SeasonsState, nation: str, held: list[str], strongholds: int, spare: int
    ) -> Action | None:
        """Seasons: Buildings / Tower: a tower (might 5 in defence, 2 to the areas next to it, and a
        place where units train) on a held land area next to land it does not hold, a ruin first
        (half price), then the richest; only with ``tower_reserve`` resources left after it and
        fewer than ``frontier_towers`` strongholds."""
        if not strongholds or strongholds >= self.w.frontier_towers or state.effects.no_build:
            return None
        game, areas, tables = state.game, state.board.areas, state.game.tables
        options = []
        for area in held:
            standing = areas[area].building
            if area not in game.land or standing not in (None, Building.RUIN.value):
                continue
            owners = [areas[n].owner for n in game.links.get(area, ()) if n in game.land]
            if all(owner is not None and game.allied(owner, nation) for owner in owners):
                continue  # no land it does not hold next to it: not the frontier
            price = economy.building_cost(Building.TOWER, Building(standing) if standing else None, tables)
            if spare - price >= self.w.tower_reserve:
                options.append((standing is not None, areas[area].resources, area))
        if not options:
            return None
        return Build(Building.TOWER.value, max(options)[2])

    def _pillages(self, state: SeasonsState, nation: str) -> list[Action]:
        """Seasons: Tokens / Pillage: in the turn ``pillage_before_end`` before the last, each held
        land area with an idle infantry or cavalry unit pillages itself: the doubled collection
        arrives for the last turn's purchases, and the halving would only show after the game."""
        before = self.w.pillage_before_end
        if not before or state.game.turns - state.board.turn != before:
            return []
        tasked = state.tasked()
        found: list[Action] = []
        for unit_id, unit in sorted(state.board.units.items()):
            area = state.board.areas.get(unit.area)
            if (
                unit.nation != nation
                or unit.kind not in (INFANTRY, CAVALRY)
                or unit_id in tasked
                or area is None
                or area.owner != nation
                or area.resources <= 0
            ):
                continue
            found.append(Pillage(unit.area, unit.area, unit_id))
        return found

    def _orders(self, state: SeasonsState, nation: str) -> list[Action]:
        game = state.game
        board = state.board
        tasked = state.tasked()
        wanted: list[Action] = []
        attacks: list[str] = []
        frontier = self._frontier_distance(state, nation)
        for source in sorted(
            {u.area for u in board.units.values() if u.nation == nation and u.area in game.land}
        ):
            free = [u for u in state.units_of(nation, source) if u.kind in LAND_KINDS and u.id not in tasked]
            if not free:
                continue
            targets = []
            for target in sorted(game.links.get(source, ())):
                if target not in game.land:
                    continue
                owner = board.areas[target].owner
                if owner is not None and game.allied(owner, nation):
                    continue
                enemies = sum(
                    1 for u in resolution.fighters_in(state, target) if not game.allied(u.nation, nation)
                )
                guard = 2 if board.areas[target].building else 0
                # A random tie-break: names must not decide where every bot goes.
                targets.append(
                    (enemies + guard, -board.areas[target].resources, self.random.random(), target)
                )
            targets.sort()
            keep = 1 if len(free) > 2 else 0
            movers = tuple(u.id for u in free[keep:])
            if targets and len(free) > targets[0][0]:
                attacks.append(targets[0][3])
                wanted.append(Move(source, targets[0][3], movers))
            elif not targets and movers:
                # Deep inside its own lands: march towards the nearest area it does not hold.
                step = self._towards_frontier(state, nation, source, frontier)
                if step is not None:
                    wanted.append(Move(source, step, movers))
        for source in sorted({u.area for u in board.units.values() if u.nation == nation}):
            for target in attacks:
                if game.adjacent(source, target):
                    wanted.append(Aid(source, target))
        return wanted + self._defensive_aid(state, nation) + self._pillages(state, nation)

    def _defensive_aid(self, state: SeasonsState, nation: str) -> list[Action]:
        """Seasons: Tokens / Aid: with ``defensive_aid``, units left in a held land area aid each
        held neighbour that foreign land units stand next to (+1 might a unit should it be
        attacked; the aid of an area that is itself attacked is cancelled)."""
        if not self.w.defensive_aid:
            return []
        game, board = state.game, state.board
        tasked = state.tasked()

        # where units stand is public (they stand face down, Turns): only their kinds are hidden
        foreign = {
            u.area
            for u in board.units.values()
            if u.nation != nation and not game.allied(u.nation, nation) and u.area in game.land
        }

        def foreign_next_to(area: str) -> bool:
            return any(n in foreign for n in game.links.get(area, ()))

        held = sorted(a for a, data in board.areas.items() if data.owner == nation and a in game.land)
        found: list[Action] = []
        for target in held:
            if not foreign_next_to(target):
                continue
            for source in sorted(game.links.get(target, ())):
                if board.areas.get(source) is None or board.areas[source].owner != nation:
                    continue
                idle = [
                    u for u in state.units_of(nation, source) if u.kind in LAND_KINDS and u.id not in tasked
                ]
                if source in game.land and idle:
                    found.append(Aid(source, target))
        return found

    def _frontier_distance(self, state: SeasonsState, nation: str) -> dict[str, int]:
        """Return, for each land area, how many land steps away the nearest area not held by the
        nation or its allies is (breadth-first from those areas)."""
        game = state.game
        distance: dict[str, int] = {}
        queue: list[str] = []
        for area, data in state.board.areas.items():
            if data.owner is None or not game.allied(data.owner, nation):
                distance[area] = 0
                queue.append(area)
        for area in queue:  # the list grows while it is walked: a breadth-first search
            for neighbour in sorted(game.links.get(area, ())):
                if neighbour in game.land and neighbour not in distance:
                    distance[neighbour] = distance[area] + 1
                    queue.append(neighbour)
        return distance

    def _towards_frontier(
        self, state: SeasonsState, nation: str, source: str, frontier: dict[str, int]
    ) -> str | None:
        here = frontier.get(source)
        if here is None:
            return None
        closer = [
            neighbour
            for neighbour in sorted(state.game.links.get(source, ()))
            if neighbour in state.game.land and frontier.get(neighbour, here) < here
        ]
        return closer[0] if closer else None

    # --- decisions in battle and upkeep ---

    def _casualty(self, state: SeasonsState, nation: str, legal: list[Action]) -> Action:
        current = state.board.battle
        assert current is not None and current.queue
        amount = current.queue[0].amount
        targets = [a.target for a in legal if isinstance(a, Casualty)]
        soaks = {t: resolution.absorbs_of(state, t) for t in targets}
        survivors = [
            t
            for t in targets
            if t != current.area and soaks[t] > amount and state.board.units[t].kind != SIEGE
        ]
        if survivors:
            return Casualty(min(survivors, key=lambda t: (soaks[t], t)))
        if current.area in targets:
            return Casualty(current.area)
        tables = state.game.tables
        return Casualty(min(targets, key=lambda t: (tables.units.stats(state.board.units[t].kind).cost, t)))

    def _disband(self, state: SeasonsState, nation: str, legal: list[Action]) -> Action:
        tables = state.game.tables
        short = state.payable(nation) - state.board.nations[nation].supply

        def upkeep_of(target: str) -> int:
            unit = state.board.units.get(target)
            if unit is not None:
                return tables.units.stats(unit.kind).upkeep
            return tables.buildings.stats(Building(state.board.areas[target].building or "ruin")).upkeep

        targets = [a.target for a in legal if isinstance(a, Disband)]
        enough = [t for t in targets if upkeep_of(t) >= short]
        if enough:
            return Disband(min(enough, key=lambda t: (upkeep_of(t), t)))
        return Disband(max(targets, key=lambda t: (upkeep_of(t), t)))
