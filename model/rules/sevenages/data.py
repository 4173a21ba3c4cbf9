"""The rules data the 7 Ages engine reads, as small frozen records (7A facts 2.4, 2.5, 2.8, 3.1).

The tables themselves are data files (``resources/rulesets/sevenages/*.json``, loaded by
``model.rules.sevenages.tables``); :func:`from_tables` gathers what the engine reads into one
record once per game, so the rules never parse JSON while a game runs. Unit types and event kinds
are the tables' own records; a deck card here also stands for an empire card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from model.rules.sevenages.tables import (
    EconomyTable,
    EventKind,
    GloryTable,
    Tables,
    UnitType,
    age_of_level,
    first_level_of_age,
)


@dataclass(frozen=True, slots=True)
class Card:
    """A card of the deck: its value 0-7, its event, and whether it is an empire card."""

    id: str
    value: int
    event: str | None = None
    empire: bool = False


@dataclass(frozen=True)
class Rules:
    """Every number of the rules the engine uses; each comes from a table (:func:`from_tables`), so
    none has a default here: the HOUSE DEFAULTs are the tables' data."""

    units: Mapping[str, UnitType]
    ages: int
    fort_cost: int
    fort_bonus: int
    shade_mods: Mapping[str, tuple[int, int]]
    levels_per_age: int
    progress_limit: int
    hand_limits: tuple[int, int, int]
    slot_actions: tuple[str, ...]
    sets: int
    range_by_age: tuple[int, ...]
    terrain: Mapping[str, int]
    river_bonus: int
    strait_bonus: int
    beach_bonus: int
    income_land: int
    income_sea: int
    economy: EconomyTable
    """The economy table itself, for its formulas (upkeep, a city's upgrade price, 7A facts 2.8, 2.11)."""
    city_build_cost: int
    removal_priority: tuple[str, ...]
    counters_on_empire: int
    counters_additional: int
    neutral_event_areas: int
    glory: GloryTable
    """The glory table itself, for a category's points at a rank (7A facts 2.16)."""
    min_to_score: int
    events: Mapping[str, EventKind]
    deck: tuple[Card, ...]
    deal: int
    trade_win_advance: int
    trade_tie_advance: int
    trade_no_partner_advance: int
    free_progress: int
    financial_aid_max: int
    capital_start_level: int
    city_build_level: int
    max_city_level: int
    modernise_factor: int
    homeland_with_capital: int
    homeland_without_capital: int
    capital_lost: int
    barbarian_start_area: int
    city_defence_per_level: int
    advanced_age_bonus: int
    commit_choices: int
    disorder_income: int
    ship_capacity: int
    picks: Mapping[str, int]
    """Areas (or removals) an initiative names: modernise, advisors, peace mission, economic aid."""
    initiatives_on_empire: tuple[str, ...]
    initiatives_additional: tuple[str, ...]
    meddle_windows: tuple[str, ...]
    advisor_conflict: str
    lowest_level_first: bool
    event_areas_adjacent: bool
    set_counters: Mapping[str, int | None]
    """Counters of each unit type in a set of a shade (None: unlimited, the white neutrals)."""
    set_pool: Mapping[str, int]
    """Colour sets of each shade the players pick at the start, in the table's order (7A facts 1)."""

    def age(self, level: int) -> int:
        """Return the age of a progress level (7A facts 1, progress track; the tables' rule)."""
        return age_of_level(level, self.levels_per_age, self.ages)

    def first_level(self, age: int) -> int:
        """Return the first progress level of an age (7A facts 2.3)."""
        return first_level_of_age(age, self.levels_per_age)

    def range_of(self, level: int) -> int:
        """Return an empire's range from its progress level (7A facts 2.5)."""
        return self.range_by_age[self.age(level) - 1]

    def stats(self, kind: str, shade: str) -> tuple[int, int]:
        """Return (frontline, support) of a unit of a colour shade (neutrals use light stats)."""
        unit = self.units[kind]
        front, support = self.shade_mods.get(shade, (0, 0))
        return unit.frontline + front, unit.support + support

    def counters(self, shade: str) -> int | None:
        """Return how many counters of one type a set of this shade has (None: no limit)."""
        return self.set_counters.get(shade)

    def priority(self, cls: str) -> int:
        """Return the removal rank of a class (E&N: Disorder in neutral areas; lower goes first)."""
        try:
            return self.removal_priority.index(cls)
        except ValueError:
            return len(self.removal_priority)


INITIATIVE_NAMES = {
    "arms_sales": "arms",
    "military_advisors": "advisors",
    "peace_mission": "peace",
    "economic_aid": "aid",
}
"""The neutrals table's initiative names -> the engine's (and the action verbs)."""


def from_tables(tables: Tables) -> Rules:
    """Return the engine's records for the loaded tables (``model.rules.sevenages.tables``)."""
    progress, terrain, economy, glory = tables.progress, tables.terrain, tables.economy, tables.glory
    neutrals = tables.neutrals
    capital = glory
    return Rules(
        units=tables.units.types,
        fort_cost=economy.fort_cost,
        fort_bonus=terrain.fort,
        shade_mods={name: (s.frontline, s.support) for name, s in tables.units.sets.items()},
        ages=progress.ages,
        levels_per_age=progress.levels_per_age,
        progress_limit=progress.progress_limit,
        hand_limits=(progress.hand_empty_slot, progress.hand_empire, progress.hand_advanced),
        slot_actions=progress.slot_actions,
        sets=progress.sets,
        range_by_age=tables.range.range_by_age,
        terrain=dict(terrain.terrain),
        river_bonus=terrain.river,
        strait_bonus=terrain.strait,
        beach_bonus=terrain.beach,
        income_land=economy.income_land,
        income_sea=economy.income_sea,
        economy=economy,
        city_build_cost=economy.city_build_cost,
        removal_priority=tables.neutrals.removal_priority,
        counters_on_empire=tables.neutrals.counters_on_empire,
        counters_additional=tables.neutrals.counters_additional,
        neutral_event_areas=tables.neutrals.empire_event_max_areas,
        glory=glory,
        min_to_score=glory.min_to_score,
        events=tables.events.events,
        deck=tuple(Card(c.id, c.value, c.event) for c in tables.deck),
        deal=progress.deal,
        trade_win_advance=progress.trade_win_advance,
        trade_tie_advance=progress.trade_tie_advance,
        trade_no_partner_advance=progress.trade_no_partner_advance,
        free_progress=progress.free_progress,
        financial_aid_max=progress.financial_aid_max,
        capital_start_level=economy.capital_start_level,
        city_build_level=economy.city_build_level,
        max_city_level=economy.max_city_level,
        modernise_factor=tables.range.modernise_factor,
        homeland_with_capital=capital.homeland_with_capital,
        homeland_without_capital=capital.homeland_without_capital,
        capital_lost=capital.capital_lost,
        barbarian_start_area=capital.barbarian_start_area,
        city_defence_per_level=terrain.city_per_level,
        advanced_age_bonus=terrain.advanced_age,
        commit_choices=terrain.commit_choices,
        disorder_income=economy.disorder_income,
        ship_capacity=tables.units.ship_capacity,
        set_counters={name: s.counters for name, s in tables.units.sets.items()},
        set_pool={name: s.in_game for name, s in tables.units.sets.items() if s.in_game},
        picks={
            "arms": neutrals.modernise_areas,
            "advisors": neutrals.advisor_areas,
            "peace": neutrals.peace_mission_removals,
            "aid": neutrals.economic_aid_areas,
        },
        initiatives_on_empire=tuple(INITIATIVE_NAMES[i] for i in neutrals.initiatives),
        initiatives_additional=tuple(INITIATIVE_NAMES[i] for i in neutrals.additional_initiatives),
        meddle_windows=neutrals.meddle_windows,
        advisor_conflict=neutrals.advisor_conflict,
        lowest_level_first=neutrals.lowest_level_first,
        event_areas_adjacent=neutrals.empire_event_adjacent,
    )
