"""``mappa generate``: the command line over the generator, on the synthetic geography."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.cli import main
from model.io import load
from model.validate import validate

DATA = Path(__file__).resolve().parents[1] / "data" / "generate"


def _args(out: Path, *extra: str) -> list[str]:
    return [
        "generate",
        "--basemap",
        str(DATA / "land.geojson"),
        "--points",
        str(DATA / "regions.csv"),
        "--seas",
        str(DATA / "seas.csv"),
        "--straits",
        str(DATA / "straits.csv"),
        "--catalogs",
        str(DATA / "catalogs.json"),
        "--bbox",
        "-1,39,12,47",
        "--title",
        "Test land",
        "-o",
        str(out),
        *extra,
    ]


def test_generate_writes_a_valid_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "test.mappa.json"
    assert main(_args(out)) == 0
    printed = capsys.readouterr()
    assert "5 land and 2 sea areas" in printed.out and "1 straits" in printed.out
    assert "1 islands without a point joined the region of the nearest point" in printed.err
    scenario = load(out)
    assert scenario.metadata.title == "Test land"
    assert [lang.id for lang in scenario.catalogs.languages] == ["wl", "el"]
    problems = [issue for issue in validate(scenario) if issue.severity != "info"]
    assert problems == []


def test_generate_with_an_epsg_projection_in_metres_gives_km(tmp_path: Path) -> None:
    out = tmp_path / "test.mappa.json"
    assert main(_args(out, "--projection", "EPSG:3035")) == 0
    scenario = load(out)
    assert scenario.map.projection is not None
    assert (scenario.map.projection.crs, scenario.map.projection.scale) == ("EPSG:3035", 0.001)
    assert scenario.map.units == "km"


def test_generate_reports_a_bad_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    points = tmp_path / "regions.csv"
    points.write_text("id,name,lon,lat\na,A,2,42\nb,B,2,forty\n", encoding="utf-8")
    args = _args(tmp_path / "out.mappa.json")
    args[args.index("--points") + 1] = str(points)
    assert main(args) == 2
    error = capsys.readouterr().err
    assert "regions.csv, row 3, column lat: 'forty' is not a number" in error
    assert not (tmp_path / "out.mappa.json").exists()
