"""The 7 Ages tables, read once into frozen, typed values with the look-ups the engine needs.

Defaults ship in ``resources/rulesets/sevenages/*.json`` (one file per table); a scenario replaces
a whole table in ``ruleset.tables.<id>``. Nearly every number is a HOUSE DEFAULT of the facts sheet
(the JSON marks which with ``house_default`` or ``house_defaults``), so the values live in data
only: nothing here hard-codes one. A table that cannot be read raises :class:`SevenAgesTableError`
naming the table and the key at fault (the validator reports it at ``ruleset.tables.<id>``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from model.resources import resource_path
from model.rules.sevenages.schema import GloryCategory, Terrain
from model.rules.sevenages.tablereader import Reader
from model.rules.sevenages.tablereader import SevenAgesTableError as SevenAgesTableError
from model.scenario import Scenario

TABLE_IDS = ("units", "progress", "range", "terrain", "economy", "deck", "events", "neutrals", "glory")

UNIT_CLASSES = ("fortification", "nuke", "satellite", "plane", "ship", "missile", "cavalry", "infantry")
"""Every class a unit type may have (7A facts 2.4; E&N: Disorder names them in its removal order)."""
DOMAINS = ("land", "sea", "air", "space")
TERRAINS = tuple(terrain.value for terrain in Terrain)
"""The terrains an area may have (the schema's), each of which the terrain table must value."""
GLORY_CATEGORIES = tuple(category.value for category in GloryCategory)
"""The glory categories an empire card may list (the schema's) and the engine scores."""
EVENT_SCOPES = ("area", "empire")
EVENT_TARGETS = ("any", "own")


# --- units (7A facts 2.4) ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnitType:
    """One unit type (light-set stats): its class, progress level and combat and movement values."""

    id: str
    name: str
    unit_class: str
    level: int
    frontline: int
    support: int
    move: int
    cost: int
    domain: str
    upgrades_to: str | None

    @property
    def is_land(self) -> bool:
        """Whether the type stands in land areas only (infantry, cavalry, missiles, nukes)."""
        return self.domain == "land"

    @property
    def is_ship(self) -> bool:
        """Whether the type moves at sea (and may wait in a coastal land area)."""
        return self.domain == "sea"


@dataclass(frozen=True, slots=True)
class CounterSet:
    """A counter set's stat modifiers, counters per type (None: unlimited, the white neutrals) and
    how many colour sets of this shade the game has for the players to pick (7A facts 1)."""

    frontline: int
    support: int
    counters: int | None
    in_game: int = 0


@dataclass(frozen=True, slots=True)
class UnitsTable:
    """units.json: the unit types, the fortification, counter sets and ship capacity."""

    types: Mapping[str, UnitType]
    fortification_class: str
    forts_per_area: int
    sets: Mapping[str, CounterSet]
    neutral_set: str
    ship_capacity: int


def _units(r: Reader) -> UnitsTable:
    types: dict[str, UnitType] = {}
    for type_id, t in r.items("types"):
        types[type_id] = UnitType(
            id=type_id,
            name=t.text("name"),
            unit_class=t.text("class", UNIT_CLASSES),
            level=t.integer("level", 1),
            frontline=t.integer("frontline", 0),
            support=t.integer("support", 0),
            move=t.integer("move", 0),
            cost=t.integer("cost", 0),
            domain=t.text("domain", DOMAINS),
            upgrades_to=t.opt_text("upgrades_to"),
        )
    if not types:
        r.fail("types", "lists no unit type")
    for type_id, unit in types.items():
        if unit.upgrades_to is None:
            continue
        target = types.get(unit.upgrades_to)
        if target is None:
            r.fail(f"types.{type_id}.upgrades_to", f"names {unit.upgrades_to!r}, which is no unit type")
        elif target.level <= unit.level:
            # A chain that does not climb in progress would loop while modernising (7A facts 3.3).
            r.fail(
                f"types.{type_id}.upgrades_to", f"names {target.id!r}, whose level is not above {unit.level}"
            )
    fort = r.sub("fortification")
    sets = {
        name: CounterSet(
            s.integer("frontline"),
            s.integer("support"),
            None if s.data.get("counters") is None else s.integer("counters", 1),
            s.integer("in_game", 0) if "in_game" in s.data else 0,
        )
        for name, s in r.items("sets")
    }
    neutral_set = r.text("neutral_set", tuple(sets))
    return UnitsTable(
        types=types,
        fortification_class=fort.text("class", UNIT_CLASSES),
        forts_per_area=fort.integer("max_per_area", 0),
        sets=sets,
        neutral_set=neutral_set,
        ship_capacity=r.integer("ship_capacity", 0),
    )


# --- progress (7A facts 1, 2.9, 2.10, 2.13) ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class ProgressTable:
    """progress.json: ages and levels, hand limits, counter sets and the progress amounts."""

    ages: int
    levels_per_age: int
    progress_limit: int
    hand_empty_slot: int
    hand_empire: int
    hand_advanced: int
    deal: int
    sets: int
    max_empires: str
    slot_actions: tuple[str, ...]
    """What a marker on the empty slot, an additional action, may be (7A facts 2.2)."""
    trade_win_advance: int
    trade_tie_advance: int
    trade_no_partner_advance: int
    free_progress: int
    financial_aid_max: int
    """The most money a trading empire may give its partner as financial aid (7A facts 2.9)."""


def _progress(r: Reader) -> ProgressTable:
    hands = r.sub("hand_limits")
    return ProgressTable(
        ages=r.integer("ages", 1),
        levels_per_age=r.integer("levels_per_age", 1),
        progress_limit=r.integer("progress_limit", 1),
        hand_empty_slot=hands.integer("empty_slot", 0),
        hand_empire=hands.integer("empire", 0),
        hand_advanced=hands.integer("advanced", 0),
        deal=r.integer("deal", 0),
        sets=r.integer("sets", 1),
        max_empires=r.text("max_empires", ("floor_sets_by_players",)),
        slot_actions=r.texts("slot_actions"),
        trade_win_advance=r.integer("trade_win_advance", 0),
        trade_tie_advance=r.integer("trade_tie_advance", 0),
        trade_no_partner_advance=r.integer("trade_no_partner_advance", 0),
        free_progress=r.integer("free_progress", 0),
        financial_aid_max=r.integer("financial_aid_max", 0),
    )


# --- range (7A facts 2.5) ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RangeTable:
    """range.json: the range by age (age 1 first), what blocks tracing, the modernise factor."""

    range_by_age: tuple[int, ...]
    blockers: tuple[str, ...]
    modernise_factor: int


def _range(r: Reader) -> RangeTable:
    return RangeTable(
        range_by_age=r.integers("range_by_age", 0),
        blockers=r.texts("blockers", ("other_empire",)),
        modernise_factor=r.integer("modernise_factor", 1),
    )


# --- terrain (7A facts 2.7) --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TerrainTable:
    """terrain.json: the defender's terrain values, the other defence bonuses, how commitments are listed."""

    terrain: Mapping[str, int]
    river: int
    strait: int
    beach: int
    fort: int
    city_per_level: int
    advanced_age: int
    commit_choices: int
    """Up to this many ways to commit counters are each a legal action; beyond, only the N best."""

    def value(self, terrain: str) -> int:
        """The defender's bonus for a terrain (an error naming it when the table lacks it)."""
        if terrain not in self.terrain:
            raise KeyError(f"no terrain {terrain!r} in the 7 Ages terrain table")
        return self.terrain[terrain]


def _terrain(r: Reader) -> TerrainTable:
    values = r.sub("terrain")
    terrain = {name: values.integer(name, 0) for name in values.data}
    for name in TERRAINS:
        if name not in terrain:
            values.fail(name, "is missing")
    return TerrainTable(
        terrain=terrain,
        river=r.integer("river", 0),
        strait=r.integer("strait", 0),
        beach=r.integer("beach", 0),
        fort=r.integer("fort", 0),
        city_per_level=r.integer("city_per_level", 0),
        advanced_age=r.integer("advanced_age", 0),
        commit_choices=r.integer("commit_choices", 1),
    )


# --- economy (7A facts 2.8, 2.11, 2.14) --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EconomyTable:
    """economy.json: area income, upkeep, city and fort prices."""

    income_land: int
    income_sea: int
    resource_bonus: int
    city_income_per_level: int
    disorder_income: int
    upkeep_divisor: int
    city_build_cost: int
    city_build_level: int
    city_upgrade_cost_per_level: int
    fort_cost: int
    max_city_level: int
    capital_start_level: int

    def upkeep(self, units: int) -> int:
        """Upkeep of ``units`` counters: one per ``upkeep_divisor`` units, rounded up (7A facts 2.8)."""
        return math.ceil(units / self.upkeep_divisor)

    def upgrade_cost(self, new_level: int) -> int:
        """Price of raising a city to ``new_level`` (7A facts 2.11)."""
        return self.city_upgrade_cost_per_level * new_level

    def area_income(self, base: int, resource: bool, city: int) -> int:
        """An area's total income value: its base + resource + city (7A facts 2.8)."""
        return base + (self.resource_bonus if resource else 0) + city * self.city_income_per_level


def _economy(r: Reader) -> EconomyTable:
    income = r.sub("income")
    return EconomyTable(
        income_land=income.integer("land", 0),
        income_sea=income.integer("sea", 0),
        resource_bonus=r.integer("resource_bonus", 0),
        city_income_per_level=r.integer("city_income_per_level", 0),
        disorder_income=r.integer("disorder_income", 0),
        upkeep_divisor=r.integer("upkeep_divisor", 1),
        city_build_cost=r.integer("city_build_cost", 0),
        city_build_level=r.integer("city_build_level", 1),
        city_upgrade_cost_per_level=r.integer("city_upgrade_cost_per_level", 0),
        fort_cost=r.integer("fort_cost", 0),
        max_city_level=r.integer("max_city_level", 1),
        capital_start_level=r.integer("capital_start_level", 1),
    )


# --- deck and events (7A facts 3.2) ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """A generic card: its value 0-7 and its event."""

    id: str
    value: int
    event: str


@dataclass(frozen=True, slots=True)
class EventKind:
    """An event: what it does, in which action step it is played, on an area or an empire."""

    id: str
    name: str
    effect: str
    amount: int
    timing_action: str
    scope: str
    target: str


@dataclass(frozen=True, slots=True)
class EventsTable:
    """events.json: the action steps in turn order and the event kinds."""

    actions: tuple[str, ...]
    events: Mapping[str, EventKind]


def _events(r: Reader) -> EventsTable:
    actions = r.texts("actions")
    if not actions:
        r.fail("actions", "lists no action")
    events = {
        event_id: EventKind(
            id=event_id,
            name=e.text("name"),
            effect=e.text("effect"),
            amount=e.integer("amount"),
            timing_action=e.text("timing_action", actions),
            scope=e.text("scope", EVENT_SCOPES),
            target=e.text("target", EVENT_TARGETS),
        )
        for event_id, e in r.items("events")
    }
    return EventsTable(actions=actions, events=events)


def _deck(r: Reader, events: EventsTable) -> tuple[Card, ...]:
    raw = r.raw("cards")
    if not isinstance(raw, list) or not raw:
        r.fail("cards", "must be a non-empty list of cards")
    cards: list[Card] = []
    seen: set[str] = set()
    for index, entry in enumerate(raw):
        c = Reader(r.table, entry, f"cards[{index}].")
        card = Card(c.text("id"), c.integer("value", 0, 7), c.text("event", tuple(events.events)))
        if card.id in seen:
            c.fail("id", f"repeats the card id {card.id!r}")
        seen.add(card.id)
        cards.append(card)
    return tuple(cards)


# --- neutrals (7A facts 3.3) -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NeutralsTable:
    """neutrals.json: the E&N removal order, emissary counters and initiative sizes."""

    removal_priority: tuple[str, ...]
    lowest_level_first: bool
    counters_on_empire: int
    counters_additional: int
    initiatives: tuple[str, ...]
    additional_initiatives: tuple[str, ...]
    advisor_areas: int
    peace_mission_removals: int
    economic_aid_areas: int
    modernise_areas: int
    empire_event_max_areas: int
    empire_event_adjacent: bool
    modernise: str
    meddle_windows: tuple[str, ...]
    advisor_conflict: str


INITIATIVES = ("arms_sales", "military_advisors", "peace_mission", "economic_aid")


def _neutrals(r: Reader) -> NeutralsTable:
    priority = r.texts("removal_priority", UNIT_CLASSES)
    if sorted(priority) != sorted(UNIT_CLASSES):
        r.fail("removal_priority", f"must order every class once: {', '.join(UNIT_CLASSES)}")
    counters = r.sub("emissary_counters")
    return NeutralsTable(
        removal_priority=priority,
        lowest_level_first=r.flag("lowest_level_first"),
        counters_on_empire=counters.integer("on_empire", 0),
        counters_additional=counters.integer("additional", 0),
        initiatives=r.texts("initiatives", INITIATIVES),
        additional_initiatives=r.texts("additional_initiatives", INITIATIVES),
        advisor_areas=r.integer("advisor_areas", 0),
        peace_mission_removals=r.integer("peace_mission_removals", 0),
        economic_aid_areas=r.integer("economic_aid_areas", 0),
        modernise_areas=r.integer("modernise_areas", 0),
        empire_event_max_areas=r.integer("empire_event_max_areas", 0),
        empire_event_adjacent=r.flag("empire_event_adjacent"),
        modernise=r.text("modernise", ("upgrade_while_level_within_progress",)),
        meddle_windows=r.texts("meddle_windows", ("declared", "advisor_stack_moved")),
        advisor_conflict=r.text("advisor_conflict", ("end_of_initiative", "end_of_step")),
    )


# --- glory (7A facts 2.16) ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GloryCategoryType:
    """A glory category: its label and whether it may be limited to a region."""

    id: str
    name: str
    scoped: bool


@dataclass(frozen=True, slots=True)
class GloryTable:
    """glory.json: the category types, rank decay, the minimum to score and capital glory."""

    categories: Mapping[str, GloryCategoryType]
    rank_decay: int
    min_to_score: int
    tie_break: str
    homeland_with_capital: int
    homeland_without_capital: int
    capital_lost: int
    barbarian_start_area: int

    def points_for_rank(self, points: int, rank: int) -> int:
        """Glory for finishing ``rank`` (1 = first) in a category worth ``points`` (7A facts 2.16)."""
        return max(0, points - (rank - 1) * self.rank_decay)


def _glory(r: Reader) -> GloryTable:
    categories = {
        cat_id: GloryCategoryType(cat_id, c.text("name"), c.flag("scoped"))
        for cat_id, c in r.items("categories")
    }
    for cat_id in categories:
        if cat_id not in GLORY_CATEGORIES:
            r.fail(
                f"categories.{cat_id}", f"is no category the engine scores ({', '.join(GLORY_CATEGORIES)})"
            )
    capital = r.sub("capital")
    return GloryTable(
        categories=categories,
        rank_decay=r.integer("rank_decay", 0),
        min_to_score=r.integer("min_to_score", 0),
        tie_break=r.text("tie_break", ("turn_order",)),
        homeland_with_capital=capital.integer("homeland_with_capital"),
        homeland_without_capital=capital.integer("homeland_without_capital"),
        capital_lost=capital.integer("capital_lost"),
        barbarian_start_area=capital.integer("barbarian_start_area"),
    )


def age_of_level(level: int, levels_per_age: int, ages: int) -> int:
    """The age (1..ages) of a progress level: ``levels_per_age`` levels per age (7A facts 1).

    Levels below 1 count as age 1 and levels beyond the last age as the last age, so an empire
    past the progress limit is still in the final age.
    """
    return min(max(math.ceil(level / levels_per_age), 1), ages)


def first_level_of_age(age: int, levels_per_age: int) -> int:
    """The lowest progress level of an age (a new empire starts there, 7A facts 2.3)."""
    return (age - 1) * levels_per_age + 1


# --- all tables ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tables:
    """Every 7 Ages table as one scenario sees them, with the look-ups the engine and checks share."""

    units: UnitsTable
    progress: ProgressTable
    range: RangeTable
    terrain: TerrainTable
    economy: EconomyTable
    deck: tuple[Card, ...]
    events: EventsTable
    neutrals: NeutralsTable
    glory: GloryTable

    def age_of(self, level: int) -> int:
        """The age (1..ages) of a progress level (:func:`age_of_level`, 7A facts 1)."""
        return age_of_level(level, self.progress.levels_per_age, self.progress.ages)

    def first_level_of(self, age: int) -> int:
        """The lowest progress level of an age (:func:`first_level_of_age`, 7A facts 2.3)."""
        return first_level_of_age(age, self.progress.levels_per_age)

    def unit(self, type_id: str) -> UnitType:
        """The unit type with this id; ``KeyError`` naming it when the table has none."""
        found = self.units.types.get(type_id)
        if found is None:
            raise KeyError(f"no unit type {type_id!r} in the 7 Ages units table")
        return found

    def range_for_age(self, age: int) -> int:
        """The range of an empire in ``age`` (7A facts 2.5); the last entry stands for later ages."""
        values = self.range.range_by_age
        return values[min(max(age, 1), len(values)) - 1]

    def upgrade_chain(self, type_id: str) -> tuple[str, ...]:
        """The type and every type it upgrades to, in order (spearmen, swords, pikes, ...)."""
        chain = [self.unit(type_id).id]
        while (following := self.units.types[chain[-1]].upgrades_to) is not None:
            chain.append(following)
        return tuple(chain)

    def modernised(self, type_id: str, progress: int) -> str:
        """The type a unit becomes when modernised by an empire at ``progress``: follow the upgrade
        chain while the next type's level is within that progress (7A facts 3.3, E&N: Arms Sales)."""
        current = self.unit(type_id)
        while current.upgrades_to is not None:
            following = self.units.types[current.upgrades_to]
            if following.level > progress:
                break
            current = following
        return current.id

    def removal_rank(self, unit_class: str) -> int:
        """Where a class stands in the E&N removal order (0 goes first: fortification)."""
        return self.neutrals.removal_priority.index(unit_class)

    def removal_key(self, type_id: str, level: int) -> tuple[int, int]:
        """Sort key of a neutral counter for disorder and peace mission removal: class by the E&N
        priority, then the lowest progress level first (E&N: Disorder, Peace Mission)."""
        rank = self.removal_rank(self.unit(type_id).unit_class)
        return (rank, level if self.neutrals.lowest_level_first else -level)

    def area_income(self, kind_is_sea: bool, base: int | None, resource: bool, city: int) -> int:
        """An area's total income value: base (land or sea default) + resource + city (7A facts 2.8)."""
        economy = self.economy
        if base is None:
            base = economy.income_sea if kind_is_sea else economy.income_land
        return economy.area_income(base, resource, city)

    def hand_limit(self, empty_slot: bool, advanced: bool) -> int:
        """Destiny's hand limit: the empty slot, an empire, or an advanced empire (7A facts 2.10)."""
        if empty_slot:
            return self.progress.hand_empty_slot
        return self.progress.hand_advanced if advanced else self.progress.hand_empire

    def max_empires(self, players: int) -> int:
        """Empires a player may hold at once: the counter sets shared out (7A facts 1)."""
        return self.progress.sets // max(players, 1)


def _parse(raw: Mapping[str, Any]) -> Tables:
    for table_id in TABLE_IDS:
        if table_id not in raw:
            raise SevenAgesTableError(f"the 7 Ages table {table_id!r} is missing", table_id)
    events = _events(Reader("events", raw["events"]))
    tables = Tables(
        units=_units(Reader("units", raw["units"])),
        progress=_progress(Reader("progress", raw["progress"])),
        range=_range(Reader("range", raw["range"])),
        terrain=_terrain(Reader("terrain", raw["terrain"])),
        economy=_economy(Reader("economy", raw["economy"])),
        deck=_deck(Reader("deck", raw["deck"]), events),
        events=events,
        neutrals=_neutrals(Reader("neutrals", raw["neutrals"])),
        glory=_glory(Reader("glory", raw["glory"])),
    )
    # Only the wild card gives the emissary action (E&N: Emissary Action), never a slot marker.
    slot_choices = tuple(action for action in events.actions if action != "emissary")
    for action in tables.progress.slot_actions:
        if action not in slot_choices:
            Reader("progress", raw["progress"]).fail(
                "slot_actions", f"names {action!r}; the empty slot may take {', '.join(slot_choices)}"
            )
    pickable = sum(s.in_game for s in tables.units.sets.values())
    if pickable != tables.progress.sets:
        # 7A facts 1: the players share out every colour set, so the shades make up the sets.
        Reader("units", raw["units"]).fail(
            "sets", f"offers {pickable} colour sets to pick, but progress.sets is {tables.progress.sets}"
        )
    for unit in tables.units.types.values():
        if unit.level > tables.progress.progress_limit:
            raise SevenAgesTableError(
                f"7 Ages table 'units': units.types.{unit.id}.level is {unit.level}, beyond the "
                f"progress limit {tables.progress.progress_limit}",
                "units",
                f"types.{unit.id}.level",
            )
    return tables


def tables_dir() -> Path:
    """The folder of the shipped 7 Ages tables (``resources/rulesets/sevenages``)."""
    return resource_path("rulesets", "sevenages")


@cache
def _shipped(table_id: str) -> Any:
    path = tables_dir() / f"{table_id}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise SevenAgesTableError(
            f"cannot read the shipped 7 Ages table {table_id!r}: {error}", table_id
        ) from error


def load(overrides: Mapping[str, Any] | None = None) -> Tables:
    """Return the tables: each shipped one, or ``overrides[id]`` where the scenario replaces it."""
    overrides = overrides or {}
    return _parse({table_id: overrides.get(table_id, _shipped(table_id)) for table_id in TABLE_IDS})


@cache
def default_tables() -> Tables:
    """The shipped tables alone (shared and read-only: every value is frozen)."""
    return load({})


def for_scenario(scenario: Scenario) -> Tables:
    """The tables as ``scenario`` sees them (its ``ruleset.tables`` over the shipped ones)."""
    return load(scenario.ruleset.tables) if scenario.ruleset.tables else default_tables()


def for_scenario_or_shipped(scenario: Scenario) -> Tables:
    """The tables as ``scenario`` sees them, or the shipped ones when its overrides are broken
    (the validator's TABLE_INVALID names the table; checks and map modes go on meanwhile)."""
    try:
        return for_scenario(scenario)
    except SevenAgesTableError:
        return default_tables()
