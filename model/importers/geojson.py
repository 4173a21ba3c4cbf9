"""GeoJSON sources: a FeatureCollection, a single Feature, or a bare geometry, as a list of features."""

from __future__ import annotations

from typing import Any

from model.importers.common import SourceError

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
