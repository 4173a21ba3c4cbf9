"""Diplomacy import: a small invented variant (tests/data/diplomacy/tricoast.map and .svg).

Calvara has a north and a south coast; Bergmark - Dunmere is army-only; Dunmere - Isle of Vor
crosses water; the High Peaks (SHUT) touch four provinces but none may enter them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from model.graph import MapGraphs
from model.importers.common import ImportOptions, ImportResult, SourceError
from model.importers.diplomacy import import_diplomacy
from model.importers.diplomacy_map import parse_map
from model.issues import Severity
from model.scenario import AreaKind, ConnectionKind, Scenario
from model.validate import validate

DATA = Path(__file__).resolve().parents[1] / "data" / "diplomacy"
MAP = DATA / "tricoast.map"
SVG = DATA / "tricoast.svg"

DECLARED = {
    frozenset(pair)
    for pair in [
        ("Ardenne", "Norther Sea"),
        ("Ardenne", "Souther Sea"),
        ("Ardenne", "Calvara"),
        ("Calvara", "Norther Sea"),
        ("Calvara", "Souther Sea"),
        ("Bergmark", "Calvara"),
        ("Bergmark", "Norther Sea"),
        ("Bergmark", "Eastern Gulf"),
        ("Bergmark", "Dunmere"),
        ("Dunmere", "Eastern Gulf"),
        ("Dunmere", "Souther Sea"),
        ("Dunmere", "Isle of Vor"),
        ("Eastern Gulf", "Isle of Vor"),
        ("Eastern Gulf", "Norther Sea"),
        ("Eastern Gulf", "Souther Sea"),
    ]
}


def imported(svg: bool) -> ImportResult:
    return import_diplomacy(str(MAP), ImportOptions(extra={"svg": str(SVG)} if svg else {}))


def pairs(scenario: Scenario) -> set[frozenset[str]]:
    names = {area.id: area.name for area in scenario.map.areas}
    return {frozenset((names[a], names[b])) for a, b in MapGraphs.from_scenario(scenario).full.edges}


@pytest.mark.parametrize("svg", [True, False], ids=["svg-board", "schematic"])
def test_adjacency_equals_the_map_file(svg: bool) -> None:
    assert pairs(imported(svg).scenario) == DECLARED


@pytest.mark.parametrize("svg", [True, False], ids=["svg-board", "schematic"])
def test_the_result_validates_without_errors(svg: bool) -> None:
    found = validate(imported(svg).scenario)
    assert [i.message for i in found if i.severity is Severity.ERROR] == []


def test_kinds_and_the_impassable_province() -> None:
    scenario = imported(True).scenario
    kinds = {area.name: area.kind for area in scenario.map.areas}
    assert {n for n, k in kinds.items() if k is AreaKind.SEA} == {
        "Norther Sea",
        "Souther Sea",
        "Eastern Gulf",
    }
    assert kinds["High Peaks"] is AreaKind.LAND
    ids = {area.name: area.id for area in scenario.map.areas}
    peaks = [c for c in scenario.map.connections if ids["High Peaks"] in (c.a, c.b)]
    assert peaks and {c.kind for c in peaks} == {ConnectionKind.IMPASSABLE}
    vor = {frozenset((c.a, c.b)): c.kind for c in scenario.map.connections}
    assert vor[frozenset((ids["Dunmere"], ids["Isle of Vor"]))] is ConnectionKind.STRAIT


def test_what_cannot_be_kept_is_listed() -> None:
    text = "\n".join(imported(True).warnings)
    assert "army-only adjacencies between coastal provinces" in text and "BER-DUN" in text
    assert "CAL/NC, CAL/SC" in text and "ARD-CAL/NC" in text
    assert "5 supply centres" in text
    assert "3 starting unit(s) not imported: Nordland army ARD" in text


def test_the_parser_reads_coasts_powers_and_centres() -> None:
    variant = parse_map(str(MAP))
    assert variant.places["CAL"].written == "cal"
    assert variant.places["CAL/NC"].abuts == ["NOS", "ARD", "BER"]
    assert variant.powers["NORDLAND"].homes == ["ARD", "BER"]
    assert variant.unowned == ["CAL", "VOR"]
    assert variant.supply_centres() == {"ARD", "BER", "CAL", "DUN", "VOR"}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.map"
    path.write_text(text)
    return path


def test_a_line_it_cannot_parse_names_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, MAP.read_text().replace("COAST VOR ABUTS EAG DUN", "COAST VOR NEXT TO EAG DUN"))
    with pytest.raises(SourceError) as caught:
        import_diplomacy(str(path))
    assert str(caught.value).startswith(f"{path}: line 21: expected ABUTS after 'VOR'")


def test_an_unknown_directive_names_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, MAP.read_text() + "TELEPORT ARD TO VOR\n")
    with pytest.raises(SourceError, match=rf"^{path}: line 33: cannot parse 'TELEPORT ARD TO VOR'"):
        import_diplomacy(str(path))


def test_a_truncated_file_is_an_error_not_a_smaller_map(tmp_path: Path) -> None:
    text = MAP.read_text()
    path = write(tmp_path, text[: text.index("COAST DUN ABUTS ber") + len("COAST DUN ABUTS ber EA")])
    # The cut leaves "EA", which is no place: the importer must not invent it.
    with pytest.raises(
        SourceError, match=rf"^{path}: line \d+: '\w+' \(a neighbour of '\w+'\) is not a place"
    ):
        import_diplomacy(str(path))


def test_a_missing_file_and_a_missing_svg(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match=r"no such file"):
        import_diplomacy(str(tmp_path / "none.map"))
    with pytest.raises(SourceError, match=r"none\.svg: no such file"):
        import_diplomacy(str(MAP), ImportOptions(extra={"svg": str(tmp_path / "none.svg")}))


def test_use_reads_another_file_of_the_folder(tmp_path: Path) -> None:
    (tmp_path / "base.map").write_text(MAP.read_text())
    variant_path = tmp_path / "variant.map"
    variant_path.write_text("USE base.map\nDROP VOR\n")
    variant = parse_map(str(variant_path))
    assert "VOR" not in variant.places and "DUN" in variant.places


@pytest.mark.parametrize("use", ["{outside}", "../outside/secret.map", "link.map"])
def test_use_never_reads_a_file_outside_the_folder(tmp_path: Path, use: str) -> None:
    """``USE /abs/path``, ``USE ../x`` and a link out of the folder read files anywhere."""
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.map"
    secret.write_text(MAP.read_text())
    folder = tmp_path / "variant"
    folder.mkdir()
    (folder / "link.map").symlink_to(secret)
    variant_path = folder / "variant.map"
    variant_path.write_text(f"USE {use.format(outside=secret)}\n")
    with pytest.raises(SourceError, match=r"variant\.map: line 1: USE .*: names a file outside the folder"):
        parse_map(str(variant_path))
