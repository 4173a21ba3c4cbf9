"""Play-test games on a Dask distributed cluster (``mappa playtest --cluster ADDRESS``).

``ADDRESS`` is a running scheduler (``tcp://host:8786``; start one with ``dask scheduler`` and
workers with ``dask worker tcp://host:8786`` on machines where Mappa is installed), or
``local:W`` for a ``LocalCluster`` of W worker processes on this machine (``local-threads:W``:
W worker threads in this process, which the tests use because it starts in a blink).

The scenario and the settings are scattered to every worker once; each task plays a few
consecutive games and returns their small ``GameResult``. Tasks are submitted a bounded window at
a time and their results taken with ``as_completed`` as they arrive, so the client holds a few
tasks' results at most, however many games the run has. A worker builds the Game once per run and
reuses it for every task of that run.

Dask is an optional dependency (the ``cluster`` extra): this module imports it only when a
cluster is asked for and says how to install it when it is missing.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from itertools import islice
from typing import TYPE_CHECKING, Any

from model.playtest.runner import PlaytestConfig, PlaytestError, build_context, play_game
from model.playtest.stats import GameResult
from model.rules import registry

if TYPE_CHECKING:
    from model.playtest.runner import GameContext

Client = Any
"""A ``distributed.Client`` (typed loosely: most of its methods carry no annotations)."""

CONNECT_TIMEOUT = "10s"
"""How long to wait for a remote scheduler before saying it cannot be reached."""

LOCAL = "local:"
LOCAL_THREADS = "local-threads:"


class ClusterError(PlaytestError):
    """A cluster that cannot be used: a malformed or unreachable address, Dask missing, a worker
    that cannot play the games."""


def is_local(address: str) -> bool:
    """Return whether ``address`` asks for a cluster started on this machine (``local:W``)."""
    return address.startswith((LOCAL, LOCAL_THREADS))


def _local_workers(address: str) -> tuple[int, bool]:
    """Return (workers, processes) of a ``local:W`` or ``local-threads:W`` address."""
    prefix = LOCAL_THREADS if address.startswith(LOCAL_THREADS) else LOCAL
    count = address[len(prefix) :]
    if not count.isdigit() or int(count) < 1:
        raise ClusterError(
            f"cluster address {address!r}: {prefix}W needs a number of workers of at least 1 (e.g. {prefix}4)"
        )
    return int(count), prefix == LOCAL


def check_address(address: str) -> None:
    """Refuse what cannot be a scheduler address before trying to connect to it."""
    if is_local(address):
        _local_workers(address)
        return
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    host, colon, port = rest.rpartition(":")
    if scheme not in ("tcp", "tls", "ws", "wss", "inproc") or not colon or not host or not port.isdigit():
        raise ClusterError(
            f"cluster address {address!r} is not a Dask scheduler address: give tcp://HOST:PORT (a "
            "scheduler started with `dask scheduler`, port 8786 by default) or local:W for W worker "
            "processes on this machine"
        )


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError as error:
        raise ClusterError(
            "playing on a cluster needs Dask: install Mappa with its cluster extra "
            "(pip install 'mappa[cluster]'), or leave the cluster address empty to play locally"
        ) from error
    # Dask logs every scheduler and worker event at INFO on stderr; a play-test shows its own
    # progress, so only Dask's warnings and errors get through.
    logging.getLogger("distributed").setLevel(logging.WARNING)
    return distributed


def connect(address: str, stack: ExitStack) -> Client:
    """Return a client of the cluster at ``address`` (closed, with any local cluster, by ``stack``)."""
    check_address(address)
    distributed = _import_distributed()
    if is_local(address):
        workers, processes = _local_workers(address)
        cluster = stack.enter_context(
            distributed.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=processes,
                dashboard_address=None,
                # No dashboard; the scheduler's small HTTP server (health checks) on a free port,
                # not on 8787, which another cluster on this machine may hold.
                scheduler_kwargs={"dashboard_address": ":0"},
                silence_logs=logging.ERROR,
            )
        )
        return stack.enter_context(distributed.Client(cluster))
    try:
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(
            f"cannot reach the Dask scheduler at {address} ({type(error).__name__}: {error}): check the "
            "address and that `dask scheduler` runs there with workers attached (`dask worker "
            f"{address}`), or use --cluster local:W to start W workers on this machine"
        ) from error
    stack.enter_context(client)
    return client


# --- on the workers ---------------------------------------------------------------------------

_CONTEXTS = threading.local()
"""Per worker thread: ``run`` (the run's key) and ``context`` (its Game). A worker thread builds
its own Game, so threads of one worker never share a Game's caches."""


def _worker_context(run: tuple[str, str, PlaytestConfig, registry.RulesetSpec]) -> GameContext:
    """The worker thread's Game for a run, built by the first task of the run it sees and kept."""
    key, scenario_text, config, spec = run
    if getattr(_CONTEXTS, "run", None) != key:
        # A ruleset the client registered by hand has no entry point a worker would find.
        if registry.get(spec.id) is None:
            registry.register(spec)
        from model import io

        _CONTEXTS.context = build_context(io.loads(scenario_text), config)  # replaces the last run's
        _CONTEXTS.run = key
    context: GameContext = _CONTEXTS.context
    return context


def play_games(
    run: tuple[str, str, PlaytestConfig, registry.RulesetSpec], jobs: list[tuple[int, int]]
) -> list[GameResult]:
    """Play the ``(index, seed)`` games of one task on a worker (the task's function)."""
    context = _worker_context(run)
    return [play_game(context, index, seed) for index, seed in jobs]


# --- on the client ----------------------------------------------------------------------------


def _chunks(jobs: Iterator[tuple[int, int]], size: int) -> Iterator[list[tuple[int, int]]]:
    while chunk := list(islice(jobs, size)):
        yield chunk


def run_on_cluster(
    client: Client,
    context: GameContext,
    config: PlaytestConfig,
    jobs: Iterable[tuple[int, int]],
    pending: int,
    should_stop: Callable[[], bool] | None = None,
) -> Iterator[GameResult]:
    """Play ``jobs`` (``pending`` of them) on the cluster and yield each result as it arrives.

    At most a few tasks per worker are in flight at a time, so neither the client nor the
    scheduler ever holds the whole run. ``should_stop`` is polled as results arrive; when it
    answers yes, the tasks in flight are cancelled and the iterator ends.
    """
    distributed = _import_distributed()
    workers = max(1, sum(client.nthreads().values()))
    spec = registry.get(context.ruleset)
    key = hashlib.sha256(f"{context.scenario_text}\n{config!r}".encode()).hexdigest()[:16]
    # A list of one: scatter sends each item of a list (or tuple) as its own piece of data.
    [run] = client.scatter([(key, context.scenario_text, config, spec)], broadcast=True, hash=False)
    # Tasks of a few games keep the scheduler's overhead per game small; enough of them per
    # worker keep every worker busy while the client reads results.
    size = max(1, min(8, pending // (workers * 16)))
    window = workers * 4
    chunks = _chunks(iter(jobs), size)

    def submit(chunk: list[tuple[int, int]]) -> Any:
        # Named by the run and the first game: the same games of the same run are the same task
        # (and give the same results), whoever submits them.
        return client.submit(play_games, run, chunk, key=f"playtest-{key}-{chunk[0][0]}", pure=False)

    done = distributed.as_completed([submit(chunk) for chunk in islice(chunks, window)])
    try:
        for future in done:
            try:
                results = future.result()
            except Exception as error:  # a worker that cannot play: no Mappa, another version...
                raise ClusterError(
                    f"a cluster worker failed ({type(error).__name__}: {error}): every worker needs "
                    "the same Mappa (and rulesets) installed as this machine"
                ) from error
            future.release()
            yield from results
            if should_stop is not None and should_stop():
                return
            chunk = next(chunks, None)
            if chunk is not None:
                done.add(submit(chunk))
    finally:
        remaining = list(done.futures)
        done.clear()
        if remaining:
            client.cancel(remaining)
        run.release()
