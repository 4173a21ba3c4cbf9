"""A heuristic bot's weights from its ruleset's ``bot`` table: one typed field per entry.

Each ruleset keeps its bot's weights as a frozen dataclass of its own (its fields are that bot's
behaviours); this builds one from the table's entries, checking each value against the type its
field declares, so that a scenario's or a ruleset's bad entry is named rather than misread.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def weights_from_entries(cls: type[T], entry: Callable[[str], Any], error: type[Exception] = ValueError) -> T:
    """Build the dataclass ``cls`` from ``entry(name)``, the value of each field's table entry.

    A ``bool`` field takes only true or false (a switch); an ``int`` or ``float`` field takes a
    number (not a switch), converted to the field's type. A value of another kind raises ``error``
    naming the entry.
    """
    values: dict[str, Any] = {}
    for item in dataclasses.fields(cls):  # type: ignore[arg-type]
        value = entry(item.name)
        kind = str(item.type)
        if kind == "bool":
            if not isinstance(value, bool):
                raise error(f"bot table entry {item.name!r} must be true or false, not {value!r}")
        elif isinstance(value, bool) or not isinstance(value, int | float):
            raise error(f"bot table entry {item.name!r} must be a number, not {value!r}")
        else:
            value = int(value) if kind == "int" else float(value)
        values[item.name] = value
    return cls(**values)
