"""The pure edit operations the editor's undo commands call (DESIGN.md "Editor conventions").

Each operation takes the scenario first, checks every precondition and raises an ``OpError``
(``UnknownIdError``, ``InvalidGeometryError``, ``PreconditionError``, ``InvalidValueError``)
before changing anything, quantizes new coordinates to ``map.grid``, changes the scenario in
place, and returns a ``Change``: ``change.touched`` says what changed (pass
``touched.boundaries`` and ``touched.areas`` to ``Topology.update``), ``change.revert(scenario)``
undoes it exactly and returns the change that redoes it. Operations on several ids are one step.
"""

from model.ops.areas import (
    add_anchor,
    add_area,
    delete_area,
    move_anchor,
    remove_anchor,
    set_area_fields,
    set_area_kind,
    set_label,
)
from model.ops.capture import replace_position
from model.ops.catalogs import (
    add_catalog_entry,
    add_language,
    add_religion,
    references,
    remove_catalog_entry,
    set_catalog_entry,
)
from model.ops.core import (
    Change,
    InvalidGeometryError,
    InvalidValueError,
    OpError,
    PreconditionError,
    Touched,
    UnknownIdError,
    new_id,
)
from model.ops.empire_attributes import set_empires_attributes
from model.ops.linework import (
    add_boundary,
    delete_boundary,
    delete_vertex,
    insert_vertex,
    merge_areas,
    move_vertex,
    set_boundary_points,
    split_area,
    split_crossed,
)
from model.ops.replace import replace_setup
from model.ops.replace_map import areas_left_behind, id_clashes, replace_map
from model.ops.setup import (
    TARGETS,
    add_connection,
    add_empire,
    add_magnate,
    move_unit,
    place_unit,
    remove_connection,
    remove_empire,
    remove_magnate,
    remove_unit,
    set_adjacency_policy,
    set_attributes,
    set_connection,
    set_empire_fields,
    set_magnate_fields,
    set_metadata,
    set_owner,
    set_setup_attributes,
    set_unit_strength,
)
from model.ops.tables import reset_table, set_table
from model.ops.underlays import add_linework, add_underlay, remove_underlay, set_underlay
from model.ops.vertex_join import move_vertex_onto

__all__ = [
    "TARGETS",
    "Change",
    "InvalidGeometryError",
    "InvalidValueError",
    "OpError",
    "PreconditionError",
    "Touched",
    "UnknownIdError",
    "add_anchor",
    "add_area",
    "add_boundary",
    "add_catalog_entry",
    "add_connection",
    "add_empire",
    "add_language",
    "add_linework",
    "add_magnate",
    "add_religion",
    "add_underlay",
    "areas_left_behind",
    "delete_area",
    "delete_boundary",
    "delete_vertex",
    "id_clashes",
    "insert_vertex",
    "merge_areas",
    "move_anchor",
    "move_unit",
    "move_vertex",
    "move_vertex_onto",
    "new_id",
    "place_unit",
    "references",
    "remove_anchor",
    "remove_catalog_entry",
    "remove_connection",
    "remove_empire",
    "remove_magnate",
    "remove_underlay",
    "remove_unit",
    "replace_map",
    "replace_position",
    "replace_setup",
    "reset_table",
    "set_adjacency_policy",
    "set_area_fields",
    "set_area_kind",
    "set_attributes",
    "set_boundary_points",
    "set_catalog_entry",
    "set_connection",
    "set_empire_fields",
    "set_empires_attributes",
    "set_label",
    "set_magnate_fields",
    "set_metadata",
    "set_owner",
    "set_setup_attributes",
    "set_table",
    "set_underlay",
    "set_unit_strength",
    "split_area",
    "split_crossed",
]
