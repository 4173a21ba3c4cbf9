"""Names of 7 Ages' own ids for the play-test panel: unit types from the units table, empire cards
by their empire's name, so a choice reads "Buy Light horse Scythia", not "buy light_horse scythia".

The engine's action and log texts hold ids (model.rules.sevenages.actions); the shared panel turns
every id it has a name for into that name (``editor.playtest.decisions.with_names``).
"""

from __future__ import annotations

from model.rules.sevenages import tables
from model.scenario import Scenario


def names(scenario: Scenario) -> dict[str, str]:
    """The editor part's ``names``: unit type id -> its name in the scenario's units table (7A facts
    2.4), empire card id -> the empire's name (7A facts 2.3)."""
    shown = {type_id: unit.name for type_id, unit in tables.for_scenario(scenario).units.types.items()}
    shown.update({empire.id: empire.name for empire in scenario.setup.empires})
    return shown
