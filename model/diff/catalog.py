"""The catalogs compared: language families, languages, religion groups and religions, by id."""

from __future__ import annotations

from model.diff.changes import Change
from model.diff.records import diff_records
from model.scenario import Scenario


def diff_catalogs(old: Scenario, new: Scenario) -> list[Change]:
    """Catalog entries added, removed, renamed and changed (family, group, kind)."""
    a, b = old.catalogs, new.catalogs
    return [
        *diff_records("catalogs", "language family", a.language_families, b.language_families),
        *diff_records("catalogs", "language", a.languages, b.languages),
        *diff_records("catalogs", "religion group", a.religion_groups, b.religion_groups),
        *diff_records("catalogs", "religion", a.religions, b.religions),
    ]
