"""The 7 Ages ruleset (with Emissaries & Neutrals) as a plug-in: the ``mappa.rulesets`` entry point
in pyproject.toml names ``SPEC`` (see ``model.rules.registry``).

Its unit kinds are the unit types of the shipped units table, so a scenario can place every type;
land and sea both stay allowed here because the 7 Ages checks report a unit in the wrong place
with their own codes (a land unit at sea, a ship inland), not the generic one.
"""

from __future__ import annotations

from model.rules.registry import SEARCH_LEVEL, RulesetSpec, UnitKind
from model.rules.sevenages import schema
from model.rules.sevenages.tables import default_tables
from model.scenario import AreaKind

MAX_COUNTERS = 20
"""The most identical counters one unit entry of a setup stands for."""


def _unit_kinds() -> tuple[UnitKind, ...]:
    kinds = []
    for unit in default_tables().units.types.values():
        kinds.append(
            UnitKind(
                unit.id,
                unit.name,
                1,
                MAX_COUNTERS,
                (AreaKind.LAND, AreaKind.SEA),
                rule=f"7A facts 2.4: {unit.unit_class}, level {unit.level}",
            )
        )
    return tuple(kinds)


SPEC = RulesetSpec(
    id="sevenages",
    name="7 Ages: Emissaries & Neutrals",
    player_label="player",
    area_attributes=schema.AreaAttributes,
    area_setup=schema.AreaSetup,
    empire_attributes=schema.EmpireAttributes,
    magnate_attributes=schema.MagnateAttributes,
    unit_attributes=schema.UnitAttributes,
    options=schema.Options,
    setup_attributes=schema.SetupAttributes,
    unit_kinds=_unit_kinds(),
    checks="model.rules.sevenages.checks:check_scenario",
    engine="model.rules.sevenages.game:build_game",
    capture="model.rules.sevenages.capture:capture",
    map_modes="model.rules.sevenages.mapmodes:MAP_MODES",
    tables_dir="rulesets/sevenages",
    tables_loader="model.rules.sevenages.tables:load",
    bots=(
        ("random", "model.bots.base:RandomBot"),
        SEARCH_LEVEL,
        ("heuristic", "model.rules.sevenages.bot:HeuristicBot"),
    ),
)
