"""EotMA's columns in the Tables panel: what an area, an empire and a Magnate start with."""

from __future__ import annotations

from typing import Any

from editor.docks.tables import Row


def _leader(row: Row) -> dict[str, Any]:
    leader = row.values.get("leader")
    return leader if isinstance(leader, dict) else {}


TABLE_COLUMNS = {
    "area": (
        ("Language", lambda r: r.name(r.values.get("language"))),
        ("Religion", lambda r: r.name(r.values.get("religion"))),
        ("Population", lambda r: r.values.get("population")),
        ("Social state", lambda r: r.values.get("social_state")),
        ("Seafaring", lambda r: "yes" if r.values.get("seafaring_home") else ""),
        ("Fort", lambda r: r.values.get("fortification")),
    ),
    "empire": (
        ("Leader", lambda r: _leader(r).get("name", "")),
        ("C", lambda r: _leader(r).get("combat")),
        ("A", lambda r: _leader(r).get("administrative")),
        ("D", lambda r: _leader(r).get("diplomatic")),
        ("Court", lambda r: r.name(r.values.get("court"))),
        ("Treasury", lambda r: r.values.get("treasury")),
    ),
    "magnate": (("Combat", lambda r: r.values.get("combat")),),
}
"""Table kind -> EotMA's own columns (between the shared ones and the Areas count)."""
