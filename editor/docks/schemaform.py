"""Forms generated from pydantic models: one editor widget per field, chosen from its type.

* ``bool`` -> check box; ``int`` -> spin box with the field's ``ge``/``le`` range (an optional int
  gets a "not set" value below the range); ``float`` -> double spin box;
* an ``Enum`` -> combo box of its values;
* a string with ``json_schema_extra={"ref": kind}`` -> a picker of the ids of that kind (areas,
  languages, religions, empires, owners) that ``ChoiceProvider`` lists;
* other strings -> line edit; nested models -> a group of their own fields;
* anything else (lists, dicts) -> JSON text, validated when committed.

A form emits ``edited(path, value)`` where ``path`` is the tuple of field names down to the edited
value; the caller validates and applies it and calls ``set_values`` with the model's real state.
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

ChoiceProvider = Callable[[str], list[tuple[str, str]]]
"""Returns ``(id, display name)`` pairs for a reference kind ("area", "language", "owner"...)."""

INT_LIMIT = 1_000_000
MIXED = object()
"""The value shown when the selected objects disagree."""


def _unwrap_optional(annotation: Any) -> tuple[Any, bool]:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(annotation)) == 2:
            return args[0], True
    return annotation, False


def _bounds(info: FieldInfo) -> tuple[float | None, float | None]:
    low: float | None = None
    high: float | None = None
    for item in info.metadata:
        if isinstance(item, annotated_types.Ge):
            low = float(item.ge)  # type: ignore[arg-type]
        elif isinstance(item, annotated_types.Gt):
            low = float(item.gt) + 1  # type: ignore[arg-type]
        elif isinstance(item, annotated_types.Le):
            high = float(item.le)  # type: ignore[arg-type]
        elif isinstance(item, annotated_types.Lt):
            high = float(item.lt) - 1  # type: ignore[arg-type]
    return low, high


def reference_kind(info: FieldInfo) -> str | None:
    """The ``ref`` a field declares in ``json_schema_extra`` (area, language, religion...), if any."""
    extra = info.json_schema_extra
    if isinstance(extra, dict):
        ref = extra.get("ref")
        return str(ref) if ref else None
    return None


def _title(name: str) -> str:
    return name.replace("_", " ").capitalize()


_ARTICLES = ("a ", "an ", "the ")
_MAX_LABEL_WORDS = 4
_MAX_LABEL_CHARS = 30
"""Longer labels widen the inspector's label column until its editors no longer fit the dock."""


def field_label(name: str, info: FieldInfo | None = None) -> str:
    """The label of a field: its ``title``, else the first words of its description, else its name.

    A description gives a label when its first phrase (up to a comma, colon, semicolon, full stop
    or parenthesis) is a short noun phrase: "Armies and fleets (33-34)." -> "Armies and fleets",
    "Fort strength: 0, 2 or 3" -> "Fort strength". A sentence ("The churches are in schism...") or
    a long phrase falls back to the humanised name ("armies_fleets" -> "Armies fleets").
    """
    if info is not None and info.title:
        return info.title
    description = (info.description or "").strip() if info is not None else ""
    if description:
        phrase = re.split(r"[,:;.(]", description, maxsplit=1)[0].strip()
        words = phrase.split()
        if (
            phrase
            and len(words) <= _MAX_LABEL_WORDS
            and len(phrase) <= _MAX_LABEL_CHARS
            and not phrase.lower().startswith(_ARTICLES)
            and not any(w.lower() in ("is", "are", "may", "means") for w in words)
        ):
            return phrase[0].upper() + phrase[1:]
    return _title(name)


class FieldEditor(QObject):
    """One field's widget; emits ``committed(value)`` when the user changes it."""

    committed = Signal(object)

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.widget = widget
        self._loading = False

    def set_value(self, value: Any) -> None:
        """Show a value (``MIXED`` when the selected objects disagree) without emitting."""
        self._loading = True
        try:
            self._show(value)
        finally:
            self._loading = False

    def _show(self, value: Any) -> None:
        raise NotImplementedError

    def _emit(self, value: Any) -> None:
        if not self._loading:
            self.committed.emit(value)


class BoolEditor(FieldEditor):
    """A check box (partly checked when mixed)."""

    def __init__(self, parent: QWidget) -> None:
        self.box = QCheckBox(parent)
        super().__init__(self.box)
        self.box.clicked.connect(lambda checked: self._emit(bool(checked)))

    def _show(self, value: Any) -> None:
        self.box.setTristate(value is MIXED)
        if value is MIXED:
            self.box.setCheckState(Qt.CheckState.PartiallyChecked)
        else:
            self.box.setChecked(bool(value))


class IntEditor(FieldEditor):
    """A spin box over the field's range; an optional field shows "not set" below the range."""

    def __init__(self, parent: QWidget, low: float | None, high: float | None, optional: bool) -> None:
        self.box = QSpinBox(parent)
        super().__init__(self.box)
        self.optional = optional
        minimum = int(low) if low is not None else -INT_LIMIT
        maximum = int(high) if high is not None else INT_LIMIT
        self.unset = minimum - 1
        self.box.setRange(self.unset if optional else minimum, maximum)
        if optional:
            self.box.setSpecialValueText("not set")
        self.box.setKeyboardTracking(False)
        self.box.valueChanged.connect(self._changed)

    def _changed(self, value: int) -> None:
        self._emit(None if self.optional and value == self.unset else value)

    def _show(self, value: Any) -> None:
        if value is MIXED or value is None:
            self.box.setValue(self.unset if self.optional else self.box.minimum())
            if value is MIXED:
                self.box.setSpecialValueText("mixed")
                self.box.setValue(self.box.minimum())
            return
        self.box.setSpecialValueText("not set" if self.optional else "")
        self.box.setValue(int(value))


class FloatEditor(FieldEditor):
    """A double spin box over the field's range."""

    def __init__(self, parent: QWidget, low: float | None, high: float | None) -> None:
        self.box = QDoubleSpinBox(parent)
        super().__init__(self.box)
        self.box.setDecimals(3)
        self.box.setRange(low if low is not None else -1e9, high if high is not None else 1e9)
        self.box.setKeyboardTracking(False)
        self.box.valueChanged.connect(lambda value: self._emit(float(value)))

    def _show(self, value: Any) -> None:
        self.box.setValue(float(value) if isinstance(value, int | float) else self.box.minimum())


class ChoiceEditor(FieldEditor):
    """A combo box of ``(value, label)`` choices; optional fields offer "(none)"."""

    def __init__(self, parent: QWidget, choices: list[tuple[Any, str]], optional: bool) -> None:
        self.box = QComboBox(parent)
        super().__init__(self.box)
        self.box.setMaxVisibleItems(25)
        self.optional = optional
        self.set_choices(choices)
        self.box.activated.connect(lambda index: self._emit(self.box.itemData(index)))

    def set_choices(self, choices: list[tuple[Any, str]]) -> None:
        """Replace the choices (keeps the current value when it is still offered)."""
        current = self.box.currentData()
        self._loading = True
        self.box.clear()
        if self.optional:
            self.box.addItem("(none)", None)
        for value, label in choices:
            self.box.addItem(label, value)
        index = self.box.findData(current)
        self.box.setCurrentIndex(max(index, 0))
        self._loading = False

    def _show(self, value: Any) -> None:
        if value is MIXED:
            self.box.setCurrentIndex(-1)
            self.box.setPlaceholderText("mixed")
            return
        index = self.box.findData(value)
        if index < 0 and value is not None:
            # A dangling reference: show it so that the author sees and fixes it.
            self.box.addItem(f"{value} (unknown)", value)
            index = self.box.count() - 1
        self.box.setCurrentIndex(index)


class TextEditor(FieldEditor):
    """A line edit committed on Enter or when it loses the focus."""

    def __init__(self, parent: QWidget) -> None:
        self.box = QLineEdit(parent)
        super().__init__(self.box)
        self.box.editingFinished.connect(self._finished)
        self._shown = ""

    def _finished(self) -> None:
        if self.box.text() != self._shown:
            self._shown = self.box.text()
            self._emit(self.box.text())

    def _show(self, value: Any) -> None:
        self._shown = "" if value is MIXED or value is None else str(value)
        self.box.setText(self._shown)
        self.box.setCursorPosition(0)  # a long text shows its beginning
        self.box.setPlaceholderText("mixed" if value is MIXED else "")


class JsonEditor(FieldEditor):
    """JSON text for lists and dicts; text that is not JSON is reported, not committed."""

    invalid = Signal(str)

    def __init__(self, parent: QWidget) -> None:
        self.box = QLineEdit(parent)
        super().__init__(self.box)
        self.box.editingFinished.connect(self._finished)
        self._shown = ""

    def _finished(self) -> None:
        text = self.box.text()
        if text == self._shown:
            return
        try:
            value = json.loads(text)
        except json.JSONDecodeError as error:
            self.invalid.emit(f"not JSON: {error.msg} at column {error.colno}")
            self.box.setText(self._shown)
            return
        self._shown = text
        self._emit(value)

    def _show(self, value: Any) -> None:
        self._shown = "" if value is MIXED else json.dumps(value, ensure_ascii=False)
        self.box.setText(self._shown)
        self.box.setPlaceholderText("mixed" if value is MIXED else "")


class SchemaForm(QWidget):
    """Editors for every field of a pydantic model (nested models become groups).

    ``edited(path, value)``: the user changed the field at ``path`` (a tuple of names).
    ``invalid(message)``: the user typed something that cannot even be parsed.
    """

    edited = Signal(tuple, object)
    invalid = Signal(str)

    def __init__(
        self,
        model: type[BaseModel],
        choices: ChoiceProvider,
        parent: QWidget | None = None,
        prefix: tuple[str, ...] = (),
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.editors: dict[tuple[str, ...], FieldEditor] = {}
        self.labels: dict[tuple[str, ...], QLabel] = {}
        self._choices = choices
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._add_fields(model, prefix, layout)

    def _add_fields(self, model: type[BaseModel], prefix: tuple[str, ...], layout: QFormLayout) -> None:
        for name, info in model.model_fields.items():
            path = (*prefix, name)
            annotation, optional = _unwrap_optional(info.annotation)
            if isinstance(annotation, type) and issubclass(annotation, BaseModel):
                group = QGroupBox(field_label(name, info), self)
                inner = QFormLayout(group)
                self._add_fields(annotation, path, inner)
                layout.addRow(group)
                continue
            editor = self._editor_for(annotation, optional, info)
            editor.committed.connect(lambda value, p=path: self.edited.emit(p, value))
            if isinstance(editor, JsonEditor):
                editor.invalid.connect(self.invalid)
            label = QLabel(field_label(name, info), self)
            if info.description:
                label.setToolTip(info.description)
                editor.widget.setToolTip(info.description)
            layout.addRow(label, editor.widget)
            self.editors[path] = editor
            self.labels[path] = label

    def _editor_for(self, annotation: Any, optional: bool, info: FieldInfo) -> FieldEditor:
        ref = reference_kind(info)
        if ref is not None:
            return ChoiceEditor(self, self._choices(ref), optional)
        if annotation is bool:
            return BoolEditor(self)
        if annotation is int:
            low, high = _bounds(info)
            return IntEditor(self, low, high, optional)
        if annotation is float:
            low, high = _bounds(info)
            return FloatEditor(self, low, high)
        if isinstance(annotation, type) and issubclass(annotation, Enum):
            return ChoiceEditor(
                self, [(m.value, str(m.value).replace("_", " ")) for m in annotation], optional
            )
        if typing.get_origin(annotation) is typing.Literal:
            return ChoiceEditor(self, [(v, str(v)) for v in typing.get_args(annotation)], optional)
        if annotation is str:
            return TextEditor(self)
        return JsonEditor(self)

    def refresh_choices(self) -> None:
        """Re-read the picker choices (after empires or catalog entries changed)."""
        for path, editor in self.editors.items():
            if isinstance(editor, ChoiceEditor):
                info = self._field_info(path)
                ref = reference_kind(info) if info else None
                if ref is not None:
                    editor.set_choices(self._choices(ref))

    def _field_info(self, path: tuple[str, ...]) -> FieldInfo | None:
        model: Any = self.model
        info: FieldInfo | None = None
        for name in path:
            if (
                not (isinstance(model, type) and issubclass(model, BaseModel))
                or name not in model.model_fields
            ):
                return None
            info = model.model_fields[name]
            model, _ = _unwrap_optional(info.annotation)
        return info

    def set_values(self, values: list[dict[str, Any]]) -> None:
        """Show the values of the selected objects (fields where they disagree show "mixed")."""
        for path, editor in self.editors.items():
            shown = [_lookup(v, path) for v in values]
            mixed = any(s != shown[0] for s in shown[1:])
            editor.set_value(MIXED if mixed else (shown[0] if shown else None))
            font = QFont(self.labels[path].font())
            font.setItalic(mixed)
            self.labels[path].setFont(font)


def _lookup(data: dict[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = data
    for name in path:
        value = value.get(name) if isinstance(value, dict) else None
    return value


def set_path(data: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    """Return a deep copy of ``data`` with the value at ``path`` replaced."""
    copy = json.loads(json.dumps(data))
    node = copy
    for name in path[:-1]:
        child = node.get(name)
        if not isinstance(child, dict):
            child = {}
            node[name] = child
        node = child
    node[path[-1]] = value
    return copy  # type: ignore[no-any-return]
