"""Games needed for a wanted precision, and the handicap preview's intervals, from a known variance."""

from __future__ import annotations

import pytest

from model.playtest.precision import games_for_mean, games_for_proportion, handicap_preview


def test_games_for_a_mean_within_two_points() -> None:
    # sd 10 VP: (1.96 * 10 / 2)^2 = 96.04 games, so 97
    assert games_for_mean(10.0, 2.0) == 97
    assert games_for_mean(4.0, 2.0) == 16  # (1.96 * 2)^2 = 15.37
    assert games_for_mean(0.0, 2.0) == 1
    with pytest.raises(ValueError):
        games_for_mean(10.0, 0.0)


def test_games_for_a_win_rate_within_five_points() -> None:
    # p = 0.5: 1.96^2 * 0.25 / 0.05^2 = 384.15, so 385; p = 0.2: 245.9, so 246
    assert games_for_proportion(0.5, 0.05) == 385
    assert games_for_proportion(0.2, 0.05) == 246


def test_preview_rows_and_games_needed() -> None:
    report = {
        "finished": 25,
        "empires": {
            "a": {"win_rate": 0.6, "victory_points": {"mean": 30.0, "stdev": 10.0}},
            "b": {"win_rate": 0.4, "victory_points": {"mean": 20.0, "stdev": 5.0}},
        },
        "suggested_handicaps": {
            "target_mean_vp": 25.0,
            "empires": {
                "a": {"current": 1, "mean_vp": 30.0, "change": -5, "suggested": -4},
                "b": {"current": 0, "mean_vp": 20.0, "change": 5, "suggested": 5},
            },
        },
    }
    preview = handicap_preview(report)
    assert preview["games"] == 25
    # half-width 1.96 * 10 / sqrt(25) = 3.92 around 1 + (25 - 30) = -4
    assert preview["rows"][0] == {
        "empire": "a",
        "old": 1,
        "new": -4,
        "low": -7.92,
        "high": -0.08,
        "half_width": 3.92,
    }
    assert preview["rows"][1] == {
        "empire": "b",
        "old": 0,
        "new": 5,
        "low": 3.04,
        "high": 6.96,
        "half_width": 1.96,
    }
    assert preview["wide"] is True and preview["widest"] == 3.92
    assert preview["games_needed_vp"] == 97  # the widest spread (sd 10) decides
    assert preview["games_needed_win"] == 369  # p = 0.6: 1.96^2 * 0.24 / 0.0025 = 368.8
    assert handicap_preview(report, vp_half_width=4.0)["wide"] is False
