"""Rule coverage of a play-test: which actions the bots could take, which they took, what happened.

``mappa playtest FILE --coverage`` asks, at every decision of every game, the state for its legal
actions and its decision kind (``State.decision_kind``) and the bot for its choice; the action
kinds are the actions' verbs (``Action.VERB``), so this module works for any ruleset and names
none. Connections crossed come from the ruleset (``State.connections_crossed``, none by
default), events from ``State.statistics``.

``GameCoverage`` is what one game reports (small, picklable); ``CoverageStats`` folds games in
index order, so the section is the same whatever the number of processes.
"""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from model.rules.protocol import Action, State


def reports_crossings(state: State) -> bool:
    """Return whether the state's ruleset names the connections its actions cross (it overrides
    ``State.connections_crossed``, whose default names none)."""
    return type(state).connections_crossed is not State.connections_crossed


MEANINGFUL = 0.01
"""A verb legal in at least this share of a seat's decisions should be chosen in some game."""


@dataclass
class GameCoverage:
    """The coverage counts of one game (keys are tuples of ids; sent back from worker processes)."""

    decisions: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(seat, decision kind) -> decisions."""
    legal: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    """(seat, decision kind, verb) -> decisions where at least one action of the verb was legal."""
    chosen: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    """(seat, decision kind, verb) -> times the verb was chosen."""
    crossings: Counter[str] = field(default_factory=Counter)
    """Connection id -> times an action crossed it."""


def verb(action: Action) -> str:
    """Return an action's kind: its verb."""
    return type(action).VERB or type(action).__name__


def record(coverage: GameCoverage, state: State, seat: str, action: Action) -> None:
    """Count one decision of ``seat`` (before ``action`` is applied to ``state``)."""
    kind = state.decision_kind()
    coverage.decisions[seat, kind] += 1
    for name in {verb(legal) for legal in state.legal_actions()}:
        coverage.legal[seat, kind, name] += 1
    coverage.chosen[seat, kind, verb(action)] += 1
    coverage.crossings.update(state.connections_crossed(action))


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


class CoverageStats:
    """The coverage section, folded game by game (call :meth:`add` in game index order)."""

    def __init__(
        self, levels: dict[str, str], connections: dict[str, tuple[str, str]], crossings_reported: bool = True
    ) -> None:
        self.levels = dict(levels)
        """Seat -> AI level."""
        self.connections = dict(connections)
        """Connection id -> (kind, name), in map order."""
        self.crossings_reported = crossings_reported
        """Whether the ruleset names the connections its actions cross (``State.connections_crossed``);
        when it does not, "never crossed" means nothing and the section says so."""
        self.games = 0
        self.decisions: Counter[tuple[str, str]] = Counter()
        self.legal: Counter[tuple[str, str, str]] = Counter()
        self.chosen: Counter[tuple[str, str, str]] = Counter()
        self.chosen_games: Counter[tuple[str, str]] = Counter()
        """(seat, verb) -> games in which the seat chose the verb at least once."""
        self.crossings: Counter[str] = Counter()
        self.crossed_games: Counter[str] = Counter()
        self.events: Counter[str] = Counter()
        self.event_games: Counter[str] = Counter()

    def add(self, coverage: GameCoverage, counters: dict[str, int]) -> None:
        """Fold in one finished game's coverage and event counters."""
        self.games += 1
        self.decisions.update(coverage.decisions)
        self.legal.update(coverage.legal)
        self.chosen.update(coverage.chosen)
        self.chosen_games.update({(seat, name) for seat, _kind, name in coverage.chosen})
        self.crossings.update(coverage.crossings)
        self.crossed_games.update(set(coverage.crossings))
        self.events.update(counters)
        self.event_games.update(name for name, count in counters.items() if count)

    def _by_level(self) -> dict[str, Any]:
        """Per AI level: decisions and, per verb and per decision kind, legal and chosen counts."""
        out: dict[str, Any] = {}
        for level in sorted(set(self.levels.values())):
            seats = {seat for seat, seat_level in self.levels.items() if seat_level == level}
            decisions = sum(n for (seat, _k), n in self.decisions.items() if seat in seats)
            verbs: dict[str, dict[str, Any]] = {}
            kinds: dict[str, dict[str, Any]] = {}
            for (seat, kind), n in sorted(self.decisions.items()):
                if seat in seats:
                    entry = kinds.setdefault(kind, {"decisions": 0, "verbs": {}})
                    entry["decisions"] += n
            for counter, key in ((self.legal, "legal"), (self.chosen, "chosen")):
                for (seat, kind, name), n in sorted(counter.items()):
                    if seat not in seats:
                        continue
                    total = verbs.setdefault(name, {"legal": 0, "chosen": 0})
                    total[key] += n
                    per_kind = kinds[kind]["verbs"].setdefault(name, {"legal": 0, "chosen": 0})
                    per_kind[key] += n
            for name, entry in verbs.items():
                entry["legal_share"] = _share(entry["legal"], decisions)
                entry["games_chosen"] = max(
                    (self.chosen_games.get((seat, name), 0) for seat in seats), default=0
                )
            out[level] = {"decisions": decisions, "verbs": verbs, "decision_kinds": kinds}
        return out

    def _by_seat(self) -> dict[str, Any]:
        """Per seat: decisions, each verb's legal share and choices, and the verbs legal in a
        meaningful share of its decisions (``MEANINGFUL``) that it never chose."""
        out: dict[str, Any] = {}
        for seat, level in self.levels.items():
            decisions = sum(n for (s, _k), n in self.decisions.items() if s == seat)
            verbs: dict[str, dict[str, Any]] = {}
            for counter, key in ((self.legal, "legal"), (self.chosen, "chosen")):
                for (s, _kind, name), n in counter.items():
                    if s == seat:
                        entry = verbs.setdefault(name, {"legal": 0, "chosen": 0})
                        entry[key] += n
            for name, entry in verbs.items():
                entry["legal_share"] = _share(entry["legal"], decisions)
                entry["games_chosen"] = self.chosen_games.get((seat, name), 0)
            never = sorted(
                name
                for name, entry in verbs.items()
                if entry["legal_share"] >= MEANINGFUL and not entry["chosen"]
            )
            out[seat] = {
                "level": level,
                "decisions": decisions,
                "verbs": dict(sorted(verbs.items())),
                "never_chosen": never,
            }
        return out

    def to_json(self) -> dict[str, Any]:
        """Return the coverage section as plain JSON data (identical runs give identical data)."""
        games = self.games
        connections = {
            cid: {
                "kind": kind,
                "name": name,
                "crossings": self.crossings.get(cid, 0),
                "games": self.crossed_games.get(cid, 0),
            }
            for cid, (kind, name) in self.connections.items()
        }
        return {
            "games": games,
            "meaningful_share": MEANINGFUL,
            "levels": self._by_level(),
            "seats": self._by_seat(),
            "connections_reported": self.crossings_reported,
            "connections": connections,
            "never_crossed": (
                [cid for cid in self.connections if not self.crossings.get(cid)]
                if self.crossings_reported
                else []
            ),
            "events": {
                name: {
                    "total": count,
                    "per_game": _share(count, games),
                    "games": self.event_games.get(name, 0),
                }
                for name, count in sorted(self.events.items())
            },
        }


def render_html(coverage: dict[str, Any], names: dict[str, str]) -> str:
    """Return the coverage section of report.html (tables per AI level, seat, connection, event)."""
    parts = [
        "<h2>Rule coverage</h2>",
        f"<p>{coverage['games']} finished games. <i>Legal</i>: decisions where the action kind could be "
        "taken; <i>chosen</i>: times the bots took it; <i>games</i>: games in which a seat took it.</p>",
    ]
    for level, data in coverage["levels"].items():
        parts.append(f"<h3>AI level {html.escape(level)}: {data['decisions']} decisions</h3>")
        parts.append(
            "<table><tr><th>Action kind</th><th>Legal</th><th>Share of decisions</th><th>Chosen</th>"
            "<th>Games (most by a seat)</th></tr>"
        )
        for name, entry in sorted(data["verbs"].items(), key=lambda item: (-item[1]["legal"], item[0])):
            missed = entry["legal_share"] >= MEANINGFUL and not entry["chosen"]
            style = " style='color:#b00'" if missed else ""
            parts.append(
                f"<tr{style}><td>{html.escape(name)}</td><td>{entry['legal']}</td>"
                f"<td>{entry['legal_share']:.1%}</td><td>{entry['chosen']}</td>"
                f"<td>{entry['games_chosen']}</td></tr>"
            )
        parts.append("</table><table><tr><th>Decision kind</th><th>Decisions</th><th>Chosen kinds</th></tr>")
        for kind, entry in data["decision_kinds"].items():
            chosen = ", ".join(
                f"{html.escape(name)} {v['chosen']}" for name, v in entry["verbs"].items() if v["chosen"]
            )
            parts.append(
                f"<tr><td>{html.escape(kind)}</td><td>{entry['decisions']}</td><td>{chosen}</td></tr>"
            )
        parts.append("</table>")
    rows = "".join(
        f"<tr><td>{html.escape(names.get(seat, seat))}</td><td>{html.escape(data['level'])}</td>"
        f"<td>{data['decisions']}</td><td>{html.escape(', '.join(data['never_chosen']) or 'none')}</td></tr>"
        for seat, data in coverage["seats"].items()
    )
    parts.append(
        "<h3>Per seat: action kinds legal in at least "
        f"{coverage['meaningful_share']:.0%} of its decisions but never chosen</h3>"
        f"<table><tr><th>Seat</th><th>Level</th><th>Decisions</th><th>Never chosen</th></tr>{rows}</table>"
    )
    if coverage["connections"] and not coverage.get("connections_reported", True):
        parts.append(
            "<h3>Connections crossed</h3>"
            "<p>This ruleset does not report the connections its actions cross.</p>"
        )
    elif coverage["connections"]:
        rows = "".join(
            f"<tr><td>{html.escape(data['name'] or cid)}</td><td>{html.escape(data['kind'])}</td>"
            f"<td>{data['crossings']}</td><td>{data['games']}</td></tr>"
            for cid, data in coverage["connections"].items()
        )
        parts.append(
            "<h3>Connections crossed</h3><table><tr><th>Connection</th><th>Kind</th><th>Crossings</th>"
            f"<th>Games</th></tr>{rows}</table>"
        )
    rows = "".join(
        f"<tr><td>{html.escape(name.replace('_', ' '))}</td><td>{data['total']}</td>"
        f"<td>{data['per_game']:.2f}</td><td>{data['games']}</td></tr>"
        for name, data in coverage["events"].items()
    )
    parts.append(
        "<h3>Events by kind</h3><table><tr><th>Event</th><th>Total</th><th>Per game</th>"
        f"<th>Games with one</th></tr>{rows}</table>"
    )
    return "".join(parts)
