"""GeoJSON sources: a FeatureCollection, a single Feature, or a bare geometry, as a list of features.

Registers the ``geojson`` import format (``model.importers.registry``).
"""

from __future__ import annotations

from typing import Any

from model.importers.common import ImportOptions, ImportResult, SourceError, read_json
from model.importers.pipeline import POLYGON_OPTIONS, build_scenario
from model.importers.registry import Importer, Source, register, shared

GEOMETRY_TYPES = {
    "Point",
    "MultiPoint",
    "LineString",
    "MultiLineString",
    "Polygon",
    "MultiPolygon",
    "GeometryCollection",
}


def to_features(data: Any, source: str = "<geojson>") -> list[dict[str, Any]]:
    """Return the features of parsed GeoJSON (RFC 7946); raise ``SourceError`` when it is not GeoJSON."""
    if not isinstance(data, dict):
        raise SourceError(f"{source}: the top level is a JSON {type(data).__name__}, not a GeoJSON object")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise SourceError(f"{source}: 'type' is {kind!r}, not a GeoJSON type name; is this GeoJSON?")
    if kind == "FeatureCollection":
        features = data.get("features")
        if not isinstance(features, list):
            raise SourceError(f"{source}: 'features' of the FeatureCollection is not a list")
        return features
    if kind == "Feature":
        return [data]
    if kind in GEOMETRY_TYPES:
        return [{"type": "Feature", "properties": {}, "geometry": data}]
    if kind == "Topology":
        raise SourceError(f"{source}: this is TopoJSON; import it with 'mappa import topojson'")
    raise SourceError(
        f"{source}: not GeoJSON (type {kind!r}; expected FeatureCollection, Feature or a geometry)"
    )


def read(source: str, options: ImportOptions) -> ImportResult:
    """Import a GeoJSON file: one area per feature (``model.importers.pipeline``)."""
    data = read_json(source, "GeoJSON")
    warnings: list[str] = []
    if options.layer is not None:
        warnings.append(f"--layer {options.layer} ignored: a GeoJSON file has a single layer")
    result = build_scenario(to_features(data, source), options, source)
    result.warnings[:0] = warnings
    return result


register(
    Importer(
        name="geojson",
        title="GeoJSON polygons",
        source=Source("a GeoJSON file", suffixes=(".geojson", ".json")),
        read=read,
        options=shared(*POLYGON_OPTIONS),
        help="make a scenario map from GeoJSON polygons (one area per feature)",
    )
)
