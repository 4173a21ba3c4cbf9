"""``mappa playtest --cluster tcp://HOST:PORT`` on a scheduler and workers that are processes of
their own, started with Dask's own commands as on other machines: the report of a local run byte
for byte, a worker killed mid-run changes nothing, a worker of another Mappa is refused by name."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from dask_processes import DaskProcesses

from model.cli import main
from model.playtest import cluster as cluster_module
from model.playtest.identity import identity
from model.playtest.journal import JOURNAL_NAME

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "default.mappa.json"
GAMES = 8
SEED = 5


def _playtest(out: Path, *extra: str) -> int:
    return main(
        ["playtest", str(SCENARIO), "--games", str(GAMES), "--seed", str(SEED), "--out", str(out), *extra]
    )


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DaskProcesses]:
    """`dask scheduler` and two `dask worker` processes (one thread each), stopped even on failure."""
    processes = DaskProcesses(tmp_path_factory.mktemp("dask"))
    try:
        processes.start_scheduler()
        for name in ("worker-1", "worker-2"):
            processes.start_worker(name)
        yield processes
    finally:
        processes.close()


@pytest.fixture(scope="module")
def client(cluster: DaskProcesses) -> Iterator[Any]:
    """The test's own client of the cluster, to watch its workers (not the one the run makes)."""
    with distributed.Client(cluster.address, timeout="60s") as watcher:
        watcher.wait_for_workers(2, timeout=120)
        yield watcher


@pytest.fixture(scope="module")
def local_report(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    out = tmp_path_factory.mktemp("local")
    assert _playtest(out, "--jobs", "1") == 0
    return (out / "report.json").read_bytes()


def _logged_games(out: Path) -> list[int]:
    lines = (out / JOURNAL_NAME).read_text().splitlines()[1:]
    return sorted(int(line.split(",")[0].split(":")[1]) for line in lines)


def test_a_scheduler_and_two_worker_processes_give_the_local_report(
    cluster: DaskProcesses, client: Any, local_report: bytes, tmp_path: Path
) -> None:
    assert len(client.nthreads()) == 2
    assert _playtest(tmp_path, "--cluster", cluster.address) == 0
    assert (tmp_path / "report.json").read_bytes() == local_report
    assert _logged_games(tmp_path) == list(range(GAMES))


def test_a_worker_killed_mid_run_changes_nothing(
    cluster: DaskProcesses, client: Any, local_report: bytes, tmp_path: Path
) -> None:
    before = set(client.nthreads())
    cluster.start_worker("victim")
    client.wait_for_workers(len(before) + 1, timeout=120)
    [victim] = set(client.nthreads()) - before
    killed: list[list[str]] = []
    done = threading.Event()

    def kill_when_it_plays() -> None:
        # SIGKILL the victim's nanny and worker process once it is playing games of the run.
        while not done.is_set():
            playing = [
                key for key in client.processing(workers=[victim]).get(victim, ()) if "-run-" not in key
            ]
            if playing:
                cluster.kill("victim")
                killed.append(playing)
                return
            time.sleep(0.01)

    killer = threading.Thread(target=kill_when_it_plays, daemon=True)
    killer.start()
    try:
        status = _playtest(tmp_path, "--cluster", cluster.address)
    finally:
        done.set()
        killer.join()
    assert killed, "the victim worker played no game of the run"
    assert cluster.processes["victim"].returncode is not None
    assert status == 0
    assert (tmp_path / "report.json").read_bytes() == local_report
    # Its games were played again elsewhere, each logged once.
    assert _logged_games(tmp_path) == list(range(GAMES))


def test_workers_of_another_mappa_are_refused_by_name(
    cluster: DaskProcesses,
    client: Any,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    here = identity()
    # This machine pretends to run another version; the scheduler and workers run the real one.
    monkeypatch.setattr(cluster_module, "identity", lambda: replace(here, version="9.9.9"))
    workers = sorted(client.nthreads())
    assert _playtest(tmp_path, "--cluster", cluster.address) == 2
    err = capsys.readouterr().err
    for worker in workers:
        assert f"worker {worker} runs Mappa {here.version}, this machine Mappa 9.9.9" in err
    assert f"the scheduler runs Mappa {here.version}, this machine Mappa 9.9.9" in err
    assert "pip install 'mappa[cluster]==9.9.9'" in err
    assert not (tmp_path / "report.json").exists()


def test_a_worker_with_other_code_of_the_same_version_is_refused(cluster: DaskProcesses, client: Any) -> None:
    other = replace(identity(), code="0123456789abcdef")
    with pytest.raises(cluster_module.WorkerMismatch) as refused:
        cluster_module.check_workers(client, cluster.address, other)
    message = str(refused.value)
    assert f"but its files differ (code digest {identity().code} there, 0123456789abcdef here" in message
    assert all(f"worker {worker}:" in message for worker in client.nthreads())


def test_a_run_whose_workers_all_died_stops_and_resumes_to_the_local_report(
    tmp_path: Path,
    local_report: bytes,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cluster_module, "WORKERS_TIMEOUT", 1.0)
    monkeypatch.setattr(cluster_module, "POLL_SECONDS", 0.2)
    lone = DaskProcesses(tmp_path)
    out = tmp_path / "out"
    try:
        lone.start_scheduler()
        lone.start_worker("only")
        with distributed.Client(lone.address, timeout="60s") as watcher:
            watcher.wait_for_workers(1, timeout=120)

            def kill_when_the_log_starts() -> None:  # the games are under way by then
                while not (out / JOURNAL_NAME).exists():
                    time.sleep(0.01)
                lone.kill("only")

            killer = threading.Thread(target=kill_when_the_log_starts, daemon=True)
            killer.start()
            status = _playtest(out, "--cluster", lone.address)
            killer.join(timeout=60)
    finally:
        lone.close()
    assert status == 2
    err = capsys.readouterr().err
    assert f"every worker left the Dask cluster at {lone.address} and none came back within 1 s" in err
    assert f"{out / JOURNAL_NAME}: run the same command with --resume" in err
    assert len(_logged_games(out)) < GAMES
    # Resumed here, without the cluster: only the rest is played, and the report is the whole one.
    assert _playtest(out, "--jobs", "1", "--resume") == 0
    assert (out / "report.json").read_bytes() == local_report
    assert _logged_games(out) == list(range(GAMES))
