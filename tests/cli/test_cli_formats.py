"""`mappa import triplea|diplomacy|svg` as a user runs them: a valid file on good input; exit 2,
a message naming the file and line, and nothing written on bad input."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from model import cli, io
from model.issues import Severity
from model.validate import validate

DATA = Path(__file__).resolve().parents[1] / "data"
TRIPLEA = DATA / "triplea" / "gapped"
DIPLOMACY = DATA / "diplomacy"
SVG = DATA / "svg" / "islands.svg"


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "argv",
    [
        ("triplea", TRIPLEA),
        ("diplomacy", DIPLOMACY / "tricoast.map", "--svg", DIPLOMACY / "tricoast.svg"),
        ("diplomacy", DIPLOMACY / "tricoast.map"),
        ("svg", SVG, "--name-attr", "inkscape:label"),
    ],
    ids=["triplea", "diplomacy-svg", "diplomacy-schematic", "svg"],
)
def test_each_format_writes_a_scenario_that_validates(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str | Path, ...]
) -> None:
    out_file = tmp_path / "out.mappa.json"
    status, out, _ = run(capsys, "import", *argv, "-o", out_file)
    assert status == 0
    assert f"wrote {out_file}" in out
    scenario = io.load(out_file)
    assert [i.message for i in validate(scenario) if i.severity is Severity.ERROR] == []


def test_triplea_summary_is_printed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "import", "triplea", TRIPLEA, "-o", tmp_path / "t.mappa.json")
    assert status == 0
    assert "declared but not touching" in out or "are shared borders" in out
    assert "production values dropped" in err


def bad_triplea(tmp_path: Path) -> Path:
    folder = tmp_path / "map"
    shutil.copytree(TRIPLEA, folder)
    game = folder / "games" / "gapped.xml"
    game.write_text('<?xml version="1.0"?><!DOCTYPE game [<!ENTITY x "xx">]><game><map/></game>')
    return folder


def bad_map(tmp_path: Path) -> Path:
    path = tmp_path / "bad.map"
    path.write_text((DIPLOMACY / "tricoast.map").read_text() + "TELEPORT ARD TO VOR\n")
    return path


def bad_svg(tmp_path: Path) -> Path:
    path = tmp_path / "bad.svg"
    path.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg">\n<path id="p" d="M 0 0 L nan 1 L 2 2 Z"/>\n</svg>'
    )
    return path


@pytest.mark.parametrize(
    ("kind", "make", "expected"),
    [
        ("triplea", bad_triplea, "declares the XML entity 'x'"),
        ("diplomacy", bad_map, "line 33: cannot parse 'TELEPORT ARD TO VOR'"),
        ("svg", bad_svg, "line 2: <path id='p'> has d="),
    ],
)
def test_bad_input_exits_2_names_the_place_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str, make: object, expected: str
) -> None:
    source = make(tmp_path)  # type: ignore[operator]
    out_file = tmp_path / "out.mappa.json"
    status, _, err = run(capsys, "import", kind, source, "-o", out_file)
    assert status == 2
    assert expected in err and str(source) in err
    assert not out_file.exists()


def test_a_missing_map_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "import", "triplea", tmp_path / "nowhere", "-o", tmp_path / "o.json")
    assert status == 2 and "nowhere" in err
    assert not (tmp_path / "o.json").exists()


def test_export_triplea_then_import_gives_the_same_graph(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first = tmp_path / "first.mappa.json"
    assert run(capsys, "import", "triplea", TRIPLEA, "-o", first)[0] == 0
    status, out, _ = run(capsys, "export", "triplea", first, "-o", tmp_path / "folder")
    assert status == 0 and "7 territories" in out
    assert (tmp_path / "folder" / "polygons.txt").is_file()
    second = tmp_path / "second.mappa.json"
    assert run(capsys, "import", "triplea", tmp_path / "folder", "-o", second)[0] == 0

    def graph(path: Path) -> tuple[dict[str, str], set[frozenset[str]]]:
        from model.graph import MapGraphs

        scenario = io.load(path)
        names = {a.id: a.name for a in scenario.map.areas}
        edges = MapGraphs.from_scenario(scenario).full.edges
        return {a.name: a.kind.value for a in scenario.map.areas}, {
            frozenset((names[a], names[b])) for a, b in edges
        }

    assert graph(second) == graph(first)


def test_export_triplea_onto_a_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    scenario = tmp_path / "s.mappa.json"
    assert run(capsys, "import", "triplea", TRIPLEA, "-o", scenario)[0] == 0
    taken = tmp_path / "taken"
    taken.write_text("x")
    status, _, err = run(capsys, "export", "triplea", scenario, "-o", taken)
    assert status == 2 and "exists and is not a folder" in err
    assert taken.read_text() == "x"
