"""Set ruleset attributes of several empires at once, each empire its own values, as one step.

``set_attributes`` gives one value to every selected object; applying a balance report's suggested
handicaps needs a different value per empire in a single undo step, which is what this does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from model.ops.core import Change, PreconditionError, Recorder, Touched, index_of, revalidate
from model.ops.setup import EMPIRES, _checked, _spec
from model.scenario import Scenario


def set_empires_attributes(scenario: Scenario, values: Mapping[str, Mapping[str, Any]]) -> Change:
    """Set ruleset attributes of several empires in one step: ``{empire id: {key: value}}``.

    Every value is checked against the ruleset's empire attributes first (``InvalidValueError``
    names the empire and the reason, with the scenario unchanged); a value equal to the
    attribute's default is removed from the file, as ``set_attributes`` does. Empires whose
    attributes end up the same are left as they are. The revert restores every empire exactly.
    """
    if not values:
        raise PreconditionError("no empire given")
    model = _spec(scenario).empire_attributes
    items = scenario.setup.empires
    replaced: dict[int, Any] = {}
    for empire_id, changes in values.items():
        at = index_of(items, empire_id, "empire")
        if not changes:
            raise PreconditionError(f"no attribute given for empire {empire_id!r}")
        item = items[at]
        updated = dict(item.attributes)
        for key, value in changes.items():
            updated = _checked(model, updated, key, value, f"empire {empire_id}")
        if updated != item.attributes:
            replaced[at] = revalidate(item, {"attributes": updated})
    rec = Recorder(scenario)
    rec.save(EMPIRES)
    for at, item in replaced.items():
        items[at] = item
    keys = sorted({key for changes in values.values() for key in changes})
    what = next(iter(values)) if len(values) == 1 else f"{len(values)} empires"
    return rec.change(f"Set {', '.join(keys)} of {what}", Touched(empires=frozenset(values)))
