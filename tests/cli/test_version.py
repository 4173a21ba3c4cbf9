"""``mappa --version``: Mappa's version from its metadata (pyproject.toml, one place), Python, Qt and
every dependency with the version installed."""

from __future__ import annotations

import platform
import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from editor.cli_entry import main as mappa_main
from model.cli import main as headless_main

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _run(main: object, capsys: pytest.CaptureFixture[str]) -> list[str]:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])  # type: ignore[operator]
    assert stop.value.code == 0
    return capsys.readouterr().out.splitlines()


def test_version_names_mappa_python_qt_and_every_dependency(capsys: pytest.CaptureFixture[str]) -> None:
    from PySide6.QtCore import qVersion

    lines = _run(mappa_main, capsys)
    assert lines[0] == f"Mappa {PYPROJECT['version']}"
    rows = dict(re.match(r"^(\S+):\s+(.*)$", line).groups() for line in lines[1:])  # type: ignore[union-attr]
    assert rows["Python"].startswith(f"{platform.python_version()} (CPython, from source)")
    assert rows["Qt"] == qVersion()
    names = [re.match(r"[A-Za-z0-9._-]+", dep).group(0) for dep in PYPROJECT["dependencies"]]  # type: ignore[union-attr]
    assert [name for name in rows if name not in ("Python", "Platform", "Qt")] == names
    for name in names:
        assert rows[name] == metadata.version(name)
    assert "pytest" not in rows  # the extras are tools, not what Mappa runs on


def test_the_headless_command_reports_without_qt(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _run(headless_main, capsys)
    assert lines[0] == f"Mappa {PYPROJECT['version']}"
    assert not any(line.startswith("Qt:") for line in lines)
    assert any(line.startswith("PySide6:") for line in lines)  # still listed as a dependency


def test_a_reader_that_stops_early_gets_no_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """``mappa --version | head -1``: the pipe closing is the reader's choice, exit 141 quietly."""

    class ClosedPipe:
        def write(self, _text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self) -> int:
            return devnull

    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    saved = os.dup(1)
    monkeypatch.setattr("sys.stdout", ClosedPipe())
    try:
        with pytest.raises(SystemExit) as stop:
            headless_main(["--version"])
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(devnull)
    assert stop.value.code == 141
