"""The validator survives ordinary author mistakes, and what it passes saves and plays.

Duplicate ids and dangling references are reported with their codes while the other checks still
run; table overrides the ruleset cannot read, and setups the engine refuses, are errors with the
place instead of failures at play time.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from model import io
from model.rules import registry
from model.scenario import Scenario
from model.validate import has_errors, validate

ROOT = Path(__file__).resolve().parents[2]


def _raw(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "scenarios" / name).read_text(encoding="utf-8"))
    return data


def _load(raw: dict[str, Any]) -> Scenario:
    return io.loads(json.dumps(raw), "mutated.mappa.json")


def test_a_duplicate_area_id_is_reported_and_the_other_checks_run() -> None:
    """Portugal renamed livonia in the 771 map crashed the topology check with IndexError."""
    raw = _raw("medieval-europe-771.mappa.json")
    for area in raw["map"]["areas"]:
        if area["id"] == "portugal":
            area["id"] = "livonia"
    issues = validate(_load(raw))
    codes = {item.code for item in issues}
    assert "INTERNAL_ERROR" not in codes
    [duplicate] = [item for item in issues if item.code == "DUPLICATE_ID"]
    assert "'livonia'" in duplicate.message
    # The geometry checks still ran: the second livonia's face now belongs to no area.
    assert "AREA_GAP" in codes


def test_a_dangling_owner_is_an_unknown_reference() -> None:
    raw = _raw("default.mappa.json")
    area_id = next(iter(raw["setup"]["areas"]))
    raw["setup"]["areas"][area_id]["owner"] = "no_such_empire"
    issues = validate(_load(raw))
    assert not [item for item in issues if item.code == "INTERNAL_ERROR"]
    assert any(item.code == "UNKNOWN_REFERENCE" and "no_such_empire" in item.message for item in issues)


@pytest.mark.parametrize(
    ("table", "value"),
    [
        ("schism", True),
        ("claims", None),
        ("unrest_rebellion", {"rolls": 5}),
        ("year_cards", {"cards": []}),
        ("pillage_plunder", {"gold_by_roll": {"1": 0, "2": 1}}),  # a roll of 5 failed in play
        ("raiders", {"raiders": True}),
    ],
)
def test_a_table_override_the_engine_cannot_read_is_an_error_at_its_place(table: str, value: Any) -> None:
    """``ruleset.tables.schism: true`` validated clean, then the engine refused it at play time."""
    raw = _raw("medieval-europe-976.mappa.json")
    raw["ruleset"].setdefault("tables", {})[table] = value
    issues = validate(_load(raw))
    [invalid] = [item for item in issues if item.code == "TABLE_INVALID"]
    assert invalid.path == f"ruleset.tables.{table}"
    assert invalid.message.startswith(
        f"the scenario's {table.replace('_', ' ')} table: the Empires of the Middle Ages rules cannot use"
    )


@pytest.mark.parametrize("groups", [None, True, 3, [{"targets": 5}], [{"targets": {"seas": 7}}]])
def test_a_raiders_table_of_the_wrong_shape_does_not_crash_the_raider_check(groups: Any) -> None:
    raw = _raw("medieval-europe-771.mappa.json")
    raw["ruleset"].setdefault("options", {})["raiders"] = True
    raw["ruleset"].setdefault("tables", {})["raiders"] = {"raiders": groups}
    issues = validate(_load(raw))
    assert not [item.message for item in issues if item.code == "INTERNAL_ERROR"]


def test_a_good_table_override_passes() -> None:
    raw = _raw("medieval-europe-976.mappa.json")
    spec = registry.get("eotma")
    assert spec is not None
    raw["ruleset"].setdefault("tables", {})["schism"] = json.loads(
        (ROOT / "resources" / spec.tables_dir / "schism.json").read_text(encoding="utf-8")
    )
    assert not [item for item in validate(_load(raw)) if item.code == "TABLE_INVALID"]


def test_a_setup_the_engine_refuses_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever else the engine refuses at set-up is reported, so that clean means playable."""
    raw = _raw("default.mappa.json")
    scenario = _load(raw)
    assert not has_errors(validate(scenario))
    spec = registry.get("eotma")
    assert spec is not None

    def refuse(scenario: Scenario) -> Any:
        raise ValueError("court 'x' is not held by its empire")

    monkeypatch.setattr(type(spec), "engine_factory", lambda self: refuse)
    [refused] = [item for item in validate(scenario) if item.code == "ENGINE_REFUSED"]
    assert "court 'x' is not held by its empire" in refused.message


def test_a_map_without_empires_is_said_to_be_no_game_yet() -> None:
    raw = _raw("default.mappa.json")
    raw["setup"] = {}
    issues = validate(_load(raw))
    assert not has_errors(issues)
    assert [item.code for item in issues if item.code == "SETUP_NO_PLAYERS"] == ["SETUP_NO_PLAYERS"]


def _shipped_table_with(table: str, change: Any) -> Any:
    from model.rules import tables

    value = json.loads(json.dumps(tables.default_tables("eotma")[table]))
    change(value)
    return value


@pytest.mark.parametrize(
    ("table", "change", "reason"),
    [
        # An empty language list validated clean, then IndexError in play (12.42).
        ("rebellion_value", lambda t: t.update(language=[]), "language and religion each need three"),
        # A roll of -2**63 validated clean, then KeyError in play (17).
        ("unrest_rebellion", lambda t: t["rolls"]["6"].append(-(2**63)), "rolls of two dice, 2 to 12"),
        # A row for rebellion value 10**9 built a billion-entry table.
        ("unrest_rebellion", lambda t: t["rolls"].update({"1000000000": [2]}), "at most 100"),
    ],
)
def test_table_entries_the_engine_would_fail_on_in_play_are_errors_at_their_place(
    table: str, change: Any, reason: str
) -> None:
    raw = _raw("default.mappa.json")
    raw["ruleset"].setdefault("tables", {})[table] = _shipped_table_with(table, change)
    issues = validate(_load(raw))
    [invalid] = [item for item in issues if item.code == "TABLE_INVALID"]
    assert invalid.path == f"ruleset.tables.{table}"
    assert reason in invalid.message and "RulesDataError(" not in invalid.message
