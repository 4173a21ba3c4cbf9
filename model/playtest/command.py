"""``mappa playtest FILE``: the balance report from the command line (a progress bar; Ctrl+C stops
early and still writes the report of the games finished so far).

Every game's result is appended to ``games.jsonl`` in the output folder as it finishes
(``model.playtest.journal``), so ``--resume`` continues a run that was stopped or killed; with
``--cluster`` the games run on a Dask cluster (``model.playtest.cluster``; over TLS with
``--tls-ca-file``, ``--tls-cert`` and ``--tls-key``, ``model.playtest.cluster_tls``). Neither changes the
report: the same seed and number of games give the same report.json byte for byte.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path
from types import FrameType

from model import io
from model.playtest.cluster import ClusterLost, check_address
from model.playtest.cluster_tls import ClusterTLS, check_options
from model.playtest.journal import JOURNAL_NAME, JournalError
from model.playtest.report import build_report, write_report
from model.playtest.runner import PlaytestConfig, PlaytestError, parse_seats, run_playtest

ERRORS = (PlaytestError, JournalError)
"""Expected failures the CLI prints as a message (not a traceback)."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the playtest arguments."""
    parser.add_argument("file", metavar="FILE", help="the scenario to play")
    parser.add_argument("--games", type=int, default=100, help="how many AI games (default 100)")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="parallel processes (default: one per core)"
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="master seed; the same seed gives the same report"
    )
    parser.add_argument(
        "--seats",
        default="",
        help="AI level per seat, e.g. france=random,germany=heuristic (default heuristic)",
    )
    parser.add_argument(
        "--level", default="heuristic", help="AI level of the seats --seats does not name (default heuristic)"
    )
    parser.add_argument(
        "--coverage",
        action="store_true",
        help="add rule coverage to the report: action kinds legal and chosen per AI level, "
        "connections crossed, events (slower)",
    )
    parser.add_argument(
        "-o",
        "--out",
        default="playtest-report",
        help=f"folder for report.json, report.html, replays and the results log ({JOURNAL_NAME})",
    )
    parser.add_argument(
        "--cluster",
        default="",
        metavar="ADDRESS",
        help="play on a Dask cluster: a scheduler address (tcp://HOST:8786) or local:W for W worker "
        "processes on this machine (needs the cluster extra: pip install 'mappa[cluster]'); "
        "the report is the same as a local run's",
    )
    tls = parser.add_argument_group(
        "TLS", "this machine's certificates for a scheduler reached over TLS (--cluster tls://HOST:8786)"
    )
    tls.add_argument(
        "--tls-ca-file",
        default="",
        metavar="CA",
        help="the certificate (PEM) of the CA that signed the scheduler's, the workers' and --tls-cert",
    )
    tls.add_argument("--tls-cert", default="", metavar="CERT", help="this machine's certificate (PEM)")
    tls.add_argument(
        "--tls-key",
        default="",
        metavar="KEY",
        help="the private key of --tls-cert (PEM, unencrypted; may be appended to CERT instead)",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help=f"continue an interrupted run from --out/{JOURNAL_NAME}: the games it holds are not "
        "played again, and the report equals an uninterrupted run's (a larger --games extends a run)",
    )


class _Progress:
    """A one-line progress bar on a terminal; a line every tenth of the run otherwise."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.tty = sys.stderr.isatty()
        self.last_tenth = -1
        self.base: int | None = None
        """Games done at the first call (a resumed run's): not counted in the rate."""

    def __call__(self, done: int, total: int) -> None:
        if self.base is None:
            self.base = done
            self.start = time.monotonic()
            if done:
                print(f"resuming: {done} of {total} games already played", file=sys.stderr)
        elapsed = max(time.monotonic() - self.start, 1e-6)
        rate = (done - self.base) / elapsed
        eta = (total - done) / rate if rate else 0.0
        if self.tty:
            filled = int(30 * done / max(total, 1))
            bar = "#" * filled + "." * (30 - filled)
            print(f"\r[{bar}] {done}/{total} games, {rate:.1f}/s, {eta:.0f}s left ", end="", file=sys.stderr)
            if done == total:
                print(file=sys.stderr)
        elif done * 10 // max(total, 1) != self.last_tenth:
            self.last_tenth = done * 10 // max(total, 1)
            print(f"{done}/{total} games, {rate:.1f}/s", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    """Play the games, write the report, and print where it is; exit 1 when games hit engine errors."""
    if args.games < 1 or args.jobs < 1:
        raise PlaytestError("--games and --jobs must be at least 1")
    scenario = io.load(args.file)
    cluster = str(getattr(args, "cluster", "") or "")
    if cluster:  # a malformed address is refused before any work (importing Dask is not needed)
        check_address(cluster)
    tls = ClusterTLS(
        str(getattr(args, "tls_ca_file", "") or ""),
        str(getattr(args, "tls_cert", "") or ""),
        str(getattr(args, "tls_key", "") or ""),
    )
    check_options(cluster, tls)
    config = PlaytestConfig(
        games=args.games,
        jobs=args.jobs,
        cluster=cluster,
        cluster_tls=tls if tls.given() else None,
        seed=args.seed,
        seats=parse_seats(args.seats),
        default_level=args.level,
        coverage=bool(getattr(args, "coverage", False)),
    )
    out = Path(args.out)
    stopping = False

    def stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        if stopping:  # a second Ctrl+C: stop at once
            raise KeyboardInterrupt
        stopping = True
        print("\nstopping after the games under way (Ctrl+C again to abort)...", file=sys.stderr)

    previous = signal.signal(signal.SIGINT, stop)
    started = time.monotonic()
    try:
        stats = run_playtest(
            scenario,
            config,
            progress=_Progress(),
            should_stop=lambda: stopping,
            replay_dir=out / "replays",
            results_log=out / JOURNAL_NAME,
            resume=bool(getattr(args, "resume", False)),
        )
    except ClusterLost as error:  # the games played before are in the log: say how to go on
        raise PlaytestError(
            f"{args.file}: {error}; the games finished so far are in {out / JOURNAL_NAME}: run the same "
            "command with --resume to play only the rest (on this cluster, another one or locally)"
        ) from error
    except PlaytestError as error:  # the scenario cannot be played: name the file
        raise PlaytestError(f"{args.file}: {error}") from error
    finally:
        signal.signal(signal.SIGINT, previous)
    elapsed = time.monotonic() - started
    settings = {
        "games": config.games,
        "seed": config.seed,
        "seats": stats.seats,
        "cancelled": stats.games < config.games,
    }
    if config.coverage:
        settings["coverage"] = True
    report = build_report(scenario, stats.to_json(), settings)
    names = report["seat_names"]
    json_path, html_path = write_report(scenario, report, out)
    rate = (stats.games - stats.resumed) / max(elapsed, 1e-9)
    where = f"cluster {cluster}" if cluster else f"{args.jobs} jobs"
    played = stats.games - stats.resumed
    resumed = f" (and {stats.resumed} from the results log)" if stats.resumed else ""
    print(f"{played} games in {elapsed:.1f}s ({rate:.1f} games/s, {where}){resumed}")
    suggested = report.get("suggested_handicaps", {}).get("empires", {})
    for player, data in report["empires"].items():
        low, high = data["win_rate_ci95"]
        line = f"  {names.get(player, player):24} wins {data['win_rate']:6.1%}  (95% {low:.1%} to {high:.1%})"
        if player in suggested:
            hint = suggested[player]
            line += f"  mean VP {hint['mean_vp']:.1f}, handicap {hint['current']:+d}"
            line += f" -> {hint['suggested']:+d}"
        print(line)
    if stats.error_count:
        print(f"{stats.error_count} games hit engine errors; replays in {out / 'replays'}")
    print(f"report: {json_path} and {html_path}")
    return 1 if stats.error_count else 0


def configure_compare(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``mappa playtest compare A/report.json B/report.json``."""
    parser.add_argument("a", metavar="A", help="the report before (report.json)")
    parser.add_argument("b", metavar="B", help="the report after (report.json)")
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="output format (default text)"
    )


def run_compare(args: argparse.Namespace) -> int:
    """Print the comparison of two reports; exit 0 (differences are findings, not failures)."""
    import json

    from model.playtest.compare import compare_reports, render_text
    from model.playtest.report_file import ReportFileError, read_report

    reports = []
    for path in (args.a, args.b):
        try:
            reports.append(read_report(Path(path)))
        except ReportFileError as error:
            raise PlaytestError(str(error)) from error
    comparison = compare_reports(reports[0], reports[1])
    if args.format == "json":
        print(json.dumps(comparison, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(render_text(comparison))
    return 0


def configure_handicaps(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``mappa playtest handicaps FILE OUT``."""
    parser.add_argument("file", metavar="FILE", help="the scenario the games were played on")
    parser.add_argument(
        "out", metavar="OUT", help=f"the play-test's output folder (it holds the results log, {JOURNAL_NAME})"
    )
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="output format (default text)"
    )


def run_handicaps(args: argparse.Namespace) -> int:
    """Print the handicaps that would even out the win rates of a finished run; exit 0."""
    import json

    from model.playtest.report import current_handicaps
    from model.playtest.run_scores import OtherScenarioError, logged_scores
    from model.playtest.win_handicaps import even_win_handicaps

    path = Path(args.file)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise PlaytestError(f"{path}: cannot read the scenario ({error.strerror or error})") from error
    scenario = io.loads(text, source=str(path))
    current = current_handicaps(scenario)
    if current is None:
        raise PlaytestError(f"{path}: its ruleset gives empires no handicap, so there is nothing to suggest")
    try:
        # The run names its scenario by the canonical text (``runner.build_context``), not the
        # file's bytes: a file Mappa did not write itself is the same scenario all the same.
        scores = logged_scores(Path(args.out), io.dumps(scenario))
    except OtherScenarioError as error:
        raise JournalError(
            f"{Path(args.out) / JOURNAL_NAME}: the games were played on another scenario or another "
            f"version of {path.name}; run `mappa playtest {path} --out {args.out}` again first"
        ) from error
    suggestion = even_win_handicaps(scores, current)
    if args.format == "json":
        print(json.dumps(suggestion, indent=2, ensure_ascii=False))
        return 0
    names = {empire.id: empire.name for empire in scenario.setup.empires}
    print(f"Handicaps that even out the win rates of {suggestion['games']} games of {path.name}:")
    print(f"  {'empire':24} {'now':>5} {'suggested':>9} {'change':>6}   wins now -> with it")
    for empire, row in suggestion["empires"].items():
        print(
            f"  {names.get(empire, empire):24} {row['current']:+5d} {row['suggested']:+9d} "
            f"{row['change']:+6d}   {row['wins_now']:8.1%} -> {row['wins_after']:.1%}"
        )
    print(suggestion["method"])
    return 0
