"""Generating a map from named points: land divided among regions, sea among sea zones.

``generate`` is a pure function from land polygons (lon/lat) and tables to a ``Scenario`` (the
editor calls it as one undoable edit; ``mappa generate`` calls it after reading the files):

1. project the land and the box outline (``model.projection``), simplify the coast to
   ``tolerance`` map units, drop islands and lakes smaller than ``min_island_area``, snap to
   the grid;
2. place each point: land points on land, sea points in the sea (a point within
   ``snap_distance`` of where it belongs is moved there, farther is an error naming its row);
3. divide each land mass among its points (``model.generate.partition``); an island without a
   point becomes an extra part (an extra anchor) of the region of the nearest point;
4. divide the sea inside the box among the sea points; a lake without a sea point becomes land
   of the region around it;
5. turn the region polygons into linework and anchors; add straits as connections.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from model.generate.linework import to_linework
from model.generate.partition import (
    Region,
    VanishedRegion,
    divide,
    heal,
    longest_border,
    nearest,
    nearest_site,
    polygons,
)
from model.generate.tables import GenerateError, NamedPoint, StraitRow
from model.io import quantize
from model.projection import BBox, MapProjection
from model.scenario import (
    DEFAULT_RULESET_ID,
    Area,
    AreaKind,
    Bounds,
    Catalogs,
    Connection,
    ConnectionKind,
    MapData,
    Metadata,
    RulesetRef,
    Scenario,
)


@dataclass(frozen=True)
class GenerateOptions:
    """The knobs of map generation; lengths and areas are in map units (km for the default projection)."""

    bbox: BBox
    projection: MapProjection | None = None
    """None: a Lambert azimuthal equal-area projection centred on the box, in km."""
    grid: float = 0.1
    tolerance: float = 2.0
    """Coastline simplification (Douglas-Peucker) tolerance: larger makes smaller files."""
    min_island_area: float = 40.0
    """Islands and lakes smaller than this are dropped (they would be specks on a game map)."""
    narrows: float = 3.0
    """Sea zones are cut at channels narrower than twice this (straits), so a zone never reaches
    through a strait into the next sea; 0 divides the sea by straight-line distance alone."""
    snap_distance: float = 15.0
    """A point this close to where it belongs (land or sea) is moved there instead of refused."""
    title: str = "Generated map"
    ruleset: str = DEFAULT_RULESET_ID
    catalogs: Catalogs = field(default_factory=Catalogs)


@dataclass
class Generation:
    """The generated scenario, and notes about what the generator decided for the author."""

    scenario: Scenario
    notes: list[str] = field(default_factory=list)


LINE_PREFIX = "line-"


def generate_map(
    land: BaseGeometry,
    points: Sequence[NamedPoint],
    seas: Sequence[NamedPoint] = (),
    straits: Sequence[StraitRow] = (),
    *,
    options: GenerateOptions,
) -> Scenario:
    """Generate a scenario whose map divides ``land`` (lon/lat polygons) among ``points``."""
    return generate(land, points, seas, straits, options).scenario


def generate(
    land: BaseGeometry,
    points: Sequence[NamedPoint],
    seas: Sequence[NamedPoint],
    straits: Sequence[StraitRow],
    options: GenerateOptions,
) -> Generation:
    """Like ``generate_map``, and also return the generator's notes (islands joined, points moved)."""
    if not points:
        raise GenerateError("the points table has no regions")
    _check_ids(points, seas, straits)
    projection = options.projection or MapProjection.centred_laea(options.bbox)
    grid = options.grid
    notes: list[str] = []

    outline = options.bbox.outline()
    frame = shapely.set_precision(projection.project_geometry(outline), grid)
    land_ll = shapely.intersection(shapely.make_valid(land), outline)
    land_xy = _prepare_land(projection.project_geometry(land_ll), frame, options)
    if land_xy.is_empty:
        raise GenerateError("no land is left inside the box (check --bbox and the basemap)")

    sites = {p.id: _place(p, projection, land_xy, options, notes, on_land=True) for p in points}
    regions, islands = _divide(land_xy, sites, points, grid)
    for island in islands:
        nearest_site(regions, island).extra.append(island)
    if islands:
        notes.append(
            f"{len(islands)} islands without a point joined the region of the nearest point as extra parts"
        )

    sea_regions: dict[str, Region] = {}
    lakes: list[Polygon] = []
    if seas:
        sea_space = shapely.difference(frame, land_xy, grid_size=grid)
        sea_sites = {p.id: _place(p, projection, sea_space, options, notes, on_land=False) for p in seas}
        sea_regions, lakes = _divide(sea_space, sea_sites, seas, grid, options.narrows)
        for lake in lakes:
            _fill_lake(regions, lake, grid)
    else:  # no sea zones: the sea stays outside the map, but lakes inside the land must not be gaps
        lakes = [Polygon(ring) for polygon in polygons(land_xy) for ring in polygon.interiors]
        for lake in lakes:
            _fill_lake(regions, lake, grid)
    if lakes:
        notes.append(f"{len(lakes)} lakes or enclosed seas without a sea point became land")

    heal({**regions, **sea_regions}, grid)
    areas = [_area(p, regions[p.id], AreaKind.LAND, grid) for p in points]
    areas += [_area(p, sea_regions[p.id], AreaKind.SEA, grid) for p in seas]
    shapes = [regions[p.id].geometry() for p in points] + [sea_regions[p.id].geometry() for p in seas]
    boundaries = to_linework(shapes, grid, LINE_PREFIX)
    connections = [
        Connection(id=s.id, a=s.a, b=s.b, kind=ConnectionKind.STRAIT, name=s.name) for s in straits
    ]
    extent = shapely.union_all(shapes).bounds
    map_data = MapData(
        units=projection.units,
        bounds=Bounds(
            min_x=quantize(extent[0], grid),
            min_y=quantize(extent[1], grid),
            max_x=quantize(extent[2], grid),
            max_y=quantize(extent[3], grid),
        ),
        grid=grid,
        projection=projection.to_model(),
        boundaries=boundaries,
        areas=areas,
        connections=connections,
    )
    scenario = Scenario(
        metadata=Metadata(title=options.title),
        map=map_data,
        catalogs=options.catalogs,
        ruleset=RulesetRef(id=options.ruleset),
        next_serial=len(boundaries) + 1,
    )
    return Generation(scenario, notes)


def _check_ids(
    points: Sequence[NamedPoint], seas: Sequence[NamedPoint], straits: Sequence[StraitRow]
) -> None:
    """Ids are unique across all tables; straits join two land regions."""
    seen: dict[str, NamedPoint | StraitRow] = {}
    items: list[NamedPoint | StraitRow] = [*points, *seas, *straits]
    for item in items:
        if item.id.startswith(LINE_PREFIX):
            raise item.fail(f"ids starting with {LINE_PREFIX!r} are kept for boundaries", "id")
        first = seen.get(item.id)
        if first is not None:
            raise item.fail(f"duplicate id (also in {first.source}, row {first.row})", "id")
        seen[item.id] = item
    land = {p.id for p in points}
    for strait in straits:
        for column in ("a", "b"):
            target = getattr(strait, column)
            if target not in land:
                kind = "a sea zone" if target in {s.id for s in seas} else "not a region of the points table"
                raise strait.fail(f"{target!r} is {kind}; a strait joins two land regions", column)


def _prepare_land(land: BaseGeometry, frame: BaseGeometry, options: GenerateOptions) -> BaseGeometry:
    """Simplify the coast, drop specks (islands and lakes), clip to the frame, snap to the grid."""
    land = shapely.make_valid(land).simplify(options.tolerance, preserve_topology=True)
    kept: list[Polygon] = []
    for polygon in polygons(land):
        if polygon.area < options.min_island_area:
            continue
        holes = [ring for ring in polygon.interiors if Polygon(ring).area >= options.min_island_area]
        kept.append(Polygon(polygon.exterior, holes))
    cleaned = shapely.intersection(shapely.MultiPolygon(kept), frame, grid_size=options.grid)
    # Snapping can leave new specks (a sliver of a peninsula cut by the frame): drop them too.
    return shapely.MultiPolygon([p for p in polygons(cleaned) if p.area >= options.min_island_area])


def _place(
    point: NamedPoint,
    projection: MapProjection,
    space: BaseGeometry,
    options: GenerateOptions,
    notes: list[str],
    on_land: bool,
) -> Point:
    """The point on the map plane, inside ``space``; moved in when it is just outside."""
    if not (
        options.bbox.west <= point.lon <= options.bbox.east
        and options.bbox.south <= point.lat <= options.bbox.north
    ):
        raise point.fail(f"({point.lon}, {point.lat}) is outside the box {_box_text(options.bbox)}")
    site = Point(projection.point(point.lon, point.lat))
    if space.contains(site):
        return site
    distance = float(space.distance(site))
    where = "on land" if on_land else "in the sea"
    if distance > options.snap_distance:
        wrong = "in the sea or on a dropped island" if on_land else "on land"
        raise point.fail(
            f"({point.lon}, {point.lat}) is {wrong}, {distance:.0f} map units from the nearest place "
            f"{where}; a {'region' if on_land else 'sea'} point must be {where}"
        )
    # Move it just inside: the nearest point of the space, nudged towards the space's interior.
    nearest_point = nearest_points(space, site)[0]
    inner = space.buffer(-options.grid * 2)
    target = nearest_points(inner, nearest_point)[0] if not inner.is_empty else nearest_point
    notes.append(f"{point.id}: moved {distance:.1f} map units to lie {where}")
    return Point(target.x, target.y)


def _divide(
    space: BaseGeometry,
    sites: dict[str, Point],
    points: Sequence[NamedPoint],
    grid: float,
    narrows: float = 0.0,
) -> tuple[dict[str, Region], list[Polygon]]:
    """``partition.divide``, after refusing points that fall on the same spot (no cell between them)."""
    by_id = {point.id: point for point in points}
    seen: dict[tuple[int, int], str] = {}
    for site_id, site in sites.items():
        key = (round(site.x / (grid * 10)), round(site.y / (grid * 10)))
        other = seen.get(key)
        if other is not None and site.distance(sites[other]) < grid * 10:
            first = by_id[other]
            raise by_id[site_id].fail(
                f"on the same spot as {other!r} ({first.source}, row {first.row}); move one of them"
            )
        seen[key] = site_id
    try:
        return divide(space, sites, grid, narrows)
    except VanishedRegion as error:
        raise by_id[error.site_id].fail(
            "its region is too small to keep on the grid; move the point"
        ) from error


def _box_text(box: BBox) -> str:
    return f"{box.west:g},{box.south:g},{box.east:g},{box.north:g}"


def _fill_lake(regions: dict[str, Region], lake: Polygon, grid: float) -> None:
    """Give a site-less water body to the land region around it (longest border; else the nearest)."""
    region = longest_border(regions, lake) or nearest(regions, lake)
    merged = polygons(shapely.union(region.geometry(), lake, grid_size=grid))
    main = next((i for i, part in enumerate(merged) if part.covers(region.site)), 0)
    region.main = merged[main]
    region.extra = [part for i, part in enumerate(merged) if i != main]


def _anchor(polygon: Polygon, preferred: Point | None, grid: float) -> tuple[float, float]:
    """A grid point well inside the polygon: the preferred point (the table's position) if it is."""
    candidates: list[Point] = []
    if preferred is not None:
        candidates.append(preferred)
    candidates.append(polygon.point_on_surface())
    inner = polygon.buffer(-grid * 3)
    if not inner.is_empty:
        candidates.append(inner.point_on_surface())
    for candidate in candidates:
        snapped = (quantize(candidate.x, grid), quantize(candidate.y, grid))
        point = Point(snapped)
        if polygon.contains(point) and polygon.exterior.distance(point) > grid:
            return snapped
    fallback = candidates[-1]
    return (quantize(fallback.x, grid), quantize(fallback.y, grid))


def _area(point: NamedPoint, region: Region, kind: AreaKind, grid: float) -> Area:
    anchors = [_anchor(region.main, region.site, grid)]
    extra = sorted(region.extra, key=lambda p: (-p.area, p.centroid.x, p.centroid.y))
    anchors += [_anchor(part, None, grid) for part in extra]
    attributes: dict[str, Any] = dict(point.attributes) if kind is AreaKind.LAND else {}
    return Area(id=point.id, name=point.name, kind=kind, anchors=anchors, attributes=attributes)
