"""The rules data the 7 Ages engine reads, as small frozen records (7A facts 2.4, 2.5, 2.8, 3.1).

The tables themselves are data files (``resources/rulesets/sevenages/*.json``, loaded by
``model.rules.sevenages.tables``); :func:`from_tables` turns them into these records once per game,
so the rules never parse JSON while a game runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from math import ceil
from typing import Any


@dataclass(frozen=True, slots=True)
class UnitType:
    """One unit type of the unit table (7A facts 2.4), with the light-set stats."""

    id: str
    cls: str
    level: int
    front: int
    support: int
    move: int
    cost: int
    domain: str
    upgrades_to: str | None = None


@dataclass(frozen=True, slots=True)
class EventKind:
    """A generic event of the minimal deck (7A facts 3.2)."""

    id: str
    effect: str
    timing_action: str
    scope: str


@dataclass(frozen=True, slots=True)
class Card:
    """A card of the deck: its value 0-7, its event, and whether it is an empire card."""

    id: str
    value: int
    event: str | None = None
    empire: bool = False


@dataclass(frozen=True)
class Rules:
    """Every number of the rules the engine uses; each comes from a table."""

    units: Mapping[str, UnitType]
    fort_cost: int = 3
    fort_bonus: int = 2
    shade_mods: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    levels_per_age: int = 7
    progress_limit: int = 49
    hand_limits: tuple[int, int, int] = (5, 6, 7)
    sets: int = 15
    range_by_age: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
    terrain: Mapping[str, int] = field(default_factory=dict)
    river_bonus: int = 1
    strait_bonus: int = 1
    beach_bonus: int = 2
    income_land: int = 1
    income_sea: int = 0
    resource_bonus: int = 1
    upkeep_divisor: int = 2
    city_build_cost: int = 3
    city_upgrade_factor: int = 2
    removal_priority: tuple[str, ...] = (
        "fortification",
        "nuke",
        "satellite",
        "plane",
        "ship",
        "missile",
        "cavalry",
        "infantry",
    )
    counters_on_empire: int = 4
    counters_additional: int = 3
    neutral_event_areas: int = 2
    rank_decay: int = 1
    events: Mapping[str, EventKind] = field(default_factory=dict)
    deck: tuple[Card, ...] = ()

    def age(self, level: int) -> int:
        """Return the age of a progress level: 7 levels an age (7A facts 1, progress track)."""
        return max(1, min(7, ceil(level / self.levels_per_age)))

    def first_level(self, age: int) -> int:
        """Return the first progress level of an age."""
        return (age - 1) * self.levels_per_age + 1

    def range_of(self, level: int) -> int:
        """Return an empire's range from its progress level (7A facts 2.5)."""
        return self.range_by_age[self.age(level) - 1]

    def stats(self, kind: str, shade: str) -> tuple[int, int]:
        """Return (frontline, support) of a unit of a colour shade (neutrals use light stats)."""
        unit = self.units[kind]
        front, support = self.shade_mods.get(shade, (0, 0))
        return unit.front + front, unit.support + support

    def priority(self, cls: str) -> int:
        """Return the removal rank of a class (E&N: Disorder in neutral areas; lower goes first)."""
        try:
            return self.removal_priority.index(cls)
        except ValueError:
            return len(self.removal_priority)


def _get(obj: Any, *names: str, default: Any = None) -> Any:
    """Read the first attribute or key of ``obj`` that exists (tables are dataclasses or dicts)."""
    for name in names:
        if isinstance(obj, Mapping):
            if name in obj:
                return obj[name]
        elif hasattr(obj, name):
            return getattr(obj, name)
    return default
