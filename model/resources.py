"""Where the application's shipped files are: the one lookup every module uses, frozen or not.

Mappa ships data beside its code: ``resources/`` (ruleset tables, the basemap, the icons, the
schema) and ``scenarios/`` (the shipped scenarios and the catalogs new maps start with). Two layouts
exist, and only this module tells them apart:

* run from a source checkout (``bash .ci/mappa``, the editable install the tests use): the
  repository root, the folder that holds ``model/``;
* frozen by PyInstaller (``sys.frozen`` is set): the bundle's data folder ``sys._MEIPASS``, where
  ``packaging/mappa.spec`` copies ``resources/`` and ``scenarios/`` with the same relative paths.

The answer is computed on each call (it is two attribute look-ups), so a test can simulate a frozen
run by setting ``sys.frozen`` and ``sys._MEIPASS``.
"""

from __future__ import annotations

import sys
from pathlib import Path

SOURCE_ROOT = Path(__file__).resolve().parent.parent
"""The repository root when Mappa runs from its sources (the folder that holds ``model/``)."""


class BundleError(RuntimeError):
    """A frozen application whose bundle does not say where its data folder is."""


def is_frozen() -> bool:
    """Whether Mappa runs as a packaged (PyInstaller) application."""
    return bool(getattr(sys, "frozen", False))


def app_root() -> Path:
    """The folder that holds ``resources/`` and ``scenarios/``: the bundle's data folder when frozen,
    else the repository root."""
    if not is_frozen():
        return SOURCE_ROOT
    bundle = getattr(sys, "_MEIPASS", None)
    if not bundle:
        # PyInstaller always sets it; another freezer would need its own branch here.
        raise BundleError(
            "Mappa runs frozen but sys._MEIPASS is not set: the bundle's data folder is unknown"
        )
    return Path(bundle).resolve()


def model_source_dir() -> Path | None:
    """The folder of the ``model`` package's source files, or None when frozen (the bundle keeps
    them compiled inside its archive). Used to tell two installs' code apart, never for data."""
    return None if is_frozen() else SOURCE_ROOT / "model"


def resources_dir() -> Path:
    """The shipped ``resources/`` folder (ruleset tables, basemaps, icons, schema)."""
    return app_root() / "resources"


def resource_path(*parts: str) -> Path:
    """A path inside ``resources/``, e.g. ``resource_path("rulesets", "eotma")``."""
    return resources_dir().joinpath(*parts)


def scenarios_dir() -> Path:
    """The shipped ``scenarios/`` folder (``*.mappa.json`` and ``sources/``)."""
    return app_root() / "scenarios"
