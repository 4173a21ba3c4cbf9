"""What costs the time in a benchmark stage: a cProfile run summarised as its top functions.

Wall-clock times are noisy on a shared machine; the share of a stage that each function takes
(cumulative time over the stage's total) and its call count are not, so the benchmarks print these
beside their timings. Only the project's own functions (``model/``, ``editor/``) and the library
calls they make directly are listed, so wrappers (contextlib, shapely's decorators) do not crowd out
the places to look at.
"""

from __future__ import annotations

import cProfile
import pstats
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[2]
_OWN = tuple(str(ROOT / part) for part in ("model", "editor"))
T = TypeVar("T")
_NOISE = ("contextlib.py", "decorators.py", "<frozen", "bench_")


@dataclass(frozen=True)
class Cost:
    """One function's part of a profiled stage."""

    name: str
    calls: int
    cumulative: float
    share: float

    def describe(self) -> str:
        """The row printed under a stage's heading."""
        return f"{self.share:6.1%} {self.cumulative * 1000:9.1f} ms {self.calls:>9,} calls  {self.name}"


def _label(func: tuple[str, int, str]) -> str:
    filename, line, name = func
    if filename.startswith(str(ROOT)):
        return f"{Path(filename).relative_to(ROOT)}:{line} {name}"
    if filename == "~":
        return name  # a built-in or C function
    return f"{Path(filename).name}:{line} {name}"


class Profile:
    """A cProfile profiler that can run several calls (the parts of one stage) and sum them up."""

    def __init__(self) -> None:
        self._profiler = cProfile.Profile()

    def run(self, function: Callable[[], T]) -> T:
        """Run ``function`` with the profiler on; return its result."""
        return self._profiler.runcall(function)

    def top(self, count: int = 12) -> list[Cost]:
        """The costliest functions over every call run so far, by cumulative time."""
        stats = pstats.Stats(self._profiler)
        table: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
        total = max(getattr(stats, "total_tt", 0.0), 1e-9)
        costs = []
        for func, (_, calls, _, cumulative, callers) in table.items():
            filename = func[0]
            own = filename.startswith(_OWN)
            called_by_own = any(caller[0].startswith(_OWN) for caller in callers)
            if any(noise in filename for noise in _NOISE) or not (own or called_by_own):
                continue
            costs.append(Cost(_label(func), calls, cumulative, cumulative / total))
        costs.sort(key=lambda cost: -cost.cumulative)
        return costs[:count]


def profile(function: Callable[[], T], top: int = 12) -> tuple[T, list[Cost]]:
    """Run ``function`` under cProfile; return its result and the costliest functions in it."""
    profiler = Profile()
    result = profiler.run(function)
    return result, profiler.top(top)


def report(title: str, costs: list[Cost]) -> list[str]:
    """Lines for the benchmark's "profile" section: a heading, then one line per function."""
    return [f"  {title}", *(f"    {cost.describe()}" for cost in costs)]
