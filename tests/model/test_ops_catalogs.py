"""Catalog operations (``model.ops.catalogs``): languages and families, religions and groups.

Each edit is performed, reverted (the exact scenario comes back) and redone; removing an entry
still in use is refused naming what uses it, or cascades to a replacement in the same step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, Field

from model import io, ops
from model.ops.catalogs import CatalogTouched, references
from model.rules import registry
from model.rules.eotma.schema import EmpireAttributes
from model.scenario import Id, Scenario

DEFAULT = Path(__file__).resolve().parents[2] / "scenarios" / "default.mappa.json"


@pytest.fixture
def scenario() -> Scenario:
    return io.load(DEFAULT)


def dump(scenario: Scenario) -> str:
    return io.dumps(scenario)


def perform(scenario: Scenario, op: Callable[..., ops.Change], *args: Any, **kwargs: Any) -> ops.Change:
    before = dump(scenario)
    change = op(scenario, *args, **kwargs)
    after = dump(scenario)
    assert after != before
    Scenario.model_validate(scenario.model_dump())
    undo = change.revert(scenario)
    assert dump(scenario) == before
    undo.revert(scenario)
    assert dump(scenario) == after
    return change


def refuse(scenario: Scenario, match: str, op: Callable[..., ops.Change], *args: Any, **kwargs: Any) -> None:
    before = dump(scenario)
    with pytest.raises(ops.OpError, match=match):
        op(scenario, *args, **kwargs)
    assert dump(scenario) == before


def test_add_a_language_in_a_family_and_a_religion_group(scenario: Scenario) -> None:
    change = perform(scenario, ops.add_language, "Frisian", family="westric")
    new = change.new_id
    assert isinstance(change.touched, CatalogTouched) and change.touched.setup
    language = scenario.catalogs.languages[-1]
    assert (language.id, language.name, language.family) == (new, "Frisian", "westric")
    group = perform(scenario, ops.add_catalog_entry, "religion_group", "Dualists", kind="other").new_id
    assert scenario.catalogs.religion_groups[-1].id == group
    religion = perform(scenario, ops.add_religion, "Bogomil", group=group).new_id
    assert scenario.catalogs.religions[-1].group == group
    assert len({new, group, religion}) == 3


def test_adding_refuses_unknown_parents_bad_values_and_empty_names(scenario: Scenario) -> None:
    refuse(scenario, "no language family with id 'nordic'", ops.add_language, "Norse", family="nordic")
    refuse(scenario, "needs a name", ops.add_language, "  ")
    refuse(scenario, "kind", ops.add_catalog_entry, "religion_group", "Odd", kind="heretic")
    refuse(scenario, "unknown catalog", ops.add_catalog_entry, "dialect", "Odd")


def test_rename_and_change_family_or_group(scenario: Scenario) -> None:
    perform(scenario, ops.set_catalog_entry, "language", "aldic", name="Old Aldic")
    assert scenario.catalogs.languages[0].name == "Old Aldic"
    perform(scenario, ops.set_catalog_entry, "language", "aldic", family="eastric")
    assert scenario.catalogs.languages[0].family == "eastric"
    perform(scenario, ops.set_catalog_entry, "religion", "old_faith", group="christian")
    perform(scenario, ops.set_catalog_entry, "religion_group", "pagan", kind="other", name="Others")
    refuse(
        scenario, "no religion group with id 'nope'", ops.set_catalog_entry, "religion", "latin", group="nope"
    )
    refuse(scenario, "cannot set field", ops.set_catalog_entry, "language", "aldic", id="x")
    refuse(scenario, "no language with id 'klingon'", ops.set_catalog_entry, "language", "klingon", name="K")


def test_removing_an_unused_entry(scenario: Scenario) -> None:
    new = ops.add_language(scenario, "Frisian").new_id
    change = perform(scenario, ops.remove_catalog_entry, "language", new)
    assert change.removed == (new,)
    assert new not in {x.id for x in scenario.catalogs.languages}


def test_removing_an_entry_in_use_is_refused_naming_the_users(scenario: Scenario) -> None:
    users = {r.owner_id for r in references(scenario, "language", "aldic")}
    assert users == {"westmarch", "aldmoor"}
    refuse(
        scenario,
        r"language aldic is still used by area westmarch \(language\), area aldmoor",
        ops.remove_catalog_entry,
        "language",
        "aldic",
    )
    refuse(
        scenario,
        "language family westric is still used by language aldic",
        ops.remove_catalog_entry,
        "language_family",
        "westric",
    )
    refuse(
        scenario,
        "religion group christian is still used by religion latin",
        ops.remove_catalog_entry,
        "religion_group",
        "christian",
    )


def test_removing_with_a_replacement_cascades_in_one_step(scenario: Scenario) -> None:
    change = perform(
        scenario, ops.remove_catalog_entry, "language", "aldic", cascade=True, replacement="lowenish"
    )
    assert change.touched.areas == {"westmarch", "aldmoor"}
    assert scenario.area("westmarch").attributes["language"] == "lowenish"
    assert references(scenario, "language", "aldic") == []
    refuse(
        scenario,
        "by itself",
        ops.remove_catalog_entry,
        "religion",
        "latin",
        cascade=True,
        replacement="latin",
    )
    refuse(
        scenario,
        "no religion with id 'nope'",
        ops.remove_catalog_entry,
        "religion",
        "latin",
        cascade=True,
        replacement="nope",
    )


def test_removing_with_clearing_drops_the_references(scenario: Scenario) -> None:
    perform(scenario, ops.remove_catalog_entry, "religion", "old_faith", cascade=True)
    assert "religion" not in scenario.area("dravia").attributes
    perform(scenario, ops.remove_catalog_entry, "religion_group", "christian", cascade=True)
    assert {r.group for r in scenario.catalogs.religions} == {None}


class _Leader(BaseModel):
    name: str = ""
    religion: Id | None = Field(default=None, json_schema_extra={"ref": "religion"})
    tongues: list[Id] = Field(default_factory=list, json_schema_extra={"ref": "language"})


class _Empire(EmpireAttributes):
    leader: _Leader = Field(default_factory=_Leader)  # type: ignore[assignment]


def test_leaders_references_are_found_and_replaced(
    scenario: Scenario, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = registry.get("eotma")
    assert spec is not None
    monkeypatch.setitem(
        registry._REGISTRY,
        "leaders_test",
        dataclasses.replace(spec, id="leaders_test", empire_attributes=_Empire),
    )
    scenario.ruleset.id = "leaders_test"
    empire = scenario.setup.empires[0]
    empire.attributes = {
        **empire.attributes,
        "leader": {"name": "Ada", "religion": "eastern", "tongues": ["aldic", "sarnic"]},
    }
    found = [str(r) for r in references(scenario, "religion", "eastern") if r.owner == "empire"]
    assert found == [f"empire {empire.id} (leader.religion)"]
    refuse(scenario, f"empire {empire.id}", ops.remove_catalog_entry, "language", "sarnic")
    perform(scenario, ops.remove_catalog_entry, "language", "sarnic", cascade=True, replacement="aldic")
    assert scenario.setup.empires[0].attributes["leader"]["tongues"] == ["aldic"]
    perform(scenario, ops.remove_catalog_entry, "religion", "eastern", cascade=True)
    assert "religion" not in scenario.setup.empires[0].attributes["leader"]
