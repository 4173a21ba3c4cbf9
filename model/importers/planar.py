"""Pictures as sources: pixel coordinates (x right, y down) handed to the polygon pipeline.

TripleA polygons, SVG shapes and schematic layouts are in image coordinates, the scenario's own
orientation (y down). These helpers hand them over as GeoJSON rings and ask the pipeline to take
them as planar, y-down coordinates (``flip_y``) with the gap tolerance picture maps need.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from model.importers.common import ImportOptions


def image_ring(points: Sequence[tuple[float, float]]) -> list[list[float]]:
    """Return a closed GeoJSON ring of image points (y down, kept as they are: see ``image_options``)."""
    ring = [[float(x), float(y)] for x, y in points]
    if ring and ring[0] != ring[-1]:
        ring.append(list(ring[0]))
    return ring


def image_options(options: ImportOptions, close_gaps: float | None = None) -> ImportOptions:
    """Options for a picture source: planar coordinates with y down (never taken for lon/lat nor
    projected), and the format's usual gap tolerance ``close_gaps`` unless the author gave one."""
    return dataclasses.replace(
        options,
        coordinates="planar",
        flip_y=True,
        close_gaps=options.close_gaps if options.close_gaps is not None else close_gaps,
    )
