"""``mappa playtest compare A B``: two fixed reports, exact figures and significance flags."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from model.cli import main
from model.playtest.compare import compare_reports, render_text


def _empire(wins: float, games: int, low: float, high: float, mean: float, stdev: float) -> dict[str, Any]:
    return {
        "wins": wins,
        "outright_wins": int(wins),
        "win_rate": wins / games,
        "win_rate_ci95": [low, high],
        "victory_points": {"n": games, "mean": mean, "stdev": stdev},
    }


def _report(empires: dict[str, Any], events: dict[str, int], seed: int) -> dict[str, Any]:
    return {
        "scenario": {"title": "Three kingdoms", "ruleset": "eotma"},
        "settings": {"seed": seed, "games": 200},
        "seat_names": {"x": "Aldmoor", "y": "Kestria", "z": "Sarnia"},
        "games": 200,
        "finished": 200,
        "engine_errors": 0,
        "empires": empires,
        "events": {name: {"total": total, "per_game": total / 200} for name, total in events.items()},
    }


A = _report(
    {
        "x": _empire(100, 200, 0.431, 0.569, 30.0, 10.0),
        "y": _empire(60, 200, 0.2405, 0.3671, 25.0, 10.0),
        "z": _empire(40, 200, 0.1502, 0.2613, 20.0, 8.0),
    },
    {"conversions": 20, "rebellions": 100},
    seed=1,
)
B = _report(
    {
        "x": _empire(70, 200, 0.2876, 0.4184, 26.0, 10.0),
        "y": _empire(70, 200, 0.2876, 0.4184, 25.5, 10.0),
        "z": _empire(60, 200, 0.2405, 0.3671, 22.0, 8.0),
    },
    {"conversions": 60, "rebellions": 104, "raids": 0},
    seed=2,
)


@pytest.fixture
def report_files(tmp_path: Path) -> tuple[str, str]:
    paths = []
    for name, report in (("a", A), ("b", B)):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "report.json").write_text(json.dumps(report), encoding="utf-8")
        paths.append(str(folder / "report.json"))
    return paths[0], paths[1]


def test_win_rates_vp_and_events_with_their_tests() -> None:
    result = compare_reports(A, B)
    seats = {row["seat"]: row for row in result["seats"]}
    assert [row["seat"] for row in result["seats"]] == ["x", "y", "z"]
    # x: 100/200 -> 70/200; pooled 170/400, se = sqrt(.425 * .575 * 2/200) = 0.04943, z = 3.034
    assert seats["x"]["win_rate_change"] == -0.15
    assert seats["x"]["win_rate_p"] == 0.0024
    assert seats["x"]["win_rate_significant"] is True
    # y: 60 -> 70 wins: z = 1.068, not significant
    assert seats["y"]["win_rate_p"] == 0.2857
    assert seats["y"]["win_rate_significant"] is False
    # z: 40 -> 60 wins: pooled .25, z = 2.309, significant
    assert seats["z"]["win_rate_p"] == 0.0209
    assert seats["z"]["win_rate_significant"] is True
    # mean VP: x 30 -> 26 with sd 10 on both sides: se = 1, z = 4
    assert seats["x"]["mean_vp_change"] == -4.0
    assert seats["x"]["mean_vp_p"] == 0.0001
    assert seats["x"]["mean_vp_significant"] is True
    assert seats["y"]["mean_vp_p"] == 0.6171 and seats["y"]["mean_vp_significant"] is False
    assert seats["z"]["mean_vp_p"] == 0.0124 and seats["z"]["mean_vp_significant"] is True
    assert seats["x"]["a"]["win_rate_ci95"] == [0.431, 0.569]
    assert seats["x"]["name"] == "Aldmoor"
    events = {e["event"]: e for e in result["events"]}
    # conversions 0.1 -> 0.3 a game: pooled 0.2, se = sqrt(0.2/200 * 2) = 0.0447, z = 4.47
    assert events["conversions"] == {
        "event": "conversions",
        "a_per_game": 0.1,
        "b_per_game": 0.3,
        "change": 0.2,
        "p": 0.0,
        "significant": True,
    }
    assert events["rebellions"]["p"] == 0.7794 and not events["rebellions"]["significant"]
    assert events["raids"]["p"] == 1.0 and not events["raids"]["significant"]
    assert result["significant_events"] == ["conversions"]
    assert "two-proportion" in result["tests"]["win_rate"]


def test_a_seat_in_only_one_report_is_shown_without_a_test() -> None:
    b = json.loads(json.dumps(B))
    b["empires"]["w"] = b["empires"].pop("z")
    rows = {row["seat"]: row for row in compare_reports(A, b)["seats"]}
    assert rows["z"]["b"] is None and rows["z"]["win_rate_p"] is None
    assert rows["w"]["a"] is None and rows["w"]["win_rate_significant"] is False


def test_cli_json(report_files: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["playtest", "compare", *report_files, "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(json.dumps(compare_reports(A, B)))
    assert printed["a"]["seed"] == 1 and printed["b"]["seed"] == 2


def test_cli_text(report_files: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["playtest", "compare", *report_files]) == 0
    text = capsys.readouterr().out
    assert text == render_text(compare_reports(A, B))
    lines = {line.split()[0]: line for line in text.splitlines() if line.strip()}
    assert "50.0% [43.1–56.9]" in lines["Aldmoor"] and "35.0% [28.8–41.8]" in lines["Aldmoor"]
    assert "-15.0*" in lines["Aldmoor"] and "+5.0 " in lines["Kestria"]
    assert "conversions: 0.10 -> 0.30 (+0.20, p 0.0000)" in text
    assert "rebellions" not in text.split("Events per game")[1].split("*")[0]


def test_cli_unreadable_report_is_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "none.json")
    assert main(["playtest", "compare", missing, missing]) == 2
    assert "cannot read the report" in capsys.readouterr().err
