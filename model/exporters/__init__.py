"""Exporters: a scenario's map written in another format (``mappa export FORMAT FILE -o OUT``).

Each format is one module of this package that registers itself in ``model.exporters.registry``
(see there); ``export_scenario(name, scenario, target)`` writes with the format called ``name``.
"""

from __future__ import annotations

from model.exporters.registry import ExportError, ExportOptions, ExportResult, exporters, get

__all__ = ["ExportError", "ExportOptions", "ExportResult", "exporters", "get"]
