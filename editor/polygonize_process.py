"""Polygonize a linework in a helper process, so that a worker thread does not stall the UI.

Shapely's ``polygonize`` holds Python's GIL for its whole run (about a third of a second for the
60,000 borders of a 20,000-area map, measured with a thread ticking beside it), and while it runs
the UI thread cannot run at all, worker thread or not. The live validator builds its own faces
after every open, so it hands the lines to a process (as WKB, exact doubles) and gets the
polygons back in shapely's order: the same faces ``model.topology.polygonize_here`` makes. This
module imports only shapely and numpy: the helper process starts clean ("spawn", no fork of a Qt
process) and imports nothing of the editor's UI.
"""

from __future__ import annotations

import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon

log = logging.getLogger(__name__)

_POOL: ProcessPoolExecutor | None = None


def _pool() -> ProcessPoolExecutor:
    global _POOL
    if _POOL is None:
        _POOL = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return _POOL


def polygonize_wkb(lines: list[bytes]) -> list[bytes]:
    """In the helper process: the faces of these lines (WKB in, WKB out)."""
    polygons = shapely.get_parts(shapely.polygonize(shapely.from_wkb(np.array(lines, dtype=object))))
    return list(shapely.to_wkb(polygons))


def polygonize_elsewhere(lines: list[LineString]) -> list[Polygon]:
    """The faces of a linework, polygonized in the helper process (a ``model.topology.Polygonizer``).

    Falls back to this process when the helper cannot run (the faces are needed either way).
    """
    wkb = list(shapely.to_wkb(np.array(lines, dtype=object)))
    try:
        faces = _pool().submit(polygonize_wkb, wkb).result()
    except Exception:
        log.exception("cannot polygonize in a helper process; polygonizing here")
        return list(shapely.get_parts(shapely.polygonize(lines)))
    return list(shapely.from_wkb(np.array(faces, dtype=object)))


def shutdown() -> None:
    """Stop the helper process (when the editor quits)."""
    global _POOL
    if _POOL is not None:
        _POOL.shutdown(wait=False, cancel_futures=True)
        _POOL = None
