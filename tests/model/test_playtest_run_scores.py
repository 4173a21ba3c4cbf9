"""The final scores a run's results log holds (``model.playtest.run_scores``), and the preview of
the handicaps that even out win rates (``model.playtest.precision.even_win_preview``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.playtest import GameResult, wilson_interval
from model.playtest.journal import JOURNAL_NAME, JournalError, ResultsLog, run_header
from model.playtest.precision import even_win_preview
from model.playtest.run_scores import OtherRunError, OtherScenarioError, logged_scores
from model.playtest.win_handicaps import even_win_handicaps

TEXT = '{"a scenario": 1}\n'


def _result(index: int, a: float, b: float, error: str | None = None) -> GameResult:
    winners = ("a",) if a >= b else ("b",)
    return GameResult(index, index, {"a": a, "b": b}, winners, 10, 100, error=error)


def _write(folder: Path, results: list[GameResult]) -> None:
    with ResultsLog.create(folder / JOURNAL_NAME, run_header(TEXT, "eotma", 1, {"a": "heuristic"})) as log:
        for result in results:
            log.append(result)


def test_the_scores_of_finished_games_by_game_number(tmp_path: Path) -> None:
    # Logged as they finished (2 before 0); game 1 hit an engine error; game 2 is logged twice.
    _write(tmp_path, [_result(2, 7, 9), _result(0, 10, 8), _result(1, 0, 0, "Boom"), _result(2, 1, 1)])
    assert logged_scores(tmp_path, TEXT) == [{"a": 10.0, "b": 8.0}, {"a": 7.0, "b": 9.0}]
    assert logged_scores(tmp_path) == logged_scores(tmp_path, TEXT)  # no scenario: no check


def test_a_game_logged_twice_is_read_as_a_resumed_run_folds_it(tmp_path: Path) -> None:
    # A resumed run folds the first record of a game (``runner._resume``), an engine error too:
    # the report counts game 1 as an error, so its later record is not one of the games either.
    _write(tmp_path, [_result(1, 0, 0, "Boom"), _result(0, 10, 8), _result(1, 5, 3)])
    assert logged_scores(tmp_path, TEXT) == [{"a": 10.0, "b": 8.0}]


def test_a_log_of_another_scenario_or_none_is_a_journal_error(tmp_path: Path) -> None:
    _write(tmp_path, [_result(0, 10, 8)])
    with pytest.raises(OtherScenarioError, match=r"games\.jsonl: the games were played on another scenario"):
        logged_scores(tmp_path, TEXT + " ")
    with pytest.raises(
        OtherRunError, match=r"games\.jsonl: the games are of the run with seed 1, not seed 2"
    ):
        logged_scores(tmp_path, TEXT, seed=2)
    assert logged_scores(tmp_path, TEXT, seed=1) == [{"a": 10.0, "b": 8.0}]
    with pytest.raises(JournalError, match="cannot read the results log"):
        logged_scores(tmp_path / "nowhere")


def test_the_even_win_preview_rows_carry_the_suggestion_and_a_wilson_interval() -> None:
    games = [{"a": 10.0, "b": b} for b in (8.0, 9.0, 9.0, 12.0)]
    suggestion = even_win_handicaps(games, {"a": 2, "b": 0})
    preview = even_win_preview(suggestion)
    assert preview["games"] == 4
    low, high = wilson_interval(2.0, 4)  # each side wins two games of four with it
    assert preview["rows"] == [
        {
            "empire": "a",
            "old": 2,
            "new": suggestion["empires"]["a"]["suggested"],
            "wins_now": 0.75,
            "wins_after": 0.5,
            "low": round(low, 4),
            "high": round(high, 4),
        },
        {
            "empire": "b",
            "old": 0,
            "new": suggestion["empires"]["b"]["suggested"],
            "wins_now": 0.25,
            "wins_after": 0.5,
            "low": round(low, 4),
            "high": round(high, 4),
        },
    ]
    assert (round(low, 4), round(high, 4)) == (0.15, 0.85)
    assert even_win_preview(even_win_handicaps([], {"a": 0})) == {"games": 0, "rows": []}


def test_a_log_changed_in_its_middle_names_the_line_and_asks_for_a_new_run_not_a_resume(
    tmp_path: Path,
) -> None:
    # Reading a finished run's scores resumes nothing, so the resume advice would mislead there.
    _write(tmp_path, [_result(0, 10, 8), _result(1, 7, 9)])
    path = tmp_path / JOURNAL_NAME
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(lines[0] + b'{"index": "x"}\n' + lines[2])
    with pytest.raises(JournalError) as caught:
        logged_scores(tmp_path, TEXT)
    message = str(caught.value)
    assert "line 2 is not a game result" in message
    assert message.endswith(
        "; play the run again to write a new log (its games' scores are read from this one)"
    )
    assert "--resume" not in message
