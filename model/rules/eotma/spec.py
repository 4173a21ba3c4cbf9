"""The EotMA ruleset as a plug-in: the ``mappa.rulesets`` entry point in pyproject.toml names ``SPEC``
(see ``model.rules.registry``)."""

from __future__ import annotations

from model.rules.eotma import schema
from model.rules.registry import SEARCH_LEVEL, RulesetSpec, UnitKind
from model.scenario import AreaKind

SPEC = RulesetSpec(
    id="eotma",
    name="Empires of the Middle Ages",
    player_label="empire",
    area_attributes=schema.AreaAttributes,
    area_setup=schema.AreaSetup,
    empire_attributes=schema.EmpireAttributes,
    magnate_attributes=schema.MagnateAttributes,
    unit_attributes=schema.UnitAttributes,
    options=schema.Options,
    setup_attributes=schema.SetupAttributes,
    unit_kinds=(
        UnitKind("army", "Army", 1, 4, (AreaKind.LAND,), rule="33.31"),
        UnitKind("fleet", "Fleet", 1, 4, (AreaKind.LAND,), rule="34.22"),
    ),
    checks="model.rules.eotma.checks:check_scenario",
    engine="model.rules.eotma.game:build_game",
    reaches="model.rules.eotma.reach:reaches",
    capture="model.rules.eotma.capture:capture",
    map_modes="model.rules.eotma.mapmodes:MAP_MODES",
    tables_dir="rulesets/eotma",
    tables_loader="model.rules.eotma.data:Rules.load",
    bots=(
        ("random", "model.bots.base:RandomBot"),
        SEARCH_LEVEL,
        ("heuristic", "model.rules.eotma.bot:EotmaHeuristicBot"),
    ),
)
