"""Exit statuses a script can tell apart: 2 for a file that cannot be read, 3 for a bug in Mappa
(with the file being worked on and a request to report it); and what the command says on the way."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from model import cli, io
from model.issues import Issue, Severity

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "default.mappa.json"


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_exit_statuses_are_documented() -> None:
    help_text = cli.build_parser().format_help()
    assert "2 a file could not be read" in help_text and "3 internal error" in help_text
    assert cli.__doc__ is not None and "3 an internal error" in cli.__doc__
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "| 3 |" in readme and "| 2 |" in readme


def test_an_unreadable_file_exits_2_and_a_crash_exits_3_naming_the_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.mappa.json"
    broken.write_text("[", encoding="utf-8")
    assert run(capsys, "validate", broken)[0] == cli.EXIT_UNREADABLE == 2
    second = tmp_path / "second.mappa.json"
    second.write_bytes(DEFAULT.read_bytes())
    real_validate = __import__("model.validate", fromlist=["validate"]).validate

    def crash_on_second(scenario: object, **kwargs: object) -> list[Issue]:
        if crash_on_second.calls:  # type: ignore[attr-defined]
            raise IndexError("list index out of range")
        crash_on_second.calls += 1  # type: ignore[attr-defined]
        return real_validate(scenario)  # type: ignore[no-any-return]

    crash_on_second.calls = 0  # type: ignore[attr-defined]
    monkeypatch.setattr("model.validate.validate", crash_on_second)
    monkeypatch.delenv("MAPPA_DEBUG", raising=False)
    status, out, err = run(capsys, "validate", DEFAULT, second)
    assert status == cli.EXIT_INTERNAL == 3
    assert f"{DEFAULT}: 0 errors" in out  # the first file was checked
    assert err.startswith(
        f"mappa: internal error while working on {second} (IndexError: list index out of range)"
    )
    assert "please report it" in err and "MAPPA_DEBUG=1" in err and "Traceback" not in err


def test_a_crash_shows_the_traceback_on_request(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(io, "load", lambda path: (_ for _ in ()).throw(KeyError("x")))
    monkeypatch.setenv("MAPPA_DEBUG", "1")
    status, _, err = run(capsys, "info", DEFAULT)
    assert status == 3 and "Traceback" in err and f"while working on {DEFAULT}" in err


def test_text_the_terminal_cannot_encode_never_crashes_the_output(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    odd = Issue("NAME_MISSING", Severity.WARNING, "name 'x\ud800' cannot be shown", ("a",), "", None, "")
    monkeypatch.setattr("model.validate.validate", lambda scenario, **kwargs: [odd])
    status, out, err = run(capsys, "validate", DEFAULT)
    assert status == 0 and "x\\ud800" in out and "internal error" not in err


def test_the_command_says_when_it_removes_temporaries_of_a_killed_save(tmp_path: Path) -> None:
    target = tmp_path / "map.mappa.json"
    target.write_bytes(DEFAULT.read_bytes())
    leftover = tmp_path / f".{target.name}.q1w2e3r4.tmp"
    leftover.write_bytes(b"{")
    old = time.time() - 3600
    os.utime(leftover, (old, old))
    done = subprocess.run(
        [sys.executable, "-m", "model.cli", "info", str(target)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (
        f"mappa: {target}: removed 1 temporary file left by an interrupted save ({leftover.name})"
        in done.stderr
    )
    assert not leftover.exists() and target.exists()


def test_playing_a_map_without_empires_is_refused_naming_the_file_not_an_internal_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A shipped map with its setup deleted validates clean (SETUP_NO_PLAYERS is a note); playing it
    was an internal error (the engine's SetupError, exit 3)."""
    scenario = io.load(DEFAULT)
    scenario.setup = type(scenario.setup)()
    bare = tmp_path / "bare.mappa.json"
    io.save(scenario, bare)
    status, out, err = run(capsys, "playtest", bare, "--games", "1", "--out", tmp_path / "report")
    assert status == cli.EXIT_UNREADABLE, err
    assert err.startswith(f"mappa: {bare}: the scenario has no empires yet, so no game can start")
    assert "internal error" not in err
    status, out, err = run(capsys, "validate", "--smoke", "1", bare)
    assert status == 0, out + err
    assert "warning ENGINE_UNAVAILABLE smoke test not run: the scenario has no empires yet" in out
