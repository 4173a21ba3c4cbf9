"""The editor registry: each ruleset's part found by its entry point, and shared code naming none."""

from __future__ import annotations

import re
from pathlib import Path

import editor
from editor import rulesets
from editor.docks.tables import columns_for
from editor.mapview import range_mode  # noqa: F401  (registers the Range mode, as the window does)
from editor.mapview.modes import all_modes, mode_for_attribute, paint_fields
from editor.playtest import changed_mode  # noqa: F401  (registers Changed hands)

EDITOR = Path(editor.__file__).parent


def test_the_shipped_parts_come_from_their_entry_points() -> None:
    assert [part.id for part in rulesets.parts()][:2] == ["eotma", "seasons"]
    assert rulesets.get("eotma").first_round == 1
    assert rulesets.get("seasons").order_marks is not None
    # A ruleset without an editor part gets the shared behaviour only.
    assert rulesets.get("no-such-ruleset") == rulesets.EditorRuleset("no-such-ruleset")


def test_the_map_modes_keep_their_menu_order_and_alt_keys() -> None:
    assert list(all_modes()) == [
        "owner",
        "religion",
        "language",
        "social_state",
        "population",
        "kind",
        "seafaring",
        "validation",
        "changed_hands",
        "range",
    ]
    assert mode_for_attribute("seafaring_home") == "seafaring"
    assert mode_for_attribute("religion") == "religion"
    assert mode_for_attribute("fortification") is None
    assert paint_fields()["owner"] == "owner" and paint_fields()["population"] == "population"


def test_table_columns_are_the_shared_ones_plus_the_rulesets_own() -> None:
    def titles(kind: str, ruleset: str) -> list[str]:
        return [title for title, _getter in columns_for(kind, ruleset)]

    shared = ["Id", "Name", "Kind", "Owner"]
    own = ["Language", "Religion", "Population", "Social state", "Seafaring", "Fort"]
    assert titles("area", "eotma") == shared + own
    assert titles("empire", "eotma") == [
        "Id",
        "Name",
        "Colour",
        "Leader",
        "C",
        "A",
        "D",
        "Court",
        "Treasury",
        "Areas",
    ]
    assert titles("magnate", "eotma") == ["Id", "Name", "Colour", "Combat", "Areas"]
    assert titles("area", "seasons") == ["Id", "Name", "Kind", "Owner"]
    assert titles("empire", "seasons") == ["Id", "Name", "Colour", "Areas"]


def test_shared_editor_code_names_no_ruleset() -> None:
    """No ``ruleset == "eotma"`` outside editor/rulesets/<id>/ (the import contract covers imports)."""
    named = re.compile(
        r"""(==|!=|\bin\b)\s*\(?\s*["'](eotma|seasons)["']|["'](eotma|seasons)["']\s*(==|!=)"""
    )
    found = []
    for path in EDITOR.rglob("*.py"):
        relative = path.relative_to(EDITOR).parts
        if relative[0] == "rulesets" and len(relative) > 2:
            continue  # a ruleset's own place
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if named.search(line):
                found.append(f"{path.relative_to(EDITOR)}:{number}: {line.strip()}")
    assert found == []
