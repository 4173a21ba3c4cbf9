"""Paint mode: brush the value of the current map mode's attribute across areas.

The attribute is the one the map shows (owner, land or sea, or what a ruleset's map mode shows,
such as an EotMA religion), so the author sees what they paint. Right-click an area to pick its value
(an eyedropper); left-click or drag to paint it. One stroke is one undo step.
"""

from __future__ import annotations

import itertools
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent

from editor.mapview.modes import paint_fields
from editor.mapview.tools import Tool
from model import ops
from model.rules import registry
from model.scenario import AreaKind, Scenario

_strokes = itertools.count(1)


def value_of(scenario: Scenario, area_id: str, field: str) -> Any:
    """The value an area has for a paintable field (the ruleset default when unset)."""
    area = scenario.area(area_id)
    if field == "owner":
        return scenario.owner_of(area_id)
    if field == "kind":
        return area.kind.value
    setup_model, area_model = _models(scenario)
    if setup_model is not None and field in setup_model.model_fields:
        # Any other starting-state field the Paint panel offers (fortification, unrest...).
        return scenario.area_setup(area_id).attributes.get(field, _default(setup_model, field))
    if area_model is not None and field in area_model.model_fields and field not in area.attributes:
        return _default(area_model, field)
    return area.attributes.get(field)


def _models(scenario: Scenario) -> tuple[Any, Any]:
    """The ruleset's area-setup and area attribute models (None when the ruleset is unknown)."""
    spec = registry.get(scenario.ruleset.id)
    return (spec.area_setup, spec.area_attributes) if spec is not None else (None, None)


def _default(model: Any, field: str) -> Any:
    return model.model_fields[field].get_default(call_default_factory=True)


def _is_setup_field(scenario: Scenario, field: str) -> bool:
    setup_model, _area_model = _models(scenario)
    return setup_model is not None and field in setup_model.model_fields


def paint_op(area_id: str, field: str, value: Any) -> Any:
    """The ``model.ops`` edit that gives one area the value."""
    if field == "owner":
        return lambda s: ops.set_owner(s, area_id, value)
    if field == "kind":
        return lambda s: ops.set_area_kind(s, area_id, value)

    def paint(s: Scenario) -> Any:
        if _is_setup_field(s, field):
            return ops.set_setup_attributes(s, area_id, field, value)
        return ops.set_attributes(s, "area", area_id, field, value)

    return paint


class PaintTool(Tool):
    """Right-click picks the value under the cursor; left-click or drag paints it."""

    name = "Paint"
    id = "paint"
    hint = "Right-click an area to pick its value (of the map mode's attribute); click or drag to paint it"

    def __init__(self, view: Any, context: Any) -> None:
        super().__init__(view, context)
        self.field: str | None = None
        self.value: Any = None
        self._stroke: int | None = None
        self._painted: set[str] = set()
        self.pinned = False
        """True when the Paint panel chose the field: it then applies in every map mode."""

    def choose(self, field: str, value: Any) -> None:
        """Paint this field and value whatever the map mode shows (the Paint panel's choice)."""
        self.field, self.value, self.pinned = field, value, True

    def _field(self) -> str | None:
        if self.pinned and self.field is not None:
            return self.field
        # The shared modes' fields and those each ruleset's editor part names (editor.rulesets).
        return paint_fields().get(self.view.map_scene.mode_id)

    def press(self, point: QPointF, event: QMouseEvent) -> bool:
        """Pick (right button) or start a stroke (left button)."""
        area_id = self.view.map_scene.area_at(point)
        field = self._field()
        if field is None:
            self.context.report("Paint: choose a map mode that shows an attribute (not validation)")
            return True
        if event.button() == Qt.MouseButton.RightButton:
            if area_id is not None:
                self.field, self.value = field, value_of(self.document.scenario, area_id, field)
                self.context.report(f"Paint: {field.replace('_', ' ')} = {self.value}")
            return True
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if self.field != field:
            self.context.report(f"Paint: right-click an area first to pick a {field.replace('_', ' ')}")
            return True
        self._stroke = next(_strokes)
        self._painted = set()
        self._paint(area_id)
        return True

    def move(self, point: QPointF, event: QMouseEvent) -> bool:
        """Paint every area the stroke passes over."""
        if self._stroke is None:
            return False
        self._paint(self.view.map_scene.area_at(point))
        return True

    def release(self, point: QPointF, event: QMouseEvent) -> bool:
        """End the stroke."""
        if self._stroke is None:
            return False
        self._stroke = None
        return True

    def _paint(self, area_id: str | None) -> None:
        if area_id is None or area_id in self._painted or self.field is None:
            return
        self._painted.add(area_id)
        scenario = self.document.scenario
        if self.field != "kind" and scenario.area(area_id).kind is AreaKind.SEA:
            return  # a stroke across the water paints the land on either side only
        if value_of(self.document.scenario, area_id, self.field) == self.value:
            return
        label = f"Paint {self.field.replace('_', ' ')}"
        if not self.run(paint_op(area_id, self.field, self.value), label, merge_key=("paint", self._stroke)):
            self._stroke = None  # a refused value (a sea cannot have an owner...) ends the stroke
