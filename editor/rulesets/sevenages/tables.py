"""7 Ages columns of the Tables panel: what an area and an empire card start with.

Areas: terrain (7A facts 2.7), the total income value (base or the economy table's default by
kind, + resource + city level, 7A facts 2.8), city level and capital (7A facts 2.14), fort,
regions (7A facts 4). Empire cards: value, startable ages, start money and the player holding it
on the map at the start (7A facts 2.3).
"""

from __future__ import annotations

from typing import Any

from editor.docks.tables import Row
from model.rules.sevenages.tables import SevenAgesTableError, for_scenario
from model.scenario import AreaKind


def income_value(row: Row) -> Any:
    """An area's total income value as the engine computes it ("" when the tables are broken)."""
    base = row.values.get("income")
    city = row.values.get("city")
    try:
        tables = for_scenario(row.scenario)
    except SevenAgesTableError:  # the validator reports the broken table
        return ""
    return tables.area_income(
        row.item.kind is AreaKind.SEA,
        base if isinstance(base, int) else None,
        row.values.get("resource") is True,
        city if isinstance(city, int) else 0,
    )


def _city(row: Row) -> str:
    level = row.values.get("city")
    if not isinstance(level, int) or level <= 0:
        return ""
    return f"{level} capital" if row.values.get("capital") else str(level)


def _regions(row: Row) -> str:
    listed = row.values.get("regions")
    if not isinstance(listed, list):
        return ""
    names = {
        str(r.get("id")): str(r.get("name") or r.get("id"))
        for r in row.scenario.setup.attributes.get("regions") or []
        if isinstance(r, dict)
    }
    return ", ".join(names.get(str(r), str(r)) for r in listed)


def _terrain(row: Row) -> str:
    # A sea has no terrain: a blank, not the land default.
    if row.item.kind is AreaKind.SEA:
        return ""
    return str(row.values.get("terrain") or "")


def _player(row: Row) -> str:
    player = row.values.get("player")
    if not player:
        return ""
    for entry in row.scenario.setup.attributes.get("players") or []:
        if isinstance(entry, dict) and entry.get("id") == player:
            return str(entry.get("name") or player)
    return str(player)


def _ages(row: Row) -> str:
    ages = row.values.get("ages")
    return ", ".join(str(a) for a in ages) if isinstance(ages, list) else ""


TABLE_COLUMNS = {
    "area": (
        ("Terrain", _terrain),
        ("Income", income_value),
        ("City", _city),
        ("Fort", lambda r: "yes" if r.values.get("fort") else ""),
        ("Regions", _regions),
    ),
    "empire": (
        ("Value", lambda r: r.values.get("value")),
        ("Ages", _ages),
        ("Start money", lambda r: r.values.get("start_money")),
        ("Player", _player),
    ),
}
"""Table kind -> the 7 Ages columns (between the shared ones and the Areas count)."""
