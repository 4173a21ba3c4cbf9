"""Which CRS texts a scenario may record: only forms that name no file.

PROJ opens files named inside a CRS definition: ``+init=FILE:ID`` reads FILE, ``+nadgrids``,
``+geoidgrids`` and the grid-shift operations read grid files, and WKT can carry the same through
``PARAMETERFILE`` or a ``PROJ4`` extension. A scenario file is untrusted, so its
``map.projection.crs`` is checked here, from the text alone, before PROJ ever sees it. Accepted:

* an authority code: ``EPSG:3035``, ``ESRI:54009``, ``IGNF:LAMB93``, or the OGC URN
  ``urn:ogc:def:crs:EPSG::3035``;
* a PROJ string (``+proj=laea +lat_0=52 ...``) none of whose parameters names a file;
* WKT (``PROJCRS[...]``, ``PROJCS[...]``...) with no file parameter nor embedded PROJ string
  naming one.

Anything else (PROJJSON, URLs, object names, paths) is refused with a message saying what is
accepted. This module imports nothing else from the model (the schema uses it).
"""

from __future__ import annotations

import re

AUTHORITIES = ("EPSG", "ESRI", "IGNF", "OGC", "IAU_2015", "NKG", "PROJ")
"""Authorities of PROJ's own database (codes are looked up there, no other file is read)."""

_AUTHORITY_CODE = re.compile(rf"^(?:{'|'.join(AUTHORITIES)}):[A-Za-z0-9_.\-]+$", re.IGNORECASE)
_URN = re.compile(rf"^urn:ogc:def:crs:(?:{'|'.join(AUTHORITIES)}):[0-9.]*:[A-Za-z0-9_.\-]+$", re.IGNORECASE)
_WKT_START = re.compile(r"^[A-Z][A-Z0-9_]*\s*[\[(]")

FILE_PARAMETERS = frozenset(
    {"init", "nadgrids", "geoidgrids", "grids", "file", "catalog", "tinshift", "model"}
)
"""PROJ string parameters whose value is (or may be) a file name."""

FILE_OPERATIONS = frozenset(
    {
        "pipeline",
        "hgridshift",
        "vgridshift",
        "xyzgridshift",
        "gridshift",
        "tinshift",
        "deformation",
        "defmodel",
    }
)
"""``+proj=`` operations that read grid or model files (and are not CRSs anyway)."""

_WKT_FILE_WORDS = (
    "parameterfile",
    "proj4_grids",
    "+init",
    "init=",
    "nadgrids",
    "geoidgrids",
    "grids=",
    "file=",
)
"""Words that, inside WKT, name a file (a transformation's file, or an embedded PROJ string's)."""

ACCEPTED = (
    "use an authority code such as EPSG:3035, a PROJ string such as '+proj=laea +lat_0=52 +lon_0=10 "
    "+units=km', or WKT, none of which names a file"
)


def crs_problem(crs: str) -> str:
    """Why ``crs`` is refused (it names a file, or is not a form Mappa accepts); ``""`` when it is fine."""
    text = crs.strip()
    if not text:
        return f"the CRS is empty: {ACCEPTED}"
    if "\x00" in text:
        return f"the CRS contains a NUL character: {ACCEPTED}"
    if _AUTHORITY_CODE.match(text) or _URN.match(text):
        return ""
    if text.startswith("+") or text.lower().startswith("proj="):
        return _proj_string_problem(text)
    if _WKT_START.match(text):
        lowered = text.lower()
        found = next((word for word in _WKT_FILE_WORDS if word in lowered), None)
        if found is not None:
            return f"the WKT names a file (it contains {found!r}), which Mappa does not open: {ACCEPTED}"
        return ""
    return f"{text[:60]!r} is not a CRS form Mappa accepts: {ACCEPTED}"


def _proj_string_problem(text: str) -> str:
    for token in text.split():
        key, _, value = token.lstrip("+").partition("=")
        key = key.lower()
        if key in FILE_PARAMETERS:
            return f"the PROJ string names a file with '+{key}', which Mappa does not open: {ACCEPTED}"
        if key == "proj" and value.lower() in FILE_OPERATIONS:
            return f"'+proj={value}' reads grid or model files and is not a map projection: {ACCEPTED}"
        if "/" in value or "\\" in value:
            return f"the PROJ string parameter '+{key}' looks like a file path ({value[:40]!r}): {ACCEPTED}"
    return ""
