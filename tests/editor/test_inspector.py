"""The inspector: forms generated from the ruleset schema, edits as undo steps, bad values refused."""

from __future__ import annotations

import pytest
from editor_helpers import dump
from pydantic import BaseModel, Field
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from editor.docks.inspector import InspectorDock
from editor.docks.schemaform import (
    BoolEditor,
    ChoiceEditor,
    ColourEditor,
    IntEditor,
    JsonEditor,
    SchemaForm,
    TextEditor,
)
from editor.document import ScenarioDocument
from editor.selection import Selection


@pytest.fixture
def inspector(qtbot: QtBot, document: ScenarioDocument) -> InspectorDock:
    selection = Selection()
    dock = InspectorDock(document, selection)
    qtbot.addWidget(dock)
    dock._selection_keepalive = selection  # type: ignore[attr-defined]
    return dock


def test_the_form_is_generated_from_the_schema(inspector: InspectorDock) -> None:
    inspector.selection.set(["halden"])
    attributes = inspector.form("Attributes").editors
    assert isinstance(attributes[("population",)], IntEditor)
    spin = attributes[("population",)].widget
    assert isinstance(spin, QSpinBox)
    assert (spin.minimum(), spin.maximum()) == (-9, 9)  # ge/le of the EotMA schema
    assert isinstance(attributes[("seafaring_home",)].widget, QCheckBox)
    religion = attributes[("religion",)]
    assert isinstance(religion, ChoiceEditor)
    catalog = {r.id for r in inspector.document.scenario.catalogs.religions}
    offered = {religion.box.itemData(i) for i in range(religion.box.count())} - {None}
    assert offered == catalog
    setup = inspector.form("Starting state").editors
    assert isinstance(setup[("social_state",)].widget, QSpinBox)
    assert isinstance(inspector.form("Area").editors[("kind",)].widget, QComboBox)
    assert isinstance(inspector.form("Area").editors[("name",)], TextEditor)


def test_a_spin_box_edit_is_one_undo_step(inspector: InspectorDock) -> None:
    document = inspector.document
    before = dump(document.scenario)
    inspector.selection.set(["halden"])
    inspector.form("Attributes").editors[("population",)].widget.setValue(5)
    assert document.scenario.area("halden").attributes["population"] == 5
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert dump(document.scenario) == before
    assert inspector.form("Attributes").editors[("population",)].widget.value() != 5
    document.undo_stack.redo()
    assert document.scenario.area("halden").attributes["population"] == 5


def test_repeated_edits_of_one_field_merge(inspector: InspectorDock) -> None:
    inspector.selection.set(["halden"])
    spin = inspector.form("Starting state").editors[("social_state",)].widget
    for value in (1, 2, 3):
        spin.setValue(value)
    assert inspector.document.scenario.area_setup("halden").attributes["social_state"] == 3
    assert inspector.document.undo_stack.count() == 1


def test_a_multi_selection_edit_changes_every_area_in_one_step(inspector: InspectorDock) -> None:
    document = inspector.document
    before = dump(document.scenario)
    inspector.selection.set(["halden", "marrach", "corvant"])
    owner = inspector.form("Owner").editors[("owner",)]
    assert isinstance(owner, ChoiceEditor)
    index = owner.box.findData("sarnian_league")
    owner.box.activated.emit(index)
    assert {document.scenario.owner_of(a) for a in ("halden", "marrach", "corvant")} == {"sarnian_league"}
    assert document.undo_stack.count() == 1
    assert "3 areas" in document.undo_stack.text(0)
    document.undo_stack.undo()
    assert dump(document.scenario) == before


def test_a_check_box_edit(inspector: InspectorDock) -> None:
    inspector.selection.set(["halden"])
    box = inspector.form("Attributes").editors[("seafaring_home",)]
    assert isinstance(box, BoolEditor)
    box.box.click()
    assert inspector.document.scenario.area("halden").attributes.get("seafaring_home") is True


def test_an_empty_name_is_refused_with_the_reason(inspector: InspectorDock, qtbot: QtBot) -> None:
    document = inspector.document
    before = dump(document.scenario)
    inspector.selection.set(["halden"])
    name = inspector.form("Area").editors[("name",)].widget
    assert isinstance(name, QLineEdit)
    with qtbot.waitSignal(inspector.refused) as refused:
        name.setText("")
        name.editingFinished.emit()
    assert "at least 1 character" in refused.args[0]
    assert inspector.error.isVisibleTo(inspector)
    assert dump(document.scenario) == before
    assert document.undo_stack.count() == 0
    assert name.text() == "Halden"


class FreeForm(BaseModel):
    """Shapes no picker fits: they stay JSON text."""

    notes: dict[str, str] = Field(default_factory=dict)
    tags: list[str] = Field(default_factory=list)


def test_free_form_fields_stay_json_text_and_text_that_is_not_json_is_refused(qtbot: QtBot) -> None:
    form = SchemaForm(FreeForm, lambda _ref: [])
    qtbot.addWidget(form)
    assert isinstance(form.editors[("notes",)], JsonEditor)
    assert isinstance(form.editors[("tags",)], JsonEditor)
    text = form.editors[("tags",)].widget
    assert isinstance(text, QLineEdit)
    with qtbot.waitSignal(form.invalid) as invalid, qtbot.assertNotEmitted(form.edited):
        text.setText("[oops")
        text.editingFinished.emit()
    assert "not JSON" in invalid.args[0]
    with qtbot.waitSignal(form.edited) as edited:
        text.setText('["a", "b"]')
        text.editingFinished.emit()
    assert edited.args == [("tags",), ["a", "b"]]


def test_a_value_the_model_refuses_is_not_applied(inspector: InspectorDock, qtbot: QtBot) -> None:
    inspector.selection.set(["halden"])
    section = next(s for s, _f in inspector.forms if s.title == "Starting state")
    with qtbot.waitSignal(inspector.refused) as refused:
        assert not inspector.apply(section, ("ties",), "not a list")
    assert "list" in refused.args[0].lower()
    assert inspector.document.undo_stack.count() == 0


def test_empires_show_their_nested_leader(inspector: InspectorDock) -> None:
    document = inspector.document
    inspector.selection.set(["aldmoor_kingdom"])
    form = inspector.form("Attributes")
    combat = form.editors[("leader", "combat")].widget
    combat.setValue(7)
    leader = document.scenario.empire("aldmoor_kingdom").attributes["leader"]
    assert leader["combat"] == 7
    assert document.undo_stack.count() == 1
    colour = inspector.form("Empire").editors[("colour",)]
    assert isinstance(colour, ColourEditor)
    colour.text.setText("#zz0000")
    colour.text.editingFinished.emit()
    assert document.scenario.empire("aldmoor_kingdom").colour != "#zz0000"
    assert document.undo_stack.count() == 1
    assert "pattern" in inspector.error.text() or "match" in inspector.error.text()


def test_nothing_selected_shows_the_optional_rules(inspector: InspectorDock) -> None:
    options = inspector.document.scenario.ruleset.options
    before = bool(options.get("crusades", False))
    inspector.selection.clear()
    inspector._on_selection(())
    box = inspector.form("Optional rules").editors[("crusades",)].widget
    assert box.isChecked() == before
    box.click()
    assert bool(options.get("crusades", False)) is not before
    inspector.document.undo_stack.undo()
    assert bool(options.get("crusades", False)) is before
    assert box.isChecked() == before


def test_opening_another_scenario_shows_its_values(inspector: InspectorDock, scenario) -> None:
    from editor.document import empty_scenario

    document = inspector.document
    document.replace_scenario(empty_scenario("Blank"))
    assert "Blank" in inspector.header.text()
    document.replace_scenario(scenario.model_copy(deep=True))
    assert scenario.metadata.title in inspector.header.text()
    magnates = inspector.form("Optional rules").editors[("magnates",)].widget
    assert magnates.isChecked() == bool(scenario.ruleset.options.get("magnates", False))
