"""Bad scenario files: each is refused (or, when readable, flagged by the validator) with a message
that names the file and the place of the problem. Never a traceback, never a crash."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model import io
from model.validate import validate

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "default.mappa.json"


def default_data() -> dict[str, object]:
    """The default scenario as a raw JSON dict, to break."""
    data: dict[str, object] = json.loads(DEFAULT.read_text(encoding="utf-8"))
    return data


def write_json(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def refused(path: Path) -> io.LoadError:
    """Load the file, expecting a LoadError whose message starts with the file's path."""
    with pytest.raises(io.LoadError) as caught:
        io.load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: cannot read the scenario"), message
    assert caught.value.source == str(path)
    return caught.value


def test_truncated_json_gives_line_and_column(tmp_path: Path) -> None:
    text = DEFAULT.read_text(encoding="utf-8")
    path = tmp_path / "cut.mappa.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    error = refused(path)
    lines = text[: len(text) // 2].count("\n") + 1
    assert error.problems[0].where.startswith(f"line {lines}, column ")
    assert "JSON syntax error" in error.problems[0].message


def test_wrong_types_name_the_json_path_and_the_object(tmp_path: Path) -> None:
    data = default_data()
    data["map"]["areas"][2]["anchors"] = "north of here"  # type: ignore[index]
    data["metadata"]["start_year"] = "long ago"  # type: ignore[index]
    error = refused(write_json(tmp_path / "types.mappa.json", data))
    where = {problem.where for problem in error.problems}
    assert "map.areas[2].anchors (in map.areas[2], id 'brennland')" in where
    assert "metadata.start_year" in where


def test_unknown_field_is_named(tmp_path: Path) -> None:
    data = default_data()
    data["setup"]["empires"][0]["capital"] = "aldmoor"  # type: ignore[index]
    error = refused(write_json(tmp_path / "extra.mappa.json", data))
    assert [str(p) for p in error.problems] == [
        "setup.empires[0].capital (in setup.empires[0], id 'aldmoor_kingdom'): "
        "unknown field (not part of the format; remove it or check its spelling)"
    ]


def test_schema_version_999_is_refused_with_what_to_do(tmp_path: Path) -> None:
    data = default_data()
    data["schema_version"] = 999
    error = refused(write_json(tmp_path / "future.mappa.json", data))
    assert error.problems[0].where == "schema_version"
    assert "999" in error.problems[0].message
    assert "update Mappa" in error.hint


def test_missing_schema_version(tmp_path: Path) -> None:
    error = refused(write_json(tmp_path / "what.json", {"title": "no version"}))
    assert error.problems[0].where == "schema_version"


def test_file_over_the_size_limit_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.mappa.json"
    with path.open("wb") as stream:
        stream.truncate(200 * 1024 * 1024)  # sparse: takes no disk space
    error = refused(path)
    assert "200 MB" in error.problems[0].message and "100 MB" in error.problems[0].message


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity"])
def test_non_finite_numbers_are_refused_with_their_place(tmp_path: Path, token: str) -> None:
    path = tmp_path / "nan.mappa.json"
    path.write_text(
        '{"schema_version": 1,\n  "metadata": {"title": "NaN here is text"},\n  "map": {"grid": '
        f"{token}}}}}\n",
        encoding="utf-8",
    )
    error = refused(path)
    assert error.problems[0].where == "line 3, column 19"
    assert token in error.problems[0].message


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.mappa.json"
    path.write_text('{"schema_version": 1, "x": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    error = refused(path)
    assert "nested more than 64 levels deep" in error.problems[0].message
    assert error.problems[0].where.startswith("line 1, column 91, x[0][0]")  # the 65th level


def test_non_utf8_file_names_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin1.mappa.json"
    path.write_bytes('{"schema_version": 1, "metadata": {"title": "Köln"}}'.encode("latin-1"))
    error = refused(path)
    assert error.problems[0].where == "byte 46"  # the ö, in Latin-1
    assert "UTF-8" in error.hint


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.mappa.json"
    path.write_bytes(b"")
    assert refused(path).problems[0].where == "line 1, column 1"


def test_a_directory_instead_of_a_file(tmp_path: Path) -> None:
    path = tmp_path / "folder.mappa.json"
    path.mkdir()
    assert "directory" in refused(path).problems[0].message.lower()


def test_a_missing_file(tmp_path: Path) -> None:
    assert "No such file" in refused(tmp_path / "absent.mappa.json").problems[0].message


def test_top_level_not_an_object(tmp_path: Path) -> None:
    error = refused(write_json(tmp_path / "list.mappa.json", [1, 2, 3]))
    assert error.problems[0].where == "line 1, column 1"
    assert (
        "holds an array ([...]) at the top level, but a scenario is a JSON object"
        in error.problems[0].message
    )


# --- readable files that the validator flags, at the right place -----------------------------------

Breaker = Callable[[dict[str, object]], None]


def _negative_strength(data: dict[str, object]) -> None:
    data["setup"]["units"][0]["strength"] = -2  # type: ignore[index]


def _missing_area(data: dict[str, object]) -> None:
    data["setup"]["units"][1]["area"] = "atlantis"  # type: ignore[index]


def _self_crossing(data: dict[str, object]) -> None:
    data["map"]["boundaries"].append({"id": "knot", "points": [[5, 5], [50, 50], [50, 5], [5, 50]]})  # type: ignore[index]


@pytest.mark.parametrize(
    ("breaker", "code", "ids", "path"),
    [
        (_negative_strength, "UNIT_STRENGTH_OUT_OF_RANGE", ("army_aldmoor",), "setup.units[0].strength"),
        (_missing_area, "UNKNOWN_REFERENCE", ("army_kestria", "atlantis"), "setup.units[1].area"),
        (_self_crossing, "BOUNDARY_SELF_CROSSING", ("knot",), ""),
    ],
    ids=["negative strength", "missing area", "self-crossing boundary"],
)
def test_readable_but_wrong_files_are_flagged(
    tmp_path: Path, breaker: Breaker, code: str, ids: tuple[str, ...], path: str
) -> None:
    data = default_data()
    breaker(data)
    scenario = io.load(write_json(tmp_path / "wrong.mappa.json", data))
    found = [i for i in validate(scenario) if i.code == code]
    assert len(found) == 1
    assert found[0].ids == ids
    assert found[0].path == path
    if code == "BOUNDARY_SELF_CROSSING":
        assert found[0].location == pytest.approx((27.5, 27.5))


def test_load_error_finds_every_problem_and_shows_fifty(tmp_path: Path) -> None:
    data = default_data()
    for area in data["map"]["areas"]:  # type: ignore[attr-defined]
        area["bogus"] = 1
        area["anchors"] = "x"
        area["kind"] = "lava"
    error = refused(write_json(tmp_path / "many.mappa.json", data))
    assert len(error.problems) == 51  # 17 areas x 3 bad fields
    message = str(error)
    assert message.count("unknown field") == 16  # the 51st problem is not shown
    assert "... and 1 more problems" in message


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=80, deadline=None)
@given(data=st.data(), value=_json)
def test_any_json_in_any_field_is_read_or_refused_never_crashes(data: st.DataObject, value: object) -> None:
    raw = default_data()
    node: object = raw
    # Walk down a random existing path (so the value lands where the format expects something).
    for _ in range(data.draw(st.integers(1, 4))):
        if isinstance(node, dict) and node:
            key = data.draw(st.sampled_from(sorted(node)))
            parent, place, node = node, key, node[key]
        elif isinstance(node, list) and node:
            index = data.draw(st.integers(0, len(node) - 1))
            parent, place, node = node, index, node[index]
        else:
            break
    parent[place] = value  # type: ignore[index]
    try:
        scenario = io.loads(json.dumps(raw), "fuzz.mappa.json")
    except io.LoadError as error:
        assert str(error).startswith("fuzz.mappa.json: cannot read the scenario")
        return
    issues = validate(scenario)
    assert not [i for i in issues if i.code == "INTERNAL_ERROR"], [i.message for i in issues]


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_are_read_or_refused_never_crash(data: bytes) -> None:
    try:
        io.loads(data, "noise.mappa.json")
    except io.LoadError as error:
        assert str(error).startswith("noise.mappa.json: cannot read the scenario")
