"""The Seasons attributes of scenario objects: what the ``attributes`` dicts of the file hold.

The editor's inspector is generated from these models and the validator checks every
``attributes`` dict against them. Costs, upkeep and might values are not here: they are ruleset
tables (``resources/rulesets/seasons``), see ``model.rules.seasons.tables``.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from model.scenario import Id


class _Attrs(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class Season(StrEnum):
    """The four seasons a turn can be (Seasons: Turns)."""

    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"


class Building(StrEnum):
    """The buildings an area can hold (Seasons: Buildings)."""

    TOWER = "tower"
    CASTLE = "castle"
    RUIN = "ruin"


class AreaAttributes(_Attrs):
    """A land area's resource collection number (Seasons: Tokens, Resources); ignored on ocean areas."""

    resources: int = Field(
        default=1,
        ge=-1,
        le=4,
        description="Resource collection number: 0-4 when drawn, -1 after a pillage of a 0 area.",
    )


class AreaSetup(_Attrs):
    """The starting state of an area: the building standing on it (Seasons: Buildings)."""

    building: Building | None = Field(
        default=None,
        description="Tower, castle or ruin.",
        json_schema_extra={"marker": {"tower": "T", "castle": "C", "ruin": "R"}},  # the editing map's chip
    )
    building_damage: int = Field(
        default=0, ge=0, description="Casualty might the building has already taken (it falls at its might)."
    )


class NationAttributes(_Attrs):
    """A nation's starting resources (spent on the first turn) and supply (Seasons: Resources)."""

    resources: int = Field(default=6, ge=0, description="Resources to spend in the first turn.")
    supply: int = Field(default=0, ge=0, description="Supply that pays upkeep in summer and winter.")


class MagnateAttributes(_Attrs):
    """Seasons has no Magnates; the validator warns when a scenario has some."""


class UnitAttributes(_Attrs):
    """A unit bought with no tower or castle to train it lacks its special ability (Seasons: Units)."""

    trained: bool = Field(default=True, description="Untrained units have no special ability.")


class Alliance(_Attrs):
    """Nations that fight as one side and win together (Seasons: Battles, Winning)."""

    id: Id
    name: str = ""
    members: list[Id] = Field(default_factory=list, json_schema_extra={"ref": "empire"})


class Message(_Attrs):
    """A note one nation's diplomat carried to another, kept with the scenario as data."""

    sender: Id = Field(json_schema_extra={"ref": "empire"})
    recipient: Id = Field(json_schema_extra={"ref": "empire"})
    text: str = ""


class Options(_Attrs):
    """How long the game runs and in which season it starts (Seasons: Turns, Winning)."""

    turns: int = Field(default=8, ge=1, le=200, description="Turns played; the game ends after the last.")
    start_season: Season = Field(default=Season.SPRING, description="The season of the first turn.")


class SetupAttributes(_Attrs):
    """Scenario-wide starting state: the declared alliances and diplomatic messages."""

    alliances: list[Alliance] = Field(default_factory=list)
    messages: list[Message] = Field(default_factory=list)
