"""Importers: maps from other formats become a scenario map (linework plus areas).

Every format registers itself in ``model.importers.registry`` (see there how to add one).
``import_file(name, path, ImportOptions(...))`` reads a source with the format called ``name``
and returns an ``ImportResult`` (the scenario, notes and warnings) or raises ``SourceError``.
The command line and the editor go through ``model.exchange.run_import``, which also validates
the result.
"""

from __future__ import annotations

import os

from model.importers.common import ImportOptions, ImportResult, SourceError
from model.importers.registry import get, importers

__all__ = ["ImportOptions", "ImportResult", "SourceError", "import_file", "importers"]


def import_file(
    name: str, path: str | os.PathLike[str], options: ImportOptions | None = None
) -> ImportResult:
    """Read ``path`` with the registered format ``name`` (``geojson``, ``topojson``, ...)."""
    return get(name).run(path, options)
