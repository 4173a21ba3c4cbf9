"""The starting position compared: empires, Magnates, each area's starting state, units.

Empires and Magnates are compared by id (name, colour, every attribute); an area's starting
state by area (its owner by name, each attribute); units by id, a change of area read as a move.
"""

from __future__ import annotations

from typing import Any

from model.diff.changes import Change, change_words, details_of, named, shown, value_changes
from model.diff.records import diff_records
from model.scenario import Scenario


def _powers(scenario: Scenario) -> dict[str, str]:
    """Empire and Magnate id -> name (what an owner is shown as)."""
    powers = {empire.id: empire.name for empire in scenario.setup.empires}
    return {**powers, **{magnate.id: magnate.name for magnate in scenario.setup.magnates}}


def _owner(owner: str | None, powers: dict[str, str]) -> str:
    return "independent" if owner is None else named(powers.get(owner, ""), owner)


def diff_setup(old: Scenario, new: Scenario) -> list[Change]:
    """Every change of the starting position from ``old`` to ``new``."""
    a, b = old.setup, new.setup
    changes = [
        *diff_records("setup", "empire", a.empires, b.empires),
        *diff_records("setup", "Magnate", a.magnates, b.magnates),
        *_area_setups(old, new),
        *_units(old, new),
    ]
    items = value_changes(a.attributes, b.attributes)
    if items:
        changes.append(Change("setup", "changed", (), f"setup: {change_words(items)}", details_of(items)))
    return changes


def _area_setups(old: Scenario, new: Scenario) -> list[Change]:
    powers = {**_powers(old), **_powers(new)}
    names = {area.id: area.name for area in [*old.map.areas, *new.map.areas]}
    changes: list[Change] = []
    for area_id in dict.fromkeys([*new.setup.areas, *old.setup.areas]):
        before, after = old.area_setup(area_id), new.area_setup(area_id)
        if before == after:
            continue
        words: list[str] = []
        details: dict[str, Any] = {"areas": [area_id]}
        if before.owner != after.owner:
            words.append(f"owner {_owner(before.owner, powers)} → {_owner(after.owner, powers)}")
            details["owner"] = {"old": before.owner, "new": after.owner}
        items = value_changes(before.attributes, after.attributes)
        if items:
            words.append(change_words(items))
            details.update(details_of(items))
        ids = tuple(i for i in (area_id, before.owner, after.owner) if i is not None)
        changes.append(
            Change(
                "setup",
                "changed",
                tuple(dict.fromkeys(ids)),
                f"start of {named(names.get(area_id, ''), area_id)}: {'; '.join(words)}",
                details,
            )
        )
    return changes


def _unit_area(record: dict[str, Any]) -> list[str]:
    return [record["area"]]


def _units(old: Scenario, new: Scenario) -> list[Change]:
    powers = {**_powers(old), **_powers(new)}
    names = {area.id: area.name for area in [*old.map.areas, *new.map.areas]}
    described: list[Change] = []
    for change in diff_records("setup", "unit", old.setup.units, new.setup.units, _unit_area):
        record = change.details.get("new") or change.details.get("old")
        if record is not None:  # added or removed: whose, what and where
            where = named(names.get(record["area"], ""), record["area"])
            owner = _owner(record["owner"], powers)
            what = f"{record['kind']} of {owner} (strength {record['strength']}) in {where}"
            change = Change(change.section, change.kind, change.ids, f"{change.text}: {what}", change.details)
        else:
            moved = change.details["changed"].get("area")
            if moved is not None:  # a move reads better than "area 'a1' → 'a2'"
                text = change.text.replace(
                    f"area {shown(moved['old'])} → {shown(moved['new'])}",
                    f"moved from {named(names.get(moved['old'], ''), moved['old'])} to "
                    f"{named(names.get(moved['new'], ''), moved['new'])}",
                )
                change = Change(change.section, "moved", change.ids, text, change.details)
        described.append(change)
    return described
