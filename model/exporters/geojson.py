"""GeoJSON export: each area as a (multi)polygon with its id, name, kind and attributes.

Coordinates are longitude/latitude when the map has a projection (the map is unprojected, so GIS
tools place it on the globe), and the map's own coordinates otherwise (y grows downwards, as on
screen: import the file back with ``--flip-y``). The top-level ``mappa`` member and the notes say
which. Registers the ``geojson`` export format.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import shapely
from shapely.geometry import mapping

from model.exporters.registry import Exporter, ExportError, ExportOptions, ExportResult, Target, register
from model.io import atomic_write
from model.projection import MapProjection, ProjectionError
from model.scenario import Scenario
from model.topology import Topology

DENSIFY_PARTS = 4000
"""Borders of a projected map are cut into pieces no longer than its extent over this before unprojecting."""

RESERVED = ("id", "name", "kind")
"""Property names the export sets itself; an attribute of the same name is written as ``attr_NAME``."""


def features(scenario: Scenario) -> tuple[dict[str, Any], list[str]]:
    """The scenario's areas as a GeoJSON FeatureCollection, and the notes about it."""
    topology = Topology.build(scenario.map)
    projection = (
        MapProjection.from_model(scenario.map.projection) if scenario.map.projection is not None else None
    )
    notes: list[str] = []
    out: list[dict[str, Any]] = []
    bounds = scenario.map.bounds
    extent = max(bounds.max_x - bounds.min_x, bounds.max_y - bounds.min_y) if bounds is not None else 1000.0
    step = max(scenario.map.grid * 10, extent / DENSIFY_PARTS)
    skipped = []
    for area in scenario.map.areas:
        shape = topology.area_geometry(area.id)
        if shape is None or shape.is_empty:
            skipped.append(area.id)
            continue
        if projection is not None:
            # A straight map border is a curve in lon/lat: densify it, so that two neighbours
            # (one may have a vertex the other's union dropped) still meet when projected again.
            shape = shapely.segmentize(shape, step)
            try:
                shape = shapely.transform(
                    shape, lambda xy: np.column_stack(projection.inverse(xy[:, 0], xy[:, 1]))
                )
            except ProjectionError as error:
                raise ExportError(f"area {area.id}: cannot be turned back into lon/lat: {error}") from error
        properties: dict[str, Any] = {"id": area.id, "name": area.name, "kind": area.kind.value}
        for key, value in area.attributes.items():
            properties[f"attr_{key}" if key in RESERVED else key] = value
        out.append({"type": "Feature", "id": area.id, "properties": properties, "geometry": mapping(shape)})
    if projection is not None:
        where = {"coordinates": "lonlat", "projection": projection.crs}
        notes.append(f"coordinates: longitude/latitude (the map is projected with {projection.crs})")
    else:
        where = {"coordinates": "map", "units": scenario.map.units, "y": "down"}
        notes.append(
            f"coordinates: the map's own ({scenario.map.units}, y down as on screen); "
            "import it back with --flip-y"
        )
    if skipped:
        notes.append(f"{len(skipped)} area(s) without a face were left out: {', '.join(skipped[:10])}")
    collection = {
        "type": "FeatureCollection",
        "mappa": {"title": scenario.metadata.title, **where},
        "features": out,
    }
    return collection, notes


def write(scenario: Scenario, target: str, options: ExportOptions) -> ExportResult:
    """Write the areas of ``scenario`` to ``target`` as GeoJSON (atomically)."""
    collection, notes = features(scenario)
    text = json.dumps(collection, ensure_ascii=False, indent=1) + "\n"
    try:
        atomic_write(target, text.encode("utf-8"))
    except OSError as error:
        raise ExportError(
            f"{target}: cannot write ({error.strerror or error}): check the folder exists and is writable"
        ) from error
    notes.insert(0, f"{len(collection['features'])} areas")
    return ExportResult([target], notes)


register(
    Exporter(
        name="geojson",
        title="GeoJSON polygons",
        target=Target("a GeoJSON file", suffixes=(".geojson", ".json")),
        write=write,
        help="write the areas as GeoJSON polygons with their id, name, kind and attributes",
    )
)
