"""The Units palette: the ruleset's unit kinds as draggable counters; drop one on an area to place it.

A drop places a unit of the chosen empire with the chosen strength (one undo step through
``model.ops.place_unit``). What the rules forbid outright is refused with the rule's number: a
strength outside the kind's range, or a kind on an area it cannot stand on (an army at sea).
What the validator flags (a unit in an area its owner does not hold, a fleet away from the coast)
is placed, and the ruleset's checks are run at once so the author hears which rule flags it; the
Issues dock lists it like any other issue.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
    """Unit kinds to drag onto the map, for the chosen empire and strength.

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
        self.kinds = _KindList(body)
        self.kinds.setDragEnabled(True)
        self.kinds.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.kinds.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.last = QLabel(body)
        self.last.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Empire", self.owner)
        form.addRow("Strength", self.strength)
        layout = QVBoxLayout(body)
        layout.addLayout(form)
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
        if change.reset or change.setup or change.empires:
            self.refresh()

    def refresh(self) -> None:
        """List the empires and the ruleset's unit kinds again (keeping the choices)."""
        scenario = self.document.scenario
        chosen = self.owner.currentData()
        self.owner.blockSignals(True)
        self.owner.clear()
        for empire in scenario.setup.empires:
            self.owner.addItem(empire.name, empire.id)
        self.owner.setCurrentIndex(max(self.owner.findData(chosen), 0))
        self.owner.blockSignals(False)
        self._fill_kinds()

    def unit_kinds(self) -> tuple[UnitKind, ...]:
        """The ruleset's unit kinds (none for an unknown ruleset)."""
        spec = registry.get(self.document.scenario.ruleset.id)
        return spec.unit_kinds if spec is not None else ()

    def _fill_kinds(self) -> None:
        chosen = self.kind_id()
        colours = {e.id: e.colour for e in self.document.scenario.setup.empires}
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
        """Place a unit of the chosen empire and strength (one undo step), or say why not."""
        scenario = self.document.scenario
        kind = self._kind(kind_id)
        owner = self.owner.currentData()
        if kind is None:
            result = Placement(refused=f"ruleset {scenario.ruleset.id} has no unit kind {kind_id!r}")
        elif owner is None:
            result = Placement(refused="add an empire first: units belong to an empire")
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
                lambda s: ops.place_unit(s, kind.id, owner, area_id, strength),
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
