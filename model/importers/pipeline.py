"""Features -> scenario: the import pipeline every polygon importer ends in, and ``map_from_polygons``.

The pipeline (``build_scenario``): decide whether the numbers are lon/lat or planar
(``model.importers.coordinates``); read the features (``model.importers.features``), each land or
sea (``model.importers.sea``); close the gaps between shapes (``--close-gaps``), or say how far
apart they lie (``model.importers.gaps``); project lon/lat to a plane (north up,
``model.projection``; planar data is kept, flipped unless y already grows downwards); snap to
the grid, give overlaps to the earlier feature, turn the polygons into linework
(``model.linework``); merge slivers, thin gaps and faces too thin for the grid into neighbours
(``model.importers.dissolve``); and make one area per feature with an anchor in each of its
faces. What was detected comes back as notes, what was repaired or skipped as warnings; input
that cannot be used at all raises ``SourceError``.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.errors import GEOSException
from shapely.geometry import LineString, MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from model.importers import guards
from model.importers.common import ImportOptions, ImportResult, SourceError, unique_ids
from model.importers.coordinates import decide, source_bounds
from model.importers.dissolve import chain_sides, merge_faces, on_grid
from model.importers.features import Feature, bounds_of, merge_same_key, polygonal, read_features
from model.importers.gaps import close_gaps, touch_summary
from model.importers.registry import title_from_source
from model.importers.sea import SeaRule, sea_rule
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
    "coordinates",
    "project",
    "flip_y",
    "close_gaps",
    "sea_when",
    "grid",
    "title",
)
"""The shared options ``build_scenario`` honours (formats that end in it declare these)."""

DISSOLVE_ROUNDS = 4
"""Rounds of merging faces into a neighbour (a round may leave a face that only touched merged ones)."""

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


def _to_plane(projection: MapProjection | None, geometry: BaseGeometry, y_down: bool) -> BaseGeometry:
    """Project (lon/lat) or copy (plane) a geometry so that up on screen is north (or up in the source).

    Map coordinates grow downwards, as on screen: y is negated unless the source's y already
    grows downwards (``--flip-y``, image coordinates).
    """
    if projection is None:
        if y_down:
            return geometry
        return shapely.transform(geometry, lambda xy: np.column_stack([xy[:, 0], -xy[:, 1]]))
    # Long straight edges (a clipping box) bend when projected: add vertices every quarter degree.
    try:
        return projection.project_geometry(shapely.segmentize(geometry, 0.25))
    except ProjectionError as error:
        raise SourceError(
            f"some points cannot be projected to {projection.crs}: clip with --bbox or pick "
            "another --project CRS"
        ) from error


def _map_length(projection: MapProjection | None, features: list[Feature], length: float) -> float:
    """About how long ``length`` source units are in map units, at the middle of the features."""
    if projection is None:
        return length
    west, south, east, north = bounds_of(features)
    x, y = (west + east) / 2, (south + north) / 2
    try:
        line = projection.project_geometry(LineString([(x, y), (x + length, y), (x + length, y + length)]))
    except ProjectionError:
        return length
    return float(line.length) / 2


def _default_grid(features: list[Feature]) -> float:
    """A grid about 1/100,000 of the map's extent, rounded to a power of ten."""
    west, south, east, north = bounds_of(features)
    extent = max(east - west, north - south, 1e-9)
    return float(10 ** math.floor(math.log10(extent / 1e5)))


def build_scenario(
    raw_features: list[dict[str, Any]],
    options: ImportOptions,
    source: str,
    sea_from: str | None = None,
    overlaps_by_order: bool = False,
) -> ImportResult:
    """Turn GeoJSON features into a scenario map: one area per feature (see the module doc).

    The result's notes say what was detected and decided (coordinates, projection, sea features,
    gaps); its warnings what was repaired, dropped or looks wrong. ``sea_from`` names a property a
    format sets itself on its sea features (a TripleA territory's water flag): it is used instead
    of a guess, and ``--sea-when`` still overrules it. ``overlaps_by_order`` says the format
    resolves overlaps by drawing order on purpose (an SVG's layers): they are not warned about.
    """
    warnings: list[str] = []
    notes: list[str] = []
    options.report(0.02, "reading the features")
    coordinates = decide(raw_features, options, source)
    notes.append(coordinates.note)
    properties = [f.get("properties") or {} for f in raw_features if isinstance(f, dict)]
    if sea_from is not None and options.sea_when is None:
        rule: SeaRule | None = SeaRule(sea_from, None, guessed=False, origin="as the source marks them")
    else:
        rule = sea_rule([p for p in properties if isinstance(p, dict)], options.sea_when, source)
    features = merge_same_key(
        read_features(raw_features, options, source, warnings, coordinates.lonlat, rule)
    )
    if not features:
        raise SourceError(
            f"{source}: no polygon features to import"
            + (f" ({len(warnings)} skipped: {warnings[0]})" if warnings else "")
        )
    inside = [feature for feature in features if not feature.geometry.is_empty]  # clipped when read
    outside = len(features) - len(inside)
    if not inside:
        box = ",".join(f"{v:g}" for v in options.bbox or ())
        where = source_bounds(raw_features)
        extent = (
            f" (the data spans x {where[0]:g} to {where[2]:g}, y {where[1]:g} to {where[3]:g})"
            if where
            else ""
        )
        raise SourceError(
            f"{source}: nothing lies inside --bbox {box} (W,S,E,N in the data's own coordinates){extent}"
        )
    features = inside
    sea_count = sum(1 for feature in features if feature.sea)
    notes.append(
        rule.describe(sea_count, len(features))
        if rule is not None
        else "sea: none found, every feature is land (--sea-when PROPERTY[=VALUE] marks sea features)"
    )
    options.report(0.1, "measuring the gaps between shapes")
    if options.close_gaps is not None:
        moved_geometries, moved = close_gaps(
            [f.geometry for f in features], options.close_gaps, warnings, [f.label for f in features]
        )
        for feature, geometry in zip(features, moved_geometries, strict=True):
            feature.geometry = polygonal(geometry)
        notes.append(
            f"closing gaps up to {options.close_gaps:g} units: {moved} of {len(features)} shapes "
            "moved their nearby borders onto a neighbour's"
        )
    else:
        apart = touch_summary([f.geometry for f in features])
        if apart is not None:
            warnings.append(apart.text())
    projection = _projection(options, features, coordinates.lonlat)
    units = projection.units if projection is not None else "deg" if coordinates.lonlat else "px"
    if projection is not None:
        notes.append(f"projected to {projection.crs} in {units}, north up (--project to choose another)")
    elif coordinates.lonlat:
        notes.append("kept in degrees, not projected (--project none)")
    gap = _map_length(projection, features, options.close_gaps) if options.close_gaps else 0.0
    options.report(0.3, "projecting" if projection is not None else "placing the shapes")
    try:
        for feature in features:
            feature.geometry = _to_plane(projection, feature.geometry, options.flip_y)
            if not feature.geometry.is_valid:  # a projection can fold a shape over itself
                feature.geometry = polygonal(shapely.make_valid(feature.geometry))
                warnings.append(f"{feature.label}: became invalid when projected; repaired with make_valid")
    except SourceError as error:
        raise SourceError(f"{source}: {error}") from error
    guards.plane_extent(bounds_of(features), source)
    guards.grid_option(options.grid)
    grid = options.grid or (0.1 if units == "km" else _default_grid(features))
    options.report(0.45, "joining the shapes into linework")
    guards.grid_option(grid)
    try:
        features = _snap_and_separate(features, grid, warnings, gap, overlaps_by_order)
        linework = _final_linework(features, grid, warnings, gap)
        closed = _closed_note(warnings) if options.close_gaps is not None else None
        if closed:
            notes.append(closed)
    except GEOSException as error:  # robust overlay failed: the source is too broken to node
        raise SourceError(
            f"{source}: the polygons cannot be joined into linework ({error}); clip the source with --bbox, "
            "or repair it in a GIS"
        ) from error
    if not linework.lines:  # every shape vanished on the grid: there is no map to write
        raise SourceError(
            f"{source}: every shape is smaller than the grid ({grid:g}) and was dropped; give a finer --grid"
        )
    options.report(0.8, "making the areas")
    scenario = _assemble(features, linework, grid, projection, units, options, source, warnings)
    return ImportResult(scenario, warnings, len(raw_features), outside, notes)


def _snap_and_separate(
    features: list[Feature],
    grid: float,
    warnings: list[str],
    gap: float = 0.0,
    overlaps_by_order: bool = False,
) -> list[Feature]:
    """Snap to the grid and give every overlap to the earlier feature (areas cannot overlap).

    An overlap is reported unless it is a sliver: smaller than a few hundred grid cells, or,
    when gaps were closed, within a band of the ``gap`` tolerance along the border (closing
    gaps moves borders that far, on purpose), or when ``overlaps_by_order`` (the format stacks
    shapes on purpose, the earlier feature on top).
    """
    kept: list[Feature] = []
    thin = 0
    for feature in features:
        geometry = polygonal(snap(feature.geometry, grid))
        # A part that holds no grid point could carry no anchor (saving snaps anchors to the grid).
        # (A shape that snapping collapses is one empty part, which holds no point at all.)
        parts = [p for p in shapely.get_parts(geometry) if not p.is_empty and _holds_grid_point(p, grid)]
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
        if not overlaps_by_order and lost > max(SLIVER_CELLS * grid * grid, gap * feature.geometry.length):
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


def _final_linework(features: list[Feature], grid: float, warnings: list[str], gap: float) -> Linework:
    """The features' linework, without slivers, and with every face holding a point of the grid.

    Holes in one feature stay its faces (lakes, their outline drawn). Slivers, gaps thinner than
    ``gap`` and gaps too thin for a grid point join the feature they share most border with.
    Saving snaps anchors to the grid, so a face too thin for any grid point could not keep its
    anchor (it would land in a neighbouring face, or nowhere): it joins the neighbouring face it
    shares most border with (an island that small is dropped). Faces of one feature lose the
    borders between them. All of it by deleting chains (``model.importers.dissolve``).
    """
    linework = polygons_to_linework([f.geometry for f in features], grid)
    counts: Counter[str] = Counter()
    merged: set[str] = set()
    lakes: set[tuple[float, float]] = set()
    for _round in range(DISSOLVE_ROUNDS):
        sides = chain_sides(linework, grid)
        shared = sides.shared()
        outside = {
            face
            for a, b in zip(sides.left, sides.right, strict=True)
            for face in (a, b)
            if face is not None and None in (a, b)
        }
        tiny = {face for face in range(len(linework.faces)) if not on_grid(linework, face, grid)}
        area_of = list(linework.owners)
        keep = {face for face, anchor in enumerate(linework.anchors) if anchor in lakes}
        drop: set[int] = set()
        changes = 0
        for face, owner in enumerate(linework.owners):
            if owner is not None or face in keep:
                continue
            by_area: dict[int, float] = defaultdict(float)
            for other, length in shared.get(face, {}).items():
                neighbour = linework.owners[other]
                if neighbour is not None:
                    by_area[neighbour] += length
            if not by_area:
                continue
            best = max(by_area, key=lambda area: by_area[area])
            polygon = linework.faces[face]
            if len(by_area) == 1 and face not in outside and face not in tiny:
                keep.add(face)  # a lake in one area: part of it, with its outline
                lakes.add(linework.anchors[face])
                counts["holes"] += 1
            elif face in tiny or polygon.area < SLIVER_CELLS * grid * grid:
                counts["slivers"] += 1
            elif gap > 0 and shapely.buffer(polygon, -gap).is_empty:
                counts["closed"] += 1
            else:
                continue
            area_of[face] = best
            changes += 1
        for face in sorted(tiny):
            owner = linework.owners[face]
            if owner is None:
                continue
            neighbours = shared.get(face, {})
            if any(area_of[o] == owner and o not in tiny for o in neighbours):
                changes += 1  # joins a face of its own area when the border between them goes
                continue
            candidates = [o for o in neighbours if o not in tiny and area_of[o] is not None]
            if candidates:
                target = max(candidates, key=lambda o: neighbours[o])
                area_of[face] = area_of[target]
                merged.add(features[owner].name)
                changes += 1
            elif not neighbours:
                drop.add(face)
                counts["dropped"] += 1
                changes += 1
        before = len(linework.faces)
        linework = merge_faces(linework, area_of, grid, keep, drop, sides)
        if not changes and len(linework.faces) == before:
            break
    _gap_warnings(counts, merged, grid, warnings)
    return linework


CLOSED_POCKETS = "pocket(s) thinner than --close-gaps between shapes joined a neighbour, not water"


def _closed_note(warnings: list[str]) -> str | None:
    """Move the count of closed pockets from the warnings to a note: closing them was asked for."""
    for warning in warnings:
        if warning.endswith(CLOSED_POCKETS):
            warnings.remove(warning)
            return warning
    return None


def _gap_warnings(counts: Counter[str], merged: set[str], grid: float, warnings: list[str]) -> None:
    if counts["holes"]:
        warnings.append(f"{counts['holes']} hole(s) inside a single area (lakes) were made part of that area")
    if counts["slivers"]:
        warnings.append(f"{counts['slivers']} sliver(s) left between areas by snapping joined a neighbour")
    if counts["closed"]:
        warnings.append(f"{counts['closed']} {CLOSED_POCKETS}")
    if merged:
        shown = ", ".join(sorted(merged)[:8]) + (", ..." if len(merged) > 8 else "")
        warnings.append(
            f"bits of {len(merged)} area(s) too thin to hold a point of the grid ({grid:g}) were merged into "
            f"the neighbour they share most border with ({shown}); a finer --grid keeps them"
        )
    if counts["dropped"]:
        warnings.append(f"{counts['dropped']} island(s) too small for the grid ({grid:g}) were dropped")


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
                kind=AreaKind.SEA if features[index].sea else AreaKind.LAND,
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
