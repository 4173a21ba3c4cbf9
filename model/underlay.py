"""Basemap underlays: where their files are, and their land projected onto the map's plane.

A basemap underlay is a TopoJSON or GeoJSON land layer in longitude/latitude (the shipped Natural
Earth file, or any other). It is projected with the map's own ``map.projection`` (``model.projection``,
the same code ``mappa generate`` uses), so it lines up with a map made from real geography. A map
drawn by hand has no projection: the land is then projected with an equal-area projection centred
on the data and fitted into the map's bounds by the underlay's position and scale, which the
author adjusts.

Sources are paths relative to the scenario file, absolute paths, or ``mappa:`` + a path under the
application's resources/ (the shipped basemap), so a scenario stays portable.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import shapely

from model.generate.basemap import BasemapError, read_land
from model.linework import polygons_to_linework
from model.projection import BBox, MapProjection, ProjectionError
from model.rules.tables import RESOURCES
from model.scenario import Bounds, MapData

RESOURCE_PREFIX = "mappa:"
SHIPPED_BASEMAP = f"{RESOURCE_PREFIX}basemaps/natural-earth/europe-land-50m.geojson"
"""The Natural Earth land shipped with Mappa (Europe, North Africa, the Near East)."""


class UnderlayError(ValueError):
    """A basemap that cannot be read or placed; the message names the file and what to do."""


def resolve_source(source: str, scenario_dir: Path | None) -> Path:
    """The file an underlay's ``source`` names (``mappa:`` sources live under resources/)."""
    if source.startswith(RESOURCE_PREFIX):
        return RESOURCES / source[len(RESOURCE_PREFIX) :]
    path = Path(source)
    if path.is_absolute() or scenario_dir is None:
        return path
    return scenario_dir / path


def source_for(path: Path, scenario_dir: Path | None) -> str:
    """How to store a chosen file: relative to the scenario's folder when it is inside it."""
    path = path.resolve()
    try:
        return f"{RESOURCE_PREFIX}{path.relative_to(RESOURCES.resolve()).as_posix()}"
    except ValueError:
        pass
    if scenario_dir is not None:
        try:
            return path.relative_to(scenario_dir.resolve()).as_posix()
        except ValueError:
            pass
    return str(path)


@dataclass(frozen=True)
class PlacedLand:
    """Land on the map's plane (before the underlay's own position and scale).

    ``fit`` is the ``(x, y, scale)`` that puts the land inside the map's bounds when the map has no
    projection of its own (None when it has one: then the land already lines up).
    """

    land: Any
    fit: tuple[float, float, float] | None


def _box_of(geometry: Any) -> BBox:
    west, south, east, north = geometry.bounds
    return BBox(max(west, -180.0), max(south, -89.0), min(east, 180.0), min(north, 89.0))


def place_land(path: Path, map_data: MapData) -> PlacedLand:
    """Read a land file and project it onto the map's plane; raise ``UnderlayError`` saying why not."""
    try:
        land = read_land(path)
    except BasemapError as error:
        raise UnderlayError(str(error)) from error
    try:
        if map_data.projection is not None:
            projection = MapProjection.from_model(map_data.projection)
            placed = projection.project_geometry(land)
            if map_data.bounds is not None:
                # Keep what the map shows (with a margin): the rest of the world is never drawn.
                placed = placed.intersection(_frame(map_data.bounds, margin=0.25))
            return PlacedLand(placed, None)
        projection = MapProjection.centred_laea(_box_of(land))
        placed = projection.project_geometry(land)
    except (ProjectionError, ValueError, shapely.errors.GEOSException) as error:
        raise UnderlayError(f"{path.name}: cannot project the land onto the map ({error})") from error
    return PlacedLand(placed, fit_into(placed.bounds, map_data.bounds))


def _frame(bounds: Bounds, margin: float = 0.0) -> Any:
    dx = (bounds.max_x - bounds.min_x) * margin
    dy = (bounds.max_y - bounds.min_y) * margin
    return shapely.box(bounds.min_x - dx, bounds.min_y - dy, bounds.max_x + dx, bounds.max_y + dy)


def fit_into(extent: tuple[float, float, float, float], bounds: Bounds | None) -> tuple[float, float, float]:
    """The ``(x, y, scale)`` that puts ``extent`` (min x, min y, max x, max y) centred inside ``bounds``."""
    if bounds is None:
        return (0.0, 0.0, 1.0)
    min_x, min_y, max_x, max_y = extent
    width, height = max(max_x - min_x, 1e-9), max(max_y - min_y, 1e-9)
    scale = min((bounds.max_x - bounds.min_x) / width, (bounds.max_y - bounds.min_y) / height)
    x = (bounds.min_x + bounds.max_x) / 2 - (min_x + max_x) / 2 * scale
    y = (bounds.min_y + bounds.max_y) / 2 - (min_y + max_y) / 2 * scale
    return (x, y, scale)


def transformed(land: Any, x: float, y: float, scale: float) -> Any:
    """The land moved and scaled as an underlay with this position and scale draws it."""
    return shapely.affinity.affine_transform(land, [scale, 0.0, 0.0, scale, x, y])


def coastline(land: Any, bounds: Bounds | None, grid: float) -> list[list[tuple[float, float]]]:
    """The coast of ``land`` (map coordinates) inside the map's bounds, as grid-snapped lines.

    Goes through the importers' polygons->linework path with the land and the sea of the frame as
    the two polygons, so the lines are noded and the frame closes the faces they make.
    """
    if land.is_empty:
        return []
    frame = _frame(bounds) if bounds is not None else shapely.box(*land.buffer(grid).bounds)
    on_map = shapely.make_valid(land.intersection(frame))
    sea = shapely.make_valid(frame.difference(on_map))
    shapes = [shape for shape in (on_map, sea) if not shape.is_empty]
    return sorted(polygons_to_linework(shapes, grid).lines)
