"""Generating a map from named points on real geography (``mappa generate``).

The pure function is ``generate_map`` (land polygons and tables in, ``Scenario`` out);
``generate_files`` reads the files first. See ``model.generate.core`` for the steps.
"""

from model.generate.basemap import BasemapError, land_from_data, read_land
from model.generate.core import GenerateOptions, Generation, generate, generate_map
from model.generate.files import generate_files
from model.generate.tables import (
    GenerateError,
    NamedPoint,
    StraitRow,
    TableError,
    parse_points,
    parse_straits,
    read_points,
    read_straits,
)

__all__ = [
    "BasemapError",
    "GenerateError",
    "GenerateOptions",
    "Generation",
    "NamedPoint",
    "StraitRow",
    "TableError",
    "generate",
    "generate_files",
    "generate_map",
    "land_from_data",
    "parse_points",
    "parse_straits",
    "read_land",
    "read_points",
    "read_straits",
]
