"""TripleA import: polygons.txt + centers.txt + the game XML of a small invented map.

The fixture (tests/data/triplea/gapped) has three land territories separated by 1-2 pixel lines,
an island of two polygons that touches nothing (a strait to Eastmark, a sea lane to Sea Zone 1),
two sea zones, one pair that touches but is not declared (Northland - Southland), and an
impassable territory (Greyfell) whose two declared connections therefore carry nothing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from model.graph import MapGraphs
from model.importers.common import SourceError
from model.importers.triplea import import_triplea
from model.issues import Severity
from model.scenario import AreaKind, ConnectionKind, Scenario
from model.validate import validate

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "triplea" / "gapped"

DECLARED = {
    ("Eastmark", "Northland"),
    ("Eastmark", "Southland"),
    ("Eastmark", "Sea Zone 1"),
    ("Sea Zone 2", "Southland"),
    ("Eastmark", "Sea Zone 2"),
    ("Sea Zone 1", "Sea Zone 2"),
    ("Eastmark", "Isle of Keth"),
    ("Isle of Keth", "Sea Zone 1"),
}


def name_pairs(scenario: Scenario) -> set[tuple[str, str]]:
    """The scenario's adjacency (borders and connections, impassable removed) as sorted name pairs."""
    names = {area.id: area.name for area in scenario.map.areas}
    graph = MapGraphs.from_scenario(scenario).full
    return {tuple(sorted((names[a], names[b]))) for a, b in graph.edges}  # type: ignore[misc]


def copy_fixture(tmp_path: Path) -> Path:
    target = tmp_path / "map"
    shutil.copytree(FIXTURE, target)
    return target


def test_adjacency_equals_the_game_xml_pairs_no_more_no_fewer() -> None:
    result = import_triplea(FIXTURE)
    assert name_pairs(result.scenario) == {tuple(sorted(pair)) for pair in DECLARED}


def test_kinds_come_from_the_water_flag_and_labels_from_centers() -> None:
    scenario = import_triplea(FIXTURE).scenario
    kinds = {area.name: area.kind for area in scenario.map.areas}
    assert kinds == {
        "Northland": AreaKind.LAND,
        "Southland": AreaKind.LAND,
        "Eastmark": AreaKind.LAND,
        "Isle of Keth": AreaKind.LAND,
        "Sea Zone 1": AreaKind.SEA,
        "Sea Zone 2": AreaKind.SEA,
        "Greyfell": AreaKind.LAND,
    }
    labels = {area.name: area.label for area in scenario.map.areas}
    assert labels["Eastmark"] == (500.0, 400.0)  # pixel coordinates, y down, as in centers.txt


def test_the_island_keeps_both_polygons_and_the_strait_is_a_typed_connection() -> None:
    scenario = import_triplea(FIXTURE).scenario
    isle = next(area for area in scenario.map.areas if area.name == "Isle of Keth")
    assert len(isle.anchors) == 2
    ids = {area.name: area.id for area in scenario.map.areas}
    kinds = {frozenset((c.a, c.b)): c.kind for c in scenario.map.connections}
    assert kinds[frozenset((ids["Eastmark"], ids["Isle of Keth"]))] is ConnectionKind.STRAIT
    assert kinds[frozenset((ids["Isle of Keth"], ids["Sea Zone 1"]))] is ConnectionKind.SEA_LANE


def test_summary_lists_every_difference_with_the_xml() -> None:
    result = import_triplea(FIXTURE)
    text = "\n".join(result.notes + result.warnings)
    assert "Eastmark - Isle of Keth" in text
    assert "Isle of Keth - Sea Zone 1" in text
    assert "production values dropped" in text and "Northland 3" in text
    assert "starting owner(s) dropped" in text and "Northland (Northmen)" in text
    assert "place.txt: 5 unit placement points" in text
    assert "impassable territories (isImpassable), every border made impassable: Greyfell" in text
    assert "territory attachment options not imported: capital (1)" in text


def test_the_result_validates_without_errors() -> None:
    found = validate(import_triplea(FIXTURE).scenario)
    assert [i.message for i in found if i.severity is Severity.ERROR] == []


@pytest.mark.parametrize("missing", ["map/polygons.txt"])
def test_missing_polygons_file_names_the_folder(tmp_path: Path, missing: str) -> None:
    folder = copy_fixture(tmp_path)
    (folder / missing).unlink()
    with pytest.raises(SourceError, match=r"no polygons\.txt"):
        import_triplea(folder)


def test_truncated_polygons_file_names_file_and_line(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    polygons = folder / "map" / "polygons.txt"
    text = polygons.read_text()
    polygons.write_text(text[: text.index("(600,600)")])  # cut inside Eastmark's polygon, line 3
    with pytest.raises(SourceError) as caught:
        import_triplea(folder)
    assert str(caught.value).startswith(f"{polygons}: line 3: a polygon of 'Eastmark' is not closed")


def test_a_bad_point_names_file_line_and_territory(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    polygons = folder / "map" / "polygons.txt"
    polygons.write_text(polygons.read_text().replace("(400,402)", "(400;402)"))
    with pytest.raises(SourceError, match=r"line 2, polygon 1 of 'Southland': '\(400;402\)'"):
        import_triplea(folder)


def test_truncated_xml_names_file_and_line(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    game = folder / "games" / "gapped.xml"
    game.write_text(game.read_text()[:600])
    with pytest.raises(SourceError, match=rf"^{game}: line \d+, column \d+: not well-formed XML"):
        import_triplea(folder)


def test_an_entity_bomb_is_refused(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    game = folder / "games" / "gapped.xml"
    lol = "".join(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 9))
    game.write_text(
        f'<?xml version="1.0"?><!DOCTYPE game [<!ENTITY lol0 "lol">{lol}]>'
        '<game><map><territory name="&lol8;"/></map></game>'
    )
    with pytest.raises(SourceError, match=rf"^{game}: declares the XML entity 'lol0'"):
        import_triplea(folder)


def test_an_external_entity_is_refused(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    game = folder / "games" / "gapped.xml"
    secret = tmp_path / "secret.txt"
    secret.write_text("do not read")
    game.write_text(
        f'<?xml version="1.0"?><!DOCTYPE game [<!ENTITY leak SYSTEM "file://{secret}">]>'
        '<game><map><territory name="&leak;"/></map></game>'
    )
    with pytest.raises(SourceError, match=rf"^{game}: declares the XML entity 'leak'"):
        import_triplea(folder)


def test_without_a_game_xml_the_polygons_still_import_as_land(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    shutil.rmtree(folder / "games")
    result = import_triplea(folder)
    assert {area.kind for area in result.scenario.map.areas} == {AreaKind.LAND}
    assert any("no game XML found" in note for note in result.notes)


def test_polygons_the_game_does_not_declare_are_left_out(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    polygons = folder / "map" / "polygons.txt"
    polygons.write_text(polygons.read_text() + "Compass Rose  <  (1100,100) (1150,100) (1150,150)  >\n")
    result = import_triplea(folder)
    assert "Compass Rose" not in {area.name for area in result.scenario.map.areas}
    assert any("left out: Compass Rose" in w for w in result.warnings)
    assert name_pairs(result.scenario) == {tuple(sorted(pair)) for pair in DECLARED}
