"""Reaches (``model.rules.reach``): what each ruleset offers, with real distances on the shipped maps.

EotMA 9.53: a seafaring home's endeavours cross up to 3 sea areas, any other base 1 (table values);
34.32: each fleet point adds one more, beyond the point that makes a base a seafaring home.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model import io
from model.graph import MapGraphs
from model.rules import reach
from model.scenario import AreaKind, Scenario

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").glob("*.mappa.json"))


@cache
def shipped(name: str) -> tuple[Scenario, MapGraphs]:
    scenario = io.load(ROOT / "scenarios" / name)
    return scenario, MapGraphs.from_scenario(scenario)


def distances(name: str, reach_id: str, start: str) -> dict[str, int]:
    scenario, graphs = shipped(name)
    return reach.find(scenario, reach_id).prepare(scenario, graphs)(start)


M976 = "medieval-europe-976.mappa.json"
ISLES = "seasons-isles.mappa.json"


def test_each_ruleset_lists_its_reaches_after_plain_distance() -> None:
    assert [r.id for r in reach.reaches(shipped(M976)[0])] == ["distance", "land", "seafaring", "fleet"]
    assert [r.id for r in reach.reaches(shipped(ISLES)[0])] == ["distance", "move", "march", "sail"]
    with pytest.raises(reach.UnknownReachError, match="no reach 'air'; it offers: distance, land"):
        reach.find(shipped(M976)[0], "air")


def test_land_steps_on_millennium() -> None:
    found = distances(M976, "land", "hungary")
    assert found["hungary"] == 0
    assert found["austria"] == 1
    assert found["venice"] == 2
    assert found["constantinople"] == 3
    assert "sicily" in found  # 33.41 over land: Messina is a strait, a land border
    assert found["ireland"] == found["kent"] + 4  # Dover and the North Channel are straits
    assert "crete" not in found and "balearics" not in found  # islands no strait reaches
    assert all(shipped(M976)[1].kinds[a] == AreaKind.LAND for a in found)
    assert distances(M976, "land", "english_channel") == {"english_channel": 0}


def test_seafaring_reach_of_a_seafaring_home_is_three_sea_areas() -> None:
    found = distances(M976, "seafaring", "venice")  # Venice is a seafaring home (9.53)
    assert found["verona"] == 0  # a land neighbour: no sea between
    assert found["upper_adriatic"] == 1
    assert found["dalmatia"] == 1
    assert found["apulia"] == 2
    assert found["sicily"] == 3
    assert found["ionian_sea"] == 3
    assert "crete" not in found  # four sea areas away
    assert max(found.values()) == 3


def test_seafaring_reach_of_any_other_base_is_one_sea_area() -> None:
    found = distances(M976, "seafaring", "normandy")
    assert found == {
        "normandy": 0,
        "aquitaine": 0,
        "brittany": 0,
        "flanders": 0,
        "ile_de_france": 0,
        "english_channel": 1,
        "kent": 1,
        "wessex": 1,
    }
    assert max(distances(M976, "seafaring", "hungary").values()) == 0  # inland: land neighbours only


def test_fleet_range_adds_the_fleet_points() -> None:
    # 34.32's example: a seafaring home with fleets reaches 3 + points; Normandy 3 + points - 1.
    venice = distances(M976, "fleet", "venice")
    normandy = distances(M976, "fleet", "normandy")
    assert max(venice.values()) == 3 + 4
    assert max(normandy.values()) == 3 + 4 - 1
    assert venice["crete"] == 4
    assert normandy["ireland"] == 2
    assert set(distances(M976, "seafaring", "venice")) < set(venice)
    assert distances(M976, "fleet", "hungary") == distances(M976, "seafaring", "hungary")  # 34.22: no coast


def test_seasons_moves() -> None:
    _, graphs = shipped(ISLES)
    land = {a for a, k in graphs.kinds.items() if k == AreaKind.LAND}
    march = distances(ISLES, "march", "harrowmere")
    assert set(march) <= land
    assert march == dict(nx.single_source_shortest_path_length(graphs.land, "harrowmere"))
    move = distances(ISLES, "move", "harrowmere")
    assert move == dict(nx.single_source_shortest_path_length(graphs.full, "harrowmere"))
    sail = distances(ISLES, "sail", "north_sea")
    assert set(sail) == set(graphs.sea) and sail["north_sea"] == 0
    assert distances(ISLES, "sail", "harrowmere") == {"harrowmere": 0}  # war boats stay at sea


def _area_of(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.sampled_from([p.name for p in SHIPPED]))
    scenario, _ = shipped(name)
    return name, draw(st.sampled_from(sorted(a.id for a in scenario.map.areas)))


shipped_area = st.composite(_area_of)()


@settings(max_examples=60, deadline=None)
@given(shipped_area)
def test_plain_distance_one_iff_adjacent(case: tuple[str, str]) -> None:
    name, start = case
    scenario, graphs = shipped(name)
    found = reach.PLAIN.prepare(scenario, graphs)(start)
    assert found[start] == 0
    assert {a for a, d in found.items() if d == 1} == set(graphs.full.adj[start])
    for area, d in found.items():  # breadth-first: a neighbour one step closer
        if d:
            assert any(found.get(n) == d - 1 for n in graphs.full.adj[area])


@settings(max_examples=60, deadline=None)
@given(shipped_area, st.data())
def test_every_reach_is_a_subset_of_plain_reachability(case: tuple[str, str], data: st.DataObject) -> None:
    name, start = case
    scenario, graphs = shipped(name)
    kind = data.draw(st.sampled_from(reach.reaches(scenario)))
    found = kind.prepare(scenario, graphs)(start)
    plain = reach.PLAIN.prepare(scenario, graphs)(start)
    assert found[start] == 0
    assert set(found) <= set(plain)
    assert all(d >= 0 for d in found.values())
