"""The Seasons ruleset as a plug-in: the ``mappa.rulesets`` entry point in pyproject.toml names ``SPEC``
(see ``model.rules.registry``)."""

from __future__ import annotations

from model.rules.registry import SEARCH_LEVEL, RulesetSpec, UnitKind
from model.rules.seasons import schema
from model.scenario import AreaKind

SPEC = RulesetSpec(
    id="seasons",
    name="Seasons",
    player_label="nation",
    area_attributes=schema.AreaAttributes,
    area_setup=schema.AreaSetup,
    empire_attributes=schema.NationAttributes,
    magnate_attributes=schema.MagnateAttributes,
    unit_attributes=schema.UnitAttributes,
    options=schema.Options,
    setup_attributes=schema.SetupAttributes,
    unit_kinds=(
        UnitKind("infantry", "Infantry", 1, 1, (AreaKind.LAND,), rule="Seasons: Units / Infantry"),
        UnitKind("cavalry", "Cavalry", 1, 1, (AreaKind.LAND,), rule="Seasons: Units / Cavalry"),
        UnitKind("war_boat", "War boat", 1, 1, (AreaKind.SEA,), rule="Seasons: Units / War Boat"),
        UnitKind("siege", "Siege equipment", 1, 1, (AreaKind.LAND,), rule="Seasons: Units / Siege Units"),
    ),
    checks="model.rules.seasons.checks:check_scenario",
    engine="model.rules.seasons.game:build_game",
    reaches="model.rules.seasons.reach:reaches",
    capture="model.rules.seasons.capture:capture",
    tables_dir="rulesets/seasons",
    bots=(
        ("random", "model.bots.base:RandomBot"),
        SEARCH_LEVEL,
        ("heuristic", "model.rules.seasons.bot:HeuristicBot"),
    ),
)
