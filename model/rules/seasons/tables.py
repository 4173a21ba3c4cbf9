"""The Seasons ruleset tables, parsed into typed values.

Defaults ship in ``resources/rulesets/seasons/*.json``; a scenario may replace any of them in
``ruleset.tables``. Values marked HOUSE DEFAULT fill gaps in the rules text:

* ``economy.raise_negative_cost``: the text prices a raise at twice the current number, so a
  0 area is raised for nothing; for a -1 area that would be a negative price, so it costs this.
* ``economy.ocean_token_limit``: oceans have no resource number, so their token limit is the
  number of units there.
* ``battle.tie``: the text does not say who wins a tie; ``reroll`` rolls again (up to
  ``max_rerolls`` times, then the defender holds), ``defender`` lets the defender hold at once.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from model.rules import tables as ruleset_tables
from model.rules.seasons.schema import Building, Season
from model.scenario import Scenario


class _Table(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class UnitStats(_Table):
    """Cost, upkeep and base might of a unit kind, plus the numbers of its special ability."""

    cost: int = Field(ge=0)
    upkeep: int = Field(ge=0)
    might: int = Field(ge=0)
    max_might: int | None = None
    capacity: int = 0
    aid: int | None = None
    aid_loaded: int | None = None
    aid_loaded_infantry: int = 0
    might_vs_tower: int | None = None
    might_vs_castle: int | None = None
    casualty_factor: int = 1


class UnitTable(_Table):
    """Seasons: Resources / Buy Military Units and Seasons: Units."""

    infantry: UnitStats
    cavalry: UnitStats
    war_boat: UnitStats
    siege: UnitStats

    def stats(self, kind: str) -> UnitStats:
        """Return the stats of a unit kind, or raise ``KeyError`` naming it."""
        if kind not in UnitTable.model_fields:
            raise KeyError(f"no unit kind {kind!r} in the Seasons units table")
        value: UnitStats = getattr(self, kind)
        return value


class BuildingStats(_Table):
    """Cost, upkeep, might in defence and might given to adjacent areas of a building."""

    cost: int = Field(ge=0)
    upkeep: int = Field(ge=0)
    might: int = Field(ge=0)
    adjacent_might: int = Field(ge=0)


class BuildingTable(_Table):
    """Seasons: Buildings (a castle's cost is paid on top of the tower it replaces)."""

    tower: BuildingStats
    castle: BuildingStats
    ruin: BuildingStats
    tower_on_ruin_factor: float = Field(gt=0, le=1)

    def stats(self, building: Building) -> BuildingStats:
        """Return the stats of a building."""
        value: BuildingStats = getattr(self, building.value)
        return value


class EconomyTable(_Table):
    """Seasons: Resources (area resource range, raise costs, capture bonus)."""

    max_resources: int
    min_resources: int
    raise_cost_factor: int = Field(ge=0)
    raise_negative_cost: int = Field(ge=0)
    capture_bonus: int = Field(ge=0)
    ocean_token_limit: Literal["units"] = "units"
    house_defaults: tuple[str, ...] = ()
    """The keys whose values are house defaults (filling gaps in the rules text)."""


class BattleTable(_Table):
    """Seasons: Battles (the dice in order of size, aid per unit, building casualty share, ties)."""

    dice: tuple[int, ...] = Field(min_length=1)
    aid_per_unit: int = Field(ge=0)
    building_casualty_share: float = Field(gt=0, le=1)
    tie: Literal["reroll", "defender"] = "reroll"
    max_rerolls: int = Field(default=20, ge=0)


class SeasonEffects(_Table):
    """What one season changes (Seasons: Turns)."""

    recovery: bool = False
    upkeep: bool = False
    production: int = 0
    move_tokens: int = Field(default=1, ge=1)
    aid_tokens: int = Field(default=1, ge=1)
    pillage_tokens: int = Field(default=1, ge=1)
    no_raise: bool = False
    no_build: bool = False


class SeasonTable(_Table):
    """The order of the seasons and their effects."""

    order: tuple[Season, ...] = Field(min_length=1)
    effects: dict[Season, SeasonEffects]

    def effect(self, season: Season) -> SeasonEffects:
        """Return the effects of a season (none when the table lists none)."""
        return self.effects.get(season, SeasonEffects())

    def after(self, season: Season) -> Season:
        """Return the season that follows ``season``."""
        index = self.order.index(season)
        return self.order[(index + 1) % len(self.order)]


class VictoryTable(_Table):
    """Seasons: Winning (allies within this many areas of the leader win with it)."""

    alliance_margin: int = Field(ge=0)


class BotTable(_Table):
    """Weights of the heuristic AI level (``model.rules.seasons.bot``): not rules, how it plays."""

    note: str = ""
    max_purchases: int = Field(ge=0)
    """Purchases it makes in one turn."""
    cavalry_share: float = Field(ge=0, le=1)
    """The chance that a purchase it can afford is cavalry rather than infantry."""
    pillage_before_end: int = Field(ge=0)
    """It pillages (Tokens / Pillage) with idle units in the turn this many before the last: the
    doubled collection arrives for the last turn's purchases, while the halved area would only
    yield less after the game. 0: never."""
    tower_reserve: int = Field(ge=0)
    """Resources it keeps after paying for a tower beyond its first stronghold."""
    frontier_towers: int = Field(ge=0)
    """The most strongholds it builds towards by adding towers on its frontier (Buildings / Tower)."""
    defensive_aid: bool
    """Whether idle units aid held neighbours that foreign units stand next to (Tokens / Aid)."""
    worth_per_resource: float = Field(default=0.0, ge=0)
    """For the search (``model.rules.seasons.evaluation``): areas a resource point of units,
    buildings or treasury is worth when the whole game is still to play (0: areas alone)."""


class Tables(_Table):
    """Every Seasons table, as one scenario sees them."""

    units: UnitTable
    buildings: BuildingTable
    economy: EconomyTable
    battle: BattleTable
    seasons: SeasonTable
    victory: VictoryTable
    bot: BotTable


class SeasonsTableError(ValueError):
    """A Seasons table (shipped or overridden by the scenario) that does not have the expected shape."""

    def __init__(self, message: str, table: str = "") -> None:
        super().__init__(message)
        self.table = table
        """The id of the table at fault (its override is ``ruleset.tables.<table>``)."""


def from_raw(raw: dict[str, Any]) -> Tables:
    """Parse the raw tables (table id -> JSON value) into ``Tables``, naming the bad table on error."""
    parsed: dict[str, Any] = {}
    for name, field in Tables.model_fields.items():
        if name not in raw:
            raise SeasonsTableError(f"the Seasons table {name!r} is missing", name)
        model = field.annotation
        assert isinstance(model, type) and issubclass(model, BaseModel)
        try:
            parsed[name] = model.model_validate(raw[name])
        except ValidationError as error:
            raise SeasonsTableError(f"the Seasons table {name!r} is malformed: {error}", name) from error
    return Tables(**parsed)


def default_tables() -> Tables:
    """Return the shipped default tables."""
    return from_raw(ruleset_tables.default_tables("seasons"))


def load(scenario: Scenario) -> Tables:
    """Return the tables as ``scenario`` sees them (its overrides over the shipped defaults)."""
    raw = {name: ruleset_tables.table(scenario, name) for name in Tables.model_fields}
    return from_raw(raw)
