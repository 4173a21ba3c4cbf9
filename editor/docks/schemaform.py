"""Forms generated from pydantic models: one editor widget per field, chosen from its type.

* ``bool`` -> check box; ``int`` -> spin box with the field's ``ge``/``le`` range (an optional int
  gets a "not set" value below the range); ``float`` -> double spin box;
* an ``Enum`` or ``Literal`` -> combo box of its values;
* a string with ``json_schema_extra={"ref": kind}`` -> a picker of the objects of that kind (areas,
  languages, religions, empires, owners, unit kinds) that ``ChoiceProvider`` lists; the kind
  ``setup:<key>`` names the entries (``{id, name}``) of the list ``setup.attributes[<key>]`` that
  the ruleset keeps there (its players, regions...: :func:`setup_list_choices`);
* a list marked ``{"ref": kind}`` -> a checkable list of those objects (``pickers.RefListEditor``);
  a dict marked ``{"ref": kind}`` with number values -> rows of object and number
  (``pickers.RefTableEditor``): the mark names the kind of the list's items or of the dict's keys;
* a ``#rrggbb`` string (its ``pattern``, or ``{"format": "color"}``) -> a colour button and hex text;
* a list of models -> a group per item with its own generated form, add and remove buttons;
* other strings -> line edit; nested models -> a group of their own fields;
* anything else (free-form lists, dicts) -> JSON text, validated when committed.

A field declared ``frozen`` is shown read-only. A form emits ``edited(path, value)`` where ``path``
is the tuple of field names down to the edited value and ``value`` the new value or a
``fields.FieldChange`` to resolve per object (``resolve_edit``); ``merge_edit`` says whether the
edit continues the previous one of the same field. The caller validates and applies it and calls
``set_values`` with the model's real state.
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.docks.fields import (
    MIXED,
    ChoiceProvider,
    FieldChange,
    FieldEditor,
    get_path,
    resolve_edit,
)
from editor.docks.pickers import ColourEditor, CompactComboBox, RefListEditor, RefTableEditor
from editor.docks.range_spin import INT_LIMIT, RangeDoubleSpinBox, RangeSpinBox

__all__ = [
    "MIXED",
    "BoolEditor",
    "ChoiceEditor",
    "ChoiceProvider",
    "ColourEditor",
    "FieldChange",
    "FieldEditor",
    "FloatEditor",
    "IntEditor",
    "JsonEditor",
    "ModelListEditor",
    "RefListEditor",
    "RefTableEditor",
    "SchemaForm",
    "TextEditor",
    "field_label",
    "get_path",
    "reference_kind",
    "resolve_edit",
    "set_path",
    "setup_list_choices",
]

_COLOUR_PATTERNS = {r"^#[0-9a-fA-F]{6}$", r"^#[0-9A-Fa-f]{6}$", r"^#[0-9a-f]{6}$"}


def _unwrap_optional(annotation: Any) -> tuple[Any, bool]:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(annotation)) == 2:
            return args[0], True
    return annotation, False


def _bounds(info: FieldInfo | list[Any]) -> tuple[float | None, float | None]:
    low: float | None = None
    high: float | None = None
    for item in info.metadata if isinstance(info, FieldInfo) else info:
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


SETUP_LIST = "setup:"
"""Prefix of a reference kind over a list of the scenario-wide setup: ``{"ref": "setup:regions"}``
refers to the ``id`` of an entry of ``setup.attributes["regions"]``."""


def setup_list_choices(attributes: Mapping[str, Any], ref: str) -> list[tuple[str, str]] | None:
    """The ``(id, label)`` choices of a ``setup:<key>`` reference kind, read from the setup's
    attributes (an entry's ``name`` when it has one, else its id); None for any other kind."""
    if not ref.startswith(SETUP_LIST):
        return None
    listed = attributes.get(ref[len(SETUP_LIST) :])
    choices: list[tuple[str, str]] = []
    for entry in listed if isinstance(listed, list) else []:
        if isinstance(entry, Mapping) and isinstance(entry.get("id"), str) and entry["id"]:
            name = entry.get("name")
            choices.append((entry["id"], str(name) if name else entry["id"]))
    return choices


def is_colour(info: FieldInfo) -> bool:
    """Whether a string field holds a ``#rrggbb`` colour (by its pattern or ``{"format": "color"}``)."""
    extra = info.json_schema_extra
    if isinstance(extra, dict) and extra.get("format") in ("color", "colour"):
        return True
    return any(getattr(item, "pattern", None) in _COLOUR_PATTERNS for item in info.metadata)


def _number_type(annotation: Any) -> tuple[type | None, list[Any]]:
    """``(int or float, constraints)`` of a number annotation (``Annotated`` or not), else None."""
    metadata: list[Any] = []
    if typing.get_origin(annotation) is typing.Annotated:
        annotation, *extra = typing.get_args(annotation)
        for item in extra:
            metadata += item.metadata if isinstance(item, FieldInfo) else [item]
    if annotation in (int, float):
        return annotation, metadata
    return None, []


def _model_type(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
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


class BoolEditor(FieldEditor):
    """A check box (partly checked when mixed)."""

    def __init__(self, parent: QWidget) -> None:
        self.box = QCheckBox(parent)
        super().__init__(self.box)
        self.box.clicked.connect(lambda checked: self._emit(bool(checked), merges=False))

    def _show(self, value: Any) -> None:
        self.box.setTristate(value is MIXED)
        if value is MIXED:
            self.box.setCheckState(Qt.CheckState.PartiallyChecked)
        else:
            self.box.setChecked(bool(value))


class IntEditor(FieldEditor):
    """A spin box over the field's range; an optional field shows "not set" below the range."""

    def __init__(self, parent: QWidget, low: float | None, high: float | None, optional: bool) -> None:
        self.box = RangeSpinBox(parent)
        super().__init__(self.box)
        self.optional = optional
        minimum = int(low) if low is not None else -INT_LIMIT
        maximum = int(high) if high is not None else INT_LIMIT
        self.unset = minimum - 1
        self.box.set_allowed(self.unset if optional else minimum, maximum, unset_below=optional)
        # A number outside the range is refused with the range, never replaced silently.
        self.box.out_of_range.connect(self.invalid)
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
        self.box = RangeDoubleSpinBox(parent)
        super().__init__(self.box)
        self.box.setDecimals(3)
        self.box.set_allowed(low if low is not None else -1e9, high if high is not None else 1e9)
        self.box.out_of_range.connect(self.invalid)
        self.box.setKeyboardTracking(False)
        self.box.valueChanged.connect(lambda value: self._emit(float(value)))

    def _show(self, value: Any) -> None:
        self.box.setValue(float(value) if isinstance(value, int | float) else self.box.minimum())


class ChoiceEditor(FieldEditor):
    """A combo box of ``(value, label)`` choices; optional fields offer "(none)"."""

    def __init__(
        self, parent: QWidget, choices: list[tuple[Any, str]], optional: bool, ref: str | None = None
    ) -> None:
        # Long names (an area's "name (id)") must not widen the form past a narrow dock.
        self.box = CompactComboBox(parent)
        super().__init__(self.box)
        self.box.setMaxVisibleItems(25)
        self.optional = optional
        self.ref = ref
        self.replace_choices(choices)
        self.box.activated.connect(lambda index: self._emit(self.box.itemData(index), merges=False))

    def set_choices(self, choices: ChoiceProvider) -> None:
        """Re-read the choices of a reference picker (enums and literals keep theirs)."""
        if self.ref is not None:
            self.replace_choices(choices(self.ref))

    def replace_choices(self, choices: list[tuple[Any, str]]) -> None:
        """Replace the choices (keeps the current value when it is still offered)."""
        current = self.box.currentData()
        loading, self._loading = self._loading, True
        try:
            self.box.clear()
            if self.optional:
                self.box.addItem("(none)", None)
            for value, label in choices:
                self.box.addItem(label, value)
            index = self.box.findData(current)
            self.box.setCurrentIndex(max(index, 0))
        finally:
            self._loading = loading

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
    """JSON text for free-form lists and dicts; text that is not JSON is reported, not committed."""

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

    ``edited(path, value)``: the user changed the field at ``path`` (a tuple of names); ``value``
    may be a ``FieldChange`` (see ``resolve_edit``) and ``merge_edit`` tells whether the edit
    continues the previous edit of that field (of the part of it that ``merge_tag`` names).
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
        self.merge_edit = True
        self.merge_tag: Any = None
        self._choices = choices
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._add_fields(model, prefix, layout)

    def _add_fields(self, model: type[BaseModel], prefix: tuple[str, ...], layout: QFormLayout) -> None:
        for name, info in model.model_fields.items():
            path = (*prefix, name)
            annotation, optional = _unwrap_optional(info.annotation)
            nested = _model_type(annotation)
            if nested is not None:
                group = QGroupBox(field_label(name, info), self)
                inner = QFormLayout(group)
                self._add_fields(nested, path, inner)
                layout.addRow(group)
                continue
            editor = self._editor_for(annotation, optional, info, name)
            editor.committed.connect(lambda value, p=path, e=editor: self._committed(p, e, value))
            label_text = field_label(name, info)
            label = QLabel(label_text, self)
            # A refusal names the field it concerns ("Fort strength: 9 is out of range...").
            editor.invalid.connect(lambda message, t=label_text: self.invalid.emit(f"{t}: {message}"))
            if info.description:
                label.setToolTip(info.description)
                # Keep what the editor's own tooltip says (a spin box's allowed range) below it.
                own = editor.widget.toolTip()
                editor.widget.setToolTip(f"{info.description}\n{own}" if own else info.description)
            if info.frozen:
                # Shown for information: no edit operation changes it.
                editor.widget.setEnabled(False)
            if isinstance(editor, ModelListEditor | RefTableEditor):
                # Rows of names and values need the whole width: the label goes above them.
                layout.addRow(label)
                layout.addRow(editor.widget)
            else:
                layout.addRow(label, editor.widget)
            self.editors[path] = editor
            self.labels[path] = label

    def _committed(self, path: tuple[str, ...], editor: FieldEditor, value: Any) -> None:
        self.merge_edit = editor.merges
        self.merge_tag = editor.merge_tag
        self.edited.emit(path, value)

    def _editor_for(self, annotation: Any, optional: bool, info: FieldInfo, name: str) -> FieldEditor:
        ref = reference_kind(info)
        origin = typing.get_origin(annotation)
        args = typing.get_args(annotation)
        if ref is not None and origin is list:
            return RefListEditor(self, ref, self._choices)
        if ref is not None and origin is dict and len(args) == 2:
            number, constraints = _number_type(args[1])
            if number is not None:
                low, high = _bounds(constraints)
                return RefTableEditor(self, ref, self._choices, number, low, high)
        if ref is not None and origin not in (list, dict):
            return ChoiceEditor(self, self._choices(ref), optional, ref)
        if origin is list and len(args) == 1 and _model_type(args[0]) is not None:
            return ModelListEditor(self, args[0], self._choices, field_label(name, info))
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
        if origin is typing.Literal:
            return ChoiceEditor(self, [(v, str(v)) for v in args], optional)
        if annotation is str and is_colour(info):
            return ColourEditor(self, f"Choose the {field_label(name, info).lower()}")
        if annotation is str:
            return TextEditor(self)
        return JsonEditor(self)

    def refresh_choices(self) -> None:
        """Re-read the picker choices (after empires or catalog entries changed)."""
        for editor in self.editors.values():
            editor.set_choices(self._choices)

    def set_values(self, values: list[dict[str, Any]]) -> None:
        """Show the values of the selected objects (fields where they disagree show "mixed")."""
        for path, editor in self.editors.items():
            mixed = editor.set_values([get_path(v, path) for v in values])
            font = QFont(self.labels[path].font())
            font.setItalic(mixed)
            self.labels[path].setFont(font)


class ModelListEditor(FieldEditor):
    """A list of records (a model per item): a group per item with its own generated form and a
    remove button, then an add button. Each edit emits the whole new list."""

    def __init__(self, parent: QWidget, model: type[BaseModel], choices: ChoiceProvider, title: str) -> None:
        self.frame = QWidget(parent)
        super().__init__(self.frame)
        self.model = model
        self._provider = choices
        self._value: Any = []
        self.forms: list[SchemaForm] = []
        self.groups: list[QGroupBox] = []
        layout = QVBoxLayout(self.frame)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.items_layout = QVBoxLayout()
        self.items_layout.setSpacing(4)
        layout.addLayout(self.items_layout)
        self.mixed_label = QLabel("mixed: the selected objects differ", self.frame)
        self.mixed_label.hide()
        layout.addWidget(self.mixed_label)
        noun = re.sub(r"(?<!^)(?=[A-Z])", " ", model.__name__).lower()
        self.add_button = QPushButton(f"Add {noun}", self.frame)
        self.add_button.setToolTip(f"Add to {title.lower()}")
        self.add_button.clicked.connect(self.add)
        layout.addWidget(self.add_button)

    def _show(self, value: Any) -> None:
        mixed = value is MIXED
        self._value = MIXED if mixed else [v if isinstance(v, dict) else {} for v in (value or [])]
        self.mixed_label.setVisible(mixed)
        self.add_button.setEnabled(not mixed)
        items = [] if mixed else self._value
        if len(items) != len(self.forms):
            self._rebuild(len(items))
        for group, form, item in zip(self.groups, self.forms, items, strict=True):
            group.setTitle(str(item.get("name") or item.get("id") or "(unnamed)"))
            form.set_values([item])

    def _rebuild(self, count: int) -> None:
        # deleteLater: the remove button that asked for this may still be delivering its click.
        for group in self.groups:
            self.items_layout.removeWidget(group)
            group.hide()
            group.deleteLater()
        self.groups, self.forms = [], []
        for index in range(count):
            group = QGroupBox(self.frame)
            inner = QVBoxLayout(group)
            inner.setContentsMargins(4, 4, 4, 4)
            form = SchemaForm(self.model, self._provider, group)
            form.edited.connect(lambda path, value, i=index, f=form: self._item_edited(i, path, value, f))
            form.invalid.connect(self.invalid)
            inner.addWidget(form)
            row = QHBoxLayout()
            row.addStretch(1)
            remove = QToolButton(group)
            remove.setText("Remove")
            remove.clicked.connect(lambda _checked=False, i=index: self.remove(i))
            row.addWidget(remove)
            inner.addLayout(row)
            self.items_layout.addWidget(group)
            self.groups.append(group)
            self.forms.append(form)

    def set_choices(self, choices: ChoiceProvider) -> None:
        """Re-read the choices of the items' pickers."""
        self._provider = choices
        for form in self.forms:
            form.refresh_choices()

    def _items(self) -> list[dict[str, Any]]:
        return json.loads(json.dumps(self._value)) if isinstance(self._value, list) else []  # type: ignore[no-any-return]

    def _item_edited(self, index: int, path: tuple[str, ...], value: Any, form: SchemaForm) -> None:
        items = self._items()
        if index >= len(items):
            return
        old = items[index]
        items[index] = set_path(old, path, resolve_edit(value, get_path(old, path)))
        # Typing in one record's field merges with typing in that field only, not in the next record.
        self._emit(items, merges=form.merge_edit, tag=(index, path, form.merge_tag))

    def add(self) -> None:
        """Append a new record: defaults, a fresh id, the first object for each required reference."""
        if self._value is MIXED:
            return
        items = self._items()
        self._emit([*items, self.new_item(items)], merges=False)

    def remove(self, index: int) -> None:
        """Remove the record at ``index``."""
        items = self._items()
        if 0 <= index < len(items):
            del items[index]
            self._emit(items, merges=False)

    def new_item(self, items: list[dict[str, Any]]) -> dict[str, Any]:
        """The values of a new record: only its required fields, each given a plausible value."""
        item: dict[str, Any] = {}
        for name, info in self.model.model_fields.items():
            if not info.is_required():
                continue
            annotation, _optional = _unwrap_optional(info.annotation)
            ref = reference_kind(info)
            if name == "id":
                stem = re.sub(r"(?<!^)(?=[A-Z])", "_", self.model.__name__).lower()
                taken = {i.get("id") for i in items}
                fresh = (f"{stem}_{n}" for n in range(1, len(items) + 2))
                item[name] = next(i for i in fresh if i not in taken)
            elif ref is not None and typing.get_origin(annotation) is None:
                choices = self._provider(ref)
                item[name] = choices[0][0] if choices else ""
            elif annotation is bool:
                item[name] = False
            elif annotation in (int, float):
                low, _high = _bounds(info)
                item[name] = annotation(low or 0)
            elif typing.get_origin(annotation) is list:
                item[name] = []
            elif annotation is str:
                item[name] = ""
        return item


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
