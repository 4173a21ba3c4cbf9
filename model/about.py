"""Mappa's version and the versions of what it runs on: ``mappa --version`` and Help > About.

The version is written in one place, ``pyproject.toml``; the running program reads it from the
package metadata (``importlib.metadata``), which the packaged application carries too
(``packaging/mappa.spec`` copies it). The dependencies listed are those the metadata declares (the
``dependencies`` of ``pyproject.toml``, not the optional extras), each with the version installed.
The editor adds the Qt version it runs on (``editor.about``): the model never imports Qt.
"""

from __future__ import annotations

import platform
import re
from collections.abc import Sequence
from importlib import metadata

from model.resources import is_frozen

DISTRIBUTION = "mappa"
"""Mappa's distribution name (``[project] name`` in pyproject.toml)."""

UNKNOWN = "unknown"

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def mappa_version() -> str:
    """Mappa's version from its package metadata, or ``unknown`` when Mappa is not installed."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return UNKNOWN


def dependency_names() -> list[str]:
    """The distributions Mappa's metadata requires (the optional extras left out), in its order."""
    try:
        requirements = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:
        return []
    names: list[str] = []
    for requirement in requirements:
        if "extra ==" in requirement.replace('"', "").replace("'", ""):
            continue  # test or packaging tools, not what Mappa runs on
        match = _NAME.match(requirement.strip())
        if match and match.group(0) not in names:
            names.append(match.group(0))
    return names


def dependency_versions() -> list[tuple[str, str]]:
    """Each required distribution with the version installed (``unknown`` when it is missing)."""
    found: list[tuple[str, str]] = []
    for name in dependency_names():
        try:
            found.append((name, metadata.version(name)))
        except metadata.PackageNotFoundError:
            found.append((name, UNKNOWN))
    return found


def versions(extra: Sequence[tuple[str, str]] = ()) -> list[tuple[str, str]]:
    """Mappa, Python, the platform, ``extra`` (the editor's Qt), then every dependency: (name, version)."""
    build = "packaged application" if is_frozen() else "from source"
    python = f"{platform.python_version()} ({platform.python_implementation()}, {build})"
    return [
        ("Mappa", mappa_version()),
        ("Python", python),
        ("Platform", f"{platform.system()} {platform.release()} {platform.machine()}".strip()),
        *extra,
        *dependency_versions(),
    ]


def version_text(extra: Sequence[tuple[str, str]] = ()) -> str:
    """The lines ``mappa --version`` prints: ``Mappa 0.1.0``, then ``Python: 3.11.2 (...)`` and so on."""
    rows = versions(extra)
    width = max(len(name) for name, _ in rows[1:])
    lines = [f"Mappa {rows[0][1]}"]
    lines += [f"{name + ':':<{width + 1}} {value}" for name, value in rows[1:]]
    return "\n".join(lines)
