"""Resuming an interrupted play-test: the games logged are not played again, and the report equals
an uninterrupted run's byte for byte; a torn last line is dropped, a changed log is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from model import io
from model.cli import main
from model.playtest import PlaytestConfig, run_playtest
from model.playtest import runner as runner_module
from model.playtest.coverage import GameCoverage
from model.playtest.journal import JOURNAL_NAME, JournalError, result_from_json, result_to_json
from model.playtest.stats import GameResult

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "default.mappa.json"
SEED = 4


def _cli(out: Path, games: int, *extra: str) -> int:
    return main(
        ["playtest", str(DEFAULT), "--games", str(games), "--seed", str(SEED), "--out", str(out), *extra]
    )


def _interrupted(out: Path, games: int, after: int) -> None:
    """A run stopped after ``after`` games (as Ctrl+C or a kill between two games leaves it)."""
    played: list[int] = []
    run_playtest(
        io.load(DEFAULT),
        PlaytestConfig(games=games, jobs=1, seed=SEED),
        progress=lambda done, total: played.append(done),
        should_stop=lambda: bool(played) and played[-1] >= after,
        results_log=out / JOURNAL_NAME,
    )


def _logged(out: Path) -> list[str]:
    return (out / JOURNAL_NAME).read_text().splitlines()


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    out = tmp_path_factory.mktemp("whole")
    assert _cli(out, 6, "--jobs", "1") == 0
    return (out / "report.json").read_bytes()


def test_a_resumed_run_equals_an_uninterrupted_one_and_replays_no_game(
    tmp_path: Path, uninterrupted: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    _interrupted(tmp_path, 6, after=3)
    assert len(_logged(tmp_path)) == 1 + 3
    played: list[int] = []
    real = runner_module.play_game

    def counting(context: runner_module.GameContext, index: int, seed: int) -> GameResult:
        played.append(index)
        return real(context, index, seed)

    monkeypatch.setattr(runner_module, "play_game", counting)
    assert _cli(tmp_path, 6, "--jobs", "1", "--resume") == 0
    assert played == [3, 4, 5]
    assert (tmp_path / "report.json").read_bytes() == uninterrupted
    assert len(_logged(tmp_path)) == 1 + 6


def test_a_torn_last_line_is_dropped_and_its_game_played_again(tmp_path: Path, uninterrupted: bytes) -> None:
    _interrupted(tmp_path, 6, after=4)
    log = tmp_path / JOURNAL_NAME
    whole = log.read_bytes()
    log.write_bytes(whole[: whole.rindex(b"\n", 0, len(whole) - 1) + 40])  # killed mid-write of the last game
    assert _cli(tmp_path, 6, "--jobs", "2", "--resume") == 0
    assert (tmp_path / "report.json").read_bytes() == uninterrupted
    lines = _logged(tmp_path)
    assert len(lines) == 1 + 6 and all(json.loads(line) for line in lines)  # the torn part was cut
    assert sorted(json.loads(line)["index"] for line in lines[1:]) == list(range(6))


def test_a_last_line_without_its_newline_is_dropped_too(tmp_path: Path, uninterrupted: bytes) -> None:
    _interrupted(tmp_path, 6, after=2)
    log = tmp_path / JOURNAL_NAME
    log.write_bytes(log.read_bytes()[:-1])  # complete JSON, but its write never finished
    assert _cli(tmp_path, 6, "--jobs", "1", "--resume") == 0
    assert (tmp_path / "report.json").read_bytes() == uninterrupted


def test_resuming_with_more_games_extends_the_run(tmp_path: Path, uninterrupted: bytes) -> None:
    assert _cli(tmp_path, 4, "--jobs", "1") == 0
    assert _cli(tmp_path, 6, "--jobs", "1", "--resume") == 0
    assert (tmp_path / "report.json").read_bytes() == uninterrupted


def test_resume_without_a_log_starts_afresh(tmp_path: Path, uninterrupted: bytes) -> None:
    assert _cli(tmp_path, 6, "--jobs", "1", "--resume") == 0
    assert (tmp_path / "report.json").read_bytes() == uninterrupted


def test_a_log_of_another_run_or_changed_in_the_middle_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _interrupted(tmp_path, 6, after=3)
    log = tmp_path / JOURNAL_NAME
    before = log.read_bytes()
    assert (
        main(["playtest", str(DEFAULT), "--games", "6", "--seed", "5", "--out", str(tmp_path), "--resume"])
        == 2
    )
    err = capsys.readouterr().err
    assert "from another run (seed 4 here, 5 now)" in err and "without --resume" in err
    assert log.read_bytes() == before  # refusing leaves the log as it was
    lines = before.decode().splitlines(keepends=True)
    lines[2] = lines[2][:20] + "\n"
    log.write_text("".join(lines))
    assert _cli(tmp_path, 6, "--jobs", "1", "--resume") == 2
    assert "line 3 is not a game result" in capsys.readouterr().err
    log.write_text("not a log\n")
    with pytest.raises(JournalError, match="not a play-test results log"):
        run_playtest(io.load(DEFAULT), PlaytestConfig(games=1, seed=SEED), results_log=log, resume=True)


def test_a_result_survives_its_line_whole() -> None:
    coverage = GameCoverage()
    coverage.decisions["a", "main"] += 3
    coverage.legal["a", "main", "move"] += 2
    coverage.chosen["a", "main", "move"] += 1
    coverage.crossings["strait-1"] += 2
    result = GameResult(
        index=7,
        seed=123,
        scores={"a": 2.5, "b": 1 / 3},
        winners=("a",),
        rounds=9,
        actions=310,
        owner_changes={"x": 2},
        connections_used=frozenset({"c1", "c2"}),
        counters={"rebellions": 1},
        coverage=coverage,
    )
    line = json.dumps(result_to_json(result))
    assert result_from_json(json.loads(line)) == (result, None)
    failed = GameResult(3, 4, {}, (), 0, 12, error="RuntimeError: stall", replay={"actions": []})
    back, replay = result_from_json(json.loads(json.dumps(result_to_json(failed, "game-00003.replay.json"))))
    assert replay == "game-00003.replay.json" and back.error == failed.error and back.replay is None


def test_engine_errors_and_their_replays_survive_a_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from model.bots import base
    from model.rules.protocol import IllegalActionError

    def broken(self: base.RandomBot, state: object) -> object:
        raise IllegalActionError("conquer nowhere", "no such area")

    monkeypatch.setattr(base.RandomBot, "choose", broken)
    whole, resumed = tmp_path / "whole", tmp_path / "resumed"
    assert _cli(whole, 3, "--jobs", "1", "--level", "random") == 1
    played: list[int] = []
    run_playtest(
        io.load(DEFAULT),
        PlaytestConfig(games=3, jobs=1, seed=SEED, default_level="random"),
        progress=lambda done, total: played.append(done),
        should_stop=lambda: bool(played) and played[-1] >= 2,
        replay_dir=resumed / "replays",
        results_log=resumed / JOURNAL_NAME,
    )
    assert _cli(resumed, 3, "--jobs", "1", "--level", "random", "--resume") == 1
    report = (resumed / "report.json").read_bytes()
    assert report == (whole / "report.json").read_bytes()
    errors = json.loads(report)["errors"]
    assert [e["replay"] for e in errors] == [f"game-0000{i}.replay.json" for i in range(3)]
    assert "3 games hit engine errors" in capsys.readouterr().out


def test_a_log_cut_in_its_header_starts_afresh(tmp_path: Path, uninterrupted: bytes) -> None:
    tmp_path.joinpath(JOURNAL_NAME).write_bytes(b'{"mappa_playtest_log":1,"scen')
    assert _cli(tmp_path, 6, "--jobs", "1", "--resume") == 0
    assert (tmp_path / "report.json").read_bytes() == uninterrupted
    assert len(_logged(tmp_path)) == 1 + 6


def test_a_killed_run_resumes_to_the_uninterrupted_report(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    args = [
        "playtest",
        str(DEFAULT),
        "--games",
        "30",
        "--seed",
        str(SEED),
        "--level",
        "random",
        "--jobs",
        "1",
    ]
    assert main([*args, "--out", str(tmp_path / "whole")]) == 0
    out = tmp_path / "killed"
    command = [sys.executable, "-m", "model.cli", *args, "--out", str(out)]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        log = out / JOURNAL_NAME
        while process.poll() is None and (not log.exists() or log.read_bytes().count(b"\n") < 6):
            time.sleep(0.01)
        os.kill(process.pid, signal.SIGKILL)  # no cleanup at all: as a crash or a lost machine
    finally:
        process.wait()
    assert main([*args, "--out", str(out), "--resume"]) == 0
    assert (out / "report.json").read_bytes() == (tmp_path / "whole" / "report.json").read_bytes()
