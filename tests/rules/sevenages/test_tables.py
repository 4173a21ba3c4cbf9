"""The 7 Ages tables: the shipped values of the facts sheet, the engine's look-ups, scenario
overrides, and errors that name the table and the key at fault."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections import Counter
from typing import Any

import pytest
from sevenages_scenario import tiny_sevenages_scenario

from model.rules import registry
from model.rules.sevenages.setup import game_from_scenario
from model.rules.sevenages.tables import (
    TABLE_IDS,
    SevenAgesTableError,
    Tables,
    default_tables,
    for_scenario,
    load,
    tables_dir,
)


@pytest.fixture(scope="module")
def tables() -> Tables:
    return load({})


def _shipped(table_id: str) -> Any:
    return json.loads((tables_dir() / f"{table_id}.json").read_text(encoding="utf-8"))


def test_every_table_ships_as_a_json_file() -> None:
    # besides the rules tables, the heuristic bot's weights (model.rules.sevenages.botweights)
    assert sorted(path.stem for path in tables_dir().glob("*.json")) == sorted((*TABLE_IDS, "bot"))


@pytest.mark.parametrize("table_id", TABLE_IDS)
def test_every_table_marks_its_house_defaults(table_id: str) -> None:
    """COMMON: every HOUSE DEFAULT is data, marked in its table; a list names real keys."""
    data = _shipped(table_id)
    assert data.get("house_default") is True or data.get("house_defaults")
    for key in data.get("house_defaults", []):
        assert key in data, f"{table_id}: house_defaults names {key!r}, which the table lacks"
    assert data["rule"].startswith("7A facts")


def test_ages_are_seven_levels_each(tables: Tables) -> None:
    """7A facts 1: levels 1-7 are age 1, ... 43-49 age 7; beyond 49 stays in age 7."""
    assert [tables.age_of(level) for level in (1, 7, 8, 11, 14, 15, 43, 49, 50)] == [
        1,
        1,
        2,
        2,
        2,
        3,
        7,
        7,
        7,
    ]
    assert tables.first_level_of(3) == 15
    assert tables.progress.progress_limit == 49


def test_unit_types_follow_the_e_and_n_ordering(tables: Tables) -> None:
    """7A facts 2.4: chariots before light horse; light horse in age 1; the catapult in age 2."""
    assert tables.unit("chariots").level < tables.unit("light_horse").level
    assert tables.age_of(tables.unit("light_horse").level) == 1
    assert tables.age_of(tables.unit("catapult").level) == 2
    catapult = tables.unit("catapult")
    assert (catapult.unit_class, catapult.frontline, catapult.support, catapult.move, catapult.cost) == (
        "missile",
        1,
        3,
        1,
        3,
    )
    assert tables.unit("archers").unit_class == "missile"
    assert tables.unit("galley").is_ship and not tables.unit("galley").is_land
    assert len(tables.units.types) == 27


def test_an_unknown_unit_type_is_a_key_error_naming_it(tables: Tables) -> None:
    with pytest.raises(KeyError, match="dragon"):
        tables.unit("dragon")


def test_range_by_age(tables: Tables) -> None:
    """7A facts 2.5 HOUSE DEFAULT: range = age; later ages than the table use its last entry."""
    assert [tables.range_for_age(age) for age in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert tables.range_for_age(9) == 7
    assert tables.range.modernise_factor == 2


def test_upgrade_chains_and_modernise(tables: Tables) -> None:
    """7A facts 3.3: modernise follows upgrades_to while the next type's level is within progress."""
    assert tables.upgrade_chain("spearmen") == (
        "spearmen",
        "swords",
        "pikes",
        "muskets",
        "rifles",
        "mech_infantry",
    )
    assert tables.modernised("spearmen", 7) == "spearmen"
    assert tables.modernised("spearmen", 8) == "swords"
    assert tables.modernised("chariots", 13) == "horse"  # chariots -> light horse (6) -> horse (13)
    assert tables.modernised("nuke", 49) == "nuke"


def test_removal_priority_puts_forts_first_and_the_lowest_level_first(tables: Tables) -> None:
    """E&N: Disorder removes by class (fort > nuke > ... > cavalry > infantry), lowest level first."""
    assert tables.neutrals.removal_priority[0] == "fortification"
    assert tables.neutrals.removal_priority[-1] == "infantry"
    stack = [("spearmen", 1), ("chariots", 2), ("archers", 3), ("spearmen", 8), ("galley", 4)]
    ordered = sorted(stack, key=lambda unit: tables.removal_key(*unit))
    assert ordered == [("galley", 4), ("archers", 3), ("chariots", 2), ("spearmen", 1), ("spearmen", 8)]
    assert tables.removal_rank("fortification") < tables.removal_rank("nuke")


def test_emissary_counters_and_initiatives(tables: Tables) -> None:
    """E&N: Emissary: 4 counters on an empire, 3 as an additional action (no arms sales then)."""
    assert (tables.neutrals.counters_on_empire, tables.neutrals.counters_additional) == (4, 3)
    assert tables.neutrals.initiatives == ("arms_sales", "military_advisors", "peace_mission", "economic_aid")
    assert "arms_sales" not in tables.neutrals.additional_initiatives
    assert tables.neutrals.empire_event_max_areas == 2


def test_economy(tables: Tables) -> None:
    """7A facts 2.8: income = base (land 1, sea 0) + resource + city level; upkeep = ceil(units / 2)."""
    assert tables.area_income(False, None, False, 0) == 1
    assert tables.area_income(True, None, False, 0) == 0
    assert tables.area_income(False, 2, True, 3) == 6
    assert [tables.economy.upkeep(n) for n in (0, 1, 2, 3, 5)] == [0, 1, 1, 2, 3]
    assert tables.economy.upgrade_cost(3) == 6  # 7A facts 2.11: 2 x the new level
    assert (tables.economy.city_build_cost, tables.economy.fort_cost) == (3, 3)


def test_terrain_values(tables: Tables) -> None:
    """7A facts 2.7: defender-only terrain values and the river, strait, beach and fort bonuses."""
    assert [
        tables.terrain.value(t)
        for t in ("fertile", "forest", "mountain", "desert", "tundra", "steppe", "jungle")
    ] == [
        0,
        1,
        3,
        0,
        1,
        0,
        2,
    ]
    assert (tables.terrain.river, tables.terrain.strait, tables.terrain.beach, tables.terrain.fort) == (
        1,
        1,
        2,
        2,
    )


def test_the_minimal_deck(tables: Tables) -> None:
    """7A facts 3.2: 40 generic cards, values 0-7 spread evenly, the eight events."""
    assert len(tables.deck) == 40
    assert Counter(card.value for card in tables.deck) == {value: 5 for value in range(8)}
    assert Counter(card.event for card in tables.deck) == {event: 5 for event in tables.events.events}
    assert set(tables.events.events) == {
        "PLAGUE",
        "REVOLT",
        "FIRE",
        "EARTHQUAKE",
        "FAMINE",
        "MIGRATION",
        "SCHISM",
        "GOLDEN_AGE",
    }
    assert tables.events.events["SCHISM"].scope == "empire"
    assert tables.events.events["FAMINE"].amount == -2
    assert tables.events.actions.index("emissary") == tables.events.actions.index("civilise") + 1


def test_glory_ranks_and_capital_glory(tables: Tables) -> None:
    """7A facts 2.16: first gets the points, each rank one less; E&N capital glory +1/-1/-1/+1."""
    assert [tables.glory.points_for_rank(3, rank) for rank in (1, 2, 3, 4)] == [3, 2, 1, 0]
    glory = tables.glory
    assert (
        glory.homeland_with_capital,
        glory.homeland_without_capital,
        glory.capital_lost,
        glory.barbarian_start_area,
    ) == (1, -1, -1, 1)
    assert set(glory.categories) == {
        "AREAS",
        "CITIES",
        "CITY_LEVELS",
        "MONEY",
        "PROGRESS",
        "UNITS",
        "SEA_AREAS",
    }


def test_hand_limits_and_empire_slots(tables: Tables) -> None:
    """7A facts 1 and 2.10: hands 5/6/7; 15 sets give 7, 5, 3, 3, 2, 2 empires for 2-7 players."""
    assert (
        tables.hand_limit(True, False),
        tables.hand_limit(False, False),
        tables.hand_limit(False, True),
    ) == (5, 6, 7)
    assert [tables.max_empires(players) for players in range(2, 8)] == [7, 5, 3, 3, 2, 2]


def test_tables_are_frozen(tables: Tables) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        tables.unit("spearmen").level = 3  # type: ignore[misc]


def test_an_override_replaces_only_its_table() -> None:
    changed = _shipped("range")
    changed["range_by_age"] = [2, 2, 3, 3, 4, 4, 5]
    tables = load({"range": changed})
    assert tables.range_for_age(1) == 2
    assert tables.range_for_age(7) == 5
    assert tables.economy == default_tables().economy


def test_an_override_of_a_unit_changes_the_look_ups() -> None:
    units = _shipped("units")
    units["types"]["swords"]["level"] = 5
    tables = load({"units": units})
    assert tables.modernised("spearmen", 5) == "swords"


def test_the_registry_loads_tables_through_the_spec() -> None:
    spec = registry.get("sevenages")
    assert spec is not None
    assert spec.load_tables({}).unit("spearmen").level == 1


def _error(table_id: str, change: Any) -> SevenAgesTableError:
    data = copy.deepcopy(_shipped(table_id))
    change(data)
    with pytest.raises(SevenAgesTableError) as caught:
        load({table_id: data})
    return caught.value


@pytest.mark.parametrize(
    ("table_id", "change", "key"),
    [
        ("units", lambda d: d["types"]["spearmen"].update(level="one"), "types.spearmen.level"),
        ("units", lambda d: d["types"]["archers"].pop("cost"), "types.archers.cost"),
        ("units", lambda d: d["types"]["galley"].update(domain="river"), "types.galley.domain"),
        ("units", lambda d: d["types"]["swords"].update(upgrades_to="lasers"), "types.swords.upgrades_to"),
        ("units", lambda d: d["types"]["swords"].update(upgrades_to="spearmen"), "types.swords.upgrades_to"),
        ("units", lambda d: d["types"]["nuke"].update(level=60), "types.nuke.level"),
        ("progress", lambda d: d["hand_limits"].update(empire=-1), "hand_limits.empire"),
        ("progress", lambda d: d.update(slot_actions=["start", "emissary"]), "slot_actions"),
        ("range", lambda d: d.update(range_by_age=[]), "range_by_age"),
        ("terrain", lambda d: d["terrain"].pop("jungle"), "terrain.jungle"),
        ("economy", lambda d: d.update(upkeep_divisor=0), "upkeep_divisor"),
        ("deck", lambda d: d["cards"][3].update(value=9), "cards[3].value"),
        ("deck", lambda d: d["cards"][4].update(event="FLOOD"), "cards[4].event"),
        ("events", lambda d: d["events"]["FIRE"].update(timing_action="lunch"), "events.FIRE.timing_action"),
        ("neutrals", lambda d: d.update(removal_priority=["infantry"]), "removal_priority"),
        ("glory", lambda d: d["capital"].pop("capital_lost"), "capital.capital_lost"),
    ],
)
def test_a_bad_value_names_its_table_and_key(table_id: str, change: Any, key: str) -> None:
    error = _error(table_id, change)
    assert (error.table, error.key) == (table_id, key)
    assert f"{table_id}.{key}" in str(error)


def test_a_table_that_is_not_an_object_is_named() -> None:
    with pytest.raises(SevenAgesTableError, match="'economy'") as caught:
        load({"economy": [1, 2]})
    assert caught.value.table == "economy"


def test_a_scenario_sees_its_overrides() -> None:
    scenario = tiny_sevenages_scenario()
    assert for_scenario(scenario) is default_tables()
    changed = _shipped("progress")
    changed["levels_per_age"] = 5
    scenario.ruleset.tables["progress"] = changed
    assert for_scenario(scenario).age_of(6) == 2


def test_the_tables_hold_the_progress_limit_and_event_reach_the_scenario_may_override() -> None:
    """HOUSE DEFAULTs have one home: the progress table's limit (7A facts 1) and the neutrals
    table's reach of empire events on neutrals (7A facts 3.3) reach the engine unless the setup or
    the options set their own value."""
    scenario = tiny_sevenages_scenario()
    rules = game_from_scenario(scenario).rules
    assert (rules.progress_limit, rules.neutral_event_areas) == (49, 2)
    progress, neutrals = _shipped("progress"), _shipped("neutrals")
    progress["progress_limit"], neutrals["empire_event_max_areas"] = 60, 3
    scenario.ruleset.tables.update({"progress": progress, "neutrals": neutrals})
    rules = game_from_scenario(scenario).rules
    assert (rules.progress_limit, rules.neutral_event_areas) == (60, 3)
    scenario.setup.attributes["progress_limit"] = 30
    scenario.ruleset.options["neutral_event_areas"] = 1
    rules = game_from_scenario(scenario).rules
    assert (rules.progress_limit, rules.neutral_event_areas) == (30, 1)


def test_the_shades_offered_must_make_up_the_colour_sets() -> None:
    """7A facts 1: 7 light + 7 dark + 1 black = the 15 sets of progress.json; a table that offers
    another number is refused, naming the key."""
    units = _shipped("units")
    units["sets"]["black"]["in_game"] = 2
    with pytest.raises(SevenAgesTableError, match=r"offers 16 colour sets to pick, but progress\.sets is 15"):
        load({"units": units})
    assert {name: s.in_game for name, s in default_tables().units.sets.items()} == {
        "light": 7,
        "dark": 7,
        "black": 1,
        "white": 0,
    }
