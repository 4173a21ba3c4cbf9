"""One change between two versions of a scenario, the whole diff, and the words both are told in.

A ``Change`` is one line of ``mappa diff``: the section it belongs to (areas, adjacency,
connections, catalogs, ruleset, setup, metadata, map), what happened (``added``, ``removed``,
``renamed``, ``reshaped``, ``merged``, ``split``, ``changed``, ``gained``, ``lost``...), the ids it
concerns, the sentence shown to the author and the values behind it (for ``--format json``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

SECTIONS: tuple[str, ...] = (
    "metadata",
    "map",
    "areas",
    "adjacency",
    "connections",
    "catalogs",
    "ruleset",
    "setup",
)
"""The sections of a diff, in the order the text shows them."""

SECTION_TITLES: dict[str, str] = {
    "metadata": "Metadata",
    "map": "Map settings and linework",
    "areas": "Areas",
    "adjacency": "Adjacency",
    "connections": "Connections",
    "catalogs": "Catalogs",
    "ruleset": "Ruleset",
    "setup": "Setup",
}

MARKS: dict[str, str] = {"added": "+", "gained": "+", "removed": "-", "lost": "-"}
"""The mark in front of a change's line in the text (``~`` for every other kind)."""


@dataclass(frozen=True)
class Change:
    """One semantic change: its section, kind, the ids it concerns, its sentence and its values."""

    section: str
    kind: str
    ids: tuple[str, ...]
    text: str
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Return the change as JSON-ready data."""
        return {
            "section": self.section,
            "kind": self.kind,
            "ids": list(self.ids),
            "text": self.text,
            "details": dict(self.details),
        }


@dataclass(frozen=True)
class ScenarioDiff:
    """Every change from an old version of a scenario to a new one, in section order."""

    changes: tuple[Change, ...]

    @property
    def equal(self) -> bool:
        """Whether the two versions are the same for an author (no change found)."""
        return not self.changes

    def in_section(self, section: str) -> list[Change]:
        """Return the changes of one section, in order."""
        return [change for change in self.changes if change.section == section]

    def area_status(self) -> dict[str, str]:
        """Return area id -> ``added``, ``removed`` or ``changed`` for every area a change concerns.

        Adjacency, connections and setup changes mark their areas ``changed`` (what the editor
        colours); an area added or removed keeps that status.
        """
        status: dict[str, str] = {}
        for change in self.changes:
            if change.section == "areas" and change.kind in ("added", "removed"):
                status[change.ids[0]] = change.kind
        for change in self.changes:
            for area_id in change.details.get("areas", change.ids if change.section == "areas" else ()):
                status.setdefault(area_id, "changed")
        return status

    def to_json(self) -> dict[str, Any]:
        """Return the diff as JSON-ready data."""
        return {"equal": self.equal, "changes": [change.to_json() for change in self.changes]}


def shown(value: Any) -> str:
    """A value as the author reads it: text quoted, numbers as written, nothing as ``none``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return f"'{value}'" if len(value) <= 60 else f"'{value[:57]}...'"
    if isinstance(value, float):
        return f"{value:g}"
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 60 else text[:57] + "..."


def named(name: str, object_id: str) -> str:
    """``Name (id)``, or the id alone when the name is empty or is the id."""
    return f"{name} ({object_id})" if name and name != object_id else object_id


def value_changes(
    old: Mapping[str, Any], new: Mapping[str, Any], prefix: str = ""
) -> list[tuple[str, Any, Any]]:
    """Return ``(key, old value, new value)`` for each key whose value differs (missing: None).

    Dicts under ``attributes`` are compared key by key, so that one attribute changed is one
    phrase; nested dicts (an empire's leader) too, their keys joined with dots.
    """
    found: list[tuple[str, Any, Any]] = []
    for key in _keys(old, new):
        before, after = old.get(key), new.get(key)
        if before == after:
            continue
        if key == "attributes" and isinstance(before or {}, dict) and isinstance(after or {}, dict):
            found += value_changes(before or {}, after or {}, prefix=prefix)
            continue
        if isinstance(before, dict) and isinstance(after, dict):  # a nested value: by its keys
            found += value_changes(before, after, prefix=f"{prefix}{key}.")
            continue
        found.append((f"{prefix}{key}", before, after))
    return found


def _keys(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    """The keys of both mappings: old's order, then the new ones."""
    return list(dict.fromkeys([*old, *new]))


def change_words(items: Iterable[tuple[str, Any, Any]]) -> str:
    """``key: old → new; ...`` for value changes (``key added: new``, ``key removed (was old)``)."""
    words = []
    for key, before, after in items:
        label = key.replace("_", " ")
        if before is None:
            words.append(f"{label} set to {shown(after)}")
        elif after is None:
            words.append(f"{label} removed (was {shown(before)})")
        else:
            words.append(f"{label} {shown(before)} → {shown(after)}")
    return "; ".join(words)


def details_of(items: Iterable[tuple[str, Any, Any]]) -> dict[str, Any]:
    """The JSON details of value changes: ``{"changed": {key: {"old": ..., "new": ...}}}``."""
    return {"changed": {key: {"old": before, "new": after} for key, before, after in items}}
