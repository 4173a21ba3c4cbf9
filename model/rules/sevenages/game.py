"""The fixed part of a 7 Ages game: map, empire cards, deck, tables, players, starting position.

``build_game(scenario)`` is the registry's engine entry; ``SevenAgesGame.new_state(seed)`` starts a
play (see ``model.rules.sevenages.state``). How the scenario maps onto the shared format is the
contract of issue 14 (players in ``setup.attributes.players``, empire cards in ``setup.empires``,
white neutrals owned by ``neutral``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from model.rules.protocol import Game
from model.rules.sevenages.actions import CODEC
from model.rules.sevenages.data import Card, Rules
from model.rules.sevenages.schema import MAX_PLAYERS, MIN_PLAYERS
from model.rules.sevenages.schema import NEUTRAL as NEUTRAL


class SetupError(ValueError):
    """A scenario that cannot be played with the 7 Ages rules (the message says why)."""


@dataclass(frozen=True, slots=True)
class GloryCategory:
    """One glory line of an empire card (7A facts 2.16)."""

    category: str
    points: int
    region: str | None = None
    with_seas: bool = False


@dataclass(frozen=True)
class EmpireCard:
    """An empire card (7A facts 2.3)."""

    id: str
    name: str
    value: int
    ages: tuple[int, ...]
    start_areas: tuple[str, ...]
    start_money: int = 0
    has_capital: bool = True
    homeland: bool = False
    no_cities_ages: tuple[int, ...] = ()
    convert: str = "none"
    glory: tuple[GloryCategory, ...] = ()
    event: str | None = None


@dataclass(frozen=True, slots=True)
class AreaInfo:
    """What never changes about an area: kind, terrain, base income, resource, regions."""

    id: str
    land: bool
    terrain: str = "fertile"
    income: int = 1
    resource: bool = False
    regions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StartArea:
    """An area's city, capital, fort and disorder at the start."""

    owner: str | None = None
    city: int = 0
    capital: bool = False
    fort: bool = False
    disorder: bool = False


@dataclass(frozen=True, slots=True)
class StartUnit:
    """Counters of one type in one area at the start."""

    area: str
    owner: str
    kind: str
    level: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class StartEmpire:
    """An empire on the map at the start: its player, progress, treasury and colour shade."""

    id: str
    player: str
    progress: int = 1
    treasury: int = 0
    shade: str = "light"


@dataclass(frozen=True)
class SevenAgesGame(Game):
    """Fixed data of one 7 Ages game."""

    ruleset: ClassVar[str] = "sevenages"
    codec = CODEC

    seats: tuple[str, ...]
    names: Mapping[str, str]
    areas: Mapping[str, AreaInfo]
    links: Mapping[str, frozenset[str]]
    rules: Rules
    empire_cards: Mapping[str, EmpireCard]
    cards: Mapping[str, Card]
    edge_bonus: Mapping[frozenset[str], int] = field(default_factory=dict)
    """Extra defence across a river or strait link (7A facts 2.7 terrain list)."""
    crossings: Mapping[frozenset[str], tuple[str, ...]] = field(default_factory=dict)
    """The two areas of each connection of the map (straits, sea lanes, river crossings) -> its
    ids, for the play-test coverage table (``crossings.connections_crossed``)."""
    start_areas: Mapping[str, StartArea] = field(default_factory=dict)
    start_units: tuple[StartUnit, ...] = ()
    start_empires: tuple[StartEmpire, ...] = ()
    start_glory: Mapping[str, int] = field(default_factory=dict)
    first_player: str | None = None
    turn_limit: int | None = None
    start_age: int | None = None
    fog_of_war: bool = True
    retreat_when: str = "opponent_disordered"
    emissaries: bool = True

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= len(self.seats) <= MAX_PLAYERS or len(set(self.seats)) != len(self.seats):
            raise SetupError(f"a 7 Ages game needs {MIN_PLAYERS} to {MAX_PLAYERS} players with distinct ids")
        for unit in self.start_units:
            if unit.area not in self.areas:
                raise SetupError(f"a unit stands in {unit.area!r}, which is not an area")
            if unit.kind not in self.rules.units:
                raise SetupError(f"unit type {unit.kind!r} is not in the unit table")
        for empire in self.start_empires:
            if empire.id not in self.empire_cards:
                raise SetupError(f"empire {empire.id!r} on the map has no empire card")
            if empire.player not in self.seats:
                raise SetupError(f"empire {empire.id!r} belongs to {empire.player!r}, who is not a player")

    def players(self) -> tuple[str, ...]:
        return self.seats

    def seat_names(self) -> dict[str, str]:
        """Return each player's name: the seats are players, not the empire cards they take over
        (7A facts 1; the contract of issue 14, ``setup.attributes.players``)."""
        return {seat: self.names.get(seat, seat) for seat in self.seats}

    def is_land(self, area: str) -> bool:
        """Return whether an area is land."""
        return self.areas[area].land

    def max_empires(self, order: tuple[str, ...] | list[str], player: str) -> int:
        """Return how many empires a player may have (7A facts 1, empires per player).

        Each player gets ``sets // players``; the leftover sets go one each to the first players
        of the turn order.
        """
        count = len(self.seats)
        base, extra = divmod(self.rules.sets, count)
        return base + (1 if list(order).index(player) < extra else 0)

    def new_state(self, seed: int) -> Any:
        from model.rules.sevenages.state import SevenAgesState

        return SevenAgesState.start(self, seed)

    def state_from_json(self, data: dict[str, Any]) -> Any:
        from model.rules.sevenages.state import SevenAgesState

        return SevenAgesState.from_json(self, data)


def build_game(scenario: Any) -> SevenAgesGame:
    """Return the Game for a Scenario (the registry's engine entry for ``sevenages``)."""
    from model.rules.sevenages.setup import game_from_scenario

    return game_from_scenario(scenario)
