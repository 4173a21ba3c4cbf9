"""A Dask scheduler and workers started as separate processes with Dask's own commands.

What a play-tester runs on the machines of a cluster (``dask scheduler``, ``dask worker ADDRESS``),
here all on this machine: the tests of ``mappa playtest --cluster tcp://...`` and
tests/bench/bench_cluster.py use it. Each process runs in a process group of its own, so ``kill``
takes a worker's nanny and its worker process down together, as a machine that fails would. Not a
session of its own: where the kernel shares the CPU among sessions first (autogroup), workers in
sessions of their own would get more of a busy machine than local processes, and the wall-time
comparison would measure that.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

DASK = Path(sys.executable).with_name("dask")
"""The ``dask`` command of the environment the tests run in (the same Mappa is installed there)."""

START_TIMEOUT = 120.0
"""Seconds to wait for a process to come up (the machine may be busy)."""

IDLE_TIMEOUT = 600.0
"""Seconds after which a scheduler without work, or a worker without its scheduler, ends itself."""


class DaskProcesses:
    """A scheduler on 127.0.0.1 and its workers; ``close`` stops every process left, whatever happened."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self._logs: list[IO[bytes]] = []
        self.address = ""

    def _start(self, name: str, args: list[str]) -> subprocess.Popen[bytes]:
        log = (self.folder / f"{name}.log").open("wb")  # a file, not a pipe nobody reads
        self._logs.append(log)
        process = subprocess.Popen(
            [str(DASK), *args], stdout=log, stderr=subprocess.STDOUT, cwd=self.folder, process_group=0
        )
        self.processes[name] = process
        return process

    def start_scheduler(self, *extra: str) -> str:
        """Start ``dask scheduler`` on a free port of 127.0.0.1 and return its address.

        ``extra`` are more options (``--protocol tls`` and the certificates for a scheduler over TLS).
        """
        info = self.folder / "scheduler.json"
        process = self._start(
            "scheduler",
            [
                "scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--no-dashboard",
                "--scheduler-file",
                str(info),
                # Left behind by a test run that was killed, it ends by itself.
                "--idle-timeout",
                f"{IDLE_TIMEOUT:g}s",
                *extra,
            ],
        )
        deadline = time.monotonic() + START_TIMEOUT
        while not info.exists() or not info.read_text():
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"dask scheduler did not start: {self.log('scheduler')}")
            time.sleep(0.05)
        self.address = str(json.loads(info.read_text())["address"])
        return self.address

    def start_worker(self, name: str, *extra: str) -> subprocess.Popen[bytes]:
        """Start ``dask worker ADDRESS`` (one worker process of one thread) named ``name``."""
        return self._start(
            name,
            [
                "worker",
                self.address,
                "--nworkers",
                "1",
                "--nthreads",
                "1",
                "--name",
                name,
                "--no-dashboard",
                "--death-timeout",
                f"{IDLE_TIMEOUT:g}s",
                *extra,
            ],
        )

    def kill(self, name: str) -> None:
        """SIGKILL a process and every process it started (a worker's nanny and its worker)."""
        process = self.processes[name]
        _signal_group(process.pid, signal.SIGKILL)
        process.wait()

    def log(self, name: str) -> str:
        """What a process printed so far (for failure messages)."""
        path = self.folder / f"{name}.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else ""

    def close(self) -> None:
        """Stop the workers, then the scheduler: SIGTERM, then SIGKILL whatever of their groups is left."""
        names = [name for name in self.processes if name != "scheduler"] + ["scheduler"]
        for name in names:
            process = self.processes.get(name)
            if process is None:
                continue
            if process.poll() is None:
                _signal_group(process.pid, signal.SIGTERM)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=10)
            # A worker process whose nanny is gone may linger in the group: no survivors.
            _signal_group(process.pid, signal.SIGKILL)
            process.wait()
        for log in self._logs:
            log.close()


def _signal_group(pid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError):  # the whole group has ended already
        os.killpg(pid, signum)
