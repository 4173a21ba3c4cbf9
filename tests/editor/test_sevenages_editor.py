"""Editing a 7 Ages scenario: the inspector, the Tables panel, the Paint tool and the Units palette
offer the 7 Ages attributes of the schema (7A facts 4: what an author must be able to set)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sevenages_editor_helpers import tiny
from test_tools import click, inside

from editor.docks.schemaform import BoolEditor, ChoiceEditor, IntEditor, RefListEditor, setup_list_choices
from editor.docks.units_palette import UnitsPaletteDock
from editor.mainwindow import MainWindow
from editor.mapview.modes import mode_for_attribute, modes_for, paint_fields
from editor.mapview.paint_panel import paintables
from model import io
from model.rules.sevenages.mapmodes import income_values
from model.scenario import Unit


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    path = tmp_path / "tiny.mappa.json"
    io.save(tiny(), path)
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(path)
    window.resize(1200, 800)
    window.show()
    window.view.fit_map()
    yield window


def _table(window: MainWindow, kind: str) -> dict[str, dict[str, object]]:
    """A table of the Tables panel as {row id: {column title: value}}."""
    table = window.tables_dock.areas if kind == "area" else window.tables_dock.empires
    model = table.model
    titles = [title for title, _getter in model.columns]
    return {i: dict(zip(titles, row, strict=True)) for i, row in zip(model.ids, model.rows, strict=True)}


def test_tables_show_terrain_income_cities_and_regions(window: MainWindow) -> None:
    areas = _table(window, "area")
    delta, valley, coast = areas["delta"], areas["valley"], areas["coast"]
    # Income value (7A facts 2.8): land 1 + city level; valley + resource; the coast's own 2.
    assert (delta["Terrain"], delta["Income"], delta["City"], delta["Fort"]) == (
        "fertile",
        3,
        "2 capital",
        "yes",
    )
    assert (valley["Income"], valley["City"]) == (3, "1")
    assert (coast["Income"], coast["Regions"]) == (2, "South, The East")
    assert (areas["highland"]["Terrain"], areas["highland"]["City"]) == ("mountain", "")
    assert (areas["west_sea"]["Terrain"], areas["west_sea"]["Income"]) == ("", 0)
    # The column agrees with the income map mode.
    assert {a: row["Income"] for a, row in areas.items()} == income_values(window.document.scenario)
    empires = _table(window, "empire")
    assert (empires["egypt"]["Value"], empires["egypt"]["Ages"], empires["egypt"]["Start money"]) == (
        5,
        "1, 2",
        6,
    )
    assert (empires["egypt"]["Player"], empires["scythia"]["Player"], empires["persia"]["Player"]) == (
        "Ann",
        "Ben",
        "",
    )


def test_the_paint_tool_offers_the_schema_attributes() -> None:
    keys = {p.key for p in paintables("sevenages")}
    assert {"terrain", "income", "resource", "city", "capital", "fort", "disorder"} <= keys
    # A list is brushed whole from the region map mode, not from the panel; free text not at all.
    assert "regions" not in keys and "resource_type" not in keys
    fields = paint_fields()
    assert {m: fields[m] for m in ("region", "terrain", "income", "cities")} == {
        "region": "regions",
        "terrain": "terrain",
        "income": "income",
        "cities": "city",
    }
    assert "neutral_areas" not in fields  # coloured by the units standing there
    assert mode_for_attribute("terrain") == "terrain" and mode_for_attribute("city") == "cities"
    assert {"region", "terrain", "income", "cities", "neutral_areas"} <= set(modes_for("sevenages"))


def _pick_and_paint(window: MainWindow, mode: str, source: str, target: str) -> None:
    """Right-click ``source`` to pick its value in ``mode``, then click ``target`` to paint it."""
    window.actions_by_name["tool_paint"].trigger()
    window.set_mode(mode)  # after the tool: it shows the Paint panel's attribute when it starts
    click(window, *inside(window, source), button=Qt.MouseButton.RightButton)
    click(window, *inside(window, target))


def test_painting_terrain_regions_and_cities_in_their_map_modes(window: MainWindow) -> None:
    scenario = window.document.scenario
    _pick_and_paint(window, "terrain", "forest", "desert")
    assert scenario.area("desert").attributes["terrain"] == "forest"
    fills = window.scene.colouring().fills
    assert fills["desert"] == fills["forest"]  # the author sees what they paint
    _pick_and_paint(window, "region", "coast", "highland")
    assert scenario.area("highland").attributes["regions"] == ["south", "east"]
    _pick_and_paint(window, "cities", "delta", "desert")
    assert scenario.area_setup("desert").attributes["city"] == 2
    assert window.document.undo_stack.count() == 3


def test_the_inspector_offers_the_7_ages_attributes(window: MainWindow) -> None:
    inspector = window.inspector
    window.selection.set(["coast"])
    attributes = inspector.form("Attributes").editors
    assert {("regions",), ("terrain",), ("income",), ("resource",), ("resource_type",)} <= set(attributes)
    assert isinstance(attributes[("terrain",)], ChoiceEditor)
    setup = inspector.form("Starting state").editors
    assert isinstance(setup[("city",)], IntEditor) and isinstance(setup[("capital",)], BoolEditor)
    assert {("fort",), ("disorder",)} <= set(setup)
    setup[("city",)].widget.setValue(3)
    assert window.document.scenario.area_setup("coast").attributes["city"] == 3
    window.selection.set(["egypt"])
    empire = inspector.form("Attributes").editors
    for key in ("value", "ages", "start_areas", "start_money", "has_capital", "homeland", "no_cities_ages"):
        assert (key,) in empire, key
    assert {
        ("convert",),
        ("glory",),
        ("event",),
        ("player",),
        ("progress",),
        ("treasury",),
        ("shade",),
    } <= set(empire)


def test_regions_and_players_are_picked_by_name(window: MainWindow) -> None:
    # 7A facts 4: areas belong to the setup's regions; an empire card names the player holding it.
    scenario = window.document.scenario
    window.selection.set(["coast"])
    regions = window.inspector.form("Attributes").editors[("regions",)]
    assert isinstance(regions, RefListEditor)
    listed = [regions.list.item(i).text() for i in range(regions.list.count())]
    assert listed == ["North", "South", "The East"]
    assert regions.checked() == ["south", "east"] and regions.box.currentText() == "South, The East"
    # Ticking a region in the list adds it to the area (one undo step).
    north = regions.list.item(0)
    north.setCheckState(Qt.CheckState.Checked)
    assert scenario.area("coast").attributes["regions"] == ["south", "east", "north"]
    window.selection.set(["persia"])  # an empire card in the deck
    player = window.inspector.form("Attributes").editors[("player",)]
    assert isinstance(player, ChoiceEditor)
    choices = [(player.box.itemData(i), player.box.itemText(i)) for i in range(player.box.count())]
    assert choices[-3:] == [("ann", "Ann"), ("ben", "Ben"), ("cid", "Cid")]
    player.box.activated.emit(player.box.findData("cid"))  # as a pick in the list does
    persia = next(e for e in scenario.setup.empires if e.id == "persia")
    assert persia.attributes["player"] == "cid"
    # The scenario's first player is picked the same way.
    window.selection.set([])
    first = window.inspector.form("Scenario setup").editors[("first_player",)]
    assert isinstance(first, ChoiceEditor) and first.box.currentData() == "ann"


def test_a_renamed_region_is_offered_by_its_new_name(window: MainWindow) -> None:
    scenario = window.document.scenario
    scenario.setup.attributes["regions"][2]["name"] = "Far East"
    assert setup_list_choices(scenario.setup.attributes, "setup:regions") == [
        ("north", "North"),
        ("south", "South"),
        ("east", "Far East"),
    ]
    assert setup_list_choices({"regions": [{"id": "x"}, {"name": "no id"}]}, "setup:regions") == [("x", "x")]
    assert setup_list_choices(scenario.setup.attributes, "area") is None


def test_the_palette_places_empire_units_and_the_inspector_sets_their_level(
    window: MainWindow,
) -> None:
    scenario = window.document.scenario
    palette: UnitsPaletteDock = window.units_palette  # type: ignore[attr-defined]
    kinds = [palette.kinds.item(i).data(Qt.ItemDataRole.UserRole) for i in range(palette.kinds.count())]
    assert {"spearmen", "archers", "chariots", "light_horse", "catapult", "galley"} <= set(kinds)
    palette.owner.setCurrentIndex(palette.owner.findData("egypt"))
    palette.strength.setValue(2)
    placed = palette.place("spearmen", "valley")
    assert placed.unit_id and not placed.refused
    unit = next(u for u in scenario.setup.units if u.id == placed.unit_id)
    assert (unit.kind, unit.owner, unit.area, unit.strength) == ("spearmen", "egypt", "valley", 2)
    # The progress level is a unit attribute (7A facts 4: neutral stacks need type and level).
    window.selection.set([unit.id])
    level = window.inspector.form("Attributes").editors[("level",)]
    level.widget.setValue(4)

    def placed_unit() -> Unit:
        return next(u for u in scenario.setup.units if u.id == placed.unit_id)

    assert placed_unit().attributes["level"] == 4
    # A neutral unit's owner is shown by name (the scenario's one Magnate, the white neutrals).
    window.selection.set(["u6"])
    owner = window.inspector.form("Unit").editors[("owner",)]
    assert isinstance(owner, ChoiceEditor) and owner.box.currentData() == "neutral"
    assert window.inspector.form("Attributes").editors[("level",)].widget.value() == 1


def test_the_palette_places_neutral_units(window: MainWindow) -> None:
    # White neutral stacks are placed by type and level (7A facts 4; E&N: Neutral Units and Areas).
    scenario = window.document.scenario
    palette: UnitsPaletteDock = window.units_palette  # type: ignore[attr-defined]
    owners = [palette.owner.itemData(i) for i in range(palette.owner.count())]
    assert owners == [e.id for e in scenario.setup.empires] + ["neutral"]
    assert palette.owner.itemText(owners.index("neutral")) == "Neutrals (Magnate)"
    # The palette's attributes are the unit schema's: the progress level, not set by default.
    form = palette.attributes_form
    assert form is not None and list(form.editors) == [("level",)]
    level = form.editors[("level",)]
    assert isinstance(level, IntEditor)
    palette.owner.setCurrentIndex(owners.index("neutral"))
    palette.strength.setValue(2)
    level.widget.setValue(3)  # as the author spins it
    assert palette.attributes == {"level": 3}
    placed = palette.place("spearmen", "desert")
    assert placed.unit_id and not placed.refused
    unit = next(u for u in scenario.setup.units if u.id == placed.unit_id)
    assert (unit.kind, unit.owner, unit.area, unit.strength) == ("spearmen", "neutral", "desert", 2)
    assert unit.attributes == {"level": 3}
    # Not set: the type's own level, and nothing written in the file.
    palette.set_attribute("level", None)
    again = palette.place("archers", "desert")
    unit = next(u for u in scenario.setup.units if u.id == again.unit_id)
    assert (unit.owner, unit.attributes) == ("neutral", {})
    # One undo step per placement.
    window.document.undo_stack.undo()
    assert again.unit_id not in {u.id for u in scenario.setup.units}


def test_a_level_the_schema_refuses_is_not_kept(window: MainWindow) -> None:
    palette: UnitsPaletteDock = window.units_palette  # type: ignore[attr-defined]
    palette.set_attribute("level", 0)  # below the schema's range (levels start at 1)
    assert palette.attributes == {}
    form = palette.attributes_form
    assert form is not None
    assert form.editors[("level",)].widget.value() == form.editors[("level",)].widget.minimum()
