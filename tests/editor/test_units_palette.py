"""Units palette: drag a unit kind onto an area; refused with the rule, or placed and flagged."""

from __future__ import annotations

import pytest
from editor_helpers import dump
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from test_tools import inside

from editor.docks.schemaform import BoolEditor
from editor.docks.units_palette import MIME_TYPE, UnitsPaletteDock
from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow


@pytest.fixture
def window(shown_window: MainWindow) -> MainWindow:
    """This file's tests draw: the window is shown and fitted (conftest's ``shown_window``)."""
    return shown_window


def _palette(window: MainWindow, owner: str, strength: int) -> UnitsPaletteDock:
    palette: UnitsPaletteDock = window.units_palette  # type: ignore[attr-defined]
    palette.owner.setCurrentIndex(palette.owner.findData(owner))
    palette.strength.setValue(strength)
    return palette


def _drop(window: MainWindow, kind: str, area_id: str) -> None:
    """Deliver a drag of a palette item onto an area and its drop, as Qt does during a drag."""
    view = window.view
    position = view.mapFromScene(QPointF(*inside(window, area_id)))
    data = QMimeData()
    data.setData(MIME_TYPE, kind.encode("utf-8"))
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(position, Qt.DropAction.CopyAction, data, left, none)
    QApplication.sendEvent(view.viewport(), enter)
    assert enter.isAccepted()  # Qt delivers the drop only to the widget that accepted the drag
    drop = QDropEvent(QPointF(position), Qt.DropAction.CopyAction, data, left, none)
    QApplication.sendEvent(view.viewport(), drop)


def test_palette_lists_the_ruleset_kinds(window: MainWindow) -> None:
    palette = _palette(window, "aldmoor_kingdom", 1)
    kinds = [palette.kinds.item(i).data(Qt.ItemDataRole.UserRole) for i in range(palette.kinds.count())]
    assert kinds == ["army", "fleet"]
    assert palette.kinds.mimeData([palette.kinds.item(0)]).data(MIME_TYPE).data() == b"army"
    # Owners: the empires, then the Magnates (a Magnate's own units, e.g. a neutral side).
    setup = window.document.scenario.setup
    assert [palette.owner.itemData(i) for i in range(palette.owner.count())] == [
        *(e.id for e in setup.empires),
        *(m.id for m in setup.magnates),
    ]
    assert setup.magnates and palette.owner.itemText(palette.owner.count() - 1).endswith("(Magnate)")
    # EotMA units have no attributes: the palette shows none.
    assert palette.attributes_form is None


def test_drop_places_a_unit_in_one_undo_step(window: MainWindow) -> None:
    scenario = window.document.scenario
    before = dump(scenario)
    _palette(window, "aldmoor_kingdom", 3)
    _drop(window, "army", "lowen")  # held by Aldmoor
    unit = scenario.setup.units[-1]
    assert (unit.kind, unit.owner, unit.area, unit.strength) == ("army", "aldmoor_kingdom", "lowen", 3)
    assert window.selection.ids == (unit.id,)
    assert window.units_palette.last.text() == f"Placed {unit.id}"  # type: ignore[attr-defined]
    stack = window.document.undo_stack
    assert stack.count() == 1
    after = dump(scenario)
    stack.undo()
    assert dump(scenario) == before
    stack.redo()
    assert dump(scenario) == after


def test_illegal_placements_are_refused_with_the_rule(window: MainWindow) -> None:
    scenario = window.document.scenario
    before = dump(scenario)
    palette = _palette(window, "aldmoor_kingdom", 1)
    result = palette.place("army", "western_ocean")
    assert "Army cannot stand in sea area Western Ocean" in result.refused and "rule 33.31" in result.refused
    palette.strength.setValue(7)
    result = palette.place("army", "lowen")
    assert result.refused == "Army strength must be 1 to 4, not 7 (rule 33.31)"
    _drop(window, "army", "western_ocean")
    assert "Refused" in palette.last.text()
    assert dump(scenario) == before and window.document.undo_stack.count() == 0


def test_placements_the_validator_flags_are_placed_and_flagged(window: MainWindow) -> None:
    scenario = window.document.scenario
    palette = _palette(window, "aldmoor_kingdom", 2)
    result = palette.place("army", "kestria")  # held by Kestria, not Aldmoor
    assert result.unit_id and not result.refused
    assert any(flag.startswith("UNIT_AREA_NOT_CONTROLLED (33.32)") for flag in result.flagged)
    assert "flagged" in palette.last.text()
    assert scenario.setup.units[-1].area == "kestria"
    palette.strength.setValue(1)
    result = palette.place("fleet", "aldmoor")  # Aldmoor's own, but it touches no sea
    assert result.unit_id and not result.refused
    assert [flag.split(":")[0] for flag in result.flagged] == ["FLEET_NOT_COASTAL (34.22)"]


def test_the_palette_sets_the_ruleset_unit_attributes(window: MainWindow) -> None:
    # Seasons: Units: a unit bought without a tower or castle is untrained; the palette's form is
    # generated from the ruleset's unit attributes and the new unit gets what the author chose.
    assert window.open_path(DEFAULT_SCENARIO.parent / "seasons-isles.mappa.json")
    palette = _palette(window, "vellmark", 1)
    assert palette.attributes_form is not None
    assert list(palette.attributes_form.editors) == [("trained",)]
    trained = palette.attributes_form.editors[("trained",)]
    assert isinstance(trained, BoolEditor) and trained.widget.isChecked()  # the default
    trained.widget.click()
    placed = palette.place("infantry", "caldwick")
    assert placed.unit_id and not placed.refused, placed.message
    unit = next(u for u in window.document.scenario.setup.units if u.id == placed.unit_id)
    assert (unit.owner, unit.attributes) == ("vellmark", {"trained": False})
