"""The Tables dock: spreadsheet views of areas and empires, sortable, filterable, synced with the map.

Each table is a ``QAbstractTableModel`` over the scenario behind a ``QSortFilterProxyModel``
(sorting by column, filtering by text over every column). Selecting rows selects the objects on
the map and in the inspector; selecting on the map selects the rows. Editing happens in the
inspector, so every change goes through its undo commands.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
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
    QStackedWidget,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor import commands, rulesets
from editor.document import DocumentChange, ScenarioDocument
from editor.mapview.modes import area_values, model_values
from editor.selection import Selection
from model import ops
from model.colours import suggest_colour
from model.rules import registry
from model.scenario import AreaKind, Scenario

Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Row:
    """What a column reads for one object: the scenario, the object, its attribute values with the
    ruleset's defaults filled in, and the names of everything an id may refer to."""

    scenario: Scenario
    item: Any
    values: dict[str, Any]
    names: dict[str, str]

    def name(self, object_id: str | None) -> str:
        """The name of the object an id refers to (the id itself when nothing has that id)."""
        return "" if object_id is None else self.names.get(object_id, object_id)


Column = tuple[str, Callable[[Row], Any]]


def _area_columns() -> list[Column]:
    return [
        ("Id", lambda r: r.item.id),
        ("Name", lambda r: r.item.name),
        ("Kind", lambda r: r.item.kind.value),
        ("Owner", lambda r: r.name(r.values.get("owner"))),
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


def _owned(row: Row) -> int:
    return sum(1 for a in row.scenario.setup.areas.values() if a.owner == row.item.id)


def _empire_columns() -> list[Column]:
    return [
        ("Id", lambda r: r.item.id),
        ("Name", lambda r: r.item.name),
        ("Colour", lambda r: r.item.colour),
        ("Areas", _owned),
    ]


def _magnate_columns() -> list[Column]:
    return [
        ("Id", lambda r: r.item.id),
        ("Name", lambda r: r.item.name),
        ("Colour", lambda r: r.item.colour),
        ("Areas", _owned),
    ]


def _unit_columns() -> list[Column]:
    return [
        ("Id", lambda r: r.item.id),
        ("Kind", lambda r: r.item.kind),
        ("Owner", lambda r: r.name(r.item.owner)),
        ("Area", lambda r: r.name(r.item.area)),
        ("Strength", lambda r: r.item.strength),
    ]


def _connection_columns() -> list[Column]:
    return [
        ("Id", lambda r: r.item.id),
        ("Kind", lambda r: r.item.kind.value),
        ("From", lambda r: r.name(r.item.a)),
        ("To", lambda r: r.name(r.item.b)),
        ("Name", lambda r: r.item.name),
        ("One way", lambda r: "yes" if r.item.one_way else ""),
    ]


def _names(scenario: Scenario) -> dict[str, str]:
    """Id -> name of every object a table cell may refer to (areas, powers, catalog entries)."""
    c = scenario.catalogs
    named = (scenario.map.areas, scenario.setup.empires, scenario.setup.magnates, c.languages, c.religions)
    return {item.id: item.name or item.id for group in named for item in group}


def _values(scenario: Scenario, kind: str, only: Collection[str] | None = None) -> dict[str, dict[str, Any]]:
    """Per object id, its attributes with the ruleset's defaults filled in (what the engine will use)."""
    if kind == "area":
        return _area_rows(scenario, only)
    spec = registry.get(scenario.ruleset.id)
    model = {
        "empire": spec.empire_attributes if spec else None,
        "magnate": spec.magnate_attributes if spec else None,
    }.get(kind)
    if model is None:
        return {}
    return {
        o.id: model_values(model, o.attributes)
        for o in _objects(scenario, kind)
        if only is None or o.id in only
    }


COLUMNS: dict[str, Callable[[], list[Column]]] = {
    "area": _area_columns,
    "empire": _empire_columns,
    "magnate": _magnate_columns,
    "unit": _unit_columns,
    "connection": _connection_columns,
}


SHARED_TAIL = {"empire": 1, "magnate": 1}
"""How many of a table's shared columns come after the ruleset's own (the Areas count)."""


HANDICAP = "handicap"
"""The empire attribute of victory points added at the end (the balance report suggests values)."""


def _handicap_columns(kind: str, ruleset_id: str) -> list[Column]:
    """A "Handicap" column for empires when the ruleset's empire schema has a handicap attribute:
    asked of the schema, so every ruleset with handicaps gets it without a column of its own."""
    spec = registry.get(ruleset_id)
    model = spec.empire_attributes if spec is not None and kind == "empire" else None
    if model is None or HANDICAP not in model.model_fields:
        return []
    return [("Handicap", lambda r: r.values.get(HANDICAP))]


def columns_for(kind: str, ruleset_id: str) -> list[Column]:
    """A table's columns: the shared ones with the ruleset's own (``table_columns``) and the
    handicap (when the ruleset has one) before the tail."""
    shared = COLUMNS[kind]()
    own = list(rulesets.get(ruleset_id).table_columns.get(kind, ()))
    own += [c for c in _handicap_columns(kind, ruleset_id) if c[0] not in {name for name, _ in own}]
    tail = SHARED_TAIL.get(kind, 0)
    return [*shared[: len(shared) - tail], *own, *shared[len(shared) - tail :]]


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
        self.columns = columns_for(kind, document.scenario.ruleset.id)
        self.rows: list[list[Any]] = []
        self.ids: list[str] = []
        self.reload()

    def reload(self) -> None:
        """Recompute every row from the scenario."""
        self.beginResetModel()
        scenario = self.document.scenario
        self.columns = columns_for(self.kind, scenario.ruleset.id)  # another file, another ruleset
        values, names = _values(scenario, self.kind), _names(scenario)
        objects = list(_objects(scenario, self.kind))
        self.ids = [o.id for o in objects]
        self.rows = [self._row(Row(scenario, o, values.get(o.id, {}), names)) for o in objects]
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
        values, names = _values(scenario, self.kind, wanted), _names(scenario)
        last = len(self.columns) - 1
        for row, item in enumerate(objects):
            if item.id not in wanted:
                continue
            self.rows[row] = self._row(Row(scenario, item, values.get(item.id, {}), names))
            self.dataChanged.emit(self.index(row, 0), self.index(row, last))

    def _row(self, row: Row) -> list[Any]:
        return [getter(row) for _title, getter in self.columns]

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
        # Each table's filter box sits beside the tabs rather than above its table: in the short
        # bottom row of a 768-pixel screen that line is one more row of the table.
        self.tabs.setDocumentMode(True)
        self.filters = QStackedWidget(self.tabs)
        for table in self.tables():
            table_layout = table.layout()
            assert table_layout is not None
            table_layout.removeWidget(table.filter)
            table.filter.setMinimumWidth(200)
            self.filters.addWidget(table.filter)
        self.tabs.setCornerWidget(self.filters, Qt.Corner.TopRightCorner)
        self.tabs.currentChanged.connect(self.filters.setCurrentIndex)
        self.setWidget(self.tabs)
        document.changed.connect(self._on_changed)

    def tables(self) -> tuple[ObjectTable, ...]:
        """The tables in tab order."""
        return (self.areas, self.empires, self.magnates, self.units, self.connections)

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
