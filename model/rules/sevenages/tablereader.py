"""Reading the 7 Ages JSON tables into typed values, with errors that name the table and key.

Kept apart from ``model.rules.sevenages.tables`` (what the tables hold) so the shape checks of a
value (an integer in a range, one of some strings...) are written once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn


class SevenAgesTableError(ValueError):
    """A 7 Ages table (shipped or overridden by the scenario) that is missing or malformed."""

    def __init__(self, message: str, table: str = "", key: str = "") -> None:
        super().__init__(message)
        self.table = table
        """The id of the table at fault (its override is ``ruleset.tables.<table>``)."""
        self.key = key
        """The dotted key inside the table at fault (empty when the whole table is)."""


class Reader:
    """Reads typed values from one table, raising errors that name the table and the key."""

    def __init__(self, table: str, data: Any, prefix: str = "") -> None:
        self.table = table
        self.prefix = prefix
        if not isinstance(data, Mapping):
            self.fail("", f"must be a JSON object, not {type(data).__name__}")
        self.data: Mapping[str, Any] = data

    def fail(self, key: str, problem: str) -> NoReturn:
        """Raise the error for ``key`` (relative to this reader)."""
        dotted = f"{self.prefix}{key}".rstrip(".")
        where = f"{self.table}.{dotted}" if dotted else self.table
        raise SevenAgesTableError(f"7 Ages table {self.table!r}: {where} {problem}", self.table, dotted)

    def raw(self, key: str) -> Any:
        """The value under ``key``; an error when it is missing."""
        if key not in self.data:
            self.fail(key, "is missing")
        return self.data[key]

    def integer(self, key: str, low: int | None = None, high: int | None = None) -> int:
        """An integer within ``low..high`` (either bound optional)."""
        value = self.raw(key)
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, f"must be an integer, not {value!r}")
        if (low is not None and value < low) or (high is not None and value > high):
            self.fail(
                key, f"is {value}; it must be in {'' if low is None else low}..{'' if high is None else high}"
            )
        result: int = value
        return result

    def text(self, key: str, choices: tuple[str, ...] = ()) -> str:
        """A string (one of ``choices`` when given)."""
        value = self.raw(key)
        if not isinstance(value, str) or not value:
            self.fail(key, f"must be a non-empty string, not {value!r}")
        if choices and value not in choices:
            self.fail(key, f"is {value!r}; it must be one of {', '.join(choices)}")
        result: str = value
        return result

    def opt_text(self, key: str) -> str | None:
        """A string or null (missing counts as null)."""
        if self.data.get(key) is None:
            return None
        return self.text(key)

    def flag(self, key: str) -> bool:
        """A JSON boolean."""
        value = self.raw(key)
        if not isinstance(value, bool):
            self.fail(key, f"must be true or false, not {value!r}")
        result: bool = value
        return result

    def texts(self, key: str, choices: tuple[str, ...] = ()) -> tuple[str, ...]:
        """A list of strings (each one of ``choices`` when given)."""
        value = self.raw(key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(key, f"must be a list of strings, not {value!r}")
        for item in value:
            if choices and item not in choices:
                self.fail(key, f"names {item!r}; it must be one of {', '.join(choices)}")
        return tuple(value)

    def integers(self, key: str, low: int | None = None) -> tuple[int, ...]:
        """A non-empty list of integers (each at least ``low`` when given)."""
        value = self.raw(key)
        ok = (
            isinstance(value, list)
            and value
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        )
        if not ok:
            self.fail(key, f"must be a non-empty list of integers, not {value!r}")
        if low is not None and any(v < low for v in value):
            self.fail(key, f"holds a value below {low}: {value!r}")
        return tuple(value)

    def sub(self, key: str) -> Reader:
        """A reader of the object under ``key``."""
        return Reader(self.table, self.raw(key), f"{self.prefix}{key}.")

    def items(self, key: str) -> list[tuple[str, Reader]]:
        """``(name, reader)`` for each entry of the object under ``key``, in file order."""
        inner = self.sub(key)
        return [(name, inner.sub(name)) for name in inner.data]
