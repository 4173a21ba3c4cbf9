"""The shipped 7 Ages world scenario: its map, its cards, its neutrals, and its build.

The scenario is ``scenarios/sevenages-world.mappa.json``, built by
``scenarios/sources/sevenages-world/build.py`` from the tables beside it (issue 14, "a shipped
scenario on real geography"). These tests check facts of the committed file, so that an edit of
the sources that is not rebuilt, or a rebuild that changes the map by accident, shows up.
"""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from model.graph import MapGraphs
from model.io import load
from model.playtest.runner import PlaytestConfig, run_playtest
from model.rules.sevenages.schema import NEUTRAL, Terrain
from model.rules.sevenages.tables import load as load_tables
from model.scenario import AreaKind, ConnectionKind, Scenario
from model.topology import Topology

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = ROOT / "scenarios" / "sevenages-world.mappa.json"
SOURCES = ROOT / "scenarios" / "sources" / "sevenages-world"
NEUTRAL_AREAS = frozenset(
    {"elam", "assyria", "canaan", "crete", "greece", "hatti", "nubia", "indus", "central_plain"}
)
"""Where white neutral units stand at the start: early peoples not yet an empire on the map."""


@pytest.fixture(scope="module")
def world() -> Scenario:
    return load(SHIPPED)


@pytest.fixture(scope="module")
def graphs(world: Scenario) -> MapGraphs:
    return MapGraphs.from_scenario(world)


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sevenages_world_build", SOURCES / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _empire(world: Scenario, empire_id: str) -> dict[str, object]:
    return next(e.attributes for e in world.setup.empires if e.id == empire_id)


def _units_in(world: Scenario, area_id: str, owner: str) -> int:
    return sum(u.strength for u in world.setup.units if u.area == area_id and u.owner == owner)


# --- the build --------------------------------------------------------------------------------------


def test_rebuilding_from_the_sources_gives_the_committed_file(tmp_path: Path) -> None:
    path = _build_module().build(tmp_path)
    assert path.name == SHIPPED.name
    assert path.read_bytes() == SHIPPED.read_bytes(), (
        "sevenages-world.mappa.json differs from its sources: run scenarios/sources/sevenages-world/build.py"
    )


def test_every_point_of_the_tables_is_an_area(world: Scenario) -> None:
    lands = (SOURCES / "regions.csv").read_text(encoding="utf-8").splitlines()[1:]
    seas = (SOURCES / "seas.csv").read_text(encoding="utf-8").splitlines()[1:]
    ids = [area.id for area in world.map.areas]
    assert ids == [line.split(",")[0] for line in [*lands, *seas]]


# --- the map ----------------------------------------------------------------------------------------


def test_size_of_the_map(world: Scenario) -> None:
    kinds = Counter(area.kind for area in world.map.areas)
    assert kinds[AreaKind.LAND] == 200
    assert kinds[AreaKind.SEA] == 56
    assert world.map.units == "km"
    assert world.map.projection is not None and "eqearth" in world.map.projection.crs
    assert SHIPPED.stat().st_size < 1_000_000  # hundreds of KB, not megabytes


def test_the_linework_is_whole(world: Scenario) -> None:
    topology = Topology.build(world.map)
    assert topology.gaps() == []
    assert topology.linework_problems() == []


def test_no_area_is_cut_off(graphs: MapGraphs) -> None:
    for area_id, kind in graphs.kinds.items():
        if kind is AreaKind.LAND:
            assert graphs.land_neighbours(area_id) or graphs.coastal_seas(area_id), area_id
    # Europe, Asia and Africa are one land mass (the straits join the islands that matter).
    biggest = graphs.components("land")[0]
    assert {"gaul", "egypt", "central_plain", "ganges", "cape", "korea"} <= biggest


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("egypt", "sinai"),
        ("sinai", "canaan"),
        ("sumer", "akkad"),
        ("akkad", "assyria"),
        ("latium", "etruria"),
        ("gaul", "belgica"),
        ("scythia", "taurica"),
        ("indus", "punjab"),
        ("central_plain", "north_china_plain"),
        ("korea", "joseon"),
        ("upper_egypt", "nubia"),
    ],
)
def test_historical_neighbours_share_a_border(graphs: MapGraphs, a: str, b: str) -> None:
    assert b in graphs.land_neighbours(a)


@pytest.mark.parametrize(
    ("strait", "a", "b"),
    [
        ("bosporus", "thrace", "bithynia"),
        ("hellespont", "thrace", "lydia"),
        ("gibraltar", "baetica", "mauretania"),
        ("messina", "sicily", "magna_graecia"),
        ("bab_el_mandeb", "saba", "ethiopia"),
        ("korea_strait", "korea", "kyushu"),
        ("kanmon", "kyushu", "yamato"),
        ("palk", "tamilakam", "lanka"),
    ],
)
def test_land_across_narrow_water_is_joined_by_a_strait_only(
    graphs: MapGraphs, strait: str, a: str, b: str
) -> None:
    edge = graphs.full.edges[a, b]
    assert edge["kinds"] == {ConnectionKind.STRAIT.value}, f"{a}-{b} should touch only across the water"
    assert edge["connections"] == [strait]


def test_islands_and_seas_where_they_belong(graphs: MapGraphs) -> None:
    assert graphs.coastal_seas("crete") == {"aegean_sea", "libyan_sea"}
    assert graphs.coastal_seas("cyprus") == {"levantine_sea"}
    assert {"black_sea_west", "aegean_sea"} <= set(graphs.sea.adj["propontis"])
    assert "red_sea_north" not in graphs.sea.adj["levantine_sea"]  # no canal at Suez yet
    assert graphs.land_neighbours("madagascar") == set()


# --- the 7 Ages attributes --------------------------------------------------------------------------


def test_every_region_is_used_and_every_area_has_one(world: Scenario) -> None:
    regions = [region["id"] for region in world.setup.attributes["regions"]]  # type: ignore[index, union-attr]
    assert len(regions) == 16
    used = Counter(r for area in world.map.areas for r in area.attributes.get("regions", []))  # type: ignore[union-attr]
    assert set(used) == set(regions)
    assert used["mediterranean"] == 35  # 25 lands and 10 seas
    assert used["china"] == 13
    for area in world.map.areas:
        if area.kind is AreaKind.LAND:
            assert area.attributes["regions"], area.id
            assert area.attributes["terrain"] in set(Terrain), area.id


def test_rich_lands_are_worth_more(world: Scenario) -> None:
    egypt = world.area("egypt").attributes
    assert egypt["income"] == 2 and egypt["resource"] is True and egypt["resource_type"] == "grain"
    assert world.area("sahara").attributes["income"] is None  # the economy table's land default
    assert world.area("sahara").attributes["terrain"] == "desert"
    assert sum(1 for a in world.map.areas if a.attributes.get("resource")) >= 40


def test_the_empire_cards(world: Scenario) -> None:
    empires = world.setup.empires
    assert len(empires) == 33
    by_age = Counter(age for e in empires for age in e.attributes["ages"])  # type: ignore[union-attr]
    assert (by_age[1], by_age[2], by_age[3], by_age[4]) == (14, 17, 20, 7)
    lands = {a.id for a in world.map.areas if a.kind is AreaKind.LAND}
    regions = {region["id"] for region in world.setup.attributes["regions"]}  # type: ignore[index, union-attr]
    ids = {e.id for e in empires}
    for empire in empires:
        card = empire.attributes
        assert 0 <= card["value"] <= 7  # type: ignore[operator]
        assert card["start_areas"] and set(card["start_areas"]) <= lands, empire.id  # type: ignore[arg-type]
        assert card["convert"] in {"none", "any"} | ids
        for glory in card["glory"]:  # type: ignore[union-attr]
            assert glory["region"] is None or glory["region"] in regions  # type: ignore[index]
    # The barbarians: homeland icon, no capital, no cities in their first ages (E&N: capital glory).
    scythians = _empire(world, "scythians")
    assert scythians["homeland"] is True and scythians["has_capital"] is False
    assert scythians["no_cities_ages"] == [2, 3]
    assert _empire(world, "xiongnu")["no_cities_ages"] == [3, 4]
    barbarians = {e.id for e in empires if e.attributes["no_cities_ages"]}
    assert barbarians == {"scythians", "celts", "xiongnu", "parthians"}
    assert all(_empire(world, e)["has_capital"] is False for e in barbarians)


def test_every_player_starts_alike_with_an_empty_map(world: Scenario) -> None:
    """7A facts 1 and 3.1: no empire on the map at the start, no starting glory, an opening bid for
    the turn marker; each player starts empires from the hand dealt (README: the set-up)."""
    assert [e.id for e in world.setup.empires if e.attributes["player"]] == []
    players = {p["id"]: p["glory"] for p in world.setup.attributes["players"]}  # type: ignore[index, union-attr]
    assert players == {"player_1": 0, "player_2": 0, "player_3": 0, "player_4": 0}
    assert world.setup.attributes["first_player"] is None
    assert all(s.owner == NEUTRAL for s in world.setup.areas.values())
    assert not any(s.attributes.get("capital") for s in world.setup.areas.values())
    # The early homelands are free for the cards that start there.
    for empire_id, capital in (("egyptians", "egypt"), ("sumerians", "sumer")):
        assert _empire(world, empire_id)["start_areas"][0] == capital  # type: ignore[index]
        assert capital not in world.setup.areas and _units_in(world, capital, empire_id) == 0


def test_age_one_cards_are_enough_for_every_player(world: Scenario) -> None:
    """Fourteen cards start in age 1, so a hand of seven holds one about four times in five."""
    age_one = [e.id for e in world.setup.empires if 1 in e.attributes["ages"]]  # type: ignore[operator]
    assert len(age_one) == 14


def test_units_are_types_of_the_units_table(world: Scenario) -> None:
    types = load_tables().units.types
    kinds = {unit.kind for unit in world.setup.units}
    assert kinds == {"spearmen", "archers", "chariots"}
    assert kinds <= set(types)
    assert all(world.area(u.area).kind is AreaKind.LAND for u in world.setup.units)


# --- the neutrals: every initiative of the emissary action has a target (E&N) -------------------------


def _neutral_areas(world: Scenario) -> set[str]:
    return {u.area for u in world.setup.units if u.owner == NEUTRAL}


def _income_value(world: Scenario, area_id: str) -> int:
    """Base income + resource + city level (7A facts 2.8: the area's total income value)."""
    attributes = world.area(area_id).attributes
    setup = world.setup.areas.get(area_id)
    city = setup.attributes.get("city", 0) if setup else 0
    base = attributes["income"] if attributes["income"] is not None else 1
    return int(base) + int(bool(attributes["resource"])) + int(city)  # type: ignore[arg-type, call-overload]


def test_the_neutral_side(world: Scenario) -> None:
    assert [(m.id, m.attributes) for m in world.setup.magnates] == [(NEUTRAL, {})]
    neutral = _neutral_areas(world)
    assert neutral == NEUTRAL_AREAS
    assert sum(u.strength for u in world.setup.units if u.owner == NEUTRAL) == 14
    assert all(world.area(a).kind is AreaKind.LAND for a in neutral)


def test_vacated_areas_keep_a_neutral_city_and_no_units(world: Scenario) -> None:
    """E&N: an area with neutral cities and no units is a vacated area."""
    vacated = {
        area_id
        for area_id, setup in world.setup.areas.items()
        if setup.owner == NEUTRAL and area_id not in _neutral_areas(world)
    }
    assert vacated == {"phoenicia", "cyprus", "syria", "punjab"}
    assert all(world.setup.areas[a].attributes["city"] == 1 for a in vacated)


def test_neutral_conflict_and_military_advisors_have_targets(graphs: MapGraphs, world: Scenario) -> None:
    """Neutral areas next to the first empires' homelands: conflict, and advisors' moves, at once."""
    neutral = _neutral_areas(world)
    assert neutral & graphs.land_neighbours("sumer") == {"elam"}
    assert neutral & graphs.land_neighbours("akkad") == {"assyria", "elam"}
    assert neutral & graphs.land_neighbours("sinai") == {"canaan"}


def test_economic_aid_and_peace_mission_have_targets(world: Scenario) -> None:
    """E&N: Economic Aid adds a unit only below the area's income value; Peace Mission removes forts first."""
    below = {a for a in _neutral_areas(world) if _income_value(world, a) > _units_in(world, a, NEUTRAL)}
    assert {"elam", "crete", "hatti", "canaan"} <= below
    assert _income_value(world, "indus") == 4  # income 2, no resource, city 2
    assert world.setup.areas["hatti"].attributes["fort"] is True


def test_ai_games_bring_up_every_initiative_of_the_emissary_action(world: Scenario) -> None:
    """Issue 14: with the neutrals of the set-up, every E&N rule comes up in AI games on this map.

    Heuristic bots take every initiative; random ones in two seats also discard empires by the action.
    """
    seats = {"player_3": "random", "player_4": "random"}
    stats = run_playtest(world, PlaytestConfig(games=12, seed=3, seats=seats, check_invariants=True))
    assert stats.error_count == 0, stats.errors[:1]
    for counter in (
        "emissary_arms",  # E&N: Arms Sales
        "emissary_advisors",  # E&N: Military Advisors
        "emissary_peace",  # E&N: Peace Mission
        "emissary_aid",  # E&N: Economic Aid
        "meddles",  # E&N: Meddle Affairs
        "neutral_conflicts",  # E&N: neutrals in conflict
        "neutral_disorder_removals",  # E&N: disorder in a neutral area
        "discards",  # E&N: discarding an empire by the action
        "discards_automatic",  # E&N: discarding an empire with no units left
        "capitals_lost",  # E&N: capital glory
    ):
        assert stats.counters[counter] > 0, counter
