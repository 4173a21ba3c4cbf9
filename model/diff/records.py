"""Lists of objects with ids (catalog entries, empires, Magnates, connections, units) compared by id.

Each object present in one version only is ``added`` or ``removed``; one in both whose fields
differ is ``changed`` (or ``renamed`` when only its name changed), with one phrase per field and
per attribute. The words come from the caller: the noun (``language``, ``empire``) and how an
object is named.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel

from model.diff.changes import Change, change_words, details_of, named, value_changes


def record_data(item: BaseModel) -> dict[str, Any]:
    """An object as plain JSON data, defaults included (a default set explicitly is no change)."""
    return item.model_dump(mode="json")


def diff_records(
    section: str,
    noun: str,
    old: Sequence[BaseModel],
    new: Sequence[BaseModel],
    areas_of: Callable[[dict[str, Any]], list[str]] | None = None,
) -> list[Change]:
    """Compare two lists of objects with ``id`` and ``name`` (or ``id`` only) by id.

    ``areas_of`` says which areas an object concerns (a connection's ends, a unit's area), so that
    the editor can colour them.
    """
    before = {data["id"]: data for data in map(record_data, old)}
    after = {data["id"]: data for data in map(record_data, new)}
    changes: list[Change] = []

    def areas(*records: dict[str, Any]) -> dict[str, Any]:
        if areas_of is None:
            return {}
        return {"areas": list(dict.fromkeys(a for record in records for a in areas_of(record)))}

    for object_id, data in after.items():
        if object_id not in before:
            label = named(data.get("name", ""), object_id)
            changes.append(
                Change(section, "added", (object_id,), f"{noun} {label} added", {"new": data, **areas(data)})
            )
    for object_id, data in before.items():
        if object_id not in after:
            label = named(data.get("name", ""), object_id)
            changes.append(
                Change(
                    section, "removed", (object_id,), f"{noun} {label} removed", {"old": data, **areas(data)}
                )
            )
    for object_id, data in after.items():
        if object_id not in before or before[object_id] == data:
            continue
        items = value_changes(before[object_id], data)
        label = named(data.get("name", ""), object_id)
        kind = "renamed" if [key for key, _, _ in items] == ["name"] else "changed"
        if kind == "renamed":
            old_name = before[object_id].get("name", "")
            text = f"{noun} {object_id} renamed: '{old_name}' → '{data.get('name', '')}'"
        else:
            text = f"{noun} {label}: {change_words(items)}"
        changes.append(
            Change(section, kind, (object_id,), text, {**details_of(items), **areas(before[object_id], data)})
        )
    return changes
