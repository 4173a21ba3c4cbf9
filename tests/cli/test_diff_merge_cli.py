"""``mappa diff`` and ``mappa merge`` on files: exit codes, messages, and git's drivers for real.

The git test makes a repository with ``.gitattributes`` naming the drivers the README documents,
two branches editing different areas of a shipped-style map, and checks that ``git merge`` goes
through the merge driver cleanly and that ``git diff`` shows the semantic text.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from model import io, ops
from model.cli import main
from tests.model.conftest import grid_scenario

MAPPA = f"{shlex.quote(sys.executable)} -m model.cli"


def _write(path: Path, edit: object = None) -> Path:
    scenario = grid_scenario()
    if callable(edit):
        edit(scenario)
    io.save(scenario, path)
    return path


def _rename(name: str):  # type: ignore[no-untyped-def]
    return lambda s: ops.set_area_fields(s, "a00", name=name)


def test_diff_exit_codes_and_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = _write(tmp_path / "old.mappa.json")
    same = _write(tmp_path / "same.mappa.json")
    new = _write(tmp_path / "new.mappa.json", _rename("Eastmark"))
    assert main(["diff", str(old), str(same)]) == 0
    assert capsys.readouterr().out == f"{old} → {same}: no changes\n"
    assert main(["diff", str(old), str(new)]) == 1
    assert capsys.readouterr().out == (
        f"{old} → {new}: 1 change\nAreas:\n  ~ area a00 renamed: 'Land 00' → 'Eastmark'\n"
    )
    assert main(["diff", str(old), str(new), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["old"] == str(old) and data["equal"] is False
    assert [(c["section"], c["kind"], c["ids"]) for c in data["changes"]] == [("areas", "renamed", ["a00"])]


def test_diff_of_a_bad_file_names_the_file_and_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = _write(tmp_path / "old.mappa.json")
    bad = tmp_path / "bad.mappa.json"
    bad.write_text(
        old.read_text(encoding="utf-8").replace('"name": "Land 00"', '"name": 5'), encoding="utf-8"
    )
    assert main(["diff", str(old), str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}: cannot read the scenario" in err
    assert "map.areas[0].name (in map.areas[0], id 'a00'): Input should be a valid string" in err


def test_merge_exit_codes_and_the_written_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = _write(tmp_path / "base.mappa.json")
    ours = _write(tmp_path / "ours.mappa.json", _rename("Ours"))
    theirs = _write(tmp_path / "theirs.mappa.json", lambda s: ops.set_area_fields(s, "a22", name="Far"))
    out = tmp_path / "out.mappa.json"
    assert main(["merge", str(base), str(ours), str(theirs), "-o", str(out)]) == 0
    merged = io.load(out)
    assert (merged.area("a00").name, merged.area("a22").name, merged.conflicts) == ("Ours", "Far", [])
    clash = _write(tmp_path / "clash.mappa.json", _rename("Theirs"))
    assert main(["merge", str(base), str(ours), str(clash), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "with 1 conflict" in err and "map.areas[id=a00].name: both versions changed it" in err
    assert io.load(out).conflicts[0].theirs == "Theirs"
    assert main(["validate", str(out)]) == 0  # conflicts are warnings: the file still plays
    assert "warning MERGE_CONFLICT [a00]" in capsys.readouterr().out


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"git {' '.join(args)}: {done.stdout}{done.stderr}"
    return done.stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_git_merges_two_branches_through_the_driver_and_diffs_semantically(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    for key, value in (
        ("user.name", "Test"),
        ("user.email", "test@example.org"),
        ("diff.mappa.command", f"{MAPPA} diff --git"),
        ("merge.mappa.name", "Mappa scenario merge"),
        ("merge.mappa.driver", f"{MAPPA} merge %O %A %B -o %A"),
    ):
        _git(repo, "config", key, value)
    (repo / ".gitattributes").write_text("*.mappa.json diff=mappa merge=mappa\n", encoding="utf-8")
    path = _write(repo / "map.mappa.json")
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "base")
    _git(repo, "checkout", "-q", "-b", "historian")

    def historian(scenario: object) -> None:
        ops.split_area(scenario, "a22", [(19, 25), (31, 25)], name="South Land")  # type: ignore[arg-type]
        scenario.area("a21").attributes["population"] = 4  # type: ignore[attr-defined]

    _write(path, historian)
    _git(repo, "commit", "-q", "-am", "split a22, population of a21")
    _git(repo, "checkout", "-q", "main")
    _write(path, lambda s: ops.split_area(s, "a00", [(-1, 5), (11, 5)], name="North Land"))
    _git(repo, "commit", "-q", "-am", "split a00")
    # Both splits made area a100 and advanced next_serial: a text merge would conflict.
    _git(repo, "merge", "-q", "--no-edit", "historian")
    merged = io.load(path)
    assert merged.area("a100").name == "North Land"
    assert merged.area("a104").name == "South Land"
    assert merged.area("a21").attributes == {"population": 4}
    assert merged.conflicts == []
    shown = _git(repo, "diff", "HEAD~2", "HEAD", "--", "map.mappa.json")
    assert "Areas:\n  + area North Land (a100) added (land): split off from Land 00 (a00)" in shown
    assert "  ~ area Land 21 (a21): population set to 4" in shown
    assert "  + area South Land (a104) added (land): split off from Land 22 (a22)" in shown
    assert shown.startswith("a/map.mappa.json → b/map.mappa.json: ")


def test_diff_as_git_external_diff_of_an_added_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new = _write(tmp_path / "new.mappa.json")
    hashes = ["0" * 40, "100644"]
    assert main(["diff", "--git", "map.mappa.json", "/dev/null", *hashes, str(new), *hashes]) == 0
    out = capsys.readouterr().out
    assert out.startswith("a/map.mappa.json → b/map.mappa.json: 21 changes\n")
    assert "  + area Land 00 (a00) added (land)\n" in out
    assert main(["diff", "--git", str(new)]) == 2
    assert "diff --git takes the 7 arguments git passes to an external diff (9 for a renamed file)" in (
        capsys.readouterr().err
    )
