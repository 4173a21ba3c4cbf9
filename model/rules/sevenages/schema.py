"""The 7 Ages attributes of scenario objects: what the ``attributes`` dicts of the file hold.

The editor's inspector is generated from these models and the validator checks every
``attributes`` dict against them. Prices, unit stats and the other numbers are ruleset tables
(``resources/rulesets/sevenages``, see ``model.rules.sevenages.tables``). How the shared scenario
format carries a 7 Ages game: seats are the players of ``SetupAttributes.players``; the empires
of the setup are the scenario's empire cards (on the map when they have a player, else in the
deck); the one Magnate, ``neutral``, is the white neutral side of E&N.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from model.scenario import Id

AGES = 7
"""Ages of the game (7A facts 1); fixed by the game's name, the levels per age are a table."""
NEUTRAL = "neutral"
"""The id of the white neutral side: the only Magnate a 7 Ages scenario may have (E&N)."""
MIN_PLAYERS, MAX_PLAYERS = 2, 7
"""7A facts 1: two to seven players."""
CONVERT_NONE = "none"
CONVERT_ANY = "any"

# Marks that make the editor offer the setup's regions and players by name (a reference over a
# list in ``setup.attributes``); this ruleset's checks report an unknown id with their own codes.
REGION_REF: dict[str, JsonValue] = {"ref": "setup:regions", "checked_by": "ruleset"}
PLAYER_REF: dict[str, JsonValue] = {"ref": "setup:players", "checked_by": "ruleset"}


class _Attrs(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class Terrain(StrEnum):
    """The terrain of a land area; the defender adds its value (7A facts 2.7)."""

    FERTILE = "fertile"
    FOREST = "forest"
    MOUNTAIN = "mountain"
    DESERT = "desert"
    TUNDRA = "tundra"
    STEPPE = "steppe"
    JUNGLE = "jungle"


class GloryCategory(StrEnum):
    """What a glory category counts at harvest (7A facts 2.16)."""

    AREAS = "AREAS"
    CITIES = "CITIES"
    CITY_LEVELS = "CITY_LEVELS"
    MONEY = "MONEY"
    PROGRESS = "PROGRESS"
    UNITS = "UNITS"
    SEA_AREAS = "SEA_AREAS"


class Shade(StrEnum):
    """The counter set an empire on the map uses: light, dark (stronger) or black (elite) (7A facts 1)."""

    LIGHT = "light"
    DARK = "dark"
    BLACK = "black"


class AreaAttributes(_Attrs):
    """An area's regions, terrain and income value (7A facts 4, 2.7, 2.8)."""

    regions: list[Id] = Field(
        default_factory=list,
        description="Regions, subregions and glory zones the area belongs to (ids of the setup's regions).",
        json_schema_extra=REGION_REF,
    )
    terrain: Terrain = Field(
        default=Terrain.FERTILE, description="Terrain: the defender's bonus (7A facts 2.7)."
    )
    income: int | None = Field(
        default=None,
        ge=0,
        le=20,
        description="Base income value; unset: by kind from the economy table (land 1, sea 0).",
    )
    resource: bool = Field(
        default=False, description="Resource: +1 to the area's income value (7A facts 2.8)."
    )
    resource_type: str | None = Field(default=None, description="Kind of resource (kept for later rules).")


class AreaSetup(_Attrs):
    """An area's city, capital, fort and disorder at the start (7A facts 2.14, 2.15; E&N)."""

    # The highest level is the economy table's max_city_level (checked by the 7 Ages checks).
    city: int = Field(
        default=0,
        ge=0,
        description="City level, 1-7 (0: no city).",
        json_schema_extra={"marker": "C{}"},
    )
    capital: bool = Field(
        default=False,
        description="The city is its owner's capital (7A facts 2.14).",
        json_schema_extra={"marker": "★"},
    )
    fort: bool = Field(
        default=False, description="Fortified (+2 in defence).", json_schema_extra={"marker": "F"}
    )
    disorder: bool = Field(
        default=False, description="In disorder (7A facts 2.15).", json_schema_extra={"marker": "!"}
    )


class GloryEntry(_Attrs):
    """One glory category on an empire card and its points for first place (7A facts 2.16)."""

    category: GloryCategory = Field(description="What is counted.")
    points: int = Field(default=1, ge=1, le=7, description="Points for first place; one less per rank below.")
    region: Id | None = Field(
        default=None,
        description="Only areas of this region count (unset: everywhere).",
        json_schema_extra=REGION_REF,
    )
    with_seas: bool = Field(default=False, description="Areas: count sea areas bordering the region as well.")


class EmpireAttributes(_Attrs):
    """An empire card: its start, glory and icons, and its state when it starts on the map (7A facts 2.3)."""

    value: int = Field(default=0, ge=0, le=7, description="Card value, 0-7 (combat, trade, bids).")
    ages: list[int] = Field(
        default_factory=lambda: list(range(1, AGES + 1)),
        description="Ages in which the empire may start (1-7).",
    )
    start_areas: list[Id] = Field(
        default_factory=list,
        description="Start areas; the first is the capital site.",
        json_schema_extra={"ref": "area"},
    )
    start_money: int = Field(default=0, ge=0, le=99, description="Money to buy the starting units.")
    has_capital: bool = Field(default=True, description="Starts with a capital in its first start area.")
    homeland: bool = Field(default=False, description="Homeland icon: capital glory at harvest (E&N).")
    no_cities_ages: list[int] = Field(
        default_factory=list, description="Ages of the 'no cities' icon: a barbarian empire then (1-7)."
    )
    convert: str = Field(
        default=CONVERT_NONE,
        description="Converts units in its start areas: none, any, or one empire's id.",
    )
    glory: list[GloryEntry] = Field(default_factory=list, description="Glory categories scored at harvest.")
    event: str | None = Field(default=None, description="The card's event (an id of the events table).")
    player: Id | None = Field(
        default=None,
        description="Player holding the empire on the map at the start (unset: in the deck).",
        json_schema_extra=PLAYER_REF,
    )
    progress: int = Field(default=1, ge=1, le=99, description="Progress level on the map at the start.")
    treasury: int = Field(default=0, ge=0, description="Money saved at the start.")
    shade: Shade = Field(default=Shade.LIGHT, description="Counter set: light, dark or black.")


class MagnateAttributes(_Attrs):
    """The white neutral side has no attributes; the checks flag any Magnate other than ``neutral``."""


class UnitAttributes(_Attrs):
    """A counter's progress level (neutrals need it: modernise and economic aid match it exactly)."""

    level: int | None = Field(
        default=None,
        ge=1,
        le=99,
        description="Progress level of the counters (unset: the type's own level).",
    )


class Player(_Attrs):
    """A seat: a player, in seat order, with the glory scored before the start (7A facts 1)."""

    id: Id
    name: str = ""
    # Capital glory can take a player below zero (E&N: -1 when a capital is lost).
    glory: int = Field(default=0, ge=-99, le=999, description="Glory at the start.")


class Region(_Attrs):
    """A named map region, subregion or glory zone that areas belong to (7A facts 4)."""

    id: Id
    name: str = ""


class Options(_Attrs):
    """Switches of the E&N rules and of the conflict house defaults (7A facts 2.7, 3.3)."""

    fog_of_war: bool = Field(default=True, description="Neutral stacks show as a count until revealed.")
    retreat_when: Literal["opponent_disordered", "any_disorder"] = Field(
        default="opponent_disordered", description="When a side may retreat in conflict (7A facts 2.7)."
    )
    # The HOUSE DEFAULT lives in the neutrals table (``empire_event_max_areas``); the option only
    # overrides it for one scenario.
    neutral_event_areas: int | None = Field(
        default=None,
        ge=1,
        le=7,
        description="Areas an empire event played on neutrals may hit (unset: the neutrals table's).",
    )
    emissaries: bool = Field(default=True, description="The emissary action of E&N.")


class SetupAttributes(_Attrs):
    """The players, the map's regions and how the game starts and ends (7A facts 1, 4)."""

    players: list[Player] = Field(
        default_factory=list, description=f"Players in seat order ({MIN_PLAYERS}-{MAX_PLAYERS})."
    )
    regions: list[Region] = Field(default_factory=list, description="Regions, subregions and glory zones.")
    first_player: Id | None = Field(
        default=None,
        description="Player holding the turn marker (unset: the first).",
        json_schema_extra=PLAYER_REF,
    )
    turn_limit: int | None = Field(default=None, ge=1, le=200, description="Turns played (unset: no limit).")
    start_age: int | None = Field(
        default=None, ge=1, le=AGES, description="Age of the start (unset: the first empire's)."
    )
    # The progress table's ``progress_limit`` is the rule (7A facts 1); this field overrides it.
    progress_limit: int | None = Field(
        default=None,
        ge=1,
        le=99,
        description="The game ends past this progress level (unset: the progress table's).",
    )
