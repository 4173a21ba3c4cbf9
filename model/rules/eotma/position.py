"""The EotMA position as plain data: every saved field declared once, with its start and JSON form.

Owners are small integers: -1 independent, 0..P-1 the players in seat order, P.. the Magnates.
Ties and claims are bit masks of players. Each field of :class:`Position` is declared with
:func:`saved`: its value at a game's start (from the game), how a clone copies it and how JSON
writes and reads it (a :class:`Codec`); ``__init__``, ``clone``, ``to_json`` and ``from_json`` all
follow the declarations, so a new field is one declaration. The rules read and change a
``Position``; ``state.EotmaState`` adds the engine protocol on top (legal actions, apply).
"""

# ruff: noqa: RUF009  (``saved(...)`` returns a dataclasses.field: the declarations are the point)

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Self

from model.rules.eotma.decisions import Pending
from model.rules.eotma.records import (
    NO_PARLEY,
    Agreement,
    Attack,
    ClaimWatch,
    Crusade,
    DeferredCheck,
    Parley,
    Partial,
    TaxWait,
)
from model.rules.protocol import LogEntry
from model.rules.rng import Rng

if TYPE_CHECKING:
    from model.rules.eotma.actions import Endeavour
    from model.rules.eotma.gamedata import GameData
    from model.rules.eotma.records import Located

TALLY = ("rebellions", "conversions", "leader_deaths", "excommunications")
"""Events counted over a game for the balance report (``Position.statistics``)."""


@dataclass(frozen=True, slots=True)
class Codec:
    """How one kind of field is copied by a clone and written to and read from JSON."""

    copy: Callable[[Any], Any] | None
    """None for immutable values, which a clone shares."""
    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]


def _same(value: Any) -> Any:
    return value


def _nested(value: Any) -> list[list[Any]]:
    return [list(x) for x in value]


def _records(cls: Any) -> Codec:
    """A list of records (NamedTuples), saved as lists of their fields."""
    return Codec(list, _nested, lambda data: [cls.from_list(x) for x in data])


def _optional(cls: Any) -> Codec:
    """A record or None, saved as the list of its fields or an empty list."""
    return Codec(
        None,
        lambda v: v.to_list() if v is not None else [],
        lambda data: cls.from_list(data) if data else None,
    )


FLAT = Codec(list, list, list)
"""A list of numbers, flags or ids."""
NESTED = Codec(_nested, _nested, _nested)
"""A list of lists (per player)."""
SCALAR = Codec(None, _same, _same)
"""A number, flag or word."""
INTS = Codec(list, list, lambda data: [int(x) for x in data])
FLAGS = Codec(list, list, lambda data: [bool(x) for x in data])
PARTIAL = Codec(
    dict,
    lambda v: sorted([t, b, p, c] for (t, b), (p, c) in v.items()),
    lambda data: {(int(t), int(b)): Partial(int(p), int(c)) for t, b, p, c in data},
)
CONVERSION = Codec(
    dict,
    lambda v: sorted([p, a, c] for (p, a), c in v.items()),
    lambda data: {(p, a): c for p, a, c in data},
)
PENDING = Codec(list, lambda v: [p.to_json() for p in v], lambda data: [Pending.from_json(x) for x in data])
PARLEY = Codec(
    None,
    lambda v: list(v) if v != NO_PARLEY else [],
    lambda data: Parley.from_list(data) if data else NO_PARLEY,
)


@dataclass(frozen=True, slots=True)
class Slot:
    """A saved field's declaration: its codec, its value at a game's start, and whether states
    saved before the field existed may lack it (their start value is then used)."""

    codec: Codec
    start: Callable[[GameData], Any]
    optional: bool = False


def saved(codec: Codec, start: Callable[[GameData], Any], *, optional: bool = False) -> Any:
    """Declare a saved field of :class:`Position` (see the module docstring)."""
    return field(init=False, repr=False, compare=False, metadata={"slot": Slot(codec, start, optional)})


def _areas(value: Any) -> Callable[[GameData], list[Any]]:
    return lambda game: [value] * game.board.n


def _players(value: Any) -> Callable[[GameData], list[Any]]:
    return lambda game: [value] * game.n_players


def _each_player(game: GameData) -> list[list[Any]]:
    return [[] for _ in range(game.n_players)]


def _empty(_game: GameData) -> list[Any]:
    return []


def _zero(_game: GameData) -> int:
    return 0


def _magnate_courts(game: GameData) -> list[int]:
    """Each Magnate's court: the one given, else its most populous starting area (house default)."""
    board = game.board
    courts = [board.index.get(m.court or "", -1) for m in game.magnates]
    for k, magnate in enumerate(game.magnates):
        if courts[k] < 0:
            held = [board.index[a] for a, start in game.starts.items() if start.owner == magnate.id]
            if held:
                courts[k] = max(held, key=lambda a: (board.population[a], -a))
    return courts


@dataclass(init=False, eq=False, repr=False)
class Position:
    """A position in an EotMA game (see the module docstring for the encoding)."""

    game: GameData = field(init=False, repr=False, compare=False)
    rng: Rng = field(init=False, repr=False, compare=False)
    log: list[LogEntry] = field(init=False, repr=False, compare=False)

    # --- per area ---
    owner: list[int] = saved(FLAT, _areas(-1))
    ss: list[int] = saved(FLAT, _areas(0))
    unrest: list[bool] = saved(FLAT, _areas(False))
    fort: list[int] = saved(FLAT, _areas(0))
    ties: list[int] = saved(FLAT, _areas(0))
    claims: list[int] = saved(FLAT, _areas(0))
    religion: list[str | None] = saved(FLAT, lambda game: list(game.board.religion))
    civ: list[int] = saved(FLAT, _areas(0))
    """Civilisation markers (35) as bits (``decisions.CATHEDRAL``...)."""
    army: list[int] = saved(FLAT, _areas(0))
    fleet: list[int] = saved(FLAT, _areas(0))
    # --- per player ---
    treasury: list[int] = saved(FLAT, lambda game: [seat.treasury for seat in game.seats])
    court: list[int] = saved(FLAT, _players(-1))
    asylum: list[int] = saved(FLAT, _players(-1))
    excommunicated: list[bool] = saved(FLAT, _players(False))
    vp_conversions: list[int] = saved(FLAT, _players(0))
    defenses: list[int] = saved(FLAT, _players(0))
    order: list[int] = saved(FLAT, _empty)
    slots: list[int] = saved(FLAT, _empty)
    leader_bonus: list[str] = saved(FLAT, _players(""))
    """A leader event card in play for the player's next endeavour (36.11), or ""."""
    # --- decks, round bookkeeping, Magnates, crusade route ---
    undealt: list[int] = saved(FLAT, _empty)
    event_deck: list[str] = saved(FLAT, _empty)
    event_discard: list[str] = saved(FLAT, _empty)
    ranking: list[int] = saved(FLAT, _empty)
    taxed: list[int] = saved(FLAT, _empty)
    mag_stat: list[int] = saved(FLAT, lambda game: [m.combat for m in game.magnates])
    mag_court: list[int] = saved(FLAT, _magnate_courts)
    parley_round: list[int] = saved(FLAT, _players(-1))
    """The round in which each player last called a once-per-round parley (20.42, 20.45)."""
    mag_names: list[str] = saved(FLAT, lambda game: [m.id for m in game.magnates])
    """Magnate names by index (owner code minus the number of players)."""
    crusade_route: list[int] = saved(FLAT, _empty)
    """Route areas still to pass on the crusaders' march (23.32 step 4)."""
    crusade_targets: list[int] = saved(FLAT, _empty)
    """Areas on the route the crusaders must conquer before the holy places."""
    # --- per player, lists ---
    stat: list[list[int]] = saved(
        NESTED, lambda game: [[seat.combat, seat.administrative, seat.diplomatic] for seat in game.seats]
    )
    hand: list[list[int]] = saved(NESTED, _each_player)
    holding: list[list[str]] = saved(NESTED, _each_player)
    kept: list[list[str]] = saved(NESTED, _each_player)
    # --- sequence of play ---
    round: int = saved(SCALAR, _zero)
    phase: str = saved(SCALAR, lambda _game: "setup")
    turn: int = saved(SCALAR, _zero)
    pick: int = saved(SCALAR, _zero)
    endeavours_done: int = saved(SCALAR, _zero)
    tax_stage: int = saved(SCALAR, _zero)
    union: bool = saved(SCALAR, lambda game: game.union_at_start)
    seq_started: int = saved(SCALAR, _zero)
    step: str = saved(SCALAR, lambda _game: "main")
    """Within a player turn: ``move`` (army movement, 33.4) then ``main``."""
    moves_left: int = saved(SCALAR, _zero)
    """Army movement points left this turn (33.4)."""
    schism_condition: int = saved(SCALAR, _zero)
    """The Byzantine influence condition at the last schism check (23.12), 0 before any."""
    crusade_turn: int = saved(SCALAR, lambda _game: -1)
    """The game turn of the last crusade (one per game turn)."""
    crusade_passes: int = saved(SCALAR, _zero)
    """Crusaders who passed in a row."""
    crusades_won: int = saved(SCALAR, _zero)
    """Successful crusades so far (the first gives claims, later ones ties)."""
    # --- records ---
    tally: list[int] = saved(FLAT, lambda _game: [0] * len(TALLY), optional=True)
    """How often each event of ``TALLY`` happened this game."""
    partial: dict[tuple[int, int], Partial] = saved(PARTIAL, lambda _game: {})
    """(target, base) -> the holder's C results for partial conquests (10.3-10.38)."""
    conversion: dict[tuple[int, int], int] = saved(CONVERSION, lambda _game: {})
    """(player, area) -> C results toward converting an own area (22.2)."""
    claim_watch: list[ClaimWatch] = saved(_records(ClaimWatch), _empty)
    """Areas watched for a claim at the end of their holder's next turn (house default 18 method 1)."""
    waiting: TaxWait | None = saved(_optional(TaxWait), lambda _game: None, optional=True)
    """A tax or plunder awaiting tie waivers (12.42), None when none is."""
    agreements: list[Agreement] = saved(_records(Agreement), _empty, optional=True)
    """Binding agreements in force (20.3)."""
    crusade: Crusade | None = saved(_optional(Crusade), lambda _game: None, optional=True)
    """The crusade under way (23.32), None when there is none."""
    pending: list[Pending] = saved(PENDING, _empty)
    """Decisions waiting inside a turn, the last one asked first."""
    crusade_refused: list[int] = saved(INTS, _empty, optional=True)
    """Areas whose passage the Byzantine player refused in this crusade (23.32 step 4)."""
    crusade_seas: int = saved(Codec(None, _same, int), _zero, optional=True)
    """Sea areas the crusaders crossed from their launch area to the landing (23.32 step 3, 9.17)."""
    crusade_launch: int = saved(Codec(None, _same, int), lambda _game: -1, optional=True)
    """The launch area the crusade leader chose, the crusaders' base (23.32 step 3); -1 when none."""
    crusader_state: list[bool] = saved(FLAGS, _areas(False), optional=True)
    """Per area: an independent crusader state on its own social state marker (23.32 step 5)."""
    deferred: list[DeferredCheck] = saved(_records(DeferredCheck), _empty, optional=True)
    """Rebellion checks awaiting tie waivers (12.42)."""
    npc_queue: list[Attack] = saved(_records(Attack), _empty)
    """Raids and Magnate attacks still to resolve this round (24, see ``npc``)."""
    parley: Parley = saved(PARLEY, lambda _game: NO_PARLEY)
    """The parley being voted (20.4), ``NO_PARLEY`` when none is."""
    heirless_round: list[int] = saved(INTS, _players(-1), optional=True)
    """Per player: the round its leader last died heirless, -1 never (20.43: no contest just after)."""

    SLOTS: ClassVar[tuple[tuple[str, Slot], ...]]
    """Every saved field in declaration order (the order of the JSON keys)."""
    _COPIED: ClassVar[tuple[tuple[str, Callable[[Any], Any]], ...]]
    """The saved fields a clone copies (the others are immutable and shared)."""

    def __init__(self, game: GameData, seed: int) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.log = []
        self._conn: list[dict[int, int] | None] = [None] * game.n_players
        """Cached lines of communication per player (``territory.connection``; not saved)."""
        self.changed = False
        """Set when owners, courts or fleets changed since the last connection sweep (not saved)."""
        self.probed: tuple[Endeavour, Located] | None = None
        """The endeavour last located by a check, reused by the apply that follows (not saved)."""
        self.declared: tuple[Endeavour, Located] | None = None
        """The endeavour last declared, reused when its decision comes back (not saved)."""
        for name, slot in self.SLOTS:
            setattr(self, name, slot.start(game))

    # --- helpers used across the rule modules ---

    def invalidate(self) -> None:
        """Forget cached lines of communication (after any change of owner, court or fleet)."""
        self._conn = [None] * self.game.n_players
        self.changed = True

    def active(self) -> int:
        """Return the player whose turn it is (-1 outside player turns)."""
        if self.phase != "turn":
            return -1
        return self.order[self.turn]

    def force_year_cards(self, player: str, card_ids: list[int]) -> None:
        """Replace a player's unused year cards, in the order they will be turned up (tests, scripts)."""
        index = self.game.player_index[player]
        unknown = [c for c in card_ids if c not in self.game.rules.card_by_id]
        if unknown:
            raise ValueError(f"no year cards with ids {unknown}")
        self.hand[index] = list(card_ids)

    def owner_name(self, code: int) -> str | None:
        """Return the empire or Magnate id of an owner number (None for independent)."""
        if code < 0:
            return None
        if code < self.game.n_players:
            return self.game.player_ids[code]
        return self.mag_names[code - self.game.n_players]

    def count(self, event: str) -> None:
        """Count one event of ``TALLY`` (rebellion, conversion...) for the balance report."""
        self.tally[TALLY.index(event)] += 1

    def statistics(self) -> dict[str, int]:
        """Return how often each counted event happened this game (the balance report's events)."""
        return dict(zip(TALLY, self.tally, strict=True))

    def area_owners(self) -> dict[str, str | None]:
        """Return the empire or Magnate holding each area (None when independent)."""
        name = self.owner_name
        return {area: name(code) for area, code in zip(self.game.board.ids, self.owner, strict=True)}

    def current_player(self) -> str | None:
        """Return the player who must act now (a decision's player first), None when over."""
        if self.phase == "over":
            return None
        if self.pending:
            return self.game.player_ids[self.pending[-1].player]
        if self.phase == "initiative":
            return self.game.player_ids[self.ranking[self.pick]]
        if self.phase == "raiders":  # only ever reached with a pending decision
            raise RuntimeError("raider phase without a pending decision")
        return self.game.player_ids[self.order[self.turn]]

    def cursor(self) -> tuple[int, str]:
        """Return ``(round, phase)`` for log entries and displays."""
        return self.round, self.phase

    def is_over(self) -> bool:
        """Return whether the game has ended."""
        return self.phase == "over"

    def united(self) -> frozenset[str]:
        """Return the churches that count as one now: the union's (23.11), none in a schism."""
        return self.game.union_churches() if self.union else frozenset()

    def is_exiled(self, player: int) -> bool:
        """Return whether the player has no court (21.0)."""
        return self.court[player] < 0

    # --- copying and JSON, driven by the declarations ---

    def clone(self) -> Self:
        """Return an independent copy (the caches of located endeavours are not carried over)."""
        other = self.__class__.__new__(self.__class__)
        mine = self.__dict__
        theirs = other.__dict__
        theirs.update(mine)  # immutable fields and the game are shared
        for name, copy in self._COPIED:
            theirs[name] = copy(mine[name])
        other.rng = self.rng.clone()
        other.log = list(self.log)
        other._conn = list(self._conn)
        other.probed = other.declared = None
        return other

    def to_json(self) -> dict[str, Any]:
        """Return the position with its generator and log as plain JSON data."""
        data: dict[str, Any] = {"ruleset": self.game.ruleset, "players": list(self.game.player_ids)}
        for name, slot in self.SLOTS:
            data[name] = slot.codec.dump(getattr(self, name))
        data["rng"] = self.rng.to_json()
        data["log"] = [entry.to_json() for entry in self.log]
        return data

    @classmethod
    def from_json(cls, game: GameData, data: dict[str, Any]) -> Self:
        """Rebuild a position saved by :meth:`to_json` for the same game (also one saved before an
        optional field existed: it keeps its start value)."""
        if list(data.get("players", [])) != list(game.player_ids):
            raise ValueError(
                f"the saved state is for players {data.get('players')}, not {list(game.player_ids)}"
            )
        state = cls(game, 0)
        for name, slot in cls.SLOTS:
            if name in data:
                setattr(state, name, slot.codec.load(data[name]))
            elif not slot.optional:
                raise ValueError(f"the saved state lacks its {name!r} field; it was not saved by Mappa")
        state.rng = Rng.from_json(data["rng"])
        state.log = [LogEntry.from_json(x) for x in data["log"]]
        return state


Position.SLOTS = tuple((f.name, f.metadata["slot"]) for f in fields(Position) if "slot" in f.metadata)
Position._COPIED = tuple((name, slot.codec.copy) for name, slot in Position.SLOTS if slot.codec.copy)


__all__ = ["TALLY", "Codec", "Position", "Slot", "saved"]
