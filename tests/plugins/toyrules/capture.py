"""Stake: write a play-test position back as the scenario's setup (``RulesetSpec.capture``)."""

from __future__ import annotations

from typing import Any

from model.rules.capture import Captured
from model.scenario import AreaSetup, Scenario, Setup


def capture(scenario: Scenario, state: Any) -> Captured:
    """Every land area's holder becomes its owner at the start; nothing else changes in Stake."""
    old = scenario.setup
    owners: dict[str, str | None] = {a: d["owner"] for a, d in state.view()["areas"].items()}
    areas = {a: entry for a, entry in old.areas.items() if a not in owners}
    for area, owner in owners.items():
        previous = old.areas.get(area)
        attributes = previous.attributes if previous else {}
        if owner is not None or attributes:
            areas[area] = AreaSetup(owner=owner, attributes=dict(attributes))
    setup = Setup(
        empires=list(old.empires),
        magnates=list(old.magnates),
        areas=dict(sorted(areas.items())),
        units=list(old.units),
        attributes=dict(old.attributes),
    )
    return Captured(setup)
