"""Underlay sources from an untrusted scenario: every way out of the scenario's folder is refused
before a read, pipes and devices are never opened for reading, and files have a size limit."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from model import io
from model.scenario import Scenario, Underlay
from model.underlay import SHIPPED_BASEMAP, UnderlayError, place_land, read_underlay, source_for
from model.underlay_files import (
    UnderlaySourceError,
    read_source_file,
    resolve_source,
    source_problem,
)
from model.validate import validate
from model.validate.underlays import underlay_files

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def scenario() -> Scenario:
    return io.load(ROOT / "scenarios" / "default.mappa.json")


def _with_underlay(scenario: Scenario, source: str, kind: str = "image") -> Scenario:
    scenario.map.underlays = [Underlay(id="u1", kind=kind, source=source)]
    return scenario


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("/etc/passwd", "absolute path"),
        ("/dev/zero", "absolute path"),
        ("C:\\Windows\\win.ini", "absolute path"),
        ("\\\\server\\share\\map.png", "absolute path"),
        ("~/map.png", "absolute path"),
        ("../../etc/passwd", "steps out with '..'"),
        ("pictures/../../secret.png", "steps out with '..'"),
        ("pictures\\..\\..\\secret.png", "steps out with '..'"),
        ("mappa:../../../../etc/passwd", "steps out with '..'"),
        ("mappa:/etc/passwd", "absolute path"),
        ("", "names no file"),
    ],
)
def test_sources_naming_a_place_outside_are_refused_by_the_validator(
    scenario: Scenario, source: str, why: str, tmp_path: Path
) -> None:
    assert why in source_problem(source)
    with pytest.raises(UnderlaySourceError, match="copy the file into the scenario's folder"):
        resolve_source(source, tmp_path)
    found = [i for i in validate(_with_underlay(scenario, source)) if i.code == "UNDERLAY_SOURCE_REFUSED"]
    assert len(found) == 1
    assert found[0].path == "map.underlays[0].source" and found[0].ids == ("u1",)
    assert "copy the file into the scenario's folder" in found[0].message


def test_sources_inside_are_accepted(tmp_path: Path) -> None:
    (tmp_path / "pictures").mkdir()
    (tmp_path / "pictures" / "old.png").write_bytes(b"x")
    assert source_problem("pictures/old.png") == "" and source_problem(SHIPPED_BASEMAP) == ""
    assert resolve_source("pictures/old.png", tmp_path) == (tmp_path / "pictures" / "old.png").resolve()
    assert resolve_source(SHIPPED_BASEMAP, None).is_file()
    with pytest.raises(UnderlaySourceError, match="not been saved yet"):
        resolve_source("pictures/old.png", None)


def test_a_symbolic_link_out_of_the_folder_is_refused(scenario: Scenario, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.geojson").write_text('{"type": "FeatureCollection", "features": []}')
    folder = tmp_path / "scenario"
    (folder / "maps").mkdir(parents=True)
    (folder / "land.geojson").symlink_to(outside / "secret.geojson")
    (folder / "maps" / "up").symlink_to(outside, target_is_directory=True)
    (folder / "inside.png").write_bytes(b"x")
    (folder / "alias.png").symlink_to(folder / "inside.png")  # a link that stays inside is fine
    for source in ("land.geojson", "maps/up/secret.geojson"):
        assert source_problem(source) == ""  # the text alone looks fine...
        with pytest.raises(UnderlaySourceError, match=r"through a symbolic link\) to .*outside"):
            resolve_source(source, folder)  # ...the link is followed before the check
        issues = underlay_files(_with_underlay(scenario, source, "basemap"), folder)
        assert [i.code for i in issues] == ["UNDERLAY_SOURCE_REFUSED"]
    assert resolve_source("alias.png", folder) == (folder / "inside.png").resolve()
    assert underlay_files(_with_underlay(scenario, "alias.png"), folder) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX feature")
def test_a_named_pipe_is_refused_without_blocking(scenario: Scenario, tmp_path: Path) -> None:
    pipe = tmp_path / "land.geojson"
    os.mkfifo(pipe)  # nobody writes to it: opening it for reading the usual way would block forever
    with pytest.raises(UnderlaySourceError, match=r"land\.geojson: is a named pipe"):
        read_source_file(pipe)
    with pytest.raises(UnderlayError, match="is a named pipe"):
        place_land(resolve_source("land.geojson", tmp_path), scenario.map)
    issues = underlay_files(_with_underlay(scenario, "land.geojson", "basemap"), tmp_path)
    assert [i.code for i in issues] == ["UNDERLAY_SOURCE_REFUSED"] and "named pipe" in issues[0].message


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_is_refused_even_when_named_directly(tmp_path: Path) -> None:
    with pytest.raises(UnderlaySourceError, match="zero: is a device"):
        read_source_file(Path("/dev/zero"))
    (tmp_path / "zero.png").symlink_to("/dev/zero")
    with pytest.raises(UnderlaySourceError, match="outside the scenario's folder"):
        resolve_source("zero.png", tmp_path)


def test_files_over_the_size_limit_are_refused_before_reading(scenario: Scenario, tmp_path: Path) -> None:
    big = tmp_path / "scan.png"
    with big.open("wb") as stream:
        stream.truncate(2048)  # sparse: no disk used
    with pytest.raises(UnderlaySourceError, match=r"scan\.png: larger than 1,024 bytes"):
        read_source_file(big, limit=1024)
    assert read_source_file(big, limit=4096) == bytes(2048)
    issues = underlay_files(_with_underlay(scenario, "scan.png"), tmp_path)
    assert issues == []  # 2 KB is far under the real limit


def test_size_limit_applies_to_underlays(
    monkeypatch: pytest.MonkeyPatch, scenario: Scenario, tmp_path: Path
) -> None:
    monkeypatch.setattr("model.underlay_files.MAX_UNDERLAY_BYTES", 1024)
    big = tmp_path / "scan.png"
    big.write_bytes(bytes(4096))
    with pytest.raises(UnderlayError, match=r"scan\.png: larger than 1,024 bytes"):
        read_underlay(big)
    issues = underlay_files(_with_underlay(scenario, "scan.png"), tmp_path)
    assert [i.code for i in issues] == ["UNDERLAY_SOURCE_REFUSED"] and "larger than" in issues[0].message
    with pytest.raises(UnderlayError, match=r"nope\.png: no such file"):
        read_underlay(tmp_path / "nope.png")


def test_a_missing_file_is_a_warning_for_mappa_validate(scenario: Scenario, tmp_path: Path) -> None:
    issues = underlay_files(_with_underlay(scenario, "gone.png"), tmp_path)
    assert [(i.code, i.severity.value) for i in issues] == [("UNDERLAY_FILE_MISSING", "warning")]
    assert "gone.png: no such file" in issues[0].message


def test_choosing_a_file_outside_the_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "scenario"
    folder.mkdir()
    outside = tmp_path / "old.png"
    outside.write_bytes(b"x")
    with pytest.raises(UnderlaySourceError, match="outside the scenario's folder"):
        source_for(outside, folder)
    with pytest.raises(UnderlaySourceError, match="not been saved yet"):
        source_for(outside, None)
    (folder / "in.png").write_bytes(b"x")
    assert source_for(folder / "in.png", folder) == "in.png"


def test_a_loop_of_links_or_a_huge_name_is_refused_not_a_crash(scenario: Scenario, tmp_path: Path) -> None:
    (tmp_path / "a.png").symlink_to(tmp_path / "b.png")
    (tmp_path / "b.png").symlink_to(tmp_path / "a.png")
    with pytest.raises(UnderlaySourceError, match="cannot be followed"):
        resolve_source("a.png", tmp_path)
    huge = "x" * 100_000 + ".png"
    issues = underlay_files(_with_underlay(scenario, "a.png"), tmp_path)
    assert [i.code for i in issues] == ["UNDERLAY_SOURCE_REFUSED"]
    issues = underlay_files(_with_underlay(scenario, huge), tmp_path)
    assert [i.code for i in issues] == ["UNDERLAY_FILE_MISSING"] and len(issues[0].message) < 300
    found = [i for i in validate(_with_underlay(scenario, "/" + huge)) if i.code == "UNDERLAY_SOURCE_REFUSED"]
    assert "(100,005 characters)" in found[0].message and len(found[0].message) < 400
