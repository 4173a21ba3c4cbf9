"""The board style: the map drawn as a game board rather than a diagram, for the view, renders and print.

What changes (drawing only: the stored linework, areas and attributes are untouched):

* borders are smoothed (Chaikin corner cutting) with every node kept where it is, so the two
  faces of a shared border and the border line itself follow one smoothed curve;
* the coast gets water lines: thin lines parallel to it on the sea side, fading outwards;
* land is tinted toward parchment and sea toward a deeper blue, whatever the map mode's colours;
* names are set in a serif face with a halo; sea names in blue italics;
* borders are dark brown, coasts dark blue; straits, sea lanes and river crossings get styles of
  their own (``CONNECTIONS``).

``MapScene.set_board_style`` turns it on or off (View > Board style, ``mappa render --style
board``, the Export and print dialogs).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem
from shapely.ops import unary_union

from model.scenario import ConnectionKind

Point = tuple[float, float]

ITERATIONS = 3
"""Rounds of corner cutting: three turn a Voronoi corner into a smooth bend."""
WOBBLE = 0.35
"""How far a wobble point leaves a straight border, as a share of the piece it ends."""
PARCHMENT = QColor("#efe3c2")
LAND_TINT = 0.28
"""How far land colours are mixed toward parchment."""
DEEP_SEA = QColor("#5b8db8")
SEA_TINT = 0.30
"""How far sea colours are mixed toward the deep blue."""
BORDER = QColor("#5a4632")
COAST = QColor("#2f4f6f")
WATER_LINE = QColor("#2f5f8f")
WATER_LINES = 3
"""Water lines along the coast, each farther out and fainter."""
WATER_STEP = 1 / 220
"""Distance between water lines, as a share of the map's width."""
SEA_LABEL = QColor("#1f4e79")
LABEL_FAMILY = "DejaVu Serif"

CONNECTIONS: dict[ConnectionKind, tuple[str, Qt.PenStyle, float]] = {
    ConnectionKind.STRAIT: ("#17375e", Qt.PenStyle.DashLine, 3.5),
    ConnectionKind.SEA_LANE: ("#1f5f9f", Qt.PenStyle.DotLine, 3.0),
    ConnectionKind.RIVER_CROSSING: ("#3a7bd5", Qt.PenStyle.SolidLine, 3.0),
    ConnectionKind.IMPASSABLE: ("#7f1d1d", Qt.PenStyle.DashDotLine, 3.0),
}
"""Connection kind -> colour, pen style and width in pixels on the board."""


def mix(colour: str | QColor, toward: QColor, share: float) -> QColor:
    """``colour`` moved ``share`` of the way toward ``toward`` (its alpha kept)."""
    base = QColor(colour)
    return QColor(
        round(base.red() + (toward.red() - base.red()) * share),
        round(base.green() + (toward.green() - base.green()) * share),
        round(base.blue() + (toward.blue() - base.blue()) * share),
        base.alpha(),
    )


def fill(colour: str, sea: bool) -> QColor:
    """An area's board colour: its map-mode colour tinted toward parchment (land) or deep sea."""
    return mix(colour, DEEP_SEA if sea else PARCHMENT, SEA_TINT if sea else LAND_TINT)


def label_font(sea: bool) -> QFont:
    """The face of a name on the board: serif, italic for a sea."""
    font = QFont(LABEL_FAMILY, 9)
    font.setStyleHint(QFont.StyleHint.Serif)
    font.setItalic(sea)
    return font


def _jitter(a: Point, b: Point, k: int) -> float:
    """A repeatable number in [-1, 1] for the k-th point of the segment a-b (the same whichever way
    the segment is read): borders wobble the same on every drawing and for both faces."""
    key = (min(a, b), max(a, b), k)
    value = hash((round(key[0][0], 3), round(key[0][1], 3), round(key[1][0], 3), round(key[1][1], 3), k))
    return ((value % 2001) - 1000) / 1000.0


STEP_SHARE = 1 / 140
"""The wobble's piece length as a share of the map's width."""


def wobble_step(map_width: float) -> float:
    """The wobble's piece length for a map this wide (map units)."""
    return max(map_width, 0.0) * STEP_SHARE


def wobble(points: Sequence[Point], step: float) -> list[Point]:
    """Straight stretches longer than ``step`` get points every ``step`` or so, moved a little off the
    line (at most ``WOBBLE`` of a piece, never at the ends): a drawn border rather than a ruled one.
    A stretch read backwards wobbles the same way backwards."""
    line = [(float(x), float(y)) for x, y in points]
    if step <= 0 or len(line) < 2:
        return line
    out = [line[0]]
    for a, b in itertools.pairwise(line):
        length = math.dist(a, b)
        pieces = int(length // step)
        if pieces >= 2:
            flipped = b < a  # work on the segment in one order, so both readings agree
            start, end = (b, a) if flipped else (a, b)
            nx, ny = (start[1] - end[1]) / length, (end[0] - start[0]) / length
            inner = []
            for k in range(1, pieces):
                t = k / pieces
                off = _jitter(start, end, k) * WOBBLE * length / pieces
                inner.append(
                    (
                        start[0] + (end[0] - start[0]) * t + nx * off,
                        start[1] + (end[1] - start[1]) * t + ny * off,
                    )
                )
            out.extend(reversed(inner) if flipped else inner)
        out.append(b)
    return out


def chaikin(points: Sequence[Point], iterations: int = ITERATIONS) -> list[Point]:
    """An open polyline with its corners cut ``iterations`` times; both ends stay where they are.

    Each round replaces every segment by the points at a quarter and three quarters of it (the
    first and last segments keep their outer end). The same points read backwards give the same
    curve backwards, so the two faces of a shared border agree."""
    line = [(float(x), float(y)) for x, y in points]
    for _ in range(iterations):
        if len(line) < 3:
            return line
        cut = [line[0]]
        for index, ((ax, ay), (bx, by)) in enumerate(itertools.pairwise(line)):
            if index > 0:
                cut.append((0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by))
            if index < len(line) - 2:
                cut.append((0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by))
        cut.append(line[-1])
        line = cut
    return line


def smooth_ring(
    coords: Sequence[Point],
    nodes: set[Point],
    iterations: int = ITERATIONS,
    step: float = 0.0,
    smooth: Callable[[Sequence[Point]], list[Point]] | None = None,
) -> list[Point]:
    """A closed ring smoothed between its nodes (the ends of the map's borders), which stay fixed.

    Split at the nodes, each stretch is the same run of vertices as the border it follows, so it
    is smoothed exactly as that border's line is (``chaikin``). A ring with no node (a lone
    island drawn as one closed border) is smoothed from its first vertex, as its border is.
    ``smooth``: how a stretch is smoothed (a ``SmoothCache``'s ``run``); default: wobble, then cut."""
    ring = [(float(x), float(y)) for x, y in coords]
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring = ring[:-1]
    if len(ring) < 3:
        return ring
    fixed = [i for i, point in enumerate(ring) if point in nodes] or [0]
    start = fixed[0]
    ring = ring[start:] + ring[:start]
    fixed = [(i - start) % len(ring) for i in fixed] + [len(ring)]
    ring.append(ring[0])
    smoothed: list[Point] = []
    for a, b in itertools.pairwise(fixed):
        stretch = ring[a : b + 1]
        run = smooth(stretch) if smooth is not None else chaikin(wobble(stretch, step), iterations)
        smoothed.extend(run[:-1])
    smoothed.append(smoothed[0])
    return smoothed


Frame = tuple[float, float, float, float]
"""The map's bounds as (min x, min y, max x, max y): its outer frame."""
FRAME_EPS = 1e-9
"""How close to a side of the frame a vertex lies on it (map units, relative to the map's size)."""


def _frame_sides(point: Point, frame: Frame) -> int:
    """The sides of the frame a point lies on, as bits (left, top, right, bottom); 0: inside."""
    min_x, min_y, max_x, max_y = frame
    eps = FRAME_EPS * max(max_x - min_x, max_y - min_y, 1.0)
    x, y = point
    return (
        (abs(x - min_x) <= eps)
        | (abs(y - min_y) <= eps) << 1
        | (abs(x - max_x) <= eps) << 2
        | (abs(y - max_y) <= eps) << 3
    )


def smooth_run(
    points: Sequence[Point], step: float, frame: Frame | None = None, iterations: int = ITERATIONS
) -> list[Point]:
    """A border's run of vertices wobbled and smoothed (``wobble``, ``chaikin``), with the map's outer
    frame kept straight: every vertex on the frame stays where it is, and a piece along the frame is
    neither wobbled nor cut, so the edge of the map stays a ruled line with square corners."""
    line = [(float(x), float(y)) for x, y in points]
    if frame is None or len(line) < 2:
        return chaikin(wobble(line, step), iterations)
    sides = [_frame_sides(point, frame) for point in line]
    cuts = [i for i in range(1, len(line) - 1) if sides[i]] + [len(line) - 1]
    out: list[Point] = []
    start = 0
    for end in cuts:
        piece = line[start : end + 1]
        if len(piece) == 2 and sides[start] & sides[end]:
            smoothed = piece  # along one side of the frame: a straight edge
        else:
            smoothed = chaikin(wobble(piece, step), iterations)
        out.extend(smoothed[1:] if out else smoothed)
        start = end
    return out


class SmoothCache:
    """The board's smoothed curves, kept per border so that an edit recomputes only the borders it
    changed (issue 18.13: turning the style on and every edit on a large map were slow).

    A curve is stored under its run of vertices read in one fixed direction, so a border's line
    and the stretches of the two faces beside it (the same run, maybe backwards) share one entry.
    ``computed`` counts the curves worked out, for tests and benchmarks."""

    def __init__(self) -> None:
        self.step = 0.0
        self.frame: Frame | None = None
        self.computed = 0
        self._runs: dict[tuple[Point, ...], list[Point]] = {}
        self._by_boundary: dict[str, tuple[Point, ...]] = {}
        self.water_key: object = None
        """What the kept water lines were drawn for (the coast borders and their sides)."""
        self.water_paths: list[QPainterPath] = []

    def configure(self, step: float, frame: Frame | None) -> None:
        """Use this wobble step and outer frame; a change of either forgets every curve."""
        if step != self.step or frame != self.frame:
            self.step, self.frame = step, frame
            self._runs.clear()
            self._by_boundary.clear()

    def keep_only(self, boundary_ids: Iterable[str]) -> None:
        """Forget the curves of every border but these (after another map is opened or borders
        were deleted), so that a long session does not keep every map it showed."""
        kept = set(boundary_ids)
        self._by_boundary = {b: key for b, key in self._by_boundary.items() if b in kept}
        keys = set(self._by_boundary.values())
        self._runs = {key: curve for key, curve in self._runs.items() if key in keys}

    def run(self, points: Sequence[Point]) -> list[Point]:
        """The smoothed curve of a run of vertices (from the cache when the run is known)."""
        forward = tuple((float(x), float(y)) for x, y in points)
        backward = forward[::-1]
        key = min(forward, backward)
        curve = self._runs.get(key)
        if curve is None:
            curve = smooth_run(key, self.step, self.frame)
            self._runs[key] = curve
            self.computed += 1
            # Stretches that are no border's own run (rare) must not pile up over a long session.
            if len(self._runs) > 2 * len(self._by_boundary) + 4096:
                kept = set(self._by_boundary.values())
                self._runs = {k: v for k, v in self._runs.items() if k in kept}
        return curve if key == forward else curve[::-1]

    def line(self, boundary_id: str, points: Sequence[Point]) -> list[Point]:
        """A border's smoothed line; its previous curve, if its vertices changed, is forgotten."""
        forward = tuple((float(x), float(y)) for x, y in points)
        key = min(forward, forward[::-1])
        old = self._by_boundary.get(boundary_id)
        if old is not None and old != key:
            self._runs.pop(old, None)
        self._by_boundary[boundary_id] = key
        return self.run(forward)


def nodes_of(boundaries: Iterable[Any]) -> set[Point]:
    """The ends of every border (where borders meet, and where a closed border starts)."""
    found: set[Point] = set()
    for boundary in boundaries:
        points = boundary.points
        if len(points) >= 2:
            found.add((float(points[0][0]), float(points[0][1])))
            found.add((float(points[-1][0]), float(points[-1][1])))
    return found


def _add_ring(path: QPainterPath, ring: Sequence[Point]) -> None:
    if len(ring) < 3:
        return
    path.moveTo(QPointF(*ring[0]))
    for x, y in ring[1:]:
        path.lineTo(QPointF(x, y))
    path.closeSubpath()


def geometry_path(
    geometry: Any, nodes: set[Point], step: float = 0.0, cache: SmoothCache | None = None
) -> QPainterPath:
    """A shapely polygon or multipolygon as a smoothed painter path (holes included); ``step``: the
    wobble's piece length (``wobble``; 0: none); ``cache``: where the stretches' curves are kept
    (its own step and frame then apply)."""
    smooth = cache.run if cache is not None else None
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    if geometry is None or geometry.is_empty:
        return path
    polygons = getattr(geometry, "geoms", [geometry])
    for polygon in polygons:
        if not hasattr(polygon, "exterior"):
            continue
        _add_ring(path, smooth_ring(list(polygon.exterior.coords), nodes, step=step, smooth=smooth))
        for hole in polygon.interiors:
            _add_ring(path, smooth_ring(list(hole.coords), nodes, step=step, smooth=smooth))
    return path


def polyline_path(
    points: Sequence[Point], step: float = 0.0, cache: SmoothCache | None = None, boundary_id: str = ""
) -> QPainterPath:
    """A border's smoothed line (a closed border is smoothed as a ring from its first vertex);
    with a ``cache``, kept there under the boundary's id (its own step and frame then apply)."""
    smoothed = cache.line(boundary_id, points) if cache is not None else chaikin(wobble(points, step))
    path = QPainterPath()
    if not smoothed:
        return path
    path.moveTo(QPointF(*smoothed[0]))
    for x, y in smoothed[1:]:
        path.lineTo(QPointF(x, y))
    return path


def border_pen(coast: bool) -> QPen:
    """The pen of a border on the board: dark brown inland, dark blue (a little wider) on the coast."""
    pen = QPen(COAST if coast else BORDER, 1.6 if coast else 1.1)
    pen.setCosmetic(True)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def water_paths(sea: Any, land: Any, map_width: float) -> list[QPainterPath]:
    """The water lines along the coast, nearest first: lines at growing distances from the land, on
    the sea only (worked out with shapely: buffers of the land, cut to the sea).

    Each buffer grows the one before by a step rather than the whole land by the full distance: the
    grown outline has lost the coast's small bays, so this is about ten times faster on a large map
    and differs only by how the round ends are cut."""
    step = max(map_width * WATER_STEP, 1e-6)
    paths = []
    grown = land
    for _index in range(WATER_LINES):
        grown = grown.buffer(step, quad_segs=4)
        paths.append(_lines_path(grown.boundary.intersection(sea)))
    return paths


class WaterLines(QGraphicsPathItem):
    """Water lines along the coast (``water_paths``), fainter outwards."""

    def __init__(self, paths: Sequence[QPainterPath]) -> None:
        super().__init__()
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        for index, path in enumerate(paths):
            line = QGraphicsPathItem(path, self)
            colour = QColor(WATER_LINE)
            colour.setAlphaF(0.45 * (1 - index / WATER_LINES))
            pen = QPen(colour, 1.0)
            pen.setCosmetic(True)
            line.setPen(pen)
            line.setAcceptedMouseButtons(Qt.MouseButton.NoButton)


def _lines_path(geometry: Any) -> QPainterPath:
    """Shapely lines (a line, several, or a mixed collection) as one painter path."""
    path = QPainterPath()
    parts = getattr(geometry, "geoms", [geometry])
    for part in parts:
        if part.is_empty:
            continue
        if hasattr(part, "geoms"):
            path.addPath(_lines_path(part))
            continue
        coords = list(getattr(part, "coords", []))
        if len(coords) < 2:
            continue
        path.moveTo(QPointF(*coords[0][:2]))
        for x, y, *_z in coords[1:]:
            path.lineTo(QPointF(x, y))
    return path


def dress(scene: Any) -> None:
    """Give a map scene's borders their board pens and its coast its water lines (again after an
    edit); with the board style off, take them away."""
    old = getattr(scene, "water_lines", None)
    if old is not None:
        if old.scene() is scene:
            scene.removeItem(old)
        scene.water_lines = None
    board = bool(scene.state.board)
    sides = _sides(scene) if board else {}
    kinds = {area.id: area.kind.value for area in scene.scenario.map.areas}

    def kinds_of(boundary_id: str) -> tuple[str | None, str | None]:
        left, right = sides.get(boundary_id, (None, None))
        return (kinds.get(left) if left else None, kinds.get(right) if right else None)

    for boundary_id, item in scene.boundaries.items():
        if not board:
            item.set_style(None)
            continue
        left, right = kinds_of(boundary_id)
        if left == right == "sea":
            item.set_style(_sea_pen())
        else:
            item.set_style(border_pen(coast="sea" in (left, right) or None in (left, right)))
    if not board:
        return
    topology = scene.document.topology
    if topology is None:
        return
    cache: SmoothCache = scene.state.board_cache
    # The water lines follow the land and sea outlines only: borders between two lands or two seas
    # do not move them, so they are worked out again only when a coast (or an area's kind) changed.
    points = {boundary.id: boundary.points for boundary in scene.scenario.map.boundaries}
    coast = (
        scene.map_rect().width(),
        sorted(
            (boundary_id, str(left), str(right), tuple(map(tuple, points[boundary_id])))
            for boundary_id, (left, right) in ((b, kinds_of(b)) for b in sides)
            if left != right and boundary_id in points
        ),
    )
    if coast != cache.water_key:
        cache.water_key, cache.water_paths = coast, _water_paths(scene, topology, kinds)
    if not cache.water_paths:
        return
    lines = WaterLines(cache.water_paths)
    lines.setParentItem(scene.layers["sea"])
    lines.setZValue(1)  # over the sea fills, under the borders (a layer of its own in the sea's)
    scene.water_lines = lines


def _water_paths(scene: Any, topology: Any, kinds: dict[str, str]) -> list[QPainterPath]:
    """The water lines of the whole map (none without both land and sea)."""
    shapes: dict[bool, list[Any]] = {True: [], False: []}
    for area_id in scene.areas:
        try:
            geometry = topology.area_geometry(area_id)
        except (KeyError, ValueError):
            continue
        if geometry is not None and not geometry.is_empty:
            shapes[kinds.get(area_id) == "sea"].append(geometry)
    if not shapes[True] or not shapes[False]:
        return []
    return water_paths(unary_union(shapes[True]), unary_union(shapes[False]), scene.map_rect().width())


def _sides(scene: Any) -> dict[str, tuple[str | None, str | None]]:
    topology = scene.document.topology
    if topology is None:
        return {}
    try:
        sides: dict[str, tuple[str | None, str | None]] = topology.boundary_sides()
    except Exception:  # a broken map draws plain borders rather than no map
        return {}
    return sides


def _sea_pen() -> QPen:
    """Between two sea zones: a thin dashed blue line (sea zones are not land borders)."""
    pen = QPen(QColor(47, 95, 143, 150), 1.0, Qt.PenStyle.DashLine)
    pen.setCosmetic(True)
    return pen
