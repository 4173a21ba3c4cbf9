"""The 7 Ages heuristic bot's weights, read from the ruleset's ``bot`` table
(``resources/rulesets/sevenages/bot.json``).

They are not rules but how the AI level plays (switches for single behaviours and what they are
worth in the bot's move scores), so that a benchmark can play the bot with one of them off
against the bot with it on, and a weight can change without touching code.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from model.resources import resource_path
from model.rules.bot_table import weights_from_entries


class BotTableError(ValueError):
    """The 7 Ages ``bot`` table misses an entry or holds a value of the wrong type."""


@dataclass(frozen=True, slots=True)
class BotWeights:
    """One field per entry of the ``bot`` table (its notes say what each one means)."""

    cross_straits: bool
    strait_shore_value: float
    strait_step_value: float

    @classmethod
    def from_table(cls, table: dict[str, Any]) -> BotWeights:
        """Build the weights from a ``bot`` table (entry name -> ``{"value": ..., "note": ...}``)."""

        def value(name: str) -> Any:
            found = table.get(name)
            if not isinstance(found, dict) or "value" not in found:
                raise BotTableError(f"the 7 Ages bot table has no entry {name!r} with a 'value'")
            return found["value"]

        return weights_from_entries(cls, value, BotTableError)

    def replace(self, **changes: Any) -> BotWeights:
        """Return a copy with some weights changed (benchmarks play one variant against another)."""
        return dataclasses.replace(self, **changes)


@cache
def shipped() -> BotWeights:
    """Return the weights of the shipped ``bot`` table (read once)."""
    path = resource_path("rulesets", "sevenages", "bot.json")
    return BotWeights.from_table(json.loads(path.read_text(encoding="utf-8")))
