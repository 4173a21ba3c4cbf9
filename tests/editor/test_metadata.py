"""The scenario's metadata in the inspector (nothing selected), and labels taken from the schema."""

from __future__ import annotations

import pytest
from editor_helpers import dump
from pytestqt.qtbot import QtBot

from editor.docks.inspector import InspectorDock
from editor.docks.schemaform import field_label
from editor.document import ScenarioDocument
from editor.mapview.paint_panel import paintables
from editor.selection import Selection
from model.rules.eotma.schema import AreaAttributes, AreaSetup, Options


@pytest.fixture
def inspector(qtbot: QtBot, document: ScenarioDocument) -> InspectorDock:
    dock = InspectorDock(document, Selection())
    qtbot.addWidget(dock)
    return dock


def test_metadata_is_edited_as_undoable_steps(inspector: InspectorDock, document: ScenarioDocument) -> None:
    assert inspector.kind == "scenario"
    form = inspector.form("Scenario")
    before = dump(document.scenario)
    title = form.editors[("title",)]
    title.box.setText("The Long Winter")
    title.box.editingFinished.emit()
    assert document.scenario.metadata.title == "The Long Winter"
    assert "The Long Winter" in inspector.header.text()
    form.editors[("start_year",)].box.setValue(1066)
    form.editors[("rounds",)].box.setValue(12)
    author = form.editors[("author",)]
    author.box.setText("A. Mapper")
    author.box.editingFinished.emit()
    metadata = document.scenario.metadata
    assert (metadata.start_year, metadata.rounds, metadata.author) == (1066, 12, "A. Mapper")
    assert document.undo_stack.count() == 4
    after = dump(document.scenario)
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert dump(document.scenario) == before
    assert form.editors[("title",)].box.text() == document.scenario.metadata.title  # the form follows
    while document.undo_stack.canRedo():
        document.undo_stack.redo()
    assert dump(document.scenario) == after


def test_rounds_can_be_unset_and_an_empty_title_is_refused(
    inspector: InspectorDock, document: ScenarioDocument
) -> None:
    form = inspector.form("Scenario")
    rounds = form.editors[("rounds",)]
    rounds.box.setValue(5)
    assert document.scenario.metadata.rounds == 5
    rounds.box.setValue(rounds.box.minimum())  # "not set"
    assert document.scenario.metadata.rounds is None
    count = document.undo_stack.count()
    title = form.editors[("title",)]
    title.box.setText("")
    title.box.editingFinished.emit()
    assert document.scenario.metadata.title  # unchanged
    assert document.undo_stack.count() == count
    assert not inspector.error.isHidden() and "title" in inspector.error.text()


def test_labels_come_from_titles_and_descriptions() -> None:
    assert field_label("armies_fleets", Options.model_fields["armies_fleets"]) == "Armies and fleets"
    assert field_label("fortification", AreaSetup.model_fields["fortification"]) == "Fort strength"
    assert field_label("social_state", AreaSetup.model_fields["social_state"]) == "Social state"
    assert field_label("language", AreaAttributes.model_fields["language"]) == "Language"
    assert field_label("ties", AreaSetup.model_fields["ties"]) == "Ties"  # a long description
    assert field_label("some_thing") == "Some thing"
    labels = {p.key: p.label for p in paintables("eotma")}
    assert labels["fortification"] == "Fort strength"


def test_inspector_shows_option_labels_from_the_schema(inspector: InspectorDock) -> None:
    form = inspector.form("Optional rules")
    assert form.labels[("armies_fleets",)].text() == "Armies and fleets"
    assert form.labels[("armies_fleets",)].toolTip() == Options.model_fields["armies_fleets"].description
