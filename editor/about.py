"""The versions the editor reports: the model's list (``model.about``) with the Qt it runs on.

Shared by ``mappa --version`` (``editor.cli_entry``) and Help > About (``editor.dialogs.about``).
Only ``QtCore`` is imported, and only when asked, so the headless commands still load no Qt.
"""

from __future__ import annotations

from model import about


def qt_versions() -> list[tuple[str, str]]:
    """The Qt library PySide6 runs on, as (name, version)."""
    from PySide6.QtCore import qVersion  # here only: see the module docstring

    return [("Qt", qVersion())]


def editor_versions() -> list[tuple[str, str]]:
    """Mappa, Python, the platform, Qt and every dependency, as (name, version) rows."""
    return about.versions(qt_versions())


def version_text() -> str:
    """What ``mappa --version`` prints (Qt included)."""
    return about.version_text(qt_versions())
