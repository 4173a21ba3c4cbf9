"""Play-test games on a Dask distributed cluster (``mappa playtest --cluster ADDRESS``).

``ADDRESS`` is a running scheduler (``tcp://host:8786``; start one with ``dask scheduler`` and
workers with ``dask worker tcp://host:8786`` on machines where the same Mappa is installed), or
``local:W`` for a ``LocalCluster`` of W worker processes on this machine (``local-threads:W``:
W worker threads in this process, which the tests use because it starts in a blink). A scheduler
reached over TLS (``tls://host:8786``, started with certificates) takes the client's certificates
(``model.playtest.cluster_tls``), which are checked before anything is sent.

Before any game is played the address is probed with a plain TCP connection (a refused port, an
unknown host or a silent firewall are told apart and reported within ``CONNECT_TIMEOUT``; over TLS
the probe does the TLS handshake too, so a certificate either end refuses is said as such), the
run waits up to ``WORKERS_TIMEOUT`` for a worker to join, and every worker is asked which Mappa
it runs (``model.playtest.identity``): one that runs another version or other code is refused,
by name. A worker that joins later checks itself before its first game.

The scenario and the settings travel as the argument of one task that every game task depends
on: the scheduler keeps it, so a worker that joins mid-run (or replaces one that died) fetches it
from a peer, or it is recomputed if every worker that held it is gone. Each task plays a few
consecutive games and returns their small ``GameResult``. Tasks are submitted a bounded window at
a time and their results taken as they arrive, so the client holds a few tasks' results at most,
however many games the run has. A worker builds the Game once per run and reuses it for every
task of that run.

A worker that dies mid-run costs nothing but time: the scheduler runs its tasks again elsewhere
(games are pure functions of their seed, so the report does not change). A run that cannot go on
(every worker gone for ``WORKERS_TIMEOUT``, the scheduler lost, a task that kills its workers
again and again) raises ``ClusterLost``: the games played so far are in the results log, and
``--resume`` plays only the rest.

Dask is an optional dependency (the ``cluster`` extra): this module imports it only when a
cluster is asked for and says how to install it when it is missing.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import socket
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import ExitStack
from dataclasses import replace
from importlib import metadata
from itertools import islice
from typing import TYPE_CHECKING, Any

from model import about
from model.playtest.cluster_tls import (
    EVERY_FILE,
    OPTIONS,
    ClientTLS,
    ClusterTLS,
    client_tls,
    handshake,
    is_tls,
)
from model.playtest.identity import Identity, identity, mismatch
from model.playtest.runner import PlaytestConfig, PlaytestError, build_context, play_game
from model.playtest.stats import GameResult
from model.rules import registry

if TYPE_CHECKING:
    from model.playtest.runner import GameContext

Client = Any
"""A ``distributed.Client`` (typed loosely: most of its methods carry no annotations)."""

CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a remote scheduler to answer before saying it cannot be reached."""

WORKERS_TIMEOUT = 30.0
"""Seconds a run waits for a worker when the cluster has none (at the start, or after all left)."""

POLL_SECONDS = 2.0
"""How often a run waiting for results looks whether the cluster still has workers."""

LOCAL = "local:"
LOCAL_THREADS = "local-threads:"
SCHEMES = ("tcp", "tls", "ws", "wss", "inproc")
"""Dask's address schemes; every one but ``inproc`` is reached over TCP (and probed so)."""

RunData = tuple[str, str, PlaytestConfig, registry.RulesetSpec, Identity]
"""What every task of a run shares: (run key, scenario text, settings, ruleset spec, the client's
``Identity``)."""

logger = logging.getLogger(__name__)


class ClusterError(PlaytestError):
    """A cluster that cannot be used: a malformed or unreachable address, Dask missing, a worker
    that cannot play the games."""


class WorkerMismatch(ClusterError):
    """A worker that runs another Mappa than the client (version, code or rulesets)."""


class ClusterLost(ClusterError):
    """A cluster that failed during a run: the games played so far are in the results log."""


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


def _split(address: str) -> tuple[str, str, str]:
    """(scheme, host, port) of a scheduler address; a missing scheme is ``tcp``. Not checked."""
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    host, _, port = rest.rpartition(":")
    return scheme, host, port


def check_address(address: str) -> None:
    """Refuse what cannot be a scheduler address before trying to connect to it."""
    if is_local(address):
        _local_workers(address)
        return
    scheme, host, port = _split(address)
    if scheme not in SCHEMES or not host or not port.isdigit():
        raise ClusterError(
            f"cluster address {address!r} is not a Dask scheduler address: give tcp://HOST:PORT (a "
            "scheduler started with `dask scheduler`, port 8786 by default) or local:W for W worker "
            "processes on this machine"
        )


class _NoTracebacks(logging.Filter):
    """Drops the log records of a Dask logger that carry a traceback (its warnings pass)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.exc_info is None


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
    # A lost scheduler makes the client log the tracebacks of its attempts to reconnect; the run
    # stops with ClusterLost, which says what happened and what to do.
    for name in ("distributed.client", "distributed.utils"):
        log = logging.getLogger(name)
        if not any(isinstance(known, _NoTracebacks) for known in log.filters):
            log.addFilter(_NoTracebacks())
    return distributed


def _worker_command(address: str) -> str:
    """The command that starts a worker of the scheduler at ``address`` (with certificates over TLS)."""
    return f"dask worker {address}" + (f" {OPTIONS}" if is_tls(address) else "")


def _unreachable(address: str, why: str) -> ClusterError:
    return ClusterError(
        f"cannot reach the Dask scheduler at {address}: {why}; check the address, and that `dask "
        f"scheduler` runs there with workers attached (`{_worker_command(address)}`), or use --cluster "
        "local:W to start W workers on this machine"
    )


def _probe(address: str, tls: ClientTLS | None = None) -> None:
    """Open and close a TCP connection to the scheduler's port: a quick, precise refusal.

    Dask's own connect retries a refused port until its timeout and then says only that it timed
    out; a plain socket tells a refused port, an unknown host and a silent firewall apart, and a
    refused port at once. With ``tls`` the TLS handshake is done on that connection too.
    """
    scheme, host, port = _split(address)
    if scheme == "inproc":
        return
    host = host.removeprefix("[").removesuffix("]")  # an IPv6 address: tcp://[::1]:8786
    try:
        sock = socket.create_connection((host, int(port)), timeout=CONNECT_TIMEOUT)
    except socket.gaierror as error:
        raise _unreachable(address, f"no machine is named {host!r} ({error.strerror})") from error
    except ConnectionRefusedError as error:
        raise _unreachable(
            address,
            f"nothing listens on port {port} of {host} (connection refused: start the scheduler with "
            f"`dask scheduler --port {port}`, or give the port it prints)",
        ) from error
    except TimeoutError as error:
        raise _unreachable(
            address,
            f"no answer from {host} port {port} within {CONNECT_TIMEOUT:g} s (the machine is off or "
            f"unreachable, or a firewall drops the port: open TCP port {port} to this machine)",
        ) from error
    except OSError as error:  # no route to the host, the network is down...
        raise _unreachable(address, f"{type(error).__name__}: {error}") from error
    with sock:
        if tls is not None:  # its errors are ClusterTLSError, not the OSErrors above
            handshake(sock, address, tls, CONNECT_TIMEOUT)


async def _handshake(distributed: Any, address: str, connection_args: dict[str, Any]) -> None:
    """Open a Dask connection to ``address`` (its handshake answered) and close it again."""
    comm = await distributed.comm.connect(address, timeout=CONNECT_TIMEOUT, **connection_args)
    await comm.close()


def connect(address: str, stack: ExitStack, tls: ClusterTLS | None = None) -> Client:
    """Return a client of the cluster at ``address`` (closed, with any local cluster, by ``stack``).

    A ``tls://`` address is reached with the certificates of ``tls`` (or of Dask's configuration);
    certificates given for another address are refused. The cluster has at least one worker, and
    every worker runs the Mappa this process runs; otherwise ``ClusterError`` (or
    ``ClusterTLSError``) says what is wrong and what to do.
    """
    check_address(address)
    distributed = _import_distributed()
    secured = client_tls(distributed, address, tls)  # before anything is sent
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
        client = stack.enter_context(distributed.Client(cluster))
    else:
        _probe(address, secured)
        security = None if secured is None else secured.security
        connection_args = {} if security is None else security.get_connection_args("client")
        try:
            # Dask's connect waits for the peer's handshake without a timeout: a port that accepts
            # and never answers would hang the Client (and this run) for good.
            asyncio.run(asyncio.wait_for(_handshake(distributed, address, connection_args), CONNECT_TIMEOUT))
            client = distributed.Client(address, timeout=f"{CONNECT_TIMEOUT}s", security=security)
        except Exception as error:  # Dask's errors for a port that is not a scheduler's vary
            if isinstance(error, TimeoutError):
                why = f"no Dask handshake within {CONNECT_TIMEOUT:g} s"
            else:
                why = f"{type(error).__name__}: {error}"
            # A scheduler over TLS drops a connection that does not start with a TLS handshake.
            names = (tls or ClusterTLS()).names  # as the reader gave them: options or the dock's fields
            tls_hint = (
                ""
                if secured
                else f"; one started with certificates needs tls:// and {names.listed(EVERY_FILE)}"
            )
            raise _unreachable(
                address,
                f"the port answers, but not as a Dask scheduler ({why}; a scheduler listens on 8786 by "
                f"default, 8787 is its dashboard{tls_hint})",
            ) from error
        stack.enter_context(client)
    wait_for_workers(client, address)
    check_workers(client, address)
    return client


def wait_for_workers(client: Client, address: str) -> None:
    """Return once the cluster has a worker; ``ClusterError`` after ``WORKERS_TIMEOUT`` without one."""
    if client.nthreads():
        return
    logger.warning(
        "the Dask scheduler at %s has no workers yet: waiting up to %g s", address, WORKERS_TIMEOUT
    )
    try:
        client.wait_for_workers(1, timeout=WORKERS_TIMEOUT)
    except TimeoutError as error:
        raise ClusterError(
            f"the Dask scheduler at {address} has no workers: start `{_worker_command(address)}` on each "
            "machine that should play (with the same Mappa installed), then run again"
        ) from error


def _install_hint(expected: Identity) -> str:
    return (
        f"install Mappa {expected.version} there as here (pip install 'mappa[cluster]=={expected.version}', "
        "or the same checkout with pip install -e '.[cluster]'), restart its `dask worker` and run again"
    )


def check_workers(client: Client, address: str, expected: Identity | None = None) -> None:
    """Refuse, naming them, the workers that do not run the Mappa this process runs (``expected``).

    The scheduler is asked for its Mappa version too. Each worker is first asked for its installed
    Mappa version with the standard library alone, which answers on a worker without Mappa or with
    an older one; only then for its whole ``Identity`` (which needs this version's code there).
    """
    expected = expected or identity()
    problems: list[str] = []
    # The scheduler unpickles the tasks (their settings are Mappa's classes): it needs Mappa too.
    try:
        on_scheduler = client.run_on_scheduler(metadata.version, about.DISTRIBUTION)
    except metadata.PackageNotFoundError:
        problems.append(f"the scheduler has no Mappa installed (Mappa {expected.version} here)")
    except Exception as error:  # an old scheduler, a lost connection: the workers' check still says
        logger.warning("cannot ask the Dask scheduler at %s for its Mappa version: %s", address, error)
    else:
        if on_scheduler != expected.version:
            problems.append(f"the scheduler runs Mappa {on_scheduler}, this machine Mappa {expected.version}")
    versions = client.run(metadata.version, about.DISTRIBUTION, on_error="return")
    for worker, version in sorted(versions.items()):
        if isinstance(version, metadata.PackageNotFoundError):
            problems.append(f"worker {worker} has no Mappa installed (Mappa {expected.version} here)")
        elif isinstance(version, BaseException):
            problems.append(f"worker {worker} cannot tell its Mappa ({type(version).__name__}: {version})")
        elif version != expected.version:
            problems.append(f"worker {worker} runs Mappa {version}, this machine Mappa {expected.version}")
    if not problems:
        identities = client.run(_identity_on_worker, on_error="return")
        for worker, found in sorted(identities.items()):
            if isinstance(found, BaseException):
                problems.append(f"worker {worker} cannot load Mappa ({type(found).__name__}: {found})")
            elif why := mismatch(found, expected):
                problems.append(f"worker {worker}: {why}")
    if problems:
        raise WorkerMismatch(
            f"the Dask cluster at {address} cannot play these games: "
            f"{'; '.join(problems)}; {_install_hint(expected)}"
        )


def _identity_on_worker() -> Identity:
    """The worker's ``Identity`` (run on every worker by ``check_workers``)."""
    return identity()


# --- on the workers ---------------------------------------------------------------------------

_CONTEXTS = threading.local()
"""Per worker thread: ``run`` (the run's key) and ``context`` (its Game). A worker thread builds
its own Game, so threads of one worker never share a Game's caches."""


def _worker_name() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except (ImportError, ValueError):  # not in a Dask task (the tests call play_games directly)
        return socket.gethostname()


def _worker_context(run: RunData) -> GameContext:
    """The worker thread's Game for a run, built by the first task of the run it sees and kept."""
    key, scenario_text, config, spec, expected = run
    if getattr(_CONTEXTS, "run", None) != key:
        # A worker that joined after the client checked the cluster's workers checks itself.
        why = mismatch(identity(), expected)
        if why:
            raise WorkerMismatch(f"worker {_worker_name()}: {why}")
        # A ruleset the client registered by hand has no entry point a worker would find.
        if registry.get(spec.id) is None:
            registry.register(spec)
        from model import io

        _CONTEXTS.context = build_context(io.loads(scenario_text), config)  # replaces the last run's
        _CONTEXTS.run = key
    context: GameContext = _CONTEXTS.context
    return context


def play_games(run: RunData, jobs: list[tuple[int, int]]) -> list[GameResult]:
    """Play the ``(index, seed)`` games of one task on a worker (the task's function)."""
    context = _worker_context(run)
    return [play_game(context, index, seed) for index, seed in jobs]


def _hold(run: RunData) -> RunData:
    """The task that holds a run's shared data on the cluster (its argument is the data)."""
    return run


# --- on the client ----------------------------------------------------------------------------


def _chunks(jobs: Iterator[tuple[int, int]], size: int) -> Iterator[list[tuple[int, int]]]:
    while chunk := list(islice(jobs, size)):
        yield chunk


class _Watch:
    """Notices a cluster that has had no worker for ``WORKERS_TIMEOUT`` (all died or left)."""

    def __init__(self, client: Client, address: str) -> None:
        self.client = client
        self.address = address
        self.empty_since: float | None = None

    def check(self) -> None:
        """Raise ``ClusterLost`` when the cluster has been without workers for too long."""
        try:
            workers = self.client.nthreads()
        except Exception as error:  # the scheduler is gone (the comm's errors vary)
            raise ClusterLost(
                f"lost the Dask scheduler at {self.address} ({type(error).__name__}: {error})"
            ) from error
        if workers:
            self.empty_since = None
            return
        now = time.monotonic()
        if self.empty_since is None:
            self.empty_since = now
            logger.warning(
                "every worker left the Dask cluster at %s: waiting up to %g s for one",
                self.address,
                WORKERS_TIMEOUT,
            )
        elif now - self.empty_since >= WORKERS_TIMEOUT:
            raise ClusterLost(
                f"every worker left the Dask cluster at {self.address} and none came back within "
                f"{WORKERS_TIMEOUT:g} s (start `{_worker_command(self.address)}` on the machines that "
                "should play)"
            )


def _task_results(
    distributed: Any, future: Any, watch: _Watch, address: str, expected: Identity
) -> list[GameResult]:
    """The results of a finished task, or ``ClusterLost`` saying why the cluster could not play it."""
    while True:
        try:
            # A finished task whose worker died before its results were fetched is played again,
            # so this may wait (for a worker, when none is left): never without a watch.
            results: list[GameResult] = future.result(timeout=POLL_SECONDS)
            return results
        except TimeoutError:
            watch.check()
        except Exception as error:
            raise _lost(distributed, error, address, expected) from error


def _lost(distributed: Any, error: BaseException, address: str, expected: Identity) -> ClusterLost:
    """The ``ClusterLost`` that says why a run's task could not be played (``error`` tells)."""
    if isinstance(error, ClusterLost):
        return error
    if isinstance(error, WorkerMismatch):  # a worker that joined mid-run with another Mappa
        return ClusterLost(f"{error}; {_install_hint(expected)}")
    if isinstance(error, distributed.KilledWorker):
        return ClusterLost(
            f"the workers of the Dask cluster at {address} died every time they played one task "
            f"({error}): a game that crashes its worker (out of memory?), or workers being stopped"
        )
    # Cancelled futures and Dask's CommClosedError (an OSError): the client lost the scheduler.
    if isinstance(error, (distributed.CancelledError, OSError)):
        why = "it cancelled the run's tasks" if isinstance(error, distributed.CancelledError) else error
        return ClusterLost(f"lost the connection to the Dask scheduler at {address} ({why})")
    return ClusterLost(
        f"a task failed on a worker of the Dask cluster at {address} ({type(error).__name__}: {error})"
    )


def run_on_cluster(
    client: Client,
    context: GameContext,
    config: PlaytestConfig,
    jobs: Iterable[tuple[int, int]],
    pending: int,
    should_stop: Callable[[], bool] | None = None,
) -> Generator[GameResult, None, None]:
    """Play ``jobs`` (``pending`` of them) on the cluster and yield each result as it arrives.

    At most a few tasks per worker are in flight at a time, so neither the client nor the
    scheduler ever holds the whole run. ``should_stop`` is polled as results arrive; when it
    answers yes, the tasks in flight are cancelled and the iterator ends. A cluster that cannot
    finish the run raises ``ClusterLost`` (the results yielded so far stand).
    """
    distributed = _import_distributed()
    address = config.cluster
    workers = max(1, sum(client.nthreads().values()))
    spec = registry.get(context.ruleset)
    expected = identity()
    # The paths of this machine's certificates mean nothing on a worker: they stay here.
    shared = replace(config, cluster_tls=None)
    key = hashlib.sha256(f"{context.scenario_text}\n{shared!r}".encode()).hexdigest()[:16]
    # A task, not scattered data: the scheduler keeps its argument, so the data is computed again
    # if every worker that held it died, and a worker that joins fetches it from a peer.
    run = client.submit(
        _hold, (key, context.scenario_text, shared, spec, expected), key=f"playtest-run-{key}", pure=False
    )
    # Tasks of a few games keep the scheduler's overhead per game small; enough of them per
    # worker keep every worker busy while the client reads results.
    size = max(1, min(8, pending // (workers * 16)))
    window = workers * 4
    chunks = _chunks(iter(jobs), size)

    def submit(chunk: list[tuple[int, int]]) -> Any:
        # Named by the run and the first game: the same games of the same run are the same task
        # (and give the same results), whoever submits them.
        return client.submit(play_games, run, chunk, key=f"playtest-{key}-{chunk[0][0]}", pure=False)

    in_flight = {submit(chunk) for chunk in islice(chunks, window)}
    watch = _Watch(client, address)
    try:
        while in_flight:
            try:
                finished = distributed.wait(
                    list(in_flight), timeout=POLL_SECONDS, return_when="FIRST_COMPLETED"
                ).done
            except TimeoutError:  # nothing finished for a while: are there still workers?
                watch.check()
                continue
            except Exception as error:
                raise _lost(distributed, error, address, expected) from error
            watch.empty_since = None
            for future in finished:
                in_flight.discard(future)
                results = _task_results(distributed, future, watch, address, expected)
                future.release()
                yield from results
                if should_stop is not None and should_stop():
                    return
                chunk = next(chunks, None)
                if chunk is not None:
                    in_flight.add(submit(chunk))
    finally:
        if in_flight:
            client.cancel(list(in_flight))
        run.release()
