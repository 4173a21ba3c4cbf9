"""Stake's model part: the ruleset spec Mappa's registry reads, and its registration for tests.

A packaged ruleset would declare ``[project.entry-points."mappa.rulesets"] toy =
"toyrules.model_part:SPEC"``; the tests register it for their duration with :func:`installed`
(``model.rules.registry.registered``) or install that entry point on ``sys.path``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from model.rules import registry
from model.rules.registry import RulesetSpec, UnitKind
from model.scenario import AreaKind
from toyrules import schema

RULESET_ID = "toy"

SCENARIO = Path(__file__).with_name("toy.mappa.json")
"""A Stake scenario: a 3 x 3 grid of land areas with a sea row below, two players."""

SPEC = RulesetSpec(
    id=RULESET_ID,
    name="Stake (test ruleset)",
    player_label="player",
    area_attributes=schema.AreaAttributes,
    area_setup=schema.AreaSetup,
    empire_attributes=schema.PlayerAttributes,
    magnate_attributes=schema.MagnateAttributes,
    unit_attributes=schema.UnitAttributes,
    options=schema.Options,
    setup_attributes=schema.SetupAttributes,
    unit_kinds=(UnitKind("marker", "Marker", 1, 1, (AreaKind.LAND,), rule="S2"),),
    checks="toyrules.checks:check_scenario",
    engine="toyrules.engine:build_game",
    capture="toyrules.capture:capture",
    bots=(("random", "model.bots.base:RandomBot"), ("greedy", "toyrules.bot:GreedyBot")),
)


@contextmanager
def installed() -> Iterator[RulesetSpec]:
    """Register Stake with Mappa's model while the ``with`` block runs (then take it away)."""
    with registry.registered(SPEC) as spec:
        yield spec
