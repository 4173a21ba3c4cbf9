"""Seasons: write a play-test position back as the scenario's setup (``RulesetSpec.capture``).

The whole board is written, hidden parts included (the author sees everything): owners,
buildings and their damage, each nation's resources and supply, every unit with whether it is
trained, and the one map attribute play changes: an area's resource number after a raise or a
pillage (rules/004, Resources).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from model.rules.capture import Captured, area_setups, map_attributes, merge
from model.scenario import Empire, Scenario, Setup, Unit


def capture(scenario: Scenario, state: Any) -> Captured:
    """Return the setup and map attributes that start a new game from the Seasons ``state``."""
    board = state.to_json()["board"]
    setup = _setup(scenario, board)
    values = {a: {"resources": int(v["resources"])} for a, v in board["areas"].items()}
    return Captured(setup, map_attributes(scenario, values, {"resources": 1}))


def _area_values(area: Mapping[str, Any]) -> dict[str, Any]:
    """An area's building and its damage, as the setup's attributes name them."""
    return {"building": area.get("building"), "building_damage": int(area.get("damage") or 0)}


def _setup(scenario: Scenario, board: Mapping[str, Any]) -> Setup:
    old = scenario.setup
    areas = area_setups(old, board["areas"], _area_values, {"building": None, "building_damage": 0})
    empires = []
    for empire in old.empires:
        nation = board["nations"].get(empire.id)
        if nation is None:
            empires.append(empire)
            continue
        values = {"resources": int(nation["resources"]), "supply": int(nation["supply"])}
        attributes = merge(empire.attributes, values, {"resources": 6, "supply": 0})
        empires.append(Empire(id=empire.id, name=empire.name, colour=empire.colour, attributes=attributes))
    units = []
    old_units = {u.id: u for u in old.units}
    # Units keep the file's order; units bought in play follow in the order the engine made them.
    order = {u.id: i for i, u in enumerate(old.units)}
    ranked = sorted(board["units"].items(), key=lambda item: (order.get(item[0], len(order)), item[0]))
    for unit_id, unit in ranked:
        previous_unit = old_units.get(unit_id)
        attributes = merge(
            previous_unit.attributes if previous_unit else {},
            {"trained": bool(unit.get("trained", True))},
            {"trained": True},
        )
        units.append(
            Unit(
                id=unit_id, kind=unit["kind"], owner=unit["nation"], area=unit["area"], attributes=attributes
            )
        )
    return Setup(
        empires=empires,
        magnates=list(old.magnates),
        areas=dict(sorted(areas.items())),
        units=units,
        attributes=dict(old.attributes),
    )
