"""Refusals that used to say nothing of where: each names the file and the place (line and column
or JSON path), in the author's words; nothing that loads cleanly fails to save."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from model import io
from model.json_places import path_at

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "default.mappa.json"


def default_text() -> str:
    return DEFAULT.read_text(encoding="utf-8")


def refused(path: Path) -> io.LoadError:
    with pytest.raises(io.LoadError) as caught:
        io.load(path)
    assert str(caught.value).startswith(f"{path}: cannot read the scenario"), str(caught.value)
    return caught.value


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("depth", [65, 300, 5000])
def test_deep_nesting_names_line_column_and_path(tmp_path: Path, depth: int) -> None:
    raw = json.loads(default_text())
    raw["map"]["areas"][2]["attributes"]["notes"] = "DEEP"
    text = json.dumps(raw, indent=1).replace('"DEEP"', '{"a": ' * depth + "1" + "}" * depth)
    error = refused(write(tmp_path, "deep.mappa.json", text))
    (problem,) = error.problems
    assert problem.message == "objects or arrays nested more than 64 levels deep"
    assert problem.where.startswith("line ") and ", map.areas[2].attributes.notes.a" in problem.where
    assert "more levels" in problem.where
    assert "remove the nesting" in error.hint


def test_nesting_within_the_limit_loads_and_saves(tmp_path: Path) -> None:
    raw = json.loads(default_text())
    value: Any = 1
    for _ in range(50):
        value = [value]
    raw["map"]["areas"][0]["attributes"]["notes"] = value
    scenario = io.loads(json.dumps(raw))
    io.save(scenario, tmp_path / "ok.mappa.json")  # the save side copes with what load accepts
    assert io.load(tmp_path / "ok.mappa.json") == scenario


def test_an_integer_over_the_digit_limit_names_its_place_without_python_advice(tmp_path: Path) -> None:
    text = default_text().replace('"grid": ', '"grid": ' + "7" * 5000 + ", " + '"was_grid": ', 1)
    error = refused(write(tmp_path, "bigint.mappa.json", text))
    (problem,) = error.problems
    line = text[: text.index("7777")].count("\n") + 1
    assert problem.where.startswith(f"line {line}, column ") and problem.where.endswith(", map.grid")
    assert "5,000 digits" in problem.message and "at most 4,300 digits" in problem.message
    message = str(error)
    assert "set_int_max_str_digits" not in message and "sys." not in message


def test_cannot_migrate_from_version_0_names_the_field(tmp_path: Path) -> None:
    for data, where in [
        ({"schema_version": 0, "map": []}, "map"),
        ({"schema_version": 0, "map": {"areas": {"a": 1}}}, "map.areas"),
        ({"schema_version": 0, "map": {"areas": [{"id": "a"}, 7]}}, "map.areas[1]"),
        ({"schema_version": 0, "map": {"boundaries": [{"id": "b"}]}}, "map.boundaries[0].coords"),
    ]:
        error = refused(write(tmp_path, "v0.mappa.json", json.dumps(data)))
        assert [p.where for p in error.problems] == [where]
        assert "(reading the version 0 format)" in error.problems[0].message
        assert "schema version 0" in error.hint


@pytest.mark.parametrize(
    ("text", "kind", "where"),
    [
        ("[1, 2]", "an array ([...])", "line 1, column 1"),
        ('\n\n   "scenario"', "a string", "line 3, column 4"),
        ("42", "a number", "line 1, column 1"),
        ("null", "null", "line 1, column 1"),
    ],
)
def test_top_level_not_an_object_names_the_place(tmp_path: Path, text: str, kind: str, where: str) -> None:
    (problem,) = refused(write(tmp_path, "top.mappa.json", text)).problems
    assert problem.where == where
    assert (
        problem.message
        == f"the file holds {kind} at the top level, but a scenario is a JSON object ({{...}})"
    )


@pytest.mark.parametrize(
    ("breaker", "where"),
    [
        (
            lambda raw: raw["map"]["areas"][1]["attributes"].update(notes="a\ud800b"),
            "map.areas[1].attributes.notes",
        ),
        (lambda raw: raw["setup"]["empires"][0].update(name="Aldmoor \udfff"), "setup.empires[0].name"),
        (
            lambda raw: raw["map"]["areas"][0]["attributes"].update({"key\ud800": 1}),
            "map.areas[0].attributes.key",
        ),
    ],
    ids=["attribute", "name", "key"],
)
def test_a_lone_surrogate_is_refused_at_load_with_its_place(tmp_path: Path, breaker: Any, where: str) -> None:
    raw = json.loads(default_text())
    breaker(raw)
    path = write(tmp_path, "surrogate.mappa.json", json.dumps(raw))  # ensure_ascii: \ud800 escapes
    (problem,) = refused(path).problems
    assert problem.where.startswith(where)
    assert "half of a UTF-16 surrogate pair" in problem.message
    # a full pair is one character: fine, and it saves
    raw = json.loads(default_text())
    raw["map"]["areas"][1]["attributes"]["notes"] = "\U0001f600"
    scenario = io.loads(json.dumps(raw))
    io.save(scenario, tmp_path / "emoji.mappa.json")


def test_memory_error_while_reading_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "big.mappa.json", default_text())

    def no_memory(*args: object, **kwargs: object) -> object:
        raise MemoryError

    monkeypatch.setattr(io.json, "loads", no_memory)
    error = refused(path)
    assert error.problems[0].message.startswith("not enough memory to read the scenario")
    monkeypatch.undo()
    monkeypatch.setattr(io.Path, "read_bytes", no_memory)
    assert refused(path).problems[0].message.startswith("not enough memory to read the file")
    monkeypatch.undo()
    monkeypatch.setattr(io.Scenario, "model_validate", no_memory)
    assert "not enough memory" in str(refused(path))


def test_path_at_reads_keys_and_indexes() -> None:
    text = '{"a": [1, {"b": {"c": [0, 0, [9'
    assert path_at(text, len(text) - 1) == ["a", 1, "b", "c", 2, 0]  # the 9
    assert path_at(text, text.rindex("[")) == ["a", 1, "b", "c", 2]  # the array holding it
    assert path_at('{"x\\"y": [', 10) == ['x"y', 0]  # an escaped quote in a key


def test_the_digit_limit_follows_python(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not hasattr(sys, "set_int_max_str_digits"):
        pytest.skip("Python without a digit limit")
    text = default_text().replace('"grid": ', '"grid": ' + "7" * 5000 + ", " + '"was_grid": ', 1)
    (problem,) = refused(write(tmp_path, "bigint.mappa.json", text)).problems
    assert f"at most {sys.get_int_max_str_digits():,} digits" in problem.message


def test_deep_nesting_under_a_key_named_like_points_is_still_found(tmp_path: Path) -> None:
    raw = json.loads(default_text())
    raw["map"]["areas"][0]["attributes"]["points"] = "DEEP"
    text = json.dumps(raw).replace('"DEEP"', "[" * 100 + "]" * 100)
    (problem,) = refused(write(tmp_path, "deep.mappa.json", text)).problems
    assert "map.areas[0].attributes.points[0]" in problem.where


def test_a_surrogate_character_in_text_given_as_a_string_is_refused() -> None:
    text = '{"schema_version": 1, "metadata": {"title": "a\ud800b"}}'
    with pytest.raises(io.LoadError, match="surrogate"):
        io.loads(text)


def _parsed_depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_parsed_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_parsed_depth(v) for v in value), default=0)
    return 0


def _random_json(rng: Any, depth: int) -> Any:
    kind = rng.random()
    if depth > 12 or kind < 0.3:
        return rng.choice([1, 2.5, "plain", "[{ ]} in a string", "", None, True, "é ü"])
    if kind < 0.65:
        return [_random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {f"k{i}[": _random_json(rng, depth + 1) for i in range(rng.randint(0, 3))}


def test_text_depth_is_the_depth_of_the_parsed_data() -> None:
    import random

    from model.json_places import text_depth

    rng = random.Random(3)
    for _ in range(300):
        value = _random_json(rng, 0)
        for text in (json.dumps(value), json.dumps(value, indent=2, ensure_ascii=False)):
            assert text_depth(text.encode("utf-8")) == _parsed_depth(value)
    assert text_depth(json.dumps({"a": 'say "[" loudly'}).encode()) is None  # escaped quotes: unsure


def test_a_file_nested_too_deep_inside_free_attributes_is_still_refused(tmp_path: Path) -> None:
    raw = json.loads(io.dumps(io.loads(json.dumps({"schema_version": 1, "metadata": {"title": "t"}}))))
    deep: Any = 1
    for _ in range(io.MAX_NESTING + 2):
        deep = [deep]
    raw["ruleset"] = {"id": "eotma", "options": {"deep": deep}}
    path = write(tmp_path, "deep.mappa.json", json.dumps(raw))
    with pytest.raises(io.LoadError, match="nested more than"):
        io.load(path)
