"""SVG drawings: every closed path or shape becomes an area (``mappa import svg FILE.svg``).

Shapes are read by ``model.importers.svg_shapes`` (transforms applied, curves flattened within
``--tolerance``). An area's name is ``--name-attr`` (default ``inkscape:label``), else the text
drawn inside the shape, else its id; its id comes from ``--id-attr`` (default ``id``). Where
shapes overlap, the one drawn later (on top, as the picture shows it) keeps the overlap.
Coordinates stay SVG user units, y down, as in the picture.
"""

from __future__ import annotations

from typing import Any

from shapely.geometry import mapping

from model.importers.common import ImportOptions, ImportResult, SourceError
from model.importers.pipeline import build_scenario
from model.importers.planar import image_options
from model.importers.registry import Importer, Option, Source, register, shared
from model.importers.svg_shapes import SvgDrawing, name_from_texts, read_svg

DEFAULT_TOLERANCE = 0.25
"""How far (in SVG user units) a flattened curve may stray from the drawn one."""


def features_of(drawing: SvgDrawing) -> list[dict[str, Any]]:
    """GeoJSON features of the drawing's shapes, topmost first (the pipeline keeps overlaps for
    the earlier feature, and in SVG the later element is drawn on top)."""
    text_names = name_from_texts(drawing)
    features = []
    for index, shape in enumerate(drawing.shapes):
        name = shape.name or text_names.get(index, "") or shape.id or f"Shape {index + 1}"
        features.append(
            {
                "type": "Feature",
                "id": shape.id or None,
                "properties": {**shape.attributes, "name": name, "svg_id": shape.id or None},
                "geometry": mapping(shape.geometry),
            }
        )
    features.reverse()
    return features


def extra_float(options: ImportOptions, key: str, default: float) -> float:
    """A number a format declared for itself (``options.extra``), or ``default``."""
    value = options.extra.get(key)
    return float(value) if value is not None else default


def import_svg(source: str, options: ImportOptions | None = None) -> ImportResult:
    """Import an SVG drawing's closed shapes as areas; raise ``SourceError`` naming the file."""
    options = options or ImportOptions()
    id_attr = options.extra.get("id_attr")
    name_attr = options.extra.get("name_attr")
    drawing = read_svg(
        source,
        id_attr=str(id_attr) if id_attr else None,
        name_attr=str(name_attr) if name_attr else None,
        tolerance=extra_float(options, "tolerance", DEFAULT_TOLERANCE),
    )
    if not drawing.shapes:
        raise SourceError(
            f"{source}: no closed path or shape with an area"
            + (f" ({drawing.open_paths} open path(s) carry no area)" if drawing.open_paths else "")
        )
    features = features_of(drawing)
    # Layers overlap on purpose in a drawing (topmost wins): not a data error to warn about.
    result = build_scenario(features, image_options(options, None), source, overlaps_by_order=True)
    result.notes[:0] = [f"read {len(drawing.shapes)} closed shape(s) from {source} (SVG user units, y down)"]
    if drawing.open_paths:
        result.warnings.append(f"{drawing.open_paths} open path(s) carry no area and were not imported")
    return result


register(
    Importer(
        name="svg",
        title="SVG drawing",
        source=Source("an SVG file", suffixes=(".svg",)),
        read=import_svg,
        options=(
            *shared("close_gaps", "sea_when", "grid", "title"),
            Option(
                "id_attr",
                "--id-attr",
                "text",
                "attribute holding each shape's id (default: id)",
                "A",
                label="Id attribute",
            ),
            Option(
                "name_attr",
                "--name-attr",
                "text",
                "attribute holding each shape's name (default: inkscape:label, else the text inside it)",
                "A",
                label="Name attribute",
            ),
            Option(
                "tolerance",
                "--tolerance",
                "number",
                f"how far a flattened curve may stray from the drawn one (default {DEFAULT_TOLERANCE})",
                "T",
            ),
        ),
        help="make a scenario map from the closed paths and shapes of an SVG drawing",
    )
)
