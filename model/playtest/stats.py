"""Balance statistics folded game by game, so memory stays flat however many games are played.

``GameResult`` is what one game reports (small and picklable, sent back from worker processes);
``BalanceStats`` folds results in any order into sums and counts that do not depend on it (floats
are summed only when the report is made, in a fixed order), so the report is identical whatever
the number of worker processes or cluster workers and whatever order their games finish in.
``suggest_handicaps`` turns the mean final scores into first-order handicap changes that would
even the empires out.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from model.playtest.coverage import CoverageStats, GameCoverage


@dataclass(frozen=True)
class GameResult:
    """What one self-play game reports."""

    index: int
    seed: int
    scores: dict[str, float]
    winners: tuple[str, ...]
    rounds: int
    actions: int
    owner_changes: dict[str, int] = field(default_factory=dict)
    connections_used: frozenset[str] = frozenset()
    counters: dict[str, int] = field(default_factory=dict)
    error: str | None = None
    coverage: GameCoverage | None = None
    """Rule coverage counts, when the play-test asked for them (``--coverage``)."""
    replay: dict[str, Any] | None = None


Z95 = 1.959964
"""The two-sided 95% normal quantile of every interval in the reports."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval (95% by default) for a proportion; (0, 0) with no trials."""
    if trials <= 0:
        return (0.0, 0.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - spread), min(1.0, centre + spread))


class Histogram:
    """Counts of values, with mean, spread and percentiles (values are few and discrete in games).

    Only counts are kept: the sums behind the mean and the spread are taken over the sorted
    values when asked for, so they do not depend on the order the values came in (a float sum
    does), and a report folded from games finishing in any order is the same to the last bit.
    """

    def __init__(self) -> None:
        self.counts: Counter[float] = Counter()
        self.n = 0

    def add(self, value: float) -> None:
        """Count one value."""
        self.counts[value] += 1
        self.n += 1

    @property
    def total(self) -> float:
        """The sum of the values (summed in value order)."""
        return math.fsum(value * count for value, count in sorted(self.counts.items()))

    @property
    def total_sq(self) -> float:
        """The sum of the squared values (summed in value order)."""
        return math.fsum(value * value * count for value, count in sorted(self.counts.items()))

    def mean(self) -> float:
        """Return the mean (0 when empty)."""
        return self.total / self.n if self.n else 0.0

    def stdev(self) -> float:
        """Return the sample standard deviation (0 with fewer than two values)."""
        if self.n < 2:
            return 0.0
        total = self.total
        variance = (self.total_sq - total * total / self.n) / (self.n - 1)
        return math.sqrt(max(0.0, variance))

    def percentile(self, fraction: float) -> float:
        """Return the smallest value with at least ``fraction`` of the counts at or below it."""
        if not self.n:
            return 0.0
        wanted = fraction * self.n
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if seen >= wanted:
                return value
        return max(self.counts)

    def to_json(self) -> dict[str, Any]:
        """Return a summary plus the full distribution as ``[[value, count], ...]``."""
        return {
            "n": self.n,
            "mean": round(self.mean(), 4),
            "stdev": round(self.stdev(), 4),
            "min": min(self.counts) if self.counts else 0,
            "median": self.percentile(0.5),
            "p10": self.percentile(0.1),
            "p90": self.percentile(0.9),
            "max": max(self.counts) if self.counts else 0,
            "distribution": [[value, count] for value, count in sorted(self.counts.items())],
        }


class BalanceStats:
    """Everything the balance report shows, folded from game results in any order."""

    def __init__(
        self, players: tuple[str, ...], areas: tuple[str, ...], connections: tuple[str, ...]
    ) -> None:
        self.players = players
        self.areas = areas
        self.connections = connections
        self.games = 0
        self.shared_wins: Counter[tuple[str, int]] = Counter()
        """(player, number of winners of the game) -> games: a win shared by k counts 1/k."""
        self.outright_wins: dict[str, int] = dict.fromkeys(players, 0)
        self.scores: dict[str, Histogram] = {player: Histogram() for player in players}
        self.rounds = Histogram()
        self.actions = Histogram()
        self.owner_changes: Counter[str] = Counter()
        self.connection_use: Counter[str] = Counter()
        self.counters: Counter[str] = Counter()
        self.errors: list[dict[str, Any]] = []
        self.error_count = 0
        self.seats: dict[str, str] = {}
        """The AI level that played each seat (filled in by the runner)."""
        self.coverage: CoverageStats | None = None
        """The rule coverage section, when the play-test asked for it (set by the runner)."""
        self.resumed = 0
        """Games folded from an interrupted run's results log rather than played (not reported)."""

    @property
    def wins(self) -> dict[str, float]:
        """Wins per player, a win shared by k winners counting 1/k (summed in a fixed order)."""
        wins = dict.fromkeys(self.players, 0.0)
        for (player, winners), games in sorted(self.shared_wins.items()):
            wins[player] = wins.get(player, 0.0) + games / winners
        return wins

    def add(self, result: GameResult, replay_file: str | None = None) -> None:
        """Fold one game's result in (in any order: the figures do not depend on it).

        ``replay_file``: the name of the replay written for a game that hit an engine error.
        """
        self.games += 1
        if result.error is not None:
            self.error_count += 1
            error: dict[str, Any] = {"game": result.index, "seed": result.seed, "error": result.error}
            if replay_file is not None:
                error["replay"] = replay_file
            self.errors.append(error)
            return
        for winner in result.winners:
            self.shared_wins[winner, len(result.winners)] += 1
        if len(result.winners) == 1:
            self.outright_wins[result.winners[0]] = self.outright_wins.get(result.winners[0], 0) + 1
        for player in self.players:
            self.scores[player].add(result.scores.get(player, 0.0))
        self.rounds.add(result.rounds)
        self.actions.add(result.actions)
        self.owner_changes.update(result.owner_changes)
        self.connection_use.update(result.connections_used)
        self.counters.update(result.counters)
        if self.coverage is not None and result.coverage is not None:
            self.coverage.add(result.coverage, result.counters)

    @property
    def finished(self) -> int:
        """Games that ended without an engine error."""
        return self.games - self.error_count

    def to_json(self) -> dict[str, Any]:
        """Return the report's figures as plain JSON data (no timings: identical runs give identical JSON)."""
        finished = self.finished
        wins = self.wins
        empires = {}
        for player in self.players:
            low, high = wilson_interval(wins[player], finished)
            empires[player] = {
                "wins": round(wins[player], 4),
                "outright_wins": self.outright_wins[player],
                "win_rate": round(wins[player] / finished, 4) if finished else 0.0,
                "win_rate_ci95": [round(low, 4), round(high, 4)],
                "victory_points": self.scores[player].to_json(),
            }
        figures: dict[str, Any] = {
            "games": self.games,
            "finished": finished,
            "engine_errors": self.error_count,
            "empires": empires,
            "game_length": {"rounds": self.rounds.to_json(), "actions": self.actions.to_json()},
            "area_changes": {
                area: {
                    "total": self.owner_changes.get(area, 0),
                    "per_game": round(self.owner_changes.get(area, 0) / finished, 4) if finished else 0.0,
                }
                for area in self.areas
            },
            "connections": {
                connection: self.connection_use.get(connection, 0) for connection in self.connections
            },
            "unused_connections": [c for c in self.connections if not self.connection_use.get(c)],
            "events": {
                name: {
                    "total": count,
                    "per_game": round(count / finished, 4) if finished else 0.0,
                }
                for name, count in sorted(self.counters.items())
            },
            # Games finish in any order (processes, cluster workers, a resumed run): list by game.
            "errors": sorted(self.errors, key=lambda error: int(error["game"])),
        }
        if self.coverage is not None:
            figures["coverage"] = self.coverage.to_json()
        return figures


HANDICAP_METHOD = (
    "Each empire's handicap moves by the whole number of victory points that brings its mean final "
    "score to the mean of all empires' mean scores (halves rounded away from zero). Final scores "
    "already include the current handicaps, so the suggestion is the current handicap plus that "
    "change. This is a first-order correction: it evens out means, not win rates (an empire whose "
    "score varies more still wins more often at an equal mean), and bots may play differently "
    "once the handicaps change. Apply it, then run the report again."
)
"""How the suggested handicaps are computed, in words (shown in report.json and report.html)."""


def _round_half_away(value: float) -> int:
    """Round to the nearest whole number, halves away from zero (the same on every platform)."""
    whole = math.floor(abs(value) + 0.5)
    return int(whole if value >= 0 else -whole)


def suggest_handicaps(mean_vp: Mapping[str, float], current: Mapping[str, int]) -> dict[str, Any]:
    """Return the handicap per empire that would bring every mean final score to the mean of means.

    ``mean_vp``: each empire's mean final victory points over the finished games (with the current
    handicap included, as the engine scores them); ``current``: each empire's handicap in the
    scenario that was played (0 when missing). The target is the unweighted mean of the empires'
    means, so the changes sum to about zero and the scale of scores stays the same. For each
    empire, ``change = round(target - mean)`` (halves away from zero) and ``suggested = current +
    change``. Shifting a final score by a constant is exactly what a handicap does, so with play
    unchanged every mean lands within half a point of the target; win rates move less predictably
    (see ``HANDICAP_METHOD``), so the author should apply and re-run.

    Returns ``{"method", "target_mean_vp", "empires": {id: {"current", "mean_vp", "change",
    "suggested"}}}``, empires in the order of ``mean_vp``; no empires when ``mean_vp`` is empty.
    """
    target = sum(mean_vp.values()) / len(mean_vp) if mean_vp else 0.0
    empires: dict[str, dict[str, float | int]] = {}
    for empire, mean in mean_vp.items():
        now = int(current.get(empire, 0))
        change = _round_half_away(target - mean)
        empires[empire] = {
            "current": now,
            "mean_vp": round(mean, 4),
            "change": change,
            "suggested": now + change,
        }
    return {"method": HANDICAP_METHOD, "target_mean_vp": round(target, 4), "empires": empires}
