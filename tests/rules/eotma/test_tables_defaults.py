"""Ruleset tables (DESIGN "every HOUSE DEFAULT is a table"): an entry a scenario's table leaves out
is read from the shipped table, never from a default repeated in the code."""

from __future__ import annotations

from model.rules.eotma.data import Rules, _default_table


def _without(table_id: str, key: str) -> dict[str, object]:
    table = dict(_default_table(table_id))
    del table[key]
    return table


def test_house_default_entries_left_out_come_from_the_shipped_tables() -> None:
    shipped = Rules.load()
    partial = Rules.load(
        {
            "endeavours": _without("endeavours", "connection_seafaring_range"),
            "schism": _without("schism", "rome_without_tie_condition"),
            "crusades": _without("crusades", "sea_landing_range"),
            "claims": _without("claims", "end_on_conversion"),
        }
    )
    assert partial.connection_seafaring_range == shipped.connection_seafaring_range == 3  # 7.51
    assert partial.rome_without_tie_condition == shipped.rome_without_tie_condition == 2  # 23.1
    assert partial.crusade_sea_landing == shipped.crusade_sea_landing == 3  # 23.32 step 3
    assert partial.claims_end_on_conversion is shipped.claims_end_on_conversion is True  # 18


def test_23_32_crusader_states_left_out_follow_the_shipped_house_default() -> None:
    shipped = Rules.load()
    partial = Rules.load({"crusades": _without("crusades", "crusader_states")})
    assert partial.crusader_states is shipped.crusader_states is True
    assert partial.crusader_state_areas == shipped.crusader_state_areas == ("jerusalem",)
    table = dict(_default_table("crusades"))
    table["crusader_states"] = {"enabled": False}  # one entry given, the rest shipped
    one = Rules.load({"crusades": table})
    assert not one.crusader_states and one.crusader_state_ties is shipped.crusader_state_ties
