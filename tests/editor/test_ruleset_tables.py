"""Ruleset tables dock: lists shipped and overridden tables, edits cells as undo steps, resets."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView, QTreeWidget

from editor.docks.json_table import CellError, cell_text, grid, parse_cell, sections
from editor.docks.ruleset_tables import RulesetTablesDock, table_ids
from editor.document import ScenarioDocument
from editor.mainwindow import MainWindow
from model.rules.tables import default_tables, is_overridden, table
from tests.editor.editor_helpers import dump


def _cell(dock: RulesetTablesDock, row: int, column_name: str) -> Any:
    model = dock.grid_model
    columns = [model.horizontalHeaderItem(c).text() for c in range(model.columnCount())]
    return model.item(row, columns.index(column_name))


def test_lists_every_shipped_table_and_marks_overrides(document: ScenarioDocument, qtbot: Any) -> None:
    dock = RulesetTablesDock(document)
    qtbot.addWidget(dock)
    shipped = sorted(default_tables("eotma"))
    assert table_ids(document) == shipped
    assert [dock.list.item(r).text() for r in range(dock.list.count())] == shipped
    dock.select_table("limits")
    assert dock.set_cell(("population", "max"), 4)
    item = dock.list.findItems("limits  (overridden)", Qt.MatchFlag.MatchExactly)[0]
    assert item.font().bold()
    assert "overridden by this scenario" in dock.title.text()
    assert dock.reset_button.isEnabled()


def test_cell_edit_is_one_undo_step(document: ScenarioDocument, qtbot: Any) -> None:
    dock = RulesetTablesDock(document)
    qtbot.addWidget(dock)
    before = dump(document.scenario)
    dock.select_table("limits")  # a dict of rows: shown as a table with a key column
    assert isinstance(dock.stack.currentWidget(), QTableView)
    rows = [dock.grid_model.item(r, 0).text() for r in range(dock.grid_model.rowCount())]
    row = rows.index("population")
    cell = _cell(dock, row, "max")
    assert cell.text() == str(default_tables("eotma")["limits"]["population"]["max"])
    cell.setText("5")  # as if typed: the edit runs once the view's signal has returned
    qtbot.waitUntil(lambda: is_overridden(document.scenario, "limits"))
    assert table(document.scenario, "limits")["population"]["max"] == 5
    assert document.undo_stack.count() == 1 and document.modified
    after = dump(document.scenario)
    document.undo_stack.undo()
    assert dump(document.scenario) == before
    assert not is_overridden(document.scenario, "limits")
    assert _cell(dock, row, "max").text() == str(default_tables("eotma")["limits"]["population"]["max"])
    document.undo_stack.redo()
    assert dump(document.scenario) == after


def test_invalid_json_is_refused_with_the_reason(document: ScenarioDocument, qtbot: Any) -> None:
    dock = RulesetTablesDock(document)
    qtbot.addWidget(dock)
    reasons: list[str] = []
    dock.refused.connect(reasons.append)
    dock.select_table("limits")
    rows = [dock.grid_model.item(r, 0).text() for r in range(dock.grid_model.rowCount())]
    _cell(dock, rows.index("population"), "max").setText("three")
    qtbot.waitUntil(lambda: bool(reasons))
    assert "'three' is not JSON" in reasons[0] and "the cell holds a number" in reasons[0]
    assert document.undo_stack.count() == 0 and not is_overridden(document.scenario, "limits")
    assert reasons[0] in dock.message.text()
    # Text cells take plain text without quotes.
    assert parse_cell("HOUSE DEFAULT 9", "HOUSE DEFAULT 7") == "HOUSE DEFAULT 9"
    assert parse_cell("[1, 2]", 3) == [1, 2]


def test_reset_to_shipped_default_is_one_undo_step(document: ScenarioDocument, qtbot: Any) -> None:
    dock = RulesetTablesDock(document)
    qtbot.addWidget(dock)
    dock.select_table("year_cards")
    assert dock.section_box.currentText() == "cards (table)"
    first = dock.grid_model.item(0, 0).text()
    assert dock.set_cell(("cards", 0, "id"), 99)
    edited = dump(document.scenario)
    assert dock.reset_current()
    assert not is_overridden(document.scenario, "year_cards")
    assert dock.grid_model.item(0, 0).text() == first
    assert not dock.reset_button.isEnabled()
    assert not dock.reset_current()  # nothing to reset: refused, no undo step
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert dump(document.scenario) == edited


def test_nested_tables_show_as_a_tree(document: ScenarioDocument, qtbot: Any) -> None:
    dock = RulesetTablesDock(document)
    qtbot.addWidget(dock)
    dock.select_table("victory")  # no tabular part: the tree only
    assert sections(default_tables("eotma")["victory"]) == []
    assert isinstance(dock.stack.currentWidget(), QTreeWidget)
    top = {dock.tree.topLevelItem(i).text(0) for i in range(dock.tree.topLevelItemCount())}
    assert set(default_tables("eotma")["victory"]) == top
    note = next(
        dock.tree.topLevelItem(i)
        for i in range(dock.tree.topLevelItemCount())
        if dock.tree.topLevelItem(i).text(0) == "note"
    )
    note.setText(1, "Real victory points")
    qtbot.waitUntil(lambda: is_overridden(document.scenario, "victory"))
    assert table(document.scenario, "victory")["note"] == "Real victory points"


def test_grid_helpers() -> None:
    layout = grid([{"a": 1, "b": "x"}, {"a": 2, "c": [1]}])
    assert layout.columns == ("a", "b", "c")
    assert [cell_text(c) for c in layout.cells[1]] == ["2", "", "[1]"]
    try:
        parse_cell("{oops", {"k": 1})
    except CellError as error:
        assert "the cell holds a object" in str(error)


def test_dock_is_in_the_main_window(qtbot: Any) -> None:
    window = MainWindow(ScenarioDocument())
    qtbot.addWidget(window)
    dock = window.ruleset_tables_dock  # type: ignore[attr-defined]
    assert dock.toggleViewAction() in window.findChildren(type(dock.toggleViewAction()))
    assert dock.list.count() == len(default_tables("eotma"))


def test_rows_are_added_and_removed_in_lists_of_records(document: ScenarioDocument, qtbot: Any) -> None:
    dock = RulesetTablesDock(document)
    qtbot.addWidget(dock)
    cards = default_tables("eotma")["year_cards"]["cards"]
    dock.select_table("year_cards")
    assert dock.add_row_button.isEnabled()
    assert dock.add_row(0)
    edited = table(document.scenario, "year_cards")["cards"]
    assert len(edited) == len(cards) + 1 and edited[-1] == cards[0]
    assert dock.grid_model.rowCount() == len(cards) + 1
    assert dock.remove_row(0)
    assert table(document.scenario, "year_cards")["cards"] == [*cards[1:], cards[0]]
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert not is_overridden(document.scenario, "year_cards")
    dock.select_table("limits")  # a dict of rows: keys are what the rules look up
    assert not dock.add_row_button.isEnabled() and not dock.add_row()
