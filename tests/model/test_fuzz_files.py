"""Fuzzing the shipped scenarios: mutated files must be refused with a place, or work all the way.

Each example takes a shipped scenario (``scenarios/*.mappa.json``) and applies one to three
mutations of the kinds authors and broken tools make: a value of another type, a deleted key, a
duplicated id, a dangling reference, a renamed key, a broken ruleset table override, numbers at
extremes, an emptied list, extra nesting, a boundary redrawn through hundreds of random points of
the map (it crosses itself and every border near it). Then:

* nothing escapes ``io.loads``, ``validate``, ``io.dumps`` or the engine's set-up but a
  ``LoadError`` that names the file and, for each problem, a place;
* the validator never reports INTERNAL_ERROR (a check that crashed);
* a file that validates without errors saves, reloads to the same bytes, and starts a game (the
  ruleset's Game and its first State); a file without empires is a map, not yet a game, which the
  validator says with SETUP_NO_PLAYERS.

The number of examples is bounded (``FUZZ_EXAMPLES``, default 100) and the run is derandomized so
that CI is deterministic; set ``FUZZ_EXAMPLES=2000``, ``FUZZ_RANDOM=1`` and ``FUZZ_DEPTH=6`` (mutations
per file, default 3) to search further.
"""

from __future__ import annotations

import copy
import json
import os
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model import io
from model.playtest.runner import PlaytestConfig, PlaytestError, run_playtest
from model.rules import registry, tables
from model.validate import has_errors, validate

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted(path.name for path in (ROOT / "scenarios").glob("*.mappa.json"))
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))
DEPTH = int(os.environ.get("FUZZ_DEPTH", "3"))
"""At most this many mutations per file."""

EXTREMES: list[Any] = [0, -1, 1, 2**53 + 1, 10**30, -(10**30), 1e308, -1e308, 5e-324, 1e-300, 0.5]
OTHER_TYPES: list[Any] = [
    None,
    True,
    False,
    0,
    -7,
    3.5,
    "",
    "x",
    "\u00e9\u6f22",
    [],
    {},
    [[]],
    {"a": {}},
    [1, "a"],
]
NOT_AN_ID = "no_such_id"


@cache
def _shipped(name: str) -> str:
    return (ROOT / "scenarios" / name).read_text(encoding="utf-8")


def _children(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return list(node)
    if isinstance(node, list):
        return list(range(len(node)))
    return []


@st.composite
def _path(draw: st.DrawFn, raw: dict[str, Any]) -> list[Any]:
    """A path from the top to some value (never the top itself, never ``schema_version``, whose
    refusals have their own tests)."""
    path: list[Any] = []
    node: Any = raw
    while True:
        keys = [k for k in _children(node) if path or k != "schema_version"]
        if not keys or (path and draw(st.integers(0, 7)) == 0):
            return path
        key = keys[draw(st.integers(0, len(keys) - 1))]
        path.append(key)
        node = node[key]


def _at(raw: Any, path: list[Any]) -> Any:
    for key in path:
        raw = raw[key]
    return raw


def _id_lists(node: Any, found: list[list[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    """Every list of objects that have string ids (boundaries, areas, empires, units...)."""
    if isinstance(node, dict):
        for value in node.values():
            _id_lists(value, found)
    elif isinstance(node, list):
        objects = [item for item in node if isinstance(item, dict) and isinstance(item.get("id"), str)]
        if len(objects) >= 2:
            found.append(objects)
        for value in node:
            _id_lists(value, found)
    return found


MUTATIONS = (
    *("duplicate_id", "dangling", "table") * 3,  # files that still load reach the validator and engine
    *("type", "delete", "extreme", "empty", "nest", "numbers", "rename_key"),
    "scribble",
)
"""The kinds of mutation, repeated to weigh them."""


@st.composite
def _mutate(draw: st.DrawFn, raw: dict[str, Any]) -> str:
    """Apply one mutation to ``raw`` in place; return what was done (for the failure report)."""
    kind = draw(st.sampled_from(MUTATIONS))
    if kind == "table":  # override a shipped table, then break something inside it
        ruleset = raw.setdefault("ruleset", {})
        defaults = tables.default_tables(str(ruleset.get("id", "eotma"))) if isinstance(ruleset, dict) else {}
        if defaults and isinstance(ruleset.get("tables", {}), dict):
            table_id = draw(st.sampled_from(sorted(defaults)))
            overrides = ruleset.setdefault("tables", {})
            overrides[table_id] = defaults[table_id]
            wrapper = {"table": overrides[table_id]}
            inner = draw(_value_change(wrapper, draw(_path(wrapper))))
            overrides[table_id] = wrapper.get("table")
            return f"table {table_id}: {inner}"
    if kind == "scribble":  # a boundary redrawn through random points of the map: crosses itself
        boundaries = raw.get("map", {}).get("boundaries") if isinstance(raw.get("map"), dict) else None
        if isinstance(boundaries, list) and boundaries and isinstance(boundaries[0], dict):
            index = draw(st.integers(0, len(boundaries) - 1))
            points = [p for b in boundaries if isinstance(b, dict) for p in b.get("points", [])][:2000]
            if isinstance(boundaries[index], dict) and points:
                rng = random.Random(draw(st.integers(0, 2**16)))
                boundaries[index]["points"] = [list(rng.choice(points)) for _ in range(800)]
                return f"scribble over boundary {index}"
    if kind == "duplicate_id":  # two objects of one list, or of two lists (an area and an empire)
        lists = _id_lists(raw, [])
        if lists:
            one = lists[draw(st.integers(0, len(lists) - 1))]
            other = lists[draw(st.integers(0, len(lists) - 1))] if draw(st.booleans()) else one
            target = one[draw(st.integers(0, len(one) - 1))]
            source = other[draw(st.integers(0, len(other) - 1))]
            target["id"] = source["id"]
            return f"duplicate id {source['id']!r}"
    return draw(_value_change(raw, draw(_path(raw)), kind))


@st.composite
def _value_change(draw: st.DrawFn, raw: Any, path: list[Any], kind: str = "") -> str:
    """Change the value at ``path`` (a kind of change drawn when ``kind`` is empty)."""
    if not path:
        return "nothing"
    if not kind:
        kind = draw(st.sampled_from(("type", "delete", "extreme", "empty", "nest", "numbers", "rename_key")))
    parent, key = _at(raw, path[:-1]), path[-1]
    value = parent[key]
    if kind == "rename_key":
        if isinstance(parent, dict):
            others = [k for k in parent if k != key]
            new = draw(st.sampled_from([NOT_AN_ID, *others[:5]]))
            parent[new] = parent.pop(key)
            return f"key {_dotted(path)} renamed {new!r}"
        kind = "type"
    if kind == "type":
        parent[key] = draw(st.sampled_from(OTHER_TYPES))
    elif kind == "delete":
        del parent[key]
    elif kind == "dangling":
        parent[key] = NOT_AN_ID if isinstance(value, str) else [NOT_AN_ID]
    elif kind == "extreme":
        parent[key] = draw(st.sampled_from(EXTREMES))
    elif kind == "empty":
        parent[key] = [] if isinstance(value, list) else {} if isinstance(value, dict) else ""
    elif kind == "nest":
        parent[key] = draw(st.sampled_from([[value], {"x": value}, [[value]]]))
    elif kind == "numbers":  # every number below this place to one extreme
        extreme = draw(st.sampled_from(EXTREMES))
        parent[key] = _replace_numbers(value, extreme)
    return f"{kind} at {_dotted(path)}"


def _replace_numbers(node: Any, number: Any) -> Any:
    if isinstance(node, bool):
        return node
    if isinstance(node, int | float):
        return number
    if isinstance(node, list):
        return [_replace_numbers(item, number) for item in node]
    if isinstance(node, dict):
        return {key: _replace_numbers(item, number) for key, item in node.items()}
    return node


def _dotted(path: list[Any]) -> str:
    return "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path).lstrip(".")


class Case:
    """A mutated file: shown in a failure report by its scenario and mutations, not its text."""

    def __init__(self, name: str, text: str, done: list[str]) -> None:
        self.name, self.text, self.done = name, text, done

    def __repr__(self) -> str:
        return f"{self.name} after {'; '.join(self.done)}"


@st.composite
def mutated_files(draw: st.DrawFn) -> Case:
    """A shipped scenario with one to three mutations."""
    name = draw(st.sampled_from(SCENARIOS))
    raw = copy.deepcopy(json.loads(_shipped(name)))
    done = [draw(_mutate(raw)) for _ in range(draw(st.integers(1, DEPTH)))]
    return Case(name, json.dumps(raw, ensure_ascii=False), done)


def check_file(name: str, text: str) -> None:
    """Everything the fuzz test asserts about one (mutated) file."""
    source = f"fuzzed/{name}"
    try:
        scenario = io.loads(text, source)
    except io.LoadError as error:
        assert source in str(error)
        assert error.problems and all(problem.where for problem in error.problems), str(error)
        return
    issues = validate(scenario)
    crashed = [item.message for item in issues if item.code == "INTERNAL_ERROR"]
    assert not crashed, crashed
    if has_errors(issues):
        return
    saved = io.dumps(scenario).encode("utf-8")  # what save writes
    again = io.loads(saved, source)
    assert io.dumps(again).encode("utf-8") == saved
    spec = registry.get(scenario.ruleset.id)
    assert spec is not None
    if not again.setup.empires:  # a map without players: the validator says so (SETUP_NO_PLAYERS)
        assert any(item.code == "SETUP_NO_PLAYERS" for item in issues)
        with pytest.raises(PlaytestError, match="no game can start"):  # and playing it is refused
            run_playtest(again, PlaytestConfig(games=1, jobs=1))
        return
    game = spec.engine_factory()(again)
    state = game.new_state(seed=1)
    assert state.is_over() or state.legal_actions()


@pytest.mark.parametrize("name", SCENARIOS)
def test_shipped_scenarios_pass_the_fuzz_checks_unchanged(name: str) -> None:
    check_file(name, _shipped(name))


@settings(
    max_examples=EXAMPLES,
    derandomize=os.environ.get("FUZZ_RANDOM") != "1",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated_files())
def test_mutated_scenarios_are_refused_with_a_place_or_work_all_the_way(case: Case) -> None:
    try:
        check_file(case.name, case.text)
    except AssertionError as error:
        raise AssertionError(f"{case!r}: {error}") from error
