"""Stake: the attributes of scenario objects (what the validator checks and the inspector shows)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Attrs(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class AreaAttributes(_Attrs):
    """Rule S1: a land area scores its value to whoever holds it at the end."""

    value: int = Field(default=1, ge=1, le=3, description="Points the area scores (1-3).")


class AreaSetup(_Attrs):
    """Stake areas have no starting state beyond their holder."""


class PlayerAttributes(_Attrs):
    """Rule S4: a handicap added to the player's final score."""

    handicap: int = Field(default=0, ge=-5, le=5, description="Points added to the final score.")


class MagnateAttributes(_Attrs):
    """Stake has no Magnates."""


class UnitAttributes(_Attrs):
    """Stake markers carry nothing."""


class Options(_Attrs):
    """Rule S3: the game ends after this many rounds at the latest."""

    rounds: int = Field(default=12, ge=1, le=99, description="Rounds before the game ends.")


class SetupAttributes(_Attrs):
    """Nothing scenario-wide."""
