"""The changing part of a Seasons game, and the turn structure (Seasons: Turns).

A turn is one season. It runs:

1. Start (automatic): spring recovery; the income of the last turn arrives (the first turn gets
   the scenario's starting resources); a negative winter income becomes a debt on supply.
2. Planning: every nation in turn (the first seat rotates each turn) buys units, raises areas,
   builds, and places tokens, then says ``done``. The tokens are placed at the same time in the
   rules; here they are sequential decisions whose content ``view(player)`` hides from the other
   nations until the reveal. At ``done`` the leftover resources go to supply, which pays the
   upkeep in summer and winter; a nation that cannot pay disbands units or buildings.
3. Reveal and resolution (automatic, see ``model.rules.seasons.resolution``): purchases appear,
   then pillage, then moves, then battles one by one; a nation chooses which of its units take
   casualties when the choice matters (``casualty`` actions).
4. End: areas change hands, the turn's income is worked out, the game ends after the last turn.

Steps 3, 4 and the next turn's step 1 are logged as automatic entries of their own after the
action that set them off (``model.rules.seasons.automatic``), not as that nation's doing.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any, Self

from model.rules.boardstate import BoardState
from model.rules.protocol import Action, LogEntry
from model.rules.rng import Rng
from model.rules.seasons import determinize, economy, evaluation, invariants, visibility
from model.rules.seasons.game import SeasonsGame
from model.rules.seasons.schema import Building, Season
from model.rules.seasons.tables import SeasonEffects

PLAN, UPKEEP, CASUALTIES, OVER = "plan", "upkeep", "casualties", "over"


@dataclass
class UnitState:
    """A unit on the map; ``boat`` is the war boat carrying it (land units at sea)."""

    id: str
    kind: str
    nation: str
    area: str
    trained: bool = True
    boat: str | None = None


@dataclass
class AreaState:
    """A land area: resource number, holder, building and the damage the building has taken."""

    resources: int
    owner: str | None = None
    building: str | None = None
    damage: int = 0


@dataclass
class NationState:
    """A nation's treasury: resources to spend this turn, supply, income due next turn, debt."""

    resources: int = 0
    supply: int = 0
    income: int = 0
    debt: int = 0


@dataclass
class Order:
    """A token placed this turn; ``seq`` orders them (first come, first served for pillage)."""

    seq: int
    nation: str
    kind: str
    source: str
    target: str
    units: list[str] = field(default_factory=list)


@dataclass
class Purchase:
    """Something bought this turn, placed on the map at the reveal."""

    nation: str
    kind: str
    what: str
    area: str


@dataclass
class Allocation:
    """Casualty might a nation still has to assign in the current battle."""

    nation: str
    amount: int


@dataclass
class BattleState:
    """The battle being resolved while nations choose their casualties."""

    area: str
    sides: list[list[str]]
    winner: int
    mights: dict[str, int]
    queue: list[Allocation]
    lost: list[str] = field(default_factory=list)
    building_hit: bool = False


@dataclass
class Board:
    """Everything about a state that is plain data (what ``to_json`` saves, apart from rng and log)."""

    turn: int
    season: str
    phase: str
    plan_order: list[str]
    plan_index: int
    areas: dict[str, AreaState]
    units: dict[str, UnitState]
    nations: dict[str, NationState]
    orders: list[Order] = field(default_factory=list)
    purchases: list[Purchase] = field(default_factory=list)
    seq: int = 0
    serial: int = 1
    battle: BattleState | None = None
    fought: list[str] = field(default_factory=list)
    moved_from: dict[str, str] = field(default_factory=dict)
    busy_boats: list[str] = field(default_factory=list)
    bonus: dict[str, int] = field(default_factory=dict)
    snapshot: dict[str, int] = field(default_factory=dict)
    pillaged: list[str] = field(default_factory=list)
    stats: dict[str, int] = field(default_factory=dict)
    """Counters over the whole game (battles, captures, pillages...) for the balance report."""

    def count(self, name: str, amount: int = 1) -> None:
        """Add to one of the game's counters."""
        self.stats[name] = self.stats.get(name, 0) + amount

    def to_json(self) -> dict[str, Any]:
        """Return the board as plain JSON data."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Board:
        """Rebuild a board saved by :meth:`to_json`."""
        raw = copy.deepcopy(data)
        battle = raw.pop("battle")
        board = cls(
            **{
                **raw,
                "areas": {k: AreaState(**v) for k, v in raw["areas"].items()},
                "units": {k: UnitState(**v) for k, v in raw["units"].items()},
                "nations": {k: NationState(**v) for k, v in raw["nations"].items()},
                "orders": [Order(**o) for o in raw["orders"]],
                "purchases": [Purchase(**p) for p in raw["purchases"]],
            }
        )
        if battle is not None:
            battle["queue"] = [Allocation(**a) for a in battle["queue"]]
            board.battle = BattleState(**battle)
        return board


class SeasonsState(BoardState[SeasonsGame, Board]):
    """A Seasons game in progress."""

    plan_start: Board | None = None
    """The board at the start of this turn's planning (after income), for honest determinizations
    (``model.rules.seasons.determinize``). Never changed once taken, so clones share it; saved."""

    # --- construction and persistence ---

    @classmethod
    def read_board(cls, data: dict[str, Any]) -> Board:
        return Board.from_json(data)

    @classmethod
    def from_json(cls, game: SeasonsGame, data: dict[str, Any]) -> Self:
        """Rebuild a state saved by :meth:`to_json` (an older save has no ``plan_start``)."""
        state = super().from_json(game, data)
        saved = data.get("plan_start")
        state.plan_start = None if saved is None else Board.from_json(saved)
        return state

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if self.plan_start is not None:
            data["plan_start"] = self.plan_start.to_json()
        return data

    @classmethod
    def start(cls, game: SeasonsGame, seed: int) -> SeasonsState:
        """Return the state before the first turn's planning."""
        areas = {
            area: AreaState(
                start.resources, start.owner, start.building.value if start.building else None, start.damage
            )
            for area, start in sorted(game.starts.items())
        }
        units = {
            unit.id: UnitState(unit.id, unit.kind, unit.nation, unit.area, unit.trained)
            for unit in game.units
        }
        nations = {
            nation: NationState(resources=game.resources.get(nation, 0), supply=game.supply.get(nation, 0))
            for nation in game.nations
        }
        board = Board(
            turn=1,
            season=game.start_season.value,
            phase=PLAN,
            plan_order=list(game.nations),
            plan_index=0,
            areas=areas,
            units=units,
            nations=nations,
        )
        state = cls(game, board, Rng(seed))
        state.begin_turn(first=True)
        return state

    def clone(self) -> Self:
        copied = type(self)(self.game, copy.deepcopy(self.board), self.rng.clone(), list(self.log))
        copied.plan_start = self.plan_start
        return copied

    def determinize(self, seat: str | None, rng: Rng) -> Self:
        """Return a position ``seat`` cannot tell from this one: the other nations' face-down
        units dealt their kinds again (Seasons: Units) and, during planning, the plans of the
        nations before ``seat`` made again by the heuristic bot (Seasons: Tokens, Turns); what
        stays true is listed in ``model.rules.seasons.determinize``."""
        if seat is None:
            return self.clone()
        replanned = determinize.replan(self, seat, rng)
        if replanned is not None:
            assert isinstance(replanned, type(self))
            return replanned
        sample = self.clone()
        determinize.deal_face_down(sample.board, seat, rng)
        return sample

    # --- what the protocol asks ---

    def current_player(self) -> str | None:
        board = self.board
        if board.phase in (PLAN, UPKEEP):
            return board.plan_order[board.plan_index]
        if board.phase == CASUALTIES and board.battle is not None and board.battle.queue:
            return board.battle.queue[0].nation
        return None

    def is_over(self) -> bool:
        return self.board.phase == OVER

    def cursor(self) -> tuple[int, str]:
        return self.board.turn, f"{self.board.season} {self.board.phase}"

    def scores(self) -> dict[str, float]:
        """Return the number of areas each nation holds (Seasons: Winning)."""
        held = {nation: 0.0 for nation in self.game.nations}
        for area in self.board.areas.values():
            if area.owner in held:
                held[area.owner] += 1
        return held

    def evaluation(self) -> dict[str, float] | None:
        """Return each nation's areas plus what its units, buildings and treasury may still win,
        for a search cut off before the end (``model.rules.seasons.evaluation``)."""
        return evaluation.worth(self)

    def winners(self) -> list[str]:
        """Return the winning nations: the one holding most areas, with its allies within the margin.

        Seasons: Winning: an alliance wins together when its nations hold a similar number of
        areas (within ``victory.alliance_margin``). Nations tied for the most areas all win.
        """
        held = self.scores()
        best = max(held.values(), default=0.0)
        leaders = [nation for nation, count in held.items() if count == best]
        margin = self.game.tables.victory.alliance_margin
        winners = set(leaders)
        for leader in leaders:
            for nation, count in held.items():
                if self.game.allied(leader, nation) and best - count <= margin:
                    winners.add(nation)
        return [nation for nation in self.game.nations if nation in winners]

    def invariant_violations(self) -> list[str]:
        """Return what is wrong with this position (empty when every invariant holds)."""
        return invariants.violations(self)

    def area_owners(self) -> dict[str, str | None]:
        """Return who holds each land area now."""
        return {area: data.owner for area, data in self.board.areas.items()}

    def statistics(self) -> dict[str, int]:
        """Return the game's counters: battles, units lost and captured, pillages, purchases, disbands."""
        return dict(self.board.stats)

    def view(self, player: str | None = None) -> dict[str, Any]:
        """Return what ``player`` may see (None: the public view).

        Seasons: Tokens, Turns: tokens lie face down until the reveal, so other nations' orders
        show only where they lie (the line between two areas, or one area); their purchases and
        treasuries stay at their own tables; their units stand face down, so only how many there
        are shows (battles reveal them).
        The log keeps every action (replays need them); this view's ``log`` is what ``player``
        may read of it (:meth:`log_for`; None: what every nation may read).
        """
        data = self.board.to_json()
        data["orders"] = [
            order
            if order["nation"] == player
            else {
                "nation": order["nation"],
                "source": order["source"],
                "target": order["target"],
                "hidden": True,
            }
            for order in data["orders"]
        ]
        data["purchases"] = [p for p in data["purchases"] if p["nation"] == player]
        for nation in data["nations"]:
            if nation != player:
                data["nations"][nation] = {"hidden": True}
        for unit in data["units"].values():
            if unit["nation"] != player:
                unit["kind"], unit["trained"] = "hidden", None
        data["log"] = [entry.to_json() for entry in self._log_seen(player)]
        return data

    def log_for(self, seat: str | None) -> list[LogEntry]:
        """Return the log as ``seat`` may read it (``None``: the author, who reads everything).

        Face-down units, hidden treasuries and the planning before the reveal stay hidden from
        the other nations (see ``model.rules.seasons.visibility``).
        """
        return list(self.log) if seat is None else self._log_seen(seat)

    def statistics_for(self, seat: str | None) -> dict[str, int]:
        """Return the counters ``seat`` may read: not how many units of each kind were bought."""
        return visibility.statistics_for(self.board.stats, seat)

    def _log_seen(self, player: str | None) -> list[LogEntry]:
        return visibility.log_for(self.log, player, self.board.turn, self.orders_revealed())

    def orders_revealed(self) -> bool:
        """Whether this turn's tokens lie face up: from the reveal until the turn ends (Seasons: Turns)."""
        return self.board.phase not in (PLAN, UPKEEP)

    def orders_seen_by(self, player: str | None) -> list[dict[str, Any]]:
        """This turn's tokens whose content ``player`` may read (Seasons: Tokens), oldest first.

        Before the reveal only the player's own (none for None); from the reveal every token.
        Each is the token's plain data (``seq``, ``nation``, ``kind``, ``source``, ``target``,
        ``units``) with ``revealed``: False for a token still face down to the other nations.
        """
        revealed = self.orders_revealed()
        return [
            {**asdict(order), "revealed": revealed}
            for order in self.board.orders
            if revealed or order.nation == player
        ]

    def last_revealed_orders(self) -> tuple[int, list[dict[str, Any]]]:
        """The turn of the latest reveal and its tokens, read back from the log (oldest first).

        The board forgets a turn's tokens when the turn ends; the log keeps the order actions, so
        what every nation did can still be shown once its tokens are face up. ``(0, [])`` before
        the first reveal. The tokens have the keys of :meth:`orders_seen_by` (``revealed`` True).
        """
        from model.rules.seasons.actions import CODEC, Move, Pillage
        from model.rules.seasons.rules import ORDERS

        reveal = next((i for i in range(len(self.log) - 1, -1, -1) if "reveal" in self.log[i].effects), None)
        if reveal is None:
            return 0, []
        turn = self.log[reveal].round
        orders: list[dict[str, Any]] = []
        for entry in self.log[: reveal + 1]:
            if entry.round != turn or entry.player is None or not entry.phase.endswith(PLAN):
                continue
            action = CODEC.parse(entry.action)
            if not isinstance(action, ORDERS):
                continue
            units = (
                list(action.units)
                if isinstance(action, Move)
                else [action.unit]
                if isinstance(action, Pillage)
                else []
            )
            orders.append(
                {
                    "seq": len(orders),
                    "nation": entry.player,
                    "kind": action.VERB,
                    "source": action.source,
                    "target": action.target,
                    "units": units,
                    "revealed": True,
                }
            )
        return turn, orders

    # --- helpers used by the rules ---

    @property
    def season(self) -> Season:
        """The current season."""
        return Season(self.board.season)

    @property
    def effects(self) -> SeasonEffects:
        """The effects of the current season."""
        return self.game.tables.seasons.effect(self.season)

    def units_of(self, nation: str, area: str) -> list[UnitState]:
        """Return the nation's units in an area, by id."""
        return sorted(
            (u for u in self.board.units.values() if u.nation == nation and u.area == area),
            key=lambda u: u.id,
        )

    def tasked(self) -> set[str]:
        """Return the ids of units that have an order this turn."""
        return {unit for order in self.board.orders for unit in order.units}

    def tokens_used(self, nation: str, area: str) -> int:
        """Return the tokens a nation has placed from an area this turn."""
        return sum(
            self.token_cost(order.kind)
            for order in self.board.orders
            if order.nation == nation and order.source == area
        )

    def token_cost(self, kind: str) -> int:
        """Return how many tokens an order of this kind needs this season (winter: 2 for move and aid)."""
        effects = self.effects
        return {"move": effects.move_tokens, "aid": effects.aid_tokens, "pillage": effects.pillage_tokens}[
            kind
        ]

    def token_limit(self, nation: str, area: str) -> int:
        """Return the tokens a nation may place from an area (Seasons: Tokens)."""
        count = len(self.units_of(nation, area))
        if area in self.game.sea:
            return count
        return economy.token_limit(self.board.areas[area].resources, count)

    def has_stronghold(self, nation: str) -> bool:
        """Return whether the nation holds an area with a tower or castle (where units train)."""
        return any(
            a.owner == nation and a.building in (Building.TOWER.value, Building.CASTLE.value)
            for a in self.board.areas.values()
        )

    def upkeep_due(self, nation: str) -> int:
        """Return the upkeep of the nation's units and buildings on the map."""
        kinds = [u.kind for u in self.board.units.values() if u.nation == nation]
        buildings = [
            Building(a.building) for a in self.board.areas.values() if a.owner == nation and a.building
        ]
        return economy.upkeep(kinds, buildings, self.game.tables)

    def payable(self, nation: str) -> int:
        """Return what supply must pay now: the debt, plus the upkeep in upkeep seasons."""
        due = self.upkeep_due(nation) if self.effects.upkeep else 0
        return due + self.board.nations[nation].debt

    def disbandable(self, nation: str) -> list[str]:
        """Return the units and building areas a nation may give up to pay its upkeep."""
        units = sorted(u.id for u in self.board.units.values() if u.nation == nation)
        areas = sorted(
            area
            for area, a in self.board.areas.items()
            if a.owner == nation and a.building in ("tower", "castle")
        )
        return units + areas

    def new_id(self, nation: str) -> str:
        """Return a fresh unit id that the scenario has never used."""
        while True:
            # The id does not name the kind: units stand face down (see ``view``).
            candidate = f"{nation}_{self.board.serial}"
            self.board.serial += 1
            if candidate not in self.game.reserved_ids and candidate not in self.board.units:
                return candidate

    def pending_raises(self, area: str) -> int:
        """Return how many raises of an area were bought this turn."""
        return sum(1 for p in self.board.purchases if p.kind == "raise" and p.area == area)

    def alive(self, nation: str) -> bool:
        """Return whether a nation still holds an area or has a unit."""
        return any(a.owner == nation for a in self.board.areas.values()) or any(
            u.nation == nation for u in self.board.units.values()
        )

    # --- turn structure ---

    def begin_turn(self, first: bool = False) -> list[str]:
        """Start the current turn: recovery, income, debts, and the planning order."""
        board = self.board
        effects: list[str] = [f"turn {board.turn}: {board.season}"]
        if self.effects.recovery:
            for area_id, area in board.areas.items():
                recovered = economy.spring_recovery(area.resources)
                if recovered != area.resources:
                    effects.append(f"{area_id} recovers to {recovered}")
                    area.resources = recovered
        if not first:
            for nation, treasury in board.nations.items():
                income, treasury.income = treasury.income, 0
                treasury.resources = max(income, 0)
                treasury.debt += max(-income, 0)
                effects.append(f"{nation} receives {income}")
        seats = list(self.game.nations)
        shift = (board.turn - 1) % len(seats)
        board.plan_order = [n for n in seats[shift:] + seats[:shift] if self.alive(n)] or seats[:1]
        board.plan_index = 0
        board.phase = PLAN
        board.orders, board.purchases, board.fought = [], [], []
        board.moved_from, board.busy_boats, board.bonus, board.pillaged = {}, [], {}, []
        self.plan_start = copy.deepcopy(board)
        return effects

    def finish_planning(self, nation: str) -> list[str]:
        """Move leftover resources into supply and pay what supply owes (Seasons: Resources)."""
        treasury = self.board.nations[nation]
        effects = [f"{nation} puts {treasury.resources} into supply"] if treasury.resources else []
        treasury.supply += treasury.resources
        treasury.resources = 0
        return effects + self.try_pay(nation)

    def try_pay(self, nation: str) -> list[str]:
        """Pay the upkeep and debt from supply, or ask the nation to disband until it can."""
        treasury = self.board.nations[nation]
        due = self.payable(nation)
        if due <= treasury.supply:
            treasury.supply -= due
            treasury.debt = 0
            self.board.phase = PLAN
            return [f"{nation} pays {due} from supply"] if due else []
        if not self.disbandable(nation):
            effects = [f"{nation} cannot pay {due}; supply {treasury.supply} is lost"]
            treasury.supply, treasury.debt = 0, 0
            self.board.phase = PLAN
            return effects
        self.board.phase = UPKEEP
        return [f"{nation} owes {due} with supply {treasury.supply}: it must disband"]

    def next_planner(self, effects: list[str]) -> None:
        """Hand the planning to the next nation, or reveal and resolve when all are done (the
        resolution's effects go to ``effects``, the list the action's apply returns, each step
        logged apart from the action: ``model.rules.seasons.automatic``)."""
        from model.rules.seasons import resolution

        board = self.board
        board.phase = PLAN
        board.plan_index += 1
        if board.plan_index < len(board.plan_order):
            return
        board.plan_index = len(board.plan_order) - 1
        resolution.resolve_turn(self, effects)

    # --- checking and applying actions (the rules modules import this one, hence the late imports) ---

    def _check(self, action: Action) -> None:
        from model.rules.seasons import rules

        rules.check(self, action)

    def _apply(self, action: Action) -> list[str]:
        from model.rules.seasons import rules

        return rules.apply(self, action)

    def legal_actions(self) -> list[Action]:
        from model.rules.seasons import rules

        return rules.legal_actions(self)
