"""Ruleset table overrides: set, reset, refuse bad values; revert restores the exact scenario."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from model import io, ops
from model.rules.tables import default_tables, is_overridden, table
from model.scenario import Scenario

DEFAULT = Path(__file__).resolve().parents[2] / "scenarios" / "default.mappa.json"


@pytest.fixture
def scenario() -> Scenario:
    return io.load(DEFAULT)


def test_set_table_overrides_and_reverts_exactly(scenario: Scenario) -> None:
    before = io.dumps(scenario)
    shipped = default_tables("eotma")["victory"]
    edited = copy.deepcopy(shipped)
    edited["note"] = "typed in from the real rulebook"
    change = ops.set_table(scenario, "victory", edited)
    assert is_overridden(scenario, "victory")
    assert table(scenario, "victory")["note"] == "typed in from the real rulebook"
    # The stored table is a copy: changing the caller's value later does not reach the scenario.
    edited["note"] = "changed afterwards"
    assert table(scenario, "victory")["note"] == "typed in from the real rulebook"
    redo = change.revert(scenario)
    assert io.dumps(scenario) == before
    redo.revert(scenario)
    assert is_overridden(scenario, "victory")


def test_reset_table_and_setting_the_default_drops_the_override(scenario: Scenario) -> None:
    shipped = default_tables("eotma")["schism"]
    ops.set_table(scenario, "schism", {"replaced": True})
    after_set = io.dumps(scenario)
    change = ops.reset_table(scenario, "schism")
    assert not is_overridden(scenario, "schism") and table(scenario, "schism") == shipped
    change.revert(scenario)
    assert io.dumps(scenario) == after_set
    ops.set_table(scenario, "schism", copy.deepcopy(shipped))
    assert not is_overridden(scenario, "schism")


def test_bad_tables_are_refused_without_change(scenario: Scenario) -> None:
    before = io.dumps(scenario)
    with pytest.raises(
        ops.UnknownIdError, match="ruleset 'eotma' has no table 'weather'; its tables: bot, claims"
    ):
        ops.set_table(scenario, "weather", {})
    with pytest.raises(ops.InvalidValueError, match=r"table victory: not a JSON value"):
        ops.set_table(scenario, "victory", {"points": float("nan")})
    with pytest.raises(ops.InvalidValueError, match="object keys must be text, not 3"):
        ops.set_table(scenario, "victory", {3: "three"})
    with pytest.raises(ops.PreconditionError, match="'victory' is not overridden"):
        ops.reset_table(scenario, "victory")
    assert io.dumps(scenario) == before
