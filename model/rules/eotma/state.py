"""The EotMA State: only what changes, in flat lists indexed by area or player, cheap to clone.

Owners are small integers: -1 independent, 0..P-1 the players in seat order, P.. the Magnates.
Ties and claims are bit masks of players. The rules themselves live in the sibling modules
(sequence, endeavours, taxation, rebellion, territory, leaders, events, victory); this module
holds the data, its JSON form, and the protocol's entry points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from model.rules.eotma import invariants, moves, sequence, victory, view
from model.rules.eotma.decisions import CATHEDRAL, COMMERCE, PALACE, UNIVERSITY, Pending
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
from model.rules.protocol import Action, LogEntry, State
from model.rules.rng import Rng

if TYPE_CHECKING:
    from model.rules.eotma.actions import Endeavour
    from model.rules.eotma.endeavours.common import Located
    from model.rules.eotma.game import EotmaGame

_AREA_LISTS = ("owner", "ss", "unrest", "fort", "ties", "claims", "religion", "civ", "army", "fleet")
_PLAYER_LISTS = (
    "treasury",
    "court",
    "asylum",
    "excommunicated",
    "vp_conversions",
    "defenses",
    "order",
    "slots",
    "leader_bonus",
)
_NESTED = ("stat", "hand", "holding", "kept")
_SCALARS = (
    "round",
    "phase",
    "turn",
    "pick",
    "endeavours_done",
    "tax_stage",
    "union",
    "seq_started",
    "step",
    "moves_left",
    "schism_condition",
    "crusade_turn",
    "crusade_passes",
    "crusades_won",
)
TALLY = ("rebellions", "conversions", "leader_deaths", "excommunications")
"""Events counted over a game for the balance report (``EotmaState.statistics``)."""

_PLAIN_LISTS = (
    "undealt",
    "event_deck",
    "event_discard",
    "ranking",
    "taxed",
    "mag_stat",
    "mag_court",
    "parley_round",
    "mag_names",
    "crusade_route",
    "crusade_targets",
)


class EotmaState(State):
    """A position in an EotMA game (see the module docstring for the encoding)."""

    game: EotmaGame
    # area lists
    owner: list[int]
    ss: list[int]
    unrest: list[bool]
    fort: list[int]
    ties: list[int]
    claims: list[int]
    religion: list[str | None]
    civ: list[int]
    army: list[int]
    fleet: list[int]
    partial: dict[tuple[int, int], Partial]
    """(target, base) -> the holder's C results for partial conquests (10.3-10.38)."""
    conversion: dict[tuple[int, int], int]
    """(player, area) -> C results toward converting an own area (22.2)."""
    # player lists
    treasury: list[int]
    stat: list[list[int]]
    court: list[int]
    asylum: list[int]
    excommunicated: list[bool]
    vp_conversions: list[int]
    defenses: list[int]
    leader_bonus: list[str]
    """A leader event card in play for the player's next endeavour (36.11), or ""."""
    hand: list[list[int]]
    holding: list[list[str]]
    kept: list[list[str]]
    claim_watch: list[ClaimWatch]
    """Areas watched for a claim at the end of their holder's next turn (house default 18 method 1)."""
    # decks
    undealt: list[int]
    event_deck: list[str]
    event_discard: list[str]
    # sequence of play
    round: int
    phase: str
    order: list[int]
    ranking: list[int]
    slots: list[int]
    pick: int
    turn: int
    endeavours_done: int
    tax_stage: int
    taxed: list[int]
    pending: list[Pending]
    union: bool
    seq_started: int
    mag_stat: list[int]
    mag_court: list[int]
    crusade: Crusade | None
    """The crusade under way (23.32), None when there is none."""
    crusade_route: list[int]
    """Route areas still to pass on the crusaders' march (23.32 step 4)."""
    crusade_targets: list[int]
    """Areas on the route the crusaders must conquer before the holy places."""
    crusade_seas: int
    """Sea areas the crusaders crossed from their launch area to the landing (23.32 step 3, 9.17)."""
    crusade_turn: int
    """The game turn of the last crusade (one per game turn)."""
    crusade_passes: int
    """Crusaders who passed in a row."""
    crusades_won: int
    """Successful crusades so far (the first gives claims, later ones ties)."""
    crusade_refused: list[int]
    """Areas whose passage the Byzantine player refused in this crusade (23.32 step 4)."""
    crusader_state: list[bool]
    """Per area: an independent crusader state on its own social state marker (23.32 step 5)."""
    deferred: list[DeferredCheck]
    """Rebellion checks awaiting tie waivers (12.42)."""
    heirless_round: list[int]
    """Per player: the round its leader last died heirless, -1 never (20.43: no contest just after)."""
    agreements: list[Agreement]
    """Binding agreements in force (20.3)."""
    waiting: TaxWait | None
    """A tax or plunder awaiting tie waivers (12.42), None when none is."""
    npc_queue: list[Attack]
    """Raids and Magnate attacks still to resolve this round (24, see ``npc``)."""
    mag_names: list[str]
    """Magnate names by index (owner code minus the number of players)."""
    schism_condition: int
    """The Byzantine influence condition at the last schism check (23.12), 0 before any."""
    step: str
    """Within a player turn: ``move`` (army movement, 33.4) then ``main``."""
    moves_left: int
    """Army movement points left this turn (33.4)."""
    parley: Parley
    """The parley being voted (20.4), ``NO_PARLEY`` when none is."""
    parley_round: list[int]
    """The round in which each player last called a once-per-round parley (20.42, 20.45)."""

    def __init__(self, game: EotmaGame, seed: int) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.log = []
        self._conn: list[dict[int, int] | None] = [None] * game.n_players
        self.changed = False
        """Set when owners, courts or fleets changed since the last connection sweep (not saved)."""
        self.tally = [0] * len(TALLY)
        """How often each event of ``TALLY`` happened this game."""
        self.probed: tuple[Endeavour, Located] | None = None
        """The endeavour last located by a check, reused by the apply that follows (not saved)."""
        self.declared: tuple[Endeavour, Located] | None = None
        """The endeavour last declared, reused when its decision comes back (not saved)."""
        board = game.board
        n, p = board.n, game.n_players
        self.owner = [-1] * n
        self.ss = [0] * n
        self.unrest = [False] * n
        self.fort = [0] * n
        self.ties = [0] * n
        self.claims = [0] * n
        self.religion = list(board.religion)
        self.civ = [0] * n
        self.army = [0] * n
        self.fleet = [0] * n
        self.partial = {}
        self.conversion = {}
        self.treasury = [seat.treasury for seat in game.seats]
        self.stat = [[seat.combat, seat.administrative, seat.diplomatic] for seat in game.seats]
        self.court = [-1] * p
        self.asylum = [-1] * p
        self.excommunicated = [False] * p
        self.vp_conversions = [0] * p
        self.defenses = [0] * p
        self.leader_bonus = [""] * p
        self.hand = [[] for _ in range(p)]
        self.holding = [[] for _ in range(p)]
        self.kept = [[] for _ in range(p)]
        self.claim_watch = []
        self.undealt = []
        self.event_deck = []
        self.event_discard = []
        self.round = 0
        self.phase = "setup"
        self.order = []
        self.ranking = []
        self.slots = []
        self.pick = 0
        self.turn = 0
        self.endeavours_done = 0
        self.tax_stage = 0
        self.taxed = []
        self.pending = []
        self.union = game.union_at_start
        self.seq_started = 0
        self.step = "main"
        self.moves_left = 0
        self.schism_condition = 0
        self.npc_queue: list[Attack] = []
        self.waiting = None
        self.agreements = []
        self.crusade = None
        self.crusade_route: list[int] = []
        self.crusade_targets: list[int] = []
        self.crusade_turn = -1
        self.crusade_seas = 0
        self.crusade_passes = 0
        self.crusades_won = 0
        self.crusade_refused: list[int] = []
        self.crusader_state = [False] * n
        self.deferred = []
        self.heirless_round = [-1] * p
        self.mag_names = [m.id for m in game.magnates]
        self.parley = NO_PARLEY
        self.parley_round = [-1] * p
        self.mag_stat = [m.combat for m in game.magnates]
        self.mag_court = [board.index.get(m.court or "", -1) for m in game.magnates]
        for k, magnate in enumerate(game.magnates):
            if self.mag_court[k] < 0:  # no court given: its most populous starting area (house default)
                held = [board.index[a] for a, start in game.starts.items() if start.owner == magnate.id]
                if held:
                    self.mag_court[k] = max(held, key=lambda a: (board.population[a], -a))

    @classmethod
    def start(cls, game: EotmaGame, seed: int) -> EotmaState:
        """Return the opening state: starting position placed, first round dealt (logged as entry 0)."""
        state = cls(game, seed)
        sequence.setup(state)  # both write into the rng trace, so rolls and effects interleave
        sequence.advance(state)
        state.log.append(LogEntry(0, state.round, "setup", None, "start", tuple(state.rng.drain())))
        return state

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

    def invariant_violations(self) -> list[str]:
        """Return what is wrong with this position (empty when every invariant holds)."""
        return invariants.violations(self)

    def is_exiled(self, player: int) -> bool:
        """Return whether the player has no court (21.0)."""
        return self.court[player] < 0

    # --- protocol ---

    def current_player(self) -> str | None:
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
        return self.round, self.phase

    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list[Action]:
        return moves.legal_actions(self)

    def scores(self) -> dict[str, float]:
        return victory.scores(self)

    def winners(self) -> list[str]:
        """Return the empires with the most points, ties broken by stature (``victory.winners``)."""
        return victory.winners(self)

    def _check(self, action: Action) -> None:
        moves.check(self, action)

    def _apply(self, action: Action) -> list[str]:
        return moves.apply(self, action)

    def view(self) -> dict[str, Any]:
        """Return what the map and the panels should show, as plain data (see ``view.view``)."""
        return view.view(self)

    def preview(self, action: Action) -> str:
        """An endeavour's rating and price if chosen now (see ``view.preview``)."""
        return view.preview(self, action)

    # --- copying and JSON ---

    def clone(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        other.game = self.game
        other.rng = self.rng.clone()
        other.log = list(self.log)
        other._conn = list(self._conn)
        other.changed = self.changed
        other.probed = other.declared = None
        for name in _AREA_LISTS + _PLAYER_LISTS + _PLAIN_LISTS:
            setattr(other, name, list(getattr(self, name)))
        for name in _NESTED:
            setattr(other, name, [list(x) for x in getattr(self, name)])
        for name in _SCALARS:
            setattr(other, name, getattr(self, name))
        other.tally = list(self.tally)
        other.partial = dict(self.partial)
        other.conversion = dict(self.conversion)
        other.claim_watch = list(self.claim_watch)
        other.waiting = self.waiting
        other.agreements = list(self.agreements)
        other.crusade = self.crusade
        other.pending = list(self.pending)
        other.crusade_refused = list(self.crusade_refused)
        other.crusade_seas = self.crusade_seas
        other.crusader_state = list(self.crusader_state)
        other.deferred = list(self.deferred)
        other.npc_queue = list(self.npc_queue)
        other.parley = self.parley
        other.heirless_round = list(self.heirless_round)
        return other

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ruleset": "eotma", "players": list(self.game.player_ids)}
        for name in _AREA_LISTS + _PLAYER_LISTS + _PLAIN_LISTS:
            data[name] = list(getattr(self, name))
        for name in _NESTED:
            data[name] = [list(x) for x in getattr(self, name)]
        for name in _SCALARS:
            data[name] = getattr(self, name)
        data["tally"] = list(self.tally)
        data["partial"] = sorted([t, b, p, c] for (t, b), (p, c) in self.partial.items())
        data["conversion"] = sorted([p, a, c] for (p, a), c in self.conversion.items())
        data["claim_watch"] = [list(x) for x in self.claim_watch]
        data["waiting"] = self.waiting.to_list() if self.waiting is not None else []
        data["agreements"] = [list(x) for x in self.agreements]
        data["crusade"] = self.crusade.to_list() if self.crusade is not None else []
        data["pending"] = [p.to_json() for p in self.pending]
        data["crusade_refused"] = list(self.crusade_refused)
        data["crusade_seas"] = self.crusade_seas
        data["crusader_state"] = list(self.crusader_state)
        data["deferred"] = [list(x) for x in self.deferred]
        data["npc_queue"] = [list(x) for x in self.npc_queue]
        data["parley"] = list(self.parley) if self.parley != NO_PARLEY else []
        data["heirless_round"] = list(self.heirless_round)
        data["rng"] = self.rng.to_json()
        data["log"] = [entry.to_json() for entry in self.log]
        return data

    @classmethod
    def from_json(cls, game: EotmaGame, data: dict[str, Any]) -> EotmaState:
        """Rebuild a state saved by :meth:`to_json` for the same game."""
        if list(data.get("players", [])) != list(game.player_ids):
            raise ValueError(
                f"the saved state is for players {data.get('players')}, not {list(game.player_ids)}"
            )
        state = cls(game, 0)
        for name in _AREA_LISTS + _PLAYER_LISTS + _PLAIN_LISTS:
            setattr(state, name, list(data[name]))
        for name in _NESTED:
            setattr(state, name, [list(x) for x in data[name]])
        for name in _SCALARS:
            setattr(state, name, data[name])
        state.tally = list(data.get("tally", state.tally))
        state.partial = {(int(t), int(b)): Partial(int(p), int(c)) for t, b, p, c in data["partial"]}
        state.conversion = {(p, a): c for p, a, c in data["conversion"]}
        state.claim_watch = [ClaimWatch.from_list(x) for x in data["claim_watch"]]
        state.waiting = TaxWait.from_list(data["waiting"]) if data.get("waiting") else None
        state.agreements = [Agreement.from_list(x) for x in data.get("agreements", [])]
        state.crusade = Crusade.from_list(data["crusade"]) if data.get("crusade") else None
        state.pending = [Pending.from_json(x) for x in data["pending"]]
        state.crusade_refused = [int(x) for x in data.get("crusade_refused", [])]
        state.crusade_seas = int(data.get("crusade_seas", 0))
        state.crusader_state = [bool(x) for x in data.get("crusader_state", state.crusader_state)]
        state.deferred = [DeferredCheck.from_list(x) for x in data.get("deferred", [])]
        state.npc_queue = [Attack.from_list(x) for x in data["npc_queue"]]
        state.parley = Parley.from_list(data["parley"]) if data["parley"] else NO_PARLEY
        state.heirless_round = [int(x) for x in data.get("heirless_round", state.heirless_round)]
        state.rng = Rng.from_json(data["rng"])
        state.log = [LogEntry.from_json(x) for x in data["log"]]
        return state


__all__ = ["CATHEDRAL", "COMMERCE", "PALACE", "UNIVERSITY", "EotmaState", "Pending"]
