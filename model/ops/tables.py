"""Edit operations on the ruleset's tables: override a shipped default, or go back to it.

A scenario's ``ruleset.tables`` holds only the tables its author replaced (DESIGN.md "Scenario
file"); everything else comes from the ruleset's defaults under resources/. An override equal to
the shipped default is dropped rather than stored, so the file says only what differs.
"""

from __future__ import annotations

import copy
import json
import math
from typing import Any

from model.ops.core import Change, InvalidValueError, PreconditionError, Recorder, Touched, UnknownIdError
from model.rules.tables import TableError, default_tables
from model.scenario import Scenario

TABLES = ("ruleset", "tables")


def _defaults(scenario: Scenario) -> dict[str, Any]:
    try:
        return default_tables(scenario.ruleset.id)
    except TableError as error:
        raise PreconditionError(str(error)) from error


def _check_json(value: Any, where: str) -> None:
    """Refuse what a JSON file cannot hold (NaN, infinities, non-string keys, objects)."""
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise InvalidValueError(f"{where}: not a JSON value ({error})") from error
    # json.dumps turns int keys into strings silently: a reloaded file would differ.
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            bad = [key for key in item if not isinstance(key, str)]
            if bad:
                raise InvalidValueError(f"{where}: object keys must be text, not {bad[0]!r}")
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, float) and not math.isfinite(item):
            raise InvalidValueError(f"{where}: {item} is not a finite number")


def set_table(scenario: Scenario, table_id: str, value: Any) -> Change:
    """Replace a ruleset table for this scenario (a deep copy of ``value`` is stored).

    The table must be one the ruleset ships or one the scenario already overrides; a value equal
    to the shipped default removes the override.
    """
    defaults = _defaults(scenario)
    if table_id not in defaults and table_id not in scenario.ruleset.tables:
        known = ", ".join(sorted(defaults)) or "none"
        raise UnknownIdError(
            f"ruleset {scenario.ruleset.id!r} has no table {table_id!r}; its tables: {known}"
        )
    _check_json(value, f"table {table_id}")
    rec = Recorder(scenario)
    rec.save(TABLES)
    if table_id in defaults and value == defaults[table_id]:
        scenario.ruleset.tables.pop(table_id, None)
        return rec.change(f"Reset table {table_id} (same as the default)", Touched())
    scenario.ruleset.tables[table_id] = copy.deepcopy(value)
    return rec.change(f"Edit table {table_id}", Touched())


def reset_table(scenario: Scenario, table_id: str) -> Change:
    """Drop a scenario's override of a table so that the shipped default applies again."""
    if table_id not in scenario.ruleset.tables:
        raise PreconditionError(f"table {table_id!r} is not overridden: it already is the shipped default")
    rec = Recorder(scenario)
    rec.save(TABLES)
    del scenario.ruleset.tables[table_id]
    return rec.change(f"Reset table {table_id} to the shipped default", Touched())
