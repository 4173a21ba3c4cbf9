"""TripleA export: polygons.txt, centers.txt and a game XML skeleton; export then import gives
the same areas, kinds and adjacency back (the grid scenario of conftest, plus a strait)."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from model.exporters.registry import ExportError
from model.exporters.triplea import build, export_triplea
from model.graph import MapGraphs
from model.importers.triplea import import_triplea
from model.issues import Severity
from model.scenario import Connection, ConnectionKind, Scenario
from model.validate import validate


def by_name(scenario: Scenario) -> tuple[dict[str, str], set[frozenset[str]]]:
    names = {area.id: area.name for area in scenario.map.areas}
    kinds = {area.name: area.kind.value for area in scenario.map.areas}
    pairs = {frozenset((names[a], names[b])) for a, b in MapGraphs.from_scenario(scenario).full.edges}
    return kinds, pairs


@pytest.fixture
def with_strait(grid: Scenario) -> Scenario:
    # a00 and a22 are far apart: only the strait joins them; a sea lane joins s0 and a02.
    grid.map.connections.append(Connection(id="k1", a="a00", b="a22", kind=ConnectionKind.STRAIT))
    grid.map.connections.append(Connection(id="k2", a="s0", b="a02", kind=ConnectionKind.SEA_LANE))
    grid.map.connections.append(Connection(id="k3", a="a10", b="a11", kind=ConnectionKind.IMPASSABLE))
    return grid


def test_round_trip_gives_the_same_areas_kinds_and_adjacency(with_strait: Scenario, tmp_path: Path) -> None:
    export_triplea(with_strait, tmp_path / "out")
    back = import_triplea(tmp_path / "out").scenario
    assert by_name(back) == by_name(with_strait)
    assert [i.message for i in validate(back) if i.severity is Severity.ERROR] == []


def test_the_game_xml_declares_water_and_every_connection(with_strait: Scenario) -> None:
    files = build(with_strait).files
    (xml_name,) = [name for name in files if name.startswith("games/")]
    root = ElementTree.fromstring(files[xml_name].split("\n", 2)[2])
    water = {t.get("name") for t in root.iter("territory") if t.get("water") == "true"}
    assert water == {area.name for area in with_strait.map.areas if area.kind.value == "sea"}
    connections = {frozenset((c.get("t1"), c.get("t2"))) for c in root.iter("connection")}
    _, pairs = by_name(with_strait)
    assert connections == pairs
    assert frozenset(("Land 00", "Land 22")) in connections  # the strait
    assert frozenset(("Land 10", "Land 11")) not in connections  # made impassable


def test_polygons_are_whole_pixels_one_line_per_area(with_strait: Scenario) -> None:
    files = build(with_strait, width=600).files  # the grid is 40 units tall: 15 px per unit
    lines = files["polygons.txt"].splitlines()
    assert len(lines) == len(with_strait.map.areas)
    assert lines[0] == "Land 00  <  (10,10) (10,160) (160,160) (160,10)  >"
    assert files["centers.txt"].splitlines()[0] == "Land 00  (85,85)"


def test_nothing_is_written_when_the_target_is_a_file(with_strait: Scenario, tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.write_text("x")
    with pytest.raises(ExportError, match="exists and is not a folder"):
        export_triplea(with_strait, target)
    assert target.read_text() == "x"


def test_a_shipped_map_survives_the_round_trip(tmp_path: Path) -> None:
    """159 areas in km, scaled to pixels, with lakes and narrow necks: same areas, same graph."""
    from model import io

    root = Path(__file__).resolve().parents[2]
    scenario = io.load(root / "scenarios" / "medieval-europe-976.mappa.json")
    export_triplea(scenario, tmp_path / "out")
    back = import_triplea(tmp_path / "out").scenario
    assert by_name(back) == by_name(scenario)
    assert [i.message for i in validate(back) if i.severity is Severity.ERROR] == []
