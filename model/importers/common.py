"""What every polygon importer shares: options, reading a JSON source, and features -> scenario.

The pipeline (``build_scenario``): read each feature's geometry (repairing invalid polygons with
``shapely.make_valid`` and saying so), merge features that name the same area, clip to a lon/lat
box, project lon/lat to a plane (north up), snap to the grid, give overlaps to the earlier
feature, turn the polygons into linework (``model.importers.linework``), and make one area per
feature with an anchor in each of its faces. Problems that were repaired or skipped come back as
warnings; input that cannot be used at all raises ``SourceError``.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.errors import GEOSException, ShapelyError
from shapely.geometry import MultiPolygon, Polygon, shape
from shapely.geometry.base import BaseGeometry

from model.linework import Linework, grid_anchor, polygons_to_linework, snap
from model.lonlat import polygon_from_rings
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

MAX_SOURCE_BYTES = 512 * 1024 * 1024
"""Source files larger than this are refused before reading."""

NAME_PROPERTIES = ("name", "NAME", "ADMIN", "name_en", "NAME_EN")
"""Feature properties tried, in order, for area names when no ``--name-property`` is given."""

SLIVER_CELLS = 400
"""An uncovered face smaller than this many grid cells is a sliver left by snapping."""


class SourceError(ValueError):
    """A source that cannot be imported; the message names the file, the place and what to do."""


@dataclass(frozen=True)
class ImportOptions:
    """How to import: which layer and properties, the box to keep, the projection and the grid."""

    layer: str | None = None
    name_property: str | None = None
    id_property: str | None = None
    bbox: tuple[float, float, float, float] | None = None
    project: str | None = None
    grid: float | None = None
    title: str | None = None

    @classmethod
    def from_text(
        cls,
        *,
        layer: str | None = None,
        name_property: str | None = None,
        id_property: str | None = None,
        bbox: str | None = None,
        project: str | None = None,
        grid: float | None = None,
        title: str | None = None,
    ) -> ImportOptions:
        """Build options from command-line text (``bbox`` as ``W,S,E,N``); raise ``SourceError``."""
        box = parse_bbox(bbox) if bbox else None
        if grid is not None and not (math.isfinite(grid) and grid > 0):
            raise SourceError(f"--grid {grid}: the grid must be a positive number of map units")
        return cls(layer, name_property, id_property, box, project, grid, title)


def parse_bbox(text: str) -> tuple[float, float, float, float]:
    """Read a ``W,S,E,N`` box in degrees; raise ``SourceError`` saying what is wrong."""
    parts = text.split(",")
    try:
        west, south, east, north = (float(part) for part in parts)
    except ValueError as error:
        raise SourceError(
            f"--bbox {text!r}: expected four numbers W,S,E,N (degrees), e.g. -11,35,32,60"
        ) from error
    if not (-180 <= west < east <= 180 and -90 <= south < north <= 90):
        raise SourceError(f"--bbox {text!r}: need -180 <= W < E <= 180 and -90 <= S < N <= 90")
    return (west, south, east, north)


@dataclass
class ImportResult:
    """The imported scenario, the warnings about what was repaired or dropped, and counts."""

    scenario: Scenario
    warnings: list[str] = field(default_factory=list)
    features_read: int = 0
    features_outside: int = 0


def read_json(path: str | os.PathLike[str], what: str) -> Any:
    """Read a JSON source file; raise ``SourceError`` naming the file and the place of any problem."""
    source = os.fspath(path)
    try:
        size = os.path.getsize(source)
        if size > MAX_SOURCE_BYTES:
            raise SourceError(
                f"{source}: the file is {size / 1e6:.0f} MB; the limit for {what} is "
                f"{MAX_SOURCE_BYTES / 1e6:.0f} MB: clip it first"
            )
        data = Path(source).read_bytes()
    except OSError as error:
        raise SourceError(f"{source}: cannot read ({error.strerror or error})") from error
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SourceError(
            f"{source}: byte {error.start} is not UTF-8; {what} files are UTF-8 JSON"
        ) from error
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise SourceError(
            f"{source}: line {error.lineno}, column {error.colno}: JSON syntax error: {error.msg} "
            f"(is it {what}, and complete?)"
        ) from error
    except (ValueError, RecursionError) as error:
        raise SourceError(f"{source}: not readable JSON: {error}") from error


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows; replace it with a real value")


# --- features -> polygons ----------------------------------------------------------------------


@dataclass
class _Feature:
    """A feature reduced to what an area needs: a label for messages, name, id source, polygons."""

    label: str
    name: str
    key: str
    geometry: BaseGeometry


def _pick_name_property(features: list[dict[str, Any]], wanted: str | None, source: str) -> str | None:
    properties = [f.get("properties") or {} for f in features if isinstance(f, dict)]
    if wanted is not None:
        if not any(wanted in p for p in properties):
            seen = sorted({key for p in properties for key in p})[:20]
            raise SourceError(
                f"{source}: no feature has the property {wanted!r}; properties seen: "
                f"{', '.join(seen) or 'none'}"
            )
        return wanted
    for candidate in NAME_PROPERTIES:
        if any(candidate in p for p in properties):
            return candidate
    return None


def _geometry(
    raw: Any, label: str, warnings: list[str], bbox: tuple[float, float, float, float] | None = None
) -> BaseGeometry | None:
    """Return the polygonal part of a GeoJSON geometry, clipped and repaired; None if unusable.

    Clipping comes before the validity check, so that a flaw far outside the box (a ring crossing
    the antimeridian) is neither repaired nor reported. A feature wholly outside the box gives an
    empty polygon, without a warning.
    """
    if raw is None:
        warnings.append(f"{label}: no geometry; skipped")
        return None
    if not isinstance(raw, dict):
        warnings.append(f"{label}: the geometry is not an object; skipped")
        return None
    _warn_unclosed(raw, label, warnings)
    try:
        geometry = shape(raw)
        coords = shapely.get_coordinates(geometry)
        if not np.all(np.isfinite(coords)):
            warnings.append(f"{label}: a coordinate is not a finite number; skipped")
            return None
        if bbox is not None and not shapely.box(*bbox).intersects(shapely.box(*geometry.bounds)):
            return Polygon()
        # A fold only matters to the author when the kept box reaches the 180th meridian.
        told = warnings if bbox is None or bbox[0] <= -180 or bbox[2] >= 180 else []
        geometry = _across_antimeridian(raw, label, told) or geometry
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, ShapelyError) as error:
        warnings.append(f"{label}: unreadable {raw.get('type', 'geometry')} ({error}); skipped")
        return None
    if bbox is not None:
        try:
            geometry = shapely.clip_by_rect(geometry, *bbox)
        except GEOSException:  # too broken to clip as it is: repair first
            geometry = shapely.clip_by_rect(shapely.make_valid(geometry), *bbox)
        if geometry.is_empty:
            return Polygon()
    polygons = _polygonal(geometry, with_area=False)
    if polygons.is_empty:
        kind = geometry.geom_type if not geometry.is_empty else "empty geometry"
        warnings.append(f"{label}: {kind} holds no polygon with an area; skipped")
        return None
    if not polygons.is_valid:
        reason = shapely.is_valid_reason(polygons)
        repaired = _polygonal(shapely.make_valid(polygons))
        if repaired.is_empty:
            warnings.append(f"{label}: invalid polygon ({reason}) that cannot be repaired; skipped")
            return None
        parts = len(shapely.get_parts(repaired))
        warnings.append(f"{label}: invalid polygon ({reason}); repaired with make_valid into {parts} part(s)")
        polygons = repaired
    polygons = _polygonal(polygons)
    if polygons.is_empty:
        warnings.append(f"{label}: the polygon has no area; skipped")
        return None
    return polygons


def _across_antimeridian(raw: dict[str, Any], label: str, warnings: list[str]) -> BaseGeometry | None:
    """Mend a lon/lat polygon whose rings jump across 180 degrees (Russia, Fiji in Natural Earth).

    Taken as a plane polygon such a ring crosses itself and a repair would fill half the globe;
    the rings are unwrapped and the part beyond 180 folded back instead. None when there is no jump.
    """
    kind, coordinates = raw.get("type"), raw.get("coordinates")
    polygons = [coordinates] if kind == "Polygon" else coordinates if kind == "MultiPolygon" else None
    if not isinstance(polygons, list):
        return None
    try:
        rings = [[[(float(x), float(y)) for x, y, *_ in ring] for ring in polygon] for polygon in polygons]
    except (TypeError, ValueError):
        return None  # reported when the geometry is read
    jumps = any(
        abs(b[0] - a[0]) > 180 for polygon in rings for ring in polygon for a, b in itertools.pairwise(ring)
    )
    if not jumps:
        return None
    warnings.append(f"{label}: crosses the 180th meridian; the part beyond it was folded back")
    return shapely.union_all(
        [polygon_from_rings(polygon) for polygon in rings if polygon and len(polygon[0]) >= 4]
    )


def _polygonal(geometry: BaseGeometry, with_area: bool = True) -> BaseGeometry:
    """Return only the polygons of a geometry (lines and points carry no area), as one geometry.

    ``with_area=False`` keeps polygons of zero area too: an invalid bow-tie's signed area is 0
    until it is repaired.
    """
    parts = [
        p
        for p in shapely.get_parts(geometry)
        if isinstance(p, Polygon | MultiPolygon) and not p.is_empty and (p.area > 0 or not with_area)
    ]
    flat = [q for p in parts for q in shapely.get_parts(p)]
    return MultiPolygon(flat) if len(flat) > 1 else (flat[0] if flat else Polygon())


def _warn_unclosed(raw: dict[str, Any], label: str, warnings: list[str]) -> None:
    """Shapely closes open rings silently; tell the author which ring was open."""
    kind, coordinates = raw.get("type"), raw.get("coordinates")
    polygons = [coordinates] if kind == "Polygon" else coordinates if kind == "MultiPolygon" else []
    for polygon in polygons if isinstance(polygons, list) else []:
        for ring in polygon if isinstance(polygon, list) else []:
            if isinstance(ring, list) and len(ring) >= 3 and ring[0] != ring[-1]:
                warnings.append(
                    f"{label}: a ring was not closed (first point {ring[0]} != last {ring[-1]}); closed it"
                )
                return


def _features(
    features: list[dict[str, Any]], options: ImportOptions, source: str, warnings: list[str]
) -> list[_Feature]:
    name_property = _pick_name_property(features, options.name_property, source)
    out: list[_Feature] = []
    for index, feature in enumerate(features):
        if not isinstance(feature, dict):
            warnings.append(f"feature {index}: not an object; skipped")
            continue
        properties = feature.get("properties") or {}
        name = str(properties.get(name_property, "")).strip() if name_property else ""
        label = f"feature {index}" + (f" ({name})" if name else "")
        geometry = _geometry(feature.get("geometry"), label, warnings, options.bbox)
        if geometry is None:
            continue
        if options.id_property is not None and properties.get(options.id_property) not in (None, ""):
            key = str(properties[options.id_property])
        elif name:
            key = name
        elif feature.get("id") not in (None, ""):
            key = str(feature["id"])
        else:
            key = f"area {index + 1}"
        out.append(_Feature(label, name or key, key, geometry))
    return out


def _merge_same_key(features: list[_Feature]) -> list[_Feature]:
    """Features that name the same area (a country split into several features) become one."""
    groups: dict[str, list[_Feature]] = defaultdict(list)
    for feature in features:
        groups[feature.key].append(feature)
    merged = []
    for group in groups.values():
        first = group[0]
        if len(group) > 1:
            first = _Feature(
                first.label, first.name, first.key, shapely.union_all([f.geometry for f in group])
            )
        merged.append(first)
    return merged


# --- coordinates: lon/lat check, clip, projection ---------------------------------------------


def _is_lonlat(features: Iterable[_Feature]) -> bool:
    bounds = np.array([f.geometry.bounds for f in features])
    return bool(bounds.size) and bool(
        bounds[:, 0].min() >= -180.5
        and bounds[:, 2].max() <= 180.5
        and bounds[:, 1].min() >= -90.5
        and bounds[:, 3].max() <= 90.5
    )


def _projection(options: ImportOptions, features: list[_Feature], lonlat: bool) -> MapProjection | None:
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
        return MapProjection.for_extent(_extent(features))
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


def _extent(features: list[_Feature]) -> tuple[float, float, float, float]:
    bounds = np.array([f.geometry.bounds for f in features])
    return (
        float(bounds[:, 0].min()),
        float(bounds[:, 1].min()),
        float(bounds[:, 2].max()),
        float(bounds[:, 3].max()),
    )


def _default_grid(features: list[_Feature]) -> float:
    """A grid about 1/100,000 of the map's extent, rounded to a power of ten."""
    west, south, east, north = _extent(features)
    extent = max(east - west, north - south, 1e-9)
    return float(10 ** math.floor(math.log10(extent / 1e5)))


# --- the pipeline ------------------------------------------------------------------------------


def build_scenario(raw_features: list[dict[str, Any]], options: ImportOptions, source: str) -> ImportResult:
    """Turn GeoJSON features into a scenario map: one land area per feature (see the module doc)."""
    warnings: list[str] = []
    features = _merge_same_key(_features(raw_features, options, source, warnings))
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
    lonlat = _is_lonlat(features)
    if options.bbox is not None and not lonlat:
        raise SourceError(f"{source}: --bbox is in degrees but the coordinates are not longitude/latitude")
    projection = _projection(options, features, lonlat)
    units = projection.units if projection is not None else "deg" if lonlat else "px"
    try:
        for feature in features:
            feature.geometry = _to_plane(projection, feature.geometry)
            if not feature.geometry.is_valid:  # a projection can fold a shape over itself
                feature.geometry = _polygonal(shapely.make_valid(feature.geometry))
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


def _snap_and_separate(features: list[_Feature], grid: float, warnings: list[str]) -> list[_Feature]:
    """Snap to the grid and give every overlap to the earlier feature (areas cannot overlap)."""
    kept: list[_Feature] = []
    thin = 0
    for feature in features:
        geometry = _polygonal(snap(feature.geometry, grid))
        # A part that holds no grid point could carry no anchor (saving snaps anchors to the grid).
        parts = [p for p in shapely.get_parts(geometry) if _holds_grid_point(p, grid)]
        thin += len(shapely.get_parts(geometry)) - len(parts)
        geometry = _polygonal(MultiPolygon(parts)) if parts else Polygon()
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
        feature.geometry = _polygonal(shapely.difference(feature.geometry, covered, grid_size=grid))
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


def slug(text: str) -> str:
    """Return an id made from a name: ASCII letters, digits and ``_``, lower case, at most 48 characters."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    cleaned = re.sub(r"[^a-z0-9]+", "_", ascii_text.lower()).strip("_")[:48].strip("_")
    return cleaned or "area"


def unique_ids(texts: Iterable[str], taken: set[str]) -> list[str]:
    """Slug each text and make the ids unique (``_2``, ``_3``...), adding them to ``taken``."""
    ids = []
    for text in texts:
        base = slug(text)
        candidate, number = base, 2
        while candidate in taken:
            candidate, number = f"{base}_{number}", number + 1
        taken.add(candidate)
        ids.append(candidate)
    return ids


def _assemble(
    features: list[_Feature],
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
    for number, face in enumerate(sorted(g for g in gaps if g not in _claimed(faces_of)), start=1):
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
    title = (
        options.title
        or Path(source).name.split(".")[0].replace("-", " ").replace("_", " ").strip()
        or "Import"
    )
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


def _claimed(faces_of: dict[int, list[int]]) -> set[int]:
    return {face for faces in faces_of.values() for face in faces}


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
    features: list[_Feature],
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
