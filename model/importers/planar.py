"""Pictures as sources: pixel coordinates (x right, y down) handed to the polygon pipeline.

TripleA polygons, SVG shapes and schematic layouts are in image coordinates, the scenario's own
orientation (y down). The pipeline reads GeoJSON, whose y grows upwards, and flips it; these
helpers make sure image coordinates arrive unflipped, are never taken for longitude/latitude,
and get the gap tolerance picture maps need.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from model.importers.common import ImportOptions


def image_ring(points: Sequence[tuple[float, float]]) -> list[list[float]]:
    """Return a closed GeoJSON ring of image points (y down), as the pipeline reads it.

    The pipeline turns GeoJSON's y-up into the map's y-down by negating y, so y is negated here.
    """
    ring = [[float(x), -float(y)] for x, y in points]
    if ring and ring[0] != ring[-1]:
        ring.append(list(ring[0]))
    return ring


def image_options(options: ImportOptions, close_gaps: float | None = None) -> ImportOptions:
    """Options for a picture source: planar, never projected (pixels are not degrees), and the
    format's usual gap tolerance ``close_gaps`` unless the author gave one."""
    return dataclasses.replace(
        options,
        project="none",
        coordinates="planar",
        close_gaps=options.close_gaps if options.close_gaps is not None else close_gaps,
    )


def image_geometry(geometry: BaseGeometry) -> BaseGeometry:
    """Return a shapely geometry in image coordinates as the pipeline reads it (see ``image_ring``)."""
    return shapely.transform(geometry, lambda xy: xy * np.array([1.0, -1.0]))
