"""Pending edits: small functions that return an ``Op`` (a call of one ``model.ops`` function).

The inspector, the tables and the tools describe *what* to change through these; ``editor.commands``
applies them and records the undo step. Keeping the mapping to ``model.ops`` signatures here means
one place to follow when the ops change.
"""

from __future__ import annotations

from typing import Any

from model import ops

Ids = tuple[str, ...]


def set_area_field(ids: Ids, field: str, value: Any) -> list[Any]:
    """Set the name or the kind (land/sea) of areas."""
    if field == "kind":
        return [lambda s: ops.set_area_kind(s, list(ids), value)]
    return [lambda s: ops.set_area_fields(s, list(ids), **{field: value})]


def set_area_attribute(ids: Ids, field: str, value: Any) -> list[Any]:
    """Set one ruleset attribute of areas (validated by the ruleset's model)."""
    return [lambda s: ops.set_attributes(s, "area", list(ids), field, value)]


def set_owner(ids: Ids, field: str, value: Any) -> list[Any]:
    """Give areas to an empire or Magnate (None: independent)."""
    return [lambda s: ops.set_owner(s, list(ids), value)]


def set_area_setup_attribute(ids: Ids, field: str, value: Any) -> list[Any]:
    """Set one ruleset attribute of the starting state of areas."""
    return [lambda s: ops.set_setup_attributes(s, list(ids), field, value)]


def set_empire_field(ids: Ids, field: str, value: Any) -> list[Any]:
    """Set the name or colour of empires (one op per empire: the op takes one)."""
    return [lambda s, i=i: ops.set_empire_fields(s, i, **{field: value}) for i in ids]


def set_empire_attribute(ids: Ids, field: str, value: Any) -> list[Any]:
    """Set one ruleset attribute of empires (leader, court, treasury...)."""
    return [lambda s: ops.set_attributes(s, "empire", list(ids), field, value)]


def set_magnate_field(ids: Ids, field: str, value: Any) -> list[Any]:
    """Set the name or colour of Magnates (one op per Magnate: the op takes one)."""
    return [lambda s, i=i: ops.set_magnate_fields(s, i, **{field: value}) for i in ids]


def set_magnate_attribute(ids: Ids, field: str, value: Any) -> list[Any]:
    """Set one ruleset attribute of Magnates."""
    return [lambda s: ops.set_attributes(s, "magnate", list(ids), field, value)]


def set_connection_field(ids: Ids, field: str, value: Any) -> list[Any]:
    """Set a field of connections (kind, ends, name, one-way)."""
    return [lambda s, i=i: ops.set_connection(s, i, **{field: value}) for i in ids]


def set_unit_field(ids: Ids, field: str, value: Any) -> list[Any]:
    """Set the strength of units."""
    return [lambda s: ops.set_unit_strength(s, list(ids), value)]


def set_option(ids: Ids, field: str, value: Any) -> list[Any]:
    """Switch an optional rule of the ruleset."""
    return [lambda s: ops.set_attributes(s, "options", (), field, value)]


def set_setup_attribute(ids: Ids, field: str, value: Any) -> list[Any]:
    """Set a scenario-wide starting attribute."""
    return [lambda s: ops.set_attributes(s, "setup", (), field, value)]


def set_metadata(ids: Ids, field: str, value: Any) -> list[Any]:
    """Set one field of the scenario's metadata (title, author, description, start year, rounds)."""
    return [lambda s: ops.set_metadata(s, **{field: value})]
