"""The heuristic EotMA bot's weights, read from the ruleset's ``bot`` table (rulesets/eotma/bot.json).

They are not rules but how the AI level plays: what gold is worth, what it keeps in reserve, and
switches for single behaviours (so that a benchmark can play the bot with one of them off against
the bot with it on). A scenario may replace any entry like any other table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from model.rules.bot_table import weights_from_entries


@dataclass(frozen=True, slots=True)
class BotWeights:
    """One field per entry of the ``bot`` table (its notes say what each one means)."""

    gold_value: float
    search_conversion_share: float
    search_conversion_seats: int
    search_gold_rounds: int
    keep_for_defense: int
    replan_width: int
    domestic_width: int
    base_by_rating: bool
    build_rounds_left: int
    build_value_cap: float
    bribe_reserve: int
    bribe_voters: int
    bribe_last_round: bool
    claim_unfree_first: bool
    lend_reserve: int
    army_to_attack_base: bool
    fleet_value: float
    fleet_reserve: int
    conversion_group_cap: int
    conversion_unrest: float
    tie_to_convert: bool
    plunder_short: int
    plunder_rounds_left: int
    plunder_gold_value: float
    plunder_unrest: float
    reduce_fort_to_convert: bool
    fort_level_value: float
    fort_threat_share: float
    slight_before_fall: bool
    untie_for_asylum: bool
    ask_willing_host: bool
    untie_in_asylum: bool
    exile_diplomacy: bool
    exile_return_value: float
    revoke_lead: int
    revoke_for_vote: bool
    coup_on_claims: bool

    @classmethod
    def from_table(cls, entry: Callable[[str], Any]) -> BotWeights:
        """Build the weights from ``entry(name)``, the value of one table entry (a scenario's
        table, else the shipped one); each value is checked against its field's type."""
        return weights_from_entries(cls, entry)

    def replace(self, changes: Mapping[str, Any]) -> BotWeights:
        """Return a copy with some weights changed (benchmarks play one variant against another)."""
        return dataclasses.replace(self, **changes)
