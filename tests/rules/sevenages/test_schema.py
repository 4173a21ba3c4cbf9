"""The 7 Ages schema and spec: defaults and ranges of the attributes the inspector edits, the
reference pickers and map chips, and the spec's plug-in fields."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ValidationError
from sevenages_scenario import tiny_sevenages_scenario

from model.attributes import attribute_targets
from model.rules import registry
from model.rules.registry import RulesetSpec
from model.rules.sevenages import schema
from model.rules.sevenages.tables import default_tables
from model.scenario import AreaKind


@pytest.fixture(scope="module")
def spec() -> RulesetSpec:
    found = registry.get("sevenages")
    assert found is not None, registry.problems()
    return found


def test_the_entry_point_gives_the_spec(spec: RulesetSpec) -> None:
    assert spec.name == "7 Ages: Emissaries & Neutrals"
    assert spec.player_label == "player"
    assert spec.engine == "model.rules.sevenages.game:build_game"
    assert spec.bot_levels() == ["random", "mcts", "heuristic"]
    assert spec.tables_dir == "rulesets/sevenages"
    assert [mode.id for mode in spec.ruleset_map_modes()] == [
        "region",
        "terrain",
        "income",
        "cities",
        "neutral_areas",
    ]


def test_unit_kinds_are_the_unit_types_of_the_table(spec: RulesetSpec) -> None:
    types = default_tables().units.types
    assert [kind.id for kind in spec.unit_kinds] == list(types)
    galley = spec.unit_kind("galley")
    assert galley is not None
    assert (galley.name, galley.min_strength, galley.max_strength) == ("Galley", 1, 20)
    # Where a unit may stand is the 7 Ages checks' business (land unit at sea, ship inland).
    assert set(galley.allowed_on) == {AreaKind.LAND, AreaKind.SEA}
    assert "level 4" in galley.rule


def test_every_attribute_of_the_tiny_scenario_validates(spec: RulesetSpec) -> None:
    scenario = tiny_sevenages_scenario()
    for target in attribute_targets(scenario, spec):
        model, attributes = target[1], target[2]
        model.model_validate(attributes)


def test_defaults_follow_the_contract() -> None:
    area = schema.AreaAttributes()
    assert (area.regions, area.terrain, area.income, area.resource, area.resource_type) == (
        [],
        schema.Terrain.FERTILE,
        None,
        False,
        None,
    )
    state = schema.AreaSetup()
    assert (state.city, state.capital, state.fort, state.disorder) == (0, False, False, False)
    card = schema.EmpireAttributes()
    assert card.ages == [1, 2, 3, 4, 5, 6, 7]
    assert (card.convert, card.player, card.shade, card.has_capital, card.homeland) == (
        "none",
        None,
        schema.Shade.LIGHT,
        True,
        False,
    )
    assert schema.UnitAttributes().level is None
    setup = schema.SetupAttributes()
    assert (setup.first_player, setup.turn_limit, setup.start_age, setup.progress_limit) == (
        None,
        None,
        None,
        None,
    )
    options = schema.Options()
    assert (options.fog_of_war, options.retreat_when, options.neutral_event_areas, options.emissaries) == (
        True,
        "opponent_disordered",
        None,
        True,
    )


@pytest.mark.parametrize(
    ("model", "data"),
    [
        (schema.EmpireAttributes, {"value": 8}),
        (schema.EmpireAttributes, {"value": -1}),
        (schema.EmpireAttributes, {"shade": "white"}),
        (schema.EmpireAttributes, {"glory": [{"category": "ARTEFACTS", "points": 2}]}),
        (schema.EmpireAttributes, {"glory": [{"category": "AREAS", "points": 0}]}),
        (schema.AreaAttributes, {"terrain": "swamp"}),
        (schema.AreaAttributes, {"income": -1}),
        (schema.AreaSetup, {"city": -1}),
        (schema.AreaSetup, {"walls": True}),
        (schema.UnitAttributes, {"level": 0}),
        (schema.SetupAttributes, {"start_age": 8}),
        (schema.SetupAttributes, {"players": [{"name": "no id"}]}),
        (schema.Options, {"retreat_when": "never"}),
        (schema.Options, {"neutral_event_areas": 0}),
        (schema.MagnateAttributes, {"treasury": 3}),
    ],
)
def test_values_outside_the_rules_are_refused(model: type[BaseModel], data: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        model.model_validate(data)


MODELS = (
    schema.AreaAttributes,
    schema.AreaSetup,
    schema.EmpireAttributes,
    schema.UnitAttributes,
    schema.SetupAttributes,
    schema.Options,
    schema.GloryEntry,
    schema.Player,
)


@pytest.mark.parametrize("model", MODELS)
def test_every_inspector_field_has_a_description(model: type[BaseModel]) -> None:
    for name, info in model.model_fields.items():
        if name in ("id", "name"):
            continue  # a player's or region's own id and name need no explanation
        assert info.description, f"{model.__name__}.{name} has no description"


def test_start_areas_are_picked_among_the_areas() -> None:
    extra = schema.EmpireAttributes.model_fields["start_areas"].json_schema_extra
    assert extra == {"ref": "area"}


def test_the_starting_state_shows_as_chips_on_the_map() -> None:
    fields = schema.AreaSetup.model_fields
    markers = {name: (info.json_schema_extra or {}).get("marker") for name, info in fields.items()}  # type: ignore[union-attr]
    assert markers == {"city": "C{}", "capital": "★", "fort": "F", "disorder": "!"}
