"""How precise a balance report is, and how many games a wanted precision needs.

The handicap preview of the editor (before "Apply suggested handicaps") shows each empire's
suggested handicap with a 95% interval and, when the intervals are wide, the number of games that
would narrow them to a chosen half-width. Both come from the report's own variance: the standard
deviation of each empire's final victory points and its win rate. The other suggestion, the one
that evens out win rates (``model.playtest.win_handicaps``), is shown with each empire's share of
the games' wins now and with it, the latter with its 95% interval (:func:`even_win_preview`).
"""

from __future__ import annotations

import math
from typing import Any

from model.playtest.stats import Z95, wilson_interval

VP_HALF_WIDTH = 2.0
"""The default wanted half-width of a suggested handicap's interval, in victory points."""

WIN_RATE_HALF_WIDTH = 0.05
"""The default wanted half-width of a win rate's interval (five percentage points)."""


def games_for_mean(stdev: float, half_width: float, z: float = Z95) -> int:
    """Return the games needed for a mean's interval to be ``mean ± half_width``.

    The interval of a mean of n games is ``z * stdev / sqrt(n)`` either side, so
    ``n = ceil((z * stdev / half_width) ** 2)``; at least 1 (no spread: one game says it all).
    """
    if half_width <= 0:
        raise ValueError("the half-width must be positive")
    return max(1, math.ceil((z * stdev / half_width) ** 2 - 1e-9))


def games_for_proportion(rate: float, half_width: float, z: float = Z95) -> int:
    """Return the games needed for a win rate's interval to be ``rate ± half_width``.

    Normal approximation with the report's rate: the variance of one game's win is
    ``rate * (1 - rate)``, so ``n = ceil(z² * rate * (1 - rate) / half_width²)`` (at least 1).
    """
    if half_width <= 0:
        raise ValueError("the half-width must be positive")
    clamped = min(max(rate, 0.0), 1.0)
    variance = clamped * (1 - clamped)
    return max(1, math.ceil(z * z * variance / (half_width * half_width) - 1e-9))


def handicap_preview(
    report: dict[str, Any],
    vp_half_width: float = VP_HALF_WIDTH,
    win_half_width: float = WIN_RATE_HALF_WIDTH,
) -> dict[str, Any]:
    """Return what applying the report's suggested handicaps would change, with its precision.

    ``{"games": finished games the suggestion rests on, "rows": [{"empire", "old", "new",
    "low", "high", "half_width"}], "widest": largest half-width (VP), "wide": whether it exceeds
    ``vp_half_width``, "games_needed_vp": total games for every interval to be within
    ``vp_half_width``, "games_needed_win": total games for every win rate to be within
    ``win_half_width``, "vp_half_width", "win_half_width"}``.

    A suggestion is ``old + round(target - mean)``; its uncertainty is taken as that of the
    empire's mean score alone (``z * stdev / sqrt(n)``): the target is a mean over every empire
    and moves far less. The interval is ``old + (target - mean) ± half_width``, not rounded.
    Empty ``rows`` when the report suggests nothing.
    """
    suggestions = report.get("suggested_handicaps") or {}
    games = int(report.get("finished", 0))
    target = float(suggestions.get("target_mean_vp", 0.0))
    rows: list[dict[str, Any]] = []
    needed_vp = needed_win = 0
    for empire, data in (suggestions.get("empires") or {}).items():
        figures = report["empires"].get(empire, {})
        stdev = float(figures.get("victory_points", {}).get("stdev", 0.0))
        half = Z95 * stdev / math.sqrt(games) if games else math.inf
        centre = int(data["current"]) + target - float(data["mean_vp"])
        rows.append(
            {
                "empire": empire,
                "old": int(data["current"]),
                "new": int(data["suggested"]),
                "low": round(centre - half, 2),
                "high": round(centre + half, 2),
                "half_width": round(half, 2),
            }
        )
        needed_vp = max(needed_vp, games_for_mean(stdev, vp_half_width))
        needed_win = max(
            needed_win, games_for_proportion(float(figures.get("win_rate", 0.0)), win_half_width)
        )
    widest = max((row["half_width"] for row in rows), default=0.0)
    return {
        "games": games,
        "rows": rows,
        "widest": widest,
        "wide": widest > vp_half_width,
        "games_needed_vp": needed_vp,
        "games_needed_win": needed_win,
        "vp_half_width": vp_half_width,
        "win_half_width": win_half_width,
    }


def even_win_preview(suggestion: dict[str, Any]) -> dict[str, Any]:
    """Return what applying the even-win handicaps of ``suggestion`` (what
    ``model.playtest.win_handicaps.even_win_handicaps`` returns) would change, row by row.

    ``{"games": the games it rests on, "rows": [{"empire", "old", "new", "wins_now",
    "wins_after", "low", "high"}]}``: ``wins_now`` and ``wins_after`` are the empire's shares of
    those games' wins under the old and the new handicaps; ``low`` and ``high`` bound the latter
    with its 95% Wilson interval over those games (a tie's share counts as part of a win, as in
    the report's win rates). The interval says how far a share read off that many games can be
    from the one a new run would find, even before the bots react to the new handicaps. Empty
    ``rows`` without games.
    """
    games = int(suggestion.get("games", 0))
    rows: list[dict[str, Any]] = []
    for empire, data in (suggestion.get("empires") or {}).items():
        low, high = wilson_interval(float(data["wins_after"]) * games, games)
        rows.append(
            {
                "empire": empire,
                "old": int(data["current"]),
                "new": int(data["suggested"]),
                "wins_now": float(data["wins_now"]),
                "wins_after": float(data["wins_after"]),
                "low": round(low, 4),
                "high": round(high, 4),
            }
        )
    return {"games": games, "rows": rows}
