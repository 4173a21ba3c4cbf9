"""The `mappa` command: exit statuses, output formats, and errors as messages (never tracebacks)."""

from __future__ import annotations

import json
import shutil
import types
from pathlib import Path

import pytest

from editor import cli_entry
from model import cli, io

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "default.mappa.json"
V0 = ROOT / "tests" / "data" / "v0-prototype.mappa.json"
SHIRES = ROOT / "tests" / "data" / "geojson" / "three-shires.geojson"
INVALID = ROOT / "tests" / "data" / "geojson" / "invalid-polygons.geojson"
TOPO = ROOT / "tests" / "data" / "topojson" / "two-shires.topojson"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the ``mappa`` console script in-process; return (status, stdout, stderr)."""
    status = cli_entry.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def broken_copy(tmp_path: Path) -> Path:
    """The default scenario with a unit of strength 9 (an error) and a one-way strait (a warning)."""
    data = json.loads(DEFAULT.read_text(encoding="utf-8"))
    data["setup"]["units"][0]["strength"] = 9
    data["map"]["connections"][0]["one_way"] = True
    path = tmp_path / "broken.mappa.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# --- validate ------------------------------------------------------------------------------------


def test_validate_clean_file_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "validate", DEFAULT)
    assert status == 0
    assert out == f"{DEFAULT}: 0 errors, 0 warnings, 0 notes\n"
    assert err == ""


def test_validate_text_lists_each_issue_with_code_ids_and_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = broken_copy(tmp_path)
    status, out, _ = run(capsys, "validate", path)
    assert status == 1
    lines = out.splitlines()
    (strength,) = [line for line in lines if "UNIT_STRENGTH_OUT_OF_RANGE" in line]
    assert strength.startswith(f"{path}: error UNIT_STRENGTH_OUT_OF_RANGE [army_aldmoor] ")
    assert strength.endswith("at setup.units[0].strength (rule 33.31)")
    assert any(line.startswith(f"{path}: warning CONNECTION_ONE_WAY [corvant_strait]") for line in lines)
    assert lines[-1] == f"{path}: 1 error, 1 warning, 0 notes"


def test_validate_json_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = broken_copy(tmp_path)
    status, out, _ = run(capsys, "validate", "--format", "json", path, DEFAULT)
    assert status == 1
    reports = json.loads(out)
    assert [r["file"] for r in reports] == [str(path), str(DEFAULT)]
    broken = reports[0]
    assert (broken["errors"], broken["warnings"]) == (1, 1)
    strength = next(i for i in broken["issues"] if i["code"] == "UNIT_STRENGTH_OUT_OF_RANGE")
    assert strength == {
        "code": "UNIT_STRENGTH_OUT_OF_RANGE",
        "severity": "error",
        "message": strength["message"],
        "ids": ["army_aldmoor"],
        "path": "setup.units[0].strength",
        "location": list(io.load(DEFAULT).area("aldmoor").anchors[0]),
        "rule": "33.31",
    }
    assert reports[1]["issues"] == []


def test_validate_unreadable_file_exits_2_with_the_reason_on_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "cut.mappa.json"
    path.write_text('{"schema_version": 1, "metadata": {', encoding="utf-8")
    status, out, err = run(capsys, "validate", path, DEFAULT)
    assert status == 2
    assert err.startswith(f"{path}: cannot read the scenario\n  line 1, column 36: JSON syntax error")
    assert "Traceback" not in err
    assert f"{DEFAULT}: 0 errors" in out  # the other files are still checked


def test_validate_json_reports_unreadable_files_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run(capsys, "validate", "--format", "json", tmp_path / "absent.mappa.json")
    assert status == 2
    (report,) = json.loads(out)
    assert report["readable"] is False and "No such file" in report["error"]


def test_list_codes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "validate", "--list-codes")
    assert status == 0
    rows = {line.split()[0]: line for line in out.splitlines()}
    assert rows["AREA_GAP"].split()[1] == "error"
    assert rows["COURT_MISSING"].endswith("[eotma]")
    status, out, _ = run(capsys, "validate", "--list-codes", "--format", "json")
    assert {"code": "AREA_ISOLATED", "severity": "warning"}.items() <= next(
        c for c in json.loads(out) if c["code"] == "AREA_ISOLATED"
    ).items()


def test_validate_without_files_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "validate")
    assert status == 2
    assert "name at least one scenario file" in err


# --- info, schema --------------------------------------------------------------------------------


def test_info_json_counts(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "info", "--json", DEFAULT)
    assert status == 0
    data = json.loads(out)
    assert data["areas"] == {"land": 13, "sea": 4}
    assert data["connections"] == {"strait": 1}
    assert (data["empires"], data["magnates"], data["units"]) == (3, 1, {"army": 2, "fleet": 1})
    assert data["ruleset"]["id"] == "eotma" and data["ruleset"]["options_on"] == ["armies_fleets", "magnates"]
    assert data["bounds"] == {"min_x": 0, "min_y": 0, "max_x": 1200, "max_y": 800}
    assert (data["title"], data["start_year"], data["rounds"]) == ("The Narrow Sea (example)", 1001, 10)


def test_info_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "info", DEFAULT)
    assert status == 0
    assert "  areas        13 land, 4 sea" in out.splitlines()
    assert "  units        2 army, 1 fleet" in out.splitlines()


def test_info_on_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "info", tmp_path / "none.mappa.json")
    assert (status, out) == (2, "")
    assert err.startswith(f"{tmp_path / 'none.mappa.json'}: cannot read the scenario")


def test_schema_to_stdout_and_to_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "schema")
    assert status == 0 and json.loads(out)["title"] == "Mappa scenario"
    target = tmp_path / "schema.json"
    assert run(capsys, "schema", "-o", target)[0] == 0
    assert target.read_text(encoding="utf-8") == out


def test_writing_into_a_missing_folder_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, err = run(capsys, "schema", "-o", tmp_path / "no" / "such" / "dir" / "schema.json")
    assert status == 2
    assert "cannot write" in err and "no/such/dir/schema.json" in err
    assert "Traceback" not in err


# --- migrate -------------------------------------------------------------------------------------


def test_migrate_to_another_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "new.mappa.json"
    status, out, _ = run(capsys, "migrate", V0, "-o", target)
    assert status == 0
    assert out == f"{V0}: migrated from schema version 0 to 1; wrote {target}\n"
    assert io.load(target).metadata.title == "Prototype Two Shires"


def test_migrate_in_place_then_nothing_to_do(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "old.mappa.json"
    shutil.copy(V0, path)
    assert run(capsys, "migrate", path)[0] == 0
    assert json.loads(path.read_text(encoding="utf-8"))["schema_version"] == 1
    before = path.read_bytes()
    status, out, _ = run(capsys, "migrate", path)
    assert status == 0 and "already at schema version 1; nothing to do" in out
    assert path.read_bytes() == before


def test_migrate_refuses_a_newer_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "future.mappa.json"
    path.write_text('{"schema_version": 999}', encoding="utf-8")
    status, _, err = run(capsys, "migrate", path)
    assert status == 2
    assert "version 999" in err and "update Mappa" in err
    assert path.read_text(encoding="utf-8") == '{"schema_version": 999}'


# --- import --------------------------------------------------------------------------------------


def test_import_geojson_writes_a_valid_scenario(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "shires.mappa.json"
    status, out, err = run(
        capsys, "import", "geojson", SHIRES, "-o", target, "--title", "Shires", "--grid", "0.5"
    )
    assert status == 0
    assert out.splitlines()[-1] == (
        f"wrote {target}: 4 land and 0 sea areas, 8 boundaries, 0 connections (0 warnings during import)"
    )
    assert err == ""
    scenario = io.load(target)
    assert scenario.metadata.title == "Shires" and scenario.map.grid == 0.5
    status, out, _ = run(capsys, "validate", target)
    assert status == 0


def test_import_with_a_negative_bbox_value(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "clip.mappa.json"
    status, _, err = run(capsys, "import", "geojson", SHIRES, "--bbox", "-4.5,44,6.5,48", "-o", target)
    assert status == 0, err
    assert "clipped to -4.5,44,6.5,48" in io.load(target).metadata.description


def test_import_prints_each_repair_as_a_warning(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "import", "geojson", INVALID, "-o", tmp_path / "fixed.mappa.json")
    assert status == 0
    warnings = err.splitlines()
    assert len(warnings) == 9
    assert all(line.startswith(f"{INVALID}: warning: feature ") for line in warnings)
    assert "(9 warnings during import)" in out


def test_import_topojson_layer_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "import", "topojson", TOPO, "--layer", "roads", "-o", tmp_path / "x.json")
    assert (status, out) == (2, "")
    assert err == f"mappa: {TOPO}: no object 'roads'; the objects are shires, towns (use --layer)\n"
    assert not (tmp_path / "x.json").exists()


def test_import_of_a_missing_source(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "import", "geojson", tmp_path / "no.geojson", "-o", tmp_path / "x.json")
    assert status == 2
    assert err == f"mappa: {tmp_path / 'no.geojson'}: no such file\n"
    assert not (tmp_path / "x.json").exists()


def test_import_bad_bbox(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "import", "geojson", SHIRES, "--bbox", "west", "-o", tmp_path / "x.json")
    assert status == 2
    assert "--bbox 'west': expected four numbers" in err


# --- edit, and failures that must not be tracebacks ----------------------------------------------


def test_edit_without_the_editor_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def missing(name: str) -> types.ModuleType:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.setattr(cli_entry.importlib, "import_module", missing)
    status, _, err = run(capsys, "edit", DEFAULT)
    assert status == 2
    assert "the editor cannot start: module 'editor.app' is missing" in err


def test_edit_without_a_display_says_what_to_do(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(cli.sys, "platform", "linux")
    status, _, err = run(capsys, "edit")
    assert status == 2
    assert "the editor needs a display" in err and "xvfb-run" in err


def test_edit_passes_the_file_to_the_editor(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    calls: list[list[str]] = []
    # Stands for editor.system_libs (nothing missing) and editor.app.
    fake = types.SimpleNamespace(main=lambda argv: calls.append(argv) or 0, check=lambda: None)
    monkeypatch.setattr(cli_entry.importlib, "import_module", lambda name: fake)
    assert run(capsys, "edit", DEFAULT)[0] == 0
    assert run(capsys)[0] == 0  # no subcommand: the editor on the default scenario
    assert run(capsys, str(DEFAULT))[0] == 0  # `mappa FILE` opens the file
    assert calls == [[str(DEFAULT)], [], [str(DEFAULT)]]


def test_a_crash_is_one_line_without_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(path: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(io, "load", boom)
    monkeypatch.delenv("MAPPA_DEBUG", raising=False)
    status, _, err = run(capsys, "info", DEFAULT)
    assert status == 3  # not 2: the file may be fine, Mappa is not
    assert err == (
        f"mappa: internal error while working on {DEFAULT} (RuntimeError: disk on fire): a bug in Mappa; "
        "please report it with the command (mappa info) and the file if you can "
        "(set MAPPA_DEBUG=1 to see the traceback)\n"
    )


def test_unknown_subcommand_is_an_argparse_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        cli.main(["frobnicate"])
    assert caught.value.code == 2
    assert "invalid choice: 'frobnicate'" in capsys.readouterr().err


def test_every_subcommand_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    help_text = cli.build_parser(cli_entry.COMMANDS).format_help()
    for command in cli_entry.COMMANDS:
        assert command.name in help_text
    assert {"edit", "render"} <= {command.name for command in cli_entry.COMMANDS}


def test_the_model_command_line_alone_has_no_editor_commands(capsys: pytest.CaptureFixture[str]) -> None:
    # The console script starts in the editor package; the model's own main knows only the
    # headless commands, and without a subcommand says to name one (it cannot open an editor).
    assert {"edit", "render"}.isdisjoint(command.name for command in cli.COMMANDS)
    assert cli.main([]) == 2
    assert "name a subcommand" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["edit"])
    assert "invalid choice: 'edit'" in capsys.readouterr().err


def _sparse(path: Path) -> None:
    with path.open("wb") as stream:
        stream.truncate(200 * 1024 * 1024)


@pytest.mark.parametrize(
    ("make", "place"),
    [
        (lambda p: p.write_text('{"schema_version": 1, "map": {"areas": [', "utf-8"), "line 1, column 41"),
        (lambda p: p.write_bytes(b""), "line 1, column 1"),
        (lambda p: p.write_bytes(b'{"title": "Gr\xfcn"}'), "byte 13"),
        (lambda p: p.write_text('{"schema_version": 1, "x": NaN}', "utf-8"), "line 1, column 28"),
        (lambda p: p.write_text("[" * 50_000 + "]" * 50_000, "utf-8"), "line 1, column 65, [0][0]"),
        (lambda p: p.write_text('{"schema_version": ' + "9" * 5000 + "}", "utf-8"), "line 1, column 20"),
        (lambda p: p.write_text('{"schema_version": 0, "map": []}', "utf-8"), "map: should be an object"),
        (lambda p: p.write_text('"a scenario"', "utf-8"), "line 1, column 1: the file holds a string"),
        (
            lambda p: p.write_text('{"schema_version": 1, "metadata": {"title": "x\\udc00"}}', "utf-8"),
            "metadata.title: the text",
        ),
        (
            lambda p: p.write_text(
                '{"schema_version": 1, "map": {"projection": {"crs": "+init=/etc/passwd:1"}}}', "utf-8"
            ),
            "map.projection.crs: the PROJ string names a file with '+init'",
        ),
        (
            lambda p: p.write_text('{"schema_version": 999}', "utf-8"),
            "schema_version: the file is version 999",
        ),
        (
            lambda p: p.write_text('{"schema_version": 1, "metadata": {"title": 7}}', "utf-8"),
            "metadata.title",
        ),
        (lambda p: p.mkdir(), "directory"),
        (_sparse, "the limit is 100 MB"),
    ],
    ids=[
        "truncated",
        "empty",
        "not utf-8",
        "NaN",
        "deep",
        "big int",
        "v0",
        "top level",
        "surrogate",
        "init crs",
        "v999",
        "wrong type",
        "directory",
        "200 MB",
    ],
)
def test_bad_files_exit_2_naming_the_file_and_the_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make: object, place: str
) -> None:
    path = tmp_path / "bad.mappa.json"
    make(path)  # type: ignore[operator]
    for command in (["validate"], ["info"], ["migrate"]):
        status, out, err = run(capsys, *command, path)
        assert status == 2, command
        assert err.startswith(f"{path}: cannot read the scenario"), err
        assert place in err
        assert "Traceback" not in err and out == ""
