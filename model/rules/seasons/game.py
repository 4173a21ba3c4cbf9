"""The fixed part of a Seasons game: map, tables, nations, alliances, starting position.

``build_game(scenario)`` is the registry's engine entry; ``SeasonsGame.new_state(seed)`` starts a
play (see ``model.rules.seasons.state``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from model.rules.protocol import Game
from model.rules.seasons import schema
from model.rules.seasons.actions import CODEC
from model.rules.seasons.mapgraph import adjacency
from model.rules.seasons.tables import Tables, load
from model.scenario import AreaKind, Scenario


class SetupError(ValueError):
    """A scenario that cannot be played with the Seasons rules (the message says why)."""


@dataclass(frozen=True)
class StartUnit:
    """A unit on the map at the start."""

    id: str
    kind: str
    nation: str
    area: str
    trained: bool = True


@dataclass(frozen=True)
class StartArea:
    """A land area at the start: resource number, holder and building."""

    resources: int
    owner: str | None = None
    building: schema.Building | None = None
    damage: int = 0


@dataclass(frozen=True)
class SeasonsGame(Game):
    """Fixed data of one Seasons game."""

    ruleset: ClassVar[str] = "seasons"
    codec = CODEC

    nations: tuple[str, ...]
    names: Mapping[str, str]
    land: frozenset[str]
    sea: frozenset[str]
    links: Mapping[str, frozenset[str]]
    tables: Tables
    starts: Mapping[str, StartArea]
    units: tuple[StartUnit, ...] = ()
    resources: Mapping[str, int] = field(default_factory=dict)
    supply: Mapping[str, int] = field(default_factory=dict)
    alliances: Mapping[str, str] = field(default_factory=dict)
    """Nation -> alliance id, for nations in an alliance."""
    turns: int = 8
    start_season: schema.Season = schema.Season.SPRING
    reserved_ids: frozenset[str] = frozenset()
    """Every id the scenario uses, so that units bought in play get fresh ones."""

    def __post_init__(self) -> None:
        if len(self.nations) < 1 or len(set(self.nations)) != len(self.nations):
            raise SetupError("a Seasons game needs at least one nation, with distinct ids")
        for area, start in self.starts.items():
            if area not in self.land:
                raise SetupError(f"the start names land area {area!r}, which the map does not have")
            if start.owner is not None and start.owner not in self.nations:
                raise SetupError(f"area {area!r} is held by {start.owner!r}, which is not a nation")
        for unit in self.units:
            if unit.nation not in self.nations:
                raise SetupError(f"unit {unit.id!r} belongs to {unit.nation!r}, which is not a nation")
            if unit.area not in self.land and unit.area not in self.sea:
                raise SetupError(f"unit {unit.id!r} stands in {unit.area!r}, which is not an area")

    def players(self) -> tuple[str, ...]:
        return self.nations

    def allied(self, first: str, second: str) -> bool:
        """Return whether two nations fight on one side (the same nation counts as allied)."""
        if first == second:
            return True
        alliance = self.alliances.get(first)
        return alliance is not None and alliance == self.alliances.get(second)

    def adjacent(self, first: str, second: str) -> bool:
        """Return whether two areas are neighbours."""
        return second in self.links.get(first, frozenset())

    def new_state(self, seed: int) -> Any:
        from model.rules.seasons.state import SeasonsState

        return SeasonsState.start(self, seed)

    def state_from_json(self, data: dict[str, Any]) -> Any:
        from model.rules.seasons.state import SeasonsState

        return SeasonsState.from_json(self, data)


def _alliances(setup: schema.SetupAttributes, nations: Sequence[str]) -> dict[str, str]:
    members: dict[str, str] = {}
    for alliance in setup.alliances:
        for nation in alliance.members:
            if nation in members:
                raise SetupError(f"nation {nation!r} is in two alliances ({members[nation]}, {alliance.id})")
            if nation in nations:
                members[nation] = alliance.id
    return members


def build_game(scenario: Scenario) -> SeasonsGame:
    """Return the Game for a Scenario (the registry's engine entry for ``seasons``)."""
    tables = load(scenario)
    options = schema.Options.model_validate(scenario.ruleset.options)
    setup = schema.SetupAttributes.model_validate(scenario.setup.attributes)
    nations = tuple(empire.id for empire in scenario.setup.empires)
    land = frozenset(area.id for area in scenario.map.areas if area.kind is AreaKind.LAND)
    sea = frozenset(area.id for area in scenario.map.areas if area.kind is AreaKind.SEA)
    starts: dict[str, StartArea] = {}
    for area in scenario.map.areas:
        if area.kind is not AreaKind.LAND:
            continue
        resources = schema.AreaAttributes.model_validate(area.attributes).resources
        area_setup = scenario.area_setup(area.id)
        building = schema.AreaSetup.model_validate(area_setup.attributes)
        starts[area.id] = StartArea(resources, area_setup.owner, building.building, building.building_damage)
    units = tuple(
        StartUnit(
            unit.id,
            unit.kind,
            unit.owner,
            unit.area,
            schema.UnitAttributes.model_validate(unit.attributes).trained,
        )
        for unit in scenario.setup.units
    )
    money = {e.id: schema.NationAttributes.model_validate(e.attributes) for e in scenario.setup.empires}
    reserved = {area.id for area in scenario.map.areas} | set(nations) | {unit.id for unit in units}
    reserved |= {boundary.id for boundary in scenario.map.boundaries}
    return SeasonsGame(
        nations=nations,
        names={
            **{area.id: area.name for area in scenario.map.areas},
            **{e.id: e.name for e in scenario.setup.empires},
        },
        land=land,
        sea=sea,
        links=adjacency(scenario),
        tables=tables,
        starts=starts,
        units=units,
        resources={nation: attrs.resources for nation, attrs in money.items()},
        supply={nation: attrs.supply for nation, attrs in money.items()},
        alliances=_alliances(setup, nations),
        turns=options.turns,
        start_season=options.start_season,
        reserved_ids=frozenset(reserved),
    )
