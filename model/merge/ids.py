"""New ids that both authors made: theirs' are moved past ours before merging.

Edit operations take new ids from ``next_serial`` (a prefix and the serial: ``a120``), so two
authors working from the same base make the same ids for different objects (both split an area:
both new areas are ``a120``). When ours used serials too, every id theirs made from a serial
(one of theirs that is not in base and ends in a serial at or past base's ``next_serial``) is
shifted by the serials ours used, with every reference to it, exactly as if theirs' edits had
been made after ours: the merge of two independent edits is then the same file as making both in
sequence.
"""

from __future__ import annotations

import re
from typing import Any

TEXT_KEYS: frozenset[str] = frozenset({"name", "title", "description", "author", "message", "source"})
"""Keys whose values are prose, never references: an id there is left alone."""

_SERIAL = re.compile(r"^(.*?)(\d+)$")


def all_ids(data: Any) -> set[str]:
    """Every ``id`` of an object anywhere in the data."""
    found: set[str] = set()
    if isinstance(data, dict):
        if isinstance(data.get("id"), str):
            found.add(data["id"])
        for value in data.values():
            found |= all_ids(value)
    elif isinstance(data, list):
        for value in data:
            found |= all_ids(value)
    return found


def serial_shift(base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, str]:
    """Theirs' new serial ids -> the ids they would have had after ours' edits (empty: none to move)."""
    start = int(base.get("next_serial", 1))
    shift = int(ours.get("next_serial", 1)) - start
    if shift <= 0:
        return {}
    renames: dict[str, str] = {}
    for identifier in sorted(all_ids(theirs) - all_ids(base)):
        match = _SERIAL.match(identifier)
        if match and int(match.group(2)) >= start:
            renames[identifier] = f"{match.group(1)}{int(match.group(2)) + shift}"
    return renames


def rename(data: Any, renames: dict[str, str], key: str = "") -> Any:
    """The data with every id of ``renames`` replaced, as a value or as a dict key (not in prose)."""
    if not renames:
        return data
    if isinstance(data, dict):
        return {renames.get(k, k): rename(v, renames, k) for k, v in data.items()}
    if isinstance(data, list):
        return [rename(item, renames, key) for item in data]
    if isinstance(data, str) and key not in TEXT_KEYS:
        return renames.get(data, data)
    return data
