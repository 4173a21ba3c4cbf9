"""Reading a basemap (land or country outlines, TopoJSON or GeoJSON, lon/lat) into shapely land.

Natural Earth's ``land`` and ``countries`` layers come as TopoJSON (``world-atlas``) or GeoJSON.
Countries are dissolved into land: generation only needs the coastline. Reading can be limited to
a box, which keeps the union cheap on a world file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import shapely

from model.generate.tables import GenerateError
from model.importers import topojson
from model.importers.common import SourceError
from model.lonlat import polygon_from_rings


class BasemapError(GenerateError):
    """A basemap file that cannot be read as land polygons."""


def _coordinates(rings: list[list[list[float]]]) -> list[list[tuple[float, float]]]:
    return [[(float(p[0]), float(p[1])) for p in ring] for ring in rings]


def _geojson_geometries(data: dict[str, Any]) -> list[Any]:
    kind = data.get("type")
    if kind == "FeatureCollection":
        return [g for feature in data.get("features", []) for g in _geojson_geometries(feature)]
    if kind == "Feature":
        geometry = data.get("geometry")
        return _geojson_geometries(geometry) if geometry else []
    if kind == "GeometryCollection":
        return [g for child in data.get("geometries", []) for g in _geojson_geometries(child)]
    if kind == "Polygon":
        return [polygon_from_rings(_coordinates(data["coordinates"]))]
    if kind == "MultiPolygon":
        return [polygon_from_rings(_coordinates(rings)) for rings in data["coordinates"]]
    return []


def land_from_data(data: Any, source: str = "<basemap>", clip: Any = None) -> Any:
    """The land (a shapely geometry in lon/lat) of parsed TopoJSON or GeoJSON, within ``clip`` if given."""
    if not isinstance(data, dict):
        raise BasemapError(f"{source}: not a TopoJSON or GeoJSON object")
    try:
        if data.get("type") == "Topology":  # every object of the topology, decoded by the importer
            features = [f for name in topojson.layers(data) for f in topojson.to_features(data, name, source)]
            parts = _geojson_geometries({"type": "FeatureCollection", "features": features})
        else:
            parts = _geojson_geometries(data)
    except SourceError as error:
        raise BasemapError(str(error)) from error
    except (KeyError, IndexError, TypeError, ValueError) as error:
        raise BasemapError(f"{source}: malformed geometry ({type(error).__name__}: {error})") from error
    if not parts:
        raise BasemapError(f"{source}: no polygons found (is it a land or countries layer?)")
    if clip is not None:
        parts = [part.intersection(clip) for part in parts if part.intersects(clip)]
    land = shapely.unary_union(parts) if parts else shapely.Polygon()
    polygons = shapely.MultiPolygon(
        [g for g in shapely.get_parts(land) if isinstance(g, shapely.Polygon) and not g.is_empty]
    )
    if polygons.is_empty:
        raise BasemapError(f"{source}: no land inside the box")
    return polygons


def read_land(path: str | Path, clip: Any = None) -> Any:
    """Read a basemap file into land polygons (lon/lat), within ``clip`` if given."""
    source = Path(path).name
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise BasemapError(f"{path}: {error.strerror or error}") from error
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BasemapError(f"{source}: not JSON ({error})") from error
    return land_from_data(data, source, clip)
