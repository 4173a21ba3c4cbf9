"""The Tables dock: spreadsheet views of areas and empires, sortable, filterable, synced with the map.

Each table is a ``QAbstractTableModel`` over the scenario behind a ``QSortFilterProxyModel``
(sorting by column, filtering by text over every column). Selecting rows selects the objects on
the map and in the inspector; selecting on the map selects the rows. Editing happens in the
inspector, so every change goes through its undo commands.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor import commands
from editor.document import DocumentChange, ScenarioDocument
from editor.mapview.modes import area_values
from editor.selection import Selection
from model import ops
from model.colours import suggest_colour
from model.scenario import AreaKind, Scenario

Index = QModelIndex | QPersistentModelIndex
Column = tuple[str, Callable[[Scenario, Any, dict[str, Any]], Any]]


def _area_columns() -> list[Column]:
    return [
        ("Id", lambda s, a, v: a.id),
        ("Name", lambda s, a, v: a.name),
        ("Kind", lambda s, a, v: a.kind.value),
        ("Owner", lambda s, a, v: v.get("owner") or ""),
        ("Language", lambda s, a, v: v.get("language") or ""),
        ("Religion", lambda s, a, v: v.get("religion") or ""),
        ("Population", lambda s, a, v: v.get("population")),
        ("Social state", lambda s, a, v: v.get("social_state")),
        ("Seafaring", lambda s, a, v: "yes" if v.get("seafaring_home") else ""),
        ("Fort", lambda s, a, v: v.get("fortification")),
    ]


def _area_rows(scenario: Scenario, only: Collection[str] | None = None) -> dict[str, dict[str, Any]]:
    """The values the areas table shows: with the ruleset's defaults for land areas; for sea areas
    only what the file says (language, population, social state... do not apply at sea, 2.0), so a
    sea zone shows blanks rather than a land area's defaults."""
    values = area_values(scenario, only)
    for area in scenario.map.areas:
        if area.kind is AreaKind.SEA and (only is None or area.id in only):
            setup = scenario.setup.areas.get(area.id)
            stored = {**area.attributes, **(setup.attributes if setup else {})}
            values[area.id] = {**stored, "owner": setup.owner if setup else None}
    return values


def _leader(empire: Any) -> dict[str, Any]:
    leader = empire.attributes.get("leader")
    return leader if isinstance(leader, dict) else {}


def _empire_columns() -> list[Column]:
    return [
        ("Id", lambda s, e, v: e.id),
        ("Name", lambda s, e, v: e.name),
        ("Colour", lambda s, e, v: e.colour),
        ("Leader", lambda s, e, v: _leader(e).get("name", "")),
        ("C", lambda s, e, v: _leader(e).get("combat")),
        ("A", lambda s, e, v: _leader(e).get("administrative")),
        ("D", lambda s, e, v: _leader(e).get("diplomatic")),
        ("Court", lambda s, e, v: e.attributes.get("court") or ""),
        ("Treasury", lambda s, e, v: e.attributes.get("treasury")),
        ("Areas", lambda s, e, v: sum(1 for a in s.setup.areas.values() if a.owner == e.id)),
    ]


def _magnate_columns() -> list[Column]:
    return [
        ("Id", lambda s, m, v: m.id),
        ("Name", lambda s, m, v: m.name),
        ("Colour", lambda s, m, v: m.colour),
        ("Combat", lambda s, m, v: m.attributes.get("combat")),
        ("Areas", lambda s, m, v: sum(1 for a in s.setup.areas.values() if a.owner == m.id)),
    ]


def _unit_columns() -> list[Column]:
    return [
        ("Id", lambda s, u, v: u.id),
        ("Kind", lambda s, u, v: u.kind),
        ("Owner", lambda s, u, v: u.owner),
        ("Area", lambda s, u, v: u.area),
        ("Strength", lambda s, u, v: u.strength),
    ]


def _connection_columns() -> list[Column]:
    return [
        ("Id", lambda s, c, v: c.id),
        ("Kind", lambda s, c, v: c.kind.value),
        ("From", lambda s, c, v: c.a),
        ("To", lambda s, c, v: c.b),
        ("Name", lambda s, c, v: c.name),
        ("One way", lambda s, c, v: "yes" if c.one_way else ""),
    ]


COLUMNS: dict[str, Callable[[], list[Column]]] = {
    "area": _area_columns,
    "empire": _empire_columns,
    "magnate": _magnate_columns,
    "unit": _unit_columns,
    "connection": _connection_columns,
}


def _objects(scenario: Scenario, kind: str) -> list[Any]:
    """The objects a table of this kind lists, in file order."""
    return {
        "area": scenario.map.areas,
        "empire": scenario.setup.empires,
        "magnate": scenario.setup.magnates,
        "unit": scenario.setup.units,
        "connection": scenario.map.connections,
    }[kind]


class ObjectTableModel(QAbstractTableModel):
    """Rows of objects (areas or empires) with computed columns; ``ID_ROLE`` gives the row's id."""

    ID_ROLE = Qt.ItemDataRole.UserRole + 1

    def __init__(self, document: ScenarioDocument, kind: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.document = document
        self.kind = kind
        self.columns = COLUMNS[kind]()
        self.rows: list[list[Any]] = []
        self.ids: list[str] = []
        self.reload()

    def reload(self) -> None:
        """Recompute every row from the scenario."""
        self.beginResetModel()
        scenario = self.document.scenario
        values = _area_rows(scenario) if self.kind == "area" else {}
        objects = list(_objects(scenario, self.kind))
        self.ids = [o.id for o in objects]
        self.rows = [
            [getter(scenario, o, values.get(o.id, {})) for _n, getter in self.columns] for o in objects
        ]
        self.endResetModel()

    def update(self, ids: Collection[str]) -> None:
        """Recompute the rows of these objects in place (a reload when objects came, went or moved).

        On a 5,000-area map a reload re-sorts every row and held the window for half a second
        after each edit; an edit of a few areas now redraws a few rows.
        """
        scenario = self.document.scenario
        objects = list(_objects(scenario, self.kind))
        if len(objects) != len(self.ids) or any(o.id != i for o, i in zip(objects, self.ids, strict=True)):
            self.reload()
            return
        wanted = set(ids)
        values = _area_rows(scenario, wanted) if self.kind == "area" else {}
        last = len(self.columns) - 1
        for row, item in enumerate(objects):
            if item.id not in wanted:
                continue
            self.rows[row] = [getter(scenario, item, values.get(item.id, {})) for _n, getter in self.columns]
            self.dataChanged.emit(self.index(row, 0), self.index(row, last))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        """Number of objects."""
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Number of columns."""
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section][0]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell values (numbers stay numbers so that they sort as numbers)."""
        if not index.isValid():
            return None
        value = self.rows[index.row()][index.column()]
        if role == self.ID_ROLE:
            return self.ids[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return "" if value is None else value
        if role == Qt.ItemDataRole.DecorationRole and self.columns[index.column()][0] == "Colour":
            return QColor(str(value))
        return None

    def row_of(self, object_id: str) -> int:
        """The row of an object, or -1."""
        try:
            return self.ids.index(object_id)
        except ValueError:
            return -1


class ObjectTable(QWidget):
    """A filter box over a sortable table of one kind of object, synced with the selection."""

    def __init__(
        self, document: ScenarioDocument, selection: Selection, kind: str, parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.selection = selection
        self.model = ObjectTableModel(document, kind, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setSortRole(Qt.ItemDataRole.DisplayRole)
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("Filter (any column)…")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.table = QTableView(self)
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.filter)
        layout.addWidget(self.table)
        self._syncing = False
        self.table.selectionModel().selectionChanged.connect(self._rows_selected)
        selection.changed.connect(self.show_selection)

    def _rows_selected(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        if self._syncing:
            return
        rows = self.table.selectionModel().selectedRows()
        self.selection.set(str(index.data(ObjectTableModel.ID_ROLE)) for index in rows)

    def show_selection(self, ids: tuple[str, ...]) -> None:
        """Select the rows of the selected objects (and scroll to the first)."""
        self._syncing = True
        try:
            selection = QItemSelection()
            first: QModelIndex | None = None
            for object_id in ids:
                row = self.model.row_of(object_id)
                if row < 0:
                    continue
                index = self.proxy.mapFromSource(self.model.index(row, 0))
                if not index.isValid():
                    continue
                selection.select(index, index)
                first = first or index
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
            self.table.selectionModel().select(selection, flags)
            if first is not None:
                self.table.scrollTo(first)
        finally:
            self._syncing = False

    def reload(self) -> None:
        """Recompute the rows and re-select the selection."""
        self.model.reload()
        self.show_selection(self.selection.ids)

    def update(self, ids: Collection[str]) -> None:
        """Recompute the rows of some objects (the selection stays as it is)."""
        self.model.update(ids)


class TablesDock(QDockWidget):
    """Tabs of tables: areas, empires, Magnates, units, connections (with buttons to add powers).

    Emits ``refused(str)`` when the model refuses an edit made here.
    """

    refused = Signal(str)

    def __init__(
        self, document: ScenarioDocument, selection: Selection, parent: QWidget | None = None
    ) -> None:
        super().__init__("Tables", parent)
        self.setObjectName("tables_dock")
        self.document = document
        self.selection = selection
        self.tabs = QTabWidget(self)
        self.areas = ObjectTable(document, selection, "area", self)
        self.empires = ObjectTable(document, selection, "empire", self)
        self.add_empire_button = QPushButton("Add empire", self)
        self.add_empire_button.clicked.connect(self.add_empire)
        self.remove_empire_button = QPushButton("Remove selected empires", self)
        self.remove_empire_button.clicked.connect(self.remove_selected_empires)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_empire_button)
        buttons.addWidget(self.remove_empire_button)
        buttons.addStretch(1)
        layout = self.empires.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.addLayout(buttons)
        self.magnates = ObjectTable(document, selection, "magnate", self)
        self.add_magnate_button = QPushButton("Add Magnate", self)
        self.add_magnate_button.clicked.connect(self.add_magnate)
        magnate_layout = self.magnates.layout()
        assert isinstance(magnate_layout, QVBoxLayout)
        magnate_layout.addWidget(self.add_magnate_button)
        self.units = ObjectTable(document, selection, "unit", self)
        self.connections = ObjectTable(document, selection, "connection", self)
        self.tabs.addTab(self.areas, "Areas")
        self.tabs.addTab(self.empires, "Empires and leaders")
        self.tabs.addTab(self.magnates, "Magnates")
        self.tabs.addTab(self.units, "Units")
        self.tabs.addTab(self.connections, "Connections")
        self.setWidget(self.tabs)
        document.changed.connect(self._on_changed)

    def add_empire(self) -> str | None:
        """Add an empire with a new name and an unused colour, select it, and return its id."""
        scenario = self.document.scenario
        used = [e.colour for e in scenario.setup.empires] + [m.colour for m in scenario.setup.magnates]
        colour = suggest_colour(used)
        name = f"Empire {len(scenario.setup.empires) + 1}"
        try:
            command = commands.execute(
                self.document, lambda s: ops.add_empire(s, name, colour), f"Add {name}"
            )
        except (ValueError, KeyError, LookupError) as error:
            self.refused.emit(str(error))
            return None
        empire_id = command.changes[0].created[0]
        self.tabs.setCurrentWidget(self.empires)
        self.selection.set([empire_id])
        return empire_id

    def add_magnate(self) -> str | None:
        """Add a Magnate (a non-player power that can hold areas), select it, and return its id."""
        name = f"Magnate {len(self.document.scenario.setup.magnates) + 1}"
        try:
            command = commands.execute(self.document, lambda s: ops.add_magnate(s, name), f"Add {name}")
        except (ValueError, KeyError, LookupError) as error:
            self.refused.emit(str(error))
            return None
        magnate_id = command.changes[0].created[0]
        self.tabs.setCurrentWidget(self.magnates)
        self.selection.set([magnate_id])
        return magnate_id

    def remove_selected_empires(self) -> bool:
        """Remove the selected empires (their areas become independent, their units go) in one step."""
        ids = [e.id for e in self.document.scenario.setup.empires if e.id in self.selection.ids]
        if not ids:
            self.refused.emit("Select empires in the table to remove them")
            return False
        try:
            commands.execute(
                self.document, lambda s: ops.remove_empire(s, ids), f"Remove {len(ids)} empire(s)"
            )
        except (ValueError, KeyError, LookupError) as error:
            self.refused.emit(str(error))
            return False
        return True

    def _on_changed(self, change: DocumentChange) -> None:
        # Rows are cheap to recompute compared with one user edit; reload only the tables that show
        # what changed (a drag of a border changes none of them).
        if change.reset or change.setup or change.empires or change.magnates:
            self.areas.reload()
        elif change.areas:
            self.areas.update(change.areas)
        if change.reset or change.areas or change.empires or change.magnates or change.setup:
            self.empires.reload()
            self.magnates.reload()
        if change.reset or change.units or change.areas or change.empires or change.magnates:
            self.units.reload()
        if change.reset or change.connections or change.areas:
            self.connections.reload()
