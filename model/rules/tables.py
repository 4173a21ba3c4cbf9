"""Ruleset tables: shipped defaults under resources/, replaced per scenario by ``ruleset.tables``.

Every HOUSE DEFAULT of a ruleset is such a table (or an option), so an author can type in the
real one. A table is any JSON value; each ruleset documents the shape of its own tables.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from model.resources import resources_dir
from model.rules import registry
from model.scenario import Scenario


class TableError(LookupError):
    """A table that neither the scenario nor the ruleset's defaults provide, or a broken default file."""


def default_tables(ruleset_id: str) -> dict[str, Any]:
    """Return the shipped default tables of a ruleset, by table id (the JSON file's stem).

    The result is the caller's own copy: changing it never changes the shipped defaults.
    """
    return copy.deepcopy(_shipped(ruleset_id))


@cache
def _shipped(ruleset_id: str) -> dict[str, Any]:
    """Read the default tables once; never handed out (callers get deep copies), never changed."""
    spec = registry.get(ruleset_id)
    if spec is None or not spec.tables_dir:
        return {}
    folder = resources_dir() / spec.tables_dir
    tables: dict[str, Any] = {}
    for path in sorted(folder.glob("*.json")):
        try:
            tables[path.stem] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as error:
            raise TableError(
                f"cannot read the default table {path.name} of ruleset {ruleset_id}: {error}"
            ) from error
    return tables


def table(scenario: Scenario, table_id: str) -> Any:
    """Return a table as the scenario sees it: its override if any, else a copy of the shipped default."""
    if table_id in scenario.ruleset.tables:
        return scenario.ruleset.tables[table_id]
    defaults = _shipped(scenario.ruleset.id)
    if table_id not in defaults:
        raise TableError(f"ruleset {scenario.ruleset.id!r} has no table {table_id!r}")
    return copy.deepcopy(defaults[table_id])


def is_overridden(scenario: Scenario, table_id: str) -> bool:
    """Return whether the scenario replaces the shipped default of this table."""
    return table_id in scenario.ruleset.tables
