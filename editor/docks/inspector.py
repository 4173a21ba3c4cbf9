"""The Inspector dock: the selected objects' properties, generated from the ruleset's schema.

The dock shows one ``SchemaForm`` per *section* of the selected kind of object (an area has its
map fields, its ruleset attributes, its owner and its starting state). A section says how to read
an object's values as a dict and which ``model.ops`` edit writes a changed field. An edit applies
to every selected object of that kind as one undo step; typing or spinning the same field again
merges into that step. Values the schema refuses are not applied and the reason is shown.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field, ValidationError
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDockWidget, QLabel, QScrollArea, QVBoxLayout, QWidget

from editor import commands, edits
from editor.docks.adjacency_panel import AdjacencyPanel
from editor.docks.names import describe, kind_of
from editor.docks.schemaform import SchemaForm, get_path, resolve_edit, set_path, setup_list_choices
from editor.document import DocumentChange, ScenarioDocument
from editor.selection import Selection
from model import ops
from model.rules import registry
from model.scenario import AreaKind, ConnectionKind, Scenario

log = logging.getLogger(__name__)

Reader = Callable[[Scenario, str], dict[str, Any]]
Writer = Callable[[tuple[str, ...], str, Any], list[commands.Op]]
"""``writer(ids, field, value)`` returns the ops that set one top-level field on these objects."""


class AreaFields(BaseModel):
    """The map fields of an area that the inspector edits."""

    name: str = Field(min_length=1, description="The name shown on the map.")
    kind: AreaKind = Field(default=AreaKind.LAND, description="Land area or sea zone.")


class OwnerField(BaseModel):
    """Who holds an area at the start."""

    owner: str | None = Field(
        default=None,
        json_schema_extra={"ref": "owner"},
        description="An empire or Magnate; none means independent.",
    )


class EmpireFields(BaseModel):
    """An empire's own fields."""

    name: str = Field(min_length=1)
    colour: str = Field(
        pattern=r"^#[0-9a-fA-F]{6}$",
        description="Map colour, #rrggbb.",
        json_schema_extra={"format": "color"},
    )


class ConnectionFields(BaseModel):
    """A connection's fields."""

    kind: ConnectionKind
    a: str = Field(json_schema_extra={"ref": "area"})
    b: str = Field(json_schema_extra={"ref": "area"})
    name: str = ""
    one_way: bool = False


class MetadataFields(BaseModel):
    """The scenario's metadata as the inspector edits it (``model.scenario.Metadata`` checks it again)."""

    title: str = Field(min_length=1, max_length=200, title="Title", description="The scenario's name.")
    author: str = Field(default="", title="Author")
    description: str = Field(default="", title="Description", description="What the scenario is about.")
    start_year: int | None = Field(
        default=None, ge=-9999, le=9999, title="Start year", description="The year the game starts."
    )
    rounds: int | None = Field(
        default=None, ge=1, le=1000, title="Rounds", description="How many rounds the game lasts."
    )


def _metadata(scenario: Scenario, _id: str) -> dict[str, Any]:
    data = scenario.metadata.model_dump(mode="json")
    return {name: data.get(name) for name in MetadataFields.model_fields}


class UnitFields(BaseModel):
    """A unit's kind, owner, area and strength.

    Kind and owner are shown read-only: no edit operation changes them (remove the unit and place
    another). The area is changed by moving the unit (``ops.move_unit``).
    """

    kind: str = Field(
        frozen=True, json_schema_extra={"ref": "unit_kind"}, description="Set when the unit is placed."
    )
    owner: str = Field(
        frozen=True,
        json_schema_extra={"ref": "owner"},
        title="Empire",
        description="The empire or Magnate the unit belongs to; set when it is placed.",
    )
    area: str = Field(json_schema_extra={"ref": "area"}, description="Where the unit stands at the start.")
    strength: int = Field(ge=1, le=99)


def _set_unit_field(ids: tuple[str, ...], field: str, value: Any) -> list[commands.Op]:
    """Move units (one op per unit: the op moves one) or set their strength."""
    if field == "area":
        return [lambda s, i=i: ops.move_unit(s, i, value) for i in ids]
    if field == "strength":
        return edits.set_unit_field(ids, field, value)
    raise ValueError(f"a unit's {field} cannot be changed here")


def _set_unit_attribute(ids: tuple[str, ...], field: str, value: Any) -> list[commands.Op]:
    """Set one ruleset attribute of units."""
    return [lambda s: ops.set_attributes(s, "unit", list(ids), field, value)]


@dataclass(frozen=True)
class Section:
    """One group of fields of a kind of object: its schema, how to read it and how to write it."""

    title: str
    model: type[BaseModel]
    read: Reader
    write: Writer


def _dump(model: type[BaseModel], data: dict[str, Any]) -> dict[str, Any]:
    """The values with defaults filled in (raw values kept when they do not validate, so they show)."""
    try:
        return model.model_validate(data).model_dump(mode="json")
    except ValidationError:
        defaults = {
            n: i.get_default(call_default_factory=True)
            for n, i in model.model_fields.items()
            if not i.is_required()
        }
        return {**defaults, **data}


def area_sections(scenario: Scenario) -> list[Section]:
    """The sections of an area: map fields, ruleset attributes, owner, ruleset starting state."""
    spec = registry.get(scenario.ruleset.id)
    sections = [
        Section(
            "Area",
            AreaFields,
            lambda s, i: {"name": s.area(i).name, "kind": s.area(i).kind.value},
            edits.set_area_field,
        ),
    ]
    if spec is not None:
        sections.append(
            Section(
                "Attributes",
                spec.area_attributes,
                lambda s, i: _dump(spec.area_attributes, s.area(i).attributes),
                edits.set_area_attribute,
            )
        )
    sections.append(Section("Owner", OwnerField, lambda s, i: {"owner": s.owner_of(i)}, edits.set_owner))
    if spec is not None:
        sections.append(
            Section(
                "Starting state",
                spec.area_setup,
                lambda s, i: _dump(spec.area_setup, s.area_setup(i).attributes),
                edits.set_area_setup_attribute,
            )
        )
    return sections


def _power_sections(
    scenario: Scenario,
    title: str,
    get: Callable[[Scenario, str], Any],
    attributes: Callable[[Any], Any],
    set_field: Writer,
    set_attribute: Writer,
) -> list[Section]:
    """Name and colour under ``title``, then the ruleset's attributes (``attributes(spec)``)."""
    spec = registry.get(scenario.ruleset.id)
    fields = Section(
        title, EmpireFields, lambda s, i: {"name": get(s, i).name, "colour": get(s, i).colour}, set_field
    )
    sections = [fields]
    if spec is not None:
        schema = attributes(spec)
        sections.append(
            Section("Attributes", schema, lambda s, i: _dump(schema, get(s, i).attributes), set_attribute)
        )
    return sections


def empire_sections(scenario: Scenario) -> list[Section]:
    """The sections of an empire: name and colour, then the ruleset's empire attributes."""
    return _power_sections(
        scenario,
        "Empire",
        lambda s, i: s.empire(i),
        lambda spec: spec.empire_attributes,
        edits.set_empire_field,
        edits.set_empire_attribute,
    )


def magnate_sections(scenario: Scenario) -> list[Section]:
    """The sections of a Magnate: name and colour, then the ruleset's Magnate attributes."""
    return _power_sections(
        scenario,
        "Magnate",
        lambda s, i: next(m for m in s.setup.magnates if m.id == i),
        lambda spec: spec.magnate_attributes,
        edits.set_magnate_field,
        edits.set_magnate_attribute,
    )


def _connection(scenario: Scenario, connection_id: str) -> dict[str, Any]:
    for connection in scenario.map.connections:
        if connection.id == connection_id:
            return {
                "kind": connection.kind.value,
                "a": connection.a,
                "b": connection.b,
                "name": connection.name,
                "one_way": connection.one_way,
            }
    raise KeyError(f"no connection with id {connection_id!r}")


def _unit_of(scenario: Scenario, unit_id: str) -> Any:
    for unit in scenario.setup.units:
        if unit.id == unit_id:
            return unit
    raise KeyError(f"no unit with id {unit_id!r}")


def _unit(scenario: Scenario, unit_id: str) -> dict[str, Any]:
    unit = _unit_of(scenario, unit_id)
    return {"kind": unit.kind, "owner": unit.owner, "area": unit.area, "strength": unit.strength}


def unit_sections(scenario: Scenario) -> list[Section]:
    """The sections of a unit: kind, owner, area and strength, then the ruleset's unit attributes."""
    spec = registry.get(scenario.ruleset.id)
    sections = [Section("Unit", UnitFields, _unit, _set_unit_field)]
    if spec is not None and spec.unit_attributes.model_fields:
        sections.append(
            Section(
                "Attributes",
                spec.unit_attributes,
                lambda s, i: _dump(spec.unit_attributes, _unit_of(s, i).attributes),
                _set_unit_attribute,
            )
        )
    return sections


def scenario_sections(scenario: Scenario) -> list[Section]:
    """What the inspector shows when nothing is selected: the scenario's metadata and options."""
    spec = registry.get(scenario.ruleset.id)
    sections: list[Section] = [Section("Scenario", MetadataFields, _metadata, edits.set_metadata)]
    if spec is not None:
        sections.append(
            Section(
                "Optional rules",
                spec.options,
                lambda s, _i: _dump(spec.options, s.ruleset.options),
                edits.set_option,
            )
        )
        sections.append(
            Section(
                "Scenario setup",
                spec.setup_attributes,
                lambda s, _i: _dump(spec.setup_attributes, s.setup.attributes),
                edits.set_setup_attribute,
            )
        )
    return sections


SECTIONS: dict[str, Callable[[Scenario], list[Section]]] = {
    "area": area_sections,
    "empire": empire_sections,
    "magnate": magnate_sections,
    "connection": lambda _s: [
        Section("Connection", ConnectionFields, _connection, edits.set_connection_field)
    ],
    "unit": unit_sections,
    "scenario": scenario_sections,
}


class InspectorDock(QDockWidget):
    """Shows and edits the selection. Emits ``refused(str)`` with the reason an edit was refused."""

    refused = Signal(str)

    def __init__(
        self, document: ScenarioDocument, selection: Selection, parent: QWidget | None = None
    ) -> None:
        super().__init__("Inspector", parent)
        self.setObjectName("inspector_dock")
        self.document = document
        self.selection = selection
        self.kind = ""
        self.ids: tuple[str, ...] = ()
        self.forms: list[tuple[Section, SchemaForm]] = []
        self.adjacency_panel: AdjacencyPanel | None = None
        """The panel of a selected adjacency (an edge of the Adjacency layer), else None."""
        self.header = QLabel(self)
        self.header.setWordWrap(True)
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b2182b;")
        self.error.hide()
        self.body = QWidget(self)
        self.body_layout = QVBoxLayout(self.body)
        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        outer = QWidget(self)
        layout = QVBoxLayout(outer)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.header)
        layout.addWidget(self.error)
        layout.addWidget(self.scroll, 1)
        self.setWidget(outer)
        selection.changed.connect(self._on_selection)
        document.changed.connect(self._on_document_changed)
        self._on_selection(selection.ids)

    # --- choices for pickers --------------------------------------------------------------------

    def choices(self, ref: str) -> list[tuple[str, str]]:
        """The ``(id, label)`` pairs a reference field of kind ``ref`` may take."""
        scenario = self.document.scenario
        if ref == "area":
            return [(a.id, f"{a.name} ({a.id})") for a in scenario.map.areas]
        if ref == "language":
            return [(x.id, x.name) for x in scenario.catalogs.languages]
        if ref == "religion":
            return [(x.id, x.name) for x in scenario.catalogs.religions]
        if ref == "empire":
            return [(e.id, e.name) for e in scenario.setup.empires]
        if ref == "owner":
            return [(e.id, e.name) for e in scenario.setup.empires] + [
                (m.id, f"{m.name} (Magnate)") for m in scenario.setup.magnates
            ]
        if ref == "unit_kind":
            spec = registry.get(scenario.ruleset.id)
            return [(k.id, k.name) for k in spec.unit_kinds] if spec is not None else []
        listed = setup_list_choices(scenario.setup.attributes, ref)
        return listed if listed is not None else []

    # --- building the forms ---------------------------------------------------------------------

    def _on_selection(self, ids: tuple[str, ...]) -> None:
        scenario = self.document.scenario
        kinds = [kind_of(scenario, i) for i in ids]
        # Edit the objects of the first selected kind; others are ignored (they are said to be).
        kind = next((k for k in kinds if k in SECTIONS), None) if ids else "scenario"
        if kind is None and "adjacency" in kinds:
            kind = "adjacency"  # an edge of the Adjacency layer: its own panel (the first one)
        self.kind = kind or ""
        self.ids = tuple(i for i, k in zip(ids, kinds, strict=True) if k == kind) if ids else ("",)
        if kind == "adjacency":
            self.ids = self.ids[:1]
        self._build()

    def _build(self) -> None:
        # A fresh body per selection: QScrollArea.setWidget deletes the old one at once, so no
        # stale form can linger or receive edits.
        self.body = QWidget()
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.forms = []
        self.error.hide()
        self.adjacency_panel: AdjacencyPanel | None = None
        if not self.kind:
            self.header.setText("Nothing editable is selected.")
        elif self.kind == "adjacency":
            self.header.setText(self._describe())
            self.adjacency_panel = AdjacencyPanel(self.document, self.selection, self.ids[0], self.body)
            self.body_layout.addWidget(self.adjacency_panel)
        else:
            self.header.setText(self._describe())
            for section in SECTIONS[self.kind](self.document.scenario):
                title = QLabel(f"<b>{section.title}</b>", self.body)
                self.body_layout.addWidget(title)
                form = SchemaForm(section.model, self.choices, self.body)
                form.edited.connect(
                    lambda path, value, s=section, f=form: self.apply(
                        s, path, value, merge=f.merge_edit, merge_tag=f.merge_tag
                    )
                )
                form.invalid.connect(self.show_error)
                self.body_layout.addWidget(form)
                self.forms.append((section, form))
        self.scroll.setWidget(self.body)
        self.refresh()

    def _describe(self) -> str:
        scenario = self.document.scenario
        if self.kind == "scenario":
            return f"<b>Scenario</b>: {scenario.metadata.title} (ruleset {scenario.ruleset.id})"
        if len(self.ids) > 1:
            return f"<b>{len(self.ids)} {self.kind}s</b>: edits apply to all of them"
        text = html.escape(describe(scenario, self.ids[0]))
        kind = self.kind.capitalize()
        if text.startswith(kind + " "):
            text = text[len(kind) + 1 :]
        return f"<b>{kind}</b> {text}"

    def refresh(self) -> None:
        """Show the model's current values."""
        scenario = self.document.scenario
        for section, form in self.forms:
            try:
                values = [section.read(scenario, i) for i in self.ids]
            except KeyError:
                continue  # the object was deleted; the selection prunes it next
            form.set_values(values)

    def _on_document_changed(self, change: DocumentChange) -> None:
        if change.reset:  # another scenario: other catalogs, ruleset and values
            self._on_selection(self.selection.ids)
            return
        if self.adjacency_panel is not None:  # a cut, a new connection, a moved border...
            self.adjacency_panel.refresh()
            return
        touched = change.areas | change.empires | change.connections | change.units | change.magnates
        if (
            self.kind == "scenario"
            or touched & set(self.ids)
            or change.empires
            or change.magnates
            or change.setup
            # a unit or connection header names its areas; an area's name is in other pickers
            or (change.areas and self.kind in ("unit", "connection", "empire", "magnate"))
        ):
            for _section, form in self.forms:
                form.refresh_choices()
            # The object may have been renamed (the title, for the scenario); a deleted one keeps
            # its header until the selection drops it. A multi-selection's header is a count.
            single = len(self.ids) == 1 and kind_of(self.document.scenario, self.ids[0]) is not None
            if self.kind == "scenario" or single:
                self.header.setText(self._describe())
            self.refresh()

    # --- editing --------------------------------------------------------------------------------

    def show_error(self, message: str) -> None:
        """Show why a value was refused (under the header, and on the status bar)."""
        self.error.setText(message)
        self.error.show()
        self.refused.emit(message)

    def apply(
        self, section: Section, path: tuple[str, ...], value: Any, merge: bool = True, merge_tag: Any = None
    ) -> bool:
        """Set the field at ``path`` to ``value`` on every selected object, as one undo step.

        ``value`` may be a change (add a reference, set a key) that each object resolves against
        its own value. With ``merge`` the step merges with the previous edit of the same field
        (typing, spinning) and the same ``merge_tag`` (one record of a list of records); without,
        it is a step of its own (a pick, a tick, an added row).
        """
        scenario = self.document.scenario
        field = path[0]
        values: dict[str, Any] = {}
        for object_id in self.ids:
            data = section.read(scenario, object_id)
            new = set_path(data, path, resolve_edit(value, get_path(data, path)))
            try:
                section.model.model_validate(new)
            except ValidationError as error:
                self.show_error(_reason(path, error))
                self.refresh()
                return False
            values[object_id] = new[field]
        distinct = list({repr(v): v for v in values.values()}.values())
        if len(distinct) == 1:
            edit_ops = section.write(self.ids, field, distinct[0])
        else:  # a nested field (a leader's stature) keeps each object's other nested values
            edit_ops = [
                op for object_id in self.ids for op in section.write((object_id,), field, values[object_id])
            ]
        label = f"Set {'.'.join(path).replace('_', ' ')}"
        if len(self.ids) > 1:
            label += f" on {len(self.ids)} {self.kind}s"
        try:
            key = ("inspector", self.ids, path, merge_tag) if merge else None
            commands.execute(self.document, edit_ops, label, merge_key=key)
        except (ValueError, KeyError, LookupError) as error:
            self.show_error(str(error))
            self.refresh()
            return False
        self.error.hide()
        return True

    def form(self, title: str) -> SchemaForm:
        """The form of the section with this title (for tests and scripting)."""
        for section, form in self.forms:
            if section.title == title:
                return form
        raise KeyError(f"no section {title!r}; sections: {[s.title for s, _f in self.forms]}")


def _reason(path: tuple[str, ...], error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or ".".join(path)
    return f"{where}: {first.get('msg', 'invalid value')} — the value was not applied"
