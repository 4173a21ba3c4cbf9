"""Handicaps that even out win rates, found on the final scores of games already played.

The balance report's suggestion (``model.playtest.stats.suggest_handicaps``) brings every empire's
mean final score to the same value. That evens out means, not wins: an empire whose score hardly
varies (a small realm that keeps what it has) wins less often at an equal mean than one whose
score swings widely. A handicap adds a constant to one empire's final score, so on the final
scores of games already played the winners under any other handicaps can be read off directly:
this module searches the whole-number handicaps under which every empire would have won about an
equal share of those games.

It is a fit to a sample, with two approximations an author should know: ties are shared equally
(the games' logs keep scores but not the ruleset's tie-breaks, such as leaders' statures), and
bots that weigh the score race (whom to support in a vote, whom to refuse asylum) may play a
little differently under other handicaps. So the figures it prints for its own games flatter it;
apply the suggestion and check it on a run with another seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

MAX_PASSES = 50
"""At most this many passes over the empires (a pass that improves nothing ends the search)."""

METHOD = (
    "Whole-number handicaps under which every empire would have won about an equal share of these "
    "games: a handicap adds a constant to an empire's final score, so the winners under other "
    "handicaps are read off the games' final scores. Ties are shared equally (the log keeps no "
    "tie-breaks), and the handicaps keep their sum. A fit to these games: apply it and check it on "
    "a run with another seed."
)
"""How :func:`even_win_handicaps` works, in words (printed with its table)."""


def win_shares(raw: npt.NDArray[np.float64], handicaps: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Each empire's share of the games' wins when ``handicaps`` are added to the ``raw`` scores
    (games by empires, handicaps excluded); a tie for the lead is shared equally."""
    totals = raw + handicaps
    leaders = totals == totals.max(axis=1, keepdims=True)
    shares: npt.NDArray[np.float64] = (leaders / leaders.sum(axis=1, keepdims=True)).mean(axis=0)
    return shares


def _misfit(shares: npt.NDArray[np.float64]) -> float:
    """How far win shares are from equal: the sum of squared differences from the fair share."""
    return float(((shares - 1.0 / len(shares)) ** 2).sum())


def even_win_handicaps(games: Sequence[Mapping[str, float]], current: Mapping[str, int]) -> dict[str, Any]:
    """Return the handicaps that would even out the win rates of ``games`` (final scores by empire,
    the ``current`` handicaps included, as the engine scores them).

    A coordinate search: in turn, each empire's handicap is set to the whole number that brings
    the win shares closest to equal with the others' held fixed. The shares change only where the
    empire's total meets another's in some game, so the values tried are those meeting points and
    the numbers either side of them (a plateau of no change, where one empire wins every game,
    cannot stall it). Passes repeat until one improves nothing. Empires keep the order of
    ``current``; the handicaps' sum stays the same (the result is shifted back by a whole number,
    so it can differ by less than one point per empire). Returns ``{"method", "games",
    "empires": {id: {"current", "suggested", "change", "wins_now", "wins_after"}}}``, the win
    shares those of these games; no empires without games.
    """
    empires = list(current)
    if not games or not empires:
        return {"method": METHOD, "games": 0, "empires": {}}
    start = np.array([float(current[e]) for e in empires])
    raw = np.array([[float(game[e]) for e in empires] for game in games]) - start
    handicaps = start.copy()
    best = _misfit(win_shares(raw, handicaps))
    for _ in range(MAX_PASSES):
        improved = False
        for index in range(len(empires)):
            others = np.delete(raw + handicaps, index, axis=1) - raw[:, [index]]
            meeting = np.unique(others)
            for value in np.unique(np.concatenate([meeting - 1, meeting, meeting + 1])):
                trial = handicaps.copy()
                trial[index] = value
                misfit = _misfit(win_shares(raw, trial))
                if misfit < best - 1e-12:
                    best, handicaps, improved = misfit, trial, True
        if not improved:
            break
    handicaps -= round(float(handicaps.sum() - start.sum()) / len(empires))
    now, after = win_shares(raw, start), win_shares(raw, handicaps)
    return {
        "method": METHOD,
        "games": len(games),
        "empires": {
            empire: {
                "current": int(start[i]),
                "suggested": int(handicaps[i]),
                "change": int(handicaps[i] - start[i]),
                "wins_now": round(float(now[i]), 4),
                "wins_after": round(float(after[i]), 4),
            }
            for i, empire in enumerate(empires)
        },
    }
