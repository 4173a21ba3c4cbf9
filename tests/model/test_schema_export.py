"""The exported JSON Schema in resources/ matches the file format the code reads."""

from __future__ import annotations

import json
from pathlib import Path

from model import io
from model.cli import schema_text

EXPORTED = Path(__file__).resolve().parents[2] / "resources" / "schema" / "mappa.schema.json"


def test_exported_schema_is_up_to_date() -> None:
    assert EXPORTED.read_text(encoding="utf-8") == schema_text(), (
        "resources/schema/mappa.schema.json is stale: run "
        "`mappa schema -o resources/schema/mappa.schema.json` and commit it"
    )


def test_schema_describes_the_top_level_sections() -> None:
    schema = json.loads(schema_text())
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert {"schema_version", "metadata", "map", "catalogs", "ruleset", "setup"} <= set(schema["properties"])
    assert schema["required"] == ["metadata"]
    assert schema["additionalProperties"] is False  # unknown fields are errors, as on load


def test_schema_text_is_stable() -> None:
    assert schema_text() == schema_text()
    assert json.loads(schema_text()) == io.json_schema()
