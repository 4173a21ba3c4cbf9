"""`mappa validate --smoke N`: quick AI games whose failures are reported as validation issues."""

from __future__ import annotations

from pathlib import Path

import pytest

from model import io
from model.cli import main
from model.playtest.smoke import smoke_test
from model.rules.eotma.state import EotmaState

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "default.mappa.json"


def test_a_sound_scenario_passes_the_smoke_test(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(DEFAULT), "--smoke", "2"]) == 0
    assert "0 errors" in capsys.readouterr().out


def test_a_broken_invariant_is_an_error_issue_with_the_way_to_reproduce(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(self: EotmaState) -> list[str]:
        return ["treasury of aldmoor_kingdom is -1"] if len(self.log) > 5 else []

    monkeypatch.setattr(EotmaState, "invariant_violations", broken, raising=False)
    issues = smoke_test(io.load(DEFAULT), 2, source="default.mappa.json")
    assert [issue.code for issue in issues] == ["ENGINE_INVARIANT", "ENGINE_INVARIANT"]
    assert "treasury of aldmoor_kingdom is -1" in issues[0].message
    assert "mappa playtest default.mappa.json --games 1 --seed 1 --level random" in issues[0].message


def test_an_engine_exception_fails_validation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def crash(self: EotmaState) -> list[str]:
        raise ZeroDivisionError("division by zero in the rebellion table")

    monkeypatch.setattr(EotmaState, "invariant_violations", crash, raising=False)
    assert main(["validate", str(DEFAULT), "--smoke", "1"]) == 1
    out = capsys.readouterr().out
    assert "ENGINE_ERROR" in out and "division by zero in the rebellion table" in out
