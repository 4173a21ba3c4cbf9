"""The scenario's settings compared: metadata, map settings and linework, ruleset, options, tables.

Map settings are the unit, grid, bounds, projection, adjacency policy and underlays; the linework
is summed up (boundaries added, removed, redrawn), since authors see its effect in the areas'
shapes. Ruleset options and table overrides are compared key by key.
"""

from __future__ import annotations

from model.diff.changes import Change, change_words, details_of, shown, value_changes
from model.diff.records import diff_records
from model.scenario import Scenario


def diff_metadata(old: Scenario, new: Scenario) -> list[Change]:
    """Title, author, description, start year, rounds and tags."""
    items = value_changes(old.metadata.model_dump(mode="json"), new.metadata.model_dump(mode="json"))
    return [Change("metadata", "changed", (), change_words([item]), details_of([item])) for item in items]


def diff_map_settings(old: Scenario, new: Scenario) -> list[Change]:
    """The map's settings, its underlays and a summary of the linework."""
    fields = ("units", "bounds", "grid", "projection", "adjacency")
    before = {key: value for key, value in old.map.model_dump(mode="json", include=set(fields)).items()}
    after = {key: value for key, value in new.map.model_dump(mode="json", include=set(fields)).items()}
    changes = [
        Change("map", "changed", (), f"map {change_words([item])}", details_of([item]))
        for item in value_changes(before, after)
    ]
    changes += diff_records("map", "underlay", old.map.underlays, new.map.underlays)
    old_lines = {b.id: b.points for b in old.map.boundaries}
    new_lines = {b.id: b.points for b in new.map.boundaries}
    added = sorted(new_lines.keys() - old_lines.keys())
    removed = sorted(old_lines.keys() - new_lines.keys())
    redrawn = sorted(i for i in old_lines.keys() & new_lines.keys() if old_lines[i] != new_lines[i])
    if added or removed or redrawn:
        noun = "boundary" if len(added + removed + redrawn) == 1 else "boundaries"
        counts = [
            f"{len(found)} {word}"
            for found, word in ((added, "added"), (removed, "removed"), (redrawn, "redrawn"))
            if found
        ]
        changes.append(
            Change(
                "map",
                "linework",
                tuple([*added, *removed, *redrawn]),
                f"linework: {', '.join(counts)} {noun}",
                {"added": added, "removed": removed, "redrawn": redrawn},
            )
        )
    return changes


def diff_ruleset(old: Scenario, new: Scenario) -> list[Change]:
    """The ruleset named, each option, and each table override (added, removed, changed)."""
    changes: list[Change] = []
    if old.ruleset.id != new.ruleset.id:
        changes.append(
            Change(
                "ruleset",
                "changed",
                (),
                f"ruleset {shown(old.ruleset.id)} → {shown(new.ruleset.id)}",
                {"old": old.ruleset.id, "new": new.ruleset.id},
            )
        )
    for key, before, after in value_changes(old.ruleset.options, new.ruleset.options):
        changes.append(
            Change(
                "ruleset",
                "option",
                (),
                f"option {change_words([(key, before, after)])}",
                details_of([(key, before, after)]),
            )
        )
    tables_before, tables_after = old.ruleset.tables, new.ruleset.tables
    for key in dict.fromkeys([*tables_before, *tables_after]):
        before, after = tables_before.get(key), tables_after.get(key)
        if before == after:
            continue
        if before is None:
            what = "overridden"
        elif after is None:
            what = "override removed (shipped table again)"
        elif isinstance(before, dict) and isinstance(after, dict):
            what = f"override changed: {change_words(value_changes(before, after))}"
        else:
            what = "override changed"
        changes.append(
            Change(
                "ruleset", "table", (key,), f"table {key} {what}", {"table": key, "old": before, "new": after}
            )
        )
    return changes
