"""Seeded randomness kept inside a game state (DESIGN.md "Rules engine protocol").

The generator is SplitMix64: its whole state is one 64-bit integer, so cloning a game state and
saving it to JSON cost nothing, and ``seed + actions`` replays to the same dice and card draws.
Every roll is written to ``trace`` so the engine can put it in the log entry of the action that
caused it. Tests force outcomes with :meth:`Rng.force` (dice values used before the stream).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class RngError(ValueError):
    """A forced value that cannot be used for the roll asked for (e.g. a 7 on a six-sided die)."""


class Rng:
    """A small, fast, serialisable random generator with forced outcomes and a trace of rolls."""

    __slots__ = ("forced", "state", "trace")

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK
        self.forced: list[int] = []
        self.trace: list[str] = []

    def _next(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``0..n-1`` (not traced; used by shuffles)."""
        if n <= 0:
            raise RngError(f"cannot draw below {n}")
        # Rejection sampling keeps the draw exactly uniform.
        limit = _MASK - (_MASK + 1) % n
        while True:
            value = self._next()
            if value <= limit:
                return value % n

    def die(self, sides: int = 6) -> int:
        """Return one die roll, a forced value first when one is queued."""
        if self.forced:
            value = self.forced.pop(0)
            if not 1 <= value <= sides:
                raise RngError(f"forced value {value} is not a roll of a {sides}-sided die")
            return value
        return self.below(sides) + 1

    def roll(self, dice: int, label: str, sides: int = 6) -> int:
        """Roll ``dice`` dice, record them in the trace under ``label``, and return the total."""
        values = [self.die(sides) for _ in range(dice)]
        total = sum(values)
        self.trace.append(f"{label}: {dice}d{sides} {'+'.join(map(str, values))}={total}")
        return total

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates), never consuming forced dice values."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def force(self, *values: int) -> None:
        """Queue die values that the next rolls return, in order (tests and scripted play)."""
        self.forced.extend(values)

    def drain(self) -> list[str]:
        """Return and clear the trace of rolls made since the last drain."""
        trace, self.trace = self.trace, []
        return trace

    def clone(self) -> Rng:
        """Return an independent copy (same stream position and forced queue)."""
        other = Rng.__new__(Rng)
        other.state = self.state
        other.forced = list(self.forced)
        other.trace = list(self.trace)
        return other

    def to_json(self) -> dict[str, Any]:
        """Return the generator as plain JSON data."""
        return {"state": self.state, "forced": list(self.forced)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rng:
        """Rebuild a generator saved by :meth:`to_json`."""
        rng = cls(0)
        rng.state = int(data["state"]) & _MASK
        rng.forced = [int(v) for v in data.get("forced", [])]
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.state, self.forced) == (other.state, other.forced)

    __hash__ = None  # type: ignore[assignment]
