"""The fixed part of an EotMA game (board, seats, starting position, tables, options) as data.

The rule modules read a game through :class:`GameData`; ``game.EotmaGame`` adds the protocol's
``new_state`` on top, so the rules never import the state or the game that plays them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import BaseModel

from model.rules.eotma.actions import CODEC
from model.rules.eotma.board import Board
from model.rules.eotma.data import Rules, default_rules
from model.rules.eotma.schema import EmpireAttributes, Leader, MagnateAttributes
from model.rules.protocol import Game


def _default(model: type[BaseModel], name: str) -> int:
    """Return the default of an integer attribute in the scenario schema (so the engine and the
    inspector agree on what an unset attribute means)."""
    return int(model.model_fields[name].default)


LEADER_STATURE = (
    _default(Leader, "combat"),
    _default(Leader, "administrative"),
    _default(Leader, "diplomatic"),
)
"""An unset leader's C-A-D statures (facts sheet 2), from the schema's ``Leader``."""
TREASURY = _default(EmpireAttributes, "treasury")
"""An unset starting treasury (16.0: 12 in every scenario), from the schema's ``EmpireAttributes``."""
MAGNATE_COMBAT = _default(MagnateAttributes, "combat")
"""An unset Magnate combat stature (24, facts sheet 7.3), from the schema's ``MagnateAttributes``."""
YEARS_PER_ROUND = 5
"""Facts sheet 1.2: a round is five years."""
ROUNDS_PER_GAME_TURN = 5
"""Facts sheet 1.2: a game turn is five rounds, 25 years (the rules texts we hold use game turns,
23.1 and 23.31, but never say how long one is). The schism check at each game turn's start (23.1)
and the one crusade per game turn (facts sheet 10) count game turns from the scenario's first
round (facts sheet 1.2, house default for time)."""
START_YEAR = 976
"""The start year of a scenario whose metadata gives none (the 976 scenario's)."""
ROUNDS = 20
"""The rounds of a scenario whose metadata gives none (the 976 scenario's)."""


class SetupError(ValueError):
    """A starting position the engine cannot play (unknown area, court not owned...)."""


@dataclass(frozen=True)
class PlayerSetup:
    """A seat: leader statures C-A-D, court, gold (16.0) and handicap (facts sheet 6.2).

    The leader's language and religion are the original court's unless given (2.0).
    """

    id: str
    combat: int = LEADER_STATURE[0]
    administrative: int = LEADER_STATURE[1]
    diplomatic: int = LEADER_STATURE[2]
    court: str | None = None
    treasury: int = TREASURY
    handicap: int = _default(EmpireAttributes, "handicap")
    name: str = ""
    language: str | None = None
    religion: str | None = None
    protected_rounds: int = _default(EmpireAttributes, "protected_rounds")
    """27.7: for this many rounds from the start the leader makes no stature checks and ignores
    Leader Dies Heirless (a scenario rule: Charlemagne's first seven rounds)."""


@dataclass(frozen=True)
class MagnateSetup:
    """A Magnate present at the start (24): its combat stature and court area."""

    id: str
    combat: int = MAGNATE_COMBAT
    court: str | None = None


@dataclass(frozen=True)
class AreaStart:
    """An area's starting state; ``owner`` is an empire or Magnate id, None when independent."""

    owner: str | None = None
    social_state: int = 0
    unrest: bool = False
    fortification: int = 0
    ties: tuple[str, ...] = ()
    claims: tuple[str, ...] = ()
    partial_conquest: Mapping[str, int] = field(default_factory=dict)
    cathedral: bool = False


@dataclass(frozen=True)
class UnitStart:
    """A starting army or fleet (33, 34)."""

    kind: str
    owner: str
    area: str
    strength: int = 1


@dataclass(frozen=True)
class Options:
    """Optional rules (23, 24, 33-36) and engine switches; the field names match the schema's."""

    schism: bool = False
    crusades: bool = False
    magnates: bool = False
    raiders: bool = False
    armies_fleets: bool = False
    civilisation_markers: bool = False
    provisional_cards: bool = False
    two_event_cards: bool = False
    events: bool = True
    """Draw event cards at all (off gives bare rules tests)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Options:
        """Return options from a scenario's ``ruleset.options`` (unknown keys are ignored)."""
        known = set(cls.__dataclass_fields__)
        return cls(**{k: bool(v) for k, v in data.items() if k in known})


class GameData(Game):
    """Fixed data of one EotMA game (``game.EotmaGame`` adds ``new_state``)."""

    ruleset: ClassVar[str] = "eotma"
    codec = CODEC

    def __init__(
        self,
        board: Board,
        players: Sequence[PlayerSetup],
        areas: Mapping[str, AreaStart] | None = None,
        *,
        rules: Rules | None = None,
        options: Options | None = None,
        start_year: int = START_YEAR,
        rounds: int = ROUNDS,
        magnates: Sequence[MagnateSetup] = (),
        units: Sequence[UnitStart] = (),
        union: bool | None = None,
    ) -> None:
        self.board = board
        self.seats: tuple[PlayerSetup, ...] = tuple(players)
        self.player_ids: tuple[str, ...] = tuple(p.id for p in self.seats)
        self.player_index: dict[str, int] = {pid: i for i, pid in enumerate(self.player_ids)}
        if len(self.player_index) != len(self.seats) or not self.seats:
            raise SetupError("a game needs at least one seat, with distinct ids")
        self.n_players = len(self.seats)
        self.magnates: tuple[MagnateSetup, ...] = tuple(magnates)
        self.magnate_index: dict[str, int] = {m.id: self.n_players + i for i, m in enumerate(self.magnates)}
        self.rules = rules or default_rules()
        self._united: tuple[Rules, frozenset[str]] | None = None
        self.options = options or Options()
        self.start_year = start_year
        self.rounds = rounds
        self.starts: dict[str, AreaStart] = dict(areas or {})
        self.units: tuple[UnitStart, ...] = tuple(units)
        self.union_at_start = self._union_at_start(union)
        self.crossings: dict[frozenset[str], tuple[str, ...]] = {}
        """The map's named connections by the pair of areas they join (straits: land borders
        across water, 2.1), for the play-test's connections crossed; set by ``build_game``."""
        for area_id, start in self.starts.items():
            if area_id not in board.index:
                raise SetupError(f"the starting position names area {area_id!r}, which is not a land area")
            if start.owner is not None and self.owner_code(start.owner) is None:
                raise SetupError(
                    f"area {area_id!r} is owned by {start.owner!r}, which is no empire or Magnate"
                )
        # The leader's language and religion are fixed by the original court (2.0).
        lang: list[str | None] = []
        rel: list[str | None] = []
        for seat in self.seats:
            if seat.court is not None and seat.court not in board.index:
                raise SetupError(f"empire {seat.id!r} has court {seat.court!r}, which is not a land area")
            court = board.index[seat.court] if seat.court else None
            lang.append(seat.language or (board.language[court] if court is not None else None))
            rel.append(seat.religion or (board.religion[court] if court is not None else None))
        self.leader_language: tuple[str | None, ...] = tuple(lang)
        self.leader_religion: tuple[str | None, ...] = tuple(rel)

    def union_churches(self) -> frozenset[str]:
        """Return the religion ids of the churches a union makes one (23.11: the Roman Catholic
        and Eastern Orthodox churches only), matched by id or name from the schism table."""
        cached = self._united
        if cached is not None and cached[0] is self.rules:
            return cached[1]
        listed = self.rules.union_churches
        names = self.board.catalog.religion_names
        known = {r for r in (*self.board.religion, *self.leader_religion, *names) if r}
        united = frozenset(
            r for r in known if r in listed or names.get(r, "").lower().replace(" ", "_") in listed
        )
        self._united = (self.rules, united)
        return united

    def _union_at_start(self, union: bool | None) -> bool:
        """Return whether the churches start united (23.0, 23.1; facts sheet 8.2 house default).

        Without the optional Schism rule the split between the Roman Catholic and Eastern
        Orthodox churches is permanent (23.0). With it, an explicit starting status is used, else
        the schism table's ``union_before_year`` decides from the start year.
        """
        if union is not None:
            return union
        return self.options.schism and self.start_year < self.rules.union_before_year

    def owner_code(self, owner_id: str | None) -> int | None:
        """Return the engine's owner number for an empire or Magnate id (-1 for None)."""
        if owner_id is None:
            return -1
        if owner_id in self.player_index:
            return self.player_index[owner_id]
        return self.magnate_index.get(owner_id)

    def owner_id(self, code: int) -> str | None:
        """Return the empire or Magnate id of an owner number (None for independent)."""
        if code < 0:
            return None
        if code < self.n_players:
            return self.player_ids[code]
        return self.magnates[code - self.n_players].id

    def year(self, round_index: int) -> int:
        """Return the first year of a round (a round is five years, facts sheet 1.2)."""
        return self.start_year + YEARS_PER_ROUND * round_index

    def last_year(self) -> int:
        """Return the last year of the game's last round (facts sheet 1.2)."""
        return self.year(self.rounds) - 1

    @staticmethod
    def game_turn(round_index: int) -> int:
        """Return the game turn of a round: five rounds each (facts sheet 1.2), counted from the
        scenario's first round."""
        return round_index // ROUNDS_PER_GAME_TURN

    def players(self) -> tuple[str, ...]:
        return self.player_ids
