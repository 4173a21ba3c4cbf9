"""The Catalogs dock: languages and their families, religions and their groups, as editable tables.

Each tab lists one catalog; names are typed in place, a language's family, a religion's group and a
group's kind are picked from a list. Add makes a new entry (named for the author to rename at
once); Remove takes the selected entries out. Every change is one undo step through
``model.ops.catalogs``. Removing an entry still used by areas or leaders asks what to do: replace
it everywhere by another entry, clear those references, or cancel (the op itself refuses, naming
the users, when asked to remove without a cascade).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor import commands
from editor.document import DocumentChange, ScenarioDocument
from model import ops
from model.ops.catalogs import describe_references, references
from model.scenario import Scenario

Index = QModelIndex | QPersistentModelIndex

GROUP_KINDS = ("christian", "moslem", "pagan", "other")


@dataclass(frozen=True)
class Catalog:
    """How one catalog shows as a table."""

    kind: str
    title: str
    items: str
    """The attribute of ``scenario.catalogs`` holding the entries."""
    parent_field: str = ""
    """The field that refers to another catalog (a language's ``family``), or ``kind`` (a group's)."""
    parent_kind: str = ""
    used_by: str = ""
    """The column counting users: ``areas`` (attribute references) or the child catalog's items."""


CATALOGS = {
    "language": Catalog("language", "Languages", "languages", "family", "language_family", "areas"),
    "language_family": Catalog(
        "language_family", "Language families", "language_families", used_by="languages"
    ),
    "religion": Catalog("religion", "Religions", "religions", "group", "religion_group", "areas"),
    "religion_group": Catalog(
        "religion_group", "Religion groups", "religion_groups", "kind", "", used_by="religions"
    ),
}


def _entries(scenario: Scenario, catalog: Catalog) -> list[Any]:
    items: list[Any] = getattr(scenario.catalogs, catalog.items)
    return items


def _uses(scenario: Scenario, catalog: Catalog) -> Counter[str]:
    """How many areas (or child entries) use each entry."""
    counts: Counter[str] = Counter()
    if catalog.used_by == "areas":
        ids = [x.id for x in _entries(scenario, catalog)]
        users: dict[str, set[tuple[str, str]]] = {}
        for found in references(scenario, catalog.kind, ids):
            users.setdefault(found.target, set()).add((found.owner, found.owner_id))
        counts.update({entry_id: len(owners) for entry_id, owners in users.items()})
    else:
        field = "family" if catalog.kind == "language_family" else "group"
        for child in getattr(scenario.catalogs, catalog.used_by):
            value = getattr(child, field)
            if value is not None:
                counts[value] += 1
    return counts


class CatalogModel(QAbstractTableModel):
    """The entries of one catalog: id, name, parent (or kind), and how many use it."""

    ID_ROLE = Qt.ItemDataRole.UserRole + 1
    CHOICES_ROLE = Qt.ItemDataRole.UserRole + 2

    refused = Signal(str)

    def __init__(self, document: ScenarioDocument, catalog: Catalog, parent: Any = None) -> None:
        super().__init__(parent)
        self.document = document
        self.catalog = catalog
        self.columns = ["Id", "Name"]
        if catalog.parent_field:
            self.columns.append(catalog.parent_field.capitalize())
        self.columns.append("Used by")
        self.rows: list[Any] = []
        self.uses: Counter[str] = Counter()
        self.reload()

    def reload(self) -> None:
        """Re-read the catalog from the scenario."""
        self.beginResetModel()
        scenario = self.document.scenario
        self.rows = list(_entries(scenario, self.catalog))
        self.uses = _uses(scenario, self.catalog)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        """Number of entries."""
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Id, name, [parent], uses."""
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section]
        return None

    def choices(self) -> list[tuple[Any, str]]:
        """What the parent column may hold: ``(value, label)`` pairs."""
        catalog = self.catalog
        if catalog.parent_field == "kind":
            return [(k, k) for k in GROUP_KINDS]
        parents = getattr(self.document.scenario.catalogs, CATALOGS[catalog.parent_kind].items)
        return [(None, "(none)"), *((p.id, p.name) for p in parents)]

    def _parent_label(self, value: Any) -> str:
        return next((label for v, label in self.choices() if v == value), "" if value is None else str(value))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell values; the parent column shows the parent's name."""
        if not index.isValid():
            return None
        entry = self.rows[index.row()]
        name = self.columns[index.column()]
        if role == self.ID_ROLE:
            return entry.id
        if role == self.CHOICES_ROLE:
            return self.choices()
        if role == Qt.ItemDataRole.EditRole:
            if name == "Name":
                return entry.name
            if index.column() == 2 and self.catalog.parent_field:
                return getattr(entry, self.catalog.parent_field)
        if role == Qt.ItemDataRole.DisplayRole:
            if name == "Id":
                return entry.id
            if name == "Name":
                return entry.name
            if name == "Used by":
                return self.uses.get(entry.id, 0)
            return self._parent_label(getattr(entry, self.catalog.parent_field))
        if role == Qt.ItemDataRole.ToolTipRole and name == "Used by" and self.catalog.used_by == "areas":
            found = references(self.document.scenario, self.catalog.kind, entry.id)
            return describe_references(found, 20) if found else "Used nowhere"
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Name and parent cells are editable."""
        flags = super().flags(index)
        if index.isValid() and (
            self.columns[index.column()] == "Name" or (index.column() == 2 and self.catalog.parent_field)
        ):
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Rename an entry or change its parent (one undo step); a refused value is reported."""
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        entry = self.rows[index.row()]
        field = "name" if self.columns[index.column()] == "Name" else self.catalog.parent_field
        if field == "name":
            value = str(value).strip()
        if getattr(entry, field) == value:
            return False
        kind = self.catalog.kind
        try:
            commands.execute(
                self.document,
                lambda s: ops.set_catalog_entry(s, kind, entry.id, **{field: value}),
                f"Set {field} of {kind.replace('_', ' ')} {entry.id}",
            )
        except (ValueError, KeyError, LookupError) as error:
            self.refused.emit(str(error))
            return False
        return True


class ChoiceDelegate(QStyledItemDelegate):
    """A combo box for cells whose model offers ``CHOICES_ROLE`` (the parent column)."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        """A combo box of the choices."""
        box = QComboBox(parent)
        for value, label in index.data(CatalogModel.CHOICES_ROLE):
            box.addItem(label, value)
        return box

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        """Select the current value."""
        assert isinstance(editor, QComboBox)
        editor.setCurrentIndex(max(editor.findData(index.data(Qt.ItemDataRole.EditRole)), 0))

    def setModelData(self, editor: QWidget, model: Any, index: Index) -> None:
        """Write the chosen value."""
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


class ReplaceDialog(QDialog):
    """Asks what to do with the users of entries being removed: replace by another entry, or clear."""

    def __init__(
        self,
        what: str,
        ids: list[str],
        used_by: str,
        others: list[tuple[str, str]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Remove {what}")
        layout = QVBoxLayout(self)
        message = QLabel(f"{what.capitalize()} {', '.join(ids)} is still used by {used_by}.", self)
        message.setWordWrap(True)
        layout.addWidget(message)
        self.replace = QRadioButton("Replace it everywhere by", self)
        self.clear = QRadioButton("Clear those references (they become unset)", self)
        self.others = QComboBox(self)
        for value, label in others:
            self.others.addItem(label, value)
        row = QHBoxLayout()
        row.addWidget(self.replace)
        row.addWidget(self.others, 1)
        layout.addLayout(row)
        layout.addWidget(self.clear)
        (self.replace if others else self.clear).setChecked(True)
        self.replace.setEnabled(bool(others))
        self.others.setEnabled(bool(others))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def choice(self) -> str | None:
        """The chosen replacement id, or None to clear."""
        return str(self.others.currentData()) if self.replace.isChecked() else None


class CatalogTable(QWidget):
    """One catalog's table with Add and Remove buttons."""

    refused = Signal(str)

    def __init__(self, document: ScenarioDocument, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.catalog = catalog
        self.model = CatalogModel(document, catalog, self)
        self.model.refused.connect(self.refused)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView(self)
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # file order until a header is clicked
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setItemDelegate(ChoiceDelegate(self.table))
        self.table.setEditTriggers(
            QTableView.EditTrigger.DoubleClicked
            | QTableView.EditTrigger.EditKeyPressed
            | QTableView.EditTrigger.AnyKeyPressed
        )
        what = catalog.title.lower().rstrip("s")
        self.add_button = QPushButton(f"Add {what}", self)
        self.add_button.clicked.connect(lambda _checked=False: self.add())
        self.remove_button = QPushButton("Remove selected", self)
        self.remove_button.clicked.connect(lambda _checked=False: self.remove_selected())
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.table)
        layout.addLayout(buttons)

    def reload(self) -> None:
        """Re-read the catalog (after an edit or another scenario)."""
        self.model.reload()
        self.table.resizeColumnToContents(0)
        self.table.resizeColumnToContents(1)

    def selected_ids(self) -> list[str]:
        """The ids of the selected rows, in table order."""
        rows = self.table.selectionModel().selectedRows()
        return [str(index.data(CatalogModel.ID_ROLE)) for index in sorted(rows, key=lambda i: i.row())]

    def add(self, name: str | None = None) -> str | None:
        """Add an entry (named "New language"...), select its name for typing; return its id."""
        what = self.catalog.kind.replace("_", " ")
        label = name or f"New {what}"
        kind = self.catalog.kind
        try:
            command = commands.execute(
                self.document, lambda s: ops.add_catalog_entry(s, kind, label), f"Add {what}"
            )
        except (ValueError, KeyError, LookupError) as error:
            self.refused.emit(str(error))
            return None
        new_id = command.changes[0].created[0]
        if all(e.id != new_id for e in self.model.rows):
            self.reload()  # the dock was behind a tab and had not caught up yet
        row = next(i for i, e in enumerate(self.model.rows) if e.id == new_id)
        index = self.proxy.mapFromSource(self.model.index(row, 1))
        self.table.setCurrentIndex(index)
        self.table.scrollTo(index)
        return new_id

    def ask_replacement(self, ids: list[str], used_by: str) -> tuple[bool, str | None]:
        """Ask what to do with the users of entries being removed: ``(go ahead, replacement)``."""
        others = [(e.id, e.name) for e in self.model.rows if e.id not in ids]
        dialog = ReplaceDialog(self.catalog.kind.replace("_", " "), ids, used_by, others, self)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        return accepted, dialog.choice()

    def remove_selected(self) -> bool:
        """Remove the selected entries (one undo step), asking first when they are still used."""
        return self.remove(self.selected_ids())

    def remove(self, ids: list[str]) -> bool:
        """Remove entries; when still used, ask whether to replace or clear the references."""
        if not ids:
            self.refused.emit(f"Select {self.catalog.title.lower()} in the table to remove them")
            return False
        kind = self.catalog.kind
        found = references(self.document.scenario, kind, ids)
        cascade = False
        replacement: str | None = None
        if found:
            go, replacement = self.ask_replacement(ids, describe_references(found))
            if not go:
                return False
            cascade = True
        what = kind.replace("_", " ")
        text = f"Remove {what} {', '.join(ids)}" + (f" (replaced by {replacement})" if replacement else "")
        try:
            commands.execute(
                self.document,
                lambda s: ops.remove_catalog_entry(s, kind, ids, cascade=cascade, replacement=replacement),
                text,
            )
        except (ValueError, KeyError, LookupError) as error:
            self.refused.emit(str(error))
            return False
        return True


class CatalogsDock(QDockWidget):
    """Tabs of catalogs: languages, language families, religions, religion groups."""

    refused = Signal(str)

    def __init__(self, document: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__("Catalogs", parent)
        self.setObjectName("catalogs_dock")
        self.document = document
        self.tabs = QTabWidget(self)
        self.tables: dict[str, CatalogTable] = {}
        for kind, catalog in CATALOGS.items():
            table = CatalogTable(document, catalog, self)
            table.refused.connect(self.refused)
            self.tables[kind] = table
            self.tabs.addTab(table, catalog.title)
        self.setWidget(self.tabs)
        self._stale = False
        document.changed.connect(self._on_changed)
        self.visibilityChanged.connect(lambda visible: self._catch_up() if visible else None)

    def _on_changed(self, change: DocumentChange) -> None:
        if change.reset or change.setup or change.areas or change.empires or change.magnates:
            # Counting uses walks every area: done when the tables can be seen, not behind a tab.
            self._stale = True
            if self.isVisible() or change.reset:
                self._catch_up()

    def _catch_up(self) -> None:
        if self._stale:
            self._stale = False
            for table in self.tables.values():
                table.reload()
