"""Play-tests on a Dask cluster: the same report.json as a local run, and clear refusals."""

from __future__ import annotations

import random
import socket
import sys
from pathlib import Path

import pytest

from model.cli import main
from model.playtest import BalanceStats, GameResult
from model.playtest import cluster as cluster_module
from model.playtest.journal import JOURNAL_NAME

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "default.mappa.json"
SEATS = ("a", "b", "c")


def _playtest(out: Path, *extra: str, games: int = 6) -> int:
    return main(["playtest", str(DEFAULT), "--games", str(games), "--seed", "9", "--out", str(out), *extra])


def test_statistics_do_not_depend_on_the_order_games_are_folded_in() -> None:
    # Three-way ties (shares of 1/3) and scores such as 0.1: float sums taken in arrival order
    # differ in their last bits from one order to another; the report must not.
    results = [
        GameResult(
            i,
            i,
            {"a": 0.1 * (i % 7), "b": 0.3 * (i % 5), "c": 1 / 3 * (i % 4)},
            SEATS if i % 3 == 0 else ("a", "b") if i % 3 == 1 else ("c",),
            i % 9,
            100 + i,
            error="RuntimeError: stall" if i % 11 == 5 else None,
        )
        for i in range(60)
    ]
    figures = []
    for order in range(5):
        shuffled = list(results)
        random.Random(order).shuffle(shuffled)
        stats = BalanceStats(SEATS, (), ())
        for result in shuffled:
            stats.add(result)
        figures.append(repr(stats.to_json()))  # repr: every last bit of every float
    assert len(set(figures)) == 1
    assert "'game': 5," in figures[0] and figures[0].index("'game': 5,") < figures[0].index("'game': 16,")


def test_a_local_cluster_of_two_worker_processes_gives_the_local_report(tmp_path: Path) -> None:
    assert _playtest(tmp_path / "local", "--jobs", "1", "--coverage") == 0
    # Worker processes (spawned, as on a real cluster): the scenario and settings are pickled to
    # them and each builds its own Game, finding the ruleset by its entry point.
    assert _playtest(tmp_path / "cluster", "--cluster", "local:2", "--coverage") == 0
    local = (tmp_path / "local" / "report.json").read_bytes()
    assert (tmp_path / "cluster" / "report.json").read_bytes() == local
    assert b'"coverage"' in local
    logged = (tmp_path / "cluster" / JOURNAL_NAME).read_text().splitlines()
    assert len(logged) == 1 + 6  # a header, then one line per game
    assert sorted(int(line.split(",")[0].split(":")[1]) for line in logged[1:]) == list(range(6))


def test_worker_threads_give_the_local_report_too(tmp_path: Path) -> None:
    assert _playtest(tmp_path / "local", "--jobs", "2", games=5) == 0
    assert _playtest(tmp_path / "threads", "--cluster", "local-threads:3", games=5) == 0
    local = (tmp_path / "local" / "report.json").read_bytes()
    assert (tmp_path / "threads" / "report.json").read_bytes() == local


@pytest.mark.parametrize("address", ["banana", "tcp://host-without-port", "local:0", "local:two"])
def test_a_malformed_address_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], address: str
) -> None:
    assert _playtest(tmp_path / "out", "--cluster", address) == 2
    err = capsys.readouterr().err
    assert f"'{address}'" in err and "local:" in err
    assert not (tmp_path / "out").exists()


def test_an_unreachable_scheduler_is_named_with_what_to_do_and_the_log_is_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert _playtest(out, "--jobs", "1", games=2) == 0
    log = (out / JOURNAL_NAME).read_bytes()
    # Port 1 on this machine: nothing listens there, and the refusal comes at once (no retries).
    assert _playtest(out, "--cluster", "tcp://127.0.0.1:1", games=2) == 2
    err = capsys.readouterr().err
    assert (
        "cannot reach the Dask scheduler at tcp://127.0.0.1:1: nothing listens on port 1 of 127.0.0.1" in err
    )
    assert "`dask scheduler --port 1`" in err and "--cluster local:W" in err
    assert (out / JOURNAL_NAME).read_bytes() == log  # the earlier run's results are still there


def test_an_unknown_host_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # .invalid never resolves (RFC 2606).
    assert _playtest(tmp_path / "out", "--cluster", "tcp://no-such-scheduler.invalid:8786", games=2) == 2
    err = capsys.readouterr().err
    assert "at tcp://no-such-scheduler.invalid:8786: no machine is named 'no-such-scheduler.invalid'" in err
    assert not (tmp_path / "out").exists()


def test_a_port_that_is_not_a_scheduler_is_refused_after_the_connect_timeout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 0.5)
    # A port that accepts connections and never says a word (as a scheduler's machine whose port
    # another program holds): Dask's handshake times out.
    with socket.create_server(("127.0.0.1", 0)) as silent:
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        assert _playtest(tmp_path / "out", "--cluster", address, games=2) == 2
    err = capsys.readouterr().err
    assert (
        f"cannot reach the Dask scheduler at {address}: the port answers, but not as a Dask scheduler" in err
    )
    assert "8786" in err


def test_a_scheduler_without_workers_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(cluster_module, "WORKERS_TIMEOUT", 0.5)
    with distributed.LocalCluster(
        n_workers=0, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=":0"
    ) as empty:
        assert _playtest(tmp_path / "out", "--cluster", empty.scheduler_address, games=2) == 2
    err = capsys.readouterr().err
    assert f"the Dask scheduler at {empty.scheduler_address} has no workers" in err
    assert f"`dask worker {empty.scheduler_address}`" in err


def test_a_worker_that_joins_with_another_mappa_refuses_to_play() -> None:
    from dataclasses import replace

    from model import io
    from model.playtest import PlaytestConfig
    from model.playtest.identity import identity
    from model.rules import registry

    scenario = io.load(DEFAULT)
    spec = registry.get(scenario.ruleset.id)
    assert spec is not None
    run = ("key", io.dumps(scenario), PlaytestConfig(), spec, replace(identity(), version="9.9.9"))
    with pytest.raises(cluster_module.WorkerMismatch, match=r"Mappa [^ ]+ there, Mappa 9\.9\.9 here"):
        cluster_module.play_games(run, [(0, 1)])


def test_without_dask_the_message_says_how_to_install_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed raises ImportError
    assert _playtest(tmp_path / "out", "--cluster", "local:2") == 2
    assert "pip install 'mappa[cluster]'" in capsys.readouterr().err


def test_a_cluster_run_stopped_early_resumes_to_the_whole_report(tmp_path: Path) -> None:
    from model import io
    from model.playtest import PlaytestConfig, run_playtest

    assert _playtest(tmp_path / "whole", "--jobs", "1", games=8) == 0
    out = tmp_path / "stopped"
    played: list[int] = []
    stats = run_playtest(
        io.load(DEFAULT),
        PlaytestConfig(games=8, seed=9, cluster="local-threads:2"),
        progress=lambda done, total: played.append(done),
        should_stop=lambda: bool(played) and played[-1] >= 3,
        results_log=out / JOURNAL_NAME,
    )
    assert 3 <= stats.games < 8  # the tasks in flight were cancelled
    assert len((out / JOURNAL_NAME).read_text().splitlines()) == 1 + stats.games
    assert _playtest(out, "--cluster", "local-threads:2", "--resume", games=8) == 0
    assert (out / "report.json").read_bytes() == (tmp_path / "whole" / "report.json").read_bytes()
