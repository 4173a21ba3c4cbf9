"""Features -> scenario: the import pipeline every polygon importer ends in, and ``map_from_polygons``.

The pipeline (``build_scenario``): read the features (``model.importers.features``), project
lon/lat to a plane (north up, ``model.projection``), snap to the grid, give overlaps to the
earlier feature, turn the polygons into linework (``model.linework``), and make one area per
feature with an anchor in each of its faces. Problems that were repaired or skipped come back as
warnings; input that cannot be used at all raises ``SourceError``.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.errors import GEOSException
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from model.importers.common import ImportOptions, ImportResult, SourceError, unique_ids
from model.importers.features import Feature, bounds_of, is_lonlat, merge_same_key, polygonal, read_features
from model.importers.registry import title_from_source
from model.linework import Linework, grid_anchor, polygons_to_linework, snap
from model.projection import MapProjection, ProjectionError
from model.scenario import (
    SCHEMA_VERSION,
    Area,
    AreaKind,
    Boundary,
    Bounds,
    MapData,
    Metadata,
    Scenario,
)

POLYGON_OPTIONS = (
    "name_property",
    "id_property",
    "bbox",
    "project",
    "grid",
    "title",
)
"""The shared options ``build_scenario`` honours (formats that end in it declare these)."""

SLIVER_CELLS = 400
"""An uncovered face smaller than this many grid cells is a sliver left by snapping."""


def _projection(options: ImportOptions, features: list[Feature], lonlat: bool) -> MapProjection | None:
    """The projection to the map plane; None keeps the source coordinates (with y flipped)."""
    wanted = options.project
    if wanted is not None and wanted.lower() == "none":
        return None
    if not lonlat:
        if wanted is not None:
            raise SourceError(
                f"--project {wanted}: the source coordinates are not longitude/latitude, so they "
                "cannot be projected; leave --project out to keep them"
            )
        return None
    if wanted is None:
        return MapProjection.for_extent(bounds_of(features))
    try:
        return MapProjection.named(wanted)
    except ProjectionError as error:
        raise SourceError(f"--project {wanted}: {error}") from error


def _to_plane(projection: MapProjection | None, geometry: BaseGeometry) -> BaseGeometry:
    """Project (lon/lat) or copy (plane) a geometry, flipping y so that north is up on screen."""
    if projection is None:
        return shapely.transform(geometry, lambda xy: np.column_stack([xy[:, 0], -xy[:, 1]]))
    # Long straight edges (a clipping box) bend when projected: add vertices every quarter degree.
    try:
        return projection.project_geometry(shapely.segmentize(geometry, 0.25))
    except ProjectionError as error:
        raise SourceError(
            f"some points cannot be projected to {projection.crs}: clip with --bbox or pick "
            "another --project CRS"
        ) from error


def _default_grid(features: list[Feature]) -> float:
    """A grid about 1/100,000 of the map's extent, rounded to a power of ten."""
    west, south, east, north = bounds_of(features)
    extent = max(east - west, north - south, 1e-9)
    return float(10 ** math.floor(math.log10(extent / 1e5)))


def build_scenario(raw_features: list[dict[str, Any]], options: ImportOptions, source: str) -> ImportResult:
    """Turn GeoJSON features into a scenario map: one land area per feature (see the module doc)."""
    warnings: list[str] = []
    features = merge_same_key(read_features(raw_features, options, source, warnings))
    if not features:
        raise SourceError(
            f"{source}: no polygon features to import"
            + (f" ({len(warnings)} skipped: {warnings[0]})" if warnings else "")
        )
    inside = [feature for feature in features if not feature.geometry.is_empty]  # clipped when read
    outside = len(features) - len(inside)
    if not inside:
        box = ",".join(f"{v:g}" for v in options.bbox or ())
        raise SourceError(
            f"{source}: nothing lies inside --bbox {box} (W,S,E,N in degrees of longitude/latitude)"
        )
    features = inside
    lonlat = is_lonlat(features)
    if options.bbox is not None and not lonlat:
        raise SourceError(f"{source}: --bbox is in degrees but the coordinates are not longitude/latitude")
    projection = _projection(options, features, lonlat)
    units = projection.units if projection is not None else "deg" if lonlat else "px"
    try:
        for feature in features:
            feature.geometry = _to_plane(projection, feature.geometry)
            if not feature.geometry.is_valid:  # a projection can fold a shape over itself
                feature.geometry = polygonal(shapely.make_valid(feature.geometry))
                warnings.append(f"{feature.label}: became invalid when projected; repaired with make_valid")
    except SourceError as error:
        raise SourceError(f"{source}: {error}") from error
    grid = options.grid or (0.1 if units == "km" else _default_grid(features))
    try:
        features = _snap_and_separate(features, grid, warnings)
        linework = polygons_to_linework([f.geometry for f in features], grid)
    except GEOSException as error:  # robust overlay failed: the source is too broken to node
        raise SourceError(
            f"{source}: the polygons cannot be joined into linework ({error}); clip the source with --bbox, "
            "or repair it in a GIS"
        ) from error
    scenario = _assemble(features, linework, grid, projection, units, options, source, warnings)
    return ImportResult(scenario, warnings, len(raw_features), outside)


def _snap_and_separate(features: list[Feature], grid: float, warnings: list[str]) -> list[Feature]:
    """Snap to the grid and give every overlap to the earlier feature (areas cannot overlap)."""
    kept: list[Feature] = []
    thin = 0
    for feature in features:
        geometry = polygonal(snap(feature.geometry, grid))
        # A part that holds no grid point could carry no anchor (saving snaps anchors to the grid).
        parts = [p for p in shapely.get_parts(geometry) if _holds_grid_point(p, grid)]
        thin += len(shapely.get_parts(geometry)) - len(parts)
        geometry = polygonal(MultiPolygon(parts)) if parts else Polygon()
        if geometry.is_empty:
            warnings.append(f"{feature.label}: smaller than the grid ({grid:g}); dropped")
            continue
        feature.geometry = geometry
        kept.append(feature)
    tree = shapely.STRtree([f.geometry for f in kept])
    for index, feature in enumerate(kept):
        earlier = [int(i) for i in tree.query(feature.geometry, predicate="intersects") if i < index]
        overlaps = [
            i
            for i in earlier
            if shapely.intersection(feature.geometry, kept[i].geometry, grid_size=grid).area
        ]
        if not overlaps:
            continue
        before = feature.geometry.area
        covered = shapely.union_all([kept[i].geometry for i in overlaps], grid_size=grid)
        feature.geometry = polygonal(shapely.difference(feature.geometry, covered, grid_size=grid))
        lost = before - feature.geometry.area
        if lost > SLIVER_CELLS * grid * grid:
            names = ", ".join(kept[i].name for i in overlaps)
            warnings.append(
                f"{feature.label}: overlaps {names}; the overlap ({lost:.4g} square units) stays "
                "with the earlier feature"
            )
    if thin:
        warnings.append(f"{thin} polygon part(s) thinner than the grid ({grid:g}) were dropped")
    survivors = [f for f in kept if not f.geometry.is_empty]
    for feature in kept:
        if feature.geometry.is_empty:
            warnings.append(f"{feature.label}: lies entirely under earlier features; dropped")
    return survivors


def _holds_grid_point(part: BaseGeometry, grid: float) -> bool:
    point = part.representative_point()
    return grid_anchor(part, (point.x, point.y), grid) is not None


def _assemble(
    features: list[Feature],
    linework: Linework,
    grid: float,
    projection: MapProjection | None,
    units: str,
    options: ImportOptions,
    source: str,
    warnings: list[str],
) -> Scenario:
    faces_of: dict[int, list[int]] = defaultdict(list)
    gaps: list[int] = []
    for face, owner in enumerate(linework.owners):
        if owner is None:
            gaps.append(face)
        else:
            faces_of[owner].append(face)
    _resolve_gaps(gaps, linework, features, faces_of, grid, warnings)
    taken: set[str] = set()
    keep = [i for i in range(len(features)) if faces_of.get(i)]
    for index, feature in enumerate(features):
        if not faces_of.get(index):
            warnings.append(f"{feature.label}: no face left after snapping to the grid; dropped")
    area_ids = unique_ids([features[i].key for i in keep], taken)
    areas = []
    for area_id, index in zip(area_ids, keep, strict=True):
        faces = sorted(faces_of[index], key=lambda face: -linework.faces[face].area)
        areas.append(
            Area(
                id=area_id,
                name=features[index].name,
                kind=AreaKind.LAND,
                anchors=[linework.anchors[face] for face in faces],
            )
        )
    claimed = {face for faces in faces_of.values() for face in faces}
    for number, face in enumerate(sorted(g for g in gaps if g not in claimed), start=1):
        (area_id,) = unique_ids([f"water {number}"], taken)
        areas.append(
            Area(id=area_id, name=f"Water {number}", kind=AreaKind.SEA, anchors=[linework.anchors[face]])
        )
    boundary_ids = _serial_ids("b", len(linework.lines), taken)
    boundaries = [
        Boundary(id=bid, points=points) for bid, points in zip(boundary_ids, linework.lines, strict=True)
    ]
    xs = [p[0] for line in linework.lines for p in line]
    ys = [p[1] for line in linework.lines for p in line]
    pad = 0.02 * max(max(xs) - min(xs), max(ys) - min(ys))
    bounds = Bounds(min_x=min(xs) - pad, min_y=min(ys) - pad, max_x=max(xs) + pad, max_y=max(ys) + pad)
    title = options.title or title_from_source(source)
    box = f", clipped to {','.join(f'{v:g}' for v in options.bbox)}" if options.bbox else ""
    layer = f" (layer {options.layer})" if options.layer else ""
    return Scenario(
        schema_version=SCHEMA_VERSION,
        metadata=Metadata(title=title, description=f"Imported from {Path(source).name}{layer}{box}."),
        map=MapData(
            units=units,
            bounds=bounds,
            grid=grid,
            projection=projection.to_model() if projection is not None else None,
            boundaries=boundaries,
            areas=areas,
        ),
        next_serial=len(boundaries) + 1,
    )


def _serial_ids(prefix: str, count: int, taken: set[str]) -> list[str]:
    ids: list[str] = []
    serial = 1
    while len(ids) < count:
        candidate = f"{prefix}{serial}"
        serial += 1
        if candidate not in taken:
            taken.add(candidate)
            ids.append(candidate)
    return ids


def _resolve_gaps(
    gaps: list[int],
    linework: Linework,
    features: list[Feature],
    faces_of: dict[int, list[int]],
    grid: float,
    warnings: list[str],
) -> None:
    """Give uncovered faces to a neighbour when they are slivers or holes; leave the rest as water.

    A face that only one feature surrounds is a hole in it (a lake): it joins that feature. A tiny
    face between several features is a sliver from snapping: it joins the one it shares most
    border with. Larger faces between several features stay gaps; the caller makes them water.
    """
    if not gaps:
        return
    owner_of_face = {face: owner for owner, faces in faces_of.items() for face in faces}
    tree = shapely.STRtree(linework.faces)
    holes = slivers = 0
    for gap in gaps:
        face = linework.faces[gap]
        shared: dict[int, float] = defaultdict(float)
        for other in tree.query(face, predicate="touches"):
            owner = owner_of_face.get(int(other))
            if owner is not None:
                shared[owner] += shapely.intersection(
                    face.boundary, linework.faces[int(other)].boundary
                ).length
        if not shared:
            continue
        best = max(shared, key=lambda owner: shared[owner])
        if len(shared) == 1 and shared[best] >= face.exterior.length * 0.999:
            holes += 1
        elif face.area < SLIVER_CELLS * grid * grid:
            slivers += 1
        else:
            continue
        faces_of[best].append(gap)
        owner_of_face[gap] = best
    if holes:
        warnings.append(f"{holes} hole(s) inside a single area (lakes) were made part of that area")
    if slivers:
        warnings.append(f"{slivers} sliver(s) left between areas by snapping were given to a neighbour")


def map_from_polygons(
    shapes: Sequence[tuple[str, str, AreaKind, BaseGeometry]], grid: float, units: str = "px"
) -> MapData:
    """Return a map whose areas are the given ``(id, name, kind, polygon)`` shapes, through linework.

    The shapes should tile without overlaps (an overlap goes to the first shape covering it); the
    map's bounds are the linework's extent. Used by scripts that draw a scenario from polygons
    (``scenarios/sources/default``) and by tests.
    """
    linework = polygons_to_linework([shape for _, _, _, shape in shapes], grid)
    areas = []
    for (area_id, name, kind, _), points in zip(shapes, linework.anchors_by_owner(len(shapes)), strict=True):
        if not points:
            raise ValueError(f"shape {area_id!r} vanished on the grid {grid:g}: make it larger")
        areas.append(Area(id=area_id, name=name, kind=kind, anchors=points))
    taken = {area_id for area_id, _, _, _ in shapes}
    ids = _serial_ids("b", len(linework.lines), taken)
    xs = [p[0] for line in linework.lines for p in line]
    ys = [p[1] for line in linework.lines for p in line]
    return MapData(
        units=units,
        grid=grid,
        bounds=Bounds(min_x=min(xs), min_y=min(ys), max_x=max(xs), max_y=max(ys)),
        boundaries=[Boundary(id=b, points=points) for b, points in zip(ids, linework.lines, strict=True)],
        areas=areas,
    )
