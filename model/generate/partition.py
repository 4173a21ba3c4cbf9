"""Dividing land (or sea) among named sites: Voronoi cells clipped to the space, then tidied.

Works on the map plane (projected coordinates). Each connected piece of the space (a continent,
an island, a sea basin) is divided only among the sites inside it, so a cell never jumps across
water to a coast that happens to be nearer. What Voronoi clipping leaves over (a bit of a cell cut
off by a bay) is merged into the neighbour it shares the longest border with; pieces holding no
site at all are returned as leftovers for the caller to place (islands, lakes).

All overlay operations use ``grid_size`` so that every vertex lies on the map grid: two regions
then share their border vertex for vertex, which is what turns them into clean linework.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import shapely
from shapely.geometry import MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry


class VanishedRegion(ValueError):
    """A site whose cell is too small to survive snapping to the grid."""

    def __init__(self, site_id: str) -> None:
        self.site_id = site_id
        super().__init__(f"the region of {site_id!r} vanished when snapped to the grid")


def polygons(geometry: BaseGeometry) -> list[Polygon]:
    """The non-empty polygons of a geometry (dropping the lines and points an overlay may leave)."""
    return [g for g in shapely.get_parts(geometry) if isinstance(g, Polygon) and not g.is_empty]


@dataclass
class Region:
    """A region being built: the part holding its site, and further parts (islands) of its own."""

    id: str
    site: Point
    main: Polygon
    extra: list[Polygon] = field(default_factory=list)

    def geometry(self) -> BaseGeometry:
        """All its parts as one geometry."""
        return shapely.MultiPolygon([self.main, *self.extra]) if self.extra else self.main


def shared_length(a: BaseGeometry, b: BaseGeometry) -> float:
    """Length of the border two polygons share (0 when they meet at a point or not at all)."""
    if not a.intersects(b):
        return 0.0
    return float(a.boundary.intersection(b.boundary).length)


def _main_part(parts: list[Polygon], site: Point) -> int:
    """Index of the part holding the site (or nearest to it, when the site sits on a border)."""
    for index, part in enumerate(parts):
        if part.covers(site):
            return index
    return min(range(len(parts)), key=lambda i: parts[i].distance(site))


def divide(
    space: BaseGeometry, sites: Mapping[str, Point], grid: float, narrows: float = 0.0
) -> tuple[dict[str, Region], list[Polygon]]:
    """Divide ``space`` among ``sites`` (each inside it); return the regions and the site-less pieces.

    The regions exactly cover the pieces of the space that hold a site; the leftovers are the
    pieces (whole connected components) that hold none. With ``narrows`` > 0, a cell is also cut
    where it passes through a channel narrower than twice that width (see ``_cut_at_narrows``).
    """
    pieces = polygons(space)
    regions: dict[str, Region] = {}
    leftovers: list[Polygon] = []
    orphans: list[Polygon] = []
    by_piece: dict[int, list[str]] = {index: [] for index in range(len(pieces))}
    tree = shapely.STRtree(pieces)
    for site_id, site in sites.items():
        hits = [int(i) for i in tree.query(site, predicate="intersects")]
        if not hits:  # the caller placed every site inside; fall back to the nearest piece
            hits = [int(tree.nearest(site))]
        by_piece[hits[0]].append(site_id)
    for index, piece in enumerate(pieces):
        ids = by_piece[index]
        if not ids:
            leftovers.append(piece)
            continue
        if len(ids) == 1:
            regions[ids[0]] = Region(ids[0], sites[ids[0]], piece)
            continue
        cells = shapely.voronoi_polygons(MultiPoint([sites[i] for i in ids]), extend_to=piece, ordered=True)
        for site_id, cell in zip(ids, shapely.get_parts(cells), strict=True):
            parts = polygons(shapely.intersection(cell, piece, grid_size=grid))
            if not parts:  # a cell squeezed out entirely by the grid: keep the site on a sliver
                raise VanishedRegion(site_id)
            main = _main_part(parts, sites[site_id])
            kept, cut = _cut_at_narrows(parts[main], sites[site_id], narrows, grid)
            regions[site_id] = Region(site_id, sites[site_id], kept)
            orphans.extend(part for i, part in enumerate(parts) if i != main)
            orphans.extend(cut)
    _adopt(regions, orphans, grid)
    return regions, leftovers


def _cut_at_narrows(cell: Polygon, site: Point, narrows: float, grid: float) -> tuple[Polygon, list[Polygon]]:
    """Cut off what a sea cell reaches only through a narrow channel (a strait).

    A Voronoi cell measures distance as the crow flies: the Sea of Marmara's point is nearer to
    the Black Sea shore of Thrace than the Black Sea's own point, so its cell runs up the
    Bosporus into the Black Sea. Eroding the cell by ``narrows`` splits it at channels narrower
    than twice that; the part around the site, grown back, stays; the rest is returned to be
    merged with the neighbour it borders most (the Black Sea zone, here).
    """
    if narrows <= 0:
        return cell, []
    cores = polygons(cell.buffer(-narrows))
    if len(cores) < 2:
        return cell, []
    core = cores[_main_part(cores, site)]
    grown = polygons(shapely.intersection(core.buffer(narrows * 1.5), cell, grid_size=grid))
    if not grown:
        return cell, []
    kept = grown[_main_part(grown, site)]
    rest = polygons(shapely.difference(cell, kept, grid_size=grid))
    return kept, rest


def _adopt(regions: dict[str, Region], orphans: list[Polygon], grid: float) -> None:
    """Merge each orphan piece into the region it shares the longest border with.

    An orphan may touch only other orphans at first, so this repeats until every orphan found a
    home; one that never touches a region (it cannot happen for pieces cut from one component,
    but guards the loop) joins the nearest region as an extra part.
    """
    pending = list(orphans)
    while pending:
        progress = False
        for orphan in list(pending):
            found = longest_border(regions, orphan, main_only=True)
            if found is None:
                continue
            region = found
            merged = polygons(shapely.union(region.main, orphan, grid_size=grid))
            main = _main_part(merged, region.site)
            region.main = merged[main]
            region.extra.extend(part for i, part in enumerate(merged) if i != main)
            pending.remove(orphan)
            progress = True
        if not progress:
            for orphan in pending:
                nearest(regions, orphan).extra.append(orphan)
            return


def nearest(regions: Mapping[str, Region], geometry: BaseGeometry) -> Region:
    """The region closest to ``geometry`` (ties broken by id, so the result never depends on order)."""
    return min(regions.values(), key=lambda region: (region.geometry().distance(geometry), region.id))


def nearest_site(regions: Mapping[str, Region], geometry: BaseGeometry) -> Region:
    """The region whose site (the table's point) is closest to ``geometry`` (ties broken by id).

    Islands go by this rule: the point says where a region's heart is, so Funen joins the Danish
    islands' region rather than the peninsula whose coast happens to be a strait's width away.
    """
    return min(regions.values(), key=lambda region: (region.site.distance(geometry), region.id))


def longest_border(
    regions: Mapping[str, Region], geometry: BaseGeometry, main_only: bool = False
) -> Region | None:
    """The region sharing the longest border with ``geometry`` (None when it touches none).

    Ties go to the smallest id, so the result never depends on order; ``main_only`` looks at
    each region's main part alone.
    """
    best: tuple[float, str] | None = None
    for region in regions.values():
        length = shared_length(geometry, region.main if main_only else region.geometry())
        if length > 0 and (best is None or length > best[0] or (length == best[0] and region.id < best[1])):
            best = (length, region.id)
    return regions[best[1]] if best else None


def heal(regions: Mapping[str, Region], grid: float) -> None:
    """Make the regions tile the plane exactly: no slivers between them, no overlaps.

    Overlays snapped to the grid can bend a long straight border by a grid step differently in
    two neighbouring regions, leaving hair-thin slivers that belong to neither (or both). Here
    the outlines are noded and polygonized into faces; each face goes to the region covering
    it (the one covering most of it when two do), and a face no region covers goes to the
    neighbour it shares the longest border with. Each region is then rebuilt from its faces.
    """
    ids = sorted(regions)
    shapes = [shapely.make_valid(regions[i].geometry()) for i in ids]
    noded = shapely.unary_union([shapely.boundary(shape) for shape in shapes], grid_size=grid)
    faces = polygons(shapely.polygonize(shapely.get_parts(noded)))
    tree = shapely.STRtree(shapes)
    owner: dict[int, int] = {}
    for index, face in enumerate(faces):
        inside = face.point_on_surface()
        holders = [int(i) for i in tree.query(inside, predicate="intersects")]
        if len(holders) > 1:
            holders.sort(key=lambda i: (-shapes[i].intersection(face).area, i))
        if holders:
            owner[index] = holders[0]
    face_tree = shapely.STRtree(faces)
    pending = [index for index in range(len(faces)) if index not in owner]
    while pending:
        progress = False
        for index in list(pending):
            best: tuple[float, int] | None = None
            for other in face_tree.query(faces[index], predicate="intersects"):
                other = int(other)
                if other == index or other not in owner:
                    continue
                length = shared_length(faces[index], faces[other])
                if length > 0 and (best is None or length > best[0]):
                    best = (length, owner[other])
            if best is not None:
                owner[index] = best[1]
                pending.remove(index)
                progress = True
        if not progress:  # a gap touching no owned face (cannot happen in a tiling); leave it out
            break
    for position, region_id in enumerate(ids):
        mine = [faces[i] for i, holder in owner.items() if holder == position]
        parts = polygons(shapely.union_all(mine, grid_size=grid)) if mine else []
        if not parts:
            continue
        region = regions[region_id]
        main = _main_part(parts, region.site)
        region.main = parts[main]
        region.extra = [part for i, part in enumerate(parts) if i != main]
