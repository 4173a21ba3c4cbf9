"""The changing part of a 7 Ages game: the board as plain data, and the protocol state on top.

Units are immutable :class:`Unit` tuples in per-area lists, so a clone copies a few lists and
small records and never deep-copies the whole board (thousands of AI games). The turn itself
(markers, the eight steps, the end of turn) is ``model.rules.sevenages.sequence``.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple, Self

from model.rules.boardstate import BoardState
from model.rules.protocol import Action, IllegalActionError, LogEntry
from model.rules.rng import Rng
from model.rules.sevenages.game import NEUTRAL, SevenAgesGame


class Unit(NamedTuple):
    """One counter: its side (empire id or ``neutral``), type, progress level and ``used`` flag.

    ``used`` marks a unit that has moved this step, or that is exhausted in a conflict round.
    """

    owner: str
    kind: str
    level: int
    used: bool = False


@dataclass(slots=True)
class PlayerState:
    """A player's glory, hand, face-down markers and emissary counters."""

    glory: int = 0
    hand: list[str] = field(default_factory=list)
    markers: dict[str, str] = field(default_factory=dict)
    """Slot (empire id or ``slot``) -> action name; ``wild:ACTION`` for the wild card."""
    counters: int = 0
    emissary: str = ""
    """'' no emissary yet, 'revealed' (counters taken, own action to come), 'acting', 'done'."""
    sets: list[str] = field(default_factory=list)
    """Shades of the colour sets the player holds, in the order picked (7A facts 1); a new empire
    takes the first one no empire of the player uses."""

    def clone(self) -> PlayerState:
        """Return an independent copy."""
        return PlayerState(
            self.glory, list(self.hand), dict(self.markers), self.counters, self.emissary, list(self.sets)
        )


@dataclass(slots=True)
class EmpireState:
    """An empire on the map."""

    player: str
    progress: int = 1
    treasury: int = 0
    shade: str = "light"
    wild: bool = False
    """Whether the wild card lies on it this turn (no free progress, 7A facts 2.2)."""

    def clone(self) -> EmpireState:
        """Return an independent copy."""
        return EmpireState(self.player, self.progress, self.treasury, self.shade, self.wild)


@dataclass(slots=True)
class AreaState:
    """An area's holder (kept while vacated), city level, capital, fort, disorder and reveal."""

    owner: str | None = None
    city: int = 0
    capital: bool = False
    fort: bool = False
    disorder: bool = False
    revealed: bool = False
    """Whether its neutral stack lies face up (E&N: Fog of war)."""

    def clone(self) -> AreaState:
        """Return an independent copy."""
        return AreaState(self.owner, self.city, self.capital, self.fort, self.disorder, self.revealed)


def _copy_small(value: Any) -> Any:
    """Copy small JSON-like contexts (lists and dicts a few levels deep)."""
    if isinstance(value, dict):
        return {k: _copy_small(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_small(v) for v in value]
    return value


@dataclass
class Board:
    """Everything about a state that is plain data (what ``to_json`` saves, apart from rng and log)."""

    turn: int
    holder: int
    order: list[str]
    players: dict[str, PlayerState]
    empires: dict[str, EmpireState]
    areas: dict[str, AreaState]
    units: dict[str, list[Unit]]
    deck: list[str]
    discards: list[str] = field(default_factory=list)
    phase: str = "mark"
    step: int = 0
    actors: list[list[str]] = field(default_factory=list)
    actor: int = 0
    ctx: dict[str, Any] = field(default_factory=dict)
    """The current decision's context (JSON-like, small)."""
    conflicts: list[str] = field(default_factory=list)
    chooser: str | None = None
    """Who picks the order of the pending conflict areas (None: list order)."""
    advised: dict[str, str] = field(default_factory=dict)
    """Areas that neutrals moved by military advisors attack -> the player controlling them."""
    entries: dict[str, list[str]] = field(default_factory=dict)
    """Conflict area -> the areas its attackers came from (river, strait and beach bonuses)."""
    conflict: dict[str, Any] | None = None
    window: dict[str, Any] | None = None
    """An open meddle window (E&N: Meddle Affairs)."""
    evented: list[str] = field(default_factory=list)
    """Players who played an event in the current step (one each)."""
    stats: dict[str, int] = field(default_factory=dict)
    over: bool = False

    def count(self, name: str, amount: int = 1) -> None:
        """Add to one of the game's counters (the balance report reads them)."""
        self.stats[name] = self.stats.get(name, 0) + amount

    def clone(self) -> Board:
        """Return an independent copy: small records copied, unit tuples shared."""
        return Board(
            turn=self.turn,
            holder=self.holder,
            order=list(self.order),
            players={k: v.clone() for k, v in self.players.items()},
            empires={k: v.clone() for k, v in self.empires.items()},
            areas={k: v.clone() for k, v in self.areas.items()},
            units={k: list(v) for k, v in self.units.items()},
            deck=list(self.deck),
            discards=list(self.discards),
            phase=self.phase,
            step=self.step,
            actors=[list(a) for a in self.actors],
            actor=self.actor,
            ctx=_copy_small(self.ctx),
            conflicts=list(self.conflicts),
            chooser=self.chooser,
            advised=dict(self.advised),
            entries={k: list(v) for k, v in self.entries.items()},
            conflict=_copy_small(self.conflict),
            window=_copy_small(self.window),
            evented=list(self.evented),
            stats=dict(self.stats),
            over=self.over,
        )

    def to_json(self) -> dict[str, Any]:
        """Return the board as plain JSON data."""
        data = asdict(self)
        data["units"] = {k: [list(u) for u in v] for k, v in self.units.items() if v}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Board:
        """Rebuild a board saved by :meth:`to_json`."""
        raw = copy.deepcopy(data)
        return cls(
            **{
                **raw,
                "players": {k: PlayerState(**v) for k, v in raw["players"].items()},
                "empires": {k: EmpireState(**v) for k, v in raw["empires"].items()},
                "areas": {k: AreaState(**v) for k, v in raw["areas"].items()},
                "units": {k: [Unit(*u) for u in v] for k, v in raw["units"].items()},
            }
        )


class SevenAgesState(BoardState[SevenAgesGame, Board]):
    """A 7 Ages game in progress."""

    # --- construction and persistence ---

    @classmethod
    def read_board(cls, data: dict[str, Any]) -> Board:
        return Board.from_json(data)

    @classmethod
    def start(cls, game: SevenAgesGame, seed: int) -> SevenAgesState:
        """Return the state at the first turn's marker placement (7A facts 3.1 set-up)."""
        from model.rules.sevenages import sequence

        return sequence.initial_state(cls, game, seed)

    def clone(self) -> Self:
        return type(self)(self.game, self.board.clone(), self.rng.clone(), list(self.log))

    def determinize(self, seat: str | None, rng: Rng) -> Self:
        """Return a copy with what ``seat`` cannot see dealt again: the other hands, the deck and
        the face-down neutral stacks (``model.rules.sevenages.determinize``)."""
        from model.rules.sevenages import determinize

        sample = self.clone()
        if seat is not None:
            determinize.deal_hidden(sample, seat, rng)
        return sample

    # --- what the protocol asks ---

    def current_player(self) -> str | None:
        from model.rules.sevenages import sequence

        return None if self.board.over else sequence.decider(self)

    def legal_actions(self) -> list[Action]:
        from model.rules.sevenages import sequence

        return [] if self.board.over else list(sequence.legal(self))

    def is_over(self) -> bool:
        return self.board.over

    def cursor(self) -> tuple[int, str]:
        from model.rules.sevenages.sequence import STEP_NAMES

        board = self.board
        phase = {"mark": "markers", "bid": "bid", "colours": "colours"}.get(board.phase) or STEP_NAMES.get(
            board.step, board.phase
        )
        return board.turn, phase

    def scores(self) -> dict[str, float]:
        """Return each player's glory (7A facts 1: the most glory wins)."""
        return {p: float(self.board.players[p].glory) for p in self.game.seats}

    def winners(self) -> list[str]:
        """Return the winners: the most glory; a tie goes to the most advanced empire; still tied,
        a shared win (7A facts 1, winning)."""
        glory = self.scores()
        best = max(glory.values(), default=0.0)
        tied = [p for p in self.game.seats if glory[p] == best]
        progress = {
            p: max((e.progress for e in self.board.empires.values() if e.player == p), default=0)
            for p in tied
        }
        top = max(progress.values(), default=0)
        return [p for p in tied if progress[p] == top]

    def _check(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(action, f"not a legal action now ({self.cursor()[1]})")

    def _apply(self, action: Action) -> list[str]:
        from model.rules.sevenages import sequence

        return sequence.apply(self, action)

    # --- optional protocol parts ---

    def view(self, seat: str | None = None) -> dict[str, Any]:
        """Return what ``seat`` may see (None: the public view): fog of war on neutral stacks,
        other players' hands and face-down markers hidden."""
        from model.rules.sevenages import view

        return view.view(self, seat)

    def preview(self, action: Action) -> str:
        """Return a short note on a legal action for a human player (value, price)."""
        from model.rules.sevenages import view

        return view.preview(self, action)

    def connections_crossed(self, action: Action) -> tuple[str, ...]:
        """Return the connections (straits, sea lanes) a move, ferry, advisors' send or retreat
        would cross now (see ``crossings.connections_crossed``)."""
        from model.rules.sevenages import crossings

        return crossings.connections_crossed(self, action)

    def log_for(self, seat: str | None) -> list[LogEntry]:
        """Return the log as ``seat`` may read it (E&N: Fog of war; hands and markers hidden)."""
        from model.rules.sevenages import view

        return list(self.log) if seat is None else view.log_for(self, seat)

    def area_owners(self) -> dict[str, str | None]:
        """Return who controls each area now: the empire or ``neutral`` with units there."""
        owners: dict[str, str | None] = {}
        for area, info in self.board.areas.items():
            sides = self.sides(area)
            owners[area] = sides[0] if len(sides) == 1 else info.owner if not sides else None
        return owners

    def invariant_violations(self) -> list[str]:
        from model.rules.sevenages import invariants

        return invariants.violations(self)

    def statistics(self) -> dict[str, int]:
        """Return the game's counters: emissary initiatives, meddles, discards, neutral conflicts."""
        return dict(self.board.stats)

    # --- helpers the rules share ---

    def sides(self, area: str) -> list[str]:
        """Return the sides with units in an area (first come first)."""
        found: list[str] = []
        for unit in self.board.units.get(area, ()):
            if unit.owner not in found:
                found.append(unit.owner)
        return found

    def units_of(self, side: str, area: str) -> list[Unit]:
        """Return a side's units in an area."""
        return [u for u in self.board.units.get(area, ()) if u.owner == side]

    def controller(self, area: str) -> str | None:
        """Return the single side with units in an area (None when empty or contested)."""
        sides = self.sides(area)
        return sides[0] if len(sides) == 1 else None

    def is_neutral_area(self, area: str) -> bool:
        """Return whether an area holds neutral units and no empire units (E&N: Neutral areas)."""
        return self.sides(area) == [NEUTRAL]

    def player_of(self, side: str) -> str | None:
        """Return the player of an empire (None for neutrals or an empire off the map)."""
        empire = self.board.empires.get(side)
        return empire.player if empire else None

    def age_of(self, empire: str) -> int:
        """Return an empire's age from its progress level."""
        return self.game.rules.age(self.board.empires[empire].progress)

    def neutral_age(self, area: str) -> int:
        """Return a neutral stack's age: that of its highest-level unit (E&N: Conflict)."""
        levels = [u.level for u in self.units_of(NEUTRAL, area)]
        return self.game.rules.age(max(levels)) if levels else 0

    def income_value(self, area: str) -> int:
        """Return an area's total income value: base + resource + city level (7A facts 2.8)."""
        info = self.game.areas[area]
        return self.game.rules.economy.area_income(info.income, info.resource, self.board.areas[area].city)

    def empires_of(self, player: str) -> list[str]:
        """Return a player's empires on the map, in the order they came."""
        return [e for e, s in self.board.empires.items() if s.player == player]

    def put(self, area: str, unit: Unit) -> None:
        """Add a unit to an area."""
        self.board.units.setdefault(area, []).append(unit)

    def take(self, area: str, unit: Unit) -> None:
        """Remove one unit from an area."""
        stack = self.board.units[area]
        stack.remove(unit)
        if not stack:
            del self.board.units[area]
        if unit.owner == NEUTRAL and not any(u.owner == NEUTRAL for u in stack):
            # A stack that is gone is no longer face up: new neutrals there come face down.
            self.board.areas[area].revealed = False
