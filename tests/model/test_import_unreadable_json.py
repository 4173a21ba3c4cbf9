"""JSON sources that parse to no value (nesting too deep, a huge integer, NaN) are refused with the
file, the line and column and the JSON path, in the author's words, by every JSON importer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from model.importers import SourceError, import_file

SQUARE = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]


def _geojson() -> str:
    feature = {
        "type": "Feature",
        "properties": {"name": "A"},
        "geometry": {"type": "Polygon", "coordinates": [SQUARE]},
    }
    return json.dumps({"type": "FeatureCollection", "features": [feature]})


def _topojson() -> str:
    return json.dumps(
        {
            "type": "Topology",
            "arcs": [SQUARE],
            "objects": {
                "a": {"type": "GeometryCollection", "geometries": [{"type": "Polygon", "arcs": [[0]]}]}
            },
        }
    )


CASES = {
    "long integer": (
        lambda text: text.replace("10", "9" * 5000, 1),
        "[0][1][0]): a whole number with more than 4,300 digits",
    ),
    "NaN": (lambda text: text.replace("10", "NaN", 1), "[0][1][0]): NaN or Infinity"),
    "deep": (
        lambda text: text.replace("[[0, 0]", "[" * 5000 + "]" * 5000 + ", [[0, 0]", 1),
        "): objects or arrays nested more than 256 levels deep",
    ),
}


@pytest.mark.parametrize("kind", ["geojson", "topojson"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_unreadable_json_names_the_file_line_column_and_path(tmp_path: Path, kind: str, case: str) -> None:
    change, expected = CASES[case]
    source = tmp_path / f"bad.{kind}"
    source.write_text(change(_geojson() if kind == "geojson" else _topojson()))
    with pytest.raises(SourceError) as caught:
        import_file(kind, source)
    message = str(caught.value)
    assert message.startswith(f"{source}: line 1, column "), message
    assert expected in message, message
    assert "sys.set_int_max_str_digits" not in message and "recursion" not in message


def test_a_topojson_transform_that_overflows_is_refused_without_a_numpy_warning(tmp_path: Path) -> None:
    import warnings

    data = json.loads(_topojson())
    data["transform"] = {"scale": [1e308, 1e308], "translate": [1e308, 0]}
    source = tmp_path / "overflow.topojson"
    source.write_text(json.dumps(data))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # numpy's overflow warning went to stderr with a source line
        with pytest.raises(SourceError, match=rf"^{source}: no polygon features to import"):
            import_file("topojson", source)
