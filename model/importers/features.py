"""Source features -> named polygons in source coordinates: read, repaired, clipped and merged.

Each feature's geometry is read (invalid polygons repaired with ``shapely.make_valid``, saying
so), clipped to the box (in the source's coordinates), marked land or sea, and features that name
the same area are merged. Only lon/lat data is mended across the 180th meridian. What was
repaired or skipped is appended to the caller's warnings.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely
from shapely.errors import GEOSException, ShapelyError
from shapely.geometry import MultiPolygon, Polygon, shape
from shapely.geometry.base import BaseGeometry

from model.importers import guards
from model.importers.common import ImportOptions, SourceError
from model.importers.sea import SeaRule
from model.lonlat import polygon_from_rings

NAME_PROPERTIES = ("name", "NAME", "ADMIN", "name_en", "NAME_EN")
"""Feature properties tried, in order, for area names when no ``--name-property`` is given."""


@dataclass
class Feature:
    """A feature reduced to what an area needs: a label for messages, name, id source, polygons."""

    label: str
    name: str
    key: str
    geometry: BaseGeometry
    sea: bool = False


def _pick_name_property(features: list[dict[str, Any]], wanted: str | None, source: str) -> str | None:
    properties = [_properties(f) for f in features if isinstance(f, dict)]
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
    raw: Any,
    label: str,
    warnings: list[str],
    bbox: tuple[float, float, float, float] | None = None,
    lonlat: bool = True,
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
        too_far = guards.far_coordinates(coords, label)
        if too_far is not None:
            warnings.append(too_far)
            return None
        if bbox is not None and not shapely.box(*bbox).intersects(shapely.box(*geometry.bounds)):
            return Polygon()
        if lonlat:  # planar numbers (pixels) are never folded: 180 is just another x there
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
    polygons = polygonal(geometry, with_area=False)
    if polygons.is_empty:
        kind = geometry.geom_type if not geometry.is_empty else "empty geometry"
        warnings.append(f"{label}: {kind} holds no polygon with an area; skipped")
        return None
    if not polygons.is_valid:
        reason = shapely.is_valid_reason(polygons)
        refusal = guards.too_tangled(polygons, label)  # a repair makes a piece per crossing
        if refusal is not None:
            warnings.append(refusal)
            return None
        repaired = polygonal(shapely.make_valid(polygons))
        if repaired.is_empty:
            warnings.append(f"{label}: invalid polygon ({reason}) that cannot be repaired; skipped")
            return None
        parts = len(shapely.get_parts(repaired))
        warnings.append(f"{label}: invalid polygon ({reason}); repaired with make_valid into {parts} part(s)")
        polygons = repaired
    polygons = polygonal(polygons)
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


def polygonal(geometry: BaseGeometry, with_area: bool = True) -> BaseGeometry:
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


def _properties(feature: dict[str, Any]) -> dict[str, Any]:
    """A feature's properties; {} when they are missing or not an object (RFC 7946 wants one)."""
    properties = feature.get("properties")
    return properties if isinstance(properties, dict) else {}


def read_features(
    features: list[dict[str, Any]],
    options: ImportOptions,
    source: str,
    warnings: list[str],
    lonlat: bool = True,
    sea: SeaRule | None = None,
) -> list[Feature]:
    """Read GeoJSON features into named polygons (clipped to ``options.bbox``); skip unusable ones.

    ``lonlat`` says whether the numbers are degrees (only then is a ring mended across the 180th
    meridian); ``sea`` marks sea features.
    """
    name_property = _pick_name_property(features, options.name_property, source)
    out: list[Feature] = []
    for index, feature in enumerate(features):
        if not isinstance(feature, dict):
            warnings.append(f"feature {index}: not an object; skipped")
            continue
        properties = _properties(feature)
        if feature.get("properties") not in (None, {}) and not properties:
            warnings.append(f"feature {index}: 'properties' is not an object; ignored")
        name = str(properties.get(name_property, "")).strip() if name_property else ""
        name = guards.clean_name(name, f"feature {index}", warnings)
        label = f"feature {index}" + (f" ({name[:60]})" if name else "")
        geometry = _geometry(feature.get("geometry"), label, warnings, options.bbox, lonlat)
        if geometry is None:
            continue
        if options.id_property is not None and properties.get(options.id_property) not in (None, ""):
            key = guards.clean_name(str(properties[options.id_property]), label, warnings)
        elif name:
            key = name
        elif feature.get("id") not in (None, ""):
            key = guards.clean_name(str(feature["id"]), label, warnings)
        else:
            key = f"area {index + 1}"
        out.append(Feature(label, name or key, key, geometry, sea is not None and sea.is_sea(properties)))
    return out


def merge_same_key(features: list[Feature]) -> list[Feature]:
    """Features that name the same area (a country split into several features) become one."""
    groups: dict[str, list[Feature]] = defaultdict(list)
    for feature in features:
        groups[feature.key].append(feature)
    merged = []
    for group in groups.values():
        first = group[0]
        if len(group) > 1:
            first = Feature(
                first.label, first.name, first.key, shapely.union_all([f.geometry for f in group]), first.sea
            )
        merged.append(first)
    return merged


def bounds_of(features: list[Feature]) -> tuple[float, float, float, float]:
    """The box (west, south, east, north) around the features' geometries."""
    bounds = np.array([f.geometry.bounds for f in features])
    return (
        float(bounds[:, 0].min()),
        float(bounds[:, 1].min()),
        float(bounds[:, 2].max()),
        float(bounds[:, 3].max()),
    )
