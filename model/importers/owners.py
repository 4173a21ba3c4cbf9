"""Players and starting owners from a game's source: kept as empires when the ruleset accepts them.

TripleA players and Diplomacy powers own territories at the start. A scenario holds them as
empires with ``setup.areas[..].owner``; but a ruleset may require more of an empire than a source
gives (EotMA: a court area and a leader). The empires are tried on a copy and kept only when the
ruleset's own checks raise no error about them; otherwise the owners are dropped and the summary
says why, with the ruleset's first complaint, and lists them.
"""

from __future__ import annotations

from model.importers.common import unique_ids
from model.issues import Severity
from model.rules import registry
from model.scenario import AreaSetup, Empire, Scenario

LISTED = 30


def all_ids(scenario: Scenario) -> set[str]:
    """Every id the scenario uses so far (areas, boundaries, connections, empires)."""
    data = scenario.map
    ids = {b.id for b in data.boundaries} | {a.id for a in data.areas} | {c.id for c in data.connections}
    return ids | {e.id for e in scenario.setup.empires} | {m.id for m in scenario.setup.magnates}


def add_owners(
    scenario: Scenario, players: list[str], owners: dict[str, str], area_ids: dict[str, str], what: str
) -> list[str]:
    """Add ``players`` as empires owning ``owners`` (territory name -> player), if the ruleset accepts.

    ``area_ids`` maps territory names to area ids. Changes ``scenario`` in place; returns summary
    lines (what was kept, what was dropped and why).
    """
    notes: list[str] = []
    if not players and not owners:
        return notes
    empire_ids = dict(zip(players, unique_ids(players, all_ids(scenario)), strict=True))
    trial = scenario.model_copy(deep=True)
    trial.setup.empires.extend(Empire(id=empire_ids[name], name=name) for name in players)
    unknown: set[str] = set()
    placed: list[tuple[str, str]] = []
    for territory, owner in owners.items():
        if territory not in area_ids:
            notes.append(f"starting owner of {territory!r} ({owner}) dropped: {territory!r} has no shape")
        elif owner not in empire_ids:
            unknown.add(owner)
        else:
            trial.setup.areas[area_ids[territory]] = AreaSetup(owner=empire_ids[owner])
            placed.append((territory, owner))
    if unknown:
        notes.append(f"owners that {what} does not list as players, dropped: {', '.join(sorted(unknown))}")
    spec = registry.get(scenario.ruleset.id)
    refused = []
    if spec is not None:
        ours = set(empire_ids.values())
        refused = [
            issue
            for issue in spec.run_checks(trial)
            if issue.severity is Severity.ERROR and ours & set(issue.ids)
        ]
    if refused:
        listing = ", ".join(f"{t} ({o})" for t, o in placed[:LISTED])
        more = f" and {len(placed) - LISTED} more" if len(placed) > LISTED else ""
        notes.append(
            f"{len(players)} player(s) and {len(placed)} starting owner(s) dropped: the "
            f"{scenario.ruleset.id} ruleset needs more of an empire than {what} gives "
            f"({refused[0].message}); set them up in the editor. Owners were: {listing}{more}"
        )
        return notes
    scenario.setup.empires[:] = trial.setup.empires
    scenario.setup.areas.update(trial.setup.areas)
    notes.append(f"{len(players)} player(s) became empires; {len(placed)} areas have a starting owner")
    return notes
