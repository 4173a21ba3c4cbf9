"""The Paint panel: pick the attribute and the value that the Paint tool brushes across areas.

The attributes offered come from the ruleset's schema (``model.rules.registry``): the owner, land
or sea, and every scalar field of the area and area-setup models (references such as religion and
language, enums, booleans such as seafaring, integers with their ranges such as population and
social state). Choosing one pins it on the tool (``PaintTool.choose``), so it paints in any map
mode; the tool makes each stroke one undo step.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QSizePolicy, QSpinBox, QVBoxLayout, QWidget

from editor.docks.schemaform import field_label, setup_list_choices
from editor.document import DocumentChange, ScenarioDocument
from model.rules import registry
from model.scenario import AreaKind, Scenario

if TYPE_CHECKING:
    from editor.mapview.paint_tool import PaintTool


@dataclass(frozen=True)
class Paintable:
    """One attribute the brush can set: how to list its values and the op that sets it.

    ``choices`` is None for an integer (a spin box from ``low`` to ``high``); otherwise the
    ``(value, label)`` pairs offered, given the scenario.
    """

    key: str
    label: str
    target: str
    """``owner``, ``kind``, ``area`` (map attributes) or ``area_setup`` (starting state)."""
    choices: Callable[[Scenario], list[tuple[Any, str]]] | None = None
    low: int = -1_000_000
    high: int = 1_000_000
    description: str = ""


def _unwrap(annotation: Any) -> tuple[Any, bool]:
    """``X | None`` -> ``(X, True)``; anything else unchanged."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return annotation, False


def _range(info: FieldInfo) -> tuple[int, int]:
    low, high = -1_000_000, 1_000_000
    for item in info.metadata:
        if isinstance(item, annotated_types.Ge):
            low = int(item.ge)  # type: ignore[call-overload]
        elif isinstance(item, annotated_types.Gt):
            low = int(item.gt) + 1  # type: ignore[call-overload]
        elif isinstance(item, annotated_types.Le):
            high = int(item.le)  # type: ignore[call-overload]
        elif isinstance(item, annotated_types.Lt):
            high = int(item.lt) - 1  # type: ignore[call-overload]
    return low, high


def _references(ref: str, optional: bool) -> Callable[[Scenario], list[tuple[Any, str]]]:
    def listed(scenario: Scenario) -> list[tuple[Any, str]]:
        catalogs = scenario.catalogs
        if ref == "language":
            items = [(x.id, x.name) for x in catalogs.languages]
        elif ref == "religion":
            items = [(x.id, x.name) for x in catalogs.religions]
        elif ref in ("empire", "owner"):
            items = [(e.id, e.name) for e in scenario.setup.empires]
            if ref == "owner":
                items += [(m.id, f"{m.name} (Magnate)") for m in scenario.setup.magnates]
        elif ref == "area":
            items = [(a.id, a.name) for a in scenario.map.areas]
        else:
            items = setup_list_choices(scenario.setup.attributes, ref) or []
        return ([(None, "(none)")] if optional else []) + items

    return listed


def _owners(scenario: Scenario) -> list[tuple[Any, str]]:
    return [(None, "Independent"), *_references("owner", False)(scenario)]


def _from_model(model: type[BaseModel] | None, target: str) -> list[Paintable]:
    """A ``Paintable`` per scalar field of a ruleset model (lists and nested models are left out)."""
    if model is None:
        return []
    found = []
    for key, info in model.model_fields.items():
        annotation, optional = _unwrap(info.annotation)
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        label = field_label(key, info)
        description = info.description or ""
        if typing.get_origin(annotation) in (list, dict):
            continue  # a list or table of references (ties, claims) is edited in the inspector
        if extra.get("ref"):
            found.append(
                Paintable(
                    key, label, target, _references(str(extra["ref"]), optional), description=description
                )
            )
        elif annotation is bool:
            found.append(
                Paintable(
                    key, label, target, lambda _s: [(True, "yes"), (False, "no")], description=description
                )
            )
        elif annotation is int:
            low, high = _range(info)
            found.append(Paintable(key, label, target, None, low, high, description))
        elif isinstance(annotation, type) and issubclass(annotation, Enum):
            members = [(m.value, str(m.value).replace("_", " ")) for m in annotation]
            options = ([(None, "(none)")] if optional else []) + members
            found.append(
                Paintable(key, label, target, lambda _s, o=options: list(o), description=description)
            )
        elif typing.get_origin(annotation) is typing.Literal:
            literal = [(v, str(v)) for v in typing.get_args(annotation)]
            found.append(
                Paintable(key, label, target, lambda _s, o=literal: list(o), description=description)
            )
    return found


def paintables(ruleset_id: str) -> list[Paintable]:
    """What the brush can paint in a ruleset: owner, land/sea, then the schema's area fields."""
    spec = registry.get(ruleset_id)
    found = [
        Paintable("owner", "Owner", "owner", _owners, description="Who holds the area at the start"),
        Paintable("kind", "Land or sea", "kind", lambda _s: [(k.value, k.value) for k in AreaKind]),
    ]
    if spec is not None:
        found += _from_model(spec.area_attributes, "area")
        found += _from_model(spec.area_setup, "area_setup")
    return found


class PaintPanel(QWidget):
    """The tool's options: an attribute combo box and a value picker (combo box or spin box)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("paint_panel")
        self.attribute = QComboBox(self)
        self.value_box = QComboBox(self)
        self.number = QSpinBox(self)
        self.hint = QLabel("Click or drag across areas to paint; each stroke is one undo step.", self)
        self.hint.setWordWrap(True)
        # The hint sits under the form, top-aligned, and never gets less height than its wrapped
        # lines need (in a form row it could be squeezed and cut off at the top).
        self.hint.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.hint.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        layout = QFormLayout()
        layout.addRow("Attribute", self.attribute)
        layout.addRow("Value", self.value_box)
        layout.addRow("Value", self.number)
        outer = QVBoxLayout(self)
        outer.addLayout(layout)
        outer.addWidget(self.hint)
        outer.addStretch(1)
        self._layout = layout
        self.items: list[Paintable] = []
        self.scenario: Scenario | None = None
        self._loading = False
        self.attribute.currentIndexChanged.connect(lambda _i: self._show_values())
        self.value_box.currentIndexChanged.connect(lambda _i: self._emit())
        self.number.valueChanged.connect(lambda _v: self._emit())

    def load(self, scenario: Scenario) -> None:
        """Offer the attributes of the scenario's ruleset (keeping the chosen one when offered)."""
        self.scenario = scenario
        chosen = self.attribute.currentData()
        self.items = paintables(scenario.ruleset.id)
        self.attribute.blockSignals(True)
        self.attribute.clear()
        for item in self.items:
            self.attribute.addItem(item.label, item.key)
            self.attribute.setItemData(
                self.attribute.count() - 1, item.description, Qt.ItemDataRole.ToolTipRole
            )
        self.attribute.setCurrentIndex(max(self.attribute.findData(chosen), 0))
        self.attribute.blockSignals(False)
        # Filling the lists is not a choice: the tool keeps following the map mode until the
        # author picks something here.
        self._loading = True
        try:
            self._show_values()
        finally:
            self._loading = False

    def current(self) -> Paintable | None:
        """The chosen attribute."""
        index = self.attribute.currentIndex()
        return self.items[index] if 0 <= index < len(self.items) else None

    def value(self) -> Any:
        """The chosen value."""
        item = self.current()
        if item is None:
            return None
        if item.choices is None:
            return self.number.value()
        return self.value_box.currentData()

    def choose(self, key: str, value: Any) -> None:
        """Pick an attribute and a value (raises ``KeyError`` for one that is not offered)."""
        index = self.attribute.findData(key)
        if index < 0:
            raise KeyError(f"cannot paint {key!r}; choose one of {', '.join(i.key for i in self.items)}")
        self.attribute.setCurrentIndex(index)
        item = self.items[index]
        if item.choices is None:
            if not item.low <= int(value) <= item.high:
                raise KeyError(f"{item.label} must be {item.low} to {item.high}, not {value}")
            self.number.setValue(int(value))
            return
        found = next((i for i in range(self.value_box.count()) if self.value_box.itemData(i) == value), -1)
        if found < 0:
            raise KeyError(f"{value!r} is not a value of {item.label}")
        self.value_box.setCurrentIndex(found)

    def _show_values(self) -> None:
        item = self.current()
        numeric = item is not None and item.choices is None
        self._layout.setRowVisible(self.value_box, not numeric)
        self._layout.setRowVisible(self.number, numeric)
        if item is None or self.scenario is None:
            return
        if numeric:
            self.number.setRange(item.low, item.high)
        else:
            assert item.choices is not None
            chosen = self.value_box.currentData()
            self.value_box.blockSignals(True)
            self.value_box.clear()
            for value, label in item.choices(self.scenario):
                self.value_box.addItem(label, value)
            index = next(
                (i for i in range(self.value_box.count()) if self.value_box.itemData(i) == chosen), 0
            )
            self.value_box.setCurrentIndex(index)
            self.value_box.blockSignals(False)
        self._emit()

    def _emit(self) -> None:
        if not self._loading:
            self.changed.emit()


def connect_panel(panel: PaintPanel, tool: PaintTool, document: ScenarioDocument) -> None:
    """Make the panel's choice the tool's field and value, and keep the panel's lists current."""

    def chosen() -> None:
        item = panel.current()
        if item is not None:
            tool.choose(item.key, panel.value())

    def changed(change: DocumentChange) -> None:
        # New empires, catalog entries or another ruleset change what the panel offers.
        if change.reset or change.setup or change.empires or change.magnates:
            panel.load(document.scenario)

    panel.changed.connect(chosen)
    document.changed.connect(changed)
    panel.load(document.scenario)
