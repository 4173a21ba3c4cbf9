"""Basemap underlays: where their files are, and their land projected onto the map's plane.

A basemap underlay is a TopoJSON or GeoJSON land layer in longitude/latitude (the shipped Natural
Earth file, or any other). It is projected with the map's own ``map.projection`` (``model.projection``,
the same code ``mappa generate`` uses), so it lines up with a map made from real geography. A map
drawn by hand has no projection: the land is then projected with an equal-area projection centred
on the data and fitted into the map's bounds by the underlay's position and scale, which the
author adjusts.

Sources are paths relative to the scenario file (inside its folder), or ``mappa:`` + a path under
the application's resources/ (the shipped basemap), so a scenario stays portable; a scenario file is
untrusted, so anything else is refused before reading (``model.underlay_files``), and files are read
with a size limit and never from a pipe or a device.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import shapely

from model.generate.basemap import BasemapError, land_from_data
from model.linework import polygons_to_linework
from model.projection import BBox, MapProjection, ProjectionError
from model.resources import resources_dir
from model.scenario import Bounds, MapData
from model.underlay_files import (
    RESOURCE_PREFIX,
    UnderlayError,
    UnderlaySourceError,
    describe_os_error,
    read_source_file,
    resolve_source,
)

__all__ = [
    "RESOURCE_PREFIX",
    "SHIPPED_BASEMAP",
    "PlacedLand",
    "UnderlayError",
    "UnderlaySourceError",
    "coastline",
    "copy_into_folder",
    "fit_into",
    "place_land",
    "read_underlay",
    "resolve_source",
    "source_for",
    "transformed",
]
SHIPPED_BASEMAP = f"{RESOURCE_PREFIX}basemaps/natural-earth/europe-land-50m.geojson"
"""The Natural Earth land shipped with Mappa (Europe, North Africa, the Near East)."""


def read_underlay(path: Path) -> bytes:
    """The bytes of an underlay file (a regular file within the size limit); raise ``UnderlayError``
    saying why not. ``path`` comes from ``resolve_source``, which keeps it inside the allowed folders."""
    try:
        return read_source_file(path)
    except UnderlaySourceError as error:
        raise UnderlayError(str(error)) from error
    except OSError as error:
        raise UnderlayError(describe_os_error(path, error)) from error


def source_for(path: Path, scenario_dir: Path | None) -> str:
    """How to store a chosen file: ``mappa:`` inside resources/, else relative to the scenario's folder.

    Raises ``UnderlaySourceError`` for a file outside both (an underlay may not name it: the
    scenario would read outside its folder on another machine); the editor offers to copy it in.
    """
    path = path.resolve()
    try:
        return f"{RESOURCE_PREFIX}{path.relative_to(resources_dir().resolve()).as_posix()}"
    except ValueError:
        pass
    if scenario_dir is None:
        raise UnderlaySourceError(
            f"{path.name}: the scenario has not been saved yet; save it first, then add the underlay "
            "from a file in its folder"
        )
    try:
        return path.relative_to(scenario_dir.resolve()).as_posix()
    except ValueError:
        raise UnderlaySourceError(
            f"{path.name} is outside the scenario's folder: copy it into the folder (or a folder "
            "inside it) first"
        ) from None


def copy_into_folder(path: Path, scenario_dir: Path, subfolder: str = "underlays") -> str:
    """Copy a chosen file into ``scenario_dir/subfolder`` (a new name if taken); return its source.

    The copy is read like an underlay (a regular file within the size limit), so a pipe or a
    device chosen by mistake is refused rather than copied without end.
    """
    data = read_underlay(path)
    folder = scenario_dir / subfolder
    folder.mkdir(exist_ok=True)
    target = folder / path.name
    number = 2
    while target.exists():
        target = folder / f"{path.stem}-{number}{path.suffix}"
        number += 1
    target.write_bytes(data)
    return target.relative_to(scenario_dir).as_posix()


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
    data = read_underlay(path)
    try:
        land = land_from_data(json.loads(data.decode("utf-8")), path.name)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise UnderlayError(f"{path.name}: not a GeoJSON or TopoJSON file ({error})") from error
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
