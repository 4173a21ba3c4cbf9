"""Importers: polygons from other formats become a scenario map (linework plus areas).

``import_file("geojson" | "topojson", path, ImportOptions(...))`` returns an ``ImportResult``
(the scenario and the warnings about what was repaired or dropped) or raises ``SourceError``.
"""

from __future__ import annotations

import os

from shapely.errors import GEOSException

from model.importers import geojson, guards, topojson
from model.importers.common import ImportOptions, ImportResult, SourceError, read_json
from model.importers.pipeline import build_scenario

FORMATS = ("geojson", "topojson")

__all__ = ["FORMATS", "ImportOptions", "ImportResult", "SourceError", "import_file"]


def import_file(
    kind: str, path: str | os.PathLike[str], options: ImportOptions | None = None
) -> ImportResult:
    """Read a GeoJSON or TopoJSON file and build a scenario from its polygons."""
    options = options or ImportOptions()
    source = os.fspath(path)
    if kind not in FORMATS:
        raise SourceError(f"{source}: unknown import format {kind!r}; use one of {', '.join(FORMATS)}")
    data = read_json(source, "GeoJSON" if kind == "geojson" else "TopoJSON")
    warnings: list[str] = []
    if kind == "topojson":
        features = topojson.to_features(data, options.layer, source)
    else:
        if options.layer is not None:
            warnings.append(f"--layer {options.layer} ignored: a GeoJSON file has a single layer")
        features = geojson.to_features(data, source)
    try:
        result = build_scenario(features, options, source)
    except (MemoryError, GEOSException) as error:  # the geometry library gave up on this source
        raise SourceError(
            f"{source}: the geometry library failed on these polygons ({type(error).__name__}: "
            f"{str(error)[:200]}); clip the source with --bbox or simplify it in a GIS"
        ) from error
    result.warnings[:0] = warnings
    guards.check_output(result.scenario, source)  # never hand on what the loader would refuse
    return result
