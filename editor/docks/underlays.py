"""The Underlays dock: the map's basemaps and reference pictures, with opacity, position and scale.

Every control is an undoable edit (``model.ops.set_underlay``); dragging the opacity slider or
spinning a value merges into one undo step per underlay and field. Buttons add a basemap (as a
reference layer or as coastline linework) or a picture, and remove the chosen underlay.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from editor import commands
from editor.dialogs.underlay import import_basemap, import_image
from editor.document import DocumentChange, ScenarioDocument
from model import ops
from model.scenario import Underlay


def _spin(low: float, high: float, decimals: int, step: float, parent: QWidget) -> QDoubleSpinBox:
    box = QDoubleSpinBox(parent)
    box.setRange(low, high)
    box.setDecimals(decimals)
    box.setSingleStep(step)
    box.setKeyboardTracking(False)  # one edit when typing is done, not one per keystroke
    return box


class UnderlaysDock(QDockWidget):
    """Lists ``map.underlays`` and edits the chosen one. Signals: ``refused(str)``.

    ``problems`` (set by the window to the underlay layer's ``errors``) says which underlays are
    not shown and why: their rows say so in red, with the reason as the tooltip.
    """

    refused = Signal(str)

    def __init__(self, document: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__("Underlays", parent)
        self.setObjectName("underlays_dock")
        self.document = document
        self.problems: dict[str, str] = {}
        self._filling = False
        body = QWidget(self)
        self.list = QListWidget(body)
        self.visible = QCheckBox("Visible", body)
        self.opacity = QSlider(Qt.Orientation.Horizontal, body)
        self.opacity.setRange(0, 100)
        self.x = _spin(-1e7, 1e7, 2, 10, body)
        self.y = _spin(-1e7, 1e7, 2, 10, body)
        self.scale = _spin(1e-6, 1e6, 6, 0.01, body)
        self.add_basemap = QPushButton("Basemap…", body)
        self.add_image = QPushButton("Picture…", body)
        self.remove = QPushButton("Remove", body)
        form = QFormLayout()
        form.addRow(self.visible)
        form.addRow("Opacity", self.opacity)
        form.addRow("X", self.x)
        form.addRow("Y", self.y)
        form.addRow("Scale", self.scale)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_basemap)
        buttons.addWidget(self.add_image)
        buttons.addWidget(self.remove)
        layout = QVBoxLayout(body)
        layout.addWidget(self.list, 1)
        layout.addLayout(form)
        layout.addLayout(buttons)
        self.setWidget(body)

        self.list.currentRowChanged.connect(lambda _row: self._show_current())
        self.visible.toggled.connect(lambda on: self.set_field("visible", bool(on)))
        self.opacity.valueChanged.connect(lambda value: self.set_field("opacity", value / 100))
        self.x.valueChanged.connect(lambda value: self.set_field("x", value))
        self.y.valueChanged.connect(lambda value: self.set_field("y", value))
        self.scale.valueChanged.connect(lambda value: self.set_field("scale", value))
        self.add_basemap.clicked.connect(lambda: self._report(import_basemap(self.document, self)))
        self.add_image.clicked.connect(lambda: self._report(import_image(self.document, self)))
        self.remove.clicked.connect(self.remove_current)
        document.changed.connect(self._on_changed)
        self.refresh()

    def current(self) -> Underlay | None:
        """The underlay chosen in the list."""
        item = self.list.currentItem()
        if item is None:
            return None
        underlay_id = item.data(Qt.ItemDataRole.UserRole)
        return next((u for u in self.document.scenario.map.underlays if u.id == underlay_id), None)

    def _on_changed(self, change: DocumentChange) -> None:
        if change.reset or change.setup:
            self.refresh()

    def refresh(self) -> None:
        """List the underlays again, keeping the chosen one."""
        chosen = self.current()
        self._filling = True
        try:
            self.list.clear()
            for underlay in self.document.scenario.map.underlays:
                item = QListWidgetItem(f"{underlay.id}: {underlay.kind} — {underlay.source}")
                item.setData(Qt.ItemDataRole.UserRole, underlay.id)
                problem = self.problems.get(underlay.id)
                if problem is not None:  # refused or unreadable: say so where the author looks
                    item.setText(f"Not shown: {item.text()} (hover for why)")
                    item.setForeground(QColor("#b00020"))
                    item.setToolTip(problem)
                self.list.addItem(item)
                if chosen is not None and underlay.id == chosen.id:
                    self.list.setCurrentItem(item)
            if self.list.currentItem() is None and self.list.count():
                self.list.setCurrentRow(self.list.count() - 1)
        finally:
            self._filling = False
        self._show_current()

    def _show_current(self) -> None:
        underlay = self.current()
        self._filling = True
        try:
            for widget in (self.visible, self.opacity, self.x, self.y, self.scale, self.remove):
                widget.setEnabled(underlay is not None)
            if underlay is None:  # neutral values, not the spin boxes' minimums
                self.visible.setChecked(False)
                self.opacity.setValue(0)
                self.x.setValue(0.0)
                self.y.setValue(0.0)
                self.scale.setValue(1.0)
            else:
                self.visible.setChecked(underlay.visible)
                self.opacity.setValue(round(underlay.opacity * 100))
                self.x.setValue(underlay.x)
                self.y.setValue(underlay.y)
                self.scale.setValue(underlay.scale)
        finally:
            self._filling = False

    def set_field(self, field: str, value: Any) -> bool:
        """Set one field of the chosen underlay; repeated edits of one field merge into one step."""
        underlay = self.current()
        if self._filling or underlay is None or getattr(underlay, field) == value:
            return False
        underlay_id = underlay.id
        try:
            commands.execute(
                self.document,
                lambda s: ops.set_underlay(s, underlay_id, **{field: value}),
                f"Set {field} of underlay {underlay_id}",
                merge_key=("underlay", underlay_id, field),
            )
        except (ValueError, KeyError, LookupError) as error:
            self._report(str(error))
            self._show_current()
            return False
        return True

    def remove_current(self) -> bool:
        """Remove the chosen underlay (one undo step)."""
        underlay = self.current()
        if underlay is None:
            return False
        underlay_id = underlay.id
        try:
            commands.execute(self.document, lambda s: ops.remove_underlay(s, underlay_id))
        except (ValueError, KeyError, LookupError) as error:
            self._report(str(error))
            return False
        return True

    def _report(self, message: str) -> None:
        if message and message != "cancelled":
            self.refused.emit(message)
