"""The Units palette: the ruleset's unit kinds as draggable counters; drop one on an area to place it.

A drop places a unit of the chosen owner (an empire or a Magnate, such as a ruleset's neutral side)
with the chosen strength and unit attributes (one undo step through ``model.ops.place_unit``).
The attributes shown are the plain fields (numbers, yes/no, choices) of the ruleset's
``unit_attributes`` model, generated as the inspector generates its forms (:func:`placement_model`):
what distinguishes counters of one kind when they are placed, such as a progress level.

What the rules forbid outright is refused with the rule's number: a strength outside the kind's
range, or a kind on an area it cannot stand on (an army at sea). What the validator flags (a unit
in an area its owner does not hold, a fleet away from the coast) is placed, and the ruleset's
checks are run at once so the author hears which rule flags it; the Issues dock lists it like any
other issue.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass
from enum import Enum
from typing import Any

from pydantic import BaseModel, ValidationError, create_model
from PySide6.QtCore import QEvent, QMimeData, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QDragEnterEvent, QDragMoveEvent, QDropEvent, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor import commands
from editor.docks.schemaform import SchemaForm, set_path
from editor.document import DocumentChange, ScenarioDocument
from editor.selection import Selection
from model import ops
from model.rules import registry
from model.rules.registry import UnitKind
from model.scenario import Scenario

MIME_TYPE = "application/x-mappa-unit-kind"
"""Drag payload: the unit kind's id, as UTF-8."""


@dataclass(frozen=True)
class Placement:
    """The outcome of a drop: the new unit's id, or why it was refused; and what the validator flags."""

    unit_id: str = ""
    refused: str = ""
    flagged: tuple[str, ...] = ()

    @property
    def message(self) -> str:
        """One line for the status bar."""
        if self.refused:
            return f"Refused: {self.refused}"
        if self.flagged:
            return f"Placed {self.unit_id}, flagged: {'; '.join(self.flagged)}"
        return f"Placed {self.unit_id}"


def refusal(scenario: Scenario, kind: UnitKind, area_id: str, strength: int) -> str:
    """Why the rules forbid this placement outright ("" when they do not), naming the rule."""
    rule = f" (rule {kind.rule})" if kind.rule else ""
    if not kind.min_strength <= strength <= kind.max_strength:
        return (
            f"{kind.name} strength must be {kind.min_strength} to {kind.max_strength}, not {strength}{rule}"
        )
    area = scenario.area(area_id)
    if area.kind not in kind.allowed_on:
        allowed = " or ".join(k.value for k in kind.allowed_on)
        return f"{kind.name} cannot stand in {area.kind.value} area {area.name}: only on {allowed}{rule}"
    return ""


def flags_for(scenario: Scenario, unit_id: str) -> tuple[str, ...]:
    """The ruleset checks' issues about one unit, as ``CODE (rule): message``."""
    spec = registry.get(scenario.ruleset.id)
    if spec is None:
        return ()
    try:
        issues = spec.run_checks(scenario)
    except Exception as error:  # a broken check must not lose the placement; say so instead
        return (f"the ruleset's checks failed: {error}",)
    return tuple(
        f"{issue.code}{f' ({issue.rule})' if issue.rule else ''}: {issue.message}"
        for issue in issues
        if unit_id in issue.ids
    )


def _plain(annotation: Any) -> bool:
    """Whether a field's type is a plain value a compact form shows (optional ones included)."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        others = [a for a in typing.get_args(annotation) if a is not type(None)]
        return len(others) == 1 and _plain(others[0])
    if typing.get_origin(annotation) is typing.Literal:
        return True
    return annotation in (bool, int, float) or (isinstance(annotation, type) and issubclass(annotation, Enum))


def placement_model(model: type[BaseModel]) -> type[BaseModel] | None:
    """The fields of a ruleset's ``unit_attributes`` model that the palette sets on a new unit:
    the plain ones that have a default (lists, texts and references stay the inspector's);
    None when there are none."""
    fields: dict[str, Any] = {
        name: (info.annotation, info)
        for name, info in model.model_fields.items()
        if not info.is_required() and not info.frozen and _plain(info.annotation)
    }
    if not fields:
        return None
    built: type[BaseModel] = create_model(f"{model.__name__}Placement", **fields)
    return built


def _counter_icon(kind: UnitKind, colour: str) -> QIcon:
    """A counter like the map's: the owner's colour with the kind's initial."""
    pixmap = QPixmap(28, 28)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setBrush(QColor(colour))
    painter.setPen(QColor("#202020"))
    painter.drawRoundedRect(2, 2, 24, 24, 3, 3)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(pixmap.rect(), Qt.AlignmentFlag.AlignCenter, kind.name[:1].upper())
    painter.end()
    return QIcon(pixmap)


class _KindList(QListWidget):
    """The unit kinds; dragging one carries its id."""

    def mimeData(self, items: Any) -> QMimeData:
        """Put the dragged kind's id in the drag."""
        data = QMimeData()
        if items:
            data.setData(MIME_TYPE, str(items[0].data(Qt.ItemDataRole.UserRole)).encode("utf-8"))
        return data

    def mimeTypes(self) -> list[str]:
        """The one payload this list makes."""
        return [MIME_TYPE]


class UnitsPaletteDock(QDockWidget):
    """Unit kinds to drag onto the map, for the chosen owner, strength and unit attributes.

    Signals: ``placed(str)`` with the status message after each drop (placed, flagged or refused).
    """

    placed = Signal(str)

    def __init__(
        self, document: ScenarioDocument, selection: Selection | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__("Units palette", parent)
        self.setObjectName("units_palette_dock")
        self.document = document
        self.selection = selection
        body = QWidget(self)
        self.owner = QComboBox(body)
        self.strength = QSpinBox(body)
        # The unit attributes a new unit gets (only those the author changed from the default).
        self.attributes: dict[str, Any] = {}
        self.attributes_form: SchemaForm | None = None
        self._attributes_model: type[BaseModel] | None = None
        self._attributes_source: type[BaseModel] | None = None
        self.kinds = _KindList(body)
        self.kinds.setDragEnabled(True)
        self.kinds.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.kinds.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.last = QLabel(body)
        self.last.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Owner", self.owner)
        form.addRow("Strength", self.strength)
        layout = QVBoxLayout(body)
        layout.addLayout(form)
        self._attributes_box = QVBoxLayout()
        self._attributes_box.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._attributes_box)
        layout.addWidget(QLabel("Drag a unit onto an area of the map:", body))
        layout.addWidget(self.kinds, 1)
        layout.addWidget(self.last)
        self.setWidget(body)
        self.kinds.currentItemChanged.connect(lambda *_: self._strength_range())
        self.owner.currentIndexChanged.connect(lambda _i: self._fill_kinds())
        document.changed.connect(self._on_changed)
        self.refresh()

    # --- lists ----------------------------------------------------------------------------------

    def _on_changed(self, change: DocumentChange) -> None:
        if change.reset or change.setup or change.empires or change.magnates:
            self.refresh()

    def refresh(self) -> None:
        """List the owners (empires, then Magnates) and the ruleset's unit kinds again, keeping
        the choices, and the unit attributes of the ruleset."""
        scenario = self.document.scenario
        chosen = self.owner.currentData()
        self.owner.blockSignals(True)
        self.owner.clear()
        for empire in scenario.setup.empires:
            self.owner.addItem(empire.name, empire.id)
        for magnate in scenario.setup.magnates:
            self.owner.addItem(f"{magnate.name} (Magnate)", magnate.id)
        self.owner.setCurrentIndex(max(self.owner.findData(chosen), 0))
        self.owner.blockSignals(False)
        self._fill_attributes()
        self._fill_kinds()

    def _fill_attributes(self) -> None:
        """Build the unit attributes form for the ruleset (again only when its model changed)."""
        spec = registry.get(self.document.scenario.ruleset.id)
        source = spec.unit_attributes if spec is not None else None
        if source is self._attributes_source:
            return  # the same ruleset: keep what the author chose
        self._attributes_source = source
        model = placement_model(source) if source is not None else None
        if self.attributes_form is not None:
            self.attributes_form.deleteLater()
            self.attributes_form = None
        self._attributes_model = model
        self.attributes = {}
        if model is None:
            return
        self.attributes_form = SchemaForm(model, lambda _kind: [], self.widget())
        self.attributes_form.setObjectName("units_palette_attributes")
        self.attributes_form.edited.connect(self._on_attribute)
        self._attributes_box.addWidget(self.attributes_form)
        self._show_attributes()

    def _on_attribute(self, path: tuple[str, ...], value: Any) -> None:
        self.attributes = set_path(self.attributes, path, value)
        self._show_attributes()

    def _show_attributes(self) -> None:
        """Show the chosen attributes with the defaults filled in (a refused value goes back)."""
        model = self._attributes_model
        if model is None or self.attributes_form is None:
            return
        try:
            shown = model.model_validate(self.attributes).model_dump(mode="json")
        except ValidationError:
            self.attributes = {}
            shown = model().model_dump(mode="json")
        self.attributes_form.set_values([shown])

    def set_attribute(self, name: str, value: Any) -> None:
        """Choose the value of one unit attribute for the units placed next (as the form does)."""
        self._on_attribute((name,), value)

    def unit_kinds(self) -> tuple[UnitKind, ...]:
        """The ruleset's unit kinds (none for an unknown ruleset)."""
        spec = registry.get(self.document.scenario.ruleset.id)
        return spec.unit_kinds if spec is not None else ()

    def _fill_kinds(self) -> None:
        chosen = self.kind_id()
        setup = self.document.scenario.setup
        colours = {**{m.id: m.colour for m in setup.magnates}, **{e.id: e.colour for e in setup.empires}}
        colour = colours.get(self.owner.currentData(), "#808080")
        self.kinds.clear()
        for kind in self.unit_kinds():
            strength = (
                f"strength {kind.min_strength}"
                if kind.min_strength == kind.max_strength
                else f"strength {kind.min_strength}–{kind.max_strength}"
            )
            item = QListWidgetItem(_counter_icon(kind, colour), f"{kind.name} ({strength})")
            item.setData(Qt.ItemDataRole.UserRole, kind.id)
            where = " or ".join(k.value for k in kind.allowed_on)
            item.setToolTip(f"Stands on {where}{f'; rule {kind.rule}' if kind.rule else ''}")
            self.kinds.addItem(item)
            if kind.id == chosen:
                self.kinds.setCurrentItem(item)
        if self.kinds.currentItem() is None and self.kinds.count():
            self.kinds.setCurrentRow(0)
        self._strength_range()

    def kind_id(self) -> str | None:
        """The unit kind chosen in the list."""
        item = self.kinds.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None

    def _strength_range(self) -> None:
        kind = self._kind(self.kind_id())
        # A wide range so that an out-of-range strength can be tried and refused with its rule.
        self.strength.setRange(0, 99)
        if kind is not None and not kind.min_strength <= self.strength.value() <= kind.max_strength:
            self.strength.setValue(kind.min_strength)

    def _kind(self, kind_id: str | None) -> UnitKind | None:
        return next((k for k in self.unit_kinds() if k.id == kind_id), None)

    # --- placing --------------------------------------------------------------------------------

    def place(self, kind_id: str, area_id: str) -> Placement:
        """Place a unit of the chosen owner, strength and attributes (one undo step), or say why not."""
        scenario = self.document.scenario
        kind = self._kind(kind_id)
        owner = self.owner.currentData()
        if kind is None:
            result = Placement(refused=f"ruleset {scenario.ruleset.id} has no unit kind {kind_id!r}")
        elif owner is None:
            result = Placement(refused="add an empire first: units belong to an empire or a Magnate")
        elif area_id not in scenario.area_index():
            result = Placement(refused=f"no area with id {area_id!r}")
        else:
            result = self._place(scenario, kind, str(owner), area_id, self.strength.value())
        self.last.setText(result.message)
        self.placed.emit(result.message)
        return result

    def _place(
        self, scenario: Scenario, kind: UnitKind, owner: str, area_id: str, strength: int
    ) -> Placement:
        why = refusal(scenario, kind, area_id, strength)
        if why:
            return Placement(refused=why)
        try:
            command = commands.execute(
                self.document,
                lambda s: ops.place_unit(s, kind.id, owner, area_id, strength, dict(self.attributes)),
                f"Place {kind.name.lower()} in {scenario.area(area_id).name}",
            )
        except (ValueError, KeyError, LookupError) as error:
            return Placement(refused=str(error))
        unit_id = command.changes[0].created[0] if command.changes else ""
        if self.selection is not None and unit_id:
            self.selection.set([unit_id])
        return Placement(unit_id=unit_id, flagged=flags_for(scenario, unit_id))


class MapDropTarget(QObject):
    """Lets the map view take unit kinds dropped from the palette (an event filter on its viewport)."""

    def __init__(self, view: Any, palette: UnitsPaletteDock) -> None:
        super().__init__(view)
        self.view = view
        self.palette = palette
        view.viewport().setAcceptDrops(True)
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Accept palette drags over areas; place the unit on a drop."""
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            assert isinstance(event, QDragEnterEvent | QDragMoveEvent)
            if not event.mimeData().hasFormat(MIME_TYPE):
                return False
            if self._area(event.position()) is not None or kind == QEvent.Type.DragEnter:
                event.acceptProposedAction()
            else:
                event.ignore()
            return True
        if kind == QEvent.Type.Drop:
            assert isinstance(event, QDropEvent)
            if not event.mimeData().hasFormat(MIME_TYPE):
                return False
            kind_id = bytes(event.mimeData().data(MIME_TYPE).data()).decode("utf-8")
            area_id = self._area(event.position())
            if area_id is None:
                self.palette.placed.emit("Drop the unit on an area")
                event.ignore()
                return True
            self.palette.place(kind_id, area_id)
            event.acceptProposedAction()
            return True
        return False

    def _area(self, position: QPointF) -> str | None:
        scene_point = self.view.mapToScene(position.toPoint())
        return self.view.map_scene.area_at(scene_point)  # type: ignore[no-any-return]
