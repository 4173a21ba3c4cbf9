"""Replace the whole scenario setup in one step (play-test capture writes a position back)."""

from __future__ import annotations

import re

from model.ops.core import Change, PreconditionError, Recorder, Touched
from model.scenario import Scenario, Setup

_SERIAL = re.compile(r"^[a-z]+(\d+)$")


def replace_setup(
    scenario: Scenario, setup: Setup, description: str = "Use the play-test position"
) -> Change:
    """Make ``setup`` the scenario's setup (empires, Magnates, area starts, units, attributes).

    The containers of the current setup are patched in place, so views holding them stay valid,
    and ``Change.revert`` restores the exact former setup. Empires and Magnates must be the same
    ones (a position never adds or removes a seat); unit ids must name areas of the map.
    ``next_serial`` moves past any new serial-style id (``u12``), since ids are never reused.
    """
    old = scenario.setup
    if [e.id for e in setup.empires] != [e.id for e in old.empires]:
        raise PreconditionError("the new setup must have the same empires, in the same order")
    if [m.id for m in setup.magnates] != [m.id for m in old.magnates]:
        raise PreconditionError("the new setup must have the same Magnates, in the same order")
    areas = {a.id for a in scenario.map.areas}
    unknown = sorted({u.area for u in setup.units} - areas | set(setup.areas) - areas)
    if unknown:
        raise PreconditionError(f"the new setup names areas the map does not have: {', '.join(unknown)}")
    rec = Recorder(scenario)
    rec.save(
        ("setup", "empires"),
        ("setup", "magnates"),
        ("setup", "areas"),
        ("setup", "units"),
        ("setup", "attributes"),
        ("next_serial",),
    )
    touched = Touched(
        areas=frozenset(old.areas) | frozenset(setup.areas) | frozenset(u.area for u in old.units),
        empires=frozenset(e.id for e in setup.empires),
        magnates=frozenset(m.id for m in setup.magnates),
        units=frozenset(u.id for u in old.units) | frozenset(u.id for u in setup.units),
    )
    old.empires[:] = list(setup.empires)
    old.magnates[:] = list(setup.magnates)
    old.areas.clear()
    old.areas.update(setup.areas)
    old.units[:] = list(setup.units)
    old.attributes.clear()
    old.attributes.update(setup.attributes)
    for unit in setup.units:
        match = _SERIAL.match(unit.id)
        if match is not None:
            scenario.next_serial = max(scenario.next_serial, int(match.group(1)) + 1)
    return rec.change(description, touched)
