"""The Ruleset tables dock: the ruleset's tables (year cards, conversion chart...), viewed and edited.

The list shows every table the scenario sees: the ruleset's shipped defaults merged with the
scenario's overrides (``model.rules.tables``), overridden ones in bold. A table's tabular parts
(lists of records, dicts of rows: ``editor.docks.json_table``) show as a spreadsheet; the whole
table is always available as a tree. Each cell edit is one undo step that stores the edited table
as the scenario's override (``model.ops.set_table``); "Reset to shipped default" is one undo step
removing it (``model.ops.reset_table``). Text that cannot become the cell's value is refused with
the reason, and the cell shows its old value again.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor import commands
from editor.docks.json_table import (
    KEY_COLUMN,
    CellError,
    Path,
    cell_text,
    get_at,
    grid,
    parse_cell,
    sections,
    set_at,
)
from editor.document import DocumentChange, ScenarioDocument
from model import ops
from model.rules.tables import TableError, default_tables, is_overridden

PATH_ROLE = Qt.ItemDataRole.UserRole + 1
"""Where a cell keeps its path inside the table."""
OLD_ROLE = Qt.ItemDataRole.UserRole + 2
"""Where a cell keeps the value it showed (to parse typed text against it)."""
TREE = "tree"
"""The section id of the whole table as a tree."""


def table_ids(document: ScenarioDocument) -> list[str]:
    """Every table the scenario sees: shipped defaults and overrides, sorted."""
    scenario = document.scenario
    try:
        shipped = set(default_tables(scenario.ruleset.id))
    except TableError:
        shipped = set()
    return sorted(shipped | set(scenario.ruleset.tables))


def effective_table(document: ScenarioDocument, table_id: str) -> Any:
    """The table as the scenario sees it (its override, else the shipped default)."""
    scenario = document.scenario
    if table_id in scenario.ruleset.tables:
        return scenario.ruleset.tables[table_id]
    return default_tables(scenario.ruleset.id).get(table_id)


class RulesetTablesDock(QDockWidget):
    """Lists the ruleset's tables; shows and edits the chosen one.

    Signals: ``refused(str)`` with the reason when an edit is refused.
    """

    refused = Signal(str)

    def __init__(self, document: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__("Ruleset tables", parent)
        self.setObjectName("ruleset_tables_dock")
        self.document = document
        self._filling = False
        self.table_id: str | None = None
        self._loaded: str | None = None

        self.list = QListWidget(self)
        self.list.setObjectName("ruleset_table_list")
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        self.section_box = QComboBox(self)
        self.reset_button = QPushButton("Reset to shipped default", self)
        self.add_row_button = QPushButton("Add row", self)
        self.add_row_button.setToolTip("Append a record like the chosen one (or the last)")
        self.remove_row_button = QPushButton("Remove row", self)
        self.message = QLabel(self)
        self.message.setStyleSheet("color: #a50f15")
        self.message.setWordWrap(True)
        self.grid_model = QStandardItemModel(self)
        self.grid_view = QTableView(self)
        self.grid_view.setModel(self.grid_model)
        self.tree = QTreeWidget(self)
        self.tree.setHeaderLabels(["Key", "Value"])
        self.tree.setColumnWidth(0, 220)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.grid_view)
        self.stack.addWidget(self.tree)

        right = QWidget(self)
        layout = QVBoxLayout(right)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        row = QHBoxLayout()
        row.addWidget(QLabel("Show:", right))
        row.addWidget(self.section_box, 1)
        row.addWidget(self.reset_button)
        layout.addLayout(row)
        layout.addWidget(self.stack, 1)
        rows = QHBoxLayout()
        rows.addWidget(self.add_row_button)
        rows.addWidget(self.remove_row_button)
        rows.addStretch(1)
        layout.addLayout(rows)
        layout.addWidget(self.message)
        splitter = QSplitter(self)
        splitter.addWidget(self.list)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 3)
        self.setWidget(splitter)

        self.list.currentItemChanged.connect(self._on_table_chosen)
        self.section_box.currentIndexChanged.connect(lambda _i: self._show_section())
        self.reset_button.clicked.connect(self.reset_current)
        self.add_row_button.clicked.connect(lambda: self.add_row(self._chosen_row()))
        self.remove_row_button.clicked.connect(lambda: self.remove_row(self._chosen_row()))
        self.grid_model.itemChanged.connect(self._on_grid_edit)
        self.tree.itemChanged.connect(self._on_tree_edit)
        document.changed.connect(self._on_document_changed)
        self.refresh()

    # --- the list of tables ---------------------------------------------------------------------

    def refresh(self) -> None:
        """Rebuild the list (keeping the current table) and the view of the current table."""
        current = self.table_id
        self._filling = True
        try:
            self.list.clear()
            for table_id in table_ids(self.document):
                overridden = is_overridden(self.document.scenario, table_id)
                item = QListWidgetItem(f"{table_id}  (overridden)" if overridden else table_id)
                item.setData(Qt.ItemDataRole.UserRole, table_id)
                if overridden:
                    font = QFont(item.font())
                    font.setBold(True)
                    item.setFont(font)
                    item.setToolTip("The scenario replaces the shipped default of this table")
                self.list.addItem(item)
                if table_id == current:
                    self.list.setCurrentItem(item)
        finally:
            self._filling = False
        if self.list.currentItem() is None and self.list.count():
            self.list.setCurrentRow(0)
        else:
            self._load_table()

    def select_table(self, table_id: str) -> None:
        """Show a table (raises ``KeyError`` when the scenario sees no such table)."""
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == table_id:
                self.list.setCurrentRow(row)
                return
        raise KeyError(f"no ruleset table {table_id!r}")

    def _on_table_chosen(self, item: QListWidgetItem | None, _previous: object = None) -> None:
        if self._filling:
            return
        self.table_id = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        self.message.clear()
        self._load_table()

    def _on_document_changed(self, change: DocumentChange) -> None:
        if change.reset or change.setup:
            self.refresh()

    # --- one table ------------------------------------------------------------------------------

    def _load_table(self) -> None:
        """Fill the section box for the current table and show the chosen section."""
        # Keep the section shown when the same table reloads (after an edit); a new table starts at
        # its first section.
        wanted = self.section_box.currentData() if self._loaded == self.table_id else None
        self._loaded = self.table_id
        value = effective_table(self.document, self.table_id) if self.table_id else None
        self._filling = True
        try:
            self.section_box.clear()
            for path in sections(value):
                label = "whole table" if not path else "/".join(str(p) for p in path)
                self.section_box.addItem(f"{label} (table)", list(path))
            self.section_box.addItem("everything (tree)", TREE)
            index = self.section_box.findData(wanted)
            self.section_box.setCurrentIndex(max(index, 0))
        finally:
            self._filling = False
        overridden = self.table_id is not None and is_overridden(self.document.scenario, self.table_id)
        self.reset_button.setEnabled(overridden)
        note = value.get("note", "") if isinstance(value, dict) else ""
        status = "overridden by this scenario" if overridden else "shipped default"
        # A long note would squeeze the table out of a short dock: show its start, all of it on hover.
        short = note if len(note) <= 140 else note[:140].rsplit(" ", 1)[0] + " …"
        self.title.setText(
            f"<b>{self.table_id or ''}</b> — {status}" + (f"<br><i>{short}</i>" if note else "")
        )
        self.title.setToolTip(note)
        self._show_section()

    def _show_section(self) -> None:
        if self._filling:
            return
        value = effective_table(self.document, self.table_id) if self.table_id else None
        choice = self.section_box.currentData()
        records = False
        if choice == TREE or choice is None:
            self._fill_tree(value)
            self.stack.setCurrentWidget(self.tree)
        else:
            self._fill_grid(value, tuple(choice))
            self.stack.setCurrentWidget(self.grid_view)
            records = isinstance(get_at(value, tuple(choice)), list)
        # Rows are added and removed in lists of records (a deck of cards); a dict's rows are keyed
        # by what the rules look up, so they are edited, not renamed or dropped.
        self.add_row_button.setEnabled(records)
        self.remove_row_button.setEnabled(records)

    def section(self) -> Path | None:
        """The path of the tabular section shown (None when the tree is shown)."""
        choice = self.section_box.currentData()
        return None if choice == TREE or choice is None else tuple(choice)

    def _chosen_row(self) -> int | None:
        index = self.grid_view.currentIndex()
        return index.row() if index.isValid() else None

    def add_row(self, like: int | None = None) -> bool:
        """Append a copy of record ``like`` (the last one when None) to the shown list: one undo step."""
        base = self.section()
        if base is None or self.table_id is None:
            return False
        records = get_at(effective_table(self.document, self.table_id), base)
        if not isinstance(records, list) or not records:
            return False
        template = records[like if like is not None and 0 <= like < len(records) else -1]
        return self.set_cell(base, [*records, template])

    def remove_row(self, row: int | None) -> bool:
        """Remove record ``row`` from the shown list (one undo step); False when none is chosen."""
        base = self.section()
        if base is None or self.table_id is None or row is None:
            return False
        records = get_at(effective_table(self.document, self.table_id), base)
        if not isinstance(records, list) or not 0 <= row < len(records) or len(records) == 1:
            self._refuse("choose a row to remove (a list keeps at least one row)")
            return False
        return self.set_cell(base, records[:row] + records[row + 1 :])

    def _fill_grid(self, value: Any, base: Path) -> None:
        layout = grid(get_at(value, base), base)
        self._filling = True
        try:
            self.grid_model.clear()
            self.grid_model.setHorizontalHeaderLabels(list(layout.columns))
            self.grid_model.setVerticalHeaderLabels(list(layout.row_names))
            # A dict's rows show their key in the first column already; records are numbered.
            self.grid_view.verticalHeader().setVisible(not layout.columns or layout.columns[0] != KEY_COLUMN)
            for r, (cells, paths) in enumerate(zip(layout.cells, layout.paths, strict=True)):
                for c, (cell, path) in enumerate(zip(cells, paths, strict=True)):
                    item = QStandardItem(cell_text(cell))
                    if path is None:  # a dict row's key
                        item.setEditable(False)
                        item.setToolTip(f"{KEY_COLUMN}: the row's key")
                    else:
                        item.setData(list(path), PATH_ROLE)
                        item.setData(_Box(cell), OLD_ROLE)
                    self.grid_model.setItem(r, c, item)
        finally:
            self._filling = False
        self.grid_view.resizeColumnsToContents()

    def _fill_tree(self, value: Any) -> None:
        self._filling = True
        try:
            self.tree.clear()
            if value is not None:
                self._tree_children(self.tree.invisibleRootItem(), value, ())
        finally:
            self._filling = False

    def _tree_children(self, parent: QTreeWidgetItem, value: Any, path: Path) -> None:
        entries = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in entries:
            child_path = (*path, key)
            item = QTreeWidgetItem(parent, [str(key), ""])
            if isinstance(child, dict | list) and child:
                self._tree_children(item, child, child_path)
                item.setText(1, f"{len(child)} {'entries' if isinstance(child, dict) else 'items'}")
            else:
                item.setText(1, cell_text(child))
                item.setData(1, PATH_ROLE, list(child_path))
                item.setData(1, OLD_ROLE, _Box(child))
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)

    # --- edits ----------------------------------------------------------------------------------

    # The edit runs after the view's own signal returns: it rebuilds the model that emitted it.
    def _on_grid_edit(self, item: QStandardItem) -> None:
        if self._filling:
            return
        args = (item.data(PATH_ROLE), item.text(), item.data(OLD_ROLE))
        QTimer.singleShot(0, lambda: self._edit(*args))

    def _on_tree_edit(self, item: QTreeWidgetItem, column: int) -> None:
        if self._filling or column != 1:
            return
        args = (item.data(1, PATH_ROLE), item.text(1), item.data(1, OLD_ROLE))
        QTimer.singleShot(0, lambda: self._edit(*args))

    def _edit(self, path: list[Any] | None, text: str, old: _Box | None) -> None:
        if path is None or self.table_id is None:
            return
        try:
            self.set_cell(tuple(path), parse_cell(text, old.value if old is not None else None))
        except CellError as error:
            self._refuse(str(error))

    def set_cell(self, path: Path, value: Any) -> bool:
        """Set one value inside the current table as one undo step; False (and a reason) if refused."""
        table_id = self.table_id
        if table_id is None:
            return False
        edited = set_at(effective_table(self.document, table_id), path, value)
        where = "/".join(str(p) for p in path)
        try:
            commands.execute(
                self.document, lambda s: ops.set_table(s, table_id, edited), f"Edit table {table_id}: {where}"
            )
        except (ValueError, KeyError, LookupError) as error:
            self._refuse(str(error))
            return False
        self.message.clear()
        return True

    def reset_current(self) -> bool:
        """Drop the current table's override (one undo step); False when it has none."""
        table_id = self.table_id
        if table_id is None:
            return False
        try:
            commands.execute(self.document, lambda s: ops.reset_table(s, table_id))
        except (ValueError, KeyError, LookupError) as error:
            self._refuse(str(error))
            return False
        return True

    def _refuse(self, reason: str) -> None:
        self.message.setText(reason)
        self.refused.emit(reason)
        self._show_section()  # the cell shows its old value again


class _Box:
    """Holds a cell's old value in item data without Qt converting it (None, lists, dicts)."""

    def __init__(self, value: Any) -> None:
        self.value = value
