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
import shapely.affinity

from model.generate.tables import GenerateError


class BasemapError(GenerateError):
    """A basemap file that cannot be read as land polygons."""


def _decode_arcs(topology: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """Absolute lon/lat coordinates of every TopoJSON arc (undoing quantization and delta encoding)."""
    transform = topology.get("transform")
    arcs: list[list[tuple[float, float]]] = []
    for arc in topology["arcs"]:
        if transform:
            (sx, sy), (tx, ty) = transform["scale"], transform["translate"]
            x = y = 0
            points = []
            for dx, dy, *_ in arc:
                x += dx
                y += dy
                points.append((x * sx + tx, y * sy + ty))
        else:
            points = [(float(p[0]), float(p[1])) for p in arc]
        arcs.append(points)
    return arcs


def _ring(indexes: list[int], arcs: list[list[tuple[float, float]]]) -> list[tuple[float, float]]:
    """Join arcs into a ring; a negative index ``~i`` means arc ``i`` reversed (TopoJSON spec)."""
    ring: list[tuple[float, float]] = []
    for index in indexes:
        points = arcs[index] if index >= 0 else arcs[~index][::-1]
        ring.extend(points if not ring else points[1:])  # consecutive arcs share their end point
    return ring


def _topology_geometry(item: dict[str, Any], arcs: list[list[tuple[float, float]]]) -> list[Any]:
    kind = item.get("type")
    if kind == "GeometryCollection":
        return [part for child in item.get("geometries", []) for part in _topology_geometry(child, arcs)]
    if kind == "Polygon":
        return [_polygon(item["arcs"], arcs)]
    if kind == "MultiPolygon":
        return [_polygon(polygon, arcs) for polygon in item["arcs"]]
    return []  # points and lines carry no land


def _polygon(rings: list[list[int]], arcs: list[list[tuple[float, float]]]) -> Any:
    return polygon_from_rings([_ring(ring, arcs) for ring in rings])


def _unwrap(ring: list[tuple[float, float]], near: float | None) -> list[tuple[float, float]]:
    """Make a ring's longitudes continuous where it jumps across the antimeridian (+-360 steps).

    World land layers draw Eurasia as one ring running off 180 E and back in at 180 W; taken as
    a plane polygon it crosses itself and ``make_valid`` would fill the Arctic and the Atlantic.
    ``near``: a longitude to start close to (a hole keeps to its shell's side).
    """
    out: list[tuple[float, float]] = []
    shift = 0.0
    if near is not None and ring:
        shift = 360.0 * round((near - ring[0][0]) / 360.0)
    previous: float | None = None
    for lon, lat in ring:
        if previous is not None:
            if lon - previous > 180:
                shift -= 360.0
            elif lon - previous < -180:
                shift += 360.0
        previous = lon
        out.append((lon + shift, lat))
    return out


WORLD = shapely.box(-180, -90, 180, 90)


def polygon_from_rings(rings: list[list[tuple[float, float]]]) -> Any:
    """A valid lon/lat (multi)polygon from a shell and holes, mended where it crosses the antimeridian."""
    shell = _unwrap(rings[0], None)
    holes = [_unwrap(ring, shell[0][0]) for ring in rings[1:] if len(ring) >= 4]
    polygon = shapely.make_valid(shapely.Polygon(shell, holes))
    west, _, east, _ = polygon.bounds
    if west >= -180 and east <= 180:
        return polygon
    # Part of it lies beyond +-180: fold that part back onto the other side of the map.
    copies = [shapely.affinity.translate(polygon, offset) for offset in (-360.0, 0.0, 360.0)]
    return shapely.intersection(shapely.union_all(copies), WORLD)


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
        if data.get("type") == "Topology":
            arcs = _decode_arcs(data)
            parts = [p for obj in data.get("objects", {}).values() for p in _topology_geometry(obj, arcs)]
        else:
            parts = _geojson_geometries(data)
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
