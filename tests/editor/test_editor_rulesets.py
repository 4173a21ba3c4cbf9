"""The editor registry: each ruleset's part found by its entry point, and shared code naming none."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import QListView
from pytestqt.qtbot import QtBot

import editor
from editor import rulesets
from editor.docks.tables import columns_for
from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from editor.mapview import range_mode  # noqa: F401  (registers the Range mode, as the window does)
from editor.mapview.modes import all_modes, mode_for_attribute, paint_fields
from editor.playtest import changed_mode  # noqa: F401  (registers Changed hands)

EDITOR = Path(editor.__file__).parent
SCENARIOS = DEFAULT_SCENARIO.parent


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
        "region",
        "terrain",
        "income",
        "cities",
        "neutral_areas",
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
        "Handicap",  # the empire schema has a handicap attribute (the balance report suggests it)
        "Areas",
    ]
    assert titles("magnate", "eotma") == ["Id", "Name", "Colour", "Combat", "Areas"]
    assert titles("area", "seasons") == ["Id", "Name", "Kind", "Owner"]
    assert titles("empire", "seasons") == ["Id", "Name", "Colour", "Areas"]


def test_shared_editor_code_names_no_ruleset() -> None:
    """No ``ruleset == "eotma"`` outside editor/rulesets/<id>/ (the import contract covers imports)."""
    named = re.compile(
        r"""(==|!=|\bin\b)\s*\(?\s*["'](eotma|seasons|sevenages)["']|["'](eotma|seasons|sevenages)["']\s*(==|!=)"""
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


def test_the_map_mode_menu_offers_the_open_scenarios_modes(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(SCENARIOS / "medieval-europe-976.mappa.json")
    window.actions_by_name["mode_religion"].trigger()
    assert window.scene.mode_id == "religion"
    assert window.actions_by_name["mode_religion"].isVisible()
    assert window.open_path(SCENARIOS / "seasons-isles.mappa.json")
    # Seasons has no religions: its menu keeps the shared modes, and the map shows the owners.
    modes = {key: action for key, action in window.actions_by_name.items() if key.startswith("mode_")}
    hidden = sorted(key.removeprefix("mode_") for key, action in modes.items() if not action.isVisible())
    assert hidden == [
        "cities",
        "income",
        "language",
        "neutral_areas",
        "population",
        "region",
        "religion",
        "seafaring",
        "social_state",
        "terrain",
    ]
    assert window.scene.mode_id == "owner"
    box = window.mode_box
    assert box is not None
    view = box.view()
    assert isinstance(view, QListView)
    shown = [box.itemData(row) for row in range(box.count()) if not view.isRowHidden(row)]
    assert shown == ["owner", "kind", "validation", "changed_hands", "range"]
    assert window.open_path(SCENARIOS / "medieval-europe-976.mappa.json")
    assert window.actions_by_name["mode_religion"].isVisible()


def test_the_side_list_reads_as_the_ruleset_says(qtbot: QtBot) -> None:
    # By default the Magnates' and raiders' headings and marks (EotMA 24), as before.
    default = rulesets.SideList()
    assert rulesets.get("eotma").side_list == default
    assert (default.mark("Magnate"), default.mark("Raiders")) == ("♜", "☠")
    window = MainWindow()
    qtbot.addWidget(window)
    dock = window.playtest.dock  # type: ignore[attr-defined]
    own = rulesets.SideList(("Side", "A", "B", "C", "D"), "tip", {"Camp": "⛺"}, "")
    rows = [{"name": "North", "kind": "Camp"}, {"name": "South", "kind": "Band"}]
    dock.set_npcs(rows, own)
    header = dock.npcs.headerItem()
    assert [header.text(c) for c in range(5)] == ["Side", "A", "B", "C", "D"]
    assert dock.shown_npcs() == ["⛺ North", "South"] and dock.npcs.toolTip() == "tip"
    dock.set_npcs([{"name": "Vikings", "kind": "Raiders"}])  # a ruleset with the defaults again
    assert header.text(0) == "Magnate / raiders" and dock.shown_npcs() == ["☠ Vikings"]
