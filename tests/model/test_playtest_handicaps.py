"""Suggested handicaps of the balance report, and the op that sets several empires' attributes."""

from __future__ import annotations

from pathlib import Path

import pytest

from model import io, ops
from model.playtest import BalanceStats, GameResult
from model.playtest.report import build_report, current_handicaps, handicap_suggestions, render_html
from model.playtest.stats import HANDICAP_METHOD, suggest_handicaps

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "default.mappa.json"
SEASONS = ROOT / "scenarios" / "seasons-isles.mappa.json"
SEATS = ("aldmoor_kingdom", "kestrian_duchy", "sarnian_league")


def test_each_mean_moves_to_the_mean_of_means() -> None:
    result = suggest_handicaps({"a": 10.0, "b": 20.0, "c": 33.0}, {"a": 0, "b": 5, "c": -4})
    assert result["target_mean_vp"] == 21.0
    assert result["method"] == HANDICAP_METHOD
    assert result["empires"] == {
        "a": {"current": 0, "mean_vp": 10.0, "change": 11, "suggested": 11},
        "b": {"current": 5, "mean_vp": 20.0, "change": 1, "suggested": 6},
        "c": {"current": -4, "mean_vp": 33.0, "change": -12, "suggested": -16},
    }


def test_halves_round_away_from_zero_and_missing_handicaps_count_as_zero() -> None:
    result = suggest_handicaps({"a": 10.0, "b": 11.0}, {})
    assert result["target_mean_vp"] == 10.5
    assert {p: d["change"] for p, d in result["empires"].items()} == {"a": 1, "b": -1}
    assert suggest_handicaps({}, {})["empires"] == {}


def _stats(score_lists: dict[str, list[float]]) -> BalanceStats:
    """Statistics of games with these final scores (game i: each seat's i-th score)."""
    stats = BalanceStats(SEATS, (), ())
    games = len(next(iter(score_lists.values())))
    for i in range(games):
        scores = {seat: score_lists[seat][i] for seat in SEATS}
        best = max(scores.values())
        stats.add(GameResult(i, i, scores, tuple(s for s in SEATS if scores[s] == best), 10, 100))
    return stats


def test_known_score_lists_give_known_suggestions_with_the_scenarios_handicaps() -> None:
    scenario = io.load(DEFAULT)
    ops.set_attributes(scenario, "empire", "kestrian_duchy", "handicap", 3)
    assert current_handicaps(scenario) == {"aldmoor_kingdom": 0, "kestrian_duchy": 3, "sarnian_league": 0}
    stats = _stats(
        {
            "aldmoor_kingdom": [40, 50, 60, 50],  # mean 50
            "kestrian_duchy": [20, 30, 25, 25],  # mean 25
            "sarnian_league": [30, 31, 32, 33],  # mean 31.5
        }
    )
    stats.add(GameResult(4, 4, {}, (), 0, 3, error="RuntimeError: boom"))  # errors do not count
    report = build_report(scenario, stats.to_json(), {"seed": 1})
    suggested = report["suggested_handicaps"]
    assert suggested["target_mean_vp"] == pytest.approx(35.5)
    assert {p: (d["current"], d["change"], d["suggested"]) for p, d in suggested["empires"].items()} == {
        "aldmoor_kingdom": (0, -15, -15),  # 35.5 - 50 = -14.5, away from zero
        "kestrian_duchy": (3, 11, 14),  # 35.5 - 25 = 10.5
        "sarnian_league": (0, 4, 4),
    }
    page = render_html(scenario, report)
    assert "Suggested handicaps" in page and "<b>+14</b>" in page
    assert "run the report again" in page


def test_no_suggestion_without_finished_games_or_without_a_handicap_attribute() -> None:
    scenario = io.load(DEFAULT)
    stats = BalanceStats(SEATS, (), ())
    stats.add(GameResult(0, 0, {}, (), 0, 3, error="RuntimeError: boom"))
    assert handicap_suggestions(scenario, stats.to_json()) is None
    assert "suggested_handicaps" not in build_report(scenario, stats.to_json(), {})
    seasons = io.load(SEASONS)
    assert current_handicaps(seasons) is None


def test_set_empires_attributes_is_one_exactly_reversible_step() -> None:
    scenario = io.load(DEFAULT)
    ops.set_attributes(scenario, "empire", "sarnian_league", "handicap", 7)
    before = io.dumps(scenario)
    change = ops.set_empires_attributes(
        scenario,
        {
            "aldmoor_kingdom": {"handicap": -12},
            "kestrian_duchy": {"handicap": 9},
            "sarnian_league": {"handicap": 0},
        },
    )
    assert current_handicaps(scenario) == {"aldmoor_kingdom": -12, "kestrian_duchy": 9, "sarnian_league": 0}
    league = next(e for e in scenario.setup.empires if e.id == "sarnian_league")
    assert "handicap" not in league.attributes  # the default is not written
    assert change.touched.empires == frozenset(SEATS)
    after = io.dumps(scenario)
    redo = change.revert(scenario)
    assert io.dumps(scenario) == before
    redo.revert(scenario)
    assert io.dumps(scenario) == after


def test_set_empires_attributes_refuses_bad_input_and_changes_nothing() -> None:
    scenario = io.load(DEFAULT)
    before = io.dumps(scenario)
    with pytest.raises(ops.InvalidValueError, match="kestrian_duchy"):
        ops.set_empires_attributes(
            scenario, {"aldmoor_kingdom": {"handicap": 4}, "kestrian_duchy": {"handicap": "lots"}}
        )
    with pytest.raises(ops.UnknownIdError, match="nobody"):
        ops.set_empires_attributes(scenario, {"aldmoor_kingdom": {"handicap": 4}, "nobody": {"handicap": 1}})
    with pytest.raises(ops.PreconditionError):
        ops.set_empires_attributes(scenario, {})
    assert io.dumps(scenario) == before
