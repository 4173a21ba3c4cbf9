"""The shipped medieval Europe scenarios: clean, geographically sensible, and rebuilt byte for byte."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import pytest

from model.graph import MapGraphs
from model.io import load
from model.issues import Severity
from model.scenario import AreaKind, ConnectionKind, Scenario
from model.topology import Topology
from model.validate import validate

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
SOURCES = SCENARIOS / "sources" / "medieval-europe"
YEARS = (771, 976, 1136)


def _path(year: int) -> Path:
    return SCENARIOS / f"medieval-europe-{year}.mappa.json"


@pytest.fixture(scope="module")
def scenarios() -> dict[int, Scenario]:
    return {year: load(_path(year)) for year in YEARS}


@pytest.fixture(scope="module")
def graphs(scenarios: dict[int, Scenario]) -> MapGraphs:
    return MapGraphs.from_scenario(scenarios[976])


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("medieval_europe_build", SOURCES / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_rebuilding_from_the_sources_gives_the_committed_files(tmp_path: Path) -> None:
    paths = _build_module().build(tmp_path)
    assert [p.name for p in paths] == [_path(year).name for year in YEARS]
    for path in paths:
        assert path.read_bytes() == (SCENARIOS / path.name).read_bytes(), (
            f"{path.name} differs from its sources: run scenarios/sources/medieval-europe/build.py"
        )


@pytest.mark.parametrize("year", YEARS)
def test_validates_without_errors_or_warnings(scenarios: dict[int, Scenario], year: int) -> None:
    problems = [i for i in validate(scenarios[year]) if i.severity in (Severity.ERROR, Severity.WARNING)]
    assert problems == []


@pytest.mark.parametrize(
    ("year", "rounds", "empires"),
    [
        (771, 9, {"franks", "byzantium"}),
        (976, 20, 7),
        (1136, 13, 6),
    ],
)
def test_setup_matches_the_brief(
    scenarios: dict[int, Scenario], year: int, rounds: int, empires: set[str] | int
) -> None:
    scenario = scenarios[year]
    assert scenario.metadata.start_year == year
    assert scenario.metadata.rounds == rounds
    assert scenario.metadata.description
    ids = {empire.id for empire in scenario.setup.empires}
    if isinstance(empires, set):
        assert ids == empires
    else:
        assert len(ids) == empires
    for empire in scenario.setup.empires:
        assert empire.attributes["treasury"] == 12
        court = empire.attributes["court"]
        assert scenario.owner_of(court) == empire.id, f"{empire.id} does not hold its court {court}"


def test_the_map_is_the_same_in_every_scenario(scenarios: dict[int, Scenario]) -> None:
    first = scenarios[YEARS[0]].map
    for year in YEARS[1:]:
        other = scenarios[year].map
        assert other.boundaries == first.boundaries
        assert [(a.id, a.anchors) for a in other.areas] == [(a.id, a.anchors) for a in first.areas]


def test_size_and_shape_of_the_map(scenarios: dict[int, Scenario]) -> None:
    scenario = scenarios[976]
    land = [a for a in scenario.map.areas if a.kind is AreaKind.LAND]
    sea = [a for a in scenario.map.areas if a.kind is AreaKind.SEA]
    assert 85 <= len(land) <= 130
    assert 20 <= len(sea) <= 45
    assert _path(976).stat().st_size < 1_500_000  # hundreds of KB, not megabytes
    topology = Topology.build(scenario.map)
    assert topology.gaps() == []
    assert topology.linework_problems() == []


def test_religions_and_languages_change_with_the_date(scenarios: dict[int, Scenario]) -> None:
    def faith(area: str) -> list[tuple[str, str]]:
        return [
            (
                scenarios[year].area(area).attributes["religion"],
                scenarios[year].area(area).attributes["language"],
            )
            for year in YEARS
        ]

    assert faith("sicily") == [
        ("eastern_orthodox", "greek"),
        ("moslem", "arabic"),
        ("roman_catholic", "italian"),
    ]
    assert faith("saxony")[0][0] == "norse_pagan" and faith("saxony")[2][0] == "roman_catholic"
    assert faith("anatolia")[2] == ("moslem", "turkic")  # the Seljuks, by 1136
    assert [scenarios[year].setup.attributes["schism"] for year in YEARS] == [False, False, True]


# --- adjacency spot checks -----------------------------------------------------------------------

LAND_NEIGHBOURS = [
    ("normandy", "ile_de_france"),
    ("castile", "aragon"),
    ("saxony", "franconia"),
    ("bohemia", "bavaria"),
    ("austria", "hungary"),
    ("poland", "masovia"),
    ("kiev", "chernigov"),
    ("lombardy", "verona"),
    ("rome", "tuscany"),
    ("serbia", "bulgaria"),
    ("syria", "antioch"),
    ("egypt", "jerusalem"),
    ("constantinople", "thrace"),
]


@pytest.mark.parametrize(("a", "b"), LAND_NEIGHBOURS)
def test_land_neighbours_share_a_border(graphs: MapGraphs, a: str, b: str) -> None:
    assert b in graphs.land_neighbours(a)
    assert "border" in {str(kind) for kind in graphs.full.edges[a, b]["kinds"]}


STRAITS = [
    ("messina", "sicily", "calabria"),
    ("bosporus", "constantinople", "bithynia"),
    ("dover", "kent", "flanders"),
    ("gibraltar", "cordova", "morocco"),
    ("oresund", "denmark", "scania"),
    ("bonifacio", "corsica", "sardinia"),
    ("kerch", "crimea", "kuban"),
    ("dardanelles", "thrace", "mysia"),
]


@pytest.mark.parametrize(("strait", "a", "b"), STRAITS)
def test_land_across_narrow_water_is_joined_by_a_strait_only(
    graphs: MapGraphs, strait: str, a: str, b: str
) -> None:
    edge = graphs.full.edges[a, b]
    assert edge["kinds"] == {ConnectionKind.STRAIT.value}, f"{a}-{b} should touch only across the water"
    assert edge["connections"] == [strait]
    assert graphs.coastal_seas(a) and graphs.coastal_seas(b)


def test_wessex_reaches_normandy_only_by_sea(graphs: MapGraphs) -> None:
    assert "normandy" not in graphs.neighbours("wessex")
    assert "english_channel" in graphs.coastal_seas("wessex") & graphs.coastal_seas("normandy")


def test_water_stays_open_through_the_straits(graphs: MapGraphs) -> None:
    sea = graphs.sea
    assert sea.has_edge("black_sea_west", "sea_of_marmara")  # the Bosporus
    assert sea.has_edge("sea_of_marmara", "aegean_sea")  # the Dardanelles
    assert sea.has_edge("english_channel", "north_sea_south")  # the Strait of Dover
    assert "alboran_sea" in sea.adj["atlantic_morocco"] or "alboran_sea" in sea.adj["atlantic_portugal"]


def test_no_area_is_cut_off(graphs: MapGraphs) -> None:
    for area_id, kind in graphs.kinds.items():
        if kind is AreaKind.LAND:
            assert graphs.land_neighbours(area_id) or graphs.coastal_seas(area_id), area_id
    land_and_straits = graphs.components("land")
    assert len(land_and_straits[0]) > 0.9 * len(graphs.land)  # Europe, Africa and Asia joined by straits


@pytest.mark.slow
@pytest.mark.parametrize("year", YEARS)
def test_whole_ai_games_finish(scenarios: dict[int, Scenario], year: int) -> None:
    from model.bots.base import RandomBot, play
    from model.rules.eotma.bot import EotmaHeuristicBot
    from model.rules.eotma.game import build_game

    game = build_game(scenarios[year])
    for seed, bot in ((1, RandomBot(1)), (2, EotmaHeuristicBot())):
        state = play(game, bot, seed=seed)
        assert state.is_over()
        assert set(state.scores()) == {empire.id for empire in scenarios[year].setup.empires}


NOT_NEIGHBOURS = [
    ("granada", "morocco"),  # the Rif coast faces Granada across the Alboran Sea
    ("greece", "crete"),
    ("ireland", "wales"),
    ("sardinia", "tuscany"),
    ("cyprus", "cilicia"),
    ("jutland", "scania"),
]


@pytest.mark.parametrize(("a", "b"), NOT_NEIGHBOURS)
def test_coasts_facing_across_open_water_are_not_neighbours(graphs: MapGraphs, a: str, b: str) -> None:
    assert b not in graphs.neighbours(a)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"area_overrides": {"atlantis": {"religion": "moslem"}}}, "area_overrides: no area 'atlantis'"),
        ({"independent": {"lorraine": {"social_state": 0}}}, "independent: area 'lorraine' is set up twice"),
        ({"independent": {"rome": {"social_state": 7}}}, "independent.rome"),
        ({"claims": [{"empire": "franks", "area": "atlantis"}]}, "claims[0]: no area 'atlantis'"),
    ],
)
def test_build_refuses_bad_setup_tables(
    scenarios: dict[int, Scenario], change: dict[str, object], words: str
) -> None:

    build = _build_module()
    table = json.loads((SOURCES / "scenario-771.json").read_text(encoding="utf-8"))
    table.update(change)
    with pytest.raises(build.BuildError, match=re.escape(f"scenario-771.json: {words}")):
        build.apply_setup(scenarios[771], table, "scenario-771.json")


def test_a_sea_zone_does_not_reach_through_a_strait(graphs: MapGraphs) -> None:
    # Straight-line Voronoi would give the Sea of Marmara the Black Sea shore of Thrace.
    assert "black_sea_west" in graphs.coastal_seas("constantinople")
    assert "sea_of_marmara" not in graphs.coastal_seas("bulgaria")
    assert graphs.coastal_seas("bulgaria") == {"black_sea_west"}


@pytest.mark.slow
def test_the_documented_command_line_makes_the_same_map(tmp_path: Path) -> None:
    from model.cli import main

    out = tmp_path / "map.mappa.json"
    args = ["generate", "--basemap", str(ROOT / "resources/basemaps/natural-earth/europe-land-50m.geojson")]
    for option, name in (("--points", "regions.csv"), ("--seas", "seas.csv"), ("--straits", "straits.csv")):
        args += [option, str(SOURCES / name)]
    args += ["--catalogs", str(SOURCES / "catalogs.json"), "--bbox", "-12.5,26,52,66.5"]
    args += ["--tolerance", "2", "--grid", "0.1", "--title", "Medieval Europe", "-o", str(out)]
    assert main(args) == 0
    assert load(out).map == _build_module().build_map().map
