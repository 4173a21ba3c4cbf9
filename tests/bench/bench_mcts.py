"""Benchmark: the MCTS AI level against the heuristic level, in rotated seats, per scenario.

Run ``python tests/bench/bench_mcts.py [SCENARIO ...] [--games N] [--samples S] [--candidates C]
[--explore E] [--depth D] [--seat-depth P] [--rounds R] [--confidence Z] [--verify V]
[--widening W] [--margin M] [--field F] [--extend X]`` (default
scenarios/default.mappa.json, 20 games; a tuning number not given takes the house default of
resources/bots/mcts.json). Game ``g`` seats the MCTS bot in seat ``g mod n`` and the heuristic bot
in every other seat, so each seat gets the search in turn. A win counts 1 (shared equally when the
ruleset names several winners); the fair share is ``1 / n``. Each seed is also played with the
heuristic in every seat, a paired baseline: how often the heuristic won in the searcher's seat, and
by how many VP the searcher's final lead over the mean of the others beat the heuristic's there
(mean and standard error). Prints, per scenario, the MCTS share with its 95% Wilson interval, the
fair share, the baseline, the settings and the search's time per decision, and
writes the figures to tests/bench/results/bench_mcts.json (a list when several scenarios are given).
The ruleset is whatever the scenario names (any ruleset whose spec offers the levels ``heuristic``
and ``mcts``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from gamebench import load_game, save  # noqa: E402

from model.bots.base import Bot, play  # noqa: E402
from model.bots.mcts import MctsBot, SearchCounts  # noqa: E402
from model.bots.mcts_settings import MctsSettings  # noqa: E402
from model.playtest.stats import wilson_interval  # noqa: E402
from model.rules.protocol import Action, State  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "bench_mcts.json"
DEFAULT = ROOT / "scenarios" / "default.mappa.json"
TUNING = tuple(MctsSettings.model_fields)
"""The tuning numbers the command line may override (every field of the settings file)."""


def bench(path: Path, args: argparse.Namespace) -> dict[str, Any]:
    """Play ``args.games`` seat-rotated games on one scenario; print and return the figures."""
    spec, game = load_game(path)
    seats = game.players()
    overrides = {name: getattr(args, name) for name in TUNING}
    wins = heuristic_wins = 0.0
    gains: list[float] = []
    by_seat: dict[str, list[float]] = {seat: [] for seat in seats}
    rows = []
    counts = SearchCounts()
    thinking = 0.0
    started = time.perf_counter()
    for number in range(args.games):
        # A time budget ends the run only at the end of a rotation, so every seat searched as often.
        if args.minutes and number % len(seats) == 0 and time.perf_counter() - started > 60 * args.minutes:
            break
        seed = args.seed + number
        searcher = seats[number % len(seats)]
        # The same game with the heuristic in the searcher's seat too (bots of their own, whose
        # generators the searched game does not share): what that seat would have done without
        # the search on the same seed, a paired baseline free of the seat's and the seed's luck.
        baseline = play(game, _heuristics(spec, seats, seed), seed)
        bots = _heuristics(spec, seats, seed)
        searcher_bot = MctsBot(seed=seed, **overrides)
        timer = _Timed(searcher_bot)
        bots[searcher] = timer
        clock = time.perf_counter()
        state = play(game, bots, seed)
        winners = state.winners()
        share = share_of(winners, searcher)
        wins += share
        base_share = share_of(baseline.winners(), searcher)
        heuristic_wins += base_share
        lead = lead_over_others(state.scores(), searcher)
        gains.append(lead - lead_over_others(baseline.scores(), searcher))
        by_seat[searcher].append(share)
        thinking += timer.seconds
        for name in ("decisions", "searched", "playouts", "overruled"):
            setattr(counts, name, getattr(counts, name) + getattr(searcher_bot.counts, name))
        rows.append(
            {
                "seed": seed,
                "mcts_seat": searcher,
                "winners": winners,
                "scores": state.scores(),
                "mcts_share": share,
                "heuristic_share": base_share,
                "lead_gain": gains[-1],
                "seconds": round(time.perf_counter() - clock, 2),
            }
        )
        if args.partial is not None:  # a long run cut short still leaves its games
            save(args.partial, rows)
        print(
            f"{path.name} game {number + 1}/{args.games}: mcts in {searcher}, winners {winners}", flush=True
        )
    # No game, no evidence: the whole range (the report's helper gives (0, 0) there).
    played = len(rows)
    low, high = wilson_interval(wins, played) if played else (0.0, 1.0)
    settings = MctsBot(**overrides).settings(game.new_state(0)).model_dump()
    gain, gain_error = mean_and_error(gains)
    per_decision = thinking / counts.decisions if counts.decisions else 0.0
    per_search = thinking / counts.searched if counts.searched else 0.0
    figures = {
        "scenario": path.name,
        "ruleset": spec.id,
        "games": played,
        "seats": list(seats),
        "settings": settings,
        "seed": args.seed,
        "fair_share": 1 / len(seats),
        "mcts_wins": wins,
        "mcts_share": wins / played if played else 0.0,
        "interval_95": [low, high],
        "clearly_above_fair": low > 1 / len(seats),
        "heuristic_wins_same_seats": heuristic_wins,
        "lead_gain_mean": gain,
        "lead_gain_standard_error": gain_error,
        "share_by_seat": {seat: (sum(v) / len(v) if v else None) for seat, v in by_seat.items()},
        "decisions": counts.decisions,
        "searched": counts.searched,
        "overruled": counts.overruled,
        "playouts": counts.playouts,
        "seconds_per_decision": round(per_decision, 4),
        "seconds_per_searched_decision": round(per_search, 4),
        "seconds": round(time.perf_counter() - started, 1),
        "per_game": rows,
    }
    tuning = ", ".join(f"{k} {v:g}" for k, v in settings.items())
    print(
        f"{spec.id} {path.name}: MCTS ({tuning}) won {wins:g} of {played} games against the "
        f"heuristic level: share {figures['mcts_share']:.3f}, 95% interval [{low:.3f}, {high:.3f}], "
        f"fair share {1 / len(seats):.3f}; {per_decision:.3f} s a decision ({per_search:.3f} s a "
        f"searched one, {counts.searched} of {counts.decisions} searched, {counts.overruled} overruled "
        f"the heuristic). The heuristic in the same seats and seeds won {heuristic_wins:g}; the seat's "
        f"final lead over the mean of the others was {gain:+.2f} VP (standard error {gain_error:.2f}) "
        "against the heuristic's there",
        flush=True,
    )
    return figures


def _heuristics(spec: Any, seats: list[str], seed: int) -> dict[str, Bot]:
    """A heuristic bot in every seat, seeded from the game's seed and the seat's place."""
    return {seat: spec.make_bot("heuristic", seed=seed * 31 + index) for index, seat in enumerate(seats)}


def lead_over_others(scores: dict[str, float], seat: str) -> float:
    """The seat's score less the mean of the other seats' (its lead over the field)."""
    others = [value for other, value in scores.items() if other != seat]
    return scores[seat] - sum(others) / len(others) if others else 0.0


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (no spread below two values)."""
    if len(values) < 2:
        return (values[0] if values else 0.0, 0.0)
    return statistics.fmean(values), statistics.stdev(values) / len(values) ** 0.5


def share_of(winners: list[str], seat: str) -> float:
    """A seat's share of a game's win: 1 shared equally among the winners."""
    return 1.0 / len(winners) if seat in winners else 0.0


class _Timed:
    """A bot wrapper that adds up the time its bot spends choosing."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds = 0.0

    def choose(self, state: State) -> Action:
        clock = time.perf_counter()
        action = self.bot.choose(state)
        self.seconds += time.perf_counter() - clock
        return action


def main() -> None:
    """Play the games on each scenario, print the shares and write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", type=Path, default=[DEFAULT])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--samples", type=int, default=None)
    parser.add_argument("--candidates", type=int, default=None)
    parser.add_argument("--explore", type=int, default=None)
    parser.add_argument("--depth", type=int, default=None)
    parser.add_argument("--seat-depth", dest="seat_depth", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--confidence", type=float, default=None)
    parser.add_argument("--verify", type=int, default=None)
    parser.add_argument("--widening", type=float, default=None)
    parser.add_argument("--exploration", type=float, default=None)
    parser.add_argument("--margin", type=float, default=None)
    parser.add_argument("--field", type=float, default=None)
    parser.add_argument("--extend", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--minutes", type=float, default=None, help="start no new rotation after this")
    parser.add_argument("--partial", type=Path, default=None, help="write the games so far here after each")
    args = parser.parse_args()
    results = [bench(path, args) for path in args.scenarios]
    save(args.out, results if len(results) > 1 else results[0])
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
