"""Compare two balance reports: what an edit of the scenario did to its balance.

``compare_reports(a, b)`` reads two ``report.json`` figures (A = before, B = after) and returns,
per seat, the win rates with their 95% intervals and the mean victory points side by side, each
difference with a two-sided test at the 5% level; and the events per game, with the ones that
changed significantly flagged. ``render_text`` prints it for ``mappa playtest compare``; the
editor's "Compare with a report…" dialog shows the same data.

The tests, all normal approximations (the reports hold hundreds of games or more):

- win rates: the two-proportion z-test with a pooled proportion (shared wins count as fractions,
  as in the report);
- mean victory points: the two-sample z-test with unequal variances (Welch's statistic, read on
  the normal distribution: the reports hold enough games for that);
- events per game: the counts as Poisson, rates compared with a pooled-rate z-test.
"""

from __future__ import annotations

import math
from typing import Any

ALPHA = 0.05
"""The significance level of every test."""

TESTS = {
    "win_rate": "two-proportion z-test (pooled), two-sided, 5%",
    "mean_vp": "two-sample z-test, unequal variances, two-sided, 5%",
    "events_per_game": "Poisson rates, pooled-rate z-test, two-sided, 5%",
}
"""The test behind each significance flag, in words (in the JSON and the text)."""


CHANCE_NOTE = (
    "Each test alone is wrong 1 time in 20 when nothing changed: among many seats and events, "
    "expect about one flag in twenty by chance (re-run with more games before trusting a single "
    "flag near p = 0.05)."
)
"""Why a lone flag may be chance (many tests at once), shown with every comparison."""


def _p_value(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportion_test(x1: float, n1: int, x2: float, n2: int) -> float:
    """Return the two-sided p-value that proportions ``x1/n1`` and ``x2/n2`` are equal (pooled z).

    1.0 when either sample is empty or the pooled proportion is 0 or 1 (no variance: no evidence).
    """
    if n1 <= 0 or n2 <= 0:
        return 1.0
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    return _p_value((x1 / n1 - x2 / n2) / se)


def two_mean_test(mean1: float, sd1: float, n1: int, mean2: float, sd2: float, n2: int) -> float:
    """Return the two-sided p-value that two means are equal (z with unequal variances).

    1.0 when either sample is empty; with no spread on both sides, 0.0 for different means.
    """
    if n1 <= 0 or n2 <= 0:
        return 1.0
    se = math.sqrt(sd1 * sd1 / n1 + sd2 * sd2 / n2)
    if se == 0:
        return 1.0 if mean1 == mean2 else 0.0
    return _p_value((mean1 - mean2) / se)


def poisson_rate_test(count1: float, n1: int, count2: float, n2: int) -> float:
    """Return the two-sided p-value that two event rates per game are equal (pooled-rate z)."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    pooled = (count1 + count2) / (n1 + n2)
    se = math.sqrt(pooled / n1 + pooled / n2)
    if se == 0:
        return 1.0
    return _p_value((count1 / n1 - count2 / n2) / se)


def _side(report: dict[str, Any], seat: str) -> dict[str, Any] | None:
    data = report.get("empires", {}).get(seat)
    if data is None:
        return None
    vp = data.get("victory_points", {})
    return {
        "wins": float(data.get("wins", 0.0)),
        "win_rate": float(data.get("win_rate", 0.0)),
        "win_rate_ci95": [float(v) for v in data.get("win_rate_ci95", [0.0, 0.0])],
        "mean_vp": float(vp.get("mean", 0.0)),
        "stdev_vp": float(vp.get("stdev", 0.0)),
    }


def _about(report: dict[str, Any]) -> dict[str, Any]:
    scenario = report.get("scenario", {})
    return {
        "title": scenario.get("title", ""),
        "games": int(report.get("games", 0)),
        "finished": int(report.get("finished", 0)),
        "seed": report.get("settings", {}).get("seed"),
    }


def compare_reports(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Return the comparison of report ``a`` (before) with report ``b`` (after).

    ``{"a", "b": {title, games, finished, seed}, "tests": TESTS, "alpha",
    "seats": [{"seat", "name", "a", "b": {wins, win_rate, win_rate_ci95, mean_vp, stdev_vp} or
    None, "win_rate_change", "win_rate_p", "win_rate_significant", "mean_vp_change", "mean_vp_p",
    "mean_vp_significant"}], "events": [{"event", "a_per_game", "b_per_game", "change", "p",
    "significant"}], "significant_events": [names]}``. Seats in A's order, then B's new ones; a
    seat in only one report has ``None`` on the other side and no test. Changes are B minus A;
    p-values are rounded to four decimals, the flags use the unrounded ones.
    """
    n1, n2 = int(a.get("finished", 0)), int(b.get("finished", 0))
    names = {**b.get("seat_names", {}), **a.get("seat_names", {})}
    order = list(a.get("empires", {})) + [s for s in b.get("empires", {}) if s not in a.get("empires", {})]
    seats: list[dict[str, Any]] = []
    for seat in order:
        left, right = _side(a, seat), _side(b, seat)
        row: dict[str, Any] = {"seat": seat, "name": names.get(seat, seat), "a": left, "b": right}
        if left is not None and right is not None:
            win_p = two_proportion_test(left["wins"], n1, right["wins"], n2)
            vp_p = two_mean_test(
                left["mean_vp"], left["stdev_vp"], n1, right["mean_vp"], right["stdev_vp"], n2
            )
            row.update(
                win_rate_change=round(right["win_rate"] - left["win_rate"], 4),
                win_rate_p=round(win_p, 4),
                win_rate_significant=win_p < ALPHA,
                mean_vp_change=round(right["mean_vp"] - left["mean_vp"], 4),
                mean_vp_p=round(vp_p, 4),
                mean_vp_significant=vp_p < ALPHA,
            )
        else:
            row.update(
                win_rate_change=None,
                win_rate_p=None,
                win_rate_significant=False,
                mean_vp_change=None,
                mean_vp_p=None,
                mean_vp_significant=False,
            )
        seats.append(row)
    events: list[dict[str, Any]] = []
    a_events, b_events = a.get("events", {}), b.get("events", {})
    for name in sorted(set(a_events) | set(b_events)):
        c1 = float(a_events.get(name, {}).get("total", 0))
        c2 = float(b_events.get(name, {}).get("total", 0))
        r1, r2 = (c1 / n1 if n1 else 0.0), (c2 / n2 if n2 else 0.0)
        p = poisson_rate_test(c1, n1, c2, n2)
        events.append(
            {
                "event": name,
                "a_per_game": round(r1, 4),
                "b_per_game": round(r2, 4),
                "change": round(r2 - r1, 4),
                "p": round(p, 4),
                "significant": p < ALPHA,
            }
        )
    return {
        "a": _about(a),
        "b": _about(b),
        "alpha": ALPHA,
        "tests": dict(TESTS),
        "seats": seats,
        "events": events,
        "significant_events": [e["event"] for e in events if e["significant"]],
    }


def _rate(side: dict[str, Any] | None) -> str:
    if side is None:
        return "—"
    low, high = side["win_rate_ci95"]
    return f"{100 * side['win_rate']:.1f}% [{100 * low:.1f}–{100 * high:.1f}]"


def _flag(significant: bool) -> str:
    return "*" if significant else ""


def render_text(comparison: dict[str, Any]) -> str:
    """Return the comparison as plain text: a table of seats, then the events that changed."""
    a, b = comparison["a"], comparison["b"]
    lines = [
        f"A: {a['title']} ({a['finished']} games, seed {a['seed']})",
        f"B: {b['title']} ({b['finished']} games, seed {b['seed']})",
        "",
        f"{'Seat':<24} {'Win rate A [95%]':>22} {'Win rate B [95%]':>22} {'Change':>8} {'p':>7}  "
        f"{'VP A':>7} {'VP B':>7} {'Change':>7} {'p':>7}",
    ]
    for row in comparison["seats"]:
        left, right = row["a"], row["b"]
        if row["win_rate_change"] is None:
            change = p = vp_change = vp_p = "—"
        else:
            change = f"{100 * row['win_rate_change']:+.1f}{_flag(row['win_rate_significant'])}"
            p = f"{row['win_rate_p']:.4f}"
            vp_change = f"{row['mean_vp_change']:+.1f}{_flag(row['mean_vp_significant'])}"
            vp_p = f"{row['mean_vp_p']:.4f}"
        vp_a = "—" if left is None else f"{left['mean_vp']:.1f}"
        vp_b = "—" if right is None else f"{right['mean_vp']:.1f}"
        lines.append(
            f"{row['name'][:24]:<24} {_rate(left):>22} {_rate(right):>22} {change:>8} {p:>7}  "
            f"{vp_a:>7} {vp_b:>7} {vp_change:>7} {vp_p:>7}"
        )
    lines.append("")
    changed = [e for e in comparison["events"] if e["significant"]]
    if changed:
        lines.append("Events per game that changed significantly:")
        for event in changed:
            lines.append(
                f"  {event['event'].replace('_', ' ')}: {event['a_per_game']:.2f} -> "
                f"{event['b_per_game']:.2f} ({event['change']:+.2f}, p {event['p']:.4f})"
            )
    else:
        lines.append("No event count per game changed significantly.")
    lines.append("")
    lines.append(CHANCE_NOTE)
    lines.append(
        "* significant at 5%. Tests: "
        + "; ".join(f"{k.replace('_', ' ')}: {v}" for k, v in comparison["tests"].items())
    )
    return "\n".join(lines) + "\n"
