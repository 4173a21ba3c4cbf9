"""The EotMA attributes of scenario objects: what the ``attributes`` dicts of the file hold.

The editor's inspector is generated from these models, and the validator checks every
``attributes`` dict against them. Ranges fixed by a rule carry the rule number; ranges that are a
HOUSE DEFAULT (population) are checked against the ruleset's ``limits`` table instead.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from model.scenario import Id


class _Attrs(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class AreaAttributes(_Attrs):
    """What a land area shows on the map (IN 2.0): language, religion, population, seafaring home."""

    language: Id | None = Field(default=None, json_schema_extra={"ref": "language"})
    religion: Id | None = Field(default=None, json_schema_extra={"ref": "religion"})
    population: int = Field(
        default=1, ge=-9, le=9, description="Population value (its range is in the limits table)."
    )
    seafaring_home: bool = Field(default=False, description="Home of a seafaring people (9.53).")
    independent_diplomacy: int | None = Field(
        default=None, le=0, description="Diplomacy modifier while independent (12.18: -3; 12.19 Venice: -5)."
    )


class AreaSetup(_Attrs):
    """The starting state of an area (EotMA 4, 10.33, 12, 14, 17, 18)."""

    social_state: int = Field(default=0, ge=-3, le=3, description="Social state, -3..+3 (16.11).")
    # "marker": how the editing map shows a set value in a chip over the area's name.
    unrest: bool = Field(default=False, description="In unrest (17.0).", json_schema_extra={"marker": "!"})
    fortification: int = Field(
        default=0,
        ge=0,
        le=3,
        description="Fort strength: 0, 2 or 3 (14.0).",
        json_schema_extra={"marker": "F{}"},
    )
    # The "ref" mark makes the editor offer empires by name (a checkable list, rows of counts); the
    # EotMA checks report unknown empires here with their own codes and rules (checks.py).
    ties: list[Id] = Field(
        default_factory=list,
        description="Empires with a diplomatic tie here (12.x).",
        json_schema_extra={"ref": "empire", "checked_by": "ruleset"},
    )
    claims: list[Id] = Field(
        default_factory=list,
        description="Empires with a claim on the area (18.x).",
        json_schema_extra={"ref": "empire", "checked_by": "ruleset"},
    )
    partial_conquest: dict[Id, Annotated[int, Field(ge=0)]] = Field(
        default_factory=dict,
        description="Conquest results standing against the owner, by empire (10.33).",
        json_schema_extra={"ref": "empire", "checked_by": "ruleset"},
    )
    cathedral: bool = Field(
        default=False, description="Cathedral or mosque (35.31).", json_schema_extra={"marker": "✝"}
    )


class Leader(_Attrs):
    """A leader's three statures, C-A-D (facts sheet 2)."""

    name: str = ""
    combat: int = Field(default=3, ge=1, le=9)
    administrative: int = Field(default=3, ge=1, le=9)
    diplomatic: int = Field(default=3, ge=1, le=9)


class EmpireAttributes(_Attrs):
    """An empire's leader, court and treasury (2.0, 16.0, 21)."""

    leader: Leader = Field(default_factory=Leader)
    court: Id | None = Field(
        default=None, description="The Court Area (21).", json_schema_extra={"ref": "area", "marker": "♛"}
    )
    treasury: int = Field(default=12, ge=0, description="Starting gold (16.0: 12 in every scenario).")
    handicap: int = Field(default=0, description="Victory points added at the end (scenario handicap).")
    optional: bool = Field(default=False, description="Seat may be left out (e.g. Byzantium in 771).")
    protected_rounds: int = Field(
        default=0,
        ge=0,
        description="Rounds from the start without stature checks or Leader Dies Heirless (27.7).",
    )


class MagnateAttributes(_Attrs):
    """A Magnate's strength in the house-default Magnate procedure (24, facts sheet 7.3)."""

    combat: int = Field(default=2, ge=1, le=9)
    court: Id | None = Field(
        default=None,
        description="The Magnate's Court Area (24.5, 12.16); unset: its most populous starting area.",
        json_schema_extra={"ref": "area", "marker": "♜"},
    )


class UnitAttributes(_Attrs):
    """EotMA units carry no attributes beyond kind, owner, area and strength."""


class Options(_Attrs):
    """Optional rules a scenario switches on (23, 24, 33-36)."""

    schism: bool = Field(default=False, description="Schism table (23.1-23.2).")
    crusades: bool = Field(default=False, description="Crusades and crusader states (23.3).")
    magnates: bool = Field(default=False, description="Magnates and the Magnate Matrix (24).")
    raiders: bool = Field(default=False, description="Raiders and their chart (24).")
    armies_fleets: bool = Field(default=False, description="Armies and fleets (33-34).")
    civilisation_markers: bool = Field(default=False, description="Civilisation markers (35).")
    provisional_cards: bool = Field(default=False, description="Provisional and leader event cards (36).")
    two_event_cards: bool = Field(default=False, description="Two event cards per turn (36).")


class SetupAttributes(_Attrs):
    """Scenario-wide starting state (schism status, crusade state...)."""

    schism: bool = Field(default=True, description="The churches are in schism at the start (23.1).")
