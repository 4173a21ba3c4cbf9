"""The rows of the Issues dock: the validator's issues filtered by severity and sorted by a column.

On a big map a validation run finds tens of thousands of issues (53,000 on a generated
30,000-area map), and sorting them took the UI thread a tenth of a second or more after every run.
``arrange`` is therefore written to run in a worker thread without stalling the UI thread: Python's
``sorted`` compares keys in C and keeps the GIL for the whole comparison phase (tens of
milliseconds for 50,000 keys), so the issues are sorted in slices of ``SLICE`` (a millisecond or
two each) and the slices merged with ``heapq.merge``, a Python generator that lets other threads
run between items. The result is exactly that of one stable ``sorted`` call.

No Qt here: the dock (``editor.docks.issues``) decides where this runs.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, TypeVar

from model.issues import Issue, Severity

T = TypeVar("T")

SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
"""Errors first, then warnings, then notes (the severity column sorts by badness, not by name)."""

SLICE = 2048
"""Items sorted by one ``sorted`` call: short enough that the GIL is not held for long."""

_KEY = itemgetter(0)


def sort_in_slices(
    items: Sequence[T], key: Callable[[T], Any], *, reverse: bool = False, size: int = SLICE
) -> list[T]:
    """``sorted(items, key=key, reverse=reverse)``, without holding the GIL for the whole sort.

    Each key is computed once. Ties keep the items' order (as ``sorted`` does): each slice is
    sorted stably and ``heapq.merge`` takes equal items from earlier slices first.
    """
    if size < 1:
        raise ValueError(f"slice size must be at least 1, not {size}")
    keyed = [(key(item), item) for item in items]
    slices = [sorted(keyed[i : i + size], key=_KEY, reverse=reverse) for i in range(0, len(keyed), size)]
    if len(slices) <= 1:
        return [item for _, item in (slices[0] if slices else [])]
    return [item for _, item in heapq.merge(*slices, key=_KEY, reverse=reverse)]


def release_in_slices(items: list[Any], size: int = SLICE) -> None:
    """Empty ``items`` from the end, ``size`` at a time, freeing what only it held.

    Dropping the last reference to 50,000 issues frees them in one C loop (about 15 ms holding
    the GIL); slice by slice, other threads run in between.
    """
    if size < 1:
        raise ValueError(f"slice size must be at least 1, not {size}")
    while items:
        del items[-size:]


def sort_key(column: int) -> Callable[[Issue], Any]:
    """The key of a column: severity by badness (then code and message), other columns by text."""
    if column == 0:
        return lambda issue: (SEVERITY_ORDER[issue.severity], issue.code, issue.message)
    if column == 1:
        return lambda issue: issue.code
    if column == 2:
        return lambda issue: ", ".join(issue.ids)
    if column == 3:
        return lambda issue: issue.message
    raise ValueError(f"the issues table has columns 0 to 3, not {column}")


@dataclass(frozen=True)
class Arrangement:
    """What the table shows: its rows in order, and the codes among them (for the column width)."""

    rows: list[Issue]
    codes: frozenset[str]


def arrange(issues: Iterable[Issue], column: int, descending: bool, minimum: Severity) -> Arrangement:
    """The issues at least as severe as ``minimum``, sorted by ``column`` (0-3)."""
    worst = SEVERITY_ORDER[minimum]
    shown = [issue for issue in issues if SEVERITY_ORDER[issue.severity] <= worst]
    rows = sort_in_slices(shown, sort_key(column), reverse=descending)
    return Arrangement(rows, frozenset(issue.code for issue in rows))
