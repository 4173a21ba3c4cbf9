"""``mappa playtest handicaps FILE OUT``: handicaps that even out the win rates of a finished run,
read off the final scores in its results log (``model.playtest.win_handicaps``)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.cli import main
from model.playtest.journal import JOURNAL_NAME
from model.playtest.win_handicaps import even_win_handicaps, win_shares

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "default.mappa.json"
Capture = pytest.CaptureFixture[str]


def test_a_steady_empire_gets_the_point_that_evens_out_the_wins() -> None:
    # a scores 10 every game; b 8, 9, 9 and 12: a wins three games of four.
    games = [{"a": 10.0, "b": b} for b in (8.0, 9.0, 9.0, 12.0)]
    result = even_win_handicaps(games, {"a": 0, "b": 0})
    assert result["games"] == 4
    # One point less for a ties games 2 and 3 (shared), so each wins two games' worth.
    assert result["empires"] == {
        "a": {"current": 0, "suggested": -1, "change": -1, "wins_now": 0.75, "wins_after": 0.5},
        "b": {"current": 0, "suggested": 0, "change": 0, "wins_now": 0.25, "wins_after": 0.5},
    }


def test_scores_include_the_current_handicaps_and_the_sum_is_kept() -> None:
    # The same games with a +20 handicap for b already in its scores (b: 28, 29, 29, 32).
    games = [{"a": 10.0, "b": b + 20.0} for b in (8.0, 9.0, 9.0, 12.0)]
    result = even_win_handicaps(games, {"a": 0, "b": 20})
    rows = result["empires"]
    assert rows["a"]["wins_now"] == 0.0 and rows["b"]["wins_now"] == 1.0
    assert rows["a"]["wins_after"] == rows["b"]["wins_after"] == 0.5
    assert rows["b"]["suggested"] - rows["a"]["suggested"] == 1  # as in the test above
    assert abs(rows["a"]["suggested"] + rows["b"]["suggested"] - 20) <= 1


def test_no_games_no_suggestion() -> None:
    assert even_win_handicaps([], {"a": 3})["empires"] == {}


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.lists(st.integers(min_value=-5, max_value=60), min_size=3, max_size=3), min_size=1, max_size=40
    ),
    st.lists(st.integers(min_value=-30, max_value=30), min_size=3, max_size=3),
)
def test_the_suggestion_never_leaves_wins_less_even(scores: list[list[int]], current: list[int]) -> None:
    names = ("x", "y", "z")
    games = [dict(zip(names, map(float, row), strict=True)) for row in scores]
    result = even_win_handicaps(games, dict(zip(names, current, strict=True)))
    rows = [result["empires"][n] for n in names]

    def misfit(key: str) -> float:
        return sum((row[key] - 1 / 3) ** 2 for row in rows)

    assert misfit("wins_after") <= misfit("wins_now") + 1e-9
    assert abs(sum(row["suggested"] for row in rows) - sum(current)) <= len(names)
    raw = np.array(scores, dtype=float) - np.array(current, dtype=float)
    shares = win_shares(raw, np.array([row["suggested"] for row in rows], dtype=float))
    assert [round(float(s), 4) for s in shares] == [row["wins_after"] for row in rows]


def test_the_command_reads_a_run_and_prints_the_table(tmp_path: Path, capsys: Capture) -> None:
    out = tmp_path / "run"
    run = ["playtest", str(DEFAULT), "--games", "12", "--seed", "5", "--jobs", "1", "-o", str(out)]
    assert main(run) == 0
    capsys.readouterr()
    assert main(["playtest", "handicaps", str(DEFAULT), str(out), "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    lines = (out / JOURNAL_NAME).read_text(encoding="utf-8").splitlines()[1:]
    scores = [json.loads(line)["scores"] for line in lines]
    handicaps = {e: row["current"] for e, row in printed["empires"].items()}
    assert printed == even_win_handicaps(scores, handicaps)
    assert printed["games"] == 12 and sorted(printed["empires"]) == sorted(scores[0])
    assert main(["playtest", "handicaps", str(DEFAULT), str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Handicaps that even out the win rates of 12 games of default.mappa.json:")
    assert "Aldmoor" in text and "wins now -> with it" in text


def test_games_of_another_scenario_are_refused_by_name(tmp_path: Path, capsys: Capture) -> None:
    out = tmp_path / "run"
    assert main(["playtest", str(DEFAULT), "--games", "3", "--seed", "5", "--jobs", "1", "-o", str(out)]) == 0
    other = tmp_path / "edited.mappa.json"
    edited = json.loads(DEFAULT.read_text(encoding="utf-8"))
    edited["metadata"]["title"] += " (edited)"  # another version of the scenario
    other.write_text(json.dumps(edited), encoding="utf-8")
    capsys.readouterr()
    assert main(["playtest", "handicaps", str(other), str(out)]) == 2
    error = capsys.readouterr().err
    assert "games.jsonl: the games were played on another scenario or another version of edited" in error
    assert main(["playtest", "handicaps", str(DEFAULT), str(tmp_path / "nowhere")]) == 2
    error = capsys.readouterr().err
    assert "nowhere" in error and "games.jsonl: cannot read the results log" in error


def test_a_run_of_a_file_not_saved_by_mappa_is_its_own_scenario(tmp_path: Path, capsys: Capture) -> None:
    # The run names the scenario by its canonical text (what Mappa would save), not the file's
    # bytes: a file written by hand or by another tool (other indentation) is still the same
    # scenario for ``handicaps``, as it is for ``--resume``.
    scenario = tmp_path / "by-hand.mappa.json"
    scenario.write_text(
        json.dumps(json.loads(DEFAULT.read_text(encoding="utf-8")), indent=4), encoding="utf-8"
    )
    out = tmp_path / "run"
    run = ["playtest", str(scenario), "--games", "3", "--seed", "5", "--jobs", "1", "-o", str(out)]
    assert main(run) == 0
    capsys.readouterr()
    assert main(["playtest", "handicaps", str(scenario), str(out), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3
