"""Field editors for references and colours, chosen by ``SchemaForm`` from a field's schema.

* ``RefListEditor``: a list of references (``list[Id]`` marked ``{"ref": kind}``): a field that
  shows the chosen names and opens a checkable list of every object of that kind; each tick is
  one undo step.
* ``RefTableEditor``: a dict keyed by references with number values (``dict[Id, int]`` marked
  ``{"ref": kind}``): one row per key (name, spin box, remove button) and an "Add" picker.
* ``ColourEditor``: a ``#rrggbb`` string: a swatch button that opens a colour dialog, beside the
  hex text, which stays editable.

The colour dialog is modal; it is reached through ``ask_colour`` alone so that tests replace it
(a modal ``exec`` never returns in a headless test).
"""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPaintEvent, QPalette, QPixmap
from PySide6.QtWidgets import (
    QColorDialog,
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.docks.fields import (
    MIXED,
    ChoiceProvider,
    FieldChange,
    FieldEditor,
    RemoveKey,
    SetKey,
    ToggleReference,
)
from editor.docks.range_spin import INT_LIMIT, RangeDoubleSpinBox, RangeSpinBox

_FILTER_FROM = 12
"""Lists longer than this get a filter line in their popup (a map may have thousands of areas)."""


def ask_colour(initial: QColor, parent: QWidget | None, title: str) -> QColor | None:
    """Ask the user for a colour in a modal dialog; None when cancelled. Tests replace this."""
    colour = QColorDialog.getColor(initial, parent, title)
    return colour if colour.isValid() else None


class CompactComboBox(QComboBox):
    """A combo box whose width does not follow its longest item (so that it fits a narrow dock) and
    that ends a text too long for it with an ellipsis rather than cutting it off."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(6)

    def paintEvent(self, _event: QPaintEvent) -> None:
        """Paint the frame and arrow as usual, and the current text elided to the space left."""
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        if self.currentIndex() < 0 and self.placeholderText():
            option.currentText = self.placeholderText()
            option.palette.setBrush(QPalette.ColorRole.ButtonText, option.palette.placeholderText())
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        option.currentText = self.fontMetrics().elidedText(
            option.currentText, Qt.TextElideMode.ElideRight, max(field.width() - 4, 0)
        )
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)


class _PopupCombo(CompactComboBox):
    """A combo box that shows one summary line and asks for its own popup instead of a list."""

    opened = Signal()

    def showPopup(self) -> None:
        """Open the owner's popup (clicks, Space and Alt+Down all come here)."""
        self.opened.emit()


class _RefEditor(FieldEditor):
    """An editor of references to ``ref`` objects: re-reads its choices; shows one value as all."""

    ref: str
    _choices: list[tuple[str, str]]
    _value: Any

    def set_choices(self, choices: ChoiceProvider) -> None:
        """Re-read the referable objects (their names may have changed)."""
        self._choices = choices(self.ref)
        self._fill()

    def _show(self, value: Any) -> None:
        self._show_all([value], value is MIXED)

    def _fill(self) -> None:
        raise NotImplementedError

    def _commit(self, change: FieldChange, merges: bool) -> None:
        """Emit a change: the new value when the objects agreed, else the change to resolve per object."""
        if self._value is not MIXED:
            self._value = change.apply(self._value)
        self._emit(change if self._value is MIXED else copy.copy(self._value), merges=merges)


class RefListEditor(_RefEditor):
    """A list of references: a summary line that opens a checkable list of the referable objects.

    When the selected objects disagree, a reference some of them hold is partly checked; ticking
    or unticking it sets it on all of them and keeps their other references.
    """

    def __init__(self, parent: QWidget, ref: str, choices: ChoiceProvider) -> None:
        self.box = _PopupCombo(parent)
        super().__init__(self.box)
        self.ref = ref
        self._choices = choices(ref)
        self._value: Any = []
        self._states: dict[str, Qt.CheckState] = {}
        self.popup = QFrame(self.box, Qt.WindowType.Popup)
        self.popup.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self.popup)
        layout.setContentsMargins(2, 2, 2, 2)
        self.filter = QLineEdit(self.popup)
        self.filter.setPlaceholderText("Filter…")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._filter)
        self.list = QListWidget(self.popup)
        layout.addWidget(self.filter)
        layout.addWidget(self.list)
        self.list.itemChanged.connect(self._toggled)
        self.box.opened.connect(self.open_popup)
        self._fill()

    def open_popup(self) -> None:
        """Show the checkable list under the field."""
        self.filter.setVisible(self.list.count() > _FILTER_FROM)
        rows = min(max(self.list.count(), 1), 14)
        row_height = max(self.list.sizeHintForRow(0), self.list.fontMetrics().height() + 4)
        height = rows * row_height + 8 + (self.filter.sizeHint().height() if self.filter.isVisible() else 0)
        width = max(self.box.width(), 220)
        self.popup.resize(width, height)
        below = self.box.mapToGlobal(QPoint(0, self.box.height()))
        x, y = below.x(), below.y()
        # The inspector sits at the screen's right edge: keep the popup on the screen.
        screen = self.box.screen().availableGeometry()
        x = max(screen.left(), min(x, screen.right() + 1 - width))
        if y + height > screen.bottom() + 1:
            y = self.box.mapToGlobal(QPoint(0, 0)).y() - height
        self.popup.move(x, y)
        self.popup.show()
        (self.filter if self.filter.isVisible() else self.list).setFocus()

    def _filter(self, text: str) -> None:
        needle = text.strip().lower()
        for row in range(self.list.count()):
            item = self.list.item(row)
            item.setHidden(bool(needle) and needle not in item.text().lower())

    def _show_all(self, values: list[Any], mixed: bool) -> None:
        lists = [v if isinstance(v, list) else [] for v in values if v is not MIXED]
        held = [x for items in lists for x in items]
        self._states = {}
        for ref_id in dict.fromkeys(held):
            everywhere = all(ref_id in items for items in lists)
            self._states[ref_id] = Qt.CheckState.Checked if everywhere else Qt.CheckState.PartiallyChecked
        self._value = MIXED if mixed or any(v is MIXED for v in values) else (lists[0] if lists else [])
        self._fill()

    def _entries(self) -> list[tuple[str, str]]:
        known = dict(self._choices)
        # A dangling reference stays listed (and ticked) so that the author sees and removes it.
        unknown = [(i, f"{i} (unknown)") for i in self._states if i not in known]
        return list(self._choices) + unknown

    def _fill(self) -> None:
        entries = self._entries()
        loading, self._loading = self._loading, True
        try:
            same = self.list.count() == len(entries) and all(
                self.list.item(row).data(Qt.ItemDataRole.UserRole) == ref_id
                for row, (ref_id, _label) in enumerate(entries)
            )
            if not same:
                # Rebuilt only when the objects themselves change: an item is never deleted
                # while its own itemChanged signal is being delivered.
                self.list.clear()
                for ref_id, label in entries:
                    item = QListWidgetItem(label)
                    item.setData(Qt.ItemDataRole.UserRole, ref_id)
                    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                    self.list.addItem(item)
            for row, (ref_id, label) in enumerate(entries):
                item = self.list.item(row)
                item.setText(label)
                item.setCheckState(self._states.get(ref_id, Qt.CheckState.Unchecked))
            self._filter(self.filter.text())
            self._summarise()
        finally:
            self._loading = loading

    def _summarise(self) -> None:
        names = dict(self._entries())
        chosen = [names[i] for i, s in self._states.items() if s == Qt.CheckState.Checked]
        some = [names[i] for i, s in self._states.items() if s == Qt.CheckState.PartiallyChecked]
        text = ", ".join(chosen) or ("" if some else "(none)")
        if some:
            text += ("; " if chosen else "") + "some: " + ", ".join(some)
        self.box.clear()
        self.box.addItem(text)
        self.box.setCurrentIndex(0)
        self.box.setToolTip(text)  # the field may be too narrow for every name

    def checked(self) -> list[str]:
        """The ids ticked in the list (for tests and scripting)."""
        return [i for i, s in self._states.items() if s == Qt.CheckState.Checked]

    def _toggled(self, item: QListWidgetItem) -> None:
        if self._loading:
            return
        ref_id = str(item.data(Qt.ItemDataRole.UserRole))
        on = item.checkState() != Qt.CheckState.Unchecked
        if on:
            self._states[ref_id] = Qt.CheckState.Checked
        else:
            self._states.pop(ref_id, None)
        self._summarise()
        self._commit(ToggleReference(ref_id, on), merges=False)


def _number_box(
    parent: QWidget, number: type, low: float | None, high: float | None
) -> RangeSpinBox | RangeDoubleSpinBox:
    box: RangeSpinBox | RangeDoubleSpinBox
    if number is float:
        box = RangeDoubleSpinBox(parent)
        box.setDecimals(3)
        box.set_allowed(low if low is not None else -1e9, high if high is not None else 1e9)
    else:
        box = RangeSpinBox(parent)
        minimum = int(low) if low is not None else -INT_LIMIT
        box.set_allowed(minimum, int(high) if high is not None else INT_LIMIT)
    box.setKeyboardTracking(False)
    return box


class RefTableEditor(_RefEditor):
    """A dict keyed by references with number values: rows of name, spin box and remove button.

    A row's value shows "mixed" when the selected objects disagree on it; setting it sets it on
    all of them. Adding and removing a row are undo steps of their own; spinning merges.
    """

    def __init__(
        self,
        parent: QWidget,
        ref: str,
        choices: ChoiceProvider,
        number: type = int,
        low: float | None = None,
        high: float | None = None,
    ) -> None:
        self.frame = QWidget(parent)
        super().__init__(self.frame)
        self.ref = ref
        self.number = number
        self.low = low
        self.high = high
        self._choices = choices(ref)
        self._value: Any = {}
        self._shown: dict[str, Any] = {}
        layout = QVBoxLayout(self.frame)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.rows_widget = QWidget(self.frame)
        self.grid = QGridLayout(self.rows_widget)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(4)
        self.grid.setVerticalSpacing(2)
        self.grid.setColumnStretch(0, 1)
        layout.addWidget(self.rows_widget)
        self.add_box = CompactComboBox(self.frame)
        self.add_box.setPlaceholderText(f"Add {ref.replace('_', ' ')}…")
        self.add_box.activated.connect(self._add)
        layout.addWidget(self.add_box)
        self.spins: dict[str, QSpinBox | QDoubleSpinBox] = {}
        self.labels: dict[str, QLabel] = {}
        self.remove_buttons: dict[str, QToolButton] = {}
        self._row_widgets: list[QWidget] = []
        self._fill()

    @property
    def default(self) -> float:
        """The value of a new row: one (a count), or the nearest value the range allows."""
        low = self.low if self.low is not None else -INT_LIMIT
        high = self.high if self.high is not None else INT_LIMIT
        return min(max(1, low), high)

    def _show_all(self, values: list[Any], mixed: bool) -> None:
        dicts = [v if isinstance(v, dict) else {} for v in values if v is not MIXED]
        keys = dict.fromkeys(k for d in dicts for k in d)
        self._shown = {}
        for key in keys:
            seen = [d.get(key, MIXED) for d in dicts]
            self._shown[key] = seen[0] if all(s == seen[0] for s in seen) else MIXED
        self._value = MIXED if mixed or any(v is MIXED for v in values) else (dicts[0] if dicts else {})
        self._fill()

    def _keys(self) -> list[str]:
        order = [i for i, _label in self._choices if i in self._shown]
        return order + [k for k in self._shown if k not in order]

    def _fill(self) -> None:
        loading, self._loading = self._loading, True
        try:
            keys = self._keys()
            if keys != list(self.spins):
                self._rebuild(keys)
            names = dict(self._choices)
            for key in keys:
                label = self.labels[key]
                label.setText(names.get(key, f"{key} (unknown)"))
                label.setToolTip(f"{label.text()} ({key})")
                self._show_number(self.spins[key], self._shown[key])
            self.add_box.clear()
            for ref_id, name in self._choices:
                if ref_id not in self._shown:
                    self.add_box.addItem(name, ref_id)
            self.add_box.setCurrentIndex(-1)
            self.add_box.setVisible(self.add_box.count() > 0)
        finally:
            self._loading = loading

    def _rebuild(self, keys: list[str]) -> None:
        # deleteLater: the remove button that asked for this may still be delivering its click.
        for widget in self._row_widgets:
            self.grid.removeWidget(widget)
            widget.hide()
            widget.deleteLater()
        self._row_widgets = []
        self.spins = {}
        self.labels = {}
        self.remove_buttons = {}
        for row, key in enumerate(keys):
            label = QLabel(self.rows_widget)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            spin = _number_box(self.rows_widget, self.number, self.low, self.high)
            spin.setMaximumWidth(72)
            spin.out_of_range.connect(self.invalid)  # said under the header, never clamped silently
            convert = float if isinstance(spin, QDoubleSpinBox) else int
            spin.valueChanged.connect(lambda v, k=key, c=convert: self._spun(k, c(v)))
            remove = QToolButton(self.rows_widget)
            remove.setText("×")
            remove.setToolTip("Remove this row")
            remove.setAutoRaise(True)
            remove.clicked.connect(lambda _checked=False, k=key: self._remove(k))
            self.grid.addWidget(label, row, 0)
            self.grid.addWidget(spin, row, 1)
            self.grid.addWidget(remove, row, 2)
            self._row_widgets += [label, spin, remove]
            self.spins[key] = spin
            self.labels[key] = label
            self.remove_buttons[key] = remove

    def _show_number(self, spin: QSpinBox | QDoubleSpinBox, value: Any) -> None:
        low = self.number(
            self.low if self.low is not None else (-1e9 if self.number is float else -INT_LIMIT)
        )
        if value is MIXED:
            # One step below the range stands for "mixed"; spinning up from it sets a value.
            spin.setMinimum(low - 1)
            spin.setSpecialValueText("mixed")
            spin.setValue(spin.minimum())
        else:
            spin.setSpecialValueText("")
            spin.setMinimum(low)
            spin.setValue(self.number(value) if isinstance(value, int | float) else low)  # type: ignore[arg-type]

    def _spun(self, key: str, value: float) -> None:
        spin = self.spins.get(key)
        if self._loading or spin is None or (spin.specialValueText() and value == spin.minimum()):
            return
        self._shown[key] = value
        self._commit(SetKey(key, value), merges=True)

    def _add(self, index: int) -> None:
        key = self.add_box.itemData(index)
        if self._loading or key is None:
            return
        value = self.number(self.default)
        self._shown[key] = value
        self._commit(SetKey(str(key), value), merges=False)
        self._fill()

    def _remove(self, key: str) -> None:
        self._shown.pop(key, None)
        self._commit(RemoveKey(key), merges=False)
        self._fill()


def _swatch(colour: QColor | None) -> QIcon:
    pixmap = QPixmap(18, 18)
    if colour is None:
        pixmap.fill(Qt.GlobalColor.transparent)
    else:
        pixmap.fill(colour)
    return QIcon(pixmap)


class ColourEditor(FieldEditor):
    """A ``#rrggbb`` colour: a swatch button that opens a colour dialog, and the hex text."""

    def __init__(self, parent: QWidget, title: str = "Choose a colour") -> None:
        self.frame = QWidget(parent)
        super().__init__(self.frame)
        self.title = title
        layout = QHBoxLayout(self.frame)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.button = QToolButton(self.frame)
        self.button.setToolTip("Choose the colour")
        self.button.clicked.connect(self.choose)
        self.text = QLineEdit(self.frame)
        self.text.setPlaceholderText("#rrggbb")
        self.text.editingFinished.connect(self._typed)
        layout.addWidget(self.button)
        layout.addWidget(self.text, 1)
        self._shown = ""

    def choose(self) -> None:
        """Open the colour dialog at the current colour; a chosen colour is one undo step."""
        current = QColor(self._shown) if QColor.isValidColorName(self._shown) else QColor("#808080")
        colour = ask_colour(current, self.frame, self.title)
        if colour is None:
            return
        name = colour.name()  # "#rrggbb", lower case
        if name != self._shown:
            self._set_shown(name)
            self._emit(name, merges=False)

    def _typed(self) -> None:
        text = self.text.text().strip()
        if text != self._shown:
            self._set_shown(text)
            self._emit(text)

    def _set_shown(self, text: str) -> None:
        self._shown = text
        self.text.setText(text)
        valid = QColor.isValidColorName(text) and text.startswith("#")
        self.button.setIcon(_swatch(QColor(text) if valid else None))

    def _show(self, value: Any) -> None:
        self._set_shown("" if value is MIXED or value is None else str(value))
        self.text.setPlaceholderText("mixed" if value is MIXED else "#rrggbb")
