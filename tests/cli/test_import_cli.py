"""``mappa import``: the subcommands built from the registry, notes and warnings, bad sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from model import cli, io

DATA = Path(__file__).resolve().parents[1] / "data" / "polyimport"
PIXELS = DATA / "pixel-gaps.geojson"


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_pixel_map_with_gaps_imports_valid_with_every_neighbour(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "pixels.mappa.json"
    status, out, err = run(
        capsys, "import", "geojson", PIXELS, "-o", target, "--close-gaps", "2.5", "--flip-y", "--grid", "3"
    )
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].startswith(f"{PIXELS}: coordinates: planar, y down (--flip-y;")
    assert lines[1].startswith(f"{PIXELS}: sea: 1 of 6 features, those whose 'water' is true")
    assert lines[-1].startswith(f"wrote {target}: 5 land and 1 sea areas, ")
    assert run(capsys, "validate", target)[0] == 0
    assert io.load(target).metadata.title == "pixel gaps"


def test_the_gap_warning_goes_to_stderr(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "import", "geojson", PIXELS, "-o", tmp_path / "x.mappa.json")
    assert status == 0
    assert f"{PIXELS}: warning: 0 of 6 features touch another; their nearest neighbours are " in err


def test_a_truncated_file_names_the_file_and_line_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = PIXELS.read_text()
    cut = tmp_path / "cut.geojson"
    cut.write_text(text[: len(text) // 2])
    target = tmp_path / "x.mappa.json"
    status, out, err = run(capsys, "import", "geojson", cut, "-o", target, "--close-gaps", "2.5")
    assert (status, out) == (2, "")
    assert err.startswith(f"mappa: {cut}: line ")
    assert "JSON syntax error" in err and "(is it GeoJSON, and complete?)" in err
    assert not target.exists()


def test_a_missing_file_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "x.mappa.json"
    status, _, err = run(capsys, "import", "topojson", tmp_path / "none.topojson", "-o", target)
    assert status == 2
    assert err == f"mappa: {tmp_path / 'none.topojson'}: no such file\n"
    assert not target.exists()


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--close-gaps", "wide", "--close-gaps 'wide': expected a number"),
        ("--grid", "0", "--grid '0': must be a positive number"),
        ("--sea-when", "=1", "--sea-when '=1': name the property"),
        ("--bbox", "0,0,1", "--bbox '0,0,1': expected four numbers"),
    ],
)
def test_bad_option_values_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str, value: str, message: str
) -> None:
    status, _, err = run(capsys, "import", "geojson", PIXELS, "-o", tmp_path / "x.json", option, value)
    assert status == 2
    assert message in err


def test_each_format_lists_its_own_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["import", "topojson", "--help"])
    out = capsys.readouterr().out
    for flag in ("--layer", "--close-gaps", "--flip-y", "--sea-when", "--bbox", "--coordinates"):
        assert flag in out
