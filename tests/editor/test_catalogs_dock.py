"""The Catalogs dock: languages, families, religions and groups edited in tables, each change one
undo step; removing an entry in use asks whether to replace or clear its references."""

from __future__ import annotations

import pytest
from editor_helpers import dump
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from editor.docks.catalogs import CatalogsDock, CatalogTable, ChoiceDelegate, ReplaceDialog
from editor.document import ScenarioDocument
from editor.mainwindow import MainWindow


@pytest.fixture
def dock(qtbot: QtBot, document: ScenarioDocument) -> CatalogsDock:
    dock = CatalogsDock(document)
    qtbot.addWidget(dock)
    dock.show()  # hidden (behind another tab), the tables catch up when shown
    return dock


def test_a_hidden_dock_catches_up_when_shown(qtbot: QtBot, document: ScenarioDocument) -> None:
    dock = CatalogsDock(document)
    qtbot.addWidget(dock)
    table = dock.tables["language"]
    table.add("Frisian")  # the table itself shows its new row at once (its own edit)...
    document.undo_stack.undo()
    assert len(table.model.rows) == 5  # ...but a hidden dock waits
    dock.show()
    assert len(table.model.rows) == 4


def cell(table: CatalogTable, entry_id: str, column: str) -> object:
    model = table.model
    row = next(i for i, e in enumerate(model.rows) if e.id == entry_id)
    return model.index(row, model.columns.index(column)).data()


def set_cell(table: CatalogTable, entry_id: str, column: str, value: object) -> bool:
    model = table.model
    row = next(i for i, e in enumerate(model.rows) if e.id == entry_id)
    return model.setData(model.index(row, model.columns.index(column)), value, Qt.ItemDataRole.EditRole)


def test_tables_list_each_catalog_with_parents_and_uses(dock: CatalogsDock) -> None:
    languages = dock.tables["language"]
    assert [e.id for e in languages.model.rows] == ["aldic", "lowenish", "kestrian", "sarnic"]
    assert cell(languages, "aldic", "Family") == "Westric"
    assert cell(languages, "aldic", "Used by") == 2  # Westmarch and Aldmoor
    assert cell(dock.tables["language_family"], "westric", "Used by") == 2  # two languages
    assert cell(dock.tables["religion_group"], "christian", "Kind") == "christian"
    assert "area westmarch" in str(languages.model.index(0, 3).data(Qt.ItemDataRole.ToolTipRole))


def test_add_rename_and_change_family_as_undo_steps(dock: CatalogsDock, document: ScenarioDocument) -> None:
    before = dump(document.scenario)
    languages = dock.tables["language"]
    new = languages.add()
    assert new is not None and document.scenario.catalogs.languages[-1].name == "New language"
    assert languages.table.currentIndex().data() == "New language"  # ready to type the name
    assert set_cell(languages, new, "Name", "Frisian")
    assert set_cell(languages, new, "Family", "eastric")
    entry = document.scenario.catalogs.languages[-1]
    assert (entry.name, entry.family) == ("Frisian", "eastric")
    assert cell(languages, new, "Family") == "Eastric"
    assert set_cell(dock.tables["religion_group"], "pagan", "Kind", "other")
    assert document.scenario.catalogs.religion_groups[1].kind == "other"
    assert document.undo_stack.count() == 4
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert dump(document.scenario) == before
    assert len(languages.model.rows) == 4


def test_refused_values_are_reported(dock: CatalogsDock, document: ScenarioDocument) -> None:
    reasons: list[str] = []
    dock.refused.connect(reasons.append)
    assert not set_cell(dock.tables["language"], "aldic", "Name", "  ")
    assert reasons and "needs a name" in reasons[0]
    assert document.undo_stack.count() == 0


def test_the_family_column_edits_with_a_combo_box(dock: CatalogsDock, document: ScenarioDocument) -> None:
    table = dock.tables["language"]
    index = table.proxy.index(0, 2)
    delegate = table.table.itemDelegate()
    assert isinstance(delegate, ChoiceDelegate)
    editor = delegate.createEditor(table.table.viewport(), None, index)  # type: ignore[arg-type]
    assert isinstance(editor, QComboBox)
    assert [editor.itemText(i) for i in range(editor.count())] == ["(none)", "Westric", "Eastric"]
    delegate.setEditorData(editor, index)
    assert editor.currentText() == "Westric"
    editor.setCurrentIndex(0)
    delegate.setModelData(editor, table.proxy, index)
    assert document.scenario.catalogs.languages[0].family is None


def test_removing_an_unused_entry_asks_nothing(
    dock: CatalogsDock, document: ScenarioDocument, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = dock.tables["religion"]
    monkeypatch.setattr(table, "ask_replacement", lambda *a: pytest.fail("asked"))
    new = table.add("Dualism")
    assert new is not None
    assert table.remove([new])
    assert new not in {r.id for r in document.scenario.catalogs.religions}


def test_removing_an_entry_in_use_replaces_clears_or_cancels(
    dock: CatalogsDock, document: ScenarioDocument, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = dock.tables["language"]
    asked: list[str] = []
    answer: tuple[bool, str | None] = (False, None)

    def ask(ids: list[str], used_by: str) -> tuple[bool, str | None]:
        asked.append(used_by)
        return answer

    monkeypatch.setattr(table, "ask_replacement", ask)
    before = dump(document.scenario)
    assert not table.remove(["aldic"])  # cancelled
    assert "area westmarch (language)" in asked[0]
    assert dump(document.scenario) == before
    answer = (True, "lowenish")
    table.table.selectRow(0)
    assert table.selected_ids() == ["aldic"]
    assert table.remove_selected()
    assert document.scenario.area("westmarch").attributes["language"] == "lowenish"
    assert cell(table, "lowenish", "Used by") == 6
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert dump(document.scenario) == before
    answer = (True, None)
    assert table.remove(["aldic"])
    assert "language" not in document.scenario.area("westmarch").attributes


def test_the_replace_dialog_offers_the_other_entries(qtbot: QtBot) -> None:
    dialog = ReplaceDialog("language", ["aldic"], "area westmarch (language)", [("lowenish", "Lowenish")])
    qtbot.addWidget(dialog)  # never exec()'d
    assert dialog.replace.isChecked() and dialog.choice() == "lowenish"
    dialog.clear.setChecked(True)
    assert dialog.choice() is None
    lonely = ReplaceDialog("religion group", ["pagan"], "religion old_faith (group)", [])
    qtbot.addWidget(lonely)
    assert lonely.clear.isChecked() and not lonely.replace.isEnabled()


def test_the_main_window_has_the_dock_and_pickers_follow_the_catalogs(qtbot: QtBot) -> None:
    from editor.files import DEFAULT_SCENARIO

    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(DEFAULT_SCENARIO)
    dock = window.catalogs_dock  # type: ignore[attr-defined]
    assert isinstance(dock, CatalogsDock)
    window.selection.set(["halden"])
    new = dock.tables["language"].add("Frisian")
    picker = window.inspector.form("Attributes").editors[("language",)]
    assert picker.box.findData(new) >= 0
    labels = [window.paint_panel.attribute.itemText(i) for i in range(window.paint_panel.attribute.count())]  # type: ignore[attr-defined]
    assert "Language" in labels
