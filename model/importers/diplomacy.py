"""Diplomacy variants: ``mappa import diplomacy VARIANT.map [--svg BOARD.svg]``.

Provinces, their kinds and their adjacency come from the ``.map`` text
(``model.importers.diplomacy_map``): WATER provinces are sea, LAND, COAST and PORT provinces
land, and a SHUT (impassable) province is land whose every border is an ``impassable``
connection. The geometry comes from the board's SVG, each province's shape found by its id (or
label) matching the abbreviation or the full name (``spa``, ``_spa``, ``spa-nc``: coasts join
their province); without an SVG a schematic layout is made: points placed by a force-directed
layout of the adjacency graph, and Voronoi cells around them. Either way the scenario's
adjacency is then made equal to the declared one (``model.importers.declared``): declared pairs
whose shapes do not touch become straits or sea lanes, touching pairs that are not declared
become impassable.

What a scenario cannot hold is listed in the summary: which adjacencies only armies or only
fleets may use, the coasts of multi-coast provinces (``SPA/NC``) and which neighbours each
reaches, supply centres, and the powers and their starting centres and units when the ruleset
refuses bare empires (see ``model.importers.owners``).
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from typing import Any

import networkx as nx
import shapely
from shapely.geometry import MultiPoint, mapping

from model.importers.common import ImportOptions, ImportResult, SourceError
from model.importers.declared import Declared, reconcile
from model.importers.diplomacy_map import VariantMap, parse_map
from model.importers.owners import add_owners
from model.importers.pipeline import build_scenario
from model.importers.planar import image_options
from model.importers.registry import Importer, Option, Source, register, shared
from model.importers.svg_shapes import read_svg
from model.scenario import AreaKind

DEFAULT_CLOSE_GAPS = 3.0
"""Board SVGs may leave a line of a pixel or two between provinces: closed up to 3 units."""
SPACING = 100.0
"""How far apart (map units, pixels) neighbouring provinces are placed in a schematic layout."""
LISTED = 30


@dataclass
class Movement:
    """Who may cross between two provinces: armies, fleets, and by which coasts fleets do."""

    armies: bool = False
    fleets: bool = False


def _fleet_place(written: str, terrain: str) -> bool:
    return terrain in ("WATER", "COAST", "PORT") and written != written.lower()


def movements(variant: VariantMap) -> tuple[dict[frozenset[str], Movement], list[str]]:
    """The declared province pairs with who may use them, and the coast-specific adjacencies.

    Rules of the format: a coast (``SPA/NC``) holds fleets only; an all-lowercase neighbour is
    closed to fleets from here; ``Xxx`` is closed to armies; armies never enter WATER, and
    nothing moves into or out of a SHUT province (those pairs are left out).
    """
    pairs: dict[frozenset[str], Movement] = {}
    coastal: list[str] = []
    terrains = variant.terrains()
    for key, place in variant.places.items():
        here = variant.province(key)
        for written in place.abuts:
            there = variant.province(written)
            if there == here or there not in terrains:
                continue
            if "SHUT" in (place.terrain, terrains[there]):
                continue
            movement = pairs.setdefault(frozenset((here, there)), Movement())
            target = variant.places.get(written.upper())
            target_terrain = target.terrain if target else terrains[there]
            if _fleet_place(place.written, place.terrain) and written != written.lower():
                movement.fleets = True
                if "/" in key or "/" in written:
                    coastal.append("-".join(sorted((key, written.upper()))))
            army_ok = not (written[0].isupper() and written[1:].islower())  # "Xxx": no armies
            if (
                "/" not in key
                and "/" not in written
                and place.terrain != "WATER"
                and target_terrain != "WATER"
                and army_ok
            ):
                movement.armies = True
    return pairs, sorted(set(coastal))


def _matching_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _svg_features(variant: VariantMap, svg: str) -> tuple[list[dict[str, Any]], list[str]]:
    """Province shapes from the board SVG, matched by id or label to abbreviations or names."""
    drawing = read_svg(svg, id_attr=None, name_attr=None)
    provinces = {variant.province(k) for k in variant.places}
    lookup: dict[str, str] = {}
    for abbreviation in provinces:
        lookup[_matching_key(abbreviation)] = abbreviation
        if abbreviation in variant.names:
            lookup[_matching_key(variant.names[abbreviation])] = abbreviation
    features: list[dict[str, Any]] = []
    unmatched = 0
    for shape in reversed(drawing.shapes):  # topmost first: the pipeline gives overlaps to earlier
        province = None
        for text in (shape.id, shape.name):
            key = _matching_key(text)
            for candidate in (key, re.sub(r"(nc|sc|ec|wc)$", "", key)):
                province = province or lookup.get(candidate)
        if province is None:
            unmatched += 1
            continue
        features.append(_feature(variant, province, shape.geometry))
    notes = [f"{len(features)} shape(s) of {svg} matched provinces by id or label"]
    if unmatched:
        notes.append(f"{unmatched} shape(s) of {svg} match no province (decorations, background): left out")
    return features, notes


def _feature(variant: VariantMap, province: str, geometry: Any) -> dict[str, Any]:
    return {
        "type": "Feature",
        "properties": {"name": _name(variant, province)},
        "geometry": mapping(geometry),
    }


def _name(variant: VariantMap, province: str) -> str:
    return variant.names.get(province, province)


def _layout_points(provinces: list[str], pairs: set[frozenset[str]]) -> dict[str, tuple[float, float]]:
    """Province points: a force-directed layout of the adjacency (seeded, so always the same),
    scaled so that neighbours lie about ``SPACING`` apart; provinces with no neighbour (SHUT) in a
    row beneath, so that they do not stretch the layout."""
    graph: nx.Graph = nx.Graph()
    linked = sorted({p for pair in pairs for p in pair})
    graph.add_nodes_from(linked)
    graph.add_edges_from(tuple(sorted(pair)) for pair in pairs)
    points: dict[str, tuple[float, float]] = {}
    if linked:
        start = nx.circular_layout(graph)
        spacing = 1.6 / max(len(linked), 1) ** 0.5
        layout = nx.spring_layout(graph, pos=start, seed=1, iterations=300, k=spacing)
        lengths = sorted(
            math.dist(layout[a], layout[b]) for a, b in graph.edges if math.dist(layout[a], layout[b]) > 0
        )
        scale = SPACING / lengths[len(lengths) // 2] if lengths else SPACING
        points = {name: (float(xy[0]) * scale, float(xy[1]) * scale) for name, xy in layout.items()}
    loose = [name for name in provinces if name not in points]
    if points:
        left = min(x for x, _ in points.values())
        below = max(y for _, y in points.values()) + SPACING
    else:
        left, below = 0.0, 0.0
    points.update({name: (left + index * SPACING, below) for index, name in enumerate(loose)})
    x0 = min(x for x, _ in points.values()) - SPACING
    y0 = min(y for _, y in points.values()) - SPACING
    return {name: (x - x0, y - y0) for name, (x, y) in points.items()}


def _layout_features(
    variant: VariantMap, pairs: set[frozenset[str]]
) -> tuple[list[dict[str, Any]], list[str], dict[str, tuple[float, float]]]:
    """A schematic map: Voronoi cells around the layout's points, inside their hull grown by half
    a spacing (so the outer provinces are not stretched to a far frame); also the points."""
    provinces = sorted({variant.province(k) for k in variant.places})
    points = _layout_points(provinces, pairs)
    region = MultiPoint(list(points.values())).convex_hull.buffer(SPACING / 2, quad_segs=4)
    cells = shapely.voronoi_polygons(MultiPoint(list(points.values())), extend_to=region)
    by_point = {xy: name for name, xy in points.items()}
    features = []
    for cell in shapely.get_parts(cells):
        clipped = cell.intersection(region)
        inside = [xy for xy in by_point if clipped.contains(shapely.Point(xy))]
        if inside and not clipped.is_empty:
            features.append(_feature(variant, by_point[inside[0]], clipped))
    note = (
        f"no --svg: a schematic layout of {len(provinces)} provinces (Voronoi cells around a "
        "force-directed layout of the adjacency); pairs it cannot make touch become connections"
    )
    return features, [note], points


def import_diplomacy(source: str, options: ImportOptions | None = None) -> ImportResult:
    """Import a Diplomacy variant (see the module doc); raise ``SourceError`` naming file and line."""
    options = options or ImportOptions()
    variant = parse_map(source)
    moves, coastal = movements(variant)
    pairs = set(moves)
    svg = options.extra.get("svg")
    water = {_name(variant, province): terrain == "WATER" for province, terrain in variant.terrains().items()}
    if svg:
        features, found = _svg_features(variant, str(svg))
        if not features:
            example = sorted(variant.places)[0].lower()
            raise SourceError(
                f"{svg}: no shape's id or label matches a province of {source} (such as id={example!r})"
            )
        gaps: float | None = DEFAULT_CLOSE_GAPS
        labels: dict[str, tuple[float, float]] = {}
    else:
        features, found, points = _layout_features(variant, pairs)
        # Names go on the layout's points (the cells' seeds), where the graph put each province.
        labels = {_name(variant, province): point for province, point in points.items()}
        gaps = None  # Voronoi cells tile the plane: no gap to close
    for feature in features:
        feature["properties"]["water"] = water.get(feature["properties"]["name"], False)
    result = build_scenario(features, image_options(options, gaps), source, sea_from="water")
    kinds = {name: AreaKind.SEA if wet else AreaKind.LAND for name, wet in water.items()}
    named_pairs = {frozenset(_name(variant, p) for p in pair) for pair in pairs}
    outcome = reconcile(result.scenario, Declared(kinds, named_pairs, labels, os.path.basename(source)))
    files = ", ".join(variant.files)
    result.notes[:0] = [f"read {len(kinds)} provinces and {len(pairs)} adjacent pairs from {files}", *found]
    result.notes.extend(outcome.summary)
    shut = sorted(
        _name(variant, variant.province(k)) for k, p in variant.places.items() if p.terrain == "SHUT"
    )
    if shut:
        result.notes.append(f"impassable (SHUT) provinces, every border made impassable: {', '.join(shut)}")
    result.warnings.extend(_dropped(variant, moves, coastal, outcome.ids, result))
    return result


def _dropped(
    variant: VariantMap,
    moves: dict[frozenset[str], Movement],
    coastal: list[str],
    ids: dict[str, str],
    result: ImportResult,
) -> list[str]:
    """What the scenario cannot hold, each listed; the powers are added when the ruleset allows."""
    warnings: list[str] = []
    kinds = variant.terrains()

    def listing(items: list[str]) -> str:
        more = f" and {len(items) - LISTED} more" if len(items) > LISTED else ""
        return ", ".join(items[:LISTED]) + more

    army_only = sorted(
        "-".join(sorted(pair))
        for pair, m in moves.items()
        if m.armies and not m.fleets and all(kinds.get(p) in ("COAST", "PORT") for p in pair)
    )
    fleet_only = sorted(
        "-".join(sorted(pair))
        for pair, m in moves.items()
        if m.fleets and not m.armies and all(kinds.get(p) != "WATER" for p in pair)
    )
    if army_only:
        warnings.append(
            f"army-only adjacencies between coastal provinces (not kept: a connection has no unit "
            f"restriction): {listing(army_only)}"
        )
    if fleet_only:
        warnings.append(f"fleet-only adjacencies between land provinces (not kept): {listing(fleet_only)}")
    coasts = sorted(k for k in variant.places if "/" in k)
    if coasts:
        warnings.append(
            f"multi-coast provinces: the coasts {', '.join(coasts)} are one area each with their province; "
            f"which coast reaches which neighbour was dropped: {listing(coastal)}"
        )
    centres = sorted(variant.supply_centres())
    if centres:
        warnings.append(
            f"{len(centres)} supply centres (no supply-centre attribute in the scenario's ruleset; dropped): "
            f"{listing([_name(variant, c) for c in centres])}"
        )
    players = [power.name for power in variant.powers.values()]
    owners: dict[str, str] = {}
    for power in variant.powers.values():
        for centre in power.owns if power.owns is not None else power.homes:
            owners[_name(variant, centre)] = power.name
    warnings.extend(add_owners(result.scenario, players, owners, ids, "the .map file"))
    units = [
        f"{power.name} {kind} {place}" for power in variant.powers.values() for kind, place in power.units
    ]
    if units:
        warnings.append(f"{len(units)} starting unit(s) not imported: {listing(units)}")
    return warnings


register(
    Importer(
        name="diplomacy",
        title="Diplomacy variant",
        source=Source("a Diplomacy variant's .map file", suffixes=(".map",)),
        read=import_diplomacy,
        options=(
            Option(
                "svg",
                "--svg",
                "file",
                "the board's SVG: province shapes matched by id or label (default: a schematic layout)",
                "BOARD.svg",
                suffixes=(".svg",),
                label="Board SVG",
            ),
            *shared("close_gaps", "grid", "title"),
        ),
        help="make a scenario map from a Diplomacy variant: provinces and adjacency from the .map file, "
        "shapes from the board SVG or a schematic layout",
    )
)
