"""Write a play-test position back in one step: the setup and the map attributes play changed.

A captured position is more than the setup layer: play changes some *map* attributes too (an
EotMA area's religion after a conversion, a Seasons area's resource number after a raise or a
pillage). ``replace_position`` writes both as one ``Change``, so one undo takes back the whole
capture and restores the file exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from model.ops.core import Change, InvalidValueError, Recorder, Touched, reasons, revalidate
from model.ops.replace import replace_setup
from model.rules import registry
from model.scenario import Scenario, Setup


def replace_position(
    scenario: Scenario,
    setup: Setup,
    area_attributes: Mapping[str, Mapping[str, Any]],
    description: str = "Use the play-test position",
) -> Change:
    """Make ``setup`` the scenario's setup and give the named map areas these whole ``attributes``.

    ``area_attributes`` maps an area id to the area's complete new attributes dict (not a patch);
    areas left out keep theirs. Every value is checked against the ruleset's schema and every
    precondition of ``replace_setup`` holds before anything changes. ``Change.revert`` restores
    the former setup and the former area objects exactly.
    """
    spec = registry.get(scenario.ruleset.id)
    index = {area.id: at for at, area in enumerate(scenario.map.areas)}
    unknown = sorted(set(area_attributes) - set(index))
    if unknown:
        raise InvalidValueError(f"the map has no areas {', '.join(unknown)}")
    replaced: dict[int, Any] = {}
    for area_id, attributes in area_attributes.items():
        at = index[area_id]
        area = scenario.map.areas[at]
        if dict(attributes) == area.attributes:
            continue  # an unchanged area keeps its very object, so the undo step stays small
        if spec is not None:
            try:
                spec.area_attributes.model_validate(dict(attributes))
            except ValidationError as error:
                raise InvalidValueError(f"area {area_id}: {reasons(error)}") from error
        replaced[at] = revalidate(area, {"attributes": dict(attributes)})
    # replace_setup checks its own preconditions before it changes anything, and the areas
    # above are built already: from here on nothing can fail half-way.
    setup_change = replace_setup(scenario, setup, description)
    rec = Recorder(scenario)
    rec.save(("map", "areas"))
    for at, area in replaced.items():
        scenario.map.areas[at] = area
    touched = Touched(areas=frozenset(scenario.map.areas[at].id for at in replaced))
    map_change = rec.change(description, touched)
    # The two records save different paths, so one Change that restores both is exact.
    return Change(
        description,
        setup_change.touched | map_change.touched,
        _saved={**setup_change._saved, **map_change._saved},
    )
