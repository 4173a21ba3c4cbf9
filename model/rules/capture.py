"""What a ruleset's capture gives back, and the helpers every capture shares (pure, no Qt).

"Use this position as the scenario setup" (issue 5) writes a game state back into the scenario.
Each ruleset does its own part (``RulesetSpec.capture``, a ``(Scenario, State) -> Captured``
function in the ruleset's package), since only it knows its state; ``model.playtest.capture``
asks the registry for it, checks the result against the ruleset's schema and summarizes it.

The helpers keep a capture of an unchanged position byte-identical to the file: a value equal to
the schema default is written only where the file already had the key (:func:`merge`), and new
unit ids never reuse an id the scenario ever had (:func:`fresh_ids`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from model.scenario import AreaSetup, Scenario, Setup


class CaptureError(ValueError):
    """A position that cannot be written back as a setup; the message names the ruleset or value."""


@dataclass(frozen=True)
class Captured:
    """A position to write back: the new setup and the map areas whose attributes change.

    ``areas`` maps an area id to the area's complete new ``attributes`` (only areas that differ),
    the form ``model.ops.replace_position`` takes.
    """

    setup: Setup
    areas: dict[str, dict[str, Any]] = field(default_factory=dict)


def merge(
    previous: Mapping[str, Any], values: Mapping[str, Any], defaults: Mapping[str, Any]
) -> dict[str, Any]:
    """Return ``previous`` updated with ``values``; a default is written only where the file had a key.

    So an unchanged position gives back the file's own attributes, explicit defaults included.
    """
    merged = dict(previous)
    for key, value in values.items():
        if value == defaults.get(key) and key not in previous:
            continue
        merged[key] = value
    return merged


def map_attributes(
    scenario: Scenario, values: Mapping[str, Mapping[str, Any]], defaults: Mapping[str, Any]
) -> dict[str, dict[str, Any]]:
    """The new attributes of each map area whose played ``values`` differ from the file's.

    Areas absent from ``values`` (sea areas, anything the engine does not track) are left out.
    """
    changed: dict[str, dict[str, Any]] = {}
    for area in scenario.map.areas:
        if area.id not in values:
            continue
        merged = merge(area.attributes, values[area.id], defaults)
        if merged != area.attributes:
            changed[area.id] = merged
    return changed


def area_setups(
    old: Setup,
    played: Mapping[str, Mapping[str, Any]],
    values: Callable[[Mapping[str, Any]], Mapping[str, Any]],
    defaults: Mapping[str, Any],
) -> dict[str, AreaSetup]:
    """The setup's area entries for the ``played`` areas (id to the engine's view of the area).

    Areas the engine does not track (sea areas...) keep their entry as it was, first, in the
    file's order; each played area gets its ``owner`` and its previous attributes :func:`merge`-d
    with ``values(area)``; an area with neither gets no entry.
    """
    areas: dict[str, AreaSetup] = {}
    for area_id, entry in old.areas.items():
        if area_id not in played:
            areas[area_id] = entry
    for area_id, area in played.items():
        previous = old.areas.get(area_id)
        before = previous.attributes if previous else {}
        attributes = merge(before, values(area), defaults)
        owner = area.get("owner")
        if owner is not None or attributes:
            areas[area_id] = AreaSetup(owner=owner, attributes=attributes)
    return areas


def all_ids(scenario: Scenario) -> set[str]:
    """Every id the scenario uses, of any kind (ids are never reused across kinds)."""
    ids = {a.id for a in scenario.map.areas} | {b.id for b in scenario.map.boundaries}
    ids |= {c.id for c in scenario.map.connections} | {u.id for u in scenario.setup.units}
    ids |= {e.id for e in scenario.setup.empires} | {m.id for m in scenario.setup.magnates}
    return ids


def fresh_ids(scenario: Scenario, prefix: str = "u") -> Iterator[str]:
    """Yield new ids ``{prefix}{serial}`` from the scenario's ``next_serial`` on, skipping every id
    in use (ids of units that left may not be reused either: the serial only grows)."""
    serial = scenario.next_serial
    taken = all_ids(scenario)
    while True:
        while f"{prefix}{serial}" in taken:
            serial += 1
        taken.add(f"{prefix}{serial}")
        yield f"{prefix}{serial}"
