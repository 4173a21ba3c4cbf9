"""Where a UI freeze comes from: the event loop's turns timed and profiled, and a GIL watchdog.

A freeze of the UI thread has two causes, told apart here:

* work on the UI thread itself (a slot that runs long). Each turn of the event loop
  (``processEvents``) is timed by wall clock and by the UI thread's own CPU time
  (``time.thread_time``, which neither the other processes on the machine nor a wait for the GIL
  inflate), and profiled with cProfile; the turn with the most CPU time is kept with its profile;
* another thread of the process holding Python's GIL in a long C call (a big numpy or shapely call,
  a garbage collection): the UI thread cannot run Python meanwhile, whatever it has to do. A
  watchdog thread ticks every millisecond; when it was kept from running for long, it notes what
  every other thread is running at that moment (the line just after the call that held the GIL).

A machine shared with other busy processes adds its own gaps: the kernel leaves a runnable thread
waiting for a CPU. Linux counts that wait per thread (``/proc/thread-self/schedstat``, second
field); ``os_wait_ms`` reads it, and the benchmark subtracts it from each gap of the UI thread,
which leaves the program's own share: its work and its waits for the GIL.

Used by ``bench_editor.py``; both print where the time went under its table.
"""

from __future__ import annotations

import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from profile_top import Cost, Profile

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Turn:
    """One turn of the event loop: how long it took (wall clock and UI-thread CPU) and its profile."""

    wall_ms: float
    cpu_ms: float
    costs: list[Cost] = field(default_factory=list)


@dataclass
class Stall:
    """A stretch in which the watchdog thread could not run: who was running, and where."""

    ms: float
    threads: dict[str, str]
    """Thread name -> the project's innermost frames it was in when the watchdog ran again."""
    os_wait_ms: float = 0.0
    """How long of it the watchdog itself waited for a CPU (the machine's noise, not the GIL)."""
    cpu_ms: dict[str, float] = field(default_factory=dict)
    """Thread name -> its CPU time during the stall: the one that held the GIL ran; a stall in which
    no thread ran was the machine's other processes (its wall time is noise, not the program's)."""

    @property
    def gil_ms(self) -> float:
        """The stall less the watchdog's waits for a CPU: how long it waited for the GIL."""
        return max(0.0, self.ms - self.os_wait_ms)

    @property
    def held_ms(self) -> float:
        """The CPU time of the busiest worker thread during the stall: the GIL holder's share (the UI
        thread's own work is counted by its turns)."""
        return max((ms for name, ms in self.cpu_ms.items() if name != "MainThread"), default=0.0)


_SCHEDSTAT = Path("/proc/thread-self/schedstat")


def os_wait_ms() -> float:
    """How long the calling thread has waited, runnable, for a CPU (ms; 0 where Linux does not say)."""
    try:
        return int(_SCHEDSTAT.read_text().split()[1]) / 1e6
    except (OSError, IndexError, ValueError):
        return 0.0


@dataclass
class TurnLog:
    """The turns of one measured stretch: the longest gap and the busiest turn, with its profile."""

    longest_gap_ms: float = 0.0
    longest_own_gap_ms: float = 0.0
    """The longest gap less the time the kernel kept the UI thread waiting for a CPU meanwhile."""
    busiest: Turn | None = None
    turns: int = 0

    def record(self, gap_ms: float, turn: Turn, os_wait: float = 0.0) -> None:
        """Note one turn (``gap_ms``: since the end of the previous one, sleep included; ``os_wait``:
        the part of it the thread spent waiting for a CPU)."""
        self.turns += 1
        self.longest_gap_ms = max(self.longest_gap_ms, gap_ms)
        self.longest_own_gap_ms = max(self.longest_own_gap_ms, gap_ms - os_wait)
        if self.busiest is None or turn.cpu_ms > self.busiest.cpu_ms:
            self.busiest = turn


def profiled_turn(process_events: Callable[[], None], profile: bool) -> Turn:
    """Run one turn of the event loop, timed (and profiled when asked)."""
    wall, cpu = time.perf_counter(), time.thread_time()
    if profile:
        profiler = Profile()
        profiler.run(process_events)
        costs = profiler.top(8)
    else:
        process_events()
        costs = []
    return Turn((time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000, costs)


def _where(frame: object) -> str:
    """The innermost frames of the project's own code in a thread's stack, innermost last."""
    stack = traceback.extract_stack(frame)  # type: ignore[arg-type]
    own = [f for f in stack if f.filename.startswith(str(ROOT)) and "/tests/bench/" not in f.filename]
    tail = own[-3:] or stack[-2:]
    return " <- ".join(
        f"{Path(f.filename).relative_to(ROOT) if f.filename.startswith(str(ROOT)) else Path(f.filename).name}"
        f":{f.lineno} {f.name}"
        for f in reversed(tail)
    )


class GilWatch:
    """A thread that ticks every millisecond and records every stretch it could not run (>= ``over_ms``)."""

    def __init__(self, over_ms: float = 20.0) -> None:
        self.over_ms = over_ms
        self.stalls: list[Stall] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="gil-watch", daemon=True)

    def __enter__(self) -> GilWatch:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _clocks(self) -> dict[str, int]:
        """Each other thread's name and CPU clock (``time.pthread_getcpuclockid``); Qt's pool threads
        are not in ``threading.enumerate()``, so every thread running Python is taken."""
        me = threading.get_ident()
        names = {thread.ident: thread.name for thread in threading.enumerate()}
        clocks = {}
        for ident in sys._current_frames():
            if ident != me:
                try:
                    clocks[names.get(ident, f"worker {ident}")] = time.pthread_getcpuclockid(ident)
                except OSError:  # it ended meanwhile
                    continue
        return clocks

    @staticmethod
    def _cpu(clocks: dict[str, int]) -> dict[str, float]:
        times = {}
        for name, clock in clocks.items():
            try:
                times[name] = time.clock_gettime(clock)
            except OSError:  # it ended meanwhile
                continue
        return times

    def _watch(self) -> None:
        clocks = self._clocks()
        cpu = self._cpu(clocks)
        waited = os_wait_ms()
        last = refreshed = time.perf_counter()
        while not self._stop.is_set():
            time.sleep(0.001)
            now = time.perf_counter()
            gap = (now - last) * 1000
            after = self._cpu(clocks)
            waiting = os_wait_ms()
            if gap >= self.over_ms:
                names = {t.ident: t.name for t in threading.enumerate()}
                me = threading.get_ident()
                frames = {
                    names.get(ident, f"worker {ident}"): _where(frame)
                    for ident, frame in sys._current_frames().items()
                    if ident != me
                }
                used = {name: (after[name] - cpu[name]) * 1000 for name in after if name in cpu}
                self.stalls.append(Stall(gap, frames, waiting - waited, used))
            if now - refreshed > 0.05:  # threads come and go (the pools start theirs on first use)
                clocks, refreshed = self._clocks(), now
                after = self._cpu(clocks)
            cpu, waited = after, waiting
            last = time.perf_counter()

    def worst(self, count: int = 3) -> list[Stall]:
        """The longest waits for the GIL (stalls less the watchdog's waits for a CPU), longest first."""
        return sorted(self.stalls, key=lambda s: -s.gil_ms)[:count]

    @property
    def longest_gil_wait_ms(self) -> float:
        """The longest the watchdog waited for the GIL (its waits for a CPU taken out)."""
        return max((s.gil_ms for s in self.stalls), default=0.0)

    @property
    def longest_hold_ms(self) -> float:
        """The most CPU time another thread ran while the watchdog waited for the GIL."""
        return max((s.held_ms for s in self.stalls), default=0.0)


def describe(title: str, log: TurnLog, watch: GilWatch) -> list[str]:
    """Lines for the benchmark's output: the busiest UI turn with its profile, the worst GIL stalls."""
    lines = [
        f"  {title}: longest gap {log.longest_gap_ms:.0f} ms over {log.turns} turns,"
        f" {log.longest_own_gap_ms:.0f} ms without the waits for a CPU"
    ]
    if log.busiest is not None:
        busiest = log.busiest
        lines.append(
            f"    busiest UI-thread turn: {busiest.cpu_ms:.1f} ms CPU ({busiest.wall_ms:.1f} ms wall):"
        )
        lines.extend(f"      {cost.describe()}" for cost in busiest.costs)
    for stall in watch.worst():
        lines.append(
            f"    watchdog kept from running {stall.ms:.0f} ms ({stall.gil_ms:.0f} ms less its CPU waits);"
            " threads (CPU ms meanwhile) were at:"
        )
        lines.extend(
            f"      {name} ({stall.cpu_ms.get(name, 0.0):.0f}): {where}"
            for name, where in sorted(stall.threads.items())
        )
    return lines
