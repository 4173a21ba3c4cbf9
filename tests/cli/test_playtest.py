"""The balance report: deterministic figures, streamed statistics, engine errors kept as replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from model import io
from model.cli import main
from model.playtest import BalanceStats, GameResult, PlaytestConfig, PlaytestError, parse_seats, run_playtest
from model.playtest.stats import Histogram, wilson_interval
from model.rules.protocol import IllegalActionError

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "default.mappa.json"


def test_wilson_interval_matches_the_textbook_values() -> None:
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson_interval(0, 0) == (0.0, 0.0)
    low, high = wilson_interval(10, 10)
    assert high == pytest.approx(1.0) and round(low, 4) == 0.7225


def test_histogram_summary() -> None:
    histogram = Histogram()
    for value in (1, 2, 2, 3, 10):
        histogram.add(value)
    summary = histogram.to_json()
    assert summary["mean"] == 3.6
    assert summary["median"] == 2
    assert summary["max"] == 10
    assert summary["distribution"] == [[1, 1], [2, 2], [3, 1], [10, 1]]


def test_ties_share_the_win_and_errors_are_counted() -> None:
    stats = BalanceStats(("a", "b"), ("x",), ("c1",))
    stats.add(GameResult(0, 1, {"a": 5, "b": 5}, ("a", "b"), 3, 40, {"x": 2}, frozenset({"c1"})))
    stats.add(GameResult(1, 2, {"a": 7, "b": 1}, ("a",), 4, 50))
    stats.add(GameResult(2, 3, {}, (), 0, 9, error="RuntimeError: boom"))
    figures = stats.to_json()
    assert figures["empires"]["a"]["wins"] == 1.5
    assert figures["empires"]["a"]["outright_wins"] == 1
    assert figures["empires"]["b"]["win_rate"] == 0.25
    assert figures["engine_errors"] == 1 and figures["finished"] == 2
    assert figures["area_changes"]["x"] == {"total": 2, "per_game": 1.0}
    assert figures["unused_connections"] == []


def test_parse_seats() -> None:
    assert parse_seats("a=random, b=heuristic") == {"a": "random", "b": "heuristic"}
    with pytest.raises(PlaytestError, match="PLAYER=LEVEL"):
        parse_seats("a")


def test_unknown_seat_and_level_are_refused_with_the_choices() -> None:
    scenario = io.load(DEFAULT)
    with pytest.raises(PlaytestError, match="no seat nobody"):
        run_playtest(scenario, PlaytestConfig(games=1, seats={"nobody": "random"}))
    seat = scenario.setup.empires[0].id
    with pytest.raises(PlaytestError, match="levels: random, mcts, heuristic"):
        run_playtest(scenario, PlaytestConfig(games=1, seats={seat: "grandmaster"}))


def test_same_seed_same_figures_whatever_the_number_of_jobs() -> None:
    scenario = io.load(DEFAULT)
    one = run_playtest(scenario, PlaytestConfig(games=6, jobs=1, seed=11)).to_json()
    two = run_playtest(scenario, PlaytestConfig(games=6, jobs=2, seed=11)).to_json()
    assert one == two
    assert one["games"] == 6 and one["engine_errors"] == 0
    assert sum(e["wins"] for e in one["empires"].values()) == pytest.approx(6)
    other = run_playtest(scenario, PlaytestConfig(games=6, jobs=1, seed=12)).to_json()
    assert other != one


def test_engine_error_becomes_a_replay_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from model.bots import base

    def broken(self: base.RandomBot, state: object) -> object:
        raise IllegalActionError("conquer nowhere", "no such area")

    monkeypatch.setattr(base.RandomBot, "choose", broken)
    scenario = io.load(DEFAULT)
    stats = run_playtest(
        scenario, PlaytestConfig(games=2, jobs=1, default_level="random"), replay_dir=tmp_path
    )
    assert stats.error_count == 2
    replay = json.loads((tmp_path / "game-00000.replay.json").read_text())
    assert "no such area" in replay["error"] and replay["seed"] == stats.errors[0]["seed"]


def test_cli_writes_identical_reports_on_two_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    args = ["playtest", str(DEFAULT), "--games", "4", "--jobs", "1", "--seed", "5"]
    assert main([*args, "--out", str(first)]) == 0
    assert main([*args, "--jobs", "2", "--out", str(second)]) == 0
    assert (first / "report.json").read_bytes() == (second / "report.json").read_bytes()
    page = (first / "report.html").read_text()
    assert "<svg" in page and "Balance report" in page
    out = capsys.readouterr().out
    assert "report.json" in out
    # The suggested handicaps: every empire's mean final score moved to the mean of the means.
    report = json.loads((first / "report.json").read_text())
    suggested = report["suggested_handicaps"]
    assert set(suggested["empires"]) == set(report["empires"])
    means = {p: d["victory_points"]["mean"] for p, d in report["empires"].items()}
    assert suggested["target_mean_vp"] == pytest.approx(sum(means.values()) / len(means), abs=1e-3)
    for player, hint in suggested["empires"].items():
        assert hint["mean_vp"] == means[player] and hint["current"] == 0
        assert abs(hint["mean_vp"] + hint["change"] - suggested["target_mean_vp"]) <= 0.5
        assert hint["suggested"] == hint["current"] + hint["change"]
        assert f"handicap +0 -> {hint['suggested']:+d}" in out
    assert "Suggested handicaps" in page and "first-order" in page
