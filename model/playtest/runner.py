"""Batch self-play: N whole AI games of a scenario, in parallel processes, folded into statistics.

Game ``i`` always starts from ``game_seed(seed, i)``, and the statistics do not depend on the order
games are folded in (``model.playtest.stats``), so a report depends on the seed and the number of
games only: never on the number of processes, on a cluster's workers (``PlaytestConfig.cluster``,
``model.playtest.cluster``) or on a run being interrupted and resumed (``model.playtest.journal``).
Each worker builds the Game once and streams back one small ``GameResult`` per game; the parent
folds it and lets it go, so memory stays flat as the number of games grows.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import signal
import traceback
from collections import Counter
from collections.abc import Callable, Generator, Iterator, Mapping
from contextlib import ExitStack, closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from model import io
from model.playtest.coverage import CoverageStats, GameCoverage, record, reports_crossings
from model.playtest.journal import ResultsLog, read_log, run_header
from model.playtest.stats import BalanceStats, GameResult
from model.rules import registry
from model.rules.protocol import Game
from model.scenario import Scenario

if TYPE_CHECKING:
    from model.playtest.cluster_tls import ClusterTLS

Progress = Callable[[int, int], None]
"""Called as ``progress(games_done, games_total)`` once before the first game, then after every game."""


class PlaytestError(RuntimeError):
    """A play-test that cannot start: unknown ruleset, no engine, bad seat specification."""


class InvariantError(RuntimeError):
    """A position that breaks one of the ruleset's invariants (gold below zero, a unit off the map...)."""


@dataclass(frozen=True)
class PlaytestConfig:
    """How many games, how many processes, which seed, and which AI level plays each seat."""

    games: int = 100
    jobs: int = 1
    """Local worker processes (ignored when ``cluster`` is set)."""
    cluster: str = ""
    """A Dask scheduler address (``tcp://host:8786``) or ``local:W`` to play on a cluster of W
    local worker processes; empty: play in ``jobs`` local processes (``model.playtest.cluster``)."""
    cluster_tls: ClusterTLS | None = None
    """The client's certificates for a ``tls://`` cluster address (``model.playtest.cluster_tls``;
    None, or no files: Dask's configuration's, if any), and how its messages name them (the options
    or the dock's fields). Not a setting of the games: the report does not depend on it."""
    seed: int = 1
    seats: Mapping[str, str] = field(default_factory=dict)
    """Player id -> AI level; seats not named play at ``default_level``."""
    default_level: str = "heuristic"
    max_actions: int = 100_000
    """A game still running after this many actions is reported as an engine error (a stall)."""
    check_invariants: bool = False
    """After every action, ask the state for broken invariants (slower; used by the smoke test)."""
    coverage: bool = False
    """Count, at every decision, the legal and the chosen action kinds, connections crossed and
    events (``model.playtest.coverage``; slower: the legal actions are listed at every decision)."""


def game_seed(master_seed: int, index: int) -> int:
    """Return the seed of game ``index`` of a batch (stable across runs, machines and process counts)."""
    digest = hashlib.sha256(f"mappa-playtest:{master_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def parse_seats(text: str) -> dict[str, str]:
    """Parse ``"france=random,germany=heuristic"`` into a seat -> level dict."""
    seats: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        player, sep, level = item.partition("=")
        if not sep or not player.strip() or not level.strip():
            raise PlaytestError(f"seat {item!r} is not PLAYER=LEVEL (e.g. france=random)")
        seats[player.strip()] = level.strip()
    return seats


@dataclass
class GameContext:
    """What a worker builds once and reuses for every game it plays (``build_context``)."""

    scenario_text: str
    game: Game
    levels: dict[str, str]
    ruleset: str
    connection_ends: dict[frozenset[str], list[str]]
    max_actions: int
    check_invariants: bool = False
    coverage: bool = False


def _connection_ends(scenario: Scenario) -> dict[frozenset[str], list[str]]:
    ends: dict[frozenset[str], list[str]] = {}
    for connection in scenario.map.connections:
        ends.setdefault(frozenset((connection.a, connection.b)), []).append(connection.id)
    return ends


def _seat_levels(game: Game, ruleset: str, config: PlaytestConfig) -> dict[str, str]:
    spec = registry.get(ruleset)
    assert spec is not None
    players = game.players()
    unknown = sorted(set(config.seats) - set(players))
    if unknown:
        raise PlaytestError(f"no seat {', '.join(unknown)} in this scenario; seats: {', '.join(players)}")
    levels = spec.bot_levels()
    default = config.default_level if config.default_level in levels else levels[-1]
    chosen = {player: config.seats.get(player, default) for player in players}
    for player, level in chosen.items():
        if level not in levels:
            raise PlaytestError(f"seat {player}: no AI level {level!r}; levels: {', '.join(levels)}")
    return chosen


def build_context(scenario: Scenario, config: PlaytestConfig) -> GameContext:
    """Build the Game of ``scenario`` and the seats' AI levels; ``PlaytestError`` when it cannot start."""
    spec = registry.get(scenario.ruleset.id)
    if spec is None:
        raise PlaytestError(registry.why_unknown(scenario.ruleset.id))
    if not scenario.setup.empires:  # a map still being drawn (what importers make): say so
        raise PlaytestError(
            f"the scenario has no {spec.player_label}s yet, so no game can start: add them (the Tables "
            "panel's Empires in the editor) to play-test it"
        )
    try:
        game: Game = spec.engine_factory()(scenario)
    except LookupError as error:
        raise PlaytestError(str(error)) from error
    except (ValueError, TypeError) as error:  # the engine's refusal of this setup (SetupError...)
        raise PlaytestError(
            f"the {spec.name} rules cannot start a game from this scenario: {error} ({type(error).__name__})"
        ) from error
    return GameContext(
        scenario_text=io.dumps(scenario),
        game=game,
        levels=_seat_levels(game, spec.id, config),
        ruleset=spec.id,
        connection_ends=_connection_ends(scenario),
        max_actions=config.max_actions,
        check_invariants=config.check_invariants,
        coverage=config.coverage,
    )


def play_game(context: GameContext, index: int, seed: int) -> GameResult:
    """Play one whole game with the context's bots; engine failures become an error result."""
    spec = registry.get(context.ruleset)
    assert spec is not None
    bots = {
        player: spec.make_bot(level, seed=seed + number)
        for number, (player, level) in enumerate(sorted(context.levels.items()))
    }
    state = context.game.new_state(seed)
    actions: list[Any] = []
    changes: Counter[str] = Counter()
    used: set[str] = set()
    owners = dict(state.area_owners())
    coverage = GameCoverage() if context.coverage else None
    try:
        while not state.is_over():
            if len(actions) >= context.max_actions:
                raise RuntimeError(f"the game did not end within {context.max_actions} actions")
            player = state.current_player()
            if player is None:
                raise RuntimeError("the game is not over but no player is to act")
            action = bots[player].choose(state)
            if coverage is not None:
                record(coverage, state, player, action)
            actions.append(action)
            state.apply(action)
            if context.check_invariants:
                broken = state.invariant_violations()
                if broken:
                    raise InvariantError("; ".join(broken))
            areas = action.areas()
            if len(areas) >= 2:
                for i in range(len(areas) - 1):
                    for j in range(i + 1, len(areas)):
                        used.update(context.connection_ends.get(frozenset((areas[i], areas[j])), ()))
            now = state.area_owners()
            if now != owners:
                for area, owner in now.items():
                    if owners.get(area) != owner:
                        changes[area] += 1
                owners = dict(now)
    except Exception as error:  # an engine failure must not end the batch: report it with a replay
        return GameResult(
            index=index,
            seed=seed,
            scores={},
            winners=(),
            rounds=0,
            actions=len(actions),
            error=f"{type(error).__name__}: {error}",
            replay={
                "ruleset": context.ruleset,
                "seed": seed,
                "seats": context.levels,
                "actions": [str(a) for a in actions],
                "failed_action": str(actions[-1]) if actions else None,
                "error": f"{type(error).__name__}: {error}",
                "traceback": traceback.format_exc(),
            },
        )
    scores = state.scores()
    winners = tuple(sorted(state.winners()))
    counters = dict(state.statistics())
    return GameResult(
        index=index,
        seed=seed,
        scores=dict(scores),
        winners=winners,
        rounds=state.cursor()[0],
        actions=len(actions),
        owner_changes=dict(changes),
        connections_used=frozenset(used),
        counters=counters,
        coverage=coverage,
    )


# --- worker processes --------------------------------------------------------------------------

_WORKER: GameContext | None = None


def _init_worker(scenario_text: str, config: PlaytestConfig, spec: registry.RulesetSpec) -> None:
    global _WORKER
    # Ctrl+C reaches the whole process group: the parent decides when to stop, workers carry on.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A ruleset the parent registered by hand (registry.registered) has no entry point that a
    # fresh process would find: the parent hands its spec over (pickled by reference to its module).
    if registry.get(spec.id) is None:
        registry.register(spec)
    _WORKER = build_context(io.loads(scenario_text), config)


def _play_in_worker(job: tuple[int, int]) -> GameResult:
    assert _WORKER is not None, "worker not initialised"
    return play_game(_WORKER, *job)


def _local_results(
    context: GameContext,
    config: PlaytestConfig,
    jobs: Iterator[tuple[int, int]],
    pending: int,
    should_stop: Callable[[], bool] | None,
) -> Generator[GameResult, None, None]:
    """Play ``jobs`` in this process or in ``config.jobs`` local processes; yield results as they come."""
    if config.jobs <= 1 or pending <= 1:
        for index, seed in jobs:
            if should_stop is not None and should_stop():
                return
            yield play_game(context, index, seed)
        return
    # spawn, not fork: the editor runs this from a process that has Qt threads.
    pool_context = multiprocessing.get_context("spawn")
    chunk = max(1, min(8, pending // (config.jobs * 16)))
    with pool_context.Pool(
        config.jobs,
        initializer=_init_worker,
        initargs=(context.scenario_text, config, registry.get(context.ruleset)),
    ) as pool:
        # Unordered: the statistics do not depend on the order, and no result waits for a slow one.
        for result in pool.imap_unordered(_play_in_worker, jobs, chunksize=chunk):
            yield result
            if should_stop is not None and should_stop():
                pool.terminate()
                return


def _resume(stats: BalanceStats, log_path: Path, header: dict[str, Any], games: int) -> tuple[bytearray, int]:
    """Fold the games of an interrupted run's log; return which games are done and where to append."""
    done = bytearray(games)
    logged, results = read_log(log_path, header)
    for result, replay_file in results:
        if result.index < games and not done[result.index]:
            done[result.index] = 1
            stats.add(result, replay_file)
    return done, logged.end


def run_playtest(
    scenario: Scenario,
    config: PlaytestConfig,
    *,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
    replay_dir: Path | None = None,
    results_log: Path | None = None,
    resume: bool = False,
) -> BalanceStats:
    """Play ``config.games`` AI games and return their statistics.

    ``progress`` is called after each game; ``should_stop`` is polled between games (a cancelled
    run returns the statistics of the games finished so far). Engine errors are counted, and with
    ``replay_dir`` each one is written there as ``game-NNNNN.replay.json``. With ``results_log``
    every game's result is appended there as it arrives (``model.playtest.journal``); with
    ``resume`` too, the games that log already holds are folded in and not played again (a log
    from another run is a ``JournalError``; a missing one starts the run afresh).
    """
    context = build_context(scenario, config)
    stats = BalanceStats(
        players=context.game.players(),
        areas=tuple(area.id for area in scenario.map.areas),
        connections=tuple(connection.id for connection in scenario.map.connections),
    )
    stats.seats = dict(context.levels)
    if config.coverage:
        stats.coverage = CoverageStats(
            context.levels,
            {c.id: (c.kind.value, c.name) for c in scenario.map.connections},
            reports_crossings(context.game.new_state(config.seed)),
        )
    done = bytearray(config.games)
    with ExitStack() as stack:
        header: dict[str, Any] = {}
        end: int | None = None
        if results_log is not None:
            header = run_header(
                context.scenario_text,
                context.ruleset,
                config.seed,
                context.levels,
                coverage=config.coverage,
                max_actions=config.max_actions,
                check_invariants=config.check_invariants,
            )
            if resume and results_log.exists():
                done, end = _resume(stats, results_log, header, config.games)
                end = end or None  # no whole header: the log is started afresh
        stats.resumed = stats.games
        pending = config.games - stats.games
        jobs = ((i, game_seed(config.seed, i)) for i in range(config.games) if not done[i])
        if config.cluster and pending:
            from model.playtest.cluster import connect, run_on_cluster

            # Before the log is (re)written: a cluster that cannot be reached leaves it as it was.
            client = connect(config.cluster, stack, config.cluster_tls)
            results = run_on_cluster(client, context, config, jobs, pending, should_stop)
        else:
            results = _local_results(context, config, jobs, pending, should_stop)
        # A run stopped early leaves the generator suspended: close it (it cancels the tasks in
        # flight, or stops the pool) while the cluster's client is still open.
        stack.enter_context(closing(results))
        log: ResultsLog | None = None
        if results_log is not None:
            log = stack.enter_context(
                ResultsLog.create(results_log, header) if end is None else ResultsLog.reopen(results_log, end)
            )
        if progress is not None:  # before the first game: the games a resumed log already holds
            progress(stats.games, config.games)
        for result in results:
            replay_file = None
            if result.error is not None and replay_dir is not None and result.replay is not None:
                replay_dir.mkdir(parents=True, exist_ok=True)
                path = replay_dir / f"game-{result.index:05d}.replay.json"
                io.atomic_write(path, (json.dumps(result.replay, indent=1) + "\n").encode("utf-8"))
                replay_file = path.name
            stats.add(result, replay_file)
            if log is not None:
                log.append(result, replay_file)
            if progress is not None:
                progress(stats.games, config.games)
            if should_stop is not None and should_stop():
                break
    return stats
