"""SVG drawings -> named polygons: closed paths and shapes, transforms applied, curves flattened.

``read_svg`` reads a file once with defusedxml (entity declarations and external references are
refused; numbers that are not finite are found here, with the element and line) and once with
svgelements, which applies every transform (of the shape and its groups) and turns rectangles,
circles, ellipses and polygons into paths. Each closed subpath becomes a ring; curves are
flattened by halving until no point of the curve lies farther than ``tolerance`` from the chord;
the rings of one element are combined even-odd (a ring inside another is a hole). Open paths
carry no area and are counted, not imported.

Names: ``name_attr`` (default ``inkscape:label``, then ``<title>``), otherwise the text of a
``<text>`` element whose anchor lies inside the shape; ids come from ``id_attr`` (default
``id``).
"""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from dataclasses import dataclass, field

import shapely
import svgelements
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from model.importers.common import SourceError
from model.importers.textsource import line_of, parse_xml, read_bytes

SVG_NS = "{http://www.w3.org/2000/svg}"
PROPERTY_ATTRIBUTES = ("id", "class", "fill", "inkscape:label")
"""The attributes (besides ``data-*``) an area's feature properties carry (``--sea-when fill=#9cf``)."""
NAMESPACES = {
    "inkscape": "http://www.inkscape.org/namespaces/inkscape",
    "xlink": "http://www.w3.org/1999/xlink",
    "sodipodi": "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
}
INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"
GEOMETRY_ATTRIBUTES = ("d", "points", "x", "y", "width", "height", "cx", "cy", "r", "rx", "ry", "transform")
_NOT_FINITE = re.compile(r"(?i)(?<![a-z])(nan|[+-]?inf(inity)?)(?![a-z])")
SKIPPED_CONTAINERS = {"defs", "clipPath", "mask", "marker", "pattern", "symbol", "metadata"}
MAX_NESTING = 200
"""The deepest nesting of elements read: drawings nest groups a few levels (Inkscape layers,
sublayers); the walks here and svgelements' are recursive and would run out of stack."""
_TAG = re.compile(
    r"<(/?)([A-Za-z_][^\s/>]*)[^>]*?(/?)>|<!--.*?-->|<!\[CDATA\[.*?\]\]>|<[?!][^>]*>", re.DOTALL
)

Ring = list[tuple[float, float]]


@dataclass
class SvgShape:
    """One element with area: its id and name (either may be empty) and its polygon."""

    element: str
    id: str
    name: str
    geometry: BaseGeometry
    attributes: dict[str, str] = field(default_factory=dict)
    """The element's own plain attributes (class, fill, data-*...), for rules such as --sea-when."""


@dataclass
class SvgDrawing:
    """The shapes of an SVG file, its labelled texts, and what was left out."""

    shapes: list[SvgShape]
    texts: list[tuple[str, tuple[float, float]]]
    open_paths: int = 0
    notes: list[str] = field(default_factory=list)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _describe(element: ElementTree.Element) -> str:
    ident = element.get("id")
    return f"<{_local(element.tag)}{f' id={ident!r}' if ident else ''}>"


def _check_numbers(root: ElementTree.Element, text: str, source: str) -> None:
    """Refuse NaN and infinity in geometry attributes, naming the element and its line."""
    for element in root.iter():
        for attribute in GEOMETRY_ATTRIBUTES:
            value = element.get(attribute)
            if value is not None and _NOT_FINITE.search(value):
                line = line_of(text, value)
                where = f"line {line}: " if line else ""
                raise SourceError(
                    f"{source}: {where}{_describe(element)} has {attribute}={value[:60]!r}, which holds "
                    "a number that is not finite (NaN or infinity); fix or delete that element"
                )


def _check_nesting(root: ElementTree.Element, text: str, source: str) -> None:
    """Refuse elements nested more than ``MAX_NESTING`` deep, naming the line where it goes deeper."""
    stack = [(root, 1)]
    deepest = 1
    while stack and deepest <= MAX_NESTING:
        element, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in element)
    if deepest <= MAX_NESTING:
        return
    where = ""
    depth = 0
    for match in _TAG.finditer(text):
        if match.group(2) is None:  # a comment, CDATA, a declaration
            continue
        if match.group(1):
            depth -= 1
        elif not match.group(3):
            depth += 1
            if depth > MAX_NESTING:
                where = f"line {text.count(chr(10), 0, match.start()) + 1}: "
                break
    raise SourceError(
        f"{source}: {where}elements nested more than {MAX_NESTING} levels deep; a drawing nests groups a "
        "few levels: remove the extra nesting (or ungroup in the drawing program)"
    )


def _texts(root: ElementTree.Element) -> list[tuple[str, tuple[float, float]]]:
    """Every ``<text>`` with words, at its anchor point after the transforms of it and its groups."""
    out: list[tuple[str, tuple[float, float]]] = []

    def walk(element: ElementTree.Element, matrix: svgelements.Matrix) -> None:
        tag = _local(element.tag)
        if tag in SKIPPED_CONTAINERS:
            return
        own = element.get("transform")
        if own:
            matrix = svgelements.Matrix(own) * matrix
        if tag == "text":
            words = " ".join("".join(element.itertext()).split())
            anchor = _anchor(element)
            if words and anchor is not None:
                point = matrix.point_in_matrix_space(anchor)
                out.append((words, (float(point.x), float(point.y))))
            return
        for child in element:
            walk(child, matrix)

    walk(root, svgelements.Matrix())
    return out


def _anchor(text: ElementTree.Element) -> tuple[float, float] | None:
    for element in (text, *text.iter(f"{SVG_NS}tspan")):
        try:
            x = float((element.get("x") or "").split()[0].rstrip(","))
            y = float((element.get("y") or "").split()[0].rstrip(","))
        except (ValueError, IndexError):
            continue
        return (x, y)
    return None


def _flatten(segment: svgelements.PathSegment, tolerance: float) -> Iterator[tuple[float, float]]:
    """The points after a segment's start, the curve within ``tolerance`` of the chords."""
    if isinstance(segment, svgelements.Line | svgelements.Close):
        yield (float(segment.end.x), float(segment.end.y))
        return

    def point(t: float) -> tuple[float, float]:
        p = segment.point(t)
        return (float(p.x), float(p.y))

    def split(
        t0: float, p0: tuple[float, float], t1: float, p1: tuple[float, float], depth: int
    ) -> Iterator[tuple[float, float]]:
        tm = (t0 + t1) / 2
        pm = point(tm)
        chord = math.dist(p0, p1)
        if chord == 0:
            deviation = math.dist(p0, pm)
        else:
            deviation = abs((p1[0] - p0[0]) * (p0[1] - pm[1]) - (p0[0] - pm[0]) * (p1[1] - p0[1])) / chord
        # Two probes (the middle and a quarter) so that an S-curve crossing its chord is not missed.
        quarter = point((t0 + tm) / 2)
        if chord:
            deviation = max(
                deviation,
                abs((p1[0] - p0[0]) * (p0[1] - quarter[1]) - (p0[0] - quarter[0]) * (p1[1] - p0[1])) / chord,
            )
        if depth < 12 and (deviation > tolerance or depth < 1):
            yield from split(t0, p0, tm, pm, depth + 1)
            yield from split(tm, pm, t1, p1, depth + 1)
        else:
            yield p1

    yield from split(0.0, point(0.0), 1.0, point(1.0), 0)


def _rings(path: svgelements.Path, tolerance: float) -> tuple[list[Ring], int]:
    rings: list[Ring] = []
    open_count = 0
    for subpath in path.as_subpaths():
        segments = list(subpath)
        if not segments or segments[0].end is None:
            continue
        ring: Ring = [(float(segments[0].end.x), float(segments[0].end.y))]
        closed = False
        for segment in segments[1:]:
            if isinstance(segment, svgelements.Move):
                break
            ring.extend(_flatten(segment, tolerance))
            closed = closed or isinstance(segment, svgelements.Close)
        closed = closed or (len(ring) > 3 and math.dist(ring[0], ring[-1]) <= tolerance)
        if not closed:
            open_count += 1
        elif len(ring) >= 3:
            rings.append(ring)
    return rings, open_count


def _even_odd(rings: list[Ring]) -> BaseGeometry:
    polygons = [shapely.make_valid(Polygon(ring)) for ring in rings]
    polygons.sort(key=lambda p: -p.area)
    result: BaseGeometry = Polygon()
    for polygon in polygons:
        result = shapely.symmetric_difference(result, polygon)
    return result


def read_svg(
    path: str,
    *,
    id_attr: str | None = None,
    name_attr: str | None = None,
    tolerance: float = 0.25,
) -> SvgDrawing:
    """Read the shapes of an SVG file (see the module doc); raise ``SourceError`` naming the file."""
    raw = read_bytes(path, "SVG drawing")
    root = parse_xml(path, "SVG drawing")
    if _local(root.tag) != "svg":
        raise SourceError(f"{path}: the root element is <{_local(root.tag)}>, not <svg>; is it an SVG file?")
    text = raw.decode("utf-8", errors="replace")
    _check_nesting(root, text, path)
    _check_numbers(root, text, path)
    texts = _texts(root)
    try:
        drawing = svgelements.SVG.parse(io.BytesIO(raw), reify=True)
    except RecursionError as error:  # the nesting is checked above: what is left is a <use> loop
        raise SourceError(
            f"{path}: a <use> element refers to itself or to a group that holds it (directly or "
            "through other <use> elements), which never ends: point it at another element"
        ) from error
    except Exception as error:  # svgelements raises many kinds on malformed values
        raise SourceError(
            f"{path}: svgelements cannot read the drawing ({type(error).__name__}: {error})"
        ) from error
    shapes: list[SvgShape] = []
    open_paths = 0
    id_key = _attribute_key(id_attr or "id")
    name_keys = [_attribute_key(name_attr)] if name_attr else [INKSCAPE_LABEL, "inkscape:label"]
    for number, element in enumerate(drawing.elements(), start=1):
        if not isinstance(element, svgelements.Shape) or isinstance(element, svgelements.SVG):
            continue
        shape_path = svgelements.Path(element)
        shape_path.reify()
        rings, opened = _rings(shape_path, tolerance)
        open_paths += opened
        if not rings:
            continue
        ident = f" id={element.id!r}" if element.id else ""
        label = f"<{type(element).__name__.lower()}{ident}> (element {number})"
        for ring in rings:
            if not all(math.isfinite(c) for point in ring for c in point):
                raise SourceError(
                    f"{path}: {label} has a point that is not a finite number; fix that element"
                )
        geometry = _even_odd(rings)
        if geometry.is_empty or geometry.area == 0:
            continue
        values = element.values
        ident = str(values.get(id_key) or "")
        name = next((str(values[k]) for k in name_keys if values.get(k)), "")
        own = {
            plain: str(value)
            for plain, value in ((_plain_name(k), v) for k, v in element.values.items())
            if isinstance(value, str)
            and value
            and (plain in PROPERTY_ATTRIBUTES or plain.startswith("data-"))
        }
        shapes.append(SvgShape(label, ident, name, geometry, own))
    return SvgDrawing(shapes, texts, open_paths)


def _plain_name(key: str) -> str:
    """``{http://www.inkscape.org/namespaces/inkscape}label`` -> ``inkscape:label``."""
    for prefix, uri in NAMESPACES.items():
        if key.startswith(f"{{{uri}}}"):
            return f"{prefix}:{key[len(uri) + 2 :]}"
    return key


def _attribute_key(name: str) -> str:
    """svgelements keeps namespaced attributes as ``{uri}local``; accept ``inkscape:label`` too."""
    prefixes = {
        "inkscape": "http://www.inkscape.org/namespaces/inkscape",
        "xlink": "http://www.w3.org/1999/xlink",
    }
    prefix, _, local = name.partition(":")
    return f"{{{prefixes[prefix]}}}{local}" if local and prefix in prefixes else name


def name_from_texts(drawing: SvgDrawing) -> dict[int, str]:
    """For each shape (by index) without a name, the words of the texts whose anchor lies inside it.

    A text inside several shapes (nested) names the smallest.
    """
    tree = shapely.STRtree([shape.geometry for shape in drawing.shapes])
    inside: dict[int, list[str]] = {}
    for words, (x, y) in drawing.texts:
        hits = [int(i) for i in tree.query(ShapelyPoint(x, y), predicate="within")]
        if hits:
            smallest = min(hits, key=lambda i: drawing.shapes[i].geometry.area)
            inside.setdefault(smallest, []).append(words)
    return {index: " ".join(words) for index, words in inside.items() if not drawing.shapes[index].name}
