"""The inspector's pickers: reference lists, reference tables, colours, lists of records, units,
and headers that follow renames. Each edit is pushed on the real undo stack, undone and redone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

import pytest
from editor_helpers import dump
from pydantic import BaseModel, Field
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from editor import commands
from editor.docks import pickers
from editor.docks.inspector import InspectorDock
from editor.docks.schemaform import (
    ChoiceEditor,
    ColourEditor,
    ModelListEditor,
    RefListEditor,
    RefTableEditor,
    SchemaForm,
)
from editor.document import ScenarioDocument
from editor.selection import Selection
from editor.statusbar import MapStatusBar
from model import io, ops
from model.rules.eotma import schema as eotma_schema


@pytest.fixture
def eotma_refs(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Mark the EotMA area setup's ties, claims and partial conquest as empire references.

    The form recognises references by the schema's ``{"ref": kind}`` mark; these three fields are
    lists and a dict of empire ids. Once the ruleset's schema carries the mark this changes nothing.
    """
    for name in ("ties", "claims", "partial_conquest"):
        info = eotma_schema.AreaSetup.model_fields[name]
        extra = dict(info.json_schema_extra) if isinstance(info.json_schema_extra, dict) else {}
        monkeypatch.setattr(info, "json_schema_extra", {**extra, "ref": "empire"})
    yield


@pytest.fixture
def inspector(qtbot: QtBot, document: ScenarioDocument, eotma_refs: None) -> InspectorDock:
    selection = Selection()
    dock = InspectorDock(document, selection)
    qtbot.addWidget(dock)
    dock._selection_keepalive = selection  # type: ignore[attr-defined]
    return dock


def _item(editor: RefListEditor, ref_id: str):  # type: ignore[no-untyped-def]
    for row in range(editor.list.count()):
        item = editor.list.item(row)
        if item.data(Qt.ItemDataRole.UserRole) == ref_id:
            return item
    raise KeyError(ref_id)


def _setup(document: ScenarioDocument, area: str) -> dict:  # type: ignore[type-arg]
    return dict(document.scenario.area_setup(area).attributes)


# --- a list of references ---------------------------------------------------------------------


def test_ties_are_a_checkable_list_of_empires_by_name(inspector: InspectorDock) -> None:
    inspector.selection.set(["veluna"])
    ties = inspector.form("Starting state").editors[("ties",)]
    assert isinstance(ties, RefListEditor)
    empires = inspector.document.scenario.setup.empires
    listed = [(ties.list.item(r).data(Qt.ItemDataRole.UserRole), ties.list.item(r).text()) for r in range(3)]
    assert listed == [(e.id, e.name) for e in empires]
    assert ties.checked() == ["aldmoor_kingdom", "sarnian_league"]
    assert ties.box.currentText() == "Kingdom of Aldmoor, Sarnian League"
    assert isinstance(inspector.form("Starting state").editors[("claims",)], RefListEditor)


def test_each_tick_is_one_undo_step(inspector: InspectorDock) -> None:
    document = inspector.document
    before = dump(document.scenario)
    inspector.selection.set(["halden"])
    ties = inspector.form("Starting state").editors[("ties",)]
    assert isinstance(ties, RefListEditor)
    _item(ties, "kestrian_duchy").setCheckState(Qt.CheckState.Checked)
    assert _setup(document, "halden")["ties"] == ["kestrian_duchy"]
    _item(ties, "aldmoor_kingdom").setCheckState(Qt.CheckState.Checked)
    assert _setup(document, "halden")["ties"] == ["kestrian_duchy", "aldmoor_kingdom"]
    _item(ties, "kestrian_duchy").setCheckState(Qt.CheckState.Unchecked)
    assert _setup(document, "halden")["ties"] == ["aldmoor_kingdom"]
    assert document.undo_stack.count() == 3  # ticks do not merge
    assert ties.checked() == ["aldmoor_kingdom"]
    after = dump(document.scenario)
    document.undo_stack.undo()
    assert _setup(document, "halden")["ties"] == ["kestrian_duchy", "aldmoor_kingdom"]
    assert sorted(ties.checked()) == ["aldmoor_kingdom", "kestrian_duchy"]
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert dump(document.scenario) == before
    assert ties.checked() == []
    for _ in range(3):
        document.undo_stack.redo()
    assert dump(document.scenario) == after


def test_a_tick_on_a_multi_selection_adds_to_each_and_keeps_the_rest(inspector: InspectorDock) -> None:
    document = inspector.document
    before = dump(document.scenario)
    inspector.selection.set(["marrach", "veluna"])  # ties: [kestrian] and [aldmoor, sarnian]
    ties = inspector.form("Starting state").editors[("ties",)]
    assert isinstance(ties, RefListEditor)
    assert _item(ties, "kestrian_duchy").checkState() == Qt.CheckState.PartiallyChecked
    assert _item(ties, "aldmoor_kingdom").checkState() == Qt.CheckState.PartiallyChecked
    assert inspector.form("Starting state").labels[("ties",)].font().italic()
    _item(ties, "sarnian_league").setCheckState(Qt.CheckState.Checked)
    assert _setup(document, "marrach")["ties"] == ["kestrian_duchy", "sarnian_league"]
    assert _setup(document, "veluna")["ties"] == ["aldmoor_kingdom", "sarnian_league"]
    assert document.undo_stack.count() == 1
    assert "2 areas" in document.undo_stack.text(0)
    _item(ties, "aldmoor_kingdom").setCheckState(Qt.CheckState.Unchecked)
    assert "aldmoor_kingdom" not in _setup(document, "veluna")["ties"]
    assert _setup(document, "marrach")["ties"] == ["kestrian_duchy", "sarnian_league"]
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert dump(document.scenario) == before


def test_the_picker_follows_a_renamed_empire_and_shows_a_dangling_id(inspector: InspectorDock) -> None:
    document = inspector.document
    inspector.selection.set(["veluna"])
    ties = inspector.form("Starting state").editors[("ties",)]
    assert isinstance(ties, RefListEditor)
    commands.execute(document, lambda s: ops.set_empire_fields(s, "sarnian_league", name="Sarnia"))
    assert _item(ties, "sarnian_league").text() == "Sarnia"
    assert "Sarnia" in ties.box.currentText()
    commands.execute(document, lambda s: ops.set_setup_attributes(s, ["veluna"], "ties", ["gone"]))
    assert _item(ties, "gone").text() == "gone (unknown)"
    assert ties.checked() == ["gone"]


def test_the_popup_lists_and_filters(inspector: InspectorDock, qtbot: QtBot) -> None:
    inspector.selection.set(["halden"])
    ties = inspector.form("Starting state").editors[("ties",)]
    assert isinstance(ties, RefListEditor)
    ties.box.showPopup()  # what a click does: our checkable list, not the combo's own
    assert ties.popup.isVisible()
    ties.filter.setText("duchy")
    hidden = [ties.list.item(r).isHidden() for r in range(ties.list.count())]
    assert hidden == [True, False, True]
    ties.popup.hide()


# --- a dict of reference -> number ------------------------------------------------------------


def test_partial_conquest_rows_add_spin_and_remove(inspector: InspectorDock) -> None:
    document = inspector.document
    before = dump(document.scenario)
    inspector.selection.set(["halden"])
    table = inspector.form("Starting state").editors[("partial_conquest",)]
    assert isinstance(table, RefTableEditor)
    assert table.spins == {}
    offered = [table.add_box.itemText(i) for i in range(table.add_box.count())]
    assert offered == [e.name for e in document.scenario.setup.empires]
    table.add_box.activated.emit(table.add_box.findData("kestrian_duchy"))
    assert _setup(document, "halden")["partial_conquest"] == {"kestrian_duchy": 1}
    assert list(table.spins) == ["kestrian_duchy"]
    assert table.add_box.findData("kestrian_duchy") < 0
    table.spins["kestrian_duchy"].setValue(2)
    table.spins["kestrian_duchy"].setValue(3)  # spinning merges into one step
    assert _setup(document, "halden")["partial_conquest"] == {"kestrian_duchy": 3}
    table.add_box.activated.emit(table.add_box.findData("aldmoor_kingdom"))
    assert _setup(document, "halden")["partial_conquest"] == {"kestrian_duchy": 3, "aldmoor_kingdom": 1}
    table.remove_buttons["kestrian_duchy"].click()
    assert _setup(document, "halden")["partial_conquest"] == {"aldmoor_kingdom": 1}
    assert document.undo_stack.count() == 4  # add, spin, add, remove
    after = dump(document.scenario)
    document.undo_stack.undo()
    assert _setup(document, "halden")["partial_conquest"] == {"kestrian_duchy": 3, "aldmoor_kingdom": 1}
    assert table.spins["kestrian_duchy"].value() == 3
    for _ in range(3):
        document.undo_stack.undo()
    assert dump(document.scenario) == before
    assert table.spins == {}
    for _ in range(4):
        document.undo_stack.redo()
    assert dump(document.scenario) == after


def test_a_table_row_on_a_multi_selection_shows_mixed_and_sets_all(inspector: InspectorDock) -> None:
    document = inspector.document
    for area, count in (("halden", 1), ("corvant", 2)):
        commands.execute(
            document,
            lambda s, a=area, c=count: ops.set_setup_attributes(
                s, [a], "partial_conquest", {"sarnian_league": c}
            ),
        )
    inspector.selection.set(["halden", "corvant"])
    table = inspector.form("Starting state").editors[("partial_conquest",)]
    assert isinstance(table, RefTableEditor)
    spin = table.spins["sarnian_league"]
    assert spin.text() == "mixed"
    spin.setValue(4)
    assert _setup(document, "halden")["partial_conquest"] == {"sarnian_league": 4}
    assert _setup(document, "corvant")["partial_conquest"] == {"sarnian_league": 4}
    document.undo_stack.undo()
    assert _setup(document, "corvant")["partial_conquest"] == {"sarnian_league": 2}


# --- colours ----------------------------------------------------------------------------------


def test_the_colour_button_asks_through_the_seam(
    inspector: InspectorDock, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = inspector.document
    before = document.scenario.empire("aldmoor_kingdom").colour
    asked: list[str] = []

    def ask(initial: QColor, _parent: QWidget | None, title: str) -> QColor | None:
        asked.append(f"{initial.name()} {title}")
        return QColor("#123abc")

    monkeypatch.setattr(pickers, "ask_colour", ask)
    inspector.selection.set(["aldmoor_kingdom"])
    colour = inspector.form("Empire").editors[("colour",)]
    assert isinstance(colour, ColourEditor)
    assert colour.text.text() == before
    colour.button.click()
    assert asked == [f"{before} Choose the map colour"]
    assert document.scenario.empire("aldmoor_kingdom").colour == "#123abc"
    assert colour.text.text() == "#123abc"
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.scenario.empire("aldmoor_kingdom").colour == before
    assert colour.text.text() == before
    document.undo_stack.redo()
    assert document.scenario.empire("aldmoor_kingdom").colour == "#123abc"
    monkeypatch.setattr(pickers, "ask_colour", lambda *_args: None)  # cancelled
    colour.button.click()
    assert document.undo_stack.count() == 1
    colour.text.setText("#00ff00")  # typing a hex value still works
    colour.text.editingFinished.emit()
    assert document.scenario.empire("aldmoor_kingdom").colour == "#00ff00"


def test_magnates_get_the_colour_button_too(inspector: InspectorDock) -> None:
    inspector.selection.set(["count_of_dravia"])
    assert isinstance(inspector.form("Magnate").editors[("colour",)], ColourEditor)


# --- headers and the status bar ---------------------------------------------------------------


def test_the_header_and_status_bar_follow_a_rename(inspector: InspectorDock, qtbot: QtBot) -> None:
    document = inspector.document
    status = MapStatusBar()
    qtbot.addWidget(status)
    status.follow(document, inspector.selection)
    inspector.selection.set(["kestrian_duchy"])
    assert "Duchy of Kestria" in inspector.header.text()
    assert "kestrian_duchy" in inspector.header.text()
    assert status.selection_label.text() == "Empire Duchy of Kestria (kestrian_duchy)"
    name = inspector.form("Empire").editors[("name",)].widget
    name.setText("Grand Duchy")  # type: ignore[attr-defined]
    name.editingFinished.emit()  # type: ignore[attr-defined]
    assert document.scenario.empire("kestrian_duchy").name == "Grand Duchy"
    assert "Grand Duchy" in inspector.header.text()
    assert status.selection_label.text() == "Empire Grand Duchy (kestrian_duchy)"
    status.set_selection("kestrian_duchy")  # the window's own text: the bar keeps the names
    assert status.selection_label.text() == "Empire Grand Duchy (kestrian_duchy)"
    document.undo_stack.undo()
    assert "Duchy of Kestria" in inspector.header.text()
    assert "Duchy of Kestria" in status.selection_label.text()


def test_an_area_renamed_elsewhere_renames_the_header(inspector: InspectorDock) -> None:
    document = inspector.document
    inspector.selection.set(["halden"])
    commands.execute(document, lambda s: ops.set_area_fields(s, "halden", name="New Halden"))
    assert "New Halden" in inspector.header.text()
    inspector.selection.set(["army_aldmoor"])
    commands.execute(document, lambda s: ops.set_area_fields(s, "aldmoor", name="Old Aldmoor"))
    assert "in Old Aldmoor" in inspector.header.text()


def test_connection_and_magnate_headers_use_names(inspector: InspectorDock) -> None:
    scenario = inspector.document.scenario
    connection = scenario.map.connections[0]
    inspector.selection.set([connection.id])
    a, b = scenario.area(connection.a).name, scenario.area(connection.b).name
    assert f"{a} – {b}" in inspector.header.text()
    assert connection.id in inspector.header.text()
    inspector.selection.set(["count_of_dravia"])
    magnate = next(m for m in scenario.setup.magnates if m.id == "count_of_dravia")
    assert f"<b>Magnate</b> {magnate.name} (count_of_dravia)" == inspector.header.text()


# --- units ------------------------------------------------------------------------------------


def test_a_unit_shows_kind_empire_and_area_and_moves(inspector: InspectorDock, qtbot: QtBot) -> None:
    document = inspector.document
    before = dump(document.scenario)
    inspector.selection.set(["army_aldmoor"])
    assert "Army of Kingdom of Aldmoor in Aldmoor" in inspector.header.text()
    editors = inspector.form("Unit").editors
    kind, owner, area = editors[("kind",)], editors[("owner",)], editors[("area",)]
    assert (
        isinstance(kind, ChoiceEditor) and isinstance(owner, ChoiceEditor) and isinstance(area, ChoiceEditor)
    )
    assert kind.box.currentText() == "Army"
    assert owner.box.currentText() == "Kingdom of Aldmoor"
    assert not kind.widget.isEnabled() and not owner.widget.isEnabled()  # no op changes them
    assert area.widget.isEnabled()
    assert area.box.currentData() == "aldmoor"
    area.box.activated.emit(area.box.findData("westmarch"))
    unit = next(u for u in document.scenario.setup.units if u.id == "army_aldmoor")
    assert unit.area == "westmarch"
    assert "in Westmarch" in inspector.header.text()
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert dump(document.scenario) == before
    assert area.box.currentData() == "aldmoor"
    document.undo_stack.redo()
    assert next(u for u in document.scenario.setup.units if u.id == "army_aldmoor").area == "westmarch"
    with qtbot.waitSignal(inspector.refused) as refused:  # an army cannot stand at sea
        area.box.activated.emit(area.box.findData("western_ocean"))
    assert "sea" in refused.args[0]
    assert area.box.currentData() == "westmarch"
    assert document.undo_stack.count() == 1


def test_several_units_move_in_one_step(inspector: InspectorDock) -> None:
    document = inspector.document
    inspector.selection.set(["army_aldmoor", "army_kestria"])
    area = inspector.form("Unit").editors[("area",)]
    assert isinstance(area, ChoiceEditor)
    area.box.activated.emit(area.box.findData("lowen"))
    assert {u.area for u in document.scenario.setup.units if u.kind == "army"} == {"lowen"}
    assert document.undo_stack.count() == 1
    strength = inspector.form("Unit").editors[("strength",)].widget
    strength.setValue(4)  # type: ignore[attr-defined]
    assert {u.strength for u in document.scenario.setup.units if u.kind == "army"} == {4}
    assert document.undo_stack.count() == 2


# --- Seasons: alliances and messages, a list of records ----------------------------------------


@pytest.fixture
def seasons(qtbot: QtBot) -> InspectorDock:
    from editor.files import DEFAULT_SCENARIO

    path = DEFAULT_SCENARIO.parent / "seasons-isles.mappa.json"
    document = ScenarioDocument(io.load(path))
    selection = Selection()
    dock = InspectorDock(document, selection)
    qtbot.addWidget(dock)
    dock._keepalive = (document, selection)  # type: ignore[attr-defined]
    return dock


def _alliances(dock: InspectorDock) -> list[dict]:  # type: ignore[type-arg]
    return [dict(a) for a in dock.document.scenario.setup.attributes.get("alliances", [])]


def test_seasons_alliance_members_are_a_picker(seasons: InspectorDock) -> None:
    document = seasons.document
    before = dump(document.scenario)
    alliances = seasons.form("Scenario setup").editors[("alliances",)]
    assert isinstance(alliances, ModelListEditor)
    assert len(alliances.forms) == 1
    members = alliances.forms[0].editors[("members",)]
    assert isinstance(members, RefListEditor)
    assert members.checked() == ["vellmark", "kessary"]
    _item(members, "ostrand").setCheckState(Qt.CheckState.Checked)
    assert _alliances(seasons)[0]["members"] == ["vellmark", "kessary", "ostrand"]
    assert _alliances(seasons)[0]["name"] == "The Old Pact"
    assert document.undo_stack.count() == 1
    after = dump(document.scenario)
    document.undo_stack.undo()
    assert dump(document.scenario) == before
    assert alliances.forms[0].editors[("members",)].checked() == ["vellmark", "kessary"]  # type: ignore[attr-defined]
    document.undo_stack.redo()
    assert dump(document.scenario) == after


def test_seasons_alliances_and_messages_are_added_and_removed(seasons: InspectorDock) -> None:
    document = seasons.document
    before = dump(document.scenario)
    alliances = seasons.form("Scenario setup").editors[("alliances",)]
    assert isinstance(alliances, ModelListEditor)
    alliances.add_button.click()
    assert _alliances(seasons)[1]["id"] == "alliance_1"
    assert len(alliances.forms) == 2
    name = alliances.forms[1].editors[("name",)].widget
    name.setText("Southern League")  # type: ignore[attr-defined]
    name.editingFinished.emit()  # type: ignore[attr-defined]
    assert _alliances(seasons)[1]["name"] == "Southern League"
    assert alliances.groups[1].title() == "Southern League"
    messages = seasons.form("Scenario setup").editors[("messages",)]
    assert isinstance(messages, ModelListEditor)
    messages.add_button.click()
    message = document.scenario.setup.attributes["messages"][0]
    assert message["sender"] == message["recipient"] == "vellmark"
    recipient = messages.forms[0].editors[("recipient",)]
    assert isinstance(recipient, ChoiceEditor)
    recipient.box.activated.emit(recipient.box.findData("ostrand"))
    assert document.scenario.setup.attributes["messages"][0]["recipient"] == "ostrand"
    alliances.remove(0)
    assert [a["id"] for a in _alliances(seasons)] == ["alliance_1"]
    assert document.undo_stack.count() == 5
    after = dump(document.scenario)
    for _ in range(5):
        document.undo_stack.undo()
    assert dump(document.scenario) == before
    assert len(alliances.forms) == 1
    for _ in range(5):
        document.undo_stack.redo()
    assert dump(document.scenario) == after


def test_a_seasons_unit_shows_its_trained_attribute(seasons: InspectorDock) -> None:
    document = seasons.document
    seasons.selection.set(["vellmark_1"])
    trained = seasons.form("Attributes").editors[("trained",)].widget
    assert trained.isChecked()  # type: ignore[attr-defined]
    trained.click()  # type: ignore[attr-defined]
    unit = next(u for u in document.scenario.setup.units if u.id == "vellmark_1")
    assert unit.attributes.get("trained") is False
    document.undo_stack.undo()
    unit = next(u for u in document.scenario.setup.units if u.id == "vellmark_1")
    assert unit.attributes.get("trained", True) is True


def test_a_form_of_one_object_emits_plain_values(qtbot: QtBot, eotma_refs: None) -> None:
    """Outside the inspector (the play-test options) edits are plain new values, not changes."""
    form = SchemaForm(eotma_schema.AreaSetup, lambda _ref: [("a", "A"), ("b", "B")])
    qtbot.addWidget(form)
    form.set_values([{"ties": ["b"]}])
    editor = form.editors[("ties",)]
    assert isinstance(editor, RefListEditor)
    with qtbot.waitSignal(form.edited) as edited:
        _item(editor, "a").setCheckState(Qt.CheckState.Checked)
    assert edited.args == [("ties",), ["b", "a"]]
    assert form.merge_edit is False


def test_typing_in_two_records_makes_two_steps(seasons: InspectorDock) -> None:
    document = seasons.document
    alliances = seasons.form("Scenario setup").editors[("alliances",)]
    assert isinstance(alliances, ModelListEditor)
    alliances.add_button.click()
    for index, text in ((0, "Pact"), (0, "Old Pact"), (1, "League")):
        name = alliances.forms[index].editors[("name",)].widget
        name.setText(text)  # type: ignore[attr-defined]
        name.editingFinished.emit()  # type: ignore[attr-defined]
    assert [a["name"] for a in _alliances(seasons)] == ["Old Pact", "League"]
    assert document.undo_stack.count() == 3  # the add; one record's name, typed twice; the other's
    document.undo_stack.undo()
    assert [a.get("name", "") for a in _alliances(seasons)] == ["Old Pact", ""]
    document.undo_stack.undo()
    assert [a.get("name", "") for a in _alliances(seasons)] == ["The Old Pact", ""]


class Bounded(BaseModel):
    """A reference-keyed dict whose values carry their own range."""

    counts: dict[str, Annotated[int, Field(ge=0, le=5)]] = Field(
        default_factory=dict, json_schema_extra={"ref": "empire"}
    )


def test_a_reference_table_takes_its_spin_range_from_the_value_type(qtbot: QtBot) -> None:
    form = SchemaForm(Bounded, lambda _ref: [("a", "A"), ("b", "B")])
    qtbot.addWidget(form)
    form.set_values([{"counts": {"b": 2}}])
    table = form.editors[("counts",)]
    assert isinstance(table, RefTableEditor)
    spin = table.spins["b"]
    assert (spin.minimum(), spin.maximum(), spin.value()) == (0, 5, 2)
    with qtbot.waitSignal(form.edited) as edited:
        spin.setValue(9)  # clamped to the range
    assert edited.args == [("counts",), {"b": 5}]
