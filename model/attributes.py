"""Every ruleset attributes dict in a scenario, with the ruleset schema that validates it.

A ruleset (``model.rules.registry.RulesetSpec``) gives a pydantic schema for the free-form
``attributes`` of areas, of their starting setup, of empires, Magnates and units, and for the
scenario-wide setup attributes and ruleset options. The validator checks each dict against its
schema; catalog edits find (and rewrite) the references to catalog entries inside them. Both walk
the list defined here, so that a new kind of attributes cannot be checked by one and missed by
the other.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from pydantic import BaseModel

from model.rules.registry import RulesetSpec
from model.scenario import Scenario

KINDS = ("area", "area_setup", "empire", "magnate", "unit", "options", "setup")
"""The kinds of attributes dict, in the order ``attribute_targets`` yields them."""


class AttributeTarget(NamedTuple):
    """One attributes dict of a scenario and the schema it must satisfy.

    ``owner`` is the id of the object holding the dict ("" for the scenario-wide ``options`` and
    ``setup``); ``container`` and ``key`` say where that object sits (the list and index, or the
    dict and key of an area's setup; None for the scenario-wide dicts, which are the dict itself),
    and ``saved`` is the container's path in the scenario, as ``model.ops.core.Recorder.save``
    takes it. ``path`` is the dict's JSON path in the file, for messages.
    """

    kind: str
    schema: type[BaseModel]
    attributes: dict[str, Any]
    path: str
    owner: str
    container: list[Any] | dict[str, Any] | None
    key: int | str | None
    saved: tuple[str, ...]

    def holder(self) -> Any:
        """The object whose ``attributes`` the dict is (None for a scenario-wide dict)."""
        container: Any = self.container  # a list with an int key or a dict with a str key
        return None if container is None else container[self.key]

    def replace_holder(self, holder: Any) -> None:
        """Put a new holder in the old one's place (edits replace objects, never mutate them)."""
        if self.container is None:
            raise ValueError(f"{self.path} is scenario-wide: it has no holder to replace")
        container: Any = self.container
        container[self.key] = holder


def attribute_targets(scenario: Scenario, spec: RulesetSpec) -> Iterator[AttributeTarget]:
    """Yield every attributes dict of the scenario with the schema of ``spec`` (its ruleset) for it.

    The order is fixed: areas, area setups, empires, Magnates, units, options, setup attributes.
    Replacing the object at ``container[key]`` while iterating is safe; adding or removing is not.
    """
    areas, setups, setup = scenario.map.areas, scenario.setup.areas, scenario.setup
    for index, area in enumerate(areas):
        path = f"map.areas[{index}].attributes"
        yield AttributeTarget(
            "area", spec.area_attributes, area.attributes, path, area.id, areas, index, ("map", "areas")
        )
    for area_id, area_setup in setups.items():
        path = f"setup.areas.{area_id}.attributes"
        saved = ("setup", "areas")
        yield AttributeTarget(
            "area_setup", spec.area_setup, area_setup.attributes, path, area_id, setups, area_id, saved
        )
    for index, empire in enumerate(setup.empires):
        path, saved = f"setup.empires[{index}].attributes", ("setup", "empires")
        yield AttributeTarget(
            "empire", spec.empire_attributes, empire.attributes, path, empire.id, setup.empires, index, saved
        )
    for index, magnate in enumerate(setup.magnates):
        path, saved = f"setup.magnates[{index}].attributes", ("setup", "magnates")
        schema = spec.magnate_attributes
        yield AttributeTarget(
            "magnate", schema, magnate.attributes, path, magnate.id, setup.magnates, index, saved
        )
    for index, unit in enumerate(setup.units):
        path, saved = f"setup.units[{index}].attributes", ("setup", "units")
        yield AttributeTarget(
            "unit", spec.unit_attributes, unit.attributes, path, unit.id, setup.units, index, saved
        )
    options = scenario.ruleset.options
    yield AttributeTarget(
        "options", spec.options, options, "ruleset.options", "", None, None, ("ruleset", "options")
    )
    yield AttributeTarget(
        "setup",
        spec.setup_attributes,
        setup.attributes,
        "setup.attributes",
        "",
        None,
        None,
        ("setup", "attributes"),
    )
