"""Canonical saving, round trips and the migration of a frozen schema-version-0 file."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model import io
from model.scenario import SCHEMA_VERSION, AreaKind, Connection, ConnectionKind, Scenario, Unit
from model.validate import has_errors, validate

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "default.mappa.json"
V0 = ROOT / "tests" / "data" / "v0-prototype.mappa.json"


@pytest.fixture
def default() -> Scenario:
    """A fresh copy of the bundled default scenario."""
    return io.load(DEFAULT)


def test_saving_twice_gives_identical_bytes(default: Scenario, tmp_path: Path) -> None:
    first, second = tmp_path / "one.mappa.json", tmp_path / "two.mappa.json"
    io.save(default, first)
    io.save(io.load(first), second)
    assert first.read_bytes() == second.read_bytes()


def test_the_shipped_default_file_is_canonical(default: Scenario) -> None:
    assert io.dumps(default) == DEFAULT.read_text(encoding="utf-8")


def test_load_of_save_equals_the_original(default: Scenario, tmp_path: Path) -> None:
    path = tmp_path / "copy.mappa.json"
    io.save(default, path)
    assert io.load(path) == default


def test_save_leaves_no_temporary_file_behind(default: Scenario, tmp_path: Path) -> None:
    target = tmp_path / "only.mappa.json"
    io.save(default, target)
    io.save(default, target)  # over an existing file too
    assert [p.name for p in tmp_path.iterdir()] == ["only.mappa.json"]


def test_coordinates_are_quantized_to_the_grid_on_save(default: Scenario) -> None:
    default.map.areas[0].anchors = [(110.26, 160.74)]  # grid is 0.5
    saved = io.loads(io.dumps(default))
    assert saved.map.areas[0].anchors == [(110.5, 160.5)]


_names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=20)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    title=_names,
    area_name=_names,
    strength=st.integers(-5, 9),
    population=st.integers(-3, 4),
    kind=st.sampled_from(list(ConnectionKind)),
    extra=st.dictionaries(
        st.text(max_size=6), st.integers() | st.text(max_size=6) | st.booleans(), max_size=3
    ),
)
def test_round_trip_of_edited_scenarios(
    default: Scenario,
    title: str,
    area_name: str,
    strength: int,
    population: int,
    kind: ConnectionKind,
    extra: dict[str, object],
) -> None:
    scenario = default.model_copy(deep=True)
    scenario.metadata.title = title
    scenario.map.areas[3].name = area_name
    scenario.map.areas[3].attributes["population"] = population
    scenario.map.connections.append(
        Connection(id="c2", a="halden", b="westmarch", kind=kind, attributes=extra)
    )
    scenario.setup.units.append(
        Unit(id="u9", kind="army", owner="sarnian_league", area="tarsk", strength=strength)
    )
    scenario.setup.attributes = dict(extra)
    text = io.dumps(scenario)
    again = io.loads(text)
    assert again == scenario
    assert io.dumps(again) == text


# --- migration of the frozen prototype file ----------------------------------------------------------


def test_v0_file_is_migrated_on_load() -> None:
    assert json.loads(V0.read_text(encoding="utf-8"))["schema_version"] == 0  # the fixture stays frozen
    scenario = io.load(V0)
    assert scenario.schema_version == SCHEMA_VERSION
    assert scenario.metadata.title == "Prototype Two Shires"
    assert [(a.id, a.kind, a.anchors) for a in scenario.map.areas] == [
        ("north_shire", AreaKind.LAND, [(5.0, 5.0)]),
        ("east_shire", AreaKind.LAND, [(15.0, 5.0)]),
        ("narrow_sea", AreaKind.SEA, [(10.0, 15.0)]),
    ]
    assert scenario.map.boundaries[0].points == [(10.0, 0.0), (0.0, 0.0), (0.0, 10.0)]
    assert scenario.owner_of("north_shire") == "wessex"
    assert scenario.owner_of("east_shire") is None
    assert scenario.area("north_shire").attributes == {"population": 2}
    assert scenario.empire("wessex").attributes == {"court": "north_shire"}
    assert scenario.setup.units[0].strength == 2
    assert scenario.ruleset.id == "eotma"


def test_migrated_v0_file_saves_as_the_current_version_and_validates(tmp_path: Path) -> None:
    target = tmp_path / "migrated.mappa.json"
    io.save(io.load(V0), target)
    raw = json.loads(target.read_text(encoding="utf-8"))
    assert raw["schema_version"] == SCHEMA_VERSION
    assert not has_errors(validate(io.load(target)))


def test_every_migration_step_is_registered_up_to_the_current_version() -> None:
    assert sorted(io.MIGRATIONS) == list(range(SCHEMA_VERSION))


def test_a_malformed_v0_file_gives_a_load_error(tmp_path: Path) -> None:
    path = tmp_path / "broken-v0.json"
    path.write_text(
        json.dumps({"schema_version": 0, "map": {"areas": [{"name": "no id"}]}}), encoding="utf-8"
    )
    with pytest.raises(io.LoadError) as caught:
        io.load(path)
    assert str(caught.value).startswith(f"{path}: cannot read the scenario")
    assert [str(p) for p in caught.value.problems] == [
        "map.areas[0].id: required field is missing (reading the version 0 format)"
    ]


def test_the_default_scenario_is_what_its_source_script_builds() -> None:
    script = ROOT / "scenarios" / "sources" / "default" / "make_default.py"
    spec = importlib.util.spec_from_file_location("make_default", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert io.dumps(module.build()) == DEFAULT.read_text(encoding="utf-8")
