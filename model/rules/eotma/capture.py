"""EotMA: write a play-test position back as the scenario's setup (``RulesetSpec.capture``).

Built from the state's ``view()``: owners and each area's starting state (social state 7, unrest
16, fortification 14, ties and claims 10.5, partial conquest 10.3, the cathedral 35), empires'
treasuries, courts and leaders (20, 21), armies and fleets (33.31, 34.22), whether the churches
are united (23.1), and the one map attribute play changes: an area's religion after a conversion
(22).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from model.rules.capture import Captured, area_setups, fresh_ids, map_attributes, merge
from model.scenario import Empire, Scenario, Setup, Unit

CATHEDRAL_BIT = 1
"""EotMA civilisation markers are bits of ``civilisation``; the cathedral is the lowest (35)."""

AREA_DEFAULTS: dict[str, Any] = {
    "social_state": 0,
    "unrest": False,
    "fortification": 0,
    "ties": [],
    "claims": [],
    "partial_conquest": {},
    "cathedral": False,
}
"""The EotMA area starting attributes a capture writes, with their schema defaults."""


def capture(scenario: Scenario, state: Any) -> Captured:
    """Return the setup and map attributes that start a new game from the EotMA ``state``."""
    view = state.view()
    setup = _setup(scenario, view, getattr(state.game, "union_at_start", None))
    values = {a: {"religion": v.get("religion")} for a, v in view["areas"].items()}
    return Captured(setup, map_attributes(scenario, values, {"religion": None}))


def _area_values(area: Mapping[str, Any]) -> dict[str, Any]:
    """The area's starting attributes in the file's form."""
    partial = {k: int(v) for k, v in dict(area.get("partial_conquest") or {}).items() if v}
    return {
        "social_state": int(area.get("social_state", 0)),
        "unrest": bool(area.get("unrest", False)),
        "fortification": int(area.get("fortification", 0)),
        "ties": sorted(area.get("ties") or []),
        "claims": sorted(area.get("claims") or []),
        "partial_conquest": dict(sorted(partial.items())),
        "cathedral": bool(int(area.get("civilisation", 0)) & CATHEDRAL_BIT),
    }


def _setup(scenario: Scenario, view: Mapping[str, Any], union_at_start: bool | None) -> Setup:
    old = scenario.setup
    # Sea areas and anything the engine does not track keep their entry as it was.
    areas = area_setups(old, view["areas"], _area_values, AREA_DEFAULTS)
    empires = []
    for empire in old.empires:
        data = view["empires"].get(empire.id)
        if data is None:
            empires.append(empire)
            continue
        previous_leader = dict(empire.attributes.get("leader") or {})
        leader = merge(
            previous_leader,
            {k: int(v) for k, v in data["leader"].items()},
            {"combat": 3, "administrative": 3, "diplomatic": 3},
        )
        values: dict[str, Any] = {"treasury": int(data["treasury"]), "court": data.get("court")}
        if leader:
            values["leader"] = leader
        attributes = merge(empire.attributes, values, {"treasury": 12, "court": None})
        if attributes.get("court") is None:
            attributes.pop("court", None)  # an exiled leader has no court (21)
        empires.append(Empire(id=empire.id, name=empire.name, colour=empire.colour, attributes=attributes))
    units = _units(scenario, view)
    attributes = dict(old.attributes)
    united = view.get("churches_united")
    # Without the key the engine derives the schism from the start year (23.1): keep it so.
    if united is not None and ("schism" in attributes or united != union_at_start):
        attributes["schism"] = not bool(united)
    return Setup(
        empires=empires,
        magnates=list(old.magnates),
        areas=dict(sorted(areas.items())),
        units=units,
        attributes=attributes,
    )


def _units(scenario: Scenario, view: Mapping[str, Any]) -> list[Unit]:
    """One unit per area and kind (armies and fleets belong to the area's owner, 33.31, 34.22).

    A unit that stands where a scenario unit of the same kind and owner stood keeps its id, so
    that a capture of an unchanged position changes no unit.
    """
    existing = {(u.kind, u.owner, u.area): u for u in scenario.setup.units}
    wanted: list[tuple[str, str, str, int]] = []
    for area_id, area in view["areas"].items():
        owner = area.get("owner")
        for kind in ("army", "fleet"):
            strength = int(area.get(kind, 0))
            if strength > 0 and owner is not None:
                wanted.append((kind, owner, area_id, strength))
    units: list[Unit] = []
    fresh: list[tuple[str, str, str, int]] = []
    for kind, owner, area_id, strength in wanted:
        unit = existing.get((kind, owner, area_id))
        if unit is not None:
            units.append(Unit(id=unit.id, kind=kind, owner=owner, area=area_id, strength=strength))
        else:
            fresh.append((kind, owner, area_id, strength))
    new_ids = fresh_ids(scenario)
    for kind, owner, area_id, strength in fresh:
        units.append(Unit(id=next(new_ids), kind=kind, owner=owner, area=area_id, strength=strength))
    return units
